// JAX GPU wheels: the `jax[cudaNN]` extras with their CUDA/cuDNN/driver/GPU floors, and the jax/jaxlib
// releases where an extra appeared, changed or disappeared. JAX publishes NVIDIA GPU wheels for Linux
// x86_64 and aarch64 only (WSL2 experimental, no native Windows GPU).
import type { Sourced } from '../types.js';
import { compareVersions } from '../version.js';

const CHECKED = '2026-11-30';
const INSTALL = 'https://docs.jax.dev/en/latest/installation.html (jax-ml/jax docs/installation.md, NVIDIA GPU section; current copy)';
const CHANGELOG = 'jax CHANGELOG (https://docs.jax.dev/en/latest/changelog.html; jax-ml/jax CHANGELOG.md)';
const AUDIT_19 = '2026-12-01 audit (gpuenv issue 19)';
/** Date of the issue-19 additions, which read every tag from jax-v0.4.26 to jax-v0.11.0 (jax-ml/jax snapshot of 2026-08-08). */
const AUDITED = '2026-12-02';
/** First release whose GPU wheels need the current cuDNN floor of the extras (9.8), per the jax CHANGELOG. */
export const JAX_CUDNN_98_SINCE = '0.6.0';

export interface JaxCudaExtra extends Sourced {
  /** Extra name: `pip install "jax[cuda13]"`. */
  extra: 'cuda12' | 'cuda13' | 'cuda11';
  /** Same wheels against a locally installed CUDA: `jax[cuda13-local]`. */
  localExtra?: string;
  /** Plugin packages the extra installs. */
  plugins: readonly string[];
  builtWith?: { cuda: string; cudnn: string; nccl: string };
  /** Minimum versions the wheels work with (JAX checks them at start-up). */
  requires: { cuda: string; cudnnMin: string; cudnnBelow: string; ncclMin: string };
  /** Minimum Linux driver (minor-version compatibility floor of the CUDA major). */
  minDriverLinux: string;
  /** Lowest compute capability supported. */
  minComputeCapability: string;
  /** false: no longer published. */
  current: boolean;
}

export interface JaxRelease extends Sourced {
  /** jax and jaxlib share version numbers since 0.4.x. */
  version: string;
  released?: string;
  python?: { min: string; max: string };
  /** GPU extras published for this release. */
  extras: readonly JaxCudaExtra['extra'][];
  /** CUDA the jaxlib/plugin wheels were built with, when the changelog says. */
  builtWithCuda?: string;
  /**
   * cuDNN the GPU wheels of this release need, where it differs from the extra's current floor
   * (`JAX_CUDA_EXTRAS[].requires`, which holds from 0.6.0 on): jaxlib 0.4.26+cuda12.cudnn89 needs 8.9.
   */
  cudnn?: { min: string; below: string };
  /**
   * The jaxlib (and jax-cudaNN-plugin) version `pip install "jax[cudaNN]==V"` installs: V itself, except for
   * jax-only patch releases (0.4.37 installs jaxlib 0.4.36, 0.5.2 installs 0.5.1).
   */
  jaxlib?: string;
  unconfirmedFields?: readonly string[];
}

