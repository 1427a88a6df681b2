// Sentences of `gpuenv explain` findings (English and Simplified Chinese).
import { defineMessages } from '../../i18n/index.js';

export const msg = defineMessages({
  en: {
    evLoadedFrom: 'loaded from',
    drvBelowTable: 'less than 7.0 (it is below the CUDA 7.0 floor, 346.46)',
    drvToolkitBuild: 'the program (built with the CUDA {cuda} toolkit)',
    archOldFloor: 'sm_37 and newer (sm_35 and older were dropped in 1.3)',
    tkGccTitle: 'The host gcc is newer than this nvcc supports (gcc > {gcc})',
    tkGccCause:
      'nvcc checks the host compiler: this CUDA toolkit supports gcc up to {gcc}, and the gcc on PATH is newer. Install an older gcc and point nvcc at it (NVCC_CCBIN / CC / CXX, or -ccbin), or use a newer CUDA toolkit that supports this gcc.',
    fcmExtTitle: '{ext} was built for torch {built}, but torch {have} is installed',
    fcmExtCause:
      '{ext} ships compiled kernels for one torch build: torch {built} (CUDA {cuda}). The installed torch is {have}, so its C++/CUDA extensions do not load. Install the {ext} build made for torch {have} (same index URL as torch), or install torch {built}.',
    fcmVisionTitle: 'torch and torchvision come from different builds',
    fcmVisionCause:
      "torchvision's compiled operators ({what}) do not match the installed torch: the two were installed from different index URLs or one was upgraded alone. Install both from the same index, in matching versions.",
    shPathTitle: "A system library is loaded instead of the framework's own ({lib})",
    shPathCause:
      '{lib} was loaded from {path}, a system/toolkit folder, and lacks a symbol the framework needs: LD_LIBRARY_PATH (or ld.so.conf) puts that folder before the copy the framework ships (the nvidia-* wheels or its conda env). Remove it from LD_LIBRARY_PATH for this program.',
    kmodMissingCause:
      'The nvidia kernel module is not loaded after the driver install. On Fedora (akmods) the module is built at boot for the running kernel: it is missing when kernel-devel does not match the running kernel or the build has not finished (wait, reboot); with Secure Boot on, the unsigned module is refused even when it was built.',
    sbCauseLikely:
      'Secure Boot refuses an nvidia module that is not signed with an enrolled key. Laptops and most distributions ship with Secure Boot on, and a driver built locally (akmods, DKMS, the .run installer) is unsigned until its key is enrolled with mokutil — so a module that is "missing" right after a clean install is often this. `mokutil --sb-state` tells.',
    ncNet:
      'the ranks cannot connect over the network interface NCCL chose (loopback, docker0 or a virtual interface, a firewall, or InfiniBand that is absent or broken).',
    ncSystem:
      'a system call failed inside NCCL: in containers most often /dev/shm is too small; across nodes most often the socket interface (NCCL picked lo/docker0, or the nodes name their NICs differently).',
    wslCauseLoader:
      'This is WSL 2: libcuda.so comes from the Windows driver and lives in /usr/lib/wsl/lib, a folder the loader and dlopen only search when /etc/ld.so.conf.d/ld.wsl.conf is in place or LD_LIBRARY_PATH names it. Tools that dlopen "libcuda.so" (cuda-python, cudarc, numba) fail when it is not on the path; do not install a Linux driver to fix it.',
    evLine: 'error message (line {line})',
    evGpu: 'GPU',
    evTorch: 'torch',
    evDriver: 'driver',
    evDriverCuda: 'driver supports CUDA up to',
    evNvcc: 'nvcc (CUDA toolkit)',
    evMissing: 'library not found',
    evCudnn: 'cuDNN present',
    evArchs: 'torch arch list',
    unknown: 'unknown',
    // arch-unsupported
    archTitle: '{build} has no kernels for {gpu} ({sm})',
    archTitleNoGpu: "The installed build has no kernels for this GPU's architecture",
    archCause: '{gpu} is compute capability {cc} ({sm}). {build} ships SASS for {archs}{ptx}, so the driver finds no kernel image for {sm}. {wheel}',
    archCauseNoList:
      '{gpu} is compute capability {cc} ({sm}). {build} has no kernels for {sm} (its arch list is not in the paste: torch.cuda.get_arch_list() shows it), so the driver finds no kernel image. {wheel}',
    archCauseNoGpu:
      '"no kernel image is available" means the binary (a framework wheel or a compiled extension) was built without the GPU\'s architecture. Compare torch.cuda.get_arch_list() with the GPU\'s compute capability (nvidia-smi --query-gpu=name,compute_cap --format=csv).',
    archWheel: 'A {tag} wheel (torch {version}, CUDA {cuda}) covers {sm}; it needs driver >= {floor}.',
    archWheelDriver: 'Only wheels built with CUDA {cuda} ({tag}, torch {version}) cover {sm}; they need driver >= {floor}.',
    archCoveredTitle: '{build} has kernels for {gpu} ({sm}): the missing kernel image is in an extension or another library',
    archCoveredCause:
      '{gpu} is compute capability {cc} ({sm}), and {build} ships kernels for it ({archs}). The kernel that failed comes from code built without {sm}: a compiled extension (flash-attn, xformers, apex, a custom op) or another package with CUDA code of its own. Another torch wheel would not change this.',
    archCoveredCheck: 'lists {sm}: torch itself is not the cause',
    archCoveredElf: '0: that library has no {sm} kernels',
    archExt: 'If the failing kernel is in a compiled extension, rebuild it with TORCH_CUDA_ARCH_LIST="{cc}".',
    archCheck: 'check what the wheel covers and what the GPU is',
    // driver-too-old
    drvTitle: 'Driver {driver} is too old for {build} (needs >= {floor})',
    drvTitleNoDriver: '{build} needs driver >= {floor}: is the driver older?',
    drvTitleUnknown: 'The driver is older than the CUDA runtime the program was built with',
    drvCause:
      '{build} is built with CUDA {cuda}, which needs driver >= {full} (>= {mvc} under minor-version compatibility). This driver is {driver} and runs CUDA up to {max}.',
    drvCauseNoBuild:
      'The CUDA runtime the program ships is newer than this driver supports (driver {driver}, CUDA up to {max}). Either upgrade the driver or install a build for CUDA {max} or older.',
    drvCauseUnknown:
      'The CUDA runtime inside the program (e.g. torch +cuXYZ) is newer than what the installed driver supports. nvidia-smi\'s "CUDA Version" is the newest CUDA the driver runs; a +cu121 wheel needs >= 12.1 (driver >= 525.60.13 via minor-version compatibility, 530.30.02 for all features).',
    drvUpgrade: 'upgrade the driver to >= {floor} (then reboot)',
    drvOrWheel: 'or keep the driver and install a wheel for CUDA {cuda} ({tag}):',
    // toolkit-mismatch
    tkTitle: 'nvcc is CUDA {nvcc} but torch was built with CUDA {torch}',
    tkCause:
      'Building a CUDA extension uses the nvcc found through CUDA_HOME / PATH ({nvcc}); PyTorch was built with CUDA {torch}. The majors must match (and a newer nvcc minor is the safe side). Install the CUDA {torch} toolkit and point CUDA_HOME at it, or install a torch build for CUDA {nvcc}.',
    tkArchTitle: 'nvcc {nvcc} cannot build for {arch}',
    tkArchCause:
      '{arch} (compute capability {cc}) needs CUDA >= {min}; the nvcc used here is {nvcc}. Install CUDA {min} or newer and point CUDA_HOME at it, or leave {arch} out of TORCH_CUDA_ARCH_LIST / -gencode.',
    tkHomeTitle: 'No CUDA toolkit for building the extension (CUDA_HOME not set)',
    tkHomeCause: 'Building a CUDA extension needs nvcc of the CUDA torch was built with ({torch}); none was found through CUDA_HOME or PATH.',
    tkExtTitle: 'A compiled extension does not cover this GPU',
    // cpu-only-build
    cpuTitle: '{pkg} {version} is a CPU-only build',
    cpuTitleGeneric: 'A CPU-only build of the framework is installed',
    cpuCause:
      '{pkg} {version} was built without CUDA (torch.version.cuda is None / "+cpu"), so torch.cuda is unusable whatever the driver. pip picks the CPU wheel when no CUDA index URL is given (Windows, macOS, or a CPU-only index), and conda when the cpu build variant wins (conda-forge publishes pytorch as cpu_* and cuda* builds: its solver can settle on cpu_* when another package in the environment constrains it).',
    cpuCauseGeneric: 'The framework was installed without CUDA support, so it runs on the CPU only.',
    cpuJax: 'jax was installed without its CUDA plugin: install "jax[cuda12]" (or cuda13).',
    cpuTf: 'TensorFlow >= 2.14 on Linux brings its CUDA libraries only with the [and-cuda] extra; native Windows has no GPU support after 2.10 (use WSL2).',
    // library-not-found
    libTitle: '{lib} cannot be loaded',
    libCause: '{lib} is {what}. {why}',
    libWhatCudnn: 'cuDNN {major}',
    libWhatCuda: 'the CUDA {major} {component} library',
    libWhatOther: 'a library the program links against',
    libWhatDriver: 'part of the NVIDIA driver (user-space library)',
    libWhyCudnn9: 'cuDNN {have} is what is installed here; the program was built for cuDNN {major}.',
    libWhyNotFound:
      'The loader does not find it: it is not installed, or it is installed (a pip nvidia-* wheel, a toolkit, conda) in a folder that is not on the library path.',
    libWhyTf: 'TensorFlow {tf} was built for CUDA {cuda} and cuDNN {cudnn} and dlopens exactly those majors.',
    libWhyDll: "On Windows the DLL must be in a folder on PATH (the CUDA toolkit's bin for CUDA {cuda}).",
    libFixPath: 'make the installed copy visible to the loader',
    libFixInstall: 'install the library of the right major',
    // cudnn-mismatch
    cudnnTitle: 'cuDNN {have} is loaded but {want} is needed',
    cudnnCause: 'The program was built against cuDNN {want}, but the cuDNN that loads is {have}. {why}',
    cudnnWhy8vs9:
      'cuDNN 9 renamed its libraries (libcudnn_ops_infer.so.8 → libcudnn_ops.so.9), so a cuDNN 8 program cannot use it: pin cuDNN 8 for it, or upgrade the program to a cuDNN 9 build.',
    cudnnWhyOlder: 'An older copy (system, conda or LD_LIBRARY_PATH) is found before the one the framework ships.',
    // framework-cuda-mismatch
    fcmTitle: '{pkg}{version} expects CUDA {want}, but CUDA {have} is what is installed',
    fcmCause: '{pkg}{version} was built for CUDA {want} and looks for libraries of that major ({lib}); the environment has CUDA {have}.',
    fcmJax:
      'jaxlib was built against CUDA {built} but finds CUDA {found}: let pip install the matching nvidia-* wheels (jax[cuda12]) and keep LD_LIBRARY_PATH free of other CUDA copies.',
    fcmSymbolCause:
      'An extension ({lib}) was compiled against another torch/CUDA than the one installed (C++ ABI symbol {symbol} is missing). Reinstall it for the installed torch.',
    fcmGeneric: 'The framework build does not match the CUDA libraries present.',
    // library-shadowing
    shTitle: 'Another copy of a CUDA library shadows the one the wheel ships',
    shCause:
      'The symbol {symbol} is missing from the library that loaded: LD_LIBRARY_PATH ({ld}) puts a system CUDA library before the nvidia-* wheel copy torch was built with.',
    shStubTitle: "The CUDA stub library loaded instead of the driver's libcuda",
    shStubCause:
      "A stubs/libcuda.so (only for linking) was loaded: a toolkit's lib64/stubs folder is on LD_LIBRARY_PATH, or the container has no NVIDIA driver mounted.",
    // driver-library-mismatch
    dlmTitle: 'Kernel module {kernel} and driver libraries {client} differ',
    dlmTitleGeneric: 'The loaded kernel module and the driver libraries are of different versions',
    dlmCause:
      'The driver packages were upgraded (often by unattended-upgrades) while the old kernel module stayed loaded; NVML and CUDA refuse to talk to a module of another version. A reboot loads the new module.',
    dlmHold: 'stop unattended upgrades from changing the driver under running jobs',
    // driver-not-loaded
    dnlTitle: 'The NVIDIA driver is not loaded',
    dnlModuleCause:
      "There is no nvidia kernel module for kernel {kernel}: the driver{driver} was installed, but its module was not built (DKMS) or installed for this kernel. Usual causes: the kernel was updated and DKMS did not rebuild the module (kernel headers missing, or a stale /var/lib/dkms tree), a driver branch too old to build on this kernel, or a driver package that only ships modules for the distribution's stock kernel.",
    dnlRunningKernel: 'the running kernel',
    evKernel: 'kernel',
    fcPresentTitle: 'A CUDA forward-compatibility libcuda is installed',
    fcPresentCause:
      "The paste lists a cuda-compat libcuda (a forward-compatibility package or a CUDA image's compat folder) but no error it would cause. It is harmless unless it is loaded instead of the driver's own libcuda: on GeForce/RTX cards that gives error 804, with another driver branch error 803.",
    libCudnnSymbol:
      "cuDNN cannot load {symbol}: the cuDNN sub-library that holds it (libcudnn_ops / libcudnn_cnn / libcudnn_graph) is not found by the loader. A pip nvidia-cudnn wheel's lib folder is not on the default search path, and a system cuDNN of another version may be found instead.",
    evCudnnPairs: 'cuDNN found vs built, as printed',
    mixUserTitle: "A pip --user copy of {pkg} in ~/.local shadows the environment's",
    mixUserCause:
      "The traceback imports {pkg} from ~/.local/lib/python*/site-packages, a `pip install --user` copy, not from the active conda/venv environment: Python puts the user site before the environment's packages, so that copy (built for another CUDA, looking for the host's libraries) is the one that runs.",
    evArch: 'CPU architecture',
    fcmCudfTitle: 'cuDF: CUDA toolkit {tk} with a CUDA {dr} driver',
    fcmCudfCause:
      'cuDF (through numba) cannot use minor-version compatibility: its CUDA toolkit packages ({tk}) are newer than the CUDA the driver supports ({dr}). Install CUDA {dr} packages (cuda-version={dr}) or a driver >= {floor}.',
    tkArchOtherTitle: 'An nvcc older than CUDA {nvcc} builds: {arch} is refused',
    tkArchOtherCause:
      '{arch} (compute capability {cc}) is supported from CUDA {min} on, so CUDA {nvcc} could build it: the nvcc that ran is another, older toolkit found first on PATH or through CUDA_HOME (several toolkits installed).',
    oomProcsTitle: 'GPU memory is held by other processes: {list}',
    oomProcsCause:
      "nvidia-smi lists {list}. That memory is not available to a new job until those processes end — often a stopped (Ctrl+Z) or orphaned run of your own, or another user's job on a shared node.",
    evGpuProcesses: 'processes holding GPU memory',
    libWhyLink:
      'The linker (ld) looks for the unversioned link name {lib}; the driver installs only libcuda.so.1 (and the toolkit a stub in lib64/stubs), so a build that links -lcuda fails until the link name or the stubs folder is on the linker path.',
    wslOneTitle: 'WSL 1 has no GPU support: CUDA needs WSL 2',
    wslOneCause:
      'This runs in WSL 1, which has no GPU passthrough (no /dev/dxg, no /usr/lib/wsl/lib): CUDA, NVML and nvidia-smi only work in WSL 2 with the Windows NVIDIA driver. Convert the distribution to WSL 2.',
    libBnbCpu:
      'bitsandbytes loaded its CPU library: at import it found no usable CUDA (no NVIDIA GPU or driver on this host or Space, or no CUDA runtime it could load). Its 8-bit/4-bit GPU functions need a CUDA GPU.',
    evWords: 'words (line {line})',
    evMinCc: 'lowest compute capability this build supports',
    tkTitleNoNvcc: 'The CUDA toolkit that builds the extension is not the CUDA {torch} torch was built with',
    tkCauseNoNvcc:
      'torch was compiled with CUDA {torch}, and the nvcc that builds this extension (PATH / CUDA_HOME) is another version, so the build refuses to go on (the version check of torch.utils.cpp_extension or apex). Build with the CUDA {torch} toolkit, or install a torch built for your nvcc.',
    drvPtxIsa: 'PTX ISA {ptx} (CUDA {cuda}; the driver knows {cur})',
    fcmLibsTitle: 'CUDA libraries of another major than {torch}: {list}',
    fcmLibsCause:
      '{torch} is built for CUDA {cuda}, but the environment has {list}, built for another CUDA major (a loosely pinned conda nvidia-channel or pip nvidia-* package). Its symbols do not match what torch links against.',
    evForeignLibs: 'CUDA library packages of another major',
    drvNvencTitle: "The driver is too old for this FFmpeg build's NVENC API {api} (needs >= {floor})",
    drvNvencCause:
      'FFmpeg was built against NVENC API {api} (the nv-codec-headers it was compiled with); the installed driver {driver} provides API {found}. NVENC {api} needs driver {floor} or newer. Upgrade the driver, or use an FFmpeg build made with older headers.',
    cpuPaddleTitle: 'The CPU version of PaddlePaddle is installed',
    cpuPaddleCause:
      'The `paddlepaddle` package is the CPU-only build; GPU support comes with `paddlepaddle-gpu`, in the build for your CUDA (postXXX). Replace one with the other.',
    cpuNoBuildTitle: 'pytorch {version} has no build for CUDA {cuda}: conda installs the CPU build',
    cpuNoBuildCause:
      'pytorch {version} was built for {builds} only. Asked for it with cudatoolkit {cuda}, the conda solver finds no CUDA build that satisfies both and settles on the CPU-only build, so torch.cuda.is_available() is False.',
    evTorchBuilds: 'CUDA builds of this release',
    guessTitle: 'No known message; the words point at {area} (a guess)',
    guessCause: 'Nothing in the paste matches a message gpuenv knows, so this is a guess from its words (line {line}) and the facts it states: {area}. {usual}',
    guessCheck: 'check first (then paste the output to gpuenv explain again)',
    'area.driver-too-old': 'the driver being older than the CUDA the program needs',
    'usual.driver-too-old':
      'Each CUDA runtime needs a minimum driver: a wheel or image built for a newer CUDA than nvidia-smi\'s "CUDA Version" fails until the driver is upgraded or an older build is used.',
    'area.arch-unsupported': 'the GPU architecture missing from the build',
    'usual.arch-unsupported':
      'A build runs only on the compute capabilities (sm_XX) it was compiled for: new GPUs need builds with a new enough CUDA, old GPUs are dropped by newer builds.',
    'area.library-not-found': 'a shared library the loader cannot find',
    'usual.library-not-found': 'The library is not installed, or installed (a pip nvidia-* wheel, a toolkit) in a folder the loader does not search.',
    'area.cudnn-mismatch': 'the cuDNN version',
    'usual.cudnn-mismatch': 'The cuDNN that loads (system, conda, LD_LIBRARY_PATH) is not the major/minor the framework was built with.',
    'area.cpu-only-build': 'a CPU-only build of the framework',
    'usual.cpu-only-build':
      "pip without a CUDA index URL (Windows, macOS), conda's cpu variant, or TensorFlow > 2.10 on native Windows install builds that never use the GPU.",
    'area.no-gpu': 'no GPU being visible to the program',
    'usual.no-gpu': 'CUDA_VISIBLE_DEVICES hides it, a container was started without --gpus, or the machine has no NVIDIA GPU.',
    'area.driver-not-loaded': 'the NVIDIA driver not being loaded',
    'usual.driver-not-loaded':
      'After a kernel update DKMS may not have rebuilt the module, Secure Boot may refuse it, nouveau may hold the GPU, or the install needs a reboot.',
    'area.out-of-memory': 'GPU memory',
    'usual.out-of-memory': 'The model, batch or another process (nvidia-smi lists them) uses the memory; fragmentation wastes the rest.',
    'area.nccl-failure': 'multi-GPU communication (NCCL)',
    'usual.nccl-failure':
      'Usual causes: /dev/shm too small in containers, P2P through a PCIe switch with ACS/IOMMU on, the wrong network interface between nodes.',
    'area.wsl': 'the WSL GPU setup',
    'usual.wsl': 'In WSL the driver is the Windows one (/usr/lib/wsl/lib); a Linux driver installed inside WSL or LD_LIBRARY_PATH can shadow it.',
    'area.secure-boot': 'Secure Boot',
    'usual.secure-boot': 'With Secure Boot on, an unsigned nvidia module is refused until its key is enrolled (mokutil).',
    'area.nouveau': 'the nouveau driver',
    'usual.nouveau': 'nouveau holds the GPU until it is blacklisted and the initramfs rebuilt.',
    'area.toolkit-mismatch': 'building against the CUDA toolkit',
    'usual.toolkit-mismatch': 'Extensions must be built with an nvcc of the same CUDA as torch.version.cuda; CUDA_HOME and PATH decide which nvcc is used.',
    'area.multiple-toolkits': 'several CUDA toolkits',
    'usual.multiple-toolkits': 'PATH, CUDA_HOME and /usr/local/cuda can point at different toolkits, so builds mix versions.',
    'area.mixed-package-managers': 'conda and pip both installing the stack',
    'usual.mixed-package-managers': "pip replacing conda's framework (or the reverse) leaves CUDA libraries of two origins.",
    'area.framework-cuda-mismatch': 'a build for another CUDA',
    'usual.framework-cuda-mismatch':
      'A framework or extension built for one CUDA asks for the libraries of that CUDA, which another installed CUDA does not provide.',
    archBuildUnknown: 'The installed build',
    ngAmdTitle: 'The GPU is an {gpu}, not an NVIDIA GPU',
    ngAmdCause:
      "CUDA builds (torch +cuXXX, CUDA kernels, bitsandbytes, GPTQ) need an NVIDIA GPU and driver; this machine's GPU is an {gpu}, so no NVIDIA driver or GPU is found. Use the ROCm build of the framework on a supported AMD GPU, or an NVIDIA GPU.",
    ngSingularityTitle: 'The Singularity/Apptainer container was started without --nv',
    ngSingularityCause:
      "Singularity/Apptainer binds the host's NVIDIA driver libraries (libcuda.so.1, libnvidia-ml.so.1) and /dev/nvidia* into the container only with --nv; without it the container has no driver (or empty placeholder files) and CUDA finds no GPU.",
    dnlBarTitle: "The GPU's 64-bit BAR could not be mapped: the driver cannot initialise it",
    dnlBarCause:
      'NVRM reports a 64-bit BAR mapped above 4 GB with no matching prefetchable window on the PCI bridge above the GPU, so the nvidia module cannot initialise the GPU. Enable "Above 4G Decoding" in the BIOS, or boot with pci=realloc so Linux reassigns the bridge windows.',
    ncGdr:
      'GPUDirect RDMA (nv_peer_mem / nvidia-peermem) fails or hangs through a PCIe switch with ACS on: the NIC↔GPU traffic is redirected to the root complex. Disable ACS on the switch ports (setpci or BIOS).',
    evCondaBuild: 'conda build',
    fcmBnbTitle: 'bitsandbytes has no binary for CUDA {cuda} ({lib})',
    fcmBnbCause:
      'This bitsandbytes release ships no {lib} for the detected CUDA {cuda} ({code}), so it falls back to its CPU library and the GPU functions fail. Upgrade bitsandbytes, build it for CUDA {code}, or point it at a CUDA it has a binary for.',
    ngContainerTitle: 'The container sees no GPU (started without --gpus)',
    ngContainerCause:
      "The host driver works{driver}, but inside the container there is no nvidia-smi and no GPU: Docker exposes GPUs (and mounts the driver's nvidia-smi and libraries) only when the container is started with --gpus (or the nvidia runtime) through the NVIDIA Container Toolkit.",
    cpuTfBothTitle: 'tensorflow {cpu} (CPU-only) is installed next to tensorflow-gpu {gpu}',
    cpuTfBothCause:
      "Before TensorFlow 2.1 the `tensorflow` package was the CPU-only build and `tensorflow-gpu` the GPU one. Both are installed (tensorflow {cpu}, tensorflow-gpu {gpu}; typically conda-forge's tensorflow next to defaults' tensorflow-gpu), and `import tensorflow` can load the CPU one, so no GPU is found.",
    oomHeldTitle: 'GPU memory is already in use: {used} of {total}',
    oomHeldCause:
      'nvidia-smi shows {used} of {total} in use on {gpu}{procs}. Memory held by another process (another user, a container whose PIDs this namespace cannot see, a zombie worker of an earlier run) is not available to yours.',
    oomHeldNoProcs: ' with no process listed',
    evCudaNamed: 'CUDA versions named',
    archCudaTooOld: 'CUDA {cuda} predates {sm} (CUDA {first} was the first to support it), so no build for CUDA {cuda} has kernels for it.',
    archCudaDropped: 'CUDA {dropped} dropped {sm}, so no build for CUDA {cuda} has kernels for it: only a build for an older CUDA can.',
    fcmExtLibTitle: '{lib} (CUDA {want}) is asked for, but {torch} is built for CUDA {cuda}',
    fcmExtLibCause:
      '{lib} is the CUDA {want} runtime. {torch} is a {tag} build (CUDA {cuda}), so the module that asks for CUDA {want} is a compiled extension or package (e.g. mmcv-full, a custom op) built for another CUDA than torch. Reinstall its {tag} build, or rebuild it against this torch.',
    evOrtBuild: 'onnxruntime-gpu build needs',
    ortCudnnTitle: '{ort} needs {want}, but cuDNN {have} is installed',
    ortCudnnCause:
      '{ort} (the PyPI build for CUDA {cuda}) loads {want}; the machine has cuDNN {have}, so its CUDA execution provider fails to load and ONNX Runtime falls back to the CPU.',
    ortLastFor: 'the last series built for CUDA {cuda} with cuDNN {cudnn}',
    ortCudaTitle: '{ort} is built for {want}, not for the CUDA installed',
    ortCudaCause:
      '{ort} is a {want} build: its CUDA execution provider asks for {lib}, which a machine with {have} does not have, so the provider fails to load and ONNX Runtime falls back to the CPU.',
    ortNoCuda: 'no CUDA {cuda} libraries on the loader path',
    ortBuildFor: 'a build for CUDA {cuda} with cuDNN {cudnn}',
    mixTwoTitle: 'Two torch installs from two package managers: {versions}',
    mixTwoCause:
      'pip installed one torch and conda another (a conda package that depends on pytorch brings its own build, often a CPU-only or older one): the paste names torch {versions}. Whichever was installed last wins the import, so the CUDA build you installed is not the one that runs.',
    evTorchVersions: 'torch versions named',
    ngRuntimeTitle: 'The container has no NVIDIA driver libraries (NVIDIA runtime not used)',
    ngRuntimeCause:
      'NVML cannot be loaded inside the container or pod: the NVIDIA container runtime did not inject libnvidia-ml and the device nodes. Containers get them only through --gpus / the nvidia runtime; the Kubernetes device plugin needs nvidia as the default-runtime of docker (or containerd).',
    fcRemovePkg: 'the forward-compatibility package of CUDA {cuda}: on a GPU without forward-compatibility support it breaks CUDA (error 804)',
    wslTcc:
      'WSL passes through GPUs in WDDM mode only: a GPU in TCC mode (the default of many data-centre and workstation boards) is not supported and can make nvidia-smi fail for every GPU.',
    shTwoTitle: 'Two copies of {lib}: the one that loads is not the one its partner library was built with',
    shTwoCause:
      "The loader bound {symbol} (versioned {lib}) to a {file} that does not define it: two installs of the same CUDA library family are mixed, typically pip's nvidia-* wheels and conda's cudatoolkit or a system CUDA on LD_LIBRARY_PATH. The copy found first (LD_LIBRARY_PATH, then RUNPATH, then the cache) is from the other install.",
    drvTitleFloor: 'Driver {driver} is older than the {floor} this program needs',
    drvCauseFloor:
      "The program's bundled CUDA runtime needs NVIDIA driver {floor} or newer; this machine has {driver}. Upgrade the driver to >= {floor} (or use an older release of the program built for an older CUDA).",
    evTorchSuggests: 'torch suggests',
    archTorchSays: 'torch itself names CUDA {cuda}',
    evCcRange: 'capabilities this torch supports',
    oomShmTitle: 'Shared memory (/dev/shm) is too small for the DataLoader workers',
    oomShmCause:
      'DataLoader workers pass batches through shared memory (shm, /dev/shm). Docker gives a container 64 MB of /dev/shm by default, so the workers die with a bus error. Start the container with --shm-size (e.g. 16g) or --ipc=host, or use fewer workers.',
    nvBoundTitle: 'The GPU is bound to {owner}, not to the nvidia driver',
    nvNovaCause:
      'nova_core ({owner}), the in-kernel successor of nouveau enabled by newer distribution kernels, claimed the GPU at boot, so nvidia.ko finds no device ("No such device"). Blacklist nova_core and nova_drm (and nouveau), rebuild the initramfs and reboot.',
    dnlUnsupportedTitle: 'The installed driver {driver} does not support this GPU',
    dnlUnsupportedCause:
      'NVRM says the GPU is not supported by the {driver} driver release, so the nvidia module refuses to initialise it. A GPU newer than the branch needs a newer driver; an old GPU dropped from current branches needs its legacy branch (the README appendix A of each release lists the PCI IDs it supports).',
    shLdTitle: 'LD_LIBRARY_PATH may load the wrong copies of driver or CUDA libraries',
    shLdCause:
      "LD_LIBRARY_PATH is set ({ld}). The loader searches it before the system paths and the libraries a package ships, so a libcuda.so.1, libnvidia-ml.so.1 or cuDNN copy in {dirs} is loaded instead of the driver's own (under WSL, the Windows driver's in /usr/lib/wsl/lib) or the framework's. Test without it.",
    evOomSizes: 'allocations that failed',
    evToolkitNamed: 'CUDA toolkit named',
    mtpTitle: 'Several CUDA toolkits in play: {list}',
    mtpCause:
      'The paste shows several CUDA toolkits: {list}.{active} Builds use the nvcc found first on PATH and the headers/libraries of CUDA_HOME (or /usr/local/cuda), not the toolkit you meant, so the version you asked for is not the one that compiles or links.',
    mtpActive: ' The nvcc that answers is CUDA {v}.',
    mtpConda: "conda's cudatoolkit {conda} ships the runtime libraries only, no nvcc: `nvcc` is still the system toolkit's (CUDA {nvcc}).",
    mtpHpc: "The NVIDIA HPC SDK's nvcc defaults to CUDA {cuda}, which this HPC SDK install does not contain.",
    mtpPick: 'the toolkit you want: one of {list}',
    mtpPersist: 'put the two exports in ~/.bashrc (or run: gpuenv cuda use {v}) so every shell agrees',
    mtpCondaFix: 'nvcc inside the conda env, matching its cudatoolkit',
    dnlCause:
      'The GPU cannot be reached because the nvidia kernel module is not loaded. Usual causes: a kernel update without a DKMS rebuild (missing linux-headers), a driver install that needs a reboot, Secure Boot refusing the module, or nouveau holding the GPU. dmesg says which.',
    dnlFabric:
      'Error 802 "system not yet initialized" on NVSwitch systems (HGX/DGX H100/A100) means nvidia-fabricmanager is not running or differs from the driver version{driver}.',
    dnlUvm: '"CUDA unknown error" after suspend/resume or a driver update usually means nvidia_uvm is broken: reload it.',
    dnlCheck: 'see why the module did not load',
    // secure-boot
    sbTitle: 'Secure Boot refuses the unsigned NVIDIA kernel module',
    sbCause:
      'Secure Boot is on, and the nvidia module is not signed with a key the firmware trusts ("Key was rejected by service" / Lockdown). Enroll the DKMS signing key (MOK) or disable Secure Boot.',
    sbEnroll: 'enroll the key, reboot, and choose "Enroll MOK" in the blue screen',
    // nouveau
    nvTitle: 'nouveau holds the GPU',
    nvCause: 'The open-source nouveau driver is bound to the GPU, so the NVIDIA module cannot take it. Blacklist nouveau, rebuild the initramfs and reboot.',
    // no-gpu
    ngTitle: 'No GPU is visible to the process',
    ngCause:
      'CUDA sees no device: the container was started without GPU access (--gpus all / the NVIDIA Container Toolkit), CUDA_VISIBLE_DEVICES{cvd} hides the GPUs, or the driver is missing.',
    ngOrdinalTitle: 'The program asks for a GPU index that does not exist',
    ngOrdinalCause:
      '"invalid device ordinal": the code uses a GPU index (cuda:N, --gpu N, LOCAL_RANK) >= the number of GPUs visible to it{count}. CUDA_VISIBLE_DEVICES{cvd} renumbers the visible GPUs from 0.',
    ngDockerTitle: 'Docker cannot give the container a GPU',
    ngDockerCause:
      '"could not select device driver with capabilities: [[gpu]]": the NVIDIA Container Toolkit is not installed, or Docker was not restarted after configuring it.',
    ngNvmlCause:
      'Inside a container, "Failed to initialize NVML: Unknown Error" appears when the container lost its GPU device nodes, typically after `systemctl daemon-reload` on a host with the systemd cgroup driver.',
    // forward-compat
    fcTitle: 'The CUDA forward-compatibility library is used where it cannot work',
    fcCause: 'libcuda from a cuda-compat package (e.g. /usr/local/cuda/compat, in CUDA containers) was loaded. {why}',
    fcWhy804:
      "Forward compatibility is supported only on data-centre GPUs (A100, H100, L40 …){gpu}; on GeForce/RTX cards it fails with error 804. Use the host driver's libcuda instead.",
    fcWhy803:
      "Its version does not fit the kernel module ({driver}): error 803. Remove the compat folder from the loader path so the host driver's own libcuda loads.",
    // out-of-memory
    oomTitle: 'GPU out of memory{where}',
    oomCause: '{numbers} {verdict}',
    oomNumbers: 'Tried to allocate {tried}; capacity {total}; allocated by PyTorch {allocated}; reserved by PyTorch {reserved}; free {free}.',
    oomOthers:
      'About {others} of the GPU is held outside this PyTorch process (other processes{procs}, or another framework in the same process): free it first (nvidia-smi lists the processes).',
    oomFrag: 'PyTorch has reserved {slack} more than it has allocated: the cache is fragmented. Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True.',
    oomModel:
      'Your own tensors fill the GPU ({allocated} of {total}): the model, batch or sequence length is too big for this GPU. Lower the batch size, use mixed precision (bf16/fp16) or gradient checkpointing.',
    oomGeneric:
      'The GPU ran out of memory. Find what holds it (nvidia-smi), then lower the batch size or use mixed precision / gradient checkpointing; for JAX, XLA preallocates 75% of the GPU unless XLA_PYTHON_CLIENT_PREALLOCATE=false.',
    oomCudnn:
      'cuDNN/cuBLAS failing to initialise (CUDNN_STATUS_NOT_INITIALIZED / INTERNAL_ERROR, CUBLAS_STATUS_ALLOC_FAILED) is usually an out-of-memory condition in disguise.',
    // nccl
    ncTitle: 'NCCL failed: {what}',
    ncShm: "/dev/shm is too small for NCCL's shared-memory transport (Docker gives 64 MB by default).",
    ncAcs:
      'P2P over PCIe hangs or crawls when ACS (PCIe Access Control Services) is on, or the IOMMU (VT-d / AMD-Vi) is on and forces it: peer-to-peer traffic is sent up to the root complex instead of across the switch. Disable ACS with sudo setpci or in the BIOS, or the IOMMU (intel_iommu=off / amd_iommu=off, iommu=pt); NCCL_P2P_DISABLE=1 is a slower workaround.',
    archNccl: 'NCCL was built without {sm}: rebuild it for this GPU, or use a newer GPU (Kepler is dropped by current CUDA, NCCL and PyTorch builds).',
    fcmTfCause:
      'tensorflow{version} was built for CUDA {want} (with cuDNN {cudnn}) and loads the system CUDA libraries (libcudart.so.{want} …); the installed CUDA is {have}, so TensorFlow finds no matching library and sees only the CPU.',
    cpuTfWinTitle: 'tensorflow {version} has no GPU support on native Windows ({last} was the last)',
    cpuTfWinCause:
      'TensorFlow {last} was the last release that supported the GPU on native Windows; tensorflow {version} there is a CPU-only build whatever CUDA and driver are installed. Use it in WSL2 (pip install tensorflow[and-cuda]), or install tensorflow {last} with CUDA 11.2 / cuDNN 8.1.',
    mixPipTitle: 'pip replaced the conda-installed {pkg} {old}',
    mixPipTitleNoVer: 'pip replaced the conda-installed {pkg}',
    mixPipCause:
      "This is a conda environment, and a later pip install uninstalled the {pkg} {old} that conda installed and put its own build in (a requirement in pip's list pulled it). Now two package managers own one stack: conda's CUDA libraries and companions no longer match pip's {pkg}.",
    mixPipCauseNow:
      "This is a conda environment, and a later pip install uninstalled the {pkg} {old} that conda installed and put {now} in its place (a requirement in pip's list pulled it). Now two package managers own one stack: conda's CUDA libraries and companions no longer match pip's {pkg}.",
    ncP2p: 'PCIe peer-to-peer between the GPUs fails (ACS/IOMMU, virtualised PCIe or consumer GPUs).',
    ncSocket: 'NCCL found no usable network interface between the ranks.',
    ncGeneric: 'a system call or library call failed inside NCCL; NCCL_DEBUG=INFO names it (most often /dev/shm in containers).',
    ncTimeout: 'a collective timed out: one rank died or hangs, or P2P/network is blocked.',
    ncCause: 'NCCL {version}: {what}',
    // wsl
    wslTitle: 'WSL GPU set-up problem',
    wslCause:
      'On WSL2 the GPU driver is the Windows one; Linux gets libcuda from /usr/lib/wsl/lib. "libcuda.so.1 is not a symbolic link" from ldconfig is harmless on its own; the GPU breaks when a Linux NVIDIA driver is installed inside WSL or /usr/lib/wsl/lib is not on the loader path.',
    // added for other tools' wording, WSL and inferred facts
    archFirst: 'The first wheel tag that covers {sm} is {tag} (CUDA {cuda}, e.g. torch {version}), which needs driver >= {floor}.',
    archFirstFix: 'or the first tag that covers it, {tag} (driver >= {floor}):',
    archNone:
      'No PyTorch wheel gpuenv knows covers {sm}: the GPU (compute capability {cc}) is older than the oldest architecture the wheels ship. Use an old PyTorch release that was built for it, or build PyTorch from source with TORCH_CUDA_ARCH_LIST="{cc}".',
    drvImage: 'the container image (requires CUDA >= {cuda})',
    drvPypi: 'torch {version} from PyPI (default wheel {tag})',
    drvImageFix: 'or use an image of CUDA {max} or older (the tag of nvidia/cuda, or the framework image built on it)',
    drvDisableRequire: 'skips the check; works only where CUDA minor-version compatibility covers the image',
    drvOlderCuda: 'or use a build for CUDA {max} or older',
    evPypi: 'torch build assumed (plain version from pip: PyPI default wheel)',
    evCompat: 'cuda-compat libcuda in the paste',
    evVersionsNamed: 'driver versions named',
    evWsl: 'WSL',
    fcRemovePath: "the compat copy; the host driver's libcuda is mounted by the NVIDIA runtime",
    wslTitleDriver: 'WSL: the Windows NVIDIA driver is not reached from Linux',
    wslCauseDriver:
      'This is WSL 2: there is no nvidia kernel module inside WSL, so dkms, modprobe and Secure Boot keys do not apply. nvidia-smi, libcuda and libnvidia-ml come from the Windows driver, mapped into /usr/lib/wsl/lib. They fail when a Linux NVIDIA driver or nvidia-utils/libnvidia-* package installed inside WSL (e.g. pulled in by nvidia-cuda-toolkit) shadows them, when LD_LIBRARY_PATH puts a distribution library folder before /usr/lib/wsl/lib, or when the Windows driver is missing or too old.',
    wslCauseRuntime:
      'This is WSL 2: the GPU libraries come from the Windows driver through /usr/lib/wsl/lib (and /usr/lib/wsl/drivers). The runtime could not find them there: the Windows NVIDIA driver is missing, too old or not WSL-capable, WSL itself is outdated, or (Docker) the engine runs where /usr/lib/wsl is not mounted.',
    wslFixWindows: 'install or update the NVIDIA driver on Windows (not in Linux); WSL 2 uses it',
    wslFixNoLinuxDriver: 'do not install a Linux NVIDIA driver inside WSL; remove one if it is there',
    wslFixLoader: 'keep /usr/lib/wsl/lib on the loader path, before any distribution library folder',
    cpuCausePasted:
      '{title}: it was built without CUDA, so it cannot use an NVIDIA GPU whatever the driver. The paste shows no GPU; run with --here to check this machine.',
    // hardware
    hwBusTitle: 'The GPU fell off the bus (Xid 79)',
    hwBusCause:
      'The GPU stopped answering on PCIe: power supply, riser or cable, slot, or overheating. Check power and seating; nvidia-smi -q shows link width and temperatures.',
    hwEccTitle: 'Uncorrectable memory errors (Xid {xid})',
    hwEccCause:
      'The driver reports uncorrectable ECC / row-remapping events: reset the GPU (or reboot) so rows are remapped; if it repeats, the GPU needs service.',
    // generic
    unconfirmedSignature: 'the error-signature row "{id}" rests on a representative thread, not a maintainer statement',
    checkNvidiaSmi: 'confirm the driver and the CUDA version it supports',
    unconfirmedShort: 'as quoted in a user thread, not confirmed from the guide itself',
    evKnownIssue: 'known issue',
    hwEccRuntimeTitle: 'Uncorrectable ECC error in GPU memory: a hardware fault',
    hwEccRuntimeCause:
      "CUDA stopped the program because the GPU's memory reported an uncorrectable ECC error. That is the hardware, not the driver, CUDA or the framework: check the ECC counters and remapped/retired rows and reset the GPU; if it repeats, or the same job runs on another GPU, the board needs service (RMA).",
    wsl555Title: 'WSL 2 container: the Windows driver {driver} needs NVIDIA Container Toolkit >= {toolkit} (Docker Desktop >= {desktop})',
    wsl555Cause:
      'Windows drivers 555.xx and newer (here {driver}) added {lib}, which NVIDIA Container Toolkit before {toolkit} (Docker Desktop before {desktop}) does not mount into WSL 2 containers, so CUDA fails to start with error 500 "named symbol not found". Update Docker Desktop or nvidia-container-toolkit, or go back to a 552.xx driver.',
    wslKernelTitle: 'The WSL 2 kernel {kernel} is too old for CUDA',
    wslKernelOld:
      "The WSL kernel {kernel} is older than {floor}, the kernel the {by} asks for{note}; NVIDIA's guide names at least 4.19.121. Update it from Windows: wsl --update, then wsl --shutdown.",
    ncIommu:
      "A multi-GPU job hangs on an AMD host: with the IOMMU (AMD-Vi) on, PCIe peer-to-peer between the GPUs stalls (the NCCL maintainers' advice for AMD CPUs). Boot with iommu=pt (or amd_iommu=off / iommu=soft) or turn IOMMU/SVM off in the BIOS; NCCL_P2P_DISABLE=1 is a slower workaround.",
    ncVersions:
      'The ranks run different NCCL versions ({versions}); NCCL does not promise that different versions work together. Install the same NCCL on every node (the same torch build, or the same nvidia-nccl-cu12 wheel).',
    archFlashTitle: 'FlashAttention 2 needs an Ampere (sm_80) or newer GPU{gpu}',
    archFlashCause:
      'flash-attn 2.x has kernels only for Ampere (sm_80) and newer GPUs: Ampere, Ada, Hopper{gpu}. Volta (V100, sm_70) and Turing (T4, RTX 20xx, sm_75) cannot run it; FlashAttention 1.x still covers Turing. Uninstall flash-attn or turn it off (attn_implementation="sdpa"), and the model runs with PyTorch attention.',
    archRapidsTitle: 'RAPIDS needs compute capability {old} or newer ({now} or newer from 24.02){gpu}',
    archRapidsCause:
      'RAPIDS (cuDF, cuML) is built for compute capability {old} and newer up to release {last}, and {now} and newer from {first} on (RAPIDS notice RSN 34){gpu}. An older GPU has no kernels in it: use a newer GPU, pin RAPIDS <= {last} on a Pascal GPU, or use the CPU libraries.',
    cpuBnbTitle: 'bitsandbytes loaded its CPU-only library',
    cpuBnbCause:
      'The bitsandbytes that loaded has no CUDA library for this setup, so 8-bit/4-bit GPU quantization is off. Usual causes: native Windows with bitsandbytes < 0.43.0 (no official Windows CUDA wheels before it), a CPU-only torch, or no libbitsandbytes_cuda* for the CUDA it found.',
    shEntryTitle: 'libcuda loaded, but its driver entry points could not be fetched',
    ncGeforceP2p:
      'A multi-GPU job hangs on GeForce cards ({gpu}): NCCL uses PCIe peer-to-peer between them, which GeForce boards do not support reliably (the RTX 4090 has no P2P; some driver releases hang on others). Run with NCCL_P2P_DISABLE=1, or update the driver.',
    evOrtFirst: 'first onnxruntime-gpu with a CUDA {cuda} build',
    evOrtDefaultFrom: 'PyPI default from {version}',
    archBf16Title: '{gpu} (compute capability {cc}) cannot run bfloat16: it needs {min} or newer',
    archBf16Cause:
      'The model is loaded in bfloat16, which needs compute capability {min} (Ampere) or newer; {gpu} has {cc}. Load it in float16 instead (--dtype half).',
    archPtxasTitle: 'This {tool}{have} does not know {arch}',
    archPtxasCause:
      'nvcc and ptxas only target the architectures of their CUDA release; {arch} needs CUDA {first} or newer, so this {tool}{have} rejects it (nvcc: "Unsupported gpu architecture", ptxas: "Value \'{arch}\' is not defined for option \'gpu-name\'").',
    archPtxasTriton: 'Triton compiles with the ptxas it bundles: point it at a newer one with TRITON_PTXAS_PATH, or upgrade triton.',
    cpuOpencvTitle: 'OpenCV was built without CUDA: the PyPI opencv-python wheels have no CUDA modules',
    cpuOpencvCause:
      'cv2.cuda (and the CUDA DNN backend) exist only in an OpenCV built with WITH_CUDA=ON. The opencv-python / opencv-contrib-python wheels on PyPI are CPU builds and will not get CUDA; build OpenCV from source with CUDA (with opencv_contrib), or use a distribution that ships a CUDA build.',
    dnlGspTitle: 'The open NVIDIA kernel module does not support this GPU: it needs the proprietary module',
    dnlGspCause:
      'The loaded nvidia.ko is the open kernel module, which supports only GPUs with a GSP (GPU System Processor): Turing and newer{gpu}. Maxwell, Pascal and Volta boards need the proprietary kernel module of the same driver release; from R560 the open module is the default, so an upgrade can switch to it silently.',
    oomVllmTitle: 'vLLM cannot reserve {util} of the GPU: only {free} of {total} GiB are free',
    oomVllmCause:
      'vLLM reserves --gpu-memory-utilization ({util} = {want} GiB) of the GPU at start, but other processes already hold {held} GiB, leaving {free} GiB. Lower --gpu-memory-utilization (to about {fits}) or stop what holds the memory.',
    fcmCupyTitle: 'CuPy looks for {lib}: the installed CuPy wheel is for CUDA {want}',
    fcmCupyCause:
      'CuPy ships one wheel per CUDA major (cupy-cuda{want}x loads CUDA {want} libraries such as {lib}). The CUDA here does not provide it: install the CuPy wheel of the CUDA you have (cupy-cuda{other}x for CUDA {other}), or the CUDA {want} libraries.',
    cpuCummTitle: 'spconv/cumm is the CPU build',
    cpuCummCause:
      "cumm (spconv's tensor library) reports it was not compiled with CUDA: the packages cumm / spconv are the CPU builds. Install spconv-cuXXX, which pulls cumm-cuXXX, for your CUDA.",
    cpuLlamaCppTitle: 'llama-cpp-python was built without CUDA (BLAS = 0)',
    cpuLlamaCppCause:
      'llama-cpp-python compiles llama.cpp when it is installed; an upgrade from the source package without CMAKE_ARGS builds the CPU backend, and the model loads with BLAS = 0. Reinstall it with CMAKE_ARGS="-DGGML_CUDA=on" (-DLLAMA_CUBLAS=on before mid-2024) and --force-reinstall --no-cache-dir.',
    evCudaRowNote: 'note on the CUDA {cuda} row',
    wslCgroupTitle: "WSL 2 container: NVML is blocked by the container runtime's cgroup setup",
    wslCgroupCause:
      '"GPU access blocked by the operating system" inside a WSL 2 container: nvidia-smi works in WSL itself, but the NVIDIA container runtime\'s device cgroups block the GPU. Users fixed it with no-cgroups = false in /etc/nvidia-container-runtime/config.toml (or a cgroup v2 setup) and a Docker restart; a data-centre board must also be in WDDM mode.',
    dnlPrimeTitle: 'The nvidia module is switched off by prime-select (alias nvidia off)',
    dnlPrimeCause:
      'nvidia-prime\'s "prime-select intel" blacklists the NVIDIA driver by writing "alias nvidia off" to /lib/modprobe.d: modprobe then tries to insert "off" and fails, so nvidia-smi cannot reach the driver. Select the NVIDIA GPU again (prime-select on-demand or nvidia) and reboot.',
    fcmPygTitle: 'torch (CUDA {torch}) and {ext} (CUDA {ext_cuda}) were built for different CUDA versions',
    fcmPygCause:
      "PyTorch Geometric's extensions ({ext}) are compiled per torch release and CUDA tag; this {ext} comes from the CUDA {ext_cuda} index while torch is a CUDA {torch} build. Reinstall {ext} from the index of torch's own build ({tag}).",
    cpuXformersBuild: 'the build xFormers was made for',
    cpuAarch64Index: 'aarch64: CUDA builds live on the PyTorch index, PyPI has the CPU build',
    cpuDglTitle: 'DGL is the CPU build',
    cpuDglCause:
      'The dgl package from PyPI is the CPU build ("Device API cuda is not enabled"); the CUDA builds are published as dgl+cuXXX on data.dgl.ai, each for certain torch releases.',
    drvNgc:
      'NGC containers check this at start: below the release they were built for, only data-centre GPUs can run them through forward compatibility ("compatibility mode").',
    evCudaError: 'CUDA error',
    dnlCcTitle: 'The NVIDIA module was not built: the kernel was built with gcc {kernelCc}, this compiler is {cc}',
    dnlCcCause:
      "The driver's kernel module must be compiled with the same gcc major.minor as the kernel; the build stopped at that check, so there is no nvidia module for this kernel ({kernel}) and the driver cannot load. Install the kernel's gcc (or upgrade kernel and gcc together) and rebuild the module.",
    ngVmTitle: 'No NVIDIA GPU inside this virtual machine: the only display adapter is {adapter}',
    ngVmCause:
      'The system runs in a VM whose display device is an emulated {adapter} adapter; the NVIDIA GPU of the host is not passed through, so no NVIDIA driver can find a GPU. Run on the host, pass the GPU through (PCI passthrough / vGPU), or on Windows use WSL 2, which shares the GPU.',
    cpuOrtTitle: 'ONNX Runtime has no CUDA provider here: the CPU package is the one in use',
    cpuOrtCause:
      'The onnxruntime that is imported lists only CPU (and Azure) providers: it is the CPU package "onnxruntime", or "onnxruntime" installed next to "onnxruntime-gpu" (both install the same module, and the last one installed wins). Install only onnxruntime-gpu, in a version built for your CUDA.',
    fcmMmcvTitle: 'mmcv-full was installed from the index for torch {built} ({cuda}), but torch {have} is installed',
    fcmMmcvCause:
      'mmcv-full wheels are compiled against one torch release and CUDA: the index URL …/mmcv/dist/{cuda}/torch{built}/ holds builds for torch {built}. With torch {have} its compiled ops (_ext) miss torch symbols (undefined symbol). Reinstall mmcv-full from the index of the installed torch and CUDA.',
    shEntryCause:
      "Usually the CUDA toolkit's stub libcuda.so (lib64/stubs, only for linking) was found before the driver's libcuda.so.1, so every driver call fails (CUDA_ERROR_STUB_LIBRARY); less often the driver predates the runtime. Remove the stubs folder from LD_LIBRARY_PATH.",
    fcNotOneOfThem: ' — {gpu} is not one of them',
    fcCheckCache: "the driver's own copy must be the one listed first",
    fcCheckPath: 'no */compat folder here on GeForce/RTX cards',
    evDriverCudaOnly: '{fact} (CUDA version it supports)',
    srcWordsOnly: 'pasted (words only, no known message)',
    ortUnconfirmedRow: ' (unconfirmed row)',
    ortCudaLibs: 'CUDA {cuda} libraries',
    theProgram: 'the program',
    evPackageIn: '{pkg} in {prefix}',
  },
  'zh-CN': {
    evLoadedFrom: '加载自',
    drvBelowTable: '低于 7.0（低于 CUDA 7.0 的下限 346.46）',
    drvToolkitBuild: '该程序（用 CUDA {cuda} 工具包构建）',
    archOldFloor: 'sm_37 及更新（1.3 起去掉了 sm_35 及更旧）',
    tkGccTitle: '主机 gcc 比此 nvcc 支持的版本新（gcc > {gcc}）',
    tkGccCause:
      'nvcc 会检查主机编译器：此 CUDA 工具包最高支持 gcc {gcc}，而 PATH 中的 gcc 更新。请安装较旧的 gcc 并让 nvcc 使用它（NVCC_CCBIN / CC / CXX 或 -ccbin），或使用支持该 gcc 的新版 CUDA 工具包。',
    fcmExtTitle: '{ext} 是为 torch {built} 构建的，但安装的是 torch {have}',
    fcmExtCause:
      '{ext} 的编译内核只对应一个 torch 构建：torch {built}（CUDA {cuda}）。已安装的 torch 是 {have}，所以它的 C++/CUDA 扩展无法加载。请安装为 torch {have} 构建的 {ext}（与 torch 使用同一个 index URL），或安装 torch {built}。',
    fcmVisionTitle: 'torch 与 torchvision 来自不同的构建',
    fcmVisionCause: 'torchvision 的编译算子（{what}）与已安装的 torch 不匹配：两者来自不同的 index URL，或只升级了其中一个。请从同一个源安装版本匹配的两者。',
    shPathTitle: '加载的是系统库而不是框架自带的（{lib}）',
    shPathCause:
      '{lib} 从 {path}（系统/工具包目录）加载，缺少框架需要的符号：LD_LIBRARY_PATH（或 ld.so.conf）把该目录放在框架自带副本（nvidia-* wheel 或 conda 环境）之前。请为该程序从 LD_LIBRARY_PATH 中去掉它。',
    kmodMissingCause:
      '驱动安装后 nvidia 内核模块没有加载。在 Fedora（akmods）上模块在启动时为当前内核编译：kernel-devel 与当前内核不符或编译尚未完成时会缺失（等待、重启）；安全启动开启时，即使编译成功，未签名的模块也会被拒绝。',
    sbCauseLikely:
      '安全启动会拒绝没有用已登记密钥签名的 nvidia 模块。笔记本和多数发行版默认开启安全启动，而本地编译的驱动（akmods、DKMS、.run 安装程序）在用 mokutil 登记密钥之前都是未签名的——所以全新安装后模块"缺失"常常就是这个原因。`mokutil --sb-state` 可以确认。',
    ncNet: '各 rank 无法通过 NCCL 选择的网络接口互连（回环、docker0 或虚拟接口、防火墙，或 InfiniBand 不存在/故障）。',
    ncSystem: 'NCCL 内部的系统调用失败：容器中最常见的是 /dev/shm 太小；跨节点时最常见的是 socket 接口（NCCL 选了 lo/docker0，或各节点网卡名称不同）。',
    wslCauseLoader:
      '这是 WSL 2：libcuda.so 来自 Windows 驱动，位于 /usr/lib/wsl/lib；只有 /etc/ld.so.conf.d/ld.wsl.conf 存在或 LD_LIBRARY_PATH 包含它时，加载器和 dlopen 才会搜索该目录。dlopen "libcuda.so" 的工具（cuda-python、cudarc、numba）在它不在路径上时失败；不要为此安装 Linux 驱动。',
    evLine: '错误信息（第 {line} 行）',
    evGpu: 'GPU',
    evDriver: '驱动',
    evDriverCuda: '驱动支持的最高 CUDA',
    evNvcc: 'nvcc（CUDA 工具包）',
    evMissing: '找不到的库',
    evCudnn: '已有的 cuDNN',
    evArchs: 'torch 架构列表',
    unknown: '未知',
    archTitle: '{build} 没有 {gpu}（{sm}）的内核',
    archTitleNoGpu: '已安装的构建没有这块 GPU 架构的内核',
    archCause: '{gpu} 的算力是 {cc}（{sm}）。{build} 只带有 {archs}{ptx} 的 SASS，所以驱动找不到 {sm} 的内核映像。{wheel}',
    archCauseNoList:
      '{gpu} 的算力是 {cc}（{sm}）。{build} 没有 {sm} 的内核（粘贴内容里没有它的架构列表：torch.cuda.get_arch_list() 会显示），所以驱动找不到内核映像。{wheel}',
    archCauseNoGpu:
      '"no kernel image is available" 表示二进制（框架 wheel 或自行编译的扩展）编译时没有包含这块 GPU 的架构。请对比 torch.cuda.get_arch_list() 和 GPU 的算力（nvidia-smi --query-gpu=name,compute_cap --format=csv）。',
    archWheel: '{tag} 的 wheel（torch {version}，CUDA {cuda}）包含 {sm}；需要驱动 >= {floor}。',
    archWheelDriver: '只有用 CUDA {cuda} 构建的 wheel（{tag}，torch {version}）包含 {sm}；需要驱动 >= {floor}。',
    archCoveredTitle: '{build} 带有 {gpu}（{sm}）的内核：缺少内核映像的是扩展或其他库',
    archCoveredCause:
      '{gpu} 的算力是 {cc}（{sm}），{build} 带有它的内核（{archs}）。出错的内核来自没有为 {sm} 编译的代码：自行编译的扩展（flash-attn、xformers、apex、自定义算子）或其他自带 CUDA 代码的包。换一个 torch wheel 解决不了。',
    archCoveredCheck: '列出了 {sm}：问题不在 torch 本身',
    archCoveredElf: '结果为 0：该库没有 {sm} 的内核',
    archExt: '如果出错的内核在自行编译的扩展里，请用 TORCH_CUDA_ARCH_LIST="{cc}" 重新编译。',
    archCheck: '查看 wheel 支持的架构和 GPU 的算力',
    drvTitle: '驱动 {driver} 对 {build} 来说太旧（需要 >= {floor}）',
    drvTitleNoDriver: '{build} 需要驱动 >= {floor}：驱动是否更旧？',
    drvTitleUnknown: '驱动比程序自带的 CUDA 运行时旧',
    drvCause: '{build} 用 CUDA {cuda} 构建，需要驱动 >= {full}（次版本兼容下 >= {mvc}）。当前驱动是 {driver}，最高支持 CUDA {max}。',
    drvCauseNoBuild: '程序自带的 CUDA 运行时比驱动支持的新（驱动 {driver}，最高 CUDA {max}）。请升级驱动，或安装 CUDA {max} 及以下的构建。',
    drvCauseUnknown:
      '程序自带的 CUDA 运行时（如 torch +cuXYZ）比已安装驱动支持的新。nvidia-smi 显示的 "CUDA Version" 是驱动能运行的最高 CUDA；+cu121 的 wheel 需要 >= 12.1（次版本兼容下驱动 >= 525.60.13，全部功能需 530.30.02）。',
    drvUpgrade: '把驱动升级到 >= {floor}（然后重启）',
    drvOrWheel: '或者保留驱动，安装 CUDA {cuda}（{tag}）的 wheel：',
    tkTitle: 'nvcc 是 CUDA {nvcc}，但 torch 用 CUDA {torch} 构建',
    tkCause:
      '编译 CUDA 扩展时使用 CUDA_HOME / PATH 中的 nvcc（{nvcc}）；PyTorch 用 CUDA {torch} 构建。主版本必须一致。请安装 CUDA {torch} 工具包并让 CUDA_HOME 指向它，或安装 CUDA {nvcc} 的 torch。',
    tkArchTitle: 'nvcc {nvcc} 无法为 {arch} 编译',
    tkArchCause:
      '{arch}（算力 {cc}）需要 CUDA >= {min}；这里的 nvcc 是 {nvcc}。请安装 CUDA {min} 或更新版本并设置 CUDA_HOME，或从 TORCH_CUDA_ARCH_LIST / -gencode 中去掉 {arch}。',
    tkHomeTitle: '没有用于编译扩展的 CUDA 工具包（未设置 CUDA_HOME）',
    tkHomeCause: '编译 CUDA 扩展需要与 torch 构建时相同 CUDA（{torch}）的 nvcc；在 CUDA_HOME 和 PATH 中都没找到。',
    tkExtTitle: '自行编译的扩展不包含这块 GPU 的架构',
    cpuTitle: '{pkg} {version} 是只支持 CPU 的构建',
    cpuTitleGeneric: '安装的是只支持 CPU 的框架构建',
    cpuCause:
      '{pkg} {version} 编译时没有 CUDA（torch.version.cuda 为 None / "+cpu"），无论驱动如何 torch.cuda 都不可用。没有指定 CUDA 的 index URL 时 pip 会选 CPU wheel（Windows、macOS 或 CPU 源），conda 也可能选中 cpu 变体（conda-forge 的 pytorch 有 cpu_* 和 cuda* 两种构建：环境里其他包有约束时求解器可能选中 cpu_*）。',
    cpuCauseGeneric: '框架安装时没有 CUDA 支持，只能在 CPU 上运行。',
    cpuJax: 'jax 安装时没有 CUDA 插件：请安装 "jax[cuda12]"（或 cuda13）。',
    cpuTf: 'Linux 上 TensorFlow >= 2.14 只有带 [and-cuda] 附加项才会装 CUDA 库；原生 Windows 从 2.11 起不再支持 GPU（请用 WSL2）。',
    libTitle: '无法加载 {lib}',
    libCause: '{lib} 是{what}。{why}',
    libWhatCudnn: ' cuDNN {major}',
    libWhatCuda: ' CUDA {major} 的 {component} 库',
    libWhatOther: '程序链接的一个库',
    libWhatDriver: 'NVIDIA 驱动的一部分（用户态库）',
    libWhyCudnn9: '这里安装的是 cuDNN {have}；程序是为 cuDNN {major} 构建的。',
    libWhyNotFound: '加载器找不到它：没有安装，或者装在了不在库搜索路径上的目录（pip 的 nvidia-* wheel、工具包、conda）。',
    libWhyTf: 'TensorFlow {tf} 为 CUDA {cuda} 和 cuDNN {cudnn} 构建，只会加载这两个主版本。',
    libWhyDll: '在 Windows 上，DLL 必须位于 PATH 中的目录（CUDA {cuda} 工具包的 bin）。',
    libFixPath: '让加载器能找到已安装的副本',
    libFixInstall: '安装正确主版本的库',
    cudnnTitle: '加载的是 cuDNN {have}，但需要 {want}',
    cudnnCause: '程序针对 cuDNN {want} 构建，但实际加载的是 {have}。{why}',
    cudnnWhy8vs9: 'cuDNN 9 改了库名（libcudnn_ops_infer.so.8 → libcudnn_ops.so.9），cuDNN 8 的程序无法使用：为它固定 cuDNN 8，或升级到 cuDNN 9 构建的版本。',
    cudnnWhyOlder: '更旧的副本（系统、conda 或 LD_LIBRARY_PATH）先于框架自带的副本被找到。',
    fcmTitle: '{pkg}{version} 需要 CUDA {want}，但安装的是 CUDA {have}',
    fcmCause: '{pkg}{version} 为 CUDA {want} 构建，会查找该主版本的库（{lib}）；环境里是 CUDA {have}。',
    fcmJax: 'jaxlib 针对 CUDA {built} 构建，却找到 CUDA {found}：让 pip 安装匹配的 nvidia-* wheel（jax[cuda12]），并清除 LD_LIBRARY_PATH 中其他 CUDA 副本。',
    fcmSymbolCause: '扩展（{lib}）是针对另一个 torch/CUDA 编译的（缺少 C++ ABI 符号 {symbol}）。请为已安装的 torch 重新安装它。',
    fcmGeneric: '框架构建与现有 CUDA 库不匹配。',
    shTitle: '另一份 CUDA 库覆盖了 wheel 自带的库',
    shCause: '加载的库里缺少符号 {symbol}：LD_LIBRARY_PATH（{ld}）把系统 CUDA 库放在了 torch 构建时使用的 nvidia-* wheel 副本之前。',
    shStubTitle: '加载的是 CUDA 的桩库（stub），而不是驱动的 libcuda',
    shStubCause: '加载了 stubs/libcuda.so（只用于链接）：工具包的 lib64/stubs 在 LD_LIBRARY_PATH 中，或容器没有挂载 NVIDIA 驱动。',
    dlmTitle: '内核模块 {kernel} 与驱动库 {client} 版本不同',
    dlmTitleGeneric: '已加载的内核模块与驱动库版本不同',
    dlmCause: '驱动包被升级（常见于 unattended-upgrades），而旧的内核模块仍在内存中；NVML 和 CUDA 拒绝与不同版本的模块通信。重启即可加载新模块。',
    dlmHold: '防止自动升级在任务运行时更换驱动',
    dnlTitle: 'NVIDIA 驱动未加载',
    dnlModuleCause:
      '内核 {kernel} 没有 nvidia 内核模块：驱动{driver}已安装，但模块没有为这个内核编译（DKMS）或安装。常见原因：内核更新后 DKMS 没有重新编译（缺少内核头文件，或 /var/lib/dkms 中残留旧目录）、驱动分支太旧无法在此内核上编译、或驱动包只带发行版默认内核的模块。',
    dnlRunningKernel: '当前运行的内核',
    evKernel: '内核',
    fcPresentTitle: '安装了 CUDA 前向兼容的 libcuda',
    fcPresentCause:
      '粘贴内容列出了一个 cuda-compat 的 libcuda（前向兼容包或 CUDA 镜像的 compat 目录），但没有它会导致的错误。只要它没有代替驱动自己的 libcuda 被加载就无害：在 GeForce/RTX 卡上会导致错误 804，驱动分支不同时导致错误 803。',
    libCudnnSymbol:
      'cuDNN 无法加载 {symbol}：包含它的 cuDNN 子库（libcudnn_ops / libcudnn_cnn / libcudnn_graph）加载器找不到。pip 的 nvidia-cudnn wheel 的 lib 目录不在默认搜索路径上，且可能找到的是另一个版本的系统 cuDNN。',
    evCudnnPairs: '找到的 cuDNN 与编译时的，原样',
    mixUserTitle: '~/.local 中 pip --user 安装的 {pkg} 覆盖了环境里的',
    mixUserCause:
      '回溯显示 {pkg} 是从 ~/.local/lib/python*/site-packages（`pip install --user` 的副本）导入的，而不是当前 conda/venv 环境：Python 把用户目录放在环境包之前，所以运行的是那个副本（为其他 CUDA 构建，会去找宿主机的库）。',
    evArch: 'CPU 架构',
    fcmCudfTitle: 'cuDF：CUDA 工具包 {tk} 配 CUDA {dr} 的驱动',
    fcmCudfCause:
      'cuDF（通过 numba）不能使用次版本兼容：它的 CUDA 工具包（{tk}）比驱动支持的 CUDA（{dr}）新。请安装 CUDA {dr} 的包（cuda-version={dr}）或驱动 >= {floor}。',
    tkArchOtherTitle: '运行的是比 CUDA {nvcc} 更旧的 nvcc：{arch} 被拒绝',
    tkArchOtherCause:
      '{arch}（算力 {cc}）从 CUDA {min} 起就受支持，CUDA {nvcc} 能编译它：实际运行的是 PATH 或 CUDA_HOME 上先找到的另一个更旧的工具包（装了多个工具包）。',
    oomProcsTitle: 'GPU 显存被其他进程占用：{list}',
    oomProcsCause:
      'nvidia-smi 列出了 {list}。这些进程结束之前，它们占用的显存新任务无法使用——常见的是你自己被暂停（Ctrl+Z）或遗留的运行，或共享节点上其他用户的任务。',
    evGpuProcesses: '占用 GPU 显存的进程',
    libWhyLink:
      '链接器（ld）查找不带版本号的链接名 {lib}；驱动只安装 libcuda.so.1（工具包在 lib64/stubs 中有一个桩库），所以链接 -lcuda 的构建会失败，直到链接名或 stubs 目录在链接器路径上。',
    wslOneTitle: 'WSL 1 不支持 GPU：CUDA 需要 WSL 2',
    wslOneCause:
      '这里运行的是 WSL 1，它没有 GPU 直通（没有 /dev/dxg，没有 /usr/lib/wsl/lib）：CUDA、NVML 和 nvidia-smi 只在装有 Windows NVIDIA 驱动的 WSL 2 中可用。请把发行版转换为 WSL 2。',
    libBnbCpu:
      'bitsandbytes 加载了它的 CPU 库：导入时找不到可用的 CUDA（这台主机或 Space 上没有 NVIDIA GPU 或驱动，或无法加载 CUDA 运行库）。它的 8 位/4 位 GPU 功能需要 CUDA GPU。',
    evWords: '措辞（第 {line} 行）',
    evMinCc: '这个构建支持的最低算力',
    tkTitleNoNvcc: '编译扩展用的 CUDA 工具包不是 torch 编译时用的 CUDA {torch}',
    tkCauseNoNvcc:
      'torch 是用 CUDA {torch} 编译的，而编译这个扩展的 nvcc（PATH / CUDA_HOME）是另一个版本，所以构建被拒绝（torch.utils.cpp_extension 或 apex 的版本检查）。请用 CUDA {torch} 工具包编译，或安装为你的 nvcc 构建的 torch。',
    drvPtxIsa: 'PTX ISA {ptx}（CUDA {cuda}；驱动只认识 {cur}）',
    fcmLibsTitle: '与 {torch} 主版本不同的 CUDA 库：{list}',
    fcmLibsCause:
      '{torch} 是为 CUDA {cuda} 构建的，但环境里有 {list}，它们是为另一个 CUDA 主版本构建的（conda 的 nvidia channel 或 pip 的 nvidia-* 包没有锁定版本）。其符号与 torch 链接的不一致。',
    evForeignLibs: '其他主版本的 CUDA 库包',
    drvNvencTitle: '驱动对这个 FFmpeg 构建的 NVENC API {api} 来说太旧（需要 >= {floor}）',
    drvNvencCause:
      'FFmpeg 是针对 NVENC API {api}（编译时用的 nv-codec-headers）构建的；安装的驱动 {driver} 提供的是 API {found}。NVENC {api} 需要驱动 {floor} 或更新。请升级驱动，或使用用旧头文件构建的 FFmpeg。',
    cpuPaddleTitle: '安装的是 CPU 版 PaddlePaddle',
    cpuPaddleCause: '`paddlepaddle` 包是纯 CPU 构建；GPU 支持在 `paddlepaddle-gpu` 中，且要选与 CUDA 对应的构建（postXXX）。请替换。',
    cpuNoBuildTitle: 'pytorch {version} 没有 CUDA {cuda} 的构建：conda 装了 CPU 版',
    cpuNoBuildCause:
      'pytorch {version} 只有 {builds} 的构建。与 cudatoolkit {cuda} 一起请求时，conda 求解器找不到同时满足两者的 CUDA 构建，于是选了纯 CPU 构建，torch.cuda.is_available() 为 False。',
    evTorchBuilds: '这个版本的 CUDA 构建',
    guessTitle: '没有已知的错误信息；措辞指向{area}（推测）',
    guessCause: '粘贴内容里没有 gpuenv 认识的错误信息，以下是根据措辞（第 {line} 行）和其中事实的推测：{area}。{usual}',
    guessCheck: '先检查（再把输出贴给 gpuenv explain）',
    'area.driver-too-old': '驱动比程序需要的 CUDA 旧',
    'usual.driver-too-old':
      '每个 CUDA 运行库都需要最低驱动版本：为比 nvidia-smi 的 "CUDA Version" 更新的 CUDA 构建的 wheel 或镜像，在升级驱动或换用旧构建之前都会失败。',
    'area.arch-unsupported': '构建中缺少这块 GPU 的架构',
    'usual.arch-unsupported': '构建只能在编译时包含的算力（sm_XX）上运行：新 GPU 需要足够新的 CUDA 构建，旧 GPU 会被新构建放弃。',
    'area.library-not-found': '加载器找不到某个共享库',
    'usual.library-not-found': '库没有安装，或装在（pip 的 nvidia-* wheel、工具包）加载器不搜索的目录里。',
    'area.cudnn-mismatch': 'cuDNN 版本',
    'usual.cudnn-mismatch': '加载的 cuDNN（系统、conda、LD_LIBRARY_PATH）不是框架编译时用的主/次版本。',
    'area.cpu-only-build': '框架的纯 CPU 构建',
    'usual.cpu-only-build':
      '不带 CUDA index URL 的 pip（Windows、macOS）、conda 的 cpu 变体、或原生 Windows 上 TensorFlow > 2.10，装的都是从不使用 GPU 的构建。',
    'area.no-gpu': '程序看不到 GPU',
    'usual.no-gpu': 'CUDA_VISIBLE_DEVICES 把它隐藏了、容器启动时没有 --gpus，或机器上没有 NVIDIA GPU。',
    'area.driver-not-loaded': 'NVIDIA 驱动没有加载',
    'usual.driver-not-loaded': '内核更新后 DKMS 可能没有重编模块、安全启动可能拒绝它、nouveau 可能占用 GPU，或安装后需要重启。',
    'area.out-of-memory': 'GPU 显存',
    'usual.out-of-memory': '模型、批大小或其他进程（nvidia-smi 会列出）占用了显存；碎片浪费了剩下的部分。',
    'area.nccl-failure': '多 GPU 通信（NCCL）',
    'usual.nccl-failure': '常见原因：容器里 /dev/shm 太小、PCIe 交换芯片上开启了 ACS/IOMMU 导致 P2P 出错、节点之间用错了网卡。',
    'area.wsl': 'WSL 的 GPU 配置',
    'usual.wsl': 'WSL 中驱动来自 Windows（/usr/lib/wsl/lib）；在 WSL 内安装的 Linux 驱动或 LD_LIBRARY_PATH 会覆盖它。',
    'area.secure-boot': '安全启动',
    'usual.secure-boot': '开启安全启动时，未签名的 nvidia 模块会被拒绝，直到登记它的密钥（mokutil）。',
    'area.nouveau': 'nouveau 驱动',
    'usual.nouveau': '在被屏蔽并重建 initramfs 之前，nouveau 会占用 GPU。',
    'area.toolkit-mismatch': '基于 CUDA 工具包的编译',
    'usual.toolkit-mismatch': '扩展必须用与 torch.version.cuda 相同 CUDA 的 nvcc 编译；使用哪个 nvcc 由 CUDA_HOME 和 PATH 决定。',
    'area.multiple-toolkits': '多个 CUDA 工具包',
    'usual.multiple-toolkits': 'PATH、CUDA_HOME 和 /usr/local/cuda 可能指向不同的工具包，导致编译时版本混用。',
    'area.mixed-package-managers': 'conda 和 pip 同时安装了这套环境',
    'usual.mixed-package-managers': 'pip 替换了 conda 的框架（或反过来），会留下两种来源的 CUDA 库。',
    'area.framework-cuda-mismatch': '为其他 CUDA 构建的程序',
    'usual.framework-cuda-mismatch': '为某个 CUDA 构建的框架或扩展需要那个 CUDA 的库，而安装的另一个 CUDA 并不提供。',
    archBuildUnknown: '已安装的构建',
    ngAmdTitle: 'GPU 是 {gpu}，不是 NVIDIA GPU',
    ngAmdCause:
      'CUDA 构建（torch +cuXXX、CUDA 内核、bitsandbytes、GPTQ）需要 NVIDIA GPU 和驱动；这台机器的 GPU 是 {gpu}，所以找不到 NVIDIA 驱动或 GPU。请在支持的 AMD GPU 上使用框架的 ROCm 构建，或换用 NVIDIA GPU。',
    ngSingularityTitle: 'Singularity/Apptainer 容器启动时没有 --nv',
    ngSingularityCause:
      '只有加 --nv，Singularity/Apptainer 才会把宿主机的 NVIDIA 驱动库（libcuda.so.1、libnvidia-ml.so.1）和 /dev/nvidia* 绑定进容器；没有它，容器里没有驱动（或只有空的占位文件），CUDA 找不到 GPU。',
    dnlBarTitle: 'GPU 的 64 位 BAR 无法映射：驱动不能初始化它',
    dnlBarCause:
      'NVRM 报告 64 位 BAR 映射在 4 GB 以上，而 GPU 上游的 PCI 桥没有相应的可预取内存窗口，所以 nvidia 模块无法初始化 GPU。请在 BIOS 中开启 "Above 4G Decoding"，或以 pci=realloc 启动让 Linux 重新分配桥窗口。',
    ncGdr:
      'GPUDirect RDMA（nv_peer_mem / nvidia-peermem）经过开启了 ACS 的 PCIe 交换芯片时失败或卡住：网卡与 GPU 之间的流量被转到根复合体。请在交换端口上关闭 ACS（setpci 或 BIOS）。',
    evCondaBuild: 'conda 构建',
    fcmBnbTitle: 'bitsandbytes 没有 CUDA {cuda} 的二进制（{lib}）',
    fcmBnbCause:
      '这个 bitsandbytes 版本没有针对检测到的 CUDA {cuda}（{code}）的 {lib}，所以退回到 CPU 库，GPU 功能失败。请升级 bitsandbytes、为 CUDA {code} 编译它，或让它使用一个有二进制的 CUDA。',
    ngContainerTitle: '容器里看不到 GPU（启动时没有 --gpus）',
    ngContainerCause:
      '宿主机驱动正常{driver}，但容器里既没有 nvidia-smi 也没有 GPU：只有用 --gpus（或 nvidia 运行时）通过 NVIDIA Container Toolkit 启动，Docker 才会暴露 GPU（并挂载驱动的 nvidia-smi 和库）。',
    cpuTfBothTitle: 'tensorflow {cpu}（纯 CPU）与 tensorflow-gpu {gpu} 同时安装',
    cpuTfBothCause:
      'TensorFlow 2.1 之前，`tensorflow` 包是纯 CPU 构建，`tensorflow-gpu` 才是 GPU 版。两者都装了（tensorflow {cpu}、tensorflow-gpu {gpu}；典型是 conda-forge 的 tensorflow 加上 defaults 的 tensorflow-gpu），`import tensorflow` 可能加载 CPU 版，所以找不到 GPU。',
    oomHeldTitle: 'GPU 显存已被占用：{used} / {total}',
    oomHeldCause:
      'nvidia-smi 显示 {gpu} 上 {used} / {total} 已被使用{procs}。被其他进程占用的显存（其他用户、本命名空间看不到 PID 的容器、上次运行残留的僵尸 worker）你的程序无法使用。',
    oomHeldNoProcs: '，且没有列出任何进程',
    evCudaNamed: '提到的 CUDA 版本',
    archCudaTooOld: 'CUDA {cuda} 早于 {sm}（CUDA {first} 才开始支持），所以任何针对 CUDA {cuda} 的构建都没有它的内核。',
    archCudaDropped: 'CUDA {dropped} 已不再支持 {sm}，所以任何针对 CUDA {cuda} 的构建都没有它的内核：只有针对更早 CUDA 的构建才有。',
    fcmExtLibTitle: '需要 {lib}（CUDA {want}），但 {torch} 是为 CUDA {cuda} 构建的',
    fcmExtLibCause:
      '{lib} 是 CUDA {want} 的运行库。{torch} 是 {tag} 构建（CUDA {cuda}），所以要求 CUDA {want} 的是一个为其他 CUDA 编译的扩展或包（如 mmcv-full、自定义算子）。请重装它的 {tag} 构建，或针对这个 torch 重新编译。',
    evOrtBuild: 'onnxruntime-gpu 构建需要',
    ortCudnnTitle: '{ort} 需要 {want}，但安装的是 cuDNN {have}',
    ortCudnnCause:
      '{ort}（PyPI 上针对 CUDA {cuda} 的构建）加载 {want}；机器上是 cuDNN {have}，所以它的 CUDAExecutionProvider 加载失败，ONNX Runtime 退回到 CPU。',
    ortLastFor: '最后一个针对 CUDA {cuda} 和 cuDNN {cudnn} 构建的系列',
    ortCudaTitle: '{ort} 是为 {want} 构建的，不是已安装的 CUDA',
    ortCudaCause:
      '{ort} 是 {want} 的构建：它的 CUDAExecutionProvider 需要 {lib}，而装有 {have} 的机器上没有，所以 CUDAExecutionProvider 加载失败，ONNX Runtime 退回到 CPU。',
    ortNoCuda: '加载路径上没有 CUDA {cuda} 的库',
    ortBuildFor: '针对 CUDA {cuda} 和 cuDNN {cudnn} 的构建',
    mixTwoTitle: '两个包管理器装了两个 torch：{versions}',
    mixTwoCause:
      'pip 装了一个 torch，conda 又装了一个（依赖 pytorch 的 conda 包会带来自己的构建，常是纯 CPU 或旧版本）：粘贴内容提到 torch {versions}。最后安装的那个被 import，所以你装的 CUDA 版并不是运行的那个。',
    evTorchVersions: '提到的 torch 版本',
    ngRuntimeTitle: '容器里没有 NVIDIA 驱动库（没有使用 NVIDIA 运行时）',
    ngRuntimeCause:
      '容器或 Pod 里无法加载 NVML：NVIDIA 容器运行时没有注入 libnvidia-ml 和设备节点。容器只有通过 --gpus / nvidia 运行时才能得到它们；Kubernetes 设备插件要求 docker（或 containerd）的 default-runtime 为 nvidia。',
    fcRemovePkg: 'CUDA {cuda} 的前向兼容包：在不支持前向兼容的 GPU 上它会让 CUDA 出错（错误 804）',
    wslTcc: 'WSL 只直通 WDDM 模式的 GPU：TCC 模式的 GPU（许多数据中心和工作站卡的默认模式）不受支持，还可能让 nvidia-smi 对所有 GPU 都失败。',
    shTwoTitle: '{lib} 有两份：加载的那份不是配套库编译时所用的',
    shTwoCause:
      '加载器把 {symbol}（版本 {lib}）绑定到了一个没有定义它的 {file}：同一 CUDA 库家族的两份安装混在一起，典型是 pip 的 nvidia-* wheel 与 conda 的 cudatoolkit，或 LD_LIBRARY_PATH 上的系统 CUDA。先被找到的那份（LD_LIBRARY_PATH，然后 RUNPATH，然后缓存）来自另一份安装。',
    drvTitleFloor: '驱动 {driver} 低于这个程序需要的 {floor}',
    drvCauseFloor:
      '程序自带的 CUDA 运行库需要 NVIDIA 驱动 {floor} 或更新；这台机器是 {driver}。请把驱动升级到 >= {floor}（或使用为较旧 CUDA 构建的旧版本程序）。',
    evTorchSuggests: 'torch 建议',
    archTorchSays: 'torch 自己给出 CUDA {cuda}',
    evCcRange: '这个 torch 支持的计算能力',
    oomShmTitle: '共享内存（/dev/shm）对 DataLoader worker 太小',
    oomShmCause:
      'DataLoader worker 通过共享内存（shm，/dev/shm）传递批数据。Docker 默认只给容器 64 MB 的 /dev/shm，worker 因此以 bus error 退出。请用 --shm-size（如 16g）或 --ipc=host 启动容器，或减少 worker。',
    nvBoundTitle: 'GPU 被 {owner} 占用，而不是 nvidia 驱动',
    nvNovaCause:
      '较新的发行版内核启用了 nouveau 的继任者 nova_core（{owner}），它在启动时占用了 GPU，nvidia.ko 因此找不到设备（"No such device"）。请屏蔽 nova_core 和 nova_drm（以及 nouveau），重建 initramfs 并重启。',
    dnlUnsupportedTitle: '安装的驱动 {driver} 不支持这块 GPU',
    dnlUnsupportedCause:
      'NVRM 表示 {driver} 驱动版本不支持这块 GPU，nvidia 模块拒绝初始化它。比驱动分支新的 GPU 需要更新的驱动；被当前分支放弃的旧 GPU 需要对应的 legacy 分支（每个版本 README 的附录 A 列出支持的 PCI ID）。',
    shLdTitle: 'LD_LIBRARY_PATH 可能加载了错误的驱动或 CUDA 库副本',
    shLdCause:
      '设置了 LD_LIBRARY_PATH（{ld}）。加载器先搜索它，再搜索系统路径和包自带的库，所以 {dirs} 中的 libcuda.so.1、libnvidia-ml.so.1 或 cuDNN 副本会代替驱动自带的（WSL 下是 /usr/lib/wsl/lib 中 Windows 驱动的）或框架自带的被加载。请去掉它再试。',
    evOomSizes: '失败的分配',
    evToolkitNamed: '提到的 CUDA 工具包',
    mtpTitle: '有多个 CUDA 工具包在起作用：{list}',
    mtpCause:
      '粘贴内容显示有多个 CUDA 工具包：{list}。{active}编译使用 PATH 上第一个 nvcc 和 CUDA_HOME（或 /usr/local/cuda）的头文件与库，而不是你想用的那个，所以编译或链接的并不是你要的版本。',
    mtpActive: '实际响应的 nvcc 是 CUDA {v}。',
    mtpConda: 'conda 的 cudatoolkit {conda} 只带运行库，没有 nvcc：`nvcc` 仍是系统工具包的（CUDA {nvcc}）。',
    mtpHpc: 'NVIDIA HPC SDK 的 nvcc 默认使用 CUDA {cuda}，而这个 HPC SDK 安装里没有它。',
    mtpPick: '你要的工具包：{list} 之一',
    mtpPersist: '把这两条 export 写进 ~/.bashrc（或运行 gpuenv cuda use {v}），让每个 shell 一致',
    mtpCondaFix: '在 conda 环境里安装与 cudatoolkit 匹配的 nvcc',
    dnlCause:
      '无法访问 GPU，因为 nvidia 内核模块没有加载。常见原因：内核更新后 DKMS 没有重新编译（缺少 linux-headers）、驱动安装后需要重启、安全启动拒绝模块、或 nouveau 占用了 GPU。dmesg 会说明原因。',
    dnlFabric: 'NVSwitch 系统（HGX/DGX H100/A100）上的 802 "system not yet initialized" 表示 nvidia-fabricmanager 没有运行或版本与驱动不同{driver}。',
    dnlUvm: '挂起/恢复或驱动更新后出现 "CUDA unknown error"，通常是 nvidia_uvm 出了问题：重新加载它。',
    dnlCheck: '查看模块为什么没有加载',
    sbTitle: '安全启动（Secure Boot）拒绝了未签名的 NVIDIA 内核模块',
    sbCause: '安全启动已开启，而 nvidia 模块没有用固件信任的密钥签名（"Key was rejected by service" / Lockdown）。请登记 DKMS 签名密钥（MOK）或关闭安全启动。',
    sbEnroll: '登记密钥，重启，在蓝色界面选择 "Enroll MOK"',
    nvTitle: 'nouveau 占用了 GPU',
    nvCause: '开源的 nouveau 驱动绑定了 GPU，NVIDIA 模块无法接管。请屏蔽 nouveau、重建 initramfs 并重启。',
    ngTitle: '进程看不到任何 GPU',
    ngCause: 'CUDA 找不到设备：容器启动时没有 GPU 访问（--gpus all / NVIDIA Container Toolkit），CUDA_VISIBLE_DEVICES{cvd} 隐藏了 GPU，或没有驱动。',
    ngOrdinalTitle: '程序请求了不存在的 GPU 编号',
    ngOrdinalCause:
      '"invalid device ordinal"：代码使用的 GPU 编号（cuda:N、--gpu N、LOCAL_RANK）>= 可见 GPU 数量{count}。CUDA_VISIBLE_DEVICES{cvd} 会把可见 GPU 从 0 重新编号。',
    ngDockerTitle: 'Docker 无法为容器分配 GPU',
    ngDockerCause: '"could not select device driver with capabilities: [[gpu]]"：没有安装 NVIDIA Container Toolkit，或配置后没有重启 Docker。',
    ngNvmlCause:
      '在容器里出现 "Failed to initialize NVML: Unknown Error"，是容器丢失了 GPU 设备节点，通常发生在使用 systemd cgroup 驱动的主机执行 `systemctl daemon-reload` 之后。',
    fcTitle: 'CUDA 前向兼容库被用在了不支持的地方',
    fcCause: '加载了 cuda-compat 包里的 libcuda（如 /usr/local/cuda/compat，常见于 CUDA 容器）。{why}',
    fcWhy804: '前向兼容只支持数据中心 GPU（A100、H100、L40 等）{gpu}；在 GeForce/RTX 上会报 804 错误。请改用主机驱动的 libcuda。',
    fcWhy803: '它的版本与内核模块（{driver}）不匹配：803 错误。请把 compat 目录从库路径中移除，让主机驱动自己的 libcuda 加载。',
    oomTitle: 'GPU 显存不足{where}',
    oomCause: '{numbers} {verdict}',
    oomNumbers: '尝试分配 {tried}；总容量 {total}；PyTorch 已分配 {allocated}；PyTorch 已保留 {reserved}；空闲 {free}。',
    oomOthers: '约 {others} 显存被本 PyTorch 进程之外占用（其他进程{procs}，或同一进程中的其他框架）：先释放它们（nvidia-smi 会列出进程）。',
    oomFrag: 'PyTorch 保留的显存比实际分配多 {slack}：缓存碎片化。请设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True。',
    oomModel:
      '显存被你自己的张量占满（{allocated} / {total}）：模型、batch 或序列长度对这块 GPU 太大。请减小 batch size、使用混合精度（bf16/fp16）或梯度检查点。',
    oomGeneric:
      'GPU 显存耗尽。先用 nvidia-smi 找出占用者，再减小 batch size 或使用混合精度 / 梯度检查点；JAX 默认预分配 75% 显存，可设 XLA_PYTHON_CLIENT_PREALLOCATE=false。',
    oomCudnn: 'cuDNN/cuBLAS 初始化失败（CUDNN_STATUS_NOT_INITIALIZED / INTERNAL_ERROR、CUBLAS_STATUS_ALLOC_FAILED）通常是显存不足的伪装。',
    ncTitle: 'NCCL 失败：{what}',
    ncShm: '/dev/shm 对 NCCL 的共享内存传输太小（Docker 默认 64 MB）。',
    ncAcs:
      '开启了 ACS（PCIe 访问控制服务），或开启的 IOMMU（VT-d / AMD-Vi）强制启用了它：P2P 流量被转到根复合体而卡住或极慢。请用 sudo setpci 或在 BIOS 中关闭 ACS，或关闭 IOMMU（intel_iommu=off / amd_iommu=off，或 iommu=pt）；NCCL_P2P_DISABLE=1 只是较慢的临时办法。',
    archNccl: 'NCCL 编译时没有包含 {sm}：请为这块 GPU 重新编译，或换用更新的 GPU（当前的 CUDA、NCCL 和 PyTorch 已不再支持 Kepler）。',
    fcmTfCause:
      'tensorflow{version} 是为 CUDA {want}（cuDNN {cudnn}）编译的，并加载系统里的 CUDA 库（libcudart.so.{want} …）；安装的 CUDA 是 {have}，TensorFlow 找不到匹配的库，只能看到 CPU。',
    cpuTfWinTitle: 'tensorflow {version} 在原生 Windows 上不支持 GPU（{last} 是最后一个支持的版本）',
    cpuTfWinCause:
      'TensorFlow {last} 是最后一个在原生 Windows 上支持 GPU 的版本；tensorflow {version} 在那里是纯 CPU 构建，与安装的 CUDA 和驱动无关。请在 WSL2 中使用（pip install tensorflow[and-cuda]），或安装 tensorflow {last} 并配合 CUDA 11.2 / cuDNN 8.1。',
    mixPipTitle: 'pip 替换了 conda 安装的 {pkg} {old}',
    mixPipTitleNoVer: 'pip 替换了 conda 安装的 {pkg}',
    mixPipCause:
      '这是一个 conda 环境，之后的 pip install 卸载了 conda 安装的 {pkg} {old}，换成了 pip 自己的构建（pip 的依赖列表拉进来的）。现在一个软件栈被两个包管理器管理：conda 的 CUDA 库和配套包与 pip 的 {pkg} 不再匹配。',
    mixPipCauseNow:
      '这是一个 conda 环境，之后的 pip install 卸载了 conda 安装的 {pkg} {old}，换成了 {now}（pip 的依赖列表拉进来的）。现在一个软件栈被两个包管理器管理：conda 的 CUDA 库和配套包与 pip 的 {pkg} 不再匹配。',
    ncP2p: 'GPU 之间的 PCIe 点对点通信失败（ACS/IOMMU、虚拟化 PCIe 或消费级 GPU）。',
    ncSocket: 'NCCL 在各个 rank 之间找不到可用的网络接口。',
    ncGeneric: 'NCCL 内部的系统调用或库调用失败；NCCL_DEBUG=INFO 会指出是哪一个（容器中最常见的是 /dev/shm）。',
    ncTimeout: '集合通信超时：某个 rank 崩溃或卡住，或 P2P/网络被阻断。',
    ncCause: 'NCCL {version}：{what}',
    wslTitle: 'WSL GPU 配置问题',
    wslCause:
      '在 WSL2 中 GPU 驱动是 Windows 的；Linux 从 /usr/lib/wsl/lib 获得 libcuda。ldconfig 的 "libcuda.so.1 is not a symbolic link" 本身无害；在 WSL 内安装 Linux NVIDIA 驱动或 /usr/lib/wsl/lib 不在库路径上才会导致 GPU 不可用。',
    hwBusTitle: 'GPU 从总线上掉线（Xid 79）',
    hwBusCause: 'GPU 在 PCIe 上停止响应：电源、转接卡或线缆、插槽或过热。请检查供电和安装；nvidia-smi -q 可查看链路宽度和温度。',
    hwEccTitle: '不可纠正的显存错误（Xid {xid}）',
    hwEccCause: '驱动报告不可纠正的 ECC / 行重映射事件：重置 GPU（或重启）以完成重映射；若反复出现，GPU 需要维修。',
    unconfirmedSignature: '错误签名 "{id}" 依据的是代表性讨论帖，而非维护者的说明',
    checkNvidiaSmi: '确认驱动版本及其支持的 CUDA 版本',
    unconfirmedShort: '引自用户讨论帖，未能从指南原文确认',
    evKnownIssue: '已知问题',
    hwEccRuntimeTitle: '显存出现不可纠正的 ECC 错误：硬件故障',
    hwEccRuntimeCause:
      'GPU 显存报告了不可纠正的 ECC 错误，CUDA 因此中止了程序。这是硬件问题，与驱动、CUDA 或框架无关：检查 ECC 计数和重映射/退役的行并重置 GPU；若反复出现，或同一任务在另一块 GPU 上正常，说明这块卡需要维修（RMA）。',
    wsl555Title: 'WSL 2 容器：Windows 驱动 {driver} 需要 NVIDIA Container Toolkit >= {toolkit}（Docker Desktop >= {desktop}）',
    wsl555Cause:
      'Windows 驱动 555.xx 及更新版本（此处为 {driver}）新增了 {lib}，而 {toolkit} 之前的 NVIDIA Container Toolkit（{desktop} 之前的 Docker Desktop）不会把它挂载进 WSL 2 容器，于是 CUDA 启动时报错 500 "named symbol not found"。请更新 Docker Desktop 或 nvidia-container-toolkit，或退回 552.xx 驱动。',
    wslKernelTitle: 'WSL 2 内核 {kernel} 太旧，无法运行 CUDA',
    wslKernelOld: 'WSL 内核 {kernel} 早于 {by} 要求的 {floor}{note}；NVIDIA 的指南要求至少 4.19.121。请在 Windows 中更新：wsl --update，然后 wsl --shutdown。',
    ncIommu:
      '多 GPU 任务在 AMD 主机上卡住：开启 IOMMU（AMD-Vi）时，GPU 之间的 PCIe 点对点传输会停滞（NCCL 维护者针对 AMD CPU 的建议）。请以 iommu=pt（或 amd_iommu=off / iommu=soft）启动，或在 BIOS 中关闭 IOMMU/SVM；NCCL_P2P_DISABLE=1 是较慢的临时办法。',
    ncVersions:
      '各进程使用的 NCCL 版本不同（{versions}）；NCCL 不保证不同版本之间能协同工作。请在每个节点上安装相同的 NCCL（相同的 torch 构建或相同的 nvidia-nccl-cu12 包）。',
    archFlashTitle: 'FlashAttention 2 需要 Ampere（sm_80）或更新的 GPU{gpu}',
    archFlashCause:
      'flash-attn 2.x 只为 Ampere（sm_80）及更新的 GPU 提供内核：Ampere、Ada、Hopper{gpu}。Volta（V100，sm_70）和 Turing（T4、RTX 20 系，sm_75）无法运行；FlashAttention 1.x 仍支持 Turing。卸载 flash-attn 或关闭它（attn_implementation="sdpa"），模型即改用 PyTorch 的注意力实现。',
    archRapidsTitle: 'RAPIDS 需要计算能力 {old} 或更高（24.02 起为 {now} 或更高）{gpu}',
    archRapidsCause:
      'RAPIDS（cuDF、cuML）在 {last} 及之前的版本面向计算能力 {old} 及以上构建，自 {first} 起要求 {now} 及以上（RAPIDS 公告 RSN 34）{gpu}。更老的 GPU 没有对应内核：请换用更新的 GPU，在 Pascal GPU 上固定 RAPIDS <= {last}，或使用 CPU 库。',
    cpuBnbTitle: 'bitsandbytes 加载的是纯 CPU 库',
    cpuBnbCause:
      '加载的 bitsandbytes 没有适用于当前环境的 CUDA 库，8 位/4 位 GPU 量化不可用。常见原因：原生 Windows 上 bitsandbytes < 0.43.0（此前没有官方 Windows CUDA 包）、torch 是纯 CPU 版，或找不到与 CUDA 对应的 libbitsandbytes_cuda*。',
    shEntryTitle: 'libcuda 已加载，但取不到驱动入口点',
    ncGeforceP2p:
      '多 GPU 任务在 GeForce 显卡（{gpu}）上卡住：NCCL 在它们之间使用 PCIe 点对点传输，而 GeForce 卡对此支持不可靠（RTX 4090 不支持 P2P；部分驱动版本在其他卡上也会卡住）。请以 NCCL_P2P_DISABLE=1 运行，或更新驱动。',
    evOrtFirst: '首个提供 CUDA {cuda} 构建的 onnxruntime-gpu',
    evOrtDefaultFrom: '自 {version} 起为 PyPI 默认',
    archBf16Title: '{gpu}（计算能力 {cc}）无法运行 bfloat16：需要 {min} 或更高',
    archBf16Cause: '模型以 bfloat16 加载，而 bfloat16 需要计算能力 {min}（Ampere）或更高；{gpu} 是 {cc}。请改用 float16 加载（--dtype half）。',
    archPtxasTitle: '这个 {tool}{have} 不认识 {arch}',
    archPtxasCause:
      'nvcc 和 ptxas 只支持其 CUDA 版本已有的架构；{arch} 需要 CUDA {first} 或更新版本，所以这个 {tool}{have} 拒绝它（nvcc："Unsupported gpu architecture"，ptxas："Value \'{arch}\' is not defined for option \'gpu-name\'"）。',
    archPtxasTriton: 'Triton 使用其自带的 ptxas 编译：用 TRITON_PTXAS_PATH 指向更新的 ptxas，或升级 triton。',
    cpuOpencvTitle: 'OpenCV 编译时没有启用 CUDA：PyPI 上的 opencv-python 包不含 CUDA 模块',
    cpuOpencvCause:
      'cv2.cuda（以及 DNN 的 CUDA 后端）只存在于以 WITH_CUDA=ON 编译的 OpenCV 中。PyPI 上的 opencv-python / opencv-contrib-python 都是 CPU 构建，也不会加入 CUDA；请带 CUDA（和 opencv_contrib）从源码编译 OpenCV，或使用提供 CUDA 构建的发行版。',
    dnlGspTitle: '开源 NVIDIA 内核模块不支持这块 GPU：需要闭源内核模块',
    dnlGspCause:
      '加载的 nvidia.ko 是开源内核模块，它只支持带 GSP（GPU 系统处理器）的 GPU：Turing 及更新{gpu}。Maxwell、Pascal、Volta 需要同一驱动版本的闭源内核模块；从 R560 起开源模块是默认值，升级时可能悄悄换成它。',
    oomVllmTitle: 'vLLM 无法预留 GPU 的 {util}：{total} GiB 中只有 {free} GiB 空闲',
    oomVllmCause:
      'vLLM 启动时按 --gpu-memory-utilization（{util} = {want} GiB）预留显存，但其他进程已占用 {held} GiB，只剩 {free} GiB。请降低 --gpu-memory-utilization（约 {fits}），或停止占用显存的进程。',
    fcmCupyTitle: 'CuPy 在找 {lib}：安装的 CuPy 包面向 CUDA {want}',
    fcmCupyCause:
      'CuPy 每个 CUDA 主版本一个包（cupy-cuda{want}x 加载 CUDA {want} 的库，如 {lib}）。这里的 CUDA 不提供它：请安装与现有 CUDA 对应的 CuPy 包（CUDA {other} 用 cupy-cuda{other}x），或安装 CUDA {want} 的库。',
    cpuCummTitle: 'spconv/cumm 是 CPU 构建',
    cpuCummCause: 'cumm（spconv 的张量库）报告编译时未启用 CUDA：cumm / spconv 包是 CPU 构建。请安装与 CUDA 对应的 spconv-cuXXX，它会带上 cumm-cuXXX。',
    cpuLlamaCppTitle: 'llama-cpp-python 编译时没有启用 CUDA（BLAS = 0）',
    cpuLlamaCppCause:
      'llama-cpp-python 在安装时编译 llama.cpp；不带 CMAKE_ARGS 从源码包升级会编出 CPU 后端，模型加载时显示 BLAS = 0。请用 CMAKE_ARGS="-DGGML_CUDA=on"（2024 年中以前为 -DLLAMA_CUBLAS=on）加 --force-reinstall --no-cache-dir 重新安装。',
    evCudaRowNote: 'CUDA {cuda} 一行的说明',
    wslCgroupTitle: 'WSL 2 容器：容器运行时的 cgroup 设置阻止了 NVML',
    wslCgroupCause:
      'WSL 2 容器内出现 "GPU access blocked by the operating system"：在 WSL 中 nvidia-smi 正常，但 NVIDIA 容器运行时的设备 cgroup 阻止了 GPU。用户的解决办法是在 /etc/nvidia-container-runtime/config.toml 中设置 no-cgroups = false（或改用 cgroup v2）并重启 Docker；数据中心卡还必须处于 WDDM 模式。',
    dnlPrimeTitle: 'prime-select 关掉了 nvidia 模块（alias nvidia off）',
    dnlPrimeCause:
      'nvidia-prime 的 "prime-select intel" 通过向 /lib/modprobe.d 写入 "alias nvidia off" 屏蔽 NVIDIA 驱动：modprobe 于是尝试加载 "off" 并失败，nvidia-smi 无法连接驱动。请重新选择 NVIDIA GPU（prime-select on-demand 或 nvidia）并重启。',
    fcmPygTitle: 'torch（CUDA {torch}）和 {ext}（CUDA {ext_cuda}）是为不同 CUDA 版本编译的',
    fcmPygCause:
      'PyTorch Geometric 的扩展（{ext}）按 torch 版本和 CUDA 标签分别编译；这个 {ext} 来自 CUDA {ext_cuda} 的索引，而 torch 是 CUDA {torch} 构建。请从 torch 自身构建（{tag}）对应的索引重新安装 {ext}。',
    cpuXformersBuild: 'xFormers 所针对的那个构建',
    cpuAarch64Index: 'aarch64：CUDA 构建在 PyTorch 的源上，PyPI 上的是 CPU 构建',
    cpuDglTitle: 'DGL 是 CPU 构建',
    cpuDglCause: 'PyPI 上的 dgl 包是 CPU 构建（"Device API cuda is not enabled"）；CUDA 构建以 dgl+cuXXX 发布在 data.dgl.ai 上，各自对应特定的 torch 版本。',
    drvNgc: 'NGC 容器启动时会检查驱动：低于其构建时要求的驱动版本时，只有数据中心 GPU 能通过前向兼容（"compatibility mode"）运行。',
    evCudaError: 'CUDA 错误',
    dnlCcTitle: 'NVIDIA 模块没有编译成功：内核用 gcc {kernelCc} 编译，而当前编译器是 {cc}',
    dnlCcCause:
      '驱动的内核模块必须用与内核相同主次版本的 gcc 编译；构建在这一检查处停止，所以当前内核（{kernel}）没有 nvidia 模块，驱动无法加载。请安装内核所用的 gcc（或同时升级内核和 gcc），然后重新编译模块。',
    ngVmTitle: '虚拟机内没有 NVIDIA GPU：唯一的显示适配器是 {adapter}',
    ngVmCause:
      '系统运行在虚拟机中，显示设备是模拟的 {adapter} 适配器；宿主机的 NVIDIA GPU 没有直通进来，所以 NVIDIA 驱动找不到 GPU。请在宿主机上运行、把 GPU 直通进虚拟机（PCI 直通 / vGPU），或在 Windows 上使用可共享 GPU 的 WSL 2。',
    cpuOrtTitle: 'ONNX Runtime 没有 CUDAExecutionProvider：正在用的是 CPU 包',
    cpuOrtCause:
      '导入的 onnxruntime 只列出 CPU（和 Azure）的 Execution Provider：它是 CPU 包 "onnxruntime"，或 "onnxruntime" 与 "onnxruntime-gpu" 同时安装（两者安装同一个模块，后装的生效）。请只安装与 CUDA 版本对应的 onnxruntime-gpu。',
    fcmMmcvTitle: 'mmcv-full 安装自面向 torch {built}（{cuda}）的索引，但已安装的是 torch {have}',
    fcmMmcvCause:
      'mmcv-full 的 wheel 针对特定的 torch 版本和 CUDA 编译：索引地址 …/mmcv/dist/{cuda}/torch{built}/ 中是面向 torch {built} 的构建。配合 torch {have} 时，其编译的算子（_ext）找不到 torch 的符号（undefined symbol）。请从与已安装 torch 和 CUDA 对应的索引重新安装 mmcv-full。',
    shEntryCause:
      '通常是 CUDA 工具包的桩库 libcuda.so（lib64/stubs，只用于链接）先于驱动的 libcuda.so.1 被找到，所有驱动调用都失败（CUDA_ERROR_STUB_LIBRARY）；少数情况下是驱动早于运行时。请把 stubs 目录从 LD_LIBRARY_PATH 中去掉。',
    evTorch: 'torch',
    archFirst: '第一个覆盖 {sm} 的 wheel 标签是 {tag}（CUDA {cuda}，例如 torch {version}），它需要驱动 >= {floor}。',
    archFirstFix: '或者用第一个覆盖它的标签 {tag}（驱动 >= {floor}）：',
    archNone:
      'gpuenv 知道的 PyTorch wheel 都不覆盖 {sm}：这块 GPU（算力 {cc}）比 wheel 附带的最旧架构还旧。请使用当年为它构建的旧版 PyTorch，或用 TORCH_CUDA_ARCH_LIST="{cc}" 从源码编译 PyTorch。',
    drvImage: '容器镜像（要求 CUDA >= {cuda}）',
    drvPypi: '来自 PyPI 的 torch {version}（默认 wheel {tag}）',
    drvImageFix: '或者使用 CUDA {max} 或更旧的镜像（nvidia/cuda 的标签，或基于它构建的框架镜像）',
    drvDisableRequire: '跳过该检查；只有 CUDA 小版本兼容性覆盖该镜像时才能用',
    drvOlderCuda: '或者使用 CUDA {max} 或更旧版本的构建',
    evPypi: '推断的 torch 构建（pip 给出的是不带后缀的版本：PyPI 默认 wheel）',
    evCompat: '粘贴内容中的 cuda-compat libcuda',
    evVersionsNamed: '提到的驱动版本',
    evWsl: 'WSL',
    fcRemovePath: 'compat 副本；宿主机驱动的 libcuda 由 NVIDIA 容器运行时挂载进来',
    wslTitleDriver: 'WSL：Linux 侧访问不到 Windows 的 NVIDIA 驱动',
    wslCauseDriver:
      '这是 WSL 2：WSL 里没有 nvidia 内核模块，所以 dkms、modprobe 和安全启动密钥都不适用。nvidia-smi、libcuda 和 libnvidia-ml 来自 Windows 驱动，映射在 /usr/lib/wsl/lib。以下情况会失败：在 WSL 里装了 Linux NVIDIA 驱动或 nvidia-utils/libnvidia-* 包（例如被 nvidia-cuda-toolkit 带进来）把它们覆盖了；LD_LIBRARY_PATH 把发行版的库目录放在 /usr/lib/wsl/lib 之前；或者 Windows 驱动缺失、版本太旧。',
    wslCauseRuntime:
      '这是 WSL 2：GPU 库来自 Windows 驱动，经由 /usr/lib/wsl/lib（以及 /usr/lib/wsl/drivers）提供。运行时在那里找不到它们：Windows NVIDIA 驱动缺失、太旧或不支持 WSL，WSL 本身过旧，或者（Docker）引擎运行在没有挂载 /usr/lib/wsl 的地方。',
    wslFixWindows: '在 Windows 上（而不是在 Linux 里）安装或更新 NVIDIA 驱动；WSL 2 使用的就是它',
    wslFixNoLinuxDriver: '不要在 WSL 里安装 Linux NVIDIA 驱动；已经装了就卸掉',
    wslFixLoader: '让 /usr/lib/wsl/lib 留在加载器搜索路径上，并排在所有发行版库目录之前',
    cpuCausePasted: '{title}：它是不带 CUDA 构建的，无论驱动如何都用不了 NVIDIA GPU。粘贴内容里没有 GPU 信息；加 --here 运行以检查本机。',
    fcNotOneOfThem: ' —— {gpu} 不在其中',
    fcCheckCache: '驱动自带的副本必须排在第一个',
    fcCheckPath: 'GeForce/RTX 显卡上这里不能有 */compat 目录',
    evDriverCudaOnly: '{fact}（它支持的 CUDA 版本）',
    srcWordsOnly: '粘贴内容（只有字词，没有已知报错）',
    ortUnconfirmedRow: '（表中此行未确认）',
    ortCudaLibs: 'CUDA {cuda} 的库',
    theProgram: '程序',
    evPackageIn: '{prefix} 中的 {pkg}',
  },
});
