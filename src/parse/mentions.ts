// Facts written in prose or one-liners: "RTX 5090", "torch 2.5.1+cu124", "driver 470.82", "torch.version.cuda: 11.7".
import { matchGpu } from '../knowledge/gpus.js';
import { pastedGpu, pastedPackage, pastedToolkit } from './build.js';
import { cudnnNumber } from './framework-logs.js';
import { emptyFacts, pasted, type ParseResult, type ToolkitMention } from './types.js';

const SRC = pasted('text');

// Bounded, alternation of disjoint literals: linear on any line.
const GPU_NAME =
  /\b(?:NVIDIA\s)?(?:GeForce\s)?(?:(?:RTX|GTX|GT|MX|Quadro|TITAN)\s?(?:PRO\s)?[A-Z]?\d{3,4}(?:\s?(?:Ti|SUPER|D|Ada|Blackwell|Laptop GPU|Max-Q)){0,2}|(?:Tesla\s)?(?:A100|A800|A40|A30|A10G?|A16|A2|H100|H800|H200|H20|GH200|GB200|B200|B100|L40S?|L4|L20|T4|V100|P100|P40|P4|K80|K40[mcst]?|K20X?[mcs]?|K10|M60|M40)(?:[- ](?:SXM\d?|PCIe|NVL|80GB|40GB|16GB|32GB))?|RTX\s?A\d{4}|Jetson\s(?:AGX\s)?(?:Orin|Xavier|Nano|Thor|TX[12]))\b/;

const TORCH_VERSION =
  /\b(?:torch|pytorch)(?:[ _-]?version)?(?:\.__version__)?\s{0,3}(?:[:=]{1,2}|is|-)?\s{0,3}v?(\d+\.\d+\.\d+(?:\.dev\d{8}|a0|rc\d)?(?:\+(?:cu\d{2,3}|cpu|rocm\d+(?:\.\d+){0,2}))?)/i;

