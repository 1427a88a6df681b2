// What pip and conda put in the environment: a CPU build they chose, two package managers owning one stack,
// pip --user copies.
import { sig } from './types.js';

export const PACKAGE_MANAGER_SIGNATURES = [
  // conda-env-mention stays before the CPU builds: "Conda installs a redundant CPU build of torch" matches it and
  // cpu-version-prose, and its events list conda-env-mention first.
  sig(
    'pip-replaces-framework',
    ['found existing installation', 'attempting uninstall', 'pip uninstall'],
    /(?:Found existing installation: (?<pkg>torch|pytorch|tensorflow|tensorflow-gpu) (?<version>\d+\.\d+(?:\.\d+)?)\b|Attempting uninstall: (?<pkg2>torch|tensorflow)\b|\bpip\b[^\n]{0,40}\buninstall(?:s|ed|ing)\b[^\n]{0,40}\b(?:PyTorch|torch|tensorflow)\b(?:[^\n(]{0,30}\((?<version2>\d+\.\d+(?:\.\d+)?)\))?)/i,
    [{ code: 'mixed-package-managers', when: 'pip replaced the framework that conda (environment.yml) installed: two package managers own one stack' }],
    0.7,
    'https://github.com/ashleve/lightning-hydra-template/issues/500',
  ),
  sig(
    'conda-env-mention',
    ['conda'],
    /\b(?:conda (?:env|environment|install|activate|create)|(?:with|using|via|from|in (?:the|a|my)) (?:ana|mini)?conda\b|environment\.ya?ml)/i,
    [{ code: 'mixed-package-managers', when: 'the environment is a conda one; pip installing the same framework into it mixes two managers' }],
    0.2,
    'https://github.com/thousandbrainsproject/tbp.monty/issues/385',
  ),
  // conda's solve plan or list choosing the CPU variant: "pytorch-nightly-1.2.0.dev20190805+cpu-py3.7_cpu_0", "cpu-only-1.0-0".
  // The pytorch channel spells the CPU build py3.7_cpu_0; defaults (pkgs/main) and conda-forge cpu_py310h9dbd814_1.
  sig(
    'conda-cpu-build',
    ['_cpu_', 'cpu-only', '-cpu_py'],
    /\b(?:py)?torch(?:-nightly)?[\w/:.-]{0,40}?[-=\s]\s{0,20}(?<version>\d[\w.+]{2,40}?)[-=\s]\s{0,20}(?<build>py\d\.\d{1,2}_cpu_\d+|cpu_py\d{2,3}\w{0,24})\b|::cpu-only-\d/i,
    [{ code: 'cpu-only-build', when: 'conda chose the CPU build of pytorch (no build for the asked cudatoolkit, or the cpuonly package)' }],
    1,
    'https://github.com/pytorch/pytorch/issues/23778',
    { confirmed: false, note: 'conda build-string convention of the pytorch channel', noteZh: 'pytorch 频道的 conda build string 命名惯例' },
  ),
  // "pip install torch resulted in the CPU version", "This command installs cpu version instead of cuda".
  sig(
    'cpu-version-prose',
    ['cpu version', 'cpu-only version', 'cpu build', 'cpu wheel'],
    /\b(?:install(?:s|ed)?|got|resulted in|gives?|pulls?|downloads?)\b[^\n]{0,40}\bCPU(?:[- ]only)? (?:version|build|wheel)\b|\bcpu version instead of (?:cuda|gpu)\b/i,
    [{ code: 'cpu-only-build', when: 'the package manager chose the CPU build' }],
    0.7,
    'https://github.com/pytorch/pytorch/issues/168065',
    { confirmed: false, note: 'prose', noteZh: '匹配的是用户的文字描述，而非工具输出' },
  ),
  // A pip --user install (~/.local/…/site-packages) imported inside a conda or venv environment.
  sig(
    'user-site-path',
    ['/.local/lib/python'],
    /\/\.local\/lib\/python\d\.\d{1,2}\/site-packages\/(?<pkg>[A-Za-z][\w-]{1,40})/,
    [{ code: 'mixed-package-managers', when: "a pip --user copy in ~/.local shadows the environment's own package (PYTHONNOUSERSITE=1)" }],
    0.6,
    'https://github.com/ContinuumIO/anaconda-issues/issues/11805',
    { confirmed: false, note: 'Python user-site layout', noteZh: 'Python user-site 目录布局' },
  ),
  // PaddlePaddle: its own CPU-build message and the "no GPU at runtime" warning.
  sig(
    'paddle-cpu-version',
    ['cpu version paddlepaddle', 'paddlepaddle cpu version'],
    /installed CPU version PaddlePaddle|using paddlepaddle cpu version/i,
    [{ code: 'cpu-only-build', when: 'the paddlepaddle (CPU) package is installed instead of paddlepaddle-gpu' }],
    1,
    'https://github.com/baidu/Senta/issues/69',
    { confirmed: false, note: 'Paddle wording', noteZh: '措辞取自 Paddle' },
  ),
  sig(
    'pip-requirements',
    ['requirements'],
    /\bpip3? install\b[^\n]{0,20}\s-r\s|requirements\.txt/i,
    [],
    0.1,
    'https://github.com/YaoFANGUK/video-subtitle-remover/issues/65',
    { confirmed: false, note: 'context only', noteZh: '仅作上下文' },
  ),
  // A pip command installing torch: with a conda environment and another torch version named, two managers own torch.
  sig(
    'pip-install-torch',
    ['pip install', 'pip3 install'],
    /\bpip3? install\b[^\n]{0,60}?\btorch==(?<version>\d[\w.+]{2,20})/i,
    [{ code: 'mixed-package-managers', when: 'the environment is a conda one and another torch version is named' }],
    0.2,
    'https://github.com/facebookresearch/nevergrad/issues/1276',
    {
      confirmed: false,
      note: 'context: conda package pulled its own PyTorch 1.3.0 over pip torch 1.10.0+cu113',
      noteZh: '上下文：conda 包拉取了自带的 PyTorch 1.3.0，覆盖了 pip 安装的 torch 1.10.0+cu113',
    },
  ),
];
