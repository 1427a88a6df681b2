// GPU architecture: the GPU's compute capability is not in the build (kernel images, sm_XX lists, capability
// ranges), or PTX is newer than the driver can run.
import { CHECKED_1202, sig, RUNTIME_ERRORS } from './types.js';

export const ARCH_SIGNATURES = [
  sig(
    'no-kernel-image',
    ['no kernel image'],
    /no kernel image is available(?: for execution on the device)?/i,
    [
      { code: 'arch-unsupported', when: "the GPU compute capability (sm_XX) is not in the build's arch list (torch.cuda.get_arch_list())" },
      { code: 'toolkit-mismatch', when: "a self-built extension was compiled without the GPU's arch (TORCH_CUDA_ARCH_LIST)" },
      {
        code: 'arch-list-mismatch',
        when: 'TORCH_CUDA_ARCH_LIST / CMAKE_CUDA_ARCHITECTURES in the environment leaves out the GPU (the next extension built has no kernel for it)',
      },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/149845',
    { checked: CHECKED_1202 },
  ),
  sig(
    'torch-sm-not-compatible',
    ['is not compatible with the current pytorch installation'],
    /(?<gpu>NVIDIA [^\n]{1,60}?|[A-Z][^\n]{1,60}?) with CUDA capability (?<sm>sm_\d+) is not compatible with the current PyTorch installation/i,
    [{ code: 'arch-unsupported', when: "the wheel's arch list (printed on the next line) lacks this sm_XX" }],
    1,
    'https://github.com/pytorch/pytorch/issues/167244',
  ),
  sig(
    'sm-not-compatible-short',
    ['is not compatible'],
    /\b(?<sm>sm_\d{2,3}) is not compatible/i,
    [{ code: 'arch-unsupported', when: 'the build lacks this sm_XX' }],
    0.9,
    'https://github.com/pytorch/pytorch/issues/45028',
  ),
  sig(
    'torch-supported-archs',
    ['current pytorch install supports cuda capabilities'],
    /current PyTorch install supports CUDA capabilities (?<archs>[a-z_0-9 ]{3,200})/i,
    [{ code: 'arch-unsupported', when: 'list of SASS archs of the installed wheel' }],
    0.3,
    'https://github.com/pytorch/pytorch/issues/167244',
  ),
  sig(
    'torch-gpu-too-old',
    ['pytorch no longer supports this gpu', 'which is of cuda capability'],
    /Found GPU(?<index>\d+) (?<gpu>[^\n]{2,60}?) which is of cuda capability (?<cc>\d+\.\d+)/i,
    [{ code: 'arch-unsupported', when: 'the GPU is older than the oldest arch of the wheel' }],
    1,
    'https://github.com/pytorch/pytorch/issues/30532',
  ),
  sig(
    'nvcc-unsupported-arch',
    ['unsupported gpu architecture'],
    /Unsupported gpu architecture ['‘’`"](?<arch>(?:compute|sm)_\d+[af]?)['‘’`"]/i,
    [
      { code: 'toolkit-mismatch', when: 'nvcc is older than the architecture asked for (e.g. sm_120 needs CUDA 12.8)' },
      { code: 'arch-unsupported', when: 'a GPU newer than this toolkit: no build made with it can have kernels for it' },
    ],
    1,
    'https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list',
  ),
  // ptxas does not know the architecture: sm_30 after CUDA 11 dropped it, sm_120 before 12.8 — or nvcc and ptxas come
  // from two toolkits (an apt nvidia-cuda-toolkit's nvcc with another CUDA's ptxas on PATH).
  sig(
    'ptxas-arch-not-defined',
    ['is not defined for option'],
    /Value '(?<arch>sm_\d{2,3}[af]?)' is not defined for option 'gpu-name'/i,
    [
      { code: 'arch-unsupported', when: "a new GPU: this ptxas (Triton's bundled one, an old toolkit) predates its architecture" },
      {
        code: 'toolkit-mismatch',
        when: 'the toolkit does not (or no longer) support that architecture: pick an arch it supports (CMAKE_CUDA_ARCHITECTURES / TORCH_CUDA_ARCH_LIST)',
      },
      { code: 'multiple-toolkits', when: 'nvcc and ptxas come from different CUDA installs on PATH' },
    ],
    1,
    'https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list',
    { confirmed: false, note: 'ptxas wording', noteZh: '措辞取自 ptxas' },
  ),
  // Triton named anywhere (a traceback frame, a pip row, its bundled ptxas path): it compiles with its own ptxas. Context only.
  sig('triton-context', ['triton'], /\btriton\b|\/triton\/backends\//i, [], 0.1, 'https://github.com/triton-lang/triton/issues/8539 (TRITON_PTXAS_PATH)', {
    confirmed: false,
    note: 'context only',
    noteZh: '仅作上下文',
  }),
  sig(
    'ptx-unsupported-toolchain',
    ['unsupported toolchain', 'ptx was compiled with an unsupported', 'unsupportedptxversion', 'unsupported_ptx_version'],
    /(provided PTX was compiled with an unsupported toolchain|CUDA_ERROR_UNSUPPORTED_PTX_VERSION|cudaErrorUnsupportedPtxVersion)/i,
    [{ code: 'driver-too-old', when: 'the driver is older than the CUDA that generated the PTX' }],
    1,
    RUNTIME_ERRORS,
  ),
  sig(
    'invalid-kernel-image',
    ['device kernel image is invalid', 'cudaerrorinvalidkernelimage', 'cuda_error_invalid_image'],
    /(device kernel image is invalid|cudaErrorInvalidKernelImage|CUDA_ERROR_INVALID_IMAGE)/i,
    [
      { code: 'arch-unsupported', when: "the binary has no kernel (SASS or PTX) the GPU can run: the GPU's compute capability is below the build's arch list" },
      { code: 'driver-too-old', when: 'PTX newer than the driver can JIT' },
    ],
    0.9,
    'https://github.com/tensorflow/tensorflow/issues/41892',
  ),
  // torch's own advice: "Minimum and Maximum cuda capability supported by this version of PyTorch is (7.0) - (12.0)",
  // "Please install PyTorch with a following CUDA configurations: 12.6".
  sig(
    'torch-cc-range',
    ['minimum and maximum cuda capability'],
    /Minimum and Maximum cuda capability supported by this version of PyTorch is\s{0,4}\((?<min>\d{1,2}\.\d)\)\s{0,3}-\s{0,3}\((?<max>\d{1,2}\.\d)\)/i,
    [{ code: 'arch-unsupported', when: 'the GPU is outside the capability range of the build' }],
    0.6,
    'https://github.com/mmartial/ComfyUI-Nvidia-Docker/issues/61',
    { confirmed: false, note: 'torch/cuda/__init__.py warning text', noteZh: '警告文本取自 torch/cuda/__init__.py' },
  ),
  sig(
    'torch-suggests-cuda',
    ['following cuda', 'configurations:'],
    /Please install PyTorch with a following CUDA\s{0,4}configurations?:\s{0,4}(?<cuda>\d{1,2}\.\d(?:\s{0,2}[\d.\s]{0,20})?)/i,
    [{ code: 'arch-unsupported', when: 'torch names the CUDA builds that still cover this GPU' }],
    0.5,
    'https://github.com/mmartial/ComfyUI-Nvidia-Docker/issues/61',
    { confirmed: false, note: 'torch/cuda/__init__.py warning text', noteZh: '警告文本取自 torch/cuda/__init__.py' },
  ),
  // Extensions that check the capability themselves (tiny-cuda-nn: "… extension for compute capability 87").
  sig(
    'ext-no-cc',
    ['for compute capability'],
    /(?:could not find|no) compatible [\w-]{2,40} (?:extension|kernels?|binary|build) for compute capability (?<cc>\d{2,3}|\d{1,2}\.\d)/i,
    [
      { code: 'arch-unsupported', when: "the extension was built without this GPU's architecture" },
      { code: 'toolkit-mismatch', when: 'rebuild it with this architecture (TORCH_CUDA_ARCH_LIST / TCNN_CUDA_ARCHITECTURES)' },
    ],
    1,
    'https://github.com/NVlabs/tiny-cuda-nn/issues/434',
    { confirmed: false, note: 'tinycudann/modules.py wording', noteZh: '措辞取自 tinycudann/modules.py' },
  ),
  // ptxas / the driver's JIT refusing PTX of a newer ISA: "Unsupported .version 8.5; current version is '8.4'".
  sig(
    'ptx-isa-version',
    ['unsupported .version'],
    /Unsupported \.version (?<ptx>\d{1,2}\.\d); current version is '(?<cur>\d{1,2}\.\d)'/i,
    [
      { code: 'driver-too-old', when: "PTX generated by a newer CUDA (toolkit, Numba, Triton, OptiX) than the driver's JIT compiler knows" },
      { code: 'toolkit-mismatch', when: 'an older ptxas is used on PTX from a newer compiler' },
    ],
    1,
    'https://github.com/numba/numba/issues/8961',
    {
      confirmed: false,
      note: 'ptxas wording; PTX ISA ↔ CUDA from the PTX release history (src/knowledge/data/cuda.ts)',
      noteZh: '措辞取自 ptxas；PTX ISA ↔ CUDA 的对应关系来自 PTX 的版本发布历史（src/knowledge/data/cuda.ts）',
    },
  ),
  // FlashAttention 2 (flash-attn >= 2.0) ships kernels for Ampere and newer only; Turing (T4, RTX 20xx) needs 1.x.
  sig(
    'flash-attn-ampere',
    ['flashattention only support'],
    /FlashAttention only supports? Ampere GPUs or newer/i,
    [
      {
        code: 'arch-unsupported',
        when: 'flash-attn 2 has no kernels below sm_80 (V100 sm_70, T4/RTX 20xx sm_75): uninstall it or pick another attention implementation',
      },
    ],
    1,
    'https://github.com/Dao-AILab/flash-attention (README: "FlashAttention-2 currently supports: Ampere, Ada, or Hopper GPUs (e.g., A100, RTX 3090, RTX 4090, H100)", as quoted in public Dockerfiles)',
    {
      note: 'That FlashAttention 1.x still covers Turing is from memory of the README, not re-read from a stored copy.',
      noteZh: 'FlashAttention 1.x 仍支持 Turing 这一点是凭对 README 的记忆，未对照存档副本重新核实。',
    },
  ),
  // Old torch (0.3–1.x) warning: a GPU newer than the CUDA the wheel was built with ("requires CUDA_VERSION >= 9000 …
  // compiled with CUDA_VERSION 8000"). The message spans three lines.
  sig(
    'torch-requires-cuda-version',
    ['which requires cuda_version'],
    /Found GPU(?<index>\d+) (?<gpu>[^\n]{2,60}?) which requires CUDA_VERSION >= (?<need>\d{4,5})(?:[^\n]{0,160}?compiled\s{1,3}with CUDA_VERSION (?<have>\d{4,5}))?/i,
    [
      { code: 'arch-unsupported', when: "the GPU's architecture arrived with a newer CUDA than the wheel's: the build has no kernels for it" },
      { code: 'framework-cuda-mismatch', when: 'install a wheel built for that CUDA' },
    ],
    1,
    'https://github.com/pytorch/pytorch/blob/v1.0.0/torch/cuda/__init__.py (incorrect_binary_warn)',
    {
      complete: ['have'],
      confirmed: false,
      note: 'message text from torch/cuda/__init__.py of the 0.4–1.x releases',
      noteZh: '消息文本取自 0.4–1.x 各版本的 torch/cuda/__init__.py',
    },
  ),
  // RAPIDS (cuDF, cuML): "This cuDF installation is missing the necessary PTX files that are <=50" — the GPU is
  // below the oldest architecture the release is built for.
  sig(
    'rapids-ptx-missing',
    ['missing the necessary ptx files'],
    /(?<lib>cuDF|cuML|RMM|cuGraph|RAPIDS)? ?installation is missing the necessary PTX files(?: that are <=\s{0,2}(?<cc>\d{2,3}))?/i,
    [{ code: 'arch-unsupported', when: 'RAPIDS needs compute capability 6.0+ (releases up to 23.12) or 7.0+ (24.02 on): the GPU is older' }],
    1,
    'https://docs.rapids.ai/notices/rsn0034/ (Pascal support removed in v24.02; compute capability 7.0 or higher required)',
    { confirmed: false, note: 'cudf/utils/gpu_utils.py wording', noteZh: '措辞取自 cudf/utils/gpu_utils.py' },
  ),
  // Julia CUDAnative / CUDA.jl: "Device capability v1.1.0 not supported by available toolchain".
  sig(
    'julia-capability-unsupported',
    ['not supported by available toolchain'],
    /Device capability v?(?<cc>\d{1,2}\.\d)(?:\.\d+)? not supported by (?:the )?available toolchain/i,
    [{ code: 'arch-unsupported', when: "the GPU's compute capability is below what the CUDA toolkit and LLVM's NVPTX back-end still target" }],
    1,
    'https://github.com/JuliaGPU/CUDAnative.jl/issues/141',
    {
      confirmed: false,
      note: 'CUDAnative utils.jl wording; maleadt there: neither CUDA nor LLVM support such old capabilities',
      noteZh: '措辞取自 CUDAnative 的 utils.jl；maleadt 在该帖中表示：CUDA 和 LLVM 都已不支持这么老的算力',
    },
  ),
  // vLLM: "Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4 GPU has compute capability 7.5."
  sig(
    'bf16-min-cc',
    ['bfloat16 is only supported on gpus'],
    /Bfloat16 is only supported on GPUs with compute capability of at least (?<min>\d{1,2}\.\d)\.?\s{0,3}Your (?<gpu>[^\n]{2,60}?) GPU has compute capability (?<cc>\d{1,2}\.\d)/i,
    [{ code: 'arch-unsupported', when: 'bf16 kernels need compute capability 8.0 (Ampere) or newer: use float16 (--dtype=half)' }],
    1,
    'https://huggingface.co/BatsResearch/bonito-v1/discussions/2',
    { confirmed: false, note: 'vLLM config.py wording', noteZh: '措辞取自 vLLM 的 config.py' },
  ),
  // The runtime's older name for "no kernel for this GPU": cudaErrorInvalidDeviceFunction (98).
  sig(
    'invalid-device-function',
    ['invalid device function', 'cudaerrorinvaliddevicefunction'],
    /\binvalid device function\b|cudaErrorInvalidDeviceFunction/i,
    [
      { code: 'arch-unsupported', when: "the binary has no kernel for this GPU's compute capability (its arch list misses it)" },
      { code: 'toolkit-mismatch', when: "rebuild with this GPU's architecture (CMAKE_CUDA_ARCHITECTURES / -gencode)" },
    ],
    1,
    `${RUNTIME_ERRORS} cudaErrorInvalidDeviceFunction = 98`,
  ),
  sig(
    'torch-min-cc',
    ['minimum cuda capability supported by this library'],
    /minimum cuda capability supported by this library is (?<min>\d{1,2}\.\d)/i,
    [{ code: 'arch-unsupported', when: "the GPU is below the build's minimum capability" }],
    0.5,
    'https://github.com/w-okada/voice-changer/issues/447',
    { confirmed: false, note: 'torch/cuda/__init__.py wording', noteZh: '措辞取自 torch/cuda/__init__.py' },
  ),
];