export function parseMentions(lines: readonly string[], binary = false): ParseResult {
  if (binary) return { facts: emptyFacts(), events: [] };
  const facts = emptyFacts();
  const gpuNames = new Set<string>();
  const ccMentions: { cc: string; name: string | undefined }[] = [];
  const toolkitMentions: string[] = [];
  let tfHeader = false;
  let windowsProse = false;
  const proseCuda = new Set<string>();
  let replAsked: 'cuda' | 'version' | undefined;
  let ortHeader = false;
  const nvccState: { nvccPath?: string } = {};
  const torchVersions = new Set<string>();
  let tfProse: string | undefined;
  let tagProse: string | undefined;
  let wslSeen = false;
  let branchProse: string | undefined;
  for (const line of lines) {
    // Markdown emphasis and inline code around a version ("driver **580.159.03**", "`nvcc -V` returns 9.2") is not part of it.
    // (Not "__": dunder names such as torch.__version__ are common in pastes.)
    const raw = line.includes('*') || line.includes('`') ? line.replace(/\*\*|`/g, '') : line;
    let m: RegExpExecArray | null;
    const g = GPU_NAME.exec(raw);
    // Two- or three-letter names (T4, L4, A2, K80) count only next to a word that says it is a GPU.
    // "不支持3090", "my 4090", "on a 3080 Ti": an RTX-class number without its prefix, next to a word about GPUs.
    if (!g && (m = /(?:^|[^\w.])([2-5]0[5-9]0(?:\s?Ti)?)(?!\w|\.\d)/.exec(raw)) && /显卡|支持|GPU|card|\bmy\b|\bon an?\b/i.test(raw) && gpuNames.size < 8) gpuNames.add(`RTX ${m[1]}`);
    // Jetson names typed in lower case ("jetson agx orin").
    if (!g && (m = /\bjetson\s(agx\s)?(orin|xavier|nano|tx2|tx1|thor)\b/i.exec(raw)) && gpuNames.size < 8) gpuNames.add(`Jetson ${m[1] ? 'AGX ' : ''}${m[2]!.charAt(0).toUpperCase()}${m[2]!.slice(1).toLowerCase().replace(/^x(\d)$/, 'X$1')}`.replace('Tx', 'TX'));
    // A Jetson named by its module alone on a line ("TX2" in an environment list).
    if ((m = /^\s{0,4}(?:[-*]\s{0,2})?(TX[12])\s{0,4}$/.exec(raw)) && gpuNames.size < 8) gpuNames.add(`Jetson ${m[1]}`);
    // Legacy boards the catalogue does not list, named in any case ("nvidia quadro 6000").
    const legacy = LEGACY.map(([re]) => re.exec(raw)?.[0]).find(Boolean);
    if (legacy && gpuNames.size < 8) gpuNames.add(`${/^(?:Quadro|Tesla)/i.test(legacy) ? '' : 'GeForce '}${legacy.replace(/\s+/g, ' ')} (Fermi)`);
    if (g && gpuNames.size < 8 && (g[0].replace(/\s/g, '').length > 4 || /nvidia|tesla|gpu|显卡|card/i.test(raw))) gpuNames.add(g[0].replace(/\s+/g, ' ').trim());
    if ((m = TORCH_VERSION.exec(raw))) {
      // conda's cudatoolkit / pytorch-cuda on the same line is that torch's CUDA: "torch v1.5.0 (cudatoolkit 10.2)".
      const ct = m[1]!.includes('+') ? null : /\b(?:cudatoolkit|pytorch-cuda)\s{0,2}[=\s]\s{0,2}(\d{1,2})\.(\d)\b/i.exec(raw);
      facts.packages.push(pastedPackage('torch', ct ? `${m[1]}+cu${ct[1]}${ct[2]}` : m[1]!, SRC));
      torchVersions.add(m[1]!.split('+')[0]!);
    } else if ((m = /\b(?:torch|pytorch)\D{0,6}?(\d\.\d{1,2}\.\d{1,2})\.?\+\s?cuda\s?(\d{1,2})\.(\d)\b/i.exec(raw))) {
      // "pytorch是1.9.0.+cuda10.2": a torch version and its CUDA written out.
      facts.packages.push(pastedPackage('torch', `${m[1]}+cu${m[2]}${m[3]}`, SRC));
    } else if ((m = /\b(\d\.\d{1,2}\.\d{1,2})\s?版本的\s?(?:py)?torch\b/i.exec(raw))) {
      facts.packages.push(pastedPackage('torch', m[1]!, SRC));
    } else if ((m = /^\s{0,4}(?:#|>>>|Out\[\d+\]:)?\s{0,3}['"]?(\d\.\d{1,2}\.\d{1,2}\+(?:cpu|cu\d{2,3}))['"]?\s{0,4}$/.exec(raw))) {
      // A bare "2.1.1+cpu" / "2.5.1+cu124" line: the output of print(torch.__version__).
      facts.packages.push(pastedPackage('torch', m[1]!, SRC));
    }
    for (const v of raw.matchAll(/\b(?:py)?torch\s{0,2}(?:==|-|\s)\s{0,2}v?(\d\.\d{1,2}\.\d{1,2})/gi)) if (torchVersions.size < 6) torchVersions.add(v[1]!);
    // A wheel file or index URL names the CUDA tag too: torch-2.5.1+cu124-cp311-… / download.pytorch.org/whl/cu124
    if ((m = /\btorch-(\d+\.\d+\.\d+\+(?:cu\d{2,3}|cpu))-cp\d/.exec(raw))) facts.packages.push(pastedPackage('torch', m[1]!, SRC));
    // "installed pytorch 1.3 with conda": a release named by its minor is its .0 release.
    else if (!TORCH_VERSION.test(raw) && (m = /\b(?:pytorch|torch)\s{0,2}(?:version\s)?v?(\d\.\d{1,2})(?!\d|\.\d)/i.exec(raw))) facts.packages.push(pastedPackage('torch', `${m[1]}.0`, SRC));
    if ((m = /torch\.version\.cuda\)?\s{0,3}(?:[:=]|->|is|returns)?\s{0,3}'?(\d+\.\d+|None)\b/.exec(raw))) facts.torchCuda ??= { value: m[1]!, source: SRC };
    // mmcv/mmdet collect_env: "PyTorch: 1.7.1" then "  - CUDA Runtime 11.0".
    else if ((m = /^\s{0,6}-\s{0,2}CUDA Runtime (\d{1,2}\.\d)\b/.exec(raw))) facts.torchCuda ??= { value: m[1]!, source: pasted('collect_env (mmcv)') };
    // conda's pytorch-cuda=11.7 names the CUDA of the pytorch build it pulls.
    else if ((m = /\bpytorch-cuda\s{0,2}[=\s]\s{0,2}(\d{1,2}\.\d)\b/i.exec(raw))) facts.torchCuda ??= { value: m[1]!, source: SRC };
    // The REPL answer on the next line: ">>> print(torch.version.cuda)" / "13.1".
    else if (replAsked === 'cuda' && (m = /^\s{0,4}'?(\d{1,2}\.\d|None)'?\s{0,4}$/.exec(raw))) facts.torchCuda ??= { value: m[1]!, source: SRC };
    else if (replAsked === 'version' && (m = /^\s{0,4}'?(\d\.\d{1,2}\.\d{1,2}(?:\+(?:cu\d{2,3}|cpu))?)'?\s{0,4}$/.exec(raw))) facts.packages.push(pastedPackage('torch', m[1]!, SRC));
    replAsked = /print\(\s{0,2}torch\.version\.cuda\s{0,2}\)\s{0,4}$/.test(raw) ? 'cuda' : /print\(\s{0,2}torch\.__version__\s{0,2}\)\s{0,4}$/.test(raw) ? 'version' : raw.trim() === '' ? replAsked : undefined;
    if ((m = /\b(?:Nvidia |NVIDIA )?driver(?: version)?\s{0,3}(?:is|:|：|=|version)?\s{0,3}v?(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/i.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
    // Chinese prose: "驱动版本: 450.102.04" (driver version).
    else if ((m = /驱动(?:版本|程序版本)?\s{0,2}(?:[:：]|为|是)\s{0,2}v?(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
    // "The version of the driver installed on the compute nodes … is 418.87.00."
    else if ((m = /\bversion of the (?:nvidia |NVIDIA )?driver\b[^\n]{0,80}?\bis\s(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/i.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
    // A Windows driver file version: "23.21.13.9135" is NVIDIA 391.35, "31.0.15.3623" is 536.23 (the last five digits).
    else if ((m = /\b(?:版本|version|DriverVersion|Driver Version)\s{0,2}[:：=]?\s{0,2}\d{2}\.\d{1,2}\.1(\d)\.(\d{2})(\d{2})\b/i.exec(raw))) facts.driver.version ??= { value: `${m[1]}${m[2]}.${m[3]}`, source: pasted('Windows driver file version') };
    // "Building DKMS module: nvidia-570.133.07", "nvidia-570.133.07 (akmod)": the driver named by its package.
    else if ((m = /\bnvidia-(\d{3}\.\d{1,3}\.\d{1,3})\b/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
    // "396.44的库" / "396.44 的驱动" (Chinese: the 396.44 libraries / driver).
    else if ((m = /\b(\d{3}\.\d{2,3}(?:\.\d{2,3})?)\s?的?(?:库|驱动)/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
    // "460.73 version driver is installed", "sudo dkms install -m nvidia -v 470.86", "dkms install nvidia/470.86".
    else if ((m = /\b(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\s(?:version\s|dev\s|beta\s)?(?:nvidia\s)?driver\b/i.exec(raw)) || (m = /\bGL_VERSION\s{0,4}=\s{0,4}[\d.]{3,10} NVIDIA (\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/.exec(raw)) || (m = /\bdkms\s(?:install|build|add)\s(?:-m\s)?nvidia(?:\/|\s-v\s)(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/i.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
    // dpkg -l / rpm -q / pacman rows of the user-space driver: "ii  nvidia-smi  525.85.12-1  amd64", "nvidia-utils: 460.80-1".
    if ((m = /^\s{0,4}(?:ii|hi|rc)?\s{0,4}(?:nvidia-smi|nvidia-utils(?:-\d{3})?|libnvidia-compute(?:-\d{3})?|nvidia-driver(?:-\d{3})?)(?::\w+)?\s{1,20}(\d{3}\.\d{1,3}(?:\.\d{1,3})?)-/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
    // Any other NVIDIA driver package row with a driver-shaped version: "ii  xserver-xorg-video-nvidi 390.48-0ubuntu3".
    else if ((m = /^\s{0,4}(?:ii|hi|rc)\s{1,4}[\w.:+-]{0,40}nvidi[\w.:+-]{0,40}\s{1,30}(?:\d:)?(\d{3}\.\d{1,3}(?:\.\d{1,3})?)[-~+]/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
    else if ((m = /^[\w &-]{0,80}\bnvidia-utils\b[\w &-]{0,80}:\s{0,3}(\d{3}\.\d{1,3}(?:\.\d{1,3})?)-\d/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
    if ((m = /\b(?:tensorflow|tensorflow-gpu)\s{0,3}(?:==|version:?|v|\s)\s{0,3}(\d+\.\d+\.\d+)\b/i.exec(raw))) facts.packages.push(pastedPackage('tensorflow', m[1]!, SRC));
    // Issue templates: "- TensorFlow version (use command below): 2.1.0", "TensorFlow version: 2.3", or "### TensorFlow version" and the version on the next line.
    else if ((m = /\bTensorFlow version(?:\s{0,2}\([^)\n]{0,40}\))?\s{0,3}[:：]\s{0,3}v?(\d+\.\d{1,2}(?:\.\d{1,2})?)\b/i.exec(raw)) || (tfHeader && (m = /^\s{0,4}(?:tf|tensorflow)?\s?v?(\d+\.\d{1,2}(?:\.\d{1,2})?)\s{0,4}$/i.exec(raw)))) {
      facts.packages.push(pastedPackage('tensorflow', /^\d+\.\d+$/.test(m[1]!) ? `${m[1]}.0` : m[1]!, SRC));
    }
    // "Tensor Flow Version: 2.12.0" (a script's printout), "tensorflow==2.16", "tf 2.16" (titles), "TF2.11".
    else if ((m = /\bTensor\s?Flow(?:-gpu)?\s{0,2}(?:Version\s{0,2}[:：=]|==|-|v)\s{0,3}v?(\d+\.\d{1,2}(?:\.\d{1,2})?)\b/i.exec(raw))) {
      facts.packages.push(pastedPackage('tensorflow', /^\d+\.\d+$/.test(m[1]!) ? `${m[1]}.0` : m[1]!, SRC));
    } else if ((m = /(?:^|[\s(\[,])(?:tf|TF|tensorflow=)\s?=?\s?(2\.\d{1,2}(?:\.\d{1,2})?)\b(?!\d|\.\d)/.exec(raw))) tfProse ??= m[1]!;
    // A wheel tag on its own next to torch ("the image's torch (cu128)"): torch's CUDA, when nothing better says it.
    if (!tagProse && (m = /\b(?:torch|pytorch)\b[^\n]{0,40}?\bcu(\d{2,3})\b/i.exec(raw))) tagProse = m[1]!;
    tfHeader = /^\s{0,4}#{1,4}\s{0,2}TensorFlow version\s{0,4}$/i.test(raw) || (tfHeader && raw.trim() === '');
    // Native Windows named in an issue template or prose ("OS Platform: Windows 10", "Windows 11 24h2").
    if (/^\s{0,4}(?:[-*]\s{0,2})?(?:OS(?: Platform(?: and Distribution)?)?\s{0,2}[:：]\s{0,2})?(?:Microsoft\s)?Win(?:dows)?\s?(?:7|8|10|11|Server)\b/i.test(raw)) facts.os.id ??= { value: 'windows', source: SRC };
    // Prose: "… in windows 11 and python 3.9", "on Win10" (WSL is told apart below: any WSL mention wins).
    else if (/\b(?:in|on|under|using)\s(?:native\s)?Win(?:dows)?\s?(?:7|8|10|11)\b/i.test(raw)) windowsProse = true;
    if (/\bWSL\s?2?\b|microsoft-standard|\/usr\/lib\/wsl/i.test(raw)) wslSeen = true;
    // "nvidia-smi claims I'm using CUDA 10.1", "nvidia-smi shows CUDA 12.2": the driver's CUDA, in prose.
    if ((m = /\bnvidia-smi`?\s[^\n]{0,40}?\bCUDA\s?(?:version\s)?(\d{1,2}\.\d)\b(?!\d|\.\d)/i.exec(raw)) && !/\|/.test(raw)) facts.driver.cudaVersion ??= { value: m[1]!, source: SRC };
    // A Windows path (C:\Users\…, C:\WINDOWS\system32): native Windows, unless the paste says WSL.
    if (/\b[A-Z]:\\(?:Users|WINDOWS|Windows|Program Files)\\/.test(raw)) windowsProse = true;
    // "I installed the 6.5 toolkit": a toolkit named before the word.
    if ((m = /\b(\d{1,2}\.\d)\s(?:cuda\s)?toolkit\b/i.exec(raw)) && !/\|/.test(raw)) toolkitMentions.push(m[1]!);
    // aarch64 hosts (Grace: GB200, GH200): PyPI's torch wheels differ there.
    if (/\b(?:aarch64|arm64|GB200|GH200|GB300|Grace Hopper|Grace Blackwell)\b/i.test(raw)) facts.os.arch ??= { value: 'aarch64', source: SRC };
    // "the latest 6.14 kernel", "kernel 5.15.0-91-generic", "linux6.14-6.14.0_1": the kernel named in prose.
    if ((m = /\b(\d\.\d{1,2}(?:\.\d{1,3})?(?:-[\w.]{1,40})?)\s(?:kernel|linux kernel)\b/i.exec(raw)) || (m = /\bkernel\s(?:version\s)?(\d\.\d{1,2}(?:\.\d{1,3})?(?:-[\w.]{1,40})?)\b/i.exec(raw))) facts.os.kernel ??= { value: m[1]!, source: SRC };
    // "-- got cuda version 10.2" (CMake), "found CUDA version 11.8": the toolkit a build found.
    if ((m = /\b(?:got|found|detected|using) cuda version:?\s{0,2}(\d{1,2}\.\d)\b/i.exec(raw))) toolkitMentions.push(m[1]!);
    // nvidia-smi's process table: "|    0   N/A  N/A      1395      C   python      25081MiB |".
    if ((m = /^\|\s{1,6}(\d{1,2})\s{1,6}(?:N\/A\s{1,6}N\/A\s{1,8})?(\d{1,8})\s{1,6}(C|G|C\+G|M)\s{1,6}(\S[^|]{0,60}?)\s{1,20}(\d{1,7})MiB\s{0,4}\|/.exec(raw)) && facts.gpuProcesses.length < 32) {
      facts.gpuProcesses.push({ gpu: Number(m[1]), pid: Number(m[2]), name: m[4]!.trim(), mib: Number(m[5]) });
    }
    // "run nvidia-smi inside WSL", "on WSL2": the paste comes from WSL.
    if (/\b(?:in|inside|under|within|on|from)\s(?:the\s)?WSL\s?2?\b/i.test(raw)) facts.os.wsl ??= { value: true, source: SRC };
    // "No Kernel Module found in 460 driver", "the 470 driver": a driver branch named in prose.
    if (((m = /(?<!(?:GTX|RTX|GT|MX|Quadro|Tesla|[A-Za-z])\s?)\b(\d{3})(?:\.\d{1,3}){0,2}\s(?:nvidia\s)?drivers?\b/i.exec(raw)) || (m = /\bdriver version (\d{3})\b(?!\d|\.\d)/i.exec(raw)) || (m = /\b(?:the )?driver (?:is |= ?|: ?)?(\d{3})\b(?!\d|\.\d)/i.exec(raw))) && Number(m[1]) >= 300 && Number(m[1]) < 800) branchProse ??= m[1]!;
    // paddlepaddle-gpu with its CUDA build suffix: "gpu版本1.5.1.post107", "paddlepaddle-gpu==2.2.0.post112".
    if ((m = /\bpaddle\w{0,12}[^\n]{0,20}?\b(\d\.\d{1,2}\.\d{1,2}\.post\d{2,3})\b/i.exec(raw))) facts.packages.push(pastedPackage('paddlepaddle-gpu', m[1]!, SRC));
    // onnxruntime-gpu: "onnxruntime-gpu==1.17.0", "ONNXRuntime Ver. 1.19.2", or the issue template's header and the next line.
    if ((m = /\bonnx\s?runtime(?:-gpu)?\s{0,3}(?:==|version:?|ver\.?|v)\s{0,3}(\d+\.\d{1,2}(?:\.\d{1,2})?)\b/i.exec(raw)) || (ortHeader && (m = /^\s{0,4}v?(\d+\.\d{1,2}(?:\.\d{1,2})?)\s{0,4}$/.exec(raw)))) {
      facts.packages.push(pastedPackage('onnxruntime-gpu', m[1]!, SRC));
    }
    ortHeader = /^\s{0,4}#{1,4}\s{0,2}ONNX Runtime Version/i.test(raw) || (ortHeader && raw.trim() === '');
    if ((m = /\bjaxlib\s{0,3}(?:==|version:?|v)\s{0,3}(\d+\.\d+\.\d+(?:\+cuda\d{2}[\w.]{0,20})?)/i.exec(raw))) facts.packages.push(pastedPackage('jaxlib', m[1]!, SRC));
    if ((m = /\bvllm\s{0,3}(?:==|version:?|v)\s{0,3}(\d+\.\d+\.\d+\S{0,12})/i.exec(raw))) facts.packages.push(pastedPackage('vllm', m[1]!, SRC));
    // The installed driver package ("nvidia-driver-550:amd64 550.107.02-0ubuntu…", dpkg/apt lines): the user-space driver.
    if ((m = /\bnvidia-(?:driver|utils|compute-utils|kernel-common|dkms)-\d{3}(?:-open|-server)?(?::\w+)?\s{1,4}(\d{3}\.\d{1,3}(?:\.\d{1,3})?)[-~+]/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
    // "Cuda 7.0", "CUDA 10.1 installed" in prose: the CUDA toolkit the program was built with (not nvidia-smi's "CUDA Version: X").
    // Package-list rows name the toolkit too: "cuda & cuda-tools: 11.3.0-1", "cuda-toolkit-11-2"; Chinese "cuda版本：11.2".
    if ((m = /^[\w &-]{0,60}\bcuda(?:-toolkit|-tools)?\b[\w &-]{0,40}:\s{0,3}(\d{1,2}\.\d)\.\d{1,3}-\d/i.exec(raw)) || (m = /\bCUDA(?:\/cuDNN)?\s?(?:版本|version)\s?(?:[:：]|is|=)\s{0,2}(?:CUDA\s)?V?(\d{1,2}\.\d)(?:\.\d{1,3})?\b(?!\d|\.\d)/i.exec(raw))) { if (!/CUDA Version:|\|/.test(raw)) toolkitMentions.push(m[1]!); }
    else if ((m = /\bCUDA(?:\s?toolkit)?\s(\d{1,2}\.\d)(?:\.\d{1,3})?\b(?!\d|\.\d)/i.exec(raw)) && !/CUDA Version:|\||torch|wheel|\bcu\d{3}\b|mismatch/i.test(raw) && !/\bCUDA(?:\s?toolkit)?\s\d{1,2}\.\d[^\n]{0,12}\b(?:driver|supports? up to)/i.test(raw)) toolkitMentions.push(m[1]!);
    if ((m = /(?:\+|\b)cuda(\d{1,2}\.\d)\b(?!\d|\.\d)/i.exec(raw)) && !/torch[^\n]{0,6}\+cuda|版本的/i.test(raw)) toolkitMentions.push(m[1]!);
    if ((m = /NVML library version: (\d{3}\.\d{1,3}(?:\.\d{1,3})?)/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: pasted('nvidia-smi') };
    if ((m = /\bNCCL version (\d+\.\d+\.\d+)/.exec(raw)) && !/NCCL INFO/.test(raw)) {
      facts.libraries.push({ name: 'nccl', version: { value: m[1]!, source: SRC }, dir: '(text)', files: [], header: null, origin: 'unknown', inLdCache: false, onLdLibraryPath: false });
    }
    if (((m = /\bcuDNN(?:\s?version)?\s{0,2}[=:]\s{0,2}v?(\d+(?:\.\d+){0,2})\b/i.exec(raw)) && !/^cuDNN version:/.test(raw.trim())) || (m = /\bcuDNN\s(?:Ver\.?|version)\s{0,2}(\d{4,5})\b/i.exec(raw))) {
      const v = /^\d{4,5}$/.test(m[1]!) ? cudnnNumber(m[1]!) : m[1]!;
      facts.libraries.push({ name: 'cudnn', version: { value: v, source: SRC }, dir: '(text)', files: [], header: null, origin: 'unknown', inLdCache: false, onLdLibraryPath: false });
    }
    // "which is of cuda capability 2.1", "compute capability: 8.6", "CUDA Capability Major/Minor version number: 7.5"
    // "compute capability 87" / "(sm_87)": the same, written without the dot.
    if (!/\b(?:cuda|compute) capability[^\n]{0,30}\d\.\d/i.test(raw) && (m = /\b(?:compute capability|cuda capability|\(sm_)\s{0,2}([1-9]|1[0-2])(\d)\)?(?!\d|\.\d)/i.exec(raw))) {
      const cc = `${m[1]}.${m[2]}`;
      if (!ccMentions.some((x) => x.cc === cc)) ccMentions.push({ cc, name: GPU_NAME.exec(raw)?.[0]?.replace(/\s+/g, ' ').trim() });
    }
    if ((m = /\b(?:cuda|compute) capability(?: major\/minor version number)?:?\s{0,3}(\d{1,2})\.(\d)\b/i.exec(raw))) {
      const cc = `${m[1]}.${m[2]}`;
      const named = GPU_NAME.exec(raw)?.[0] ?? /\bGPU\s?\d{0,2}:?\s(\w[\w -]{2,40}?) (?:which|with|has)\b/.exec(raw)?.[1];
      if (!ccMentions.some((x) => x.cc === cc)) ccMentions.push({ cc, name: named?.replace(/\s+/g, ' ').trim() });
    }
    toolkitPlaces(raw, facts.toolkitMentions, nvccState);
    // Every "CUDA X.Y" in the text, for naming only ("tried the CUDA 8.0 and CUDA 9.0 builds of pytorch").
    if (proseCuda.size < 8 && /cuda/i.test(raw)) for (const c of raw.matchAll(/\bCUDA\s?(\d{1,2}\.\d)\b(?!\d|\.\d)/gi)) proseCuda.add(c[1]!);
    // gpustat: "[0] Tesla V100-SXM2-16GB | 44'C,   0 % | 15836 / 16130 MB |".
    if ((m = /^\s{0,4}\[(\d{1,2})\]\s([^|]{3,60}?)\s{0,4}\|[^|]{0,30}\|\s{0,8}(\d{1,7})\s\/\s(\d{2,7})\sMB\s{0,4}\|/.exec(raw)) && facts.gpus.length < 16) {
      const name = m[2]!.trim();
      const gpu = pastedGpu(name, Number(m[1]), pasted('gpustat'), { computeCapability: capabilityOf(name)?.cc ?? null });
      gpu.memory = { totalBytes: Number(m[4]) * 1048576, usedBytes: Number(m[3]) * 1048576, reservedBytes: null, freeBytes: (Number(m[4]) - Number(m[3])) * 1048576 };
      facts.gpus.push(gpu);
    }
    if ((m = /\bPython\s(3\.\d{1,2}(?:\.\d{1,2})?)\b/.exec(raw))) facts.pythonVersion ??= { value: m[1]!, source: SRC };
  }
  if (windowsProse && !wslSeen) facts.os.id ??= { value: 'windows', source: SRC };
  if (wslSeen && facts.os.id?.value === 'windows' && facts.os.id.source === SRC) delete facts.os.id;
  if (branchProse) facts.driver.version ??= { value: branchProse, source: SRC };
  // "tf 2.16" in prose or a title counts only when no structured line named the TensorFlow version.
  if (tfProse && !facts.packages.some((p) => p.name === 'tensorflow')) facts.packages.push(pastedPackage('tensorflow', /^\d+\.\d+$/.test(tfProse) ? `${tfProse}.0` : tfProse, SRC));
  if (torchVersions.size > 1) facts.torchVersions = [...torchVersions].map((value) => ({ value, source: SRC }));
  if (tagProse && !facts.packages.some((p) => p.name === 'torch')) facts.torchCuda ??= { value: `${tagProse.slice(0, -1)}.${tagProse.slice(-1)}`, source: SRC };
  // Every CUDA named in prose is kept as a mention (not an installed toolkit): findings about CUDA versions name them.
  for (const v of new Set([...toolkitMentions, ...proseCuda])) if (facts.toolkitMentions.length < 16 && !facts.toolkitMentions.some((x) => x.value === v)) facts.toolkitMentions.push({ value: v, source: pasted('prose') });
  // One CUDA named in prose is the toolkit; two or more different ones are a comparison, not a fact.
  if (new Set(toolkitMentions).size === 1) facts.toolkits.push(pastedToolkit(toolkitMentions[0]!, SRC));
  let index = 0;
  for (const name of gpuNames) {
    const cc = capabilityOf(name);
    if (!cc) continue;
    if (facts.gpus.some((x) => x.computeCapability === cc.cc && x.name === cc.name)) continue;
    facts.gpus.push(pastedGpu(name, index++, SRC, { computeCapability: cc.cc }));
  }
  // A stated compute capability names the architecture even when the catalogue does not know the GPU (Fermi 2.1).
  for (const { cc, name } of ccMentions.slice(0, 4)) {
    const same = facts.gpus.find((g) => g.computeCapability === cc || (name !== undefined && g.name === name));
    if (same) same.computeCapability ??= cc;
    else facts.gpus.push(pastedGpu(name ?? 'GPU', index++, SRC, { computeCapability: cc }));
  }
  return { facts, events: [] };
}

/**
 * Fermi (compute capability 2.x) boards: https://developer.nvidia.com/cuda-legacy-gpus (checked 2026-11-30).
 * CUDA 9.0 dropped sm_2x, so no current framework build runs on them. "Quadro RTX 6000" (Turing) is not matched.
 */
const LEGACY: readonly [RegExp, string, string][] = [
  [/\bQuadro\s(?:6000|5000|4000)\b/i, 'Quadro 6000 (Fermi)', '2.0'],
  [/\bQuadro\s(?:2000|600)\b/i, 'Quadro 2000 (Fermi)', '2.1'],
  [/\bTesla\s?[CM]20[5-9]0\b/i, 'Tesla C2050 (Fermi)', '2.0'],
  [/\bGTX\s?(?:480|470|465|580|570)\b/i, 'GeForce GTX 480 (Fermi)', '2.0'],
  [/\bGTX\s?(?:460|560(?:\s?Ti)?|550\s?Ti|450)\b/i, 'GeForce GTX 460 (Fermi)', '2.1'],
  [/\bG(?:T|TX)\s?[45][1-9]\dM\b|\bGT\s?(?:430|440|520|530|545)\b/i, 'GeForce GT 540M (Fermi)', '2.1'],
];

/** Tesla Kepler boards (not in the GPU catalogue): https://developer.nvidia.com/cuda-legacy-gpus (checked 2026-11-30). */
const KEPLER: readonly [RegExp, string, string][] = [
  [/\bK80\b/, 'Tesla K80', '3.7'],
  [/\bK40[mcst]?\b/, 'Tesla K40', '3.5'],
  [/\bK20X?[mcs]?\b/, 'Tesla K20', '3.5'],
  [/\bK10\b/, 'Tesla K10', '3.0'],
  // Quadro Kxxxx: Kepler, except the Maxwell K620/K1200/K2200 (same legacy list and https://developer.nvidia.com/cuda-gpus).
  [/\bQuadro K(?:620|1200|2200)\b/i, 'Quadro K-series (Maxwell)', '5.0'],
  [/\bQuadro K(?:5200|6000)\b/i, 'Quadro K-series (Kepler)', '3.5'],
  [/\bQuadro K\d{3,4}M?\b/i, 'Quadro K-series (Kepler)', '3.0'],
  // Maxwell GeForce: MX110/MX130 and the 9xxM/GTX 750 are GM10x (5.0); GTX 950–980 Ti are GM20x (5.2).
  [/\bMX1[13]0\b/i, 'GeForce MX130 (Maxwell)', '5.0'],
  [/\bGTX\s?750(?:\s?Ti)?\b/i, 'GeForce GTX 750 (Maxwell)', '5.0'],
  [/\bGTX\s?9[5-8]0(?:\s?Ti)?\b(?!M)/i, 'GeForce GTX 9xx (Maxwell)', '5.2'],
];

/** A GPU name → its catalogue name and compute capability, when the catalogue (or all its candidates) agree. */
export function capabilityOf(name: string): { name: string; cc: string } | undefined {
  const fermi = /\(Fermi\)$/.test(name) ? LEGACY.find(([re]) => re.test(name)) : undefined;
  if (fermi) return { name, cc: fermi[2] };
  const kepler = KEPLER.find(([re]) => re.test(name));
  if (kepler) return { name: kepler[1], cc: kepler[2] };
  const r = matchGpu(name.replace(/^NVIDIA\s+/i, '').replace(/\s+Laptop GPU$/i, ' Laptop GPU'));
  if (r.match) return { name: r.match.name, cc: r.match.computeCapability };
  // "GTX 3090" / "RTX 1080": users swap the prefix; GeForce 20xx and later are RTX, 10xx and older GTX.
  const swapped = /^(?:NVIDIA\s+)?(?:GeForce\s+)?(GTX|RTX)\s?(\d{4})\b(.*)$/i.exec(name);
  if (swapped) {
    const num = Number(swapped[2]);
    const prefix = num >= 2000 && num < 6000 && num % 10 === 0 ? 'RTX' : num >= 1000 && num < 2000 ? 'GTX' : undefined;
    if (prefix && prefix !== swapped[1]!.toUpperCase()) {
      const again = matchGpu(`${prefix} ${swapped[2]}${swapped[3]}`);
      if (again.match) return { name: again.match.name, cc: again.match.computeCapability };
    }
  }
  const ccs = new Set(r.candidates.map((c) => c.computeCapability));
  const first = r.candidates[0];
  if (first && ccs.size === 1 && r.candidates.length <= 4 && tokensAgree(name, first.name)) return { name: first.name, cc: first.computeCapability };
  return undefined;
}

function tokensAgree(a: string, b: string): boolean {
  const num = (s: string) => /\d{2,4}/.exec(s)?.[0];
  // A family name without a number ("Jetson Orin") agrees when every candidate has one capability (checked by the caller).
  if (num(a) === undefined) return /^(?:NVIDIA\s)?Jetson\s/i.test(a);
  return num(a) === num(b);
}

/** CUDA versions named by where a toolkit lives or by what reports it (see PartialSnapshot.toolkitMentions). */
const TOOLKIT_PLACES: readonly [string, RegExp][] = [
  ['link', /(?:\/usr\/local\/cuda\/?\s{0,2}->|symlink(?:ed)? to|points? to|linked to)\s{0,2}\/?(?:usr\/local\/)?cuda-(\d{1,2}\.\d)\b/gi],
  ['path', /\/usr\/local\/cuda-(\d{1,2}\.\d)\b/g],
  ['image', /\bnvidia\/cuda:(\d{1,2}\.\d)(?:\.\d)?[-.]/g],
  // CMake's FindCUDA / Caffe2: "Header version is: 10.1" — the toolkit whose headers are used.
  ['path', /\bHeader version is:?\s{0,2}(\d{1,2}\.\d)\b/g],
  // /usr/local/cuda/version.txt ("CUDA Version 10.2.89"): the toolkit /usr/local/cuda points at.
  ['link', /^CUDA Version (\d{1,2}\.\d)\.\d{1,3}\s*$/g],
  ['hpc-sdk', /\/hpc_sdk\/[\w./-]{0,60}?\/cuda\/(\d{1,2}\.\d)\b/g],
  ['windows-path', /NVIDIA GPU Computing Toolkit[\\/]{1,2}CUDA[\\/]{1,2}v(\d{1,2}\.\d)\b/gi],
  ['conda', /\bcuda(?:toolkit|-toolkit|-nvcc)\s{0,2}(?:==?|\s)\s{0,2}(\d{1,2}\.\d)\b/gi],
  ['nvcc', /\bnvcc\b[^\n]{0,30}?\b(?:returns?|shows?|gives?|says|reports?|is|outputs?)\s{1,3}(?:version\s|release\s|CUDA\s)?v?(\d{1,2}\.\d)\b/gi],
  ['nvcc', /\bCuda compilation tools, release (\d{1,2}\.\d)\b/g],
];

function toolkitPlaces(raw: string, out: ToolkitMention[], state: { nvccPath?: string }): void {
  if (out.length >= 16) return;
  // "/usr/bin/nvcc -V" then its output: the version of that nvcc, with its path.
  const cmd = /(?:^|[\s$#>])((?:\/[\w.+-]{1,40}){1,8}\/nvcc)(?:\.exe)?\s{1,3}(?:-V|--version)\b/.exec(raw);
  if (cmd) state.nvccPath = cmd[1];
  const rel = /\bCuda compilation tools, release (\d{1,2}\.\d)\b/.exec(raw);
  if (rel && state.nvccPath) {
    out.push({ value: rel[1]!, source: pasted('nvcc'), path: state.nvccPath });
    state.nvccPath = undefined;
    return;
  }
  // An `ls /usr/local` row: "cuda-12.6" alone on its line.
  const row = /^\s{0,4}(?:drwx\S{0,12}\s[^\n]{0,80}\s)?cuda-(\d{1,2}\.\d)\/?\s{0,4}$/.exec(raw);
  if (row) add(out, row[1]!, 'listing');
  if (!/cuda|nvcc|header version/i.test(raw)) return;
  for (const [where, re] of TOOLKIT_PLACES) {
    re.lastIndex = 0;
    for (const m of raw.matchAll(re)) add(out, m[1]!, where);
  }
}

function add(out: ToolkitMention[], version: string, where: string): void {
  const source = pasted(where);
  if (!out.some((x) => x.value === version && x.source === source)) out.push({ value: version, source });
}
