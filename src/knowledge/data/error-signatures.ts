// Error messages users paste → the causes that produce them, most likely first, and the fact that tells
// them apart. Patterns are linear-time: literals with at most one bounded gap, on lines cut to 4000 chars.
import type { FindingCode } from '../../diagnose/types.js';
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';

export interface SignatureCause {
  code: FindingCode;
  /** The fact that points to this cause rather than the others. */
  when: string;
}

export interface ErrorSignature extends Sourced {
  id: string;
  /** Lower-case literals: a line is tested against `pattern` only when it contains one of them. */
  hints: readonly string[];
  pattern: RegExp;
  causes: readonly SignatureCause[];
  /** How strongly the line points at a root cause: 1 the failing error itself, 0.3 a side warning. */
  weight: number;
  /**
   * Groups a whole message carries. A line that matches without one of them (the message goes on over the next
   * lines) is tried again joined with the lines that follow.
   */
  complete?: readonly string[];
}

function sig(id: string, hints: string[], pattern: RegExp, causes: SignatureCause[], weight: number, source: string, extra: Partial<Sourced> & { complete?: readonly string[] } = {}): ErrorSignature {
  return { id, hints, pattern, causes, weight, source, checked: CHECKED, confirmed: true, ...extra };
}

const RUNTIME_ERRORS = 'https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html (cudaError enum)';
const DRIVER_ERRORS = 'https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html (CUresult enum)';