export const JAX_CUDA_EXTRAS: readonly JaxCudaExtra[] = [
  {
    extra: 'cuda13',
    localExtra: 'cuda13-local',
    plugins: ['jax-cuda13-plugin', 'jax-cuda13-pjrt'],
    builtWith: { cuda: '13.0', cudnn: '9.8', nccl: '2.19' },
    requires: { cuda: '13.0', cudnnMin: '9.8', cudnnBelow: '10.0', ncclMin: '2.18' },
    minDriverLinux: '580',
    minComputeCapability: '7.5',
    current: true,
    source: INSTALL,
    checked: CHECKED,
    confirmed: true,
    note: 'Recommended by the docs ("we recommend migrating to the CUDA 13 wheels"). The docs table gives cuDNN >= 9.8 (what JAX checks at start-up); the plugin\'s with-cuda extra pins nvidia-cudnn-cu13>=9.12.0.46,<10.0 (build/nvidia-requirements.txt from jax-v0.7.2 on), so pip installs at least 9.12.',
    noteZh:
      '文档推荐使用（"we recommend migrating to the CUDA 13 wheels"）。文档表格给出的是 cuDNN >= 9.8（即 JAX 启动时检查的下限）；插件的 with-cuda extra 锁定 nvidia-cudnn-cu13>=9.12.0.46,<10.0（自 jax-v0.7.2 起见于 build/nvidia-requirements.txt），因此 pip 实际至少会装 9.12。',
  },
  {
    extra: 'cuda12',
    localExtra: 'cuda12-local',
    plugins: ['jax-cuda12-plugin', 'jax-cuda12-pjrt'],
    builtWith: { cuda: '12.3', cudnn: '9.8', nccl: '2.19' },
    requires: { cuda: '12.1', cudnnMin: '9.8', cudnnBelow: '10.0', ncclMin: '2.18' },
    minDriverLinux: '525',
    minComputeCapability: '5.2',
    current: true,
    source: INSTALL,
    checked: CHECKED,
    confirmed: true,
    note: 'Docs table says "built with CUDA 12.3"; the jax 0.7.1 changelog says JAX is built with CUDA 12.9 (CUDA 12.1+ still supported). The docs warn CUDA 12 support will be dropped at some point. The cuDNN >= 9.8 floor holds from jax 0.6.0 on (jax CHANGELOG); older releases carry their own `cudnn` (0.4.26: 8.9).',
    noteZh:
      '文档表格写的是 "built with CUDA 12.3"；jax 0.7.1 的 changelog 则说 JAX 用 CUDA 12.9 构建（仍支持 CUDA 12.1+）。文档提醒 CUDA 12 的支持将来某个时候会被移除。cuDNN >= 9.8 的下限自 jax 0.6.0 起生效（jax CHANGELOG）；更早的版本各自带有 `cudnn` 字段（0.4.26：8.9）。',
  },
  {
    extra: 'cuda11',
    plugins: [],
    builtWith: { cuda: '11.8', cudnn: '8.6', nccl: '2.16' },
    requires: { cuda: '11.8', cudnnMin: '8.6', cudnnBelow: '9.0', ncclMin: '2.16' },
    minDriverLinux: '450.80.02',
    minComputeCapability: '5.2',
    current: false,
    source: `${CHANGELOG} (jaxlib 0.4.26: "Support for CUDA 11.8 has been dropped"); docs/installation.md at tag jax-v0.4.25 (the last release with CUDA 11 wheels: "CUDA 11.8, cuDNN 8.6, NCCL 2.16", "SM version 5.2 (Maxwell) or newer", driver ">= 450.80.02 for CUDA 11")`,
    checked: AUDITED,
    confirmed: true,
    note: 'No longer published: jaxlib 0.4.25 was the last release with CUDA 11 wheels (jaxlib==0.4.25+cuda11.cudnn86; the cuda11_pip extra pinned nvidia-cudnn-cu11>=8.8 and nvidia-nccl-cu11>=2.18.3). Issue-19 addition: was "believed 0.4.26", CC 3.5 and NCCL 2.14, read from no source.',
    noteZh:
      '已不再发布：jaxlib 0.4.25 是最后一个提供 CUDA 11 wheel 的版本（jaxlib==0.4.25+cuda11.cudnn86；cuda11_pip extra 锁定 nvidia-cudnn-cu11>=8.8 和 nvidia-nccl-cu11>=2.18.3）。Issue 19 补充：此前写的是 "believed 0.4.26"、CC 3.5 和 NCCL 2.14，均无来源依据。',
  },
];

/** The files of one jax tag each row was read from. */
function tagSource(version: string): string {
  const t = `jax-v${version}`;
  const cudnn = compareVersions(version, '0.7.1') < 0 ? 'jax_plugins/cuda/plugin_setup.py' : 'build/nvidia-requirements.txt';
  return `github.com/jax-ml/jax at tag ${t}: setup.py (python_requires, classifiers, the cuda extras and their jaxlib pin), ${cudnn} (nvidia-cudnn pins); CHANGELOG.md (date, built-with CUDA, dropped Pythons)`;
}

