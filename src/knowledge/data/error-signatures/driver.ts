// Driver vs runtime: the driver is older than the CUDA a program needs, its user space and kernel module come from
// two releases, or a cuda-compat libcuda is loaded instead of its own.
import { CHECKED_1202, DRIVER_ERRORS, RUNTIME_ERRORS, sig } from './types.js';

export const DRIVER_SIGNATURES = [
  sig(
    'driver-insufficient',
    ['driver version is insufficient', 'cudaerrorinsufficientdriver', 'cuda_error_insufficient_driver'],
    /(CUDA driver version is insufficient for CUDA runtime version|cudaErrorInsufficientDriver|CUDA_ERROR_INSUFFICIENT_DRIVER)/i,
    [
      { code: 'driver-too-old', when: "the driver's CUDA version (nvidia-smi header) is below the runtime the framework ships" },
      { code: 'wsl', when: 'WSL: the Windows driver is too old or the Linux driver was installed inside WSL' },
      { code: 'forward-compat-shadowing', when: "a cuda-compat libcuda is loaded instead of the driver's own" },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/99138',
  ),
  sig(
    'torch-driver-too-old',
    ['driver on your system is too old'],
    /The NVIDIA driver on your system is too old \(found version (?<found>\d+)\)/i,
    [{ code: 'driver-too-old', when: "found version = the driver's CUDA (11040 = 11.4), below the wheel's CUDA" }],
    1,
    'https://github.com/pytorch/pytorch/issues/4546',
  ),
  sig(
    'jax-ptxas-newer',
    ['which is older than the ptxas cuda version', 'older than the ptxas'],
    /driver's CUDA version is (?<driverCuda>\d+\.\d+) which is older than the ptxas CUDA version \((?<ptxas>\d+\.\d+)/i,
    [{ code: 'driver-too-old', when: "the driver's CUDA is older than the ptxas JAX uses" }],
    1,
    'https://github.com/jax-ml/jax/issues/18032',
  ),
  sig(
    'driver-library-mismatch',
    ['driver/library version mismatch'],
    /Driver\/library version mismatch/i,
    [{ code: 'driver-library-mismatch', when: 'the kernel module (/proc/driver/nvidia/version) and libnvidia-ml differ: an upgrade without reboot' }],
    1,
    'https://github.com/NVIDIA/ubuntu-packaging-nvidia-driver/issues/3',
  ),
  // NVRM prints the versions over the next lines, and posts sometimes elide them ("XXX.XX"): the message alone still counts.
  sig(
    'nvrm-api-mismatch',
    ['api mismatch'],
    /API mismatch(?::? (?:the )?client(?: '[^'\n]{1,40}')?(?: \(pid \d{1,8}\))?(?: has the)? version:? (?<client>\d+\.\d+(?:\.\d+)?),? (?:but[^\n]{0,40}?)?kernel module(?: has the)? version:? (?<kernel>\d+\.\d+(?:\.\d+)?)|:? the NVIDIA kernel module has version (?<kernel2>\d+\.\d+(?:\.\d+)?),?\s{0,3}but this NVIDIA driver component has version (?<client2>\d+\.\d+(?:\.\d+)?))?/i,
    [{ code: 'driver-library-mismatch', when: 'client (user space) and kernel module versions differ' }],
    1,
    'https://github.com/NVIDIA/ubuntu-packaging-nvidia-driver/issues/3',
    { complete: ['client', 'kernel'] },
  ),
  sig(
    'tf-kernel-dso-mismatch',
    ['does not match dso version'],
    /kernel version (?<kernel>\d+\.\d+(?:\.\d+)?) does not match DSO version (?<dso>\d+\.\d+(?:\.\d+)?)/i,
    [{ code: 'driver-library-mismatch', when: 'kernel module and libcuda versions differ' }],
    1,
    'https://github.com/tensorflow/tensorflow/issues/41574',
    {
      confirmed: false,
      note: 'thread number from memory of TF reports; message text is from stream_executor/cuda/cuda_diagnostics.cc',
      noteZh: '帖子编号凭对 TF 相关报告的记忆；消息文本取自 stream_executor/cuda/cuda_diagnostics.cc',
    },
  ),
  sig(
    'system-driver-mismatch',
    ['unsupported display driver / cuda driver combination', 'cuda_error_system_driver_mismatch', 'cudaerrorsystemdrivermismatch'],
    /(system has unsupported display driver \/ cuda driver combination|CUDA_ERROR_SYSTEM_DRIVER_MISMATCH|cudaErrorSystemDriverMismatch)/i,
    [
      { code: 'forward-compat-shadowing', when: 'a cuda-compat libcuda of another branch is loaded (containers, LD_LIBRARY_PATH)' },
      { code: 'driver-library-mismatch', when: 'libcuda and the kernel module come from different driver releases' },
    ],
    1,
    `${RUNTIME_ERRORS} cudaErrorSystemDriverMismatch = 803`,
  ),
  // NGC containers check the host driver at start: "This container was built for NVIDIA Driver Release 535.86 or later,
  // but version 510.85.02 was detected and compatibility mode is UNAVAILABLE." (the message wraps over two lines).
  sig(
    'ngc-driver-release',
    ['built for nvidia driver release'],
    /built for NVIDIA Driver Release (?<floor>\d{3}\.\d{1,3}(?:\.\d{1,3})?) or later(?:,?\s{0,3}but\s{1,8}version (?<driver>\d{3}\.\d{1,3}(?:\.\d{1,3})?) was detected)?/i,
    [
      {
        code: 'driver-too-old',
        when: "the host driver is older than the container's CUDA needs, and forward compatibility (data-centre GPUs only) is not available",
      },
      { code: 'forward-compat-shadowing', when: '"compatibility mode is in use": the image runs on the cuda-compat libraries' },
    ],
    1,
    'https://docs.nvidia.com/deeplearning/frameworks/support-matrix/ (NGC containers: the driver release each container needs)',
    {
      complete: ['driver'],
      confirmed: false,
      note: "the message is the NGC entrypoint's own (nvidia_entrypoint.sh)",
      noteZh: '消息是 NGC 镜像入口脚本自身的输出（nvidia_entrypoint.sh）',
    },
  ),
  // Other programs' own check: "CUDA driver version is 11020, expected at least 11040" (PhysX / Omniverse).
  sig(
    'driver-cuda-expected',
    ['expected at least'],
    /CUDA driver version is (?<have>\d{4,5}),? expected at least (?<need>\d{4,5})/i,
    [{ code: 'driver-too-old', when: 'the driver supports an older CUDA than the program needs' }],
    1,
    'https://fuchaojie.com/2022/06/CUDAVersion',
    { confirmed: false, note: 'PhysX CudaContextManager wording', noteZh: '措辞取自 PhysX 的 CudaContextManager' },
  ),
  // Short forms: xmr-stak "NVIDIA Insufficient driver!", TF 1.x "possibly insufficient driver version: 384.69.0".
  sig(
    'insufficient-driver-short',
    ['insufficient driver'],
    /\bInsufficient driver\b(?! version)/i,
    [{ code: 'driver-too-old', when: 'the driver is older than the CUDA the program was built with' }],
    0.9,
    'https://github.com/fireice-uk/xmr-stak/issues/928',
    { confirmed: false, note: 'miner wording; that thread: CUDA 9.1 builds need a 387 driver', noteZh: '措辞取自挖矿程序；该帖：CUDA 9.1 构建需要 387 驱动' },
  ),
  sig(
    'tf-possibly-insufficient-driver',
    ['possibly insufficient driver version'],
    /possibly insufficient driver version:? (?<driver>\d{3}\.\d{1,3}(?:\.\d{1,3})?)/i,
    [{ code: 'driver-too-old', when: 'TensorFlow could not start cuDNN and the loaded driver is older than its CUDA needs' }],
    0.9,
    'https://github.com/tensorflow/tensorflow/blob/r1.5/tensorflow/stream_executor/cuda/cuda_dnn.cc (possibly insufficient driver version)',
    { confirmed: false, note: 'TF 1.x stream_executor wording', noteZh: '措辞取自 TF 1.x 的 stream_executor' },
  ),
  // A cuda-compat libcuda named in a path: the loader can pick it instead of the host driver's own.
  sig(
    'compat-libcuda-path',
    ['/compat/libcuda.so'],
    /(?<path>\/[\w./-]{0,80}\/compat\/libcuda\.so(?:\.\d+){0,3})/,
    [{ code: 'forward-compat-shadowing', when: "the compat libcuda (from a CUDA base image or cuda-compat package) is loaded instead of the driver's own" }],
    0.5,
    'https://github.com/NVIDIA/nvidia-container-toolkit/issues/1084',
  ),
  // Other tools' wording of "the driver is older than the CUDA the program needs".
  // Old (2017–2018) nvidia-container-cli printed "cuda >= 9.0" with spaces; later "cuda>=12.6".
  sig(
    'container-requirement-cuda',
    ['unsatisfied condition'],
    /unsatisfied condition: cuda\s{0,2}>=\s{0,2}(?<cuda>\d+\.\d+)/i,
    [
      {
        code: 'driver-too-old',
        when: "the image's NVIDIA_REQUIRE_CUDA is newer than the CUDA the host driver supports: upgrade the host driver or use an image of an older CUDA",
      },
    ],
    1,
    'https://github.com/NVIDIA/nvidia-container-toolkit/issues/940',
  ),
  // The image's NVIDIA_REQUIRE_CUDA with brand alternatives ("--require=cuda>=10.1 brand=tesla,driver>=410,driver<411"):
  // on a non-Tesla board the last condition checked is the brand, but the unmet one is the CUDA version.
  sig(
    'container-requirement-brand',
    ['unsatisfied condition: brand'],
    /--require=cuda>=(?<cuda>\d+\.\d+)[^\n]{0,600}?unsatisfied condition: brand\s{0,2}=\s{0,2}(?<brand>\w{2,20})/i,
    [
      {
        code: 'driver-too-old',
        when: "the host driver runs an older CUDA than the image requires; the brand=… exceptions only cover those boards' driver branches",
      },
    ],
    1,
    'https://gitlab.com/nvidia/container-images/cuda/-/blob/master/doc/support-policy.md (NVIDIA_REQUIRE_CUDA); https://gitlab.com/nvidia/cuda/issues/36',
    { confirmed: false, note: 'nvidia-container-cli wording', noteZh: '措辞取自 nvidia-container-cli' },
  ),
  sig(
    'cuda-not-supported-by-driver',
    ['is not supported by'],
    /CUDA (?<cuda>\d+\.\d+)(?:\.\d+)? is not supported by\s*your driver(?: \(which supports up to (?<driverCuda>\d+\.\d+)(?:\.\d+)?\))?/i,
    [{ code: 'driver-too-old', when: 'Julia CUDA.jl: the driver supports an older CUDA than the toolkit the package wants' }],
    1,
    'https://github.com/JuliaGPU/julia-ngc/issues/7',
  ),
  sig(
    'compat-not-supported',
    ['forward compatibility was attempted', 'cuda_error_compat_not_supported_on_device'],
    /(forward compatibility was attempted on non supported HW|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)/i,
    [
      {
        code: 'forward-compat-shadowing',
        when: "cuda-compat (forward compatibility) only works on data-centre GPUs; a GeForce/RTX card must use the host driver's libcuda",
      },
      {
        code: 'driver-library-mismatch',
        when: 'right after a driver upgrade: the new libcuda runs against the old kernel module (it looks like forward compatibility) until a reboot',
      },
    ],
    1,
    'https://docs.nvidia.com/deploy/cuda-compatibility/ (forward compatibility: supported GPUs); after an upgrade without reboot: https://gitlab.com/autowarefoundation/autoware.auto/AutowareAuto/-/issues/534',
  ),
  sig(
    'stub-library',
    ['cuda_error_stub_library', 'stub library'],
    /(CUDA_ERROR_STUB_LIBRARY|cudaErrorStubLibrary|CUDA driver is a stub library)/i,
    [
      { code: 'library-shadowing', when: "a stubs/libcuda.so (toolkit or conda) is on LD_LIBRARY_PATH before the driver's libcuda.so.1" },
      { code: 'driver-not-loaded', when: 'no real driver library exists (container started without the NVIDIA runtime)' },
    ],
    1,
    `${DRIVER_ERRORS} CUDA_ERROR_STUB_LIBRARY = 34`,
  ),
  // A libcuda that loads but cannot hand out its entry points (cuGetProcAddress fails): the toolkit's stub, or a
  // driver older than the runtime (cuGetProcAddress arrived with CUDA 11.3). NVIDIA Warp prints this pair.
  sig(
    'driver-entry-point',
    ['failed to get driver entry point', 'unable to determine cuda driver version'],
    /Failed to get driver entry point|Unable to determine CUDA driver version/i,
    [
      { code: 'library-shadowing', when: "the toolkit's stubs/libcuda.so is found before the driver's libcuda.so.1 (LD_LIBRARY_PATH with …/lib64/stubs)" },
      { code: 'driver-too-old', when: 'the driver predates the entry points the runtime asks for' },
    ],
    0.9,
    'https://blog.gitcode.com/f3e5794bb7ab7c1e010a9fefdc8cdb5a.html',
    {
      confirmed: false,
      note: 'a write-up of an NVIDIA Warp thread: the stub libcuda was loaded; wording from warp/native/cuda_util.cpp',
      noteZh: '来源是对一个 NVIDIA Warp 帖子的整理：加载的是 stub libcuda；措辞取自 warp/native/cuda_util.cpp',
    },
  ),
  // CUDA_ERROR_NOT_FOUND (500) when CUDA starts: a driver library the user-space driver needs is missing. In WSL 2
  // containers with Windows drivers 555.xx and newer, libnvdxgdmal.so.1 was not mounted by older container toolkits.
  sig(
    'cuda-not-found-500',
    ['named symbol not found', 'cuda_error_not_found'],
    /Error 500: named symbol not found|CUDA_ERROR_NOT_FOUND|cuda driver library init failure: 500/i,
    [
      {
        code: 'wsl',
        when: 'WSL 2 container + Windows driver 555.xx or newer: NVIDIA Container Toolkit < 1.14.4 (Docker Desktop < 4.31.0) does not mount libnvdxgdmal.so.1',
      },
      { code: 'driver-library-mismatch', when: 'libcuda and the rest of the driver come from different releases' },
    ],
    1,
    'https://github.com/NVIDIA/nvidia-container-toolkit/issues/520 (cliffwoolley, NVIDIA: "NVIDIA drivers 555.xx and newer for Windows have added a library called libnvdxgdmal.so.1 … fixed in nvidia-container-toolkit 1.14.4 and in 1.15.0"; Docker Desktop 4.31.0)',
  ),
  sig(
    'system-not-initialized',
    ['system not yet initialized', 'cuda_error_system_not_ready'],
    /(system not yet initialized|CUDA_ERROR_SYSTEM_NOT_READY|Error 802)/i,
    [
      {
        code: 'fabric-manager',
        when: 'NVSwitch systems (HGX/DGX, SXM GPUs such as A100/H100/H200/B200 SXM): nvidia-fabricmanager is not running or its version differs from the driver',
      },
      { code: 'driver-not-loaded', when: 'a GPU without NVSwitch: the driver has not finished initialising the system' },
    ],
    1,
    `${RUNTIME_ERRORS} cudaErrorSystemNotReady = 802 ("the system is not yet ready to start any CUDA work … verify that the fabric manager is running")`,
    { checked: CHECKED_1202 },
  ),
  // CUDA 216: a context bound elsewhere. On a GPU in an exclusive compute mode (Exclusive_Process, the deprecated
  // Exclusive_Thread) a second process or thread cannot have one; TensorFlow prints it from cuCtxSetCurrent.
  sig(
    'cuda-device-in-use',
    ['already_in_use', 'alreadyinuse', 'already in use', '216'],
    /CUDA_ERROR_CONTEXT_ALREADY_IN_USE|cudaErrorDeviceAlreadyInUse|exclusive-thread device that is already in use|\bCUDA(?: driver)? error[: ]{1,2}216\b/i,
    [
      {
        code: 'compute-mode',
        when: 'the GPU is in an exclusive compute mode (nvidia-smi "Compute M." E. Process): one process (one context) at a time',
      },
      { code: 'gpu-busy', when: 'another process already holds the exclusive GPU (nvidia-smi lists it)' },
    ],
    1,
    `${DRIVER_ERRORS} CUDA_ERROR_CONTEXT_ALREADY_IN_USE = 216; ${RUNTIME_ERRORS} cudaErrorDeviceAlreadyInUse = 216 ("a call tried to access an exclusive-thread device that is already in use by a different thread")`,
    { checked: CHECKED_1202 },
  ),
  // Ollama: msg="NVIDIA driver too old" … driver=535 required_driver="570 or newer".
  sig(
    'ollama-driver-too-old',
    ['required_driver'],
    /\bdriver=(?<driver>\d{3}(?:\.\d{1,3}){0,2})\b[^\n]{0,40}?required_driver="?(?<required>\d{3}(?:\.\d{1,3}){0,2})/i,
    [{ code: 'driver-too-old', when: 'the driver is older than the one the bundled CUDA runtime needs' }],
    1,
    'https://github.com/ollama/ollama/issues/16415',
    { confirmed: false, note: "ollama's log wording; that thread: 535 → 570 fixed it", noteZh: '措辞取自 ollama 的日志；该帖：驱动 535 → 570 后解决' },
  ),
  sig(
    'cuda-error-804-prose',
    ['804'],
    /\b(?:error|Error) 804\b|\b804 error\b|\bcudaErrorCompatNotSupportedOnDevice\b/,
    [{ code: 'forward-compat-shadowing', when: 'a cuda-compat library is used on a GPU that does not support forward compatibility' }],
    0.8,
    `${RUNTIME_ERRORS} cudaErrorCompatNotSupportedOnDevice = 804`,
  ),
  // A cuda-compat folder put first on purpose (images for "older drivers"): it breaks once the host driver is newer.
  sig(
    'compat-prose',
    ['compat'],
    /\/usr\/local\/cuda(?:-[\d.]+)?\/compat\b|\bcuda[- ]compat(?:ibility)?\b|\bforward[- ]compat(?:ibility)?\b/i,
    [{ code: 'forward-compat-shadowing', when: "the cuda-compat libcuda is loaded instead of the host driver's" }],
    0.5,
    'https://github.com/VIAME/VIAME/issues/273',
    {
      confirmed: false,
      note: 'prose; that thread: /usr/local/cuda/compat first on LD_LIBRARY_PATH broke newer host drivers',
      noteZh: '匹配的是用户的文字描述；该帖：LD_LIBRARY_PATH 中 /usr/local/cuda/compat 排在最前，导致较新的宿主机驱动无法使用',
    },
  ),
  sig(
    'nvml-function-not-found',
    ['function not found'],
    /Failed to initialize NVML: Function Not Found/i,
    [{ code: 'driver-library-mismatch', when: 'libnvidia-ml.so.1 is from another driver release than the one running (a stale link after an update)' }],
    0.9,
    'https://github.com/NVIDIA/nvidia-docker/issues/584',
    { confirmed: false, note: 'NVML return code text (NVML_ERROR_FUNCTION_NOT_FOUND)', noteZh: 'NVML 返回码文本（NVML_ERROR_FUNCTION_NOT_FOUND）' },
  ),
  // Ollama on Windows/Linux: "Unable to load cudart" … "your nvidia driver is too old or missing".
  sig(
    'driver-old-or-missing',
    ['driver is too old or missing'],
    /(?<dll>cudart64_\d{2,3}\.dll)[^\n]{0,120}?your nvidia driver is too old or missing|your nvidia driver is too old or missing/i,
    [
      { code: 'driver-too-old', when: 'the driver is older than the bundled CUDA runtime needs' },
      { code: 'driver-not-loaded', when: 'no NVIDIA driver is installed' },
    ],
    1,
    'https://github.com/ollama/ollama/issues/6604',
    { confirmed: false, note: 'ollama gpu.go wording', noteZh: '措辞取自 ollama 的 gpu.go' },
  ),
  // CUDA.jl: "CUDA driver 8.0.0 is not compatible with any supported CUDA toolkit (11.4.4, 11.5.2, …)".
  sig(
    'cudajl-driver-incompatible',
    ['is not compatible with any supported cuda toolkit'],
    /CUDA driver (?<driverCuda>\d{1,2}\.\d)(?:\.\d{1,3})? is not compatible with any supported CUDA toolkit \((?<cuda>\d{1,2}\.\d)/i,
    [
      { code: 'driver-too-old', when: 'the driver is older than the oldest CUDA the package supports' },
      { code: 'arch-unsupported', when: 'the GPU is too old for any driver that new' },
    ],
    1,
    'https://github.com/JuliaGPU/CUDA.jl/issues/2231',
    { confirmed: false, note: 'CUDA.jl wording', noteZh: '措辞取自 CUDA.jl' },
  ),
  // FFmpeg NVENC: the nv-codec-headers it was built with need a newer driver.
  sig(
    'nvenc-api',
    ['required nvenc api version', 'nvidia driver for nvenc', 'required: nvenc api', 'minimum required nvidia driver'],
    /Driver does not support the required nvenc API version\. Required: (?<required>\d{1,2}\.\d) Found: (?<found>\d{1,2}\.\d)|minimum required Nvidia driver (?:for nvenc )?is (?<floor>\d{3}\.\d{1,3}(?:\.\d{1,3})?) or newer|Required: NVENC API (?<required2>\d{1,2}\.\d)/i,
    [{ code: 'driver-too-old', when: 'the FFmpeg build needs a newer NVENC API than the driver provides' }],
    1,
    'https://github.com/GyanD/codexffmpeg/issues/161',
    {
      confirmed: false,
      note: 'FFmpeg nvenc.c wording; floors in src/knowledge/data/nvenc.ts',
      noteZh: '措辞取自 FFmpeg 的 nvenc.c；最低驱动要求见 src/knowledge/data/nvenc.ts',
    },
  ),
  // nvidia-docker 1.0: "Error: unsupported CUDA version: driver 7.5 < image 8.0".
  sig(
    'nvidia-docker-unsupported-cuda',
    ['unsupported cuda version:'],
    /unsupported CUDA version: (?:driver (?<driverCuda>\d{1,2}\.\d) < image (?<cuda>\d{1,2}\.\d)|(?<a>\d{1,2}\.\d) < (?<b>\d{1,2}\.\d))/i,
    [{ code: 'driver-too-old', when: "the image's CUDA is newer than the host driver supports" }],
    1,
    'https://github.com/NVIDIA/nvidia-docker/issues/177',
    { confirmed: false, note: 'nvidia-docker 1.0 wording', noteZh: '措辞取自 nvidia-docker 1.0' },
  ),
  // apt's history: an unattended upgrade replaced the user-space driver while the old module stays loaded until reboot.
  sig(
    'apt-upgraded-driver',
    ['upgrade:'],
    /Upgrade: [^\n]{0,300}?(?:nvidia|libnvidia)[\w-]{0,40}-\d{3}(?::\w+)? \((?<old>\d{3}\.\d{1,3}(?:\.\d{1,3})?)[^,)]{0,40}, (?<new>\d{3}\.\d{1,3}(?:\.\d{1,3})?)/,
    [
      { code: 'driver-library-mismatch', when: 'the user-space driver was upgraded; the loaded kernel module is still the old one until reboot' },
      { code: 'driver-not-loaded', when: 'the upgrade broke the module (DKMS) for the running kernel' },
    ],
    0.9,
    'https://github.com/lyulyul/shine-cluster/issues/50',
    { confirmed: false, note: '/var/log/apt/history.log format', noteZh: '/var/log/apt/history.log 的格式' },
  ),
];