export const ERROR_SIGNATURES: readonly ErrorSignature[] = [
  // ---- GPU architecture ---------------------------------------------------------------------------------
  sig('no-kernel-image', ['no kernel image'], /no kernel image is available(?: for execution on the device)?/i, [
    { code: 'arch-unsupported', when: 'the GPU compute capability (sm_XX) is not in the build\'s arch list (torch.cuda.get_arch_list())' },
    { code: 'toolkit-mismatch', when: 'a self-built extension was compiled without the GPU\'s arch (TORCH_CUDA_ARCH_LIST)' },
  ], 1, 'https://github.com/pytorch/pytorch/issues/149845'),
  sig('torch-sm-not-compatible', ['is not compatible with the current pytorch installation'],
    /(?<gpu>NVIDIA [^\n]{1,60}?|[A-Z][^\n]{1,60}?) with CUDA capability (?<sm>sm_\d+) is not compatible with the current PyTorch installation/i, [
      { code: 'arch-unsupported', when: 'the wheel\'s arch list (printed on the next line) lacks this sm_XX' },
    ], 1, 'https://github.com/pytorch/pytorch/issues/167244'),
  sig('sm-not-compatible-short', ['is not compatible'], /\b(?<sm>sm_\d{2,3}) is not compatible/i, [
    { code: 'arch-unsupported', when: 'the build lacks this sm_XX' },
  ], 0.9, 'https://github.com/pytorch/pytorch/issues/45028'),
  sig('torch-supported-archs', ['current pytorch install supports cuda capabilities'],
    /current PyTorch install supports CUDA capabilities (?<archs>[a-z_0-9 ]{3,200})/i, [
      { code: 'arch-unsupported', when: 'list of SASS archs of the installed wheel' },
    ], 0.3, 'https://github.com/pytorch/pytorch/issues/167244'),
  sig('torch-gpu-too-old', ['pytorch no longer supports this gpu', 'which is of cuda capability'],
    /Found GPU(?<index>\d+) (?<gpu>[^\n]{2,60}?) which is of cuda capability (?<cc>\d+\.\d+)/i, [
      { code: 'arch-unsupported', when: 'the GPU is older than the oldest arch of the wheel' },
    ], 1, 'https://github.com/pytorch/pytorch/issues/30532'),
  sig('nvcc-unsupported-arch', ['unsupported gpu architecture'], /Unsupported gpu architecture ['‘’`"](?<arch>(?:compute|sm)_\d+[af]?)['‘’`"]/i, [
    { code: 'toolkit-mismatch', when: 'nvcc is older than the architecture asked for (e.g. sm_120 needs CUDA 12.8)' },
  ], 1, 'https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list'),
  sig('ptx-unsupported-toolchain', ['unsupported toolchain', 'ptx was compiled with an unsupported', 'unsupportedptxversion', 'unsupported_ptx_version'],
    /(provided PTX was compiled with an unsupported toolchain|CUDA_ERROR_UNSUPPORTED_PTX_VERSION|cudaErrorUnsupportedPtxVersion)/i, [
      { code: 'driver-too-old', when: 'the driver is older than the CUDA that generated the PTX' },
    ], 1, RUNTIME_ERRORS),

  // ---- driver vs runtime --------------------------------------------------------------------------------
  sig('driver-insufficient', ['driver version is insufficient', 'cudaerrorinsufficientdriver', 'cuda_error_insufficient_driver'],
    /(CUDA driver version is insufficient for CUDA runtime version|cudaErrorInsufficientDriver|CUDA_ERROR_INSUFFICIENT_DRIVER)/i, [
      { code: 'driver-too-old', when: 'the driver\'s CUDA version (nvidia-smi header) is below the runtime the framework ships' },
      { code: 'wsl', when: 'WSL: the Windows driver is too old or the Linux driver was installed inside WSL' },
      { code: 'forward-compat-shadowing', when: 'a cuda-compat libcuda is loaded instead of the driver\'s own' },
    ], 1, 'https://github.com/pytorch/pytorch/issues/99138'),
  sig('torch-driver-too-old', ['driver on your system is too old'],
    /The NVIDIA driver on your system is too old \(found version (?<found>\d+)\)/i, [
      { code: 'driver-too-old', when: 'found version = the driver\'s CUDA (11040 = 11.4), below the wheel\'s CUDA' },
    ], 1, 'https://github.com/pytorch/pytorch/issues/4546'),
  sig('jax-ptxas-newer', ['which is older than the ptxas cuda version', 'older than the ptxas'],
    /driver's CUDA version is (?<driverCuda>\d+\.\d+) which is older than the ptxas CUDA version \((?<ptxas>\d+\.\d+)/i, [
      { code: 'driver-too-old', when: 'the driver\'s CUDA is older than the ptxas JAX uses' },
    ], 1, 'https://github.com/jax-ml/jax/issues/18032'),
  sig('driver-library-mismatch', ['driver/library version mismatch'], /Driver\/library version mismatch/i, [
    { code: 'driver-library-mismatch', when: 'the kernel module (/proc/driver/nvidia/version) and libnvidia-ml differ: an upgrade without reboot' },
  ], 1, 'https://github.com/NVIDIA/ubuntu-packaging-nvidia-driver/issues/3'),
  // NVRM prints the versions over the next lines, and posts sometimes elide them ("XXX.XX"): the message alone still counts.
  sig('nvrm-api-mismatch', ['api mismatch'],
    /API mismatch(?::? (?:the )?client(?: '[^'\n]{1,40}')?(?: \(pid \d{1,8}\))?(?: has the)? version:? (?<client>\d+\.\d+(?:\.\d+)?),? (?:but[^\n]{0,40}?)?kernel module(?: has the)? version:? (?<kernel>\d+\.\d+(?:\.\d+)?))?/i, [
      { code: 'driver-library-mismatch', when: 'client (user space) and kernel module versions differ' },
    ], 1, 'https://github.com/NVIDIA/ubuntu-packaging-nvidia-driver/issues/3', { complete: ['client', 'kernel'] }),
  sig('tf-kernel-dso-mismatch', ['does not match dso version'],
    /kernel version (?<kernel>\d+\.\d+(?:\.\d+)?) does not match DSO version (?<dso>\d+\.\d+(?:\.\d+)?)/i, [
      { code: 'driver-library-mismatch', when: 'kernel module and libcuda versions differ' },
    ], 1, 'https://github.com/tensorflow/tensorflow/issues/41574', { confirmed: false, note: 'thread number from memory of TF reports; message text is from stream_executor/cuda/cuda_diagnostics.cc' }),
  sig('system-driver-mismatch', ['unsupported display driver / cuda driver combination', 'cuda_error_system_driver_mismatch', 'cudaerrorsystemdrivermismatch'],
    /(system has unsupported display driver \/ cuda driver combination|CUDA_ERROR_SYSTEM_DRIVER_MISMATCH|cudaErrorSystemDriverMismatch)/i, [
      { code: 'forward-compat-shadowing', when: 'a cuda-compat libcuda of another branch is loaded (containers, LD_LIBRARY_PATH)' },
      { code: 'driver-library-mismatch', when: 'libcuda and the kernel module come from different driver releases' },
    ], 1, RUNTIME_ERRORS + ' cudaErrorSystemDriverMismatch = 803'),
  // A cuda-compat libcuda named in a path: the loader can pick it instead of the host driver's own.
  sig('compat-libcuda-path', ['/compat/libcuda.so'], /(?<path>\/[\w.\/-]{0,80}\/compat\/libcuda\.so(?:\.\d+){0,3})/, [
    { code: 'forward-compat-shadowing', when: 'the compat libcuda (from a CUDA base image or cuda-compat package) is loaded instead of the driver\'s own' },
  ], 0.5, 'https://github.com/NVIDIA/nvidia-container-toolkit/issues/1084'),
  // Other tools' wording of "the driver is older than the CUDA the program needs".
  // Old (2017–2018) nvidia-container-cli printed "cuda >= 9.0" with spaces; later "cuda>=12.6".
  sig('container-requirement-cuda', ['unsatisfied condition'], /unsatisfied condition: cuda\s{0,2}>=\s{0,2}(?<cuda>\d+\.\d+)/i, [
    { code: 'driver-too-old', when: 'the image\'s NVIDIA_REQUIRE_CUDA is newer than the CUDA the host driver supports: upgrade the host driver or use an image of an older CUDA' },
  ], 1, 'https://github.com/NVIDIA/nvidia-container-toolkit/issues/940'),
  sig('cuda-not-supported-by-driver', ['is not supported by'],
    /CUDA (?<cuda>\d+\.\d+)(?:\.\d+)? is not supported by\s*your driver(?: \(which supports up to (?<driverCuda>\d+\.\d+)(?:\.\d+)?\))?/i, [
      { code: 'driver-too-old', when: 'Julia CUDA.jl: the driver supports an older CUDA than the toolkit the package wants' },
    ], 1, 'https://github.com/JuliaGPU/julia-ngc/issues/7'),
  sig('compat-not-supported', ['forward compatibility was attempted', 'cuda_error_compat_not_supported_on_device'],
    /(forward compatibility was attempted on non supported HW|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)/i, [
      { code: 'forward-compat-shadowing', when: 'cuda-compat (forward compatibility) only works on data-centre GPUs; a GeForce/RTX card must use the host driver\'s libcuda' },
    ], 1, 'https://docs.nvidia.com/deploy/cuda-compatibility/ (forward compatibility: supported GPUs)'),
  sig('stub-library', ['cuda_error_stub_library', 'stub library'],
    /(CUDA_ERROR_STUB_LIBRARY|cudaErrorStubLibrary|CUDA driver is a stub library)/i, [
      { code: 'library-shadowing', when: 'a stubs/libcuda.so (toolkit or conda) is on LD_LIBRARY_PATH before the driver\'s libcuda.so.1' },
      { code: 'driver-not-loaded', when: 'no real driver library exists (container started without the NVIDIA runtime)' },
    ], 1, DRIVER_ERRORS + ' CUDA_ERROR_STUB_LIBRARY = 34'),
  sig('system-not-initialized', ['system not yet initialized', 'cuda_error_system_not_ready'],
    /(system not yet initialized|CUDA_ERROR_SYSTEM_NOT_READY|Error 802)/i, [
      { code: 'driver-not-loaded', when: 'NVSwitch systems (HGX/DGX): nvidia-fabricmanager is not running or its version differs from the driver' },
    ], 1, RUNTIME_ERRORS + ' cudaErrorSystemNotReady = 802'),

  sig('hpc-sdk-cuda-missing', ['was not installed with this hpc sdk'], /CUDA version (?<cuda>\d{1,2}\.\d) was not installed with this HPC SDK/i, [
    { code: 'multiple-toolkits', when: 'the HPC SDK nvcc defaults to a CUDA it does not bundle: point it at an installed one (PATH, NVHPC_CUDA_HOME, -gpu=cudaX.Y)' },
    { code: 'toolkit-mismatch', when: 'the build asks for a CUDA version that is not installed' },
  ], 1, 'https://github.com/tonyyxliu/CUHKSZ-CSC4005/issues/13', { confirmed: false, note: 'the HPC SDK nvcc wrapper\'s wording; that thread: fixed by putting cuda/11.4/bin on PATH' }),

  // ---- driver not reachable -----------------------------------------------------------------------------
  sig('smi-failed', ['nvidia-smi has failed', 'communicate with'], /NVIDIA-SMI has failed because it couldn'?t communicate with the NVIDIA driver|nvidia-smi`?\s(?:cannot|can'?t|could not|couldn'?t|fails? to|is unable to|unable to) communicate with (?:the )?(?:nvidia )?drivers?/i, [
    { code: 'driver-not-loaded', when: 'the nvidia kernel module is not loaded (kernel update without DKMS rebuild)' },
    { code: 'secure-boot', when: 'dmesg: "Key was rejected by service" or Lockdown' },
    { code: 'nouveau', when: 'nouveau is loaded' },
    { code: 'wsl', when: 'in WSL there is no kernel module: a Linux driver or nvidia-utils installed inside WSL shadows the Windows driver\'s /usr/lib/wsl/lib' },
    { code: 'no-gpu', when: 'inside a container started without the NVIDIA runtime (--gpus): the host driver is not passed in' },
  ], 1, 'https://github.com/Oneflow-Inc/oneflow/issues/3106', { confirmed: false, note: 'thread cited in reference/anchor-tools.md; the message is nvidia-smi\'s own' }),
  sig('smi-not-found', ['nvidia-smi: command not found', "'nvidia-smi' is not recognized", 'nvidia-smi not found', 'nvidia-smi: not found'], /nvidia-smi:? (command )?not found|'nvidia-smi' is not recognized/i, [
    { code: 'driver-not-loaded', when: 'no NVIDIA driver is installed (or the container has no NVIDIA runtime)' },
    { code: 'wsl', when: 'WSL: nvidia-smi lives in /usr/lib/wsl/lib' },
    { code: 'no-gpu', when: 'inside a container started without --gpus (the NVIDIA runtime mounts nvidia-smi only then)' },
  ], 0.8, 'https://github.com/microsoft/WSL/issues/9134'),
  sig('torch-no-driver', ['found no nvidia driver on your system'], /Found no NVIDIA driver on your system/i, [
    { code: 'driver-not-loaded', when: 'the driver is not installed or not loaded' },
    { code: 'no-gpu', when: 'no NVIDIA GPU in the machine or container' },
  ], 1, 'https://github.com/pytorch/pytorch/issues/4546', { confirmed: false, note: 'the message text is from torch/csrc/cuda/Module.cpp; thread is a representative report' }),
  sig('no-cuda-gpus', ['no cuda gpus are available', 'no cuda-capable device is detected', 'cuda_error_no_device'],
    /(No CUDA GPUs are available|no CUDA-capable device is detected|CUDA_ERROR_NO_DEVICE)/i, [
      { code: 'no-gpu', when: 'CUDA_VISIBLE_DEVICES is empty/wrong, or the container was started without --gpus' },
      { code: 'driver-not-loaded', when: 'the GPU is there but the driver is not loaded' },
    ], 1, RUNTIME_ERRORS + ' cudaErrorNoDevice = 100'),
  sig('invalid-device-ordinal', ['invalid device ordinal'], /invalid device ordinal/i, [
    { code: 'no-gpu', when: 'the code asks for a GPU index >= the number of visible GPUs (CUDA_VISIBLE_DEVICES, --gpus, local_rank)' },
  ], 1, RUNTIME_ERRORS + ' cudaErrorInvalidDevice = 101'),
  sig('docker-no-gpu-driver', ['could not select device driver'], /could not select device driver "[^"\n]{0,40}" with capabilities: \[\[gpu\]\]/i, [
    { code: 'no-gpu', when: 'the NVIDIA Container Toolkit is not installed or Docker was not restarted after installing it' },
  ], 1, 'https://github.com/NVIDIA/nvidia-docker/issues/1034'),
  sig('nvml-unknown-error', ['failed to initialize nvml: unknown error'], /Failed to initialize NVML: Unknown Error/i, [
    { code: 'no-gpu', when: 'in a container after `systemctl daemon-reload`: the cgroup lost the device nodes' },
    { code: 'driver-not-loaded', when: 'on the host' },
  ], 1, 'https://github.com/NVIDIA/nvidia-container-toolkit/issues/48'),
  sig('cuda-unknown-error', ['cuda unknown error'], /CUDA unknown error - this may be due to an incorrectly set up environment/i, [
    { code: 'driver-not-loaded', when: 'nvidia_uvm not loaded or broken after suspend/resume (reload nvidia_uvm)' },
  ], 0.9, 'https://github.com/pytorch/pytorch/issues/49081', { confirmed: false, note: 'representative report; message from c10/cuda' }),
  sig('libnvidia-ml-missing', ['libnvidia-ml.so'], /libnvidia-ml\.so(\.1)?: cannot open shared object file/i, [
    { code: 'driver-not-loaded', when: 'the driver\'s user-space libraries are not installed (or not mounted in the container)' },
    { code: 'wsl', when: 'WSL: /usr/lib/wsl/lib is not on the loader path' },
  ], 0.9, 'https://github.com/ollama/ollama/issues/1888'),

  sig('nvml-not-loadable', ['could not load nvml library', "couldn't find libnvidia-ml.so"],
    /(could not load NVML library|NVIDIA-SMI couldn'?t find libnvidia-ml\.so library)/i, [
      { code: 'driver-not-loaded', when: 'the driver\'s user-space libraries are not installed (or not mounted in the container)' },
      { code: 'wsl', when: 'WSL: libnvidia-ml comes from the Windows driver in /usr/lib/wsl/lib, which is not on the loader path or is shadowed' },
      { code: 'no-gpu', when: 'in a container or Kubernetes pod: the NVIDIA runtime did not inject the driver libraries (docker\'s default-runtime is not nvidia, no --gpus)' },
    ], 0.9, 'https://github.com/microsoft/WSL/issues/11888'),

  // ---- Secure Boot, nouveau, kernel log -----------------------------------------------------------------
  sig('key-rejected', ['key was rejected by service', 'required key not available'], /Key was rejected by service|could not insert 'nvidia[\w-]{0,12}': Required key not available/i, [
    { code: 'secure-boot', when: 'Secure Boot is on and the nvidia module is not signed with an enrolled key (MOK)' },
  ], 1, 'https://github.com/GoogleCloudDataproc/initialization-actions/issues/933'),
  sig('lockdown', ['lockdown'], /Lockdown: [^\n]{0,60}unsigned module loading is restricted/i, [
    { code: 'secure-boot', when: 'kernel lockdown (Secure Boot) refuses the unsigned module' },
  ], 1, 'https://github.com/NVIDIA/gds-nvidia-fs/issues/81'),
  sig('module-verification-failed', ['module verification failed'], /nvidia\w*: module verification failed: signature and\/or required key missing/i, [
    { code: 'secure-boot', when: 'only a warning (the module loaded, kernel tainted) unless Secure Boot is enforcing' },
  ], 0.2, 'https://github.com/NVIDIA/gds-nvidia-fs/issues/81'),
  sig('nouveau', ['nouveau', 'probe routine'], /(\bnouveau\b[^\n]{0,80}(fifo|DRM|bus|init|loaded|detected|PGRAPH|mmu)|NVIDIA probe routine (failed|was not called)|nouveau[^\n]{0,40}in use|Kernel driver in use: nouveau)/i, [
    { code: 'nouveau', when: 'nouveau is bound to the GPU (blacklist it, rebuild initramfs, reboot)' },
  ], 0.8, 'https://github.com/Oneflow-Inc/oneflow/issues/3106', { confirmed: false, note: 'cited in reference/anchor-tools.md' }),
  // modprobe's wordings for "no such module for this kernel" (kmod: "Module X not found in directory /lib/modules/<release>",
  // "could not find module by name 'X'"): the module was never built or installed for the running kernel.
  sig('modprobe-no-nvidia', ['module nvidia', "module by name 'nvidia", 'not found in directory /lib/modules'],
    /modprobe: (?:FATAL|ERROR): (?:could not find module by name '?nvidia[\w-]{0,12}'?|(?:Module )?nvidia[\w-]{0,12} not found(?: in directory \/lib\/modules\/(?<kernel>[\w.+~-]{3,60}))?)/i, [
    { code: 'driver-not-loaded', when: 'no module for the running kernel: DKMS did not build it after a kernel upgrade (kernel headers missing), or the driver package only ships modules for another kernel' },
  ], 1, 'https://github.com/Witko/nvidia-xrun/issues/144', { confirmed: false, note: 'modprobe (kmod) wording; that thread: nvidia package built for the stock kernel, not the running zen kernel' }),
  sig('dkms-error', ['dkms', 'bad return status for module build', 'kernel headers for kernel'],
    /(?:Error! (?:Could not locate dkms\.conf|Bad return status for module build(?: on kernel:? (?<kernel>[\w.+~-]{3,60}))?|Your kernel headers for kernel (?<kernel2>[\w.+~-]{3,60}) cannot be found)|\/var\/lib\/dkms\/nvidia\/(?<driver>\d{3}\.\d{1,3}(?:\.\d{1,3})?)|dkms[^\n]{0,60}\b(?:fail(?:ed|s)?|error)\b)/i, [
    { code: 'driver-not-loaded', when: 'DKMS did not build the nvidia module for the running kernel (headers missing, a stale /var/lib/dkms tree, or a driver too old for the kernel)' },
    { code: 'secure-boot', when: 'the module was built but Secure Boot refuses it unsigned' },
  ], 0.9, 'https://github.com/negativo17/nvidia-driver/issues/56', { confirmed: false, note: 'dkms wording; that thread: a stale /var/lib/dkms/nvidia tree stopped rebuilds after kernel upgrades' }),
  // Prose: "`modprobe nvidia` showed that the module does not exist", "No Kernel Module found in 460 driver".
  sig('kernel-module-prose', ['modprobe nvidia', 'kernel module'],
    /(?:modprobe nvidia\b[^\n]{0,60}?\b(?:does not exist|doesn't exist|not found|no such|failed|fails)|\b(?:no|missing) (?:nvidia )?kernel module\b|kernel module (?:is )?(?:missing|not (?:found|built|loaded))|\bNo Kernel Module found)/i, [
    { code: 'driver-not-loaded', when: 'the nvidia kernel module was not built or installed for the running kernel' },
  ], 0.7, 'https://github.com/Frogging-Family/nvidia-all/issues/70', { confirmed: false, note: 'that thread: the 460 module does not build for kernel 5.14' }),
  sig('xid-fallen-off-bus', ['fallen off the bus', 'xid'], /(GPU has fallen off the bus|Xid[^\n]{0,40}\b79\b)/i, [
    { code: 'pcie-degraded', when: 'power, riser/cable, PCIe slot or overheating: the GPU disconnected' },
  ], 0.9, 'https://docs.nvidia.com/deploy/xid-errors/index.html'),
  sig('xid-ecc', ['xid'], /Xid[^\n]{0,40}\b(48|63|64|92|94|95)\b/, [
    { code: 'ecc-errors', when: 'uncorrectable ECC / row remapping events' },
  ], 0.9, 'https://docs.nvidia.com/deploy/xid-errors/index.html'),

  // ---- libraries ----------------------------------------------------------------------------------------
  sig('cannot-open-so', ['cannot open shared object file', 'could not load library', 'unable to load lib', 'unable to load any of'],
    /(?<soname>lib[A-Za-z0-9_+-]{2,60}\.so(?:\.\d+){0,3})(?:(?!lib)[^\n]){0,30}?(: cannot open shared object file|\. Error)|(?:Could not load library |Unable to load (?:any of \{)?)(?<soname2>lib[A-Za-z0-9_+-]{2,60}\.so(?:\.\d+){0,3})/, [
      { code: 'library-not-found', when: 'the library is not installed, or installed (pip wheel / toolkit) but not on the loader path' },
      { code: 'cudnn-mismatch', when: 'cuDNN of another major is installed (libcudnn_ops_infer.so.8 is cuDNN 8; cuDNN 9 renamed it libcudnn_ops.so.9)' },
      { code: 'framework-cuda-mismatch', when: 'the library\'s major (libcudart.so.11.0, libcublas.so.12) differs from the installed CUDA' },
      { code: 'wsl', when: 'WSL and the library is libcuda.so: /usr/lib/wsl/lib is not on the path' },
    ], 1, 'https://github.com/SYSTRAN/faster-whisper/issues/516'),
  sig('tf-could-not-load', ['could not load dynamic library'], /Could not load dynamic library '(?<soname>[A-Za-z0-9_.+-]{3,80})'/i, [
    { code: 'library-not-found', when: 'TensorFlow dlopens CUDA/cuDNN of the exact major it was built for' },
    { code: 'framework-cuda-mismatch', when: 'another CUDA major is installed than the one TensorFlow was built with' },
  ], 0.9, 'https://github.com/tensorflow/tensorflow/issues/60646'),
  sig('tf-cannot-dlopen', ['cannot dlopen some gpu libraries'], /Cannot dlopen some GPU libraries/i, [
    { code: 'library-not-found', when: 'the CUDA/cuDNN libraries TensorFlow needs are missing: pip install "tensorflow[and-cuda]"' },
    { code: 'cpu-only-build', when: 'TensorFlow falls back to the CPU' },
  ], 0.8, 'https://github.com/tensorflow/tensorflow/issues/60646'),
  sig('windows-dll', ['.dll'], /Could not (?:locate|load|find)(?: library)? ["']?(?<dll2>(?:cudart64|cudnn64|cublas64|cublasLt64|cufft64|curand64|cusolver64|cusparse64|nvrtc64|cudnn_ops_infer64|cudnn_cnn_infer64|nvcuda)_?\d*(?:_\d+)?\.dll)|(?<dll>(?:cudart64|cudnn64|cublas64|cublasLt64|cufft64|curand64|cusolver64|cusparse64|nvrtc64|cudnn_ops_infer64|cudnn_cnn_infer64|nvcuda)_?\d*(?:_\d+)?\.dll)[^\n]{0,60}?(not found|could not be found|cannot find|is not found|failed)/i, [
      { code: 'library-not-found', when: 'the DLL\'s CUDA/cuDNN version is not installed or its bin folder is not on PATH' },
    ], 1, 'https://github.com/tensorflow/tensorflow/issues/45930', { confirmed: false, note: 'representative TF-on-Windows report' }),
  sig('winerror-126', ['winerror 126'], /WinError 126[^\n]{0,200}?(?<dll>[A-Za-z0-9_]{2,40}\.dll)?/i, [
    { code: 'library-not-found', when: 'a DLL (or one of its dependencies, e.g. the VC++ runtime) cannot be found' },
  ], 0.9, 'https://github.com/pytorch/pytorch/issues/131662', { confirmed: false, note: 'representative report' }),
  sig('undefined-symbol-nvjitlink', ['undefined symbol'], /undefined symbol: (?<symbol>__nvJitLink\w{1,40}|cusparse\w{1,40}|cublas\w{1,40}|cudnn\w{1,40}|nccl\w{1,40}|ncclCommRegister|cuTensorMap\w{1,40})/, [
    { code: 'library-shadowing', when: 'LD_LIBRARY_PATH puts a system CUDA library before the one the wheel ships' },
    { code: 'framework-cuda-mismatch', when: 'nvidia-* wheels of another CUDA minor than torch\'s are installed' },
  ], 1, 'https://github.com/pytorch/pytorch/issues/111469'),
  sig('undefined-symbol-torch', ['undefined symbol'], /(?<lib>[A-Za-z0-9_]{2,60}\.(?:so|pyd))[^\n]{0,20}: undefined symbol: (?<symbol>_Z\w{2,200})/, [
    { code: 'framework-cuda-mismatch', when: 'an extension (torchvision, xformers, flash-attn, vllm) was built against another torch version' },
  ], 0.8, 'https://github.com/vllm-project/vllm/issues/1453', { confirmed: false, note: 'representative of ABI mismatch reports' }),

  // ---- cuDNN ----------------------------------------------------------------------------------------------
  sig('torch-cudnn-incompat', ['cudnn version incompatibility'],
    /cuDNN version incompatibility: PyTorch was compiled\s+against \((?<built>\d+, ?\d+, ?\d+)\) but found runtime version \((?<found>\d+, ?\d+, ?\d+)\)/i, [
      { code: 'cudnn-mismatch', when: 'an older cuDNN (system, LD_LIBRARY_PATH, conda) loads instead of the wheel\'s' },
      { code: 'library-shadowing', when: 'LD_LIBRARY_PATH puts it first' },
    ], 1, 'https://github.com/pytorch/pytorch/issues/78489', { confirmed: false, note: 'collect_env reports the system cuDNN, not the loaded one (thread); message from torch/backends/cudnn' }),
  sig('torch-cudnn-linked', ['but linked against'],
    /PyTorch was compiled\s+against \((?<built>\d+, ?\d+, ?\d+)\) but linked against \((?<found>\d+, ?\d+, ?\d+)\)/i, [
      { code: 'cudnn-mismatch', when: 'older PyTorch wording of the same check: the cuDNN the process linked is older than the build\'s' },
      { code: 'library-shadowing', when: 'LD_LIBRARY_PATH puts a cuDNN folder before the wheel\'s copy' },
    ], 1, 'https://github.com/pytorch/pytorch/issues/80637'),
  sig('tf-cudnn-loaded', ['loaded runtime cudnn library'],
    /Loaded runtime CuDNN library:? (?<found>\d+\.\d+\.\d+|\d{4,5})(?: \(compatibility version \d+\))? but source was compiled with:? (?<built>\d+\.\d+\.\d+|\d{4,5})|Loaded runtime CuDNN library:? (?<found2>\d+\.\d+\.\d+|\d{4,5})/i, [
      { code: 'cudnn-mismatch', when: 'the cuDNN that loads is older than the one TensorFlow was built with' },
    ], 1, 'https://github.com/tensorflow/tensorflow/issues/62328', { confirmed: false, note: 'message from stream_executor/cuda/cuda_dnn.cc', complete: ['built'] }),
  sig('jax-cudnn-version', ['cudnn version', 'outdated cudnn installation'], /(Found cuDNN version (?<found>\d{4,5}), but JAX was built against version (?<built>\d{4,5})|Outdated cuDNN installation found)/i, [
    { code: 'cudnn-mismatch', when: 'installed cuDNN is older than jaxlib\'s build' },
  ], 1, 'https://github.com/jax-ml/jax/issues/18032', { confirmed: false, note: 'representative JAX CUDA init report' }),
  sig('dnn-library-not-found', ['dnn library is not found', 'dnn library initialization failed'], /DNN library (is not found|initialization failed)/i, [
    { code: 'cudnn-mismatch', when: 'the cuDNN version does not fit the jaxlib/TF build' },
    { code: 'library-not-found', when: 'no cuDNN at all' },
    { code: 'out-of-memory', when: 'the GPU memory is already taken (JAX preallocates 75%)' },
  ], 0.9, 'https://github.com/jax-ml/jax/issues/18032', { confirmed: false, note: 'representative' }),
  sig('cudnn-status-error', ['cudnn_status_'], /CUDNN_STATUS_(?<status>NOT_INITIALIZED|INTERNAL_ERROR|EXECUTION_FAILED|ARCH_MISMATCH|VERSION_MISMATCH|ALLOC_FAILED|NOT_SUPPORTED)/, [
    { code: 'out-of-memory', when: 'NOT_INITIALIZED / INTERNAL_ERROR / ALLOC_FAILED are usually out of GPU memory' },
    { code: 'cudnn-mismatch', when: 'VERSION_MISMATCH, or a cuDNN too old for the GPU (ARCH_MISMATCH)' },
  ], 0.6, 'https://docs.nvidia.com/deeplearning/cudnn/latest/api/cudnn-graph-library.html#cudnnstatus-t'),

  // ---- framework build vs CUDA ------------------------------------------------------------------------------
  sig('torch-not-compiled-cuda', ['torch not compiled with cuda enabled'], /Torch not compiled with CUDA enabled/i, [
    { code: 'cpu-only-build', when: 'torch.__version__ ends in +cpu or torch.version.cuda is None (pip picked the CPU wheel, or conda the cpu build)' },
    { code: 'mixed-package-managers', when: 'conda and pip both installed torch' },
  ], 1, 'https://github.com/nv-morpheus/Morpheus/issues/1943'),
  sig('jax-cpu-fallback', ['a cuda-enabled jaxlib is not installed', 'falling back to cpu'],
    /(a CUDA-enabled jaxlib is not installed|No GPU\/TPU found, falling back to CPU)/i, [
      { code: 'cpu-only-build', when: 'jax was installed without the jax[cuda12] extra' },
      { code: 'library-not-found', when: 'the CUDA plugin is installed but fails to load its libraries' },
    ], 0.9, 'https://github.com/jax-ml/jax/issues/18032', { confirmed: false, note: 'representative' }),
  sig('jax-cuda-version', ['but jax was built against'], /Found CUDA version (?<found>\d{4,5}), but JAX was built against version (?<built>\d{4,5})/i, [
    { code: 'framework-cuda-mismatch', when: 'the CUDA libraries found are older than jaxlib\'s build' },
  ], 1, 'https://github.com/jax-ml/jax/issues/18032', { confirmed: false, note: 'representative' }),
  sig('detected-cuda-mismatch', ['mismatches the version that was used to compile'],
    /detected CUDA version \((?<nvcc>\d+\.\d+)\) mismatches the version that was used to compile\s*PyTorch \((?<torch>\d+\.\d+)\)/i, [
      { code: 'toolkit-mismatch', when: 'nvcc / CUDA_HOME is another CUDA than torch.version.cuda' },
    ], 1, 'https://github.com/vllm-project/vllm/issues/1453'),
  sig('cuda-home-not-set', ['cuda_home environment variable is not set'], /CUDA_HOME environment variable is not set/i, [
    { code: 'toolkit-mismatch', when: 'no CUDA toolkit (nvcc) to build the extension with' },
    { code: 'cpu-only-build', when: 'torch is a CPU build (torch.version.cuda is None)' },
  ], 1, 'https://github.com/pytorch/pytorch/issues/73047', { confirmed: false, note: 'cited in reference/anchor-tools.md' }),
  sig('bnb-cuda-setup', ['cuda setup failed despite gpu being available'], /CUDA Setup failed despite GPU being available/i, [
    { code: 'library-not-found', when: 'bitsandbytes finds no libcudart / binary for this CUDA version' },
  ], 1, 'https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1559'),

  sig('bnb-cpu-library', ['compiled without gpu support'], /bitsandbytes was compiled without GPU support/i, [
    { code: 'library-not-found', when: 'bitsandbytes found no CUDA runtime (libcudart) at import and loaded its CPU library' },
    { code: 'cpu-only-build', when: 'a bitsandbytes build without CUDA is installed' },
  ], 0.9, 'https://github.com/bitsandbytes-foundation/bitsandbytes/issues/305'),
  sig('bnb-no-libcudart', ['libcudart.so not found', 'no libcudart.so found'],
    /(?<soname>libcudart\.so(?:\.\d+){0,2}) not found in any environmental path|No (?<soname2>libcudart\.so(?:\.\d+){0,2}) found/i, [
      { code: 'library-not-found', when: 'no CUDA runtime library on the loader path or in the environment (install torch with CUDA, cudatoolkit, or set LD_LIBRARY_PATH)' },
    ], 1, 'https://github.com/bitsandbytes-foundation/bitsandbytes/issues/305'),

  // ---- memory -------------------------------------------------------------------------------------------
  sig('torch-oom', ['out of memory', 'tried to allocate'],
    /(?:CUDA out of memory\. |(?=Tried to allocate \d+(?:\.\d+)? [KMGT]iB \(GPU \d))Tried to allocate (?<tried>\d+(?:\.\d+)? [KMGT]iB)(?:[^\n]{0,40}?GPU (?<gpu>\d+)[^\n]{0,20}? has a total capacity of (?<total>\d+(?:\.\d+)? [KMGT]iB) of which (?<free>\d+(?:\.\d+)? [KMGT]iB) is free)?/i, [
      { code: 'out-of-memory', when: 'allocated ≈ capacity: the model/batch is too big; reserved ≫ allocated: fragmentation; free ≪ capacity − reserved: another process holds memory' },
    ], 1, 'https://pytorch.org/docs/stable/notes/cuda.html#memory-management'),
  sig('cuda-oom-generic', ['out of memory', 'outofmemoryerror', 'resource_exhausted', 'resourceexhausted', 'cublas_status_alloc_failed', 'cuda_error_out_of_memory', 'cudaerrormemoryallocation', 'oom when allocating'],
    /(CUDA error: out of memory|torch\.(cuda\.)?OutOfMemoryError|RESOURCE_EXHAUSTED: (?:Out of memory|Failed to allocate)|ResourceExhaustedError|CUBLAS_STATUS_ALLOC_FAILED|CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation|OOM when allocating)/i, [
      { code: 'out-of-memory', when: 'the process (or another one) used up GPU memory' },
    ], 0.9, 'https://pytorch.org/docs/stable/notes/cuda.html#memory-management'),

  // ---- NCCL ---------------------------------------------------------------------------------------------
  sig('nccl-system-error', ['unhandled system error', 'ncclsystemerror'], /(unhandled system error|ncclSystemError)/i, [
    { code: 'nccl-failure', when: 'most often /dev/shm too small in Docker (--shm-size / --ipc=host); NCCL_DEBUG=INFO shows the failing call' },
  ], 1, 'https://github.com/NVIDIA/nccl/issues/290', { confirmed: false, note: 'representative shm report' }),
  sig('nccl-shm', ['shared memory segment', '/dev/shm', 'nccl'], /(Error while creating shared memory segment|\/dev\/shm\/nccl[^\n]{0,80}(No space left|failed)|No space left on device[^\n]{0,60}shm)/i, [
    { code: 'nccl-failure', when: '/dev/shm is too small (Docker default 64 MB)' },
  ], 1, 'https://github.com/NVIDIA/nccl/issues/290', { confirmed: false, note: 'representative shm report' }),
  sig('nccl-cuda-error', ['unhandled cuda error', 'ncclunhandledcudaerror'], /(unhandled cuda error|ncclUnhandledCudaError)/i, [
    { code: 'nccl-failure', when: 'P2P between GPUs fails (IOMMU/ACS, virtualised PCIe): try NCCL_P2P_DISABLE=1' },
  ], 1, 'https://github.com/NVIDIA/nccl/issues/631'),
  sig('nccl-p2p', ['peer access', 'p2p'], /(peer access is not supported between these two devices|P2P[^\n]{0,40}(fail|not supported|disabled))/i, [
    { code: 'nccl-failure', when: 'ACS/IOMMU blocks PCIe peer-to-peer' },
  ], 0.8, 'https://github.com/NVIDIA/nccl/issues/2079'),
  sig('nccl-socket', ['no socket interface found', 'socketstartconnect', 'bootstrap'],
    /(no socket interface found|socketStartConnect: Connect to [^\n]{0,80}failed|Bootstrap : no socket interface)/i, [
      { code: 'nccl-failure', when: 'no usable network interface between nodes: set NCCL_SOCKET_IFNAME' },
    ], 0.9, 'https://github.com/NVIDIA/nccl/issues/667', { confirmed: false, note: 'related NCCL topology/interface thread' }),
  sig('nccl-warn', ['nccl warn'], /NCCL WARN (?<what>[^\n]{1,200})/, [
    { code: 'nccl-failure', when: 'NCCL reports a problem; the WARN line says which call failed' },
  ], 0.5, 'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html'),
  sig('nccl-timeout', ['watchdog caught collective operation timeout'], /Watchdog caught collective operation timeout/i, [
    { code: 'nccl-failure', when: 'a collective hung: P2P/ACS, one rank crashed, or network' },
  ], 0.8, 'https://github.com/NVIDIA/nccl-tests/issues/117'),

  // ---- extension builds against the wrong toolkit ---------------------------------------------------------
  sig('ext-cuda-mismatch-warning', ['does not match the version used to compile pytorch'],
    /compiled with a version of Cuda that does not match the version used to compile Pytorch binaries\.?\s*Pytorch binaries were compiled with Cuda (?<torch>\d+\.\d+)/i, [
      { code: 'toolkit-mismatch', when: 'apex/extension setup.py: nvcc (CUDA_HOME) is another CUDA than the one torch was built with' },
    ], 1, 'https://github.com/NVIDIA/apex/issues/317'),
  sig('nvcc-unsupported-gcc', ['unsupported gnu version'], /unsupported GNU version! gcc versions later than (?<gcc>\d+) are not supported/i, [
    { code: 'toolkit-mismatch', when: 'the host gcc is newer than this nvcc supports: use an older gcc (NVCC_CCBIN / CC) or a newer CUDA toolkit' },
  ], 1, 'https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html#host-compiler-support-policy'),

  // ---- kernel module missing after a driver install (Fedora/akmods, the .run installer, modprobe) ---------
  sig('nvidia-kmod-missing', ['kernel module missing'], /NVIDIA kernel module (?:is )?missing/i, [
    { code: 'driver-not-loaded', when: 'akmods has not (yet) built the module for the running kernel: kernel-devel missing, or no reboot after the build' },
    { code: 'secure-boot', when: 'Secure Boot is on (the default on most laptops; Fedora keeps it on) and the akmods-built module is unsigned or its key not enrolled' },
    { code: 'nouveau', when: 'the desktop fell back to nouveau' },
  ], 1, 'https://github.com/gridhead/nvidia-auto-installer-for-fedora-linux/issues/64'),
  sig('modprobe-not-permitted', ["could not insert 'nvidia", 'kernel module load error'], /(?:could not insert 'nvidia[\w-]{0,12}'|Kernel module load error): (?<why>Operation not permitted|Key was rejected by service|Required key not avail\w{0,5}|No such device|Invalid argument|Exec format error)/i, [
    { code: 'secure-boot', when: '"Operation not permitted" / "Key was rejected": Secure Boot (kernel lockdown) refuses the unsigned module' },
    { code: 'nouveau', when: '"No such device": nouveau holds the GPU, or the GPU is not supported by this driver branch' },
    { code: 'driver-not-loaded', when: '"Invalid argument" / "Exec format error": the module was built for another kernel' },
  ], 1, 'https://github.com/tomaspinho/rtl8821ce/issues/89', { confirmed: false, note: 'modprobe\'s own message; that thread (another out-of-tree module) establishes Secure Boot as the cause of "Operation not permitted"; no nvidia thread checked' }),
  sig('installer-kmod-load-failed', ['kernel module'], /Unable to load the (?:kernel module )?['"]?nvidia(?:-drm|-modeset|-uvm|-peermem)?(?:\.ko)?['"]?(?: kernel module)?/i, [
    { code: 'secure-boot', when: 'the .run installer built an unsigned module and Secure Boot refuses it' },
    { code: 'nouveau', when: 'nouveau is bound to the GPU (the installer\'s other common cause)' },
    { code: 'driver-not-loaded', when: 'kernel headers or the build of the module failed' },
  ], 1, 'https://github.com/NVIDIA/gpu-driver-container/issues/44'),
  sig('akmods-failed', ['akmods'], /akmods?[^\n]{0,80}(?:fail|error|could not)/i, [
    { code: 'driver-not-loaded', when: 'akmods could not build the nvidia kmod (kernel-devel for the running kernel missing)' },
    { code: 'secure-boot', when: 'the kmod was built but Secure Boot refuses it unsigned' },
  ], 0.9, 'https://rpmfusion.org/Howto/NVIDIA (akmods, Secure Boot section)'),

  // ---- cuDNN / library loaded from the wrong folder -----------------------------------------------------
  sig('lib-undefined-symbol-path', ['undefined symbol'], /(?<path>\/[\w.+-]{1,40}(?:\/[\w.+-]{1,60}){0,8})\/(?<soname>lib(?:cudnn|cublas|cublasLt|cusparse|cufft|nccl|nvJitLink|cudart)\w{0,30}\.so(?:\.\d+){0,3}): undefined symbol/, [
      { code: 'library-shadowing', when: 'the library loaded from this folder (a system CUDA/cuDNN on LD_LIBRARY_PATH) is not the one the framework ships' },
      { code: 'cudnn-mismatch', when: 'a cuDNN of another minor than the framework\'s is loaded' },
    ], 1, 'https://github.com/pytorch/pytorch/issues/119989'),
  sig('cudnn-cannot-load-symbol', ['cannot load symbol'], /(?:Invalid handle\. )?Cannot load symbol (?<symbol>cudnn\w{1,60})/i, [
    { code: 'library-not-found', when: 'the cuDNN sub-library (libcudnn_cnn / libcudnn_ops) that holds the symbol is not on the loader path' },
    { code: 'cudnn-mismatch', when: 'only part of a cuDNN of another version is found' },
  ], 0.9, 'https://github.com/SYSTRAN/faster-whisper/issues/516', { confirmed: false, note: 'that thread is about the missing cuDNN 8 sub-libraries; this wording is cuDNN\'s own when a sub-library cannot be dlopened' }),

  // ---- framework companions built for another torch -------------------------------------------------------
  sig('xformers-built-for', ['you have'], /PyTorch (?<built>\d+\.\d+\.\d+(?:\+\w{2,12})?) with CUDA (?<cuda>\d{3,5}) \(you have (?<have>\d+\.\d+\.\d+(?:\+\w{2,12})?)\)/i, [
    { code: 'framework-cuda-mismatch', when: 'xFormers (or another extension) was built for another torch build than the installed one' },
    { code: 'cpu-only-build', when: 'the installed torch is a +cpu build' },
  ], 1, 'https://github.com/facebookresearch/xformers/issues/982'),
  sig('torchvision-cuda-differs', ['compiled with different cuda'], /PyTorch and torchvision were compiled with different CUDA (?:major )?versions\.?\s*PyTorch has CUDA Version=(?<torch>\d+\.\d+) and torchvision has CUDA Version=(?<vision>\d+\.\d+)/i, [
    { code: 'framework-cuda-mismatch', when: 'torchvision comes from another index (CUDA) than torch' },
  ], 1, 'https://github.com/pytorch/vision/blob/main/torchvision/extension.py (_check_cuda_version)'),
  sig('torchvision-op-missing', ['does not exist'], /operator torchvision::(?<op>\w{2,30}) does not exist/i, [
    { code: 'framework-cuda-mismatch', when: 'torchvision was built for another torch release (pip upgraded one of them alone)' },
  ], 1, 'https://github.com/pytorch/pytorch/issues/122494'),

  // ---- NCCL network and bootstrap ---------------------------------------------------------------------------
  sig('nccl-net-error', ['socket creation failed', 'connection refused', 'connection timed out', 'connection reset by peer', 'net/ib', 'net/socket', 'address family not supported'],
    /(Socket creation failed|\bsocket\.(?:h|cc):\d+[^\n]{0,20}WARN|NET\/(?:IB|Socket)[^\n]{0,80}(?:fail|error|WARN|timeout|No device)|(?:NCCL|c10d|ProcessGroupNCCL|TCPStore|gloo|rendezvous)[^\n]{0,160}(?:Connection refused|Connection timed out|Connection reset by peer)|(?:Connection refused|Connection timed out|Connection reset by peer)[^\n]{0,160}(?:NCCL|c10d|TCPStore|gloo|rendezvous))/i, [
      { code: 'nccl-failure', when: 'the ranks cannot reach each other over the interface NCCL picked: NCCL_SOCKET_IFNAME, firewall, or NCCL_IB_DISABLE when InfiniBand is absent/broken' },
    ], 0.9, 'https://github.com/NVIDIA/nccl/issues/210'),
  sig('nccl-env-mention', ['nccl_socket_ifname', 'nccl_ib_disable', 'nccl_p2p_disable', 'nccl_shm_disable'], /\bNCCL_(?:SOCKET_IFNAME|IB_DISABLE|P2P_DISABLE|P2P_LEVEL|SHM_DISABLE)\b/i, [
    { code: 'nccl-failure', when: 'the paste is about NCCL\'s transport settings' },
  ], 0.3, 'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html'),

  // ---- libcuda not found by other tools (cuda-python, cudarc, numba, ollama) ----------------------------------
  sig('libcuda-dlopen', ['libcuda.so', 'unable to find cuda lib'],
    /(?:Failed to dlopen|cannot dlopen|failed to load|could not load|unable to load)\s{1,3}(?:library\s)?['"]?libcuda\.so(?:\.1)?|Unable to find cuda lib under the names|libcuda\.so(?:\.1)?: cannot open shared object file/i, [
      { code: 'wsl', when: 'WSL: libcuda lives in /usr/lib/wsl/lib, which the loader does not search (ld.wsl.conf missing, or LD_LIBRARY_PATH)' },
      { code: 'driver-not-loaded', when: 'no NVIDIA driver user-space library here (driver not installed, or a container without the NVIDIA runtime)' },
    ], 1, 'https://github.com/NVIDIA/cuda-python/issues/17'),
  sig('wsl-no-adapters', ['wsl environment detected'], /WSL environment detected but no adapters were found/i, [
    { code: 'wsl', when: 'the container runtime sees WSL but no GPU adapter: Windows driver missing/too old, or Docker Desktop\'s WSL integration off' },
  ], 1, 'https://github.com/AbdBarho/stable-diffusion-webui-docker/issues/117'),

  // ---- WSL ----------------------------------------------------------------------------------------------
  sig('wsl-libcuda-symlink', ['is not a symbolic link'], /\/usr\/lib\/wsl\/lib\/(?<lib>lib\w{2,40}\.so(?:\.\d+)?) is not a symbolic link/i, [
    { code: 'wsl', when: 'WSL ships real files in /usr/lib/wsl/lib; ldconfig warns, harmless alone, but a Linux libcuda installed in WSL breaks the GPU' },
  ], 0.6, 'https://github.com/microsoft/WSL/issues/5548', { confirmed: false, note: 'long-standing WSL issue for this ldconfig message' }),
  sig('wsl-dxg', ['/dev/dxg'], /\/dev\/dxg[^\n]{0,40}(No such file|not found|failed)/i, [
    { code: 'wsl', when: 'WSL 1 or an old WSL kernel: GPU paravirtualisation (/dev/dxg) is missing' },
  ], 0.9, 'https://github.com/microsoft/WSL/issues/9134'),
  sig('wsl-container-mount', ['/usr/lib/wsl/'], /(?:mount error|stat failed|no such file|not found)[^\n]{0,80}\/usr\/lib\/wsl\/|\/usr\/lib\/wsl\/[^\n]{0,120}(?:no such file|not found)/i, [
    { code: 'wsl', when: 'the WSL driver files under /usr/lib/wsl are missing or not where the container runtime or loader looks (Windows driver too old, Docker Desktop vs Docker-in-WSL)' },
  ], 1, 'https://github.com/NVIDIA/nvidia-docker/issues/1225'),
  sig('wsl-dxcore', ['dxcore'], /dxcore[\w.]{0,4}:\d+\]\s*(?:Failed to query the core Nvidia libraries|No Nvidia Libraries found|Core Nvidia library \S{1,40} not found)/i, [
    { code: 'wsl', when: 'WSL\'s dxcore layer finds no NVIDIA libraries for the adapter under /usr/lib/wsl/drivers: the Windows driver is missing, too old, or not a WSL-capable one' },
  ], 0.9, 'https://github.com/NVIDIA/k8s-device-plugin/issues/207'),
  // ---- symptoms that need facts to explain ---------------------------------------------------------------
  sig('cuda-not-available', ['is cuda available: false', 'is_available()', 'cuda unavailable'], /(Is CUDA available: False|torch\.cuda\.is_available\(\)[^\n]{0,20}?\bFalse\b|CUDA unavailable, invalid device)/i, [
    { code: 'cpu-only-build', when: 'torch is a +cpu build or CUDA used to build PyTorch is None' },
    { code: 'driver-too-old', when: 'the driver\'s CUDA is below the wheel\'s (+cuXYZ)' },
    { code: 'driver-not-loaded', when: 'nvidia-smi fails' },
    { code: 'no-gpu', when: 'no GPU in the container or CUDA_VISIBLE_DEVICES hides it' },
  ], 0.5, 'https://github.com/pytorch/pytorch/issues/99138'),
  sig('tf-no-cuda-drivers', ['could not find cuda drivers on your machine'], /Could not find cuda drivers on your machine, GPU will not be used/i, [
    { code: 'library-not-found', when: 'TensorFlow >= 2.14 from plain `pip install tensorflow`: the CUDA libraries come only with tensorflow[and-cuda]' },
    { code: 'driver-not-loaded', when: 'libcuda.so.1 is really missing (no driver / container without the NVIDIA runtime)' },
  ], 0.9, 'https://github.com/tensorflow/tensorflow/issues/62328'),
  sig('jax-backend-failed', ['cuda backend failed to initialize', "unable to initialize backend 'cuda'"],
    /(CUDA backend failed to initialize|Unable to initialize backend 'cuda')/i, [
      { code: 'framework-cuda-mismatch', when: 'the CUDA libraries found do not match the jaxlib build' },
      { code: 'cudnn-mismatch', when: 'the message names cuDNN' },
      { code: 'driver-too-old', when: 'the driver is older than the CUDA of the jax plugin' },
      { code: 'cpu-only-build', when: 'jax falls back to the CPU' },
    ], 0.6, 'https://github.com/jax-ml/jax/issues/18032', { confirmed: false, note: 'representative' }),

  // ---- third round (2026-11-30): old GPUs, old TensorFlow, conda + pip, NCCL P2P hangs -----------------------
  sig('invalid-kernel-image', ['device kernel image is invalid', 'cudaerrorinvalidkernelimage', 'cuda_error_invalid_image'],
    /(device kernel image is invalid|cudaErrorInvalidKernelImage|CUDA_ERROR_INVALID_IMAGE)/i, [
      { code: 'arch-unsupported', when: 'the binary has no kernel (SASS or PTX) the GPU can run: the GPU\'s compute capability is below the build\'s arch list' },
      { code: 'driver-too-old', when: 'PTX newer than the driver can JIT' },
    ], 0.9, 'https://github.com/tensorflow/tensorflow/issues/41892'),
  sig('tf-cpu-device-only', ["device_type='cpu'"], /^\s{0,4}\[PhysicalDevice\(name='\/physical_device:CPU:0', device_type='CPU'\)\]\s{0,4}$/, [
    { code: 'framework-cuda-mismatch', when: 'TensorFlow <= 2.13 loads the system CUDA/cuDNN: the installed toolkit is not the one the TF version was built for' },
    { code: 'cpu-only-build', when: 'TensorFlow >= 2.11 on native Windows has no GPU build (2.10 was the last); or a tensorflow-cpu / plain tensorflow without [and-cuda]' },
    { code: 'wsl', when: 'on Windows, TensorFlow GPU runs in WSL2' },
  ], 0.7, 'https://github.com/tensorflow/tensorflow/issues/38090'),
  sig('pip-replaces-framework', ['found existing installation', 'attempting uninstall', 'pip uninstall'],
    /(?:Found existing installation: (?<pkg>torch|pytorch|tensorflow|tensorflow-gpu) (?<version>\d+\.\d+(?:\.\d+)?)\b|Attempting uninstall: (?<pkg2>torch|tensorflow)\b|\bpip\b[^\n]{0,40}\buninstall(?:s|ed|ing)\b[^\n]{0,40}\b(?:PyTorch|torch|tensorflow)\b(?:[^\n(]{0,30}\((?<version2>\d+\.\d+(?:\.\d+)?)\))?)/i, [
      { code: 'mixed-package-managers', when: 'pip replaced the framework that conda (environment.yml) installed: two package managers own one stack' },
    ], 0.7, 'https://github.com/ashleve/lightning-hydra-template/issues/500'),
  sig('conda-env-mention', ['conda'], /\b(?:conda (?:env|environment|install|activate|create)|(?:with|using|via|from|in (?:the|a|my)) (?:ana|mini)?conda\b|environment\.ya?ml)/i, [
    { code: 'mixed-package-managers', when: 'the environment is a conda one; pip installing the same framework into it mixes two managers' },
  ], 0.2, 'https://github.com/thousandbrainsproject/tbp.monty/issues/385'),
  sig('nccl-p2p-transport', ['p2p/ipc', 'p2p/cumem', 'nccl_p2p_disable'], /(?:via P2P\/(?:IPC|CUMEM|direct pointer)|\bNCCL_P2P_DISABLE\s{0,2}=\s{0,2}1)/i, [
    { code: 'nccl-failure', when: 'NCCL uses PCIe peer-to-peer between the GPUs (or disabling it works around the problem): ACS on PCIe switches redirects P2P through the root complex and hangs' },
  ], 0.4, 'https://github.com/NVIDIA/nccl/issues/631'),
  sig('gpu-topo-pcie-switch', ['pix', 'pxb'], /^\s{0,4}GPU\d{1,2}\s[^\n]{0,60}\b(?:PIX|PXB)\b/, [
    { code: 'nccl-failure', when: 'nvidia-smi topo -m shows GPUs behind PCIe switches (PIX/PXB): P2P there goes through the switch, where ACS can block or hang it' },
  ], 0.2, 'https://github.com/NVIDIA/nccl/issues/667'),
  // ---- round 5: other tools' wording of known causes -------------------------------------------------------------
  // Ollama: msg="NVIDIA driver too old" … driver=535 required_driver="570 or newer".
  sig('ollama-driver-too-old', ['required_driver'], /\bdriver=(?<driver>\d{3}(?:\.\d{1,3}){0,2})\b[^\n]{0,40}?required_driver="?(?<required>\d{3}(?:\.\d{1,3}){0,2})/i, [
    { code: 'driver-too-old', when: 'the driver is older than the one the bundled CUDA runtime needs' },
  ], 1, 'https://github.com/ollama/ollama/issues/16415', { confirmed: false, note: 'ollama\'s log wording; that thread: 535 → 570 fixed it' }),
  // DeepSpeed / apex / older setup.py: "Installed CUDA version 12.2 does not match the version torch was compiled with 11.7".
  sig('installed-cuda-not-torch', ['does not match the version torch was compiled with'], /Installed CUDA version (?<nvcc>\d{1,2}\.\d)(?:\.\d+)? does not match the version torch was compiled with (?<torch>\d{1,2}\.\d)/i, [
    { code: 'toolkit-mismatch', when: 'nvcc / CUDA_HOME is another CUDA than torch.version.cuda' },
  ], 1, 'https://github.com/JIA-Lab-research/MGM/issues/91', { confirmed: false, note: 'DeepSpeed op builder / apex setup.py wording' }),
  // torch's own advice: "Minimum and Maximum cuda capability supported by this version of PyTorch is (7.0) - (12.0)",
  // "Please install PyTorch with a following CUDA configurations: 12.6".
  sig('torch-cc-range', ['minimum and maximum cuda capability'], /Minimum and Maximum cuda capability supported by this version of PyTorch is\s{0,4}\((?<min>\d{1,2}\.\d)\)\s{0,3}-\s{0,3}\((?<max>\d{1,2}\.\d)\)/i, [
    { code: 'arch-unsupported', when: 'the GPU is outside the capability range of the build' },
  ], 0.6, 'https://github.com/mmartial/ComfyUI-Nvidia-Docker/issues/61', { confirmed: false, note: 'torch/cuda/__init__.py warning text' }),
  sig('torch-suggests-cuda', ['following cuda', 'configurations:'], /Please install PyTorch with a following CUDA\s{0,4}configurations?:\s{0,4}(?<cuda>\d{1,2}\.\d(?:\s{0,2}[\d.\s]{0,20})?)/i, [
    { code: 'arch-unsupported', when: 'torch names the CUDA builds that still cover this GPU' },
  ], 0.5, 'https://github.com/mmartial/ComfyUI-Nvidia-Docker/issues/61', { confirmed: false, note: 'torch/cuda/__init__.py warning text' }),
  // NVRM refusing a GPU this driver release does not support (too new for the branch, or a legacy GPU).
  sig('nvrm-gpu-unsupported', ['not supported by the'], /not supported by the (?<driver>\d{3}\.\d{1,3}(?:\.\d{1,3})?)(?:\s|$)/i, [
    { code: 'driver-not-loaded', when: 'this driver release does not support the GPU: a newer GPU needs a newer branch, an old one a legacy branch' },
  ], 1, 'https://pastebin.com/sCaps7a7', { confirmed: false, note: 'NVRM kernel message; the driver README appendix A lists supported GPUs per release' }),
  // Another kernel driver owns the GPU: "NVRM: GPU 0000:01:00.0 is already bound to NovaCore." (nova_core) / nouveau.
  sig('nvrm-already-bound', ['already bound to'], /NVRM: GPU [\w:.]{4,20} is already bound to (?<owner>[\w-]{2,20})/i, [
    { code: 'nouveau', when: 'an open-source kernel driver (nouveau, or its successor nova_core) claimed the GPU first' },
  ], 1, 'https://github.com/beclab/Olares/pull/3963', { confirmed: false, note: 'NVRM wording; that PR blacklists nova_core/nova_drm on Ubuntu 26.04 kernels' }),
  sig('secure-boot-enabled', ['secure boot', 'secureboot', 'unsigned module'], /(?:UEFI )?Secure ?Boot (?:is )?(?:enabled|on\b|active|enforced)|SecureBoot enabled|(?:due to|because of|blocked by) (?:UEFI )?Secure ?Boot|Loading of unsigned module is rejected/i, [
    { code: 'secure-boot', when: 'Secure Boot is on: an unsigned nvidia module is refused' },
  ], 0.6, 'https://github.com/NVIDIA/gpu-operator/issues/1142', { confirmed: false, note: 'installer / mokutil wording' }),
  // PyTorch DataLoader workers in a container with the default 64 MB /dev/shm.
  sig('dataloader-shm', ['shared memory', 'bus error'], /(?:insufficient shared memory|unexpected bus error encountered in worker|DataLoader worker \(pid \d+\) is killed by signal: Bus error)/i, [
    { code: 'out-of-memory', when: '/dev/shm is too small for the DataLoader workers (docker default 64 MB): --shm-size or --ipc=host' },
    { code: 'nccl-failure', when: 'NCCL uses /dev/shm too: the same limit breaks multi-GPU runs' },
  ], 1, 'https://github.com/pytorch/pytorch/issues/2244', { confirmed: false, note: 'DataLoader error text from torch/utils/data/_utils/signal_handling' }),
  // Two copies of one CUDA library family: libcublas from one place, libcublasLt (another version) from another.
  sig('symbol-version-not-defined', ['not defined in file'], /symbol (?<symbol>\w{2,80}),? version (?<soname>lib[\w+-]{2,40}\.so(?:\.\d+){0,3}) not defined in file (?<file>lib[\w+-]{2,40}\.so(?:\.\d+){0,3})/i, [
    { code: 'library-shadowing', when: 'another copy of the library (LD_LIBRARY_PATH, conda cudatoolkit, a system CUDA) is loaded instead of the one its partner was built with' },
    { code: 'mixed-package-managers', when: 'conda\'s cudatoolkit and pip\'s nvidia-* wheels both ship the library' },
  ], 1, 'https://blog.csdn.net/qq_39306047/article/details/127798591', { confirmed: false, note: 'glibc loader wording' }),
  sig('cuda-error-804-prose', ['804'], /\b(?:error|Error) 804\b|\b804 error\b|\bcudaErrorCompatNotSupportedOnDevice\b/, [
    { code: 'forward-compat-shadowing', when: 'a cuda-compat library is used on a GPU that does not support forward compatibility' },
  ], 0.8, RUNTIME_ERRORS + ' cudaErrorCompatNotSupportedOnDevice = 804'),
  sig('smi-device-handle-unknown', ['unable to determine the device handle'], /Unable to determine the device handle for GPU\s?\d{0,2}:?[^\n]{0,40}?: (?<why>Unknown Error|GPU is lost|[\w ]{3,40})/i, [
    { code: 'driver-not-loaded', when: 'the driver cannot talk to the GPU (fallen off the bus, driver state)' },
    { code: 'wsl', when: 'WSL: a GPU in TCC mode (not WDDM) is not supported by WSL and breaks the others too' },
  ], 0.9, 'https://github.com/microsoft/WSL/issues/13027', { confirmed: false, note: 'nvidia-smi wording' }),

  // caffe2: "cuDNN compiled (6021) and runtime (7003) versions mismatch".
  sig('cudnn-compiled-runtime', ['versions mismatch'], /cuDNN compiled \((?<built>\d{4,5})\) and runtime \((?<found>\d{4,5})\) versions mismatch/i, [
    { code: 'cudnn-mismatch', when: 'another cuDNN than the build\'s is loaded (two cuDNN installs, LD_LIBRARY_PATH)' },
    { code: 'library-shadowing', when: 'a second cuDNN copy comes first on the loader path' },
  ], 1, 'https://github.com/onnx/onnx-caffe2/issues/288', { confirmed: false, note: 'caffe2 common_cudnn.h wording' }),
  // PaddlePaddle's start-up check: "The installed Paddle is compiled with CUDNN 8.2, but CUDNN version in your machine is 8.1".
  sig('paddle-cudnn', ['is compiled with cudnn'], /compiled with CUDNN (?<built>\d+\.\d+(?:\.\d+)?), but CUDNN version in your machine is (?<found>\d+\.\d+(?:\.\d+)?)/i, [
    { code: 'cudnn-mismatch', when: 'the machine\'s cuDNN is older than Paddle\'s build' },
  ], 1, 'https://github.com/PaddlePaddle/Paddle/issues/37349', { confirmed: false, note: 'paddle/fluid/platform/device_context / gpu_info wording' }),
  sig('paddle-cuda', ['is compiled with cuda'], /compiled with CUDA (?<built>\d+\.\d+), but CUDA runtime version in your machine is (?<found>\d+\.\d+)/i, [
    { code: 'framework-cuda-mismatch', when: 'the machine\'s CUDA differs from Paddle\'s build' },
  ], 1, 'https://github.com/PaddlePaddle/Paddle/issues/37349', { confirmed: false, note: 'Paddle wording, same check as the cuDNN one' }),
  // An undefined versioned symbol from a CUDA library: a second copy of the library it is versioned against loaded first.
  sig('undefined-symbol-version', ['undefined symbol'], /undefined symbol: (?<symbol>\w{2,80}),? version (?<soname>lib[\w+-]{2,40}\.so(?:\.\d+){0,3})/i, [
    { code: 'library-shadowing', when: 'another copy of that library (a system CUDA, LD_LIBRARY_PATH, conda) is loaded before the one shipped with the package' },
    { code: 'framework-cuda-mismatch', when: 'a CUDA library package of another major is installed (conda nvidia channel, pip nvidia-*-cu12 under a CUDA 11 build)' },
  ], 1, 'https://github.com/pytorch/pytorch/issues/103832', { confirmed: false, note: 'glibc loader wording; that thread: an image\'s CUDA 11.3 cuBLAS loaded before pip\'s nvidia-cublas-cu11' }),
  // A cuda-compat folder put first on purpose (images for "older drivers"): it breaks once the host driver is newer.
  sig('compat-prose', ['compat'], /\/usr\/local\/cuda(?:-[\d.]+)?\/compat\b|\bcuda[- ]compat(?:ibility)?\b|\bforward[- ]compat(?:ibility)?\b/i, [
    { code: 'forward-compat-shadowing', when: 'the cuda-compat libcuda is loaded instead of the host driver\'s' },
  ], 0.5, 'https://github.com/VIAME/VIAME/issues/273', { confirmed: false, note: 'prose; that thread: /usr/local/cuda/compat first on LD_LIBRARY_PATH broke newer host drivers' }),
  // TensorFlow 1.x dso_loader: "Couldn't open CUDA library libcudnn.so. LD_LIBRARY_PATH: …", "Unable to load cuDNN DSO".
  sig('tf-dso-open', ["couldn't open cuda library", 'unable to load cudnn dso'], /Couldn'?t open CUDA library (?<soname>lib[\w+-]{2,40}\.so(?:\.\d+){0,3})|Unable to load cuDNN DSO/i, [
    { code: 'library-not-found', when: 'the library is not on the loader path (LD_LIBRARY_PATH, ldconfig)' },
  ], 1, 'https://pastebin.com/3J0dkCY4', { confirmed: false, note: 'tensorflow/stream_executor/dso_loader.cc wording (TF 1.x)' }),
  // Something about GPU memory being used, said in prose: lets a full nvidia-smi table be read as the cause.
  sig('memory-prose', ['memory', 'allocated', 'vram', 'allocate'], /\b(?:GPU memory|memory (?:is )?(?:used|allocated|occupied|in use|full)|allocated by|VRAM|(?:fail\w{0,3} to|cannot|could not|unable to) allocate)\b/i, [], 0.1,
    'https://github.com/wencolani/CrossE/issues/2', { confirmed: false, note: 'context only' }),
  // Extensions that check the capability themselves (tiny-cuda-nn: "… extension for compute capability 87").
  sig('ext-no-cc', ['for compute capability'], /(?:could not find|no) compatible [\w-]{2,40} (?:extension|kernels?|binary|build) for compute capability (?<cc>\d{2,3}|\d{1,2}\.\d)/i, [
    { code: 'arch-unsupported', when: 'the extension was built without this GPU\'s architecture' },
    { code: 'toolkit-mismatch', when: 'rebuild it with this architecture (TORCH_CUDA_ARCH_LIST / TCNN_CUDA_ARCHITECTURES)' },
  ], 1, 'https://github.com/NVlabs/tiny-cuda-nn/issues/434', { confirmed: false, note: 'tinycudann/modules.py wording' }),
  // LD_DEBUG=libs: where a CUDA library was actually loaded from.
  sig('ld-debug-loaded-from', ['calling init:'], /calling init: (?<path>\/[\w.+-]{1,40}(?:\/[\w.+-]{1,60}){0,8})\/(?<soname>lib(?:cudart|cublas|cublasLt|cudnn\w{0,20}|nvrtc|cufft|curand|cusparse|cusolver|nccl|nvJitLink)\.so(?:\.\d+){0,3})/, [
    { code: 'library-shadowing', when: 'the copy that loads is a system CUDA one, not the package\'s' },
  ], 0.6, 'https://github.com/pytorch/pytorch/issues/19309', { confirmed: false, note: 'glibc LD_DEBUG output' }),
  // conda's solve plan or list choosing the CPU variant: "pytorch-nightly-1.2.0.dev20190805+cpu-py3.7_cpu_0", "cpu-only-1.0-0".
  sig('conda-cpu-build', ['_cpu_', 'cpu-only'], /\b(?:py)?torch(?:-nightly)?[\w/:.-]{0,40}?[-=\s]\s{0,20}(?<version>\d[\w.+]{2,40}?)[-=\s]\s{0,20}(?<build>py\d\.\d{1,2}_cpu_\d+)\b|::cpu-only-\d/i, [
    { code: 'cpu-only-build', when: 'conda chose the CPU build of pytorch (no build for the asked cudatoolkit, or the cpuonly package)' },
  ], 1, 'https://github.com/pytorch/pytorch/issues/23778', { confirmed: false, note: 'conda build-string convention of the pytorch channel' }),
  sig('gpudirect-rdma', ['peer_mem', 'peermem', 'gpudirect rdma'], /\bnv_peer_mem(?:ory)?\b|\bnvidia[-_]peermem\b|\bGPUDirect RDMA\b/i, [
    { code: 'nccl-failure', when: 'GPUDirect RDMA through a PCIe switch needs ACS off' },
  ], 0.5, 'https://github.com/NVIDIA/nccl/issues/304', { confirmed: false, note: 'that thread: ACS on PLX switches, disabled with setpci' }),
  sig('singularity-no-nv', ['singularity', 'apptainer'], /\b(?:singularity|apptainer) (?:run|exec|shell)\b(?![^\n]{0,200}--nv)/i, [
    { code: 'no-gpu', when: 'the container was started without --nv, so the host driver is not bound in' },
  ], 0.5, 'https://github.com/apptainer/singularity/issues/5935', { confirmed: false, note: 'that thread: maintainer says run with --nv' }),
  sig('bnb-no-binary', ['required library version not found'], /Required library version not found: (?<lib>libbitsandbytes_cuda(?<cuda>\d{3})\w{0,20}\.so)/i, [
    { code: 'framework-cuda-mismatch', when: 'this bitsandbytes release has no binary for the detected CUDA' },
    { code: 'library-not-found', when: 'the binary exists but for another CUDA than the one found' },
  ], 1, 'https://blog.csdn.net/weixin_44517645/article/details/131508060', { confirmed: false, note: 'bitsandbytes cuda_setup wording (0.3x–0.41)' }),
  sig('nvrm-bar', ['64-bit bar', 'prefetchable memory window', 'bar0 is 0m'], /64-bit BAR mapped above 4GB|does not define a matching prefetchable memory window|BAR\d is 0M @ 0x0/i, [
    { code: 'driver-not-loaded', when: 'the GPU\'s BARs could not be mapped: Above 4G Decoding off, or a bridge window too small (pci=realloc)' },
  ], 1, 'https://pastebin.com/ykCwG6iu', { confirmed: false, note: 'NVRM wording; the driver README has a 64-bit BAR section' }),
  // Another vendor's GPU named: CUDA builds cannot use it.
  sig('amd-gpu', ['amd', 'radeon'], /\b(?:I have an? |my |with an? |only an? )(?<gpu>AMD(?: Radeon)?(?: RX ?\d{3,4}\w{0,3})?|Radeon(?: RX ?\d{3,4}\w{0,3})?)(?: GPU| card| graphics)?\b/i, [
    { code: 'no-gpu', when: 'the machine\'s GPU is not an NVIDIA one' },
  ], 0.4, 'https://huggingface.co/TheBloke/Mistral-7B-Instruct-v0.1-GPTQ/discussions/9', { confirmed: false, note: 'prose' }),
  // ptxas / the driver's JIT refusing PTX of a newer ISA: "Unsupported .version 8.5; current version is '8.4'".
  sig('ptx-isa-version', ['unsupported .version'], /Unsupported \.version (?<ptx>\d{1,2}\.\d); current version is '(?<cur>\d{1,2}\.\d)'/i, [
    { code: 'driver-too-old', when: 'PTX generated by a newer CUDA (toolkit, Numba, Triton, OptiX) than the driver\'s JIT compiler knows' },
    { code: 'toolkit-mismatch', when: 'an older ptxas is used on PTX from a newer compiler' },
  ], 1, 'https://github.com/numba/numba/issues/8961', { confirmed: false, note: 'ptxas wording; PTX ISA ↔ CUDA from the PTX release history (src/knowledge/data/cuda.ts)' }),
  sig('torch-min-cc', ['minimum cuda capability supported by this library'], /minimum cuda capability supported by this library is (?<min>\d{1,2}\.\d)/i, [
    { code: 'arch-unsupported', when: 'the GPU is below the build\'s minimum capability' },
  ], 0.5, 'https://github.com/w-okada/voice-changer/issues/447', { confirmed: false, note: 'torch/cuda/__init__.py wording' }),
  sig('nvml-function-not-found', ['function not found'], /Failed to initialize NVML: Function Not Found/i, [
    { code: 'driver-library-mismatch', when: 'libnvidia-ml.so.1 is from another driver release than the one running (a stale link after an update)' },
  ], 0.9, 'https://github.com/NVIDIA/nvidia-docker/issues/584', { confirmed: false, note: 'NVML return code text (NVML_ERROR_FUNCTION_NOT_FOUND)' }),
  // Ollama on Windows/Linux: "Unable to load cudart" … "your nvidia driver is too old or missing".
  sig('driver-old-or-missing', ['driver is too old or missing'], /(?<dll>cudart64_\d{2,3}\.dll)[^\n]{0,120}?your nvidia driver is too old or missing|your nvidia driver is too old or missing/i, [
    { code: 'driver-too-old', when: 'the driver is older than the bundled CUDA runtime needs' },
    { code: 'driver-not-loaded', when: 'no NVIDIA driver is installed' },
  ], 1, 'https://github.com/ollama/ollama/issues/6604', { confirmed: false, note: 'ollama gpu.go wording' }),
  // The linker, not the loader: "/usr/bin/ld: cannot find -lcuda" while building a CUDA extension (Triton, vLLM, custom ops).
  sig('ld-cannot-find', ['cannot find -l'], /\bld(?:\.\w{1,10})?: cannot find -l(?<lib>cuda|cudart|cublas|cublasLt|cudnn|nvrtc|nccl|cufft|curand|cusparse|cusolver|nvidia-ml)\b/, [
    { code: 'library-not-found', when: 'the unversioned link name (libcuda.so → libcuda.so.1, or the toolkit\'s stubs) is missing from the linker path' },
  ], 1, 'https://blog.gitcode.com/13736d94828989303015374d84005862', { confirmed: false, note: 'GNU ld wording' }),
  // CUDA.jl: "CUDA driver 8.0.0 is not compatible with any supported CUDA toolkit (11.4.4, 11.5.2, …)".
  sig('cudajl-driver-incompatible', ['is not compatible with any supported cuda toolkit'], /CUDA driver (?<driverCuda>\d{1,2}\.\d)(?:\.\d{1,3})? is not compatible with any supported CUDA toolkit \((?<cuda>\d{1,2}\.\d)/i, [
    { code: 'driver-too-old', when: 'the driver is older than the oldest CUDA the package supports' },
    { code: 'arch-unsupported', when: 'the GPU is too old for any driver that new' },
  ], 1, 'https://github.com/JuliaGPU/CUDA.jl/issues/2231', { confirmed: false, note: 'CUDA.jl wording' }),
  // cuDF / numba: "Using CUDA toolkit version (12, 3) with CUDA driver version (12, 2) requires minor version compatibility".
  sig('cudf-mvc', ['requires minor version compatibility'], /Using CUDA toolkit version \((?<tkMajor>\d{1,2}), (?<tkMinor>\d)\) with CUDA driver version \((?<drMajor>\d{1,2}), (?<drMinor>\d)\)/i, [
    { code: 'framework-cuda-mismatch', when: 'cuDF/numba cannot use minor-version compatibility: the CUDA toolkit packages must not be newer than the driver\'s CUDA' },
    { code: 'driver-too-old', when: 'a driver for the toolkit\'s CUDA fixes it too' },
  ], 1, 'https://github.com/Kaggle/docker-python/issues/1361', { confirmed: false, note: 'cudf/utils/_numba.py wording' }),
  // "pip install torch resulted in the CPU version", "This command installs cpu version instead of cuda".
  sig('cpu-version-prose', ['cpu version', 'cpu-only version', 'cpu build', 'cpu wheel'], /\b(?:install(?:s|ed)?|got|resulted in|gives?|pulls?|downloads?)\b[^\n]{0,40}\bCPU(?:[- ]only)? (?:version|build|wheel)\b|\bcpu version instead of (?:cuda|gpu)\b/i, [
    { code: 'cpu-only-build', when: 'the package manager chose the CPU build' },
  ], 0.7, 'https://github.com/pytorch/pytorch/issues/168065', { confirmed: false, note: 'prose' }),
  // A pip --user install (~/.local/…/site-packages) imported inside a conda or venv environment.
  sig('user-site-path', ['/.local/lib/python'], /\/\.local\/lib\/python\d\.\d{1,2}\/site-packages\/(?<pkg>[A-Za-z][\w-]{1,40})/, [
    { code: 'mixed-package-managers', when: 'a pip --user copy in ~/.local shadows the environment\'s own package (PYTHONNOUSERSITE=1)' },
  ], 0.6, 'https://github.com/ContinuumIO/anaconda-issues/issues/11805', { confirmed: false, note: 'Python user-site layout' }),
  // The module was built for another kernel: "nvidia: version magic '5.15.0-2-MANJARO …' should be '5.15.1-1-MANJARO …'".
  sig('version-magic', ['version magic'], /nvidia[\w-]{0,12}: version magic '(?<built>[\w.+~-]{3,60})[^'\n]{0,80}' should be '(?<kernel>[\w.+~-]{3,60})/i, [
    { code: 'driver-not-loaded', when: 'the nvidia module was built for another kernel than the running one (no DKMS rebuild after a kernel update)' },
  ], 1, 'https://pastebin.com/JbbyXm0w', { confirmed: false, note: 'kernel module loader wording' }),
  sig('wsl1', ['wsl 1', 'wsl1', 'wsl version 1'], /\bWSL\s?1\b(?!\.\d)|\bWSL version 1\b/i, [
    { code: 'wsl', when: 'WSL 1 has no GPU passthrough; CUDA needs WSL 2' },
  ], 0.9, 'https://github.com/oobabooga/textgen/issues/458', { confirmed: false, note: 'NVIDIA CUDA on WSL user guide: WSL 2 only' }),
  sig('cuda-required-not-available', ['cuda is required but not available'], /CUDA is required but not available(?: for (?<pkg>[\w-]{2,30}))?/i, [
    { code: 'no-gpu', when: 'the machine or container has no usable NVIDIA GPU (a CPU-only host or Space)' },
    { code: 'cpu-only-build', when: 'the package is a CPU build' },
  ], 0.9, 'https://huggingface.co/spaces/EpistemeAI/agent-llama-gradio', { confirmed: false, note: 'bitsandbytes wording' }),
  // FFmpeg NVENC: the nv-codec-headers it was built with need a newer driver.
  sig('nvenc-api', ['required nvenc api version', 'nvidia driver for nvenc'], /Driver does not support the required nvenc API version\. Required: (?<required>\d{1,2}\.\d) Found: (?<found>\d{1,2}\.\d)|minimum required Nvidia driver for nvenc is (?<floor>\d{3}\.\d{1,3}(?:\.\d{1,3})?) or newer/i, [
    { code: 'driver-too-old', when: 'the FFmpeg build needs a newer NVENC API than the driver provides' },
  ], 1, 'https://github.com/GyanD/codexffmpeg/issues/161', { confirmed: false, note: 'FFmpeg nvenc.c wording; floors in src/knowledge/data/nvenc.ts' }),
  // nvidia-docker 1.0: "Error: unsupported CUDA version: driver 7.5 < image 8.0".
  sig('nvidia-docker-unsupported-cuda', ['unsupported cuda version:'], /unsupported CUDA version: (?:driver (?<driverCuda>\d{1,2}\.\d) < image (?<cuda>\d{1,2}\.\d)|(?<a>\d{1,2}\.\d) < (?<b>\d{1,2}\.\d))/i, [
    { code: 'driver-too-old', when: 'the image\'s CUDA is newer than the host driver supports' },
  ], 1, 'https://github.com/NVIDIA/nvidia-docker/issues/177', { confirmed: false, note: 'nvidia-docker 1.0 wording' }),
  // PaddlePaddle: its own CPU-build message and the "no GPU at runtime" warning.
  sig('paddle-cpu-version', ['cpu version paddlepaddle'], /installed CPU version PaddlePaddle/i, [
    { code: 'cpu-only-build', when: 'the paddlepaddle (CPU) package is installed instead of paddlepaddle-gpu' },
  ], 1, 'https://github.com/baidu/Senta/issues/69', { confirmed: false, note: 'Paddle wording' }),
  sig('paddle-no-gpu-runtime', ['no gpu found in runtime'], /Compiled with WITH_GPU, but no GPU found in runtime/i, [
    { code: 'driver-too-old', when: 'the driver is older than the CUDA the Paddle build needs (cudaGetDeviceCount fails)' },
    { code: 'driver-not-loaded', when: 'no driver is loaded' },
    { code: 'no-gpu', when: 'CUDA_VISIBLE_DEVICES hides the GPU or the container has none' },
  ], 0.8, 'https://github.com/PaddlePaddle/PaddleClas/issues/965', { confirmed: false, note: 'Paddle init.cc wording' }),
  // A native crash with SIGBUS inside NCCL or a DataLoader: /dev/shm ran out (docker's 64 MB).
  sig('bus-error', ['bus error', 'signal 7'], /Caught signal 7 \(Bus error|\bBus error\b[^\n]{0,40}(?:nonexistent physical address|core dumped)/i, [
    { code: 'nccl-failure', when: 'NCCL\'s shared-memory transport ran out of /dev/shm (docker: --shm-size / --ipc=host)' },
    { code: 'out-of-memory', when: 'DataLoader workers ran out of /dev/shm' },
  ], 0.8, 'https://github.com/msr-fiddle/pipedream/issues/76', { confirmed: false, note: 'that thread: --shm-size fixed it' }),
  // apt's history: an unattended upgrade replaced the user-space driver while the old module stays loaded until reboot.
  sig('apt-upgraded-driver', ['upgrade:'], /Upgrade: [^\n]{0,300}?(?:nvidia|libnvidia)[\w-]{0,40}-\d{3}(?::\w+)? \((?<old>\d{3}\.\d{1,3}(?:\.\d{1,3})?)[^,)]{0,40}, (?<new>\d{3}\.\d{1,3}(?:\.\d{1,3})?)/, [
    { code: 'driver-library-mismatch', when: 'the user-space driver was upgraded; the loaded kernel module is still the old one until reboot' },
    { code: 'driver-not-loaded', when: 'the upgrade broke the module (DKMS) for the running kernel' },
  ], 0.9, 'https://github.com/lyulyul/shine-cluster/issues/50', { confirmed: false, note: '/var/log/apt/history.log format' }),
  sig('required-key', ['required key not available'], /Required key not available/i, [
    { code: 'secure-boot', when: 'the kernel refuses an unsigned module under Secure Boot (lockdown)' },
    { code: 'driver-not-loaded', when: 'the module is not loaded' },
  ], 0.9, 'https://newbetuts.com/761886-ubuntu-1604-kernel-440-21-not-loading-nvidiavboxdrv-modules-anymore-required-key-not-available', { confirmed: false, note: 'kernel ENOKEY message text' }),
  sig('pip-requirements', ['requirements'], /\bpip3? install\b[^\n]{0,20}\s-r\s|requirements\.txt/i, [], 0.1,
    'https://github.com/YaoFANGUK/video-subtitle-remover/issues/65', { confirmed: false, note: 'context only' }),
  // ONNX Runtime's CUDA execution provider library failing to load (Linux dlopen, Windows LoadLibrary).
  sig('ort-provider-load', ['onnxruntime_providers_cuda'],
    /Failed to load library (?:lib)?onnxruntime_providers_cuda\.(?:so|dll) with error: (?<soname>lib[\w+-]{2,40}\.so(?:\.\d+){0,3})?|LoadLibrary failed with error (?<winerr>\d{2,4})[^\n]{0,120}?onnxruntime_providers_cuda\.dll/i, [
    { code: 'framework-cuda-mismatch', when: 'the onnxruntime-gpu build is for another CUDA major than the one installed (1.13–1.18 PyPI builds: CUDA 11; 1.19+: CUDA 12)' },
    { code: 'cudnn-mismatch', when: 'the build loads another cuDNN major (ORT 1.18.1+/1.19 CUDA 12 builds: cuDNN 9)' },
    { code: 'library-not-found', when: 'the right CUDA/cuDNN is installed but not on the loader path' },
  ], 1, 'https://github.com/microsoft/onnxruntime/issues/13932', { confirmed: false, note: 'onnxruntime provider_bridge_ort.cc wording; requirements from src/knowledge/data/onnxruntime.ts' }),
  // A pip command installing torch: with a conda environment and another torch version named, two managers own torch.
  sig('pip-install-torch', ['pip install', 'pip3 install'], /\bpip3? install\b[^\n]{0,60}?\btorch==(?<version>\d[\w.+]{2,20})/i, [
    { code: 'mixed-package-managers', when: 'the environment is a conda one and another torch version is named' },
  ], 0.2, 'https://github.com/facebookresearch/nevergrad/issues/1276', { confirmed: false, note: 'context: conda package pulled its own PyTorch 1.3.0 over pip torch 1.10.0+cu113' }),
  // Containers and pods: no cause of its own; it tells container causes (runtime, device plugin) from host ones.
  sig('container-context', ['kubectl', 'kubernetes', 'k8s', 'device plugin', 'device-plugin', 'docker', 'container', 'podman'],
    /\b(?:kubectl|kubernetes|k8s|device[- ]plugin|docker (?:run|compose|version)|docker-compose|Docker version|nvidia-docker2?|podman|containerd|inside (?:the |a )?container|in (?:the |a |my )?(?:docker )?container|jupyter notebook in docker)\b/i, [], 0.1,
    'https://github.com/NVIDIA/k8s-device-plugin/issues/23', { confirmed: false, note: 'context only' }),
  // Prose that says something GPU-related stopped working, with no message: no cause of its own, but a symptom that
  // lets facts (an LD_LIBRARY_PATH, a driver package row) be read as the cause.
  sig('gpu-stopped-working', ['no longer', 'not longer', 'stopped', 'stops', "doesn't", 'does not', "won't", 'will not', 'cannot', "can't", 'fail to', 'fails to'], /\b(?:nvidia-smi|torch\.cuda\.is_available\(\)|CUDA|GPUs?|cuDNN)\b[^\n]{0,40}?\b(?:no longer|not longer|stopped|stops|doesn'?t|does not|won'?t|will not|cannot|can'?t|fails? to)\s(?:work(?:ing)?|detect|find|see|be found|recogni[sz]e)\b/i, [], 0.2,
    'https://github.com/microsoft/WSL/issues/9099', { confirmed: false, note: 'a symptom in prose; it names no cause' }),
  // CUDA samples / NCCL debug output listing which GPU pairs have peer access (simpleP2P, p2pBandwidthLatencyTest).
  sig('p2p-cannot-access', ['cannot access peer'], /Device[= ]{1,2}\d{1,2} CANNOT Access Peer Device[= ]{1,2}\d{1,2}/i, [
    { code: 'nccl-failure', when: 'some GPU pairs have no peer access: across CPU sockets that is expected; on one switch it is ACS or the IOMMU' },
  ], 0.3, 'https://github.com/NVIDIA/nccl/issues/257', { confirmed: false, note: 'simpleP2P output; that thread: AllReduce hang fixed by booting with intel_iommu=off' }),
  sig('multi-gpu-hang', ['hang', 'hung', 'freez', 'stuck', 'deadlock'], /\b(?:hangs?|hanging|hung|freez(?:e|es|ing)|frozen|stuck|deadlocks?)\b[^\n]{0,80}\b(?:GPUs|NCCL|all_?reduce|allreduce|DDP|ranks?|P2P)\b|\b(?:GPUs|NCCL|all_?reduce|allreduce|DDP|ranks?|P2P)\b[^\n]{0,80}\b(?:hangs?|hanging|hung|freez(?:e|es|ing)|frozen|stuck|deadlocks?)\b/i, [
    { code: 'nccl-failure', when: 'a multi-GPU job hangs: P2P through a PCIe switch with ACS on, or one rank died' },
  ], 0.3, 'https://github.com/NVIDIA/nccl/issues/631'),
  sig('ext-cuda-mismatch-cut', ['does not match the version used'], /Cuda extensions are being compiled with a version of Cuda that does not match the version used/i, [
    { code: 'toolkit-mismatch', when: 'the same apex/extension check, cut before it names torch\'s CUDA: compare nvcc with torch.version.cuda' },
  ], 0.9, 'https://github.com/pytorch/pytorch/issues/40563'),
  sig('cuda-init-device-count', ['unexpected error from cudagetdevicecount'], /Unexpected error from cudaGetDeviceCount\(\)/i, [
    { code: 'wsl', when: 'in WSL: the GPU is reached through /usr/lib/wsl/lib (libcuda from the Windows driver); a Linux driver/libcuda installed inside WSL or replaced symlinks break it' },
    { code: 'driver-too-old', when: 'the message ends in Error 803/804: driver older than the CUDA runtime' },
    { code: 'driver-library-mismatch', when: 'the user-space driver and the kernel module differ (after an upgrade without reboot)' },
  ], 0.8, 'https://github.com/microsoft/WSL/issues/9092'),
  sig('cudnn-feature-min', ['supported only in cudnn'], /supported only in cudnn v?(?<min>\d+(?:\.\d+){0,2}) and (?:above|newer|later)/i, [
    { code: 'cudnn-mismatch', when: 'the cuDNN that loads is older than the one the feature needs: an old libcudnn found first (LD_LIBRARY_PATH, a system copy)' },
    { code: 'library-shadowing', when: 'a newer cuDNN is installed but an older copy on the library path is loaded' },
  ], 0.9, 'https://github.com/pytorch/pytorch/issues/986'),
];