/** A row read from its tag; extras are the wheels actually published (see the 0.7.x notes). */
function tagged(
  version: string,
  released: string | undefined,
  pyMin: string,
  pyMax: string,
  extras: JaxRelease['extras'],
  jaxlib: string,
  extra: Partial<JaxRelease> & { also?: string } = {},
): JaxRelease {
  const { also, ...rest } = extra;
  return {
    version,
    ...(released ? { released } : {}),
    python: { min: pyMin, max: pyMax },
    extras,
    jaxlib,
    source: also ? `${tagSource(version)}; ${also}` : tagSource(version),
    checked: AUDITED,
    confirmed: true,
    ...rest,
  };
}

const PYPI_CUDA13 = (v: string) => `https://pypi.org/project/jax-cuda13-pjrt/${v}/ (x86_64 and aarch64 wheels)`;

export const JAX_RELEASES: readonly JaxRelease[] = [
  tagged('0.4.26', '2024-04-03', '3.9', '3.12', ['cuda12'], '0.4.26', {
    cudnn: { min: '8.9', below: '9.0' },
    note: 'First release without CUDA 11 wheels (jaxlib 0.4.26: "JAX now supports CUDA 12.1 or newer only. Support for CUDA 11.8 has been dropped"). cuDNN 8.9 (the extra pins nvidia-cudnn-cu12>=8.9.2.26,<9.0; wheel tag jaxlib 0.4.26+cuda12.cudnn89), not >= 9.8: that floor starts at jax 0.6.0.',
    noteZh:
      '第一个不再提供 CUDA 11 wheel 的版本（jaxlib 0.4.26："JAX now supports CUDA 12.1 or newer only. Support for CUDA 11.8 has been dropped"）。需要 cuDNN 8.9（extra 锁定 nvidia-cudnn-cu12>=8.9.2.26,<9.0；wheel 标签为 jaxlib 0.4.26+cuda12.cudnn89），而不是 >= 9.8：那个下限从 jax 0.6.0 才开始。',
  }),
  tagged('0.4.27', '2024-05-07', '3.9', '3.12', ['cuda12'], '0.4.27', { cudnn: { min: '8.9', below: '9.0' } }),
  tagged('0.4.28', '2024-05-09', '3.9', '3.12', ['cuda12'], '0.4.28', { cudnn: { min: '8.9', below: '9.0' } }),
  tagged('0.4.29', '2024-06-10', '3.9', '3.12', ['cuda12'], '0.4.29', {
    cudnn: { min: '9.0', below: '10.0' },
    note: 'First release whose GPU plugin pins cuDNN 9 (nvidia-cudnn-cu12>=9.0,<10.0).',
    noteZh: '第一个 GPU 插件锁定 cuDNN 9 的版本（nvidia-cudnn-cu12>=9.0,<10.0）。',
  }),
  tagged('0.4.30', '2024-06-18', '3.9', '3.12', ['cuda12'], '0.4.30', {
    cudnn: { min: '9.0', below: '10.0' },
    note: 'Monolithic CUDA jaxlib wheels dropped: the plugin (jax[cuda12] or jax[cuda12_local]) is the only GPU install.',
    noteZh: '不再提供一体化的 CUDA jaxlib wheel：插件（jax[cuda12] 或 jax[cuda12_local]）是唯一的 GPU 安装方式。',
  }),
  tagged('0.4.31', '2024-07-29', '3.10', '3.12', ['cuda12'], '0.4.31', {
    cudnn: { min: '9.1', below: '10.0' },
    note: 'Minimum cuDNN 9.1 and minimum Python 3.10 (CHANGELOG jax 0.4.31).',
    noteZh: '最低要求 cuDNN 9.1 和 Python 3.10（CHANGELOG jax 0.4.31）。',
  }),
  tagged('0.4.32', '2024-09-11', '3.10', '3.12', ['cuda12'], '0.4.32', { cudnn: { min: '9.1', below: '10.0' } }),
  tagged('0.4.33', '2024-09-16', '3.10', '3.12', ['cuda12'], '0.4.33', { cudnn: { min: '9.1', below: '10.0' } }),
  tagged('0.4.34', '2024-10-04', '3.10', '3.13', ['cuda12'], '0.4.34', {
    cudnn: { min: '9.1', below: '10.0' },
    note: 'Python 3.13 wheels added in this release (CHANGELOG); setup.py classifiers list 3.13 only from 0.4.36.',
    noteZh: '本版本新增 Python 3.13 wheel（CHANGELOG）；setup.py 的 classifiers 直到 0.4.36 才列出 3.13。',
  }),
  tagged('0.4.35', '2024-10-22', '3.10', '3.13', ['cuda12'], '0.4.35', {
    cudnn: { min: '9.1', below: '10.0' },
    note: 'Python 3.13 wheels from 0.4.34 on (CHANGELOG); setup.py classifiers list 3.13 only from 0.4.36.',
    noteZh: '自 0.4.34 起提供 Python 3.13 wheel（CHANGELOG）；setup.py 的 classifiers 直到 0.4.36 才列出 3.13。',
  }),
  tagged('0.4.36', '2024-12-05', '3.10', '3.13', ['cuda12'], '0.4.36', { cudnn: { min: '9.1', below: '10.0' } }),
  tagged('0.4.37', '2024-12-09', '3.10', '3.13', ['cuda12'], '0.4.36', {
    cudnn: { min: '9.1', below: '10.0' },
    note: 'Patch release of jax only ("Only jax was released at this version"): jax[cuda12]==0.4.37 installs jaxlib and the plugin 0.4.36.',
    noteZh: '仅 jax 的补丁版本（"Only jax was released at this version"）：jax[cuda12]==0.4.37 装的是 0.4.36 的 jaxlib 和插件。',
  }),
  tagged('0.4.38', '2024-12-17', '3.10', '3.13', ['cuda12'], '0.4.38', { cudnn: { min: '9.1', below: '10.0' } }),
  tagged('0.5.0', '2025-01-17', '3.10', '3.13', ['cuda12'], '0.5.0', { cudnn: { min: '9.1', below: '10.0' } }),
  tagged('0.5.1', '2025-02-24', '3.10', '3.13', ['cuda12'], '0.5.1', { cudnn: { min: '9.1', below: '10.0' } }),
  tagged('0.5.2', '2025-03-04', '3.10', '3.13', ['cuda12'], '0.5.1', {
    cudnn: { min: '9.1', below: '10.0' },
    note: 'Patch release of 0.5.1 (CHANGELOG): setup.py pins jaxlib 0.5.1, so jax[cuda12]==0.5.2 installs jaxlib and the plugin 0.5.1.',
    noteZh: '0.5.1 的补丁版本（CHANGELOG）：setup.py 锁定 jaxlib 0.5.1，因此 jax[cuda12]==0.5.2 装的是 0.5.1 的 jaxlib 和插件。',
  }),
  tagged('0.5.3', '2025-03-19', '3.10', '3.13', ['cuda12'], '0.5.3', { cudnn: { min: '9.1', below: '10.0' } }),
  tagged('0.6.0', '2025-04-16', '3.10', '3.13', ['cuda12'], '0.6.0', {
    builtWithCuda: '12.8',
    note: 'Minimum cuDNN 9.8; built with CUDA 12.8, CUDA 12.1 or newer supported; extras spelt with dashes (cuda12-local); the cuda12_pip extra removed (CHANGELOG jax 0.6.0).',
    noteZh:
      '最低要求 cuDNN 9.8；用 CUDA 12.8 构建，支持 CUDA 12.1 及更新版本；extra 名改用连字符（cuda12-local）；移除了 cuda12_pip extra（CHANGELOG jax 0.6.0）。',
  }),
  tagged('0.6.1', '2025-05-21', '3.10', '3.13', ['cuda12'], '0.6.1'),
  tagged('0.6.2', '2025-06-17', '3.10', '3.13', ['cuda12'], '0.6.2'),
  tagged('0.7.0', '2025-07-22', '3.11', '3.13', ['cuda12'], '0.7.0', {
    note: 'Minimum Python 3.11 (CHANGELOG jax 0.7.0: "3.11 will remain the minimum supported version until July 2026"). setup.py declares cuda13 and cuda13-local extras from this tag, but the docs still say JAX ships one CUDA wheel variant and build/nvidia-requirements.txt has no nvidia-cudnn-cu13 pin: no jax-cuda13 wheel of 0.7.0 was seen.',
    noteZh:
      '最低要求 Python 3.11（CHANGELOG jax 0.7.0："3.11 will remain the minimum supported version until July 2026"）。从这个 tag 起 setup.py 声明了 cuda13 和 cuda13-local 两个 extra，但文档仍说 JAX 只发布一种 CUDA wheel，且 build/nvidia-requirements.txt 中没有 nvidia-cudnn-cu13 的版本锁定：未见到 0.7.0 的 jax-cuda13 wheel。',
    unconfirmedFields: ['extras'],
  }),
  tagged('0.7.1', '2025-08-20', '3.11', '3.14', ['cuda12'], '0.7.1', {
    builtWithCuda: '12.9',
    note: 'Built with CUDA 12.9, CUDA 12.1 or newer supported; ships Python 3.14 and 3.14t wheels (CHANGELOG jax 0.7.1; setup.py classifiers still stop at 3.13). setup.py declares a cuda13 extra but the docs say one CUDA wheel variant and no jax-cuda13 wheel of 0.7.1 was seen.',
    noteZh:
      '用 CUDA 12.9 构建，支持 CUDA 12.1 及更新版本；提供 Python 3.14 和 3.14t 的 wheel（CHANGELOG jax 0.7.1；setup.py 的 classifiers 仍止于 3.13）。setup.py 声明了 cuda13 extra，但文档说只有一种 CUDA wheel，也未见到 0.7.1 的 jax-cuda13 wheel。',
    unconfirmedFields: ['extras'],
  }),
  tagged('0.7.2', '2025-09-16', '3.11', '3.14', ['cuda12', 'cuda13'], '0.7.2', {
    note: 'Earliest jax-cuda13-pjrt seen on PyPI (x86_64 and aarch64). The cuda13 plugin pins nvidia-cudnn-cu13>=9.12.0.46,<10.0 (build/nvidia-requirements.txt from this tag); the docs at this tag still describe one CUDA wheel variant, from 0.8.0 two (CUDA 12 and CUDA 13).',
    noteZh:
      'PyPI 上见到的最早的 jax-cuda13-pjrt（x86_64 和 aarch64）。cuda13 插件锁定 nvidia-cudnn-cu13>=9.12.0.46,<10.0（自此 tag 起见于 build/nvidia-requirements.txt）；此 tag 的文档仍只描述一种 CUDA wheel，自 0.8.0 起为两种（CUDA 12 和 CUDA 13）。',
    also: PYPI_CUDA13('0.7.2'),
  }),
  tagged('0.8.0', '2025-10-15', '3.11', '3.14', ['cuda12', 'cuda13'], '0.8.0', { also: PYPI_CUDA13('0.8.0') }),
  tagged('0.8.1', '2025-11-18', '3.11', '3.14', ['cuda12', 'cuda13'], '0.8.1'),
  tagged('0.8.2', '2025-12-18', '3.11', '3.14', ['cuda12', 'cuda13'], '0.8.2'),
  tagged('0.8.3', undefined, '3.11', '3.14', ['cuda12', 'cuda13'], '0.8.3', {
    note: 'Identical to 0.8.2 plus two XLA fixes (CHANGELOG); the changelog gives no date.',
    noteZh: '与 0.8.2 相同，外加两个 XLA 修复（CHANGELOG）；changelog 未给出日期。',
  }),
  tagged('0.9.0', '2026-01-20', '3.11', '3.14', ['cuda12', 'cuda13'], '0.9.0'),
  tagged('0.9.0.1', undefined, '3.11', '3.14', ['cuda12', 'cuda13'], '0.9.0.1', {
    note: 'Identical to 0.9.0 plus four XLA pull requests (CHANGELOG); the changelog gives no date.',
    noteZh: '与 0.9.0 相同，外加四个 XLA pull request（CHANGELOG）；changelog 未给出日期。',
  }),
  tagged('0.9.1', '2026-03-02', '3.11', '3.14', ['cuda12', 'cuda13'], '0.9.1'),
  tagged('0.9.2', '2026-03-18', '3.11', '3.14', ['cuda12', 'cuda13'], '0.9.2'),
  tagged('0.10.0', '2026-04-16', '3.11', '3.14', ['cuda12', 'cuda13'], '0.10.0'),
  tagged('0.10.1', '2026-05-20', '3.11', '3.14', ['cuda12', 'cuda13'], '0.10.1'),
  tagged('0.10.2', '2026-06-17', '3.11', '3.14', ['cuda12', 'cuda13'], '0.10.2', {
    note: 'setup.py: minimum jaxlib 0.10.1, the GPU extras pin jaxlib 0.10.2.',
    noteZh: 'setup.py：jaxlib 最低为 0.10.1，GPU extra 锁定 jaxlib 0.10.2。',
  }),
  tagged('0.11.0', '2026-07-16', '3.12', '3.14', ['cuda12', 'cuda13'], '0.11.0', {
    note: 'Python 3.11 and 3.13t dropped (CHANGELOG jax 0.11.0): Python 3.12 to 3.14.',
    noteZh: '移除 Python 3.11 和 3.13t（CHANGELOG jax 0.11.0）：支持 Python 3.12 到 3.14。',
  }),
  {
    version: '0.11.1',
    python: { min: '3.12', max: '3.14' },
    extras: ['cuda12', 'cuda13'],
    jaxlib: '0.11.1',
    source:
      'public install pins "jax==0.11.1 jaxlib==0.11.1 jax-cuda13-plugin==0.11.1" and "jax-cuda13-pjrt==0.11.1"; a public test report "JAX 0.11.1, CUDA 12.9, NVIDIA driver 535.274.02" (the cuda12 wheels); the jax-ml/jax snapshot read ends at jax-v0.11.0',
    checked: AUDITED,
    confirmed: false,
    note: 'Release seen only in third-party pins and reports; tag, date and Python range not read (Python assumed as for 0.11.0, which dropped 3.11).',
    noteZh: '该版本只在第三方的版本锁定和报告中见到；tag、日期和 Python 范围均未读取（Python 范围假定与 0.11.0 相同，0.11.0 已移除 3.11）。',
    unconfirmedFields: ['python', 'extras'],
  },
  {
    version: '0.11.2',
    python: { min: '3.12', max: '3.14' },
    extras: ['cuda12', 'cuda13'],
    jaxlib: '0.11.2',
    source: `gpuenv fixture h200-cuda13 (jax, jaxlib, jax-cuda13-plugin, jax-cuda13-pjrt 0.11.2 on a real H200, driver 580); https://pypi.org/project/jax-cuda12-plugin/0.11.2/ and https://pypi.org/project/jax-cuda12-pjrt/0.11.2/ (${AUDIT_19})`,
    checked: '2026-12-01',
    confirmed: true,
    note: `Newest release seen. cuda12 wheels are published too (jax-cuda12-plugin==0.11.2, jax-cuda12-pjrt==0.11.2 on PyPI, per the ${AUDIT_19}; not re-read here, so 'extras' stays unconfirmed). Python range assumed as for 0.11.0 (tag not in the snapshot read).`,
    noteZh: `见到的最新版本。同样发布了 cuda12 wheel（据 ${AUDIT_19}，PyPI 上有 jax-cuda12-plugin==0.11.2、jax-cuda12-pjrt==0.11.2；此处未重新读取，故 'extras' 仍为未确认）。Python 范围假定与 0.11.0 相同（所读快照中没有该 tag）。`,
    unconfirmedFields: ['extras', 'python'],
  },
];
