// Messages of the framework rules (arch, CPU builds, driver floors, cuDNN, toolkits, package managers, libraries).
import { section } from '../../../i18n/index.js';

export const framework = section({
  en: {
    // shared
    evDriver: 'NVIDIA driver',
    evGpu: 'GPU {index} compute capability',
    evArchs: '{pkg} kernels (SASS; PTX)',
    evLib: '{soname} resolves to',
    evLdPath: 'LD_LIBRARY_PATH',
    evToolkit: 'CUDA toolkit used for extension builds',
    evKnowledge: 'gpuenv knowledge',
    none: 'none',
    verify: 'Check: {cmd}',
    // arch-unsupported
    archTitle: '{pkg} {version} has no kernels for {gpu} ({sm})',
    archCause:
      '{pkg} {version} in {prefix} contains SASS for {sass} and PTX for {ptx}; the {gpu} is compute capability {cc} ({sm}). A cubin runs only on GPUs of the same major with an equal or higher minor, PTX only on equal or newer GPUs, so its CUDA kernels fail with "no kernel image is available for execution on the device".',
    archRebuild: 'Rebuild {pkg} from source for {sm} (it compiles against the installed torch):',
    archFromKnowledge: 'PyTorch {version}+{tag} arch list ({source})',
    // cpu-only-build
    cpuTitle: '{pkg} {version} is a CPU-only build',
    cpuCauseGpu:
      '{pkg} {version} in {prefix} is built without CUDA ({why}), so it cannot use the {gpu}: torch.cuda.is_available() is False ("Torch not compiled with CUDA enabled"), TensorFlow and JAX list no GPU.',
    cpuCauseNoGpu:
      '{pkg} {version} in {prefix} is built without CUDA ({why}). No NVIDIA GPU is visible here, so this is expected on this machine; a GPU machine needs a CUDA build.',
    whyCpuTag: 'version label +cpu',
    whyNoCuda: 'its build records no CUDA',
    whyTfCpu: 'the tensorflow-cpu package',
    whyNoPlugin: 'no jax-cuda12-plugin or jax-cuda13-plugin installed',
    cpuTf: 'Install TensorFlow with its CUDA libraries (Linux; TensorFlow {version} was tested with CUDA {cuda} and cuDNN {cudnn}):',
    cpuTfOld: 'TensorFlow {version} needs CUDA {cuda} and cuDNN {cudnn} installed beside it; in a conda env:',
    cpuJax: 'Install the CUDA {major} JAX plugin ({extra}: driver ≥ {floor}, compute capability ≥ {cc}):',
    cpuJaxNone: 'No JAX CUDA plugin fits this driver and GPU: upgrade the driver to ≥ {floor} for jax[{extra}].',
    cpuTfWinTitle: '{pkg} {version} has no GPU support on native Windows ({last} was the last)',
    cpuTfWinCause:
      'TensorFlow {last} was the last release with GPU support on native Windows; {pkg} {version} there is a CPU-only build whatever CUDA and driver are installed. In WSL2 it uses the GPU (pip install "tensorflow[and-cuda]"); on native Windows only TensorFlow {last} does, with CUDA {cuda} and cuDNN {cudnn}.',
    cpuTfWinKnowledge: 'TensorFlow {last}: the last release with GPU support on native Windows (CUDA {cuda}, cuDNN {cudnn})',
    windowsNative: 'Windows (native)',
    cpuTfWinFixWsl: 'WSL2 (recommended): wsl --install, then inside the Linux distribution:',
    cpuTfWinFixNative: 'or stay on native Windows with the last GPU release, TensorFlow {last} (with CUDA {cuda} and cuDNN {cudnn} installed beside it):',
    // driver-too-old
    drvTitle: '{pkg} {version} (CUDA {cuda}) needs NVIDIA driver ≥ {floor}; this driver is {driver}',
    drvCause:
      '{pkg} {version} in {prefix} is built with CUDA {cuda}. CUDA {major}.x runs on drivers ≥ {floor} (minor version compatibility; {full} for every CUDA {cuda} feature), but driver {driver} supports at most CUDA {max}, so CUDA calls fail with "CUDA driver version is insufficient for CUDA runtime version" and torch.cuda.is_available() is False.',
    drvCausePtx:
      '{pkg} {version} in {prefix} is built with CUDA {cuda} and has no SASS for the {gpu} ({sm}): its kernels run only through the driver’s JIT of PTX from CUDA {cuda}, which needs the CUDA {cuda} driver (≥ {full}). Minor version compatibility does not cover PTX JIT; with driver {driver} kernels fail with "the provided PTX was compiled with an unsupported toolchain".',
    drvUpgrade: 'Either upgrade the NVIDIA driver to ≥ {floor}:',
    drvOrTorch: 'or install a PyTorch build this driver runs:',
    drvOrTf: 'or install TensorFlow {version} (CUDA {cuda}), which this driver runs:',
    drvUnknownMax: 'an older CUDA',
    // framework-cuda-mismatch
    fcmVisionTagTitle: '{pkg} {version} is built for {tag}, torch {tversion} for {ttag}',
    fcmVisionTagCause:
      '{pkg} {version} in {prefix} was compiled for {tag} but torch is {tversion} ({ttag}). Its CUDA operators are built against one torch build: the pair fails at import ("PyTorch and torchvision were compiled with different CUDA major versions") or loses its CUDA ops ("operator torchvision::nms does not exist").',
    fcmVisionVerTitle: '{pkg} {version} does not pair with torch {tversion} (needs {pkg} {want})',
    fcmVisionVerCause:
      '{pkg} {version} in {prefix} was built against a different torch than the installed {tversion}; torch {tversion} pairs with {pkg} {want}. A mismatched pair fails at import with undefined symbols or "operator torchvision::nms does not exist".',
    fcmPairFix: 'Reinstall the pair from torch’s own index ({tag}):',
    fcmTfCudaTitle: 'TensorFlow {version} needs CUDA {want}; {soname} that loads is CUDA {have}',
    fcmTfCudaCause:
      'TensorFlow {version} in {prefix} was tested with CUDA {want} and cuDNN {cudnn}; {soname} resolves to {path} (CUDA {have}, via {via}). TensorFlow cannot load its GPU libraries ("Could not load dynamic library") and silently runs on the CPU.',
    fcmJaxTitle: '{pkg} {version} needs NVIDIA driver ≥ {floor}; this driver is {driver}',
    fcmJaxCause:
      'The {extra} JAX wheels ({pkg} {version} in {prefix}) need a driver of CUDA {cuda} or newer (≥ {floor}); driver {driver} is older, so JAX fails to initialise its CUDA backend and falls back to the CPU.',
    fcmJaxFix: 'Either upgrade the driver to ≥ {floor}, or switch to the CUDA 12 JAX wheels that this driver runs:',
    // cudnn-mismatch
    cudnnTitle: '{pkg} {version} loads cuDNN {have}; it needs cuDNN {want}',
    cudnnCause: '{pkg} {version} in {prefix} needs cuDNN {want}; the loader resolves {soname} to {path} (cuDNN {have}, via {via}). {why}',
    cudnnWhyMajor:
      'A different cuDNN major has other library names and symbols: cuDNN calls fail ("Could not load library libcudnn…", "cuDNN version incompatibility").',
    cudnnWhyOlder:
      'A cuDNN older than the one the build was compiled with is refused at start-up ("cuDNN version incompatibility: … compiled against {want} but found runtime version {have}").',
    cudnnFixLd: 'Let {pkg} load its own cuDNN ({bundled}) by taking {dir} out of LD_LIBRARY_PATH:',
    cudnnFixPip: 'Install the cuDNN wheel {pkg} expects:',
    cudnnFixConda: 'Install the cuDNN {pkg} expects into the conda env:',
    // toolkit-mismatch
    tkTitle: 'nvcc is CUDA {tk}; torch {tversion} was built with CUDA {cuda}',
    tkCauseMajor:
      'CUDA extensions (flash-attn, xformers, apex, DeepSpeed ops, …) are compiled with the toolkit torch.utils.cpp_extension finds ({how}: {path}, CUDA {tk}); torch {tversion} in {prefix} was built with CUDA {cuda}. A different major stops the build ("The detected CUDA version ({tk}) mismatches the version that was used to compile PyTorch ({cuda})").',
    tkCauseMinor:
      'CUDA extensions (flash-attn, xformers, apex, DeepSpeed ops, …) are compiled with the toolkit torch.utils.cpp_extension finds ({how}: {path}, CUDA {tk}); torch {tversion} in {prefix} was built with CUDA {cuda}. A different minor only warns, but an extension compiled with CUDA {tk} can need runtime features the CUDA {cuda} libraries torch loads do not have.',
    tkHowCudaHome: 'CUDA_HOME',
    tkHowPath: 'nvcc on PATH',
    tkHowSymlink: '/usr/local/cuda',
    tkFixSwitch: 'Point extension builds at the installed CUDA {cuda} toolkit (this shell; add to ~/.bashrc to keep):',
    tkFixInstall: 'Install the CUDA {cuda} toolkit beside the others, then point extension builds at it:',
    tkFixConda: 'or, in the conda env only:',
    // mixed-package-managers
    mixTitle: '{stack} in {prefix} is installed partly by conda, partly by {other}',
    mixCause:
      '{list}. conda does not see what pip/uv installed and pip/uv do not see conda’s packages, so any update from either side can pull a second copy or a CPU build and break the CUDA pairing.',
    mixFix: 'Reinstall the whole stack with one manager:',
    mixStackTorch: 'The PyTorch stack',
    mixStackCuda: 'The CUDA libraries',
    mixStackTf: 'The TensorFlow stack',
    mixFixCuda: 'The pip nvidia-* wheels are what pip-installed frameworks load; remove the conda CUDA packages they duplicate:',
    mixFixTf: 'Keep TensorFlow from pip only:',
    // library-shadowing
    shTitle: 'LD_LIBRARY_PATH makes {pkg} load {soname} from {dir}, not its own copy',
    shAnd: 'and',
    shCause:
      '{pkg} {version} in {prefix} ships {soname}{bundledVer} at {bundled}, but LD_LIBRARY_PATH puts {dir} first, so the loader opens {path}{haveVer}. {why}',
    shWhyOlder:
      'That copy is older than the one the package was built with: expect "undefined symbol" errors (e.g. __nvJitLinkAddData_12_1) or refused libraries.',
    shWhyOther: 'Two CUDA installations get mixed in one process; it works only while their versions happen to agree.',
    shFix: 'Take {dir} out of LD_LIBRARY_PATH for this environment:',
    shFixKeep: 'Make it permanent: remove {dir} from LD_LIBRARY_PATH where it is set (~/.bashrc, /etc/profile.d/*, the environment’s activate script).',
    // library-not-found
    lnfTitle: '{pkg} {version} cannot find {sonames}',
    lnfCause:
      '{pkg} {version} in {prefix} needs {sonames}; no copy is on its RPATH, LD_LIBRARY_PATH, ld.so.cache or the default folders, so loading fails with "{first}: cannot open shared object file" (TensorFlow falls back to the CPU with "Could not load dynamic library").',
    lnfTfAndCuda: 'Install TensorFlow {version} with the CUDA libraries it was built for:',
    lnfTfOld: 'TensorFlow {version} needs CUDA {cuda} and cuDNN {cudnn}; install them into the conda env:',
    lnfTfOldSystem:
      'TensorFlow {version} needs CUDA {cuda} and cuDNN {cudnn} on the loader path: install them system-wide, or create a conda env with cudatoolkit={cuda} cudnn={cudnn}.',
    lnfWheels: 'Install the wheels that ship these libraries:',
    lnfUnknown: 'Install the package that ships {soname} (CUDA {cuda}), or reinstall {pkg} with its dependencies:',
    archTorchUnconfirmed: 'PyTorch {version}+{tag} arch list: {note}',
    archUnconfirmedNote: 'unconfirmed',
    archTfSource: 'TensorFlow {version} wheel compute capabilities ({source})',
    archTfUnconfirmed: 'TensorFlow {version} wheel compute capabilities (from .bazelrc by era, not read from the wheel)',
    fcmPairingUnconfirmed: '{name} pairing for torch {version}: {note}',
    secondarySource: 'secondary source',
    jaxFloorsUnconfirmed: 'jax[{extra}] floors: {note}',
  },
  'zh-CN': {
    evDriver: 'NVIDIA 驱动',
    evGpu: 'GPU {index} 的计算能力',
    evArchs: '{pkg} 的内核（SASS；PTX）',
    evLib: '{soname} 解析到',
    evLdPath: 'LD_LIBRARY_PATH',
    evToolkit: '编译扩展所用的 CUDA 工具包',
    evKnowledge: 'gpuenv 知识库',
    none: '无',
    verify: '验证：{cmd}',
    archTitle: '{pkg} {version} 没有适用于 {gpu}（{sm}）的内核',
    archCause:
      '{prefix} 中的 {pkg} {version} 含有 {sass} 的 SASS 和 {ptx} 的 PTX；{gpu} 的计算能力是 {cc}（{sm}）。cubin 只能在主版本相同、次版本不低于它的 GPU 上运行，PTX 只能在相同或更新的 GPU 上 JIT，因此它的 CUDA 内核会报 "no kernel image is available for execution on the device"。',
    archRebuild: '为 {sm} 从源码重新编译 {pkg}（它会针对已安装的 torch 编译）：',
    archFromKnowledge: 'PyTorch {version}+{tag} 的架构列表（{source}）',
    cpuTitle: '{pkg} {version} 是仅 CPU 的版本',
    cpuCauseGpu:
      '{prefix} 中的 {pkg} {version} 编译时没有 CUDA（{why}），无法使用 {gpu}：torch.cuda.is_available() 为 False（"Torch not compiled with CUDA enabled"），TensorFlow 和 JAX 也看不到 GPU。',
    cpuCauseNoGpu: '{prefix} 中的 {pkg} {version} 编译时没有 CUDA（{why}）。本机看不到 NVIDIA GPU，所以在这里是正常的；GPU 机器上需要 CUDA 版本。',
    whyCpuTag: '版本标签 +cpu',
    whyNoCuda: '构建信息中没有 CUDA',
    whyTfCpu: 'tensorflow-cpu 包',
    whyNoPlugin: '没有安装 jax-cuda12-plugin 或 jax-cuda13-plugin',
    cpuTf: '安装带 CUDA 库的 TensorFlow（Linux；TensorFlow {version} 的测试配置是 CUDA {cuda}、cuDNN {cudnn}）：',
    cpuTfOld: 'TensorFlow {version} 需要同时安装 CUDA {cuda} 和 cuDNN {cudnn}；在 conda 环境中：',
    cpuJax: '安装 CUDA {major} 版的 JAX 插件（{extra}：驱动 ≥ {floor}，计算能力 ≥ {cc}）：',
    cpuJaxNone: '没有适合当前驱动和 GPU 的 JAX CUDA 插件：把驱动升级到 ≥ {floor} 以使用 jax[{extra}]。',
    cpuTfWinTitle: '{pkg} {version} 在原生 Windows 上不支持 GPU（{last} 是最后一个支持的版本）',
    cpuTfWinCause:
      'TensorFlow {last} 是最后一个在原生 Windows 上支持 GPU 的版本；{pkg} {version} 在那里是纯 CPU 构建，装什么 CUDA 和驱动都没用。在 WSL2 里它能用 GPU（pip install "tensorflow[and-cuda]"）；原生 Windows 上只有 TensorFlow {last} 能用 GPU，需配合 CUDA {cuda} 和 cuDNN {cudnn}。',
    cpuTfWinKnowledge: 'TensorFlow {last}：最后一个在原生 Windows 上支持 GPU 的版本（CUDA {cuda}、cuDNN {cudnn}）',
    windowsNative: 'Windows（原生）',
    cpuTfWinFixWsl: '推荐用 WSL2：先执行 wsl --install，然后在 Linux 发行版里：',
    cpuTfWinFixNative: '或者留在原生 Windows 上，改用最后一个支持 GPU 的版本 TensorFlow {last}（并在旁边装好 CUDA {cuda} 和 cuDNN {cudnn}）：',
    drvTitle: '{pkg} {version}（CUDA {cuda}）需要 NVIDIA 驱动 ≥ {floor}；当前驱动是 {driver}',
    drvCause:
      '{prefix} 中的 {pkg} {version} 用 CUDA {cuda} 编译。CUDA {major}.x 需要驱动 ≥ {floor}（次版本兼容；要用上 CUDA {cuda} 的全部功能需 {full}），而驱动 {driver} 最高只支持 CUDA {max}，所以 CUDA 调用会报 "CUDA driver version is insufficient for CUDA runtime version"，torch.cuda.is_available() 为 False。',
    drvCausePtx:
      '{prefix} 中的 {pkg} {version} 用 CUDA {cuda} 编译，且没有 {gpu}（{sm}）的 SASS：它的内核只能靠驱动对 CUDA {cuda} 生成的 PTX 做 JIT，这需要 CUDA {cuda} 对应的驱动（≥ {full}）。次版本兼容不包括 PTX JIT；驱动 {driver} 下内核会报 "the provided PTX was compiled with an unsupported toolchain"。',
    drvUpgrade: '要么把 NVIDIA 驱动升级到 ≥ {floor}：',
    drvOrTorch: '要么安装当前驱动能运行的 PyTorch 版本：',
    drvOrTf: '要么安装当前驱动能运行的 TensorFlow {version}（CUDA {cuda}）：',
    drvUnknownMax: '更旧的 CUDA',
    fcmVisionTagTitle: '{pkg} {version} 为 {tag} 编译，而 torch {tversion} 为 {ttag}',
    fcmVisionTagCause:
      '{prefix} 中的 {pkg} {version} 为 {tag} 编译，但 torch 是 {tversion}（{ttag}）。它的 CUDA 算子针对特定的 torch 构建编译：这一对在 import 时失败（"PyTorch and torchvision were compiled with different CUDA major versions"），或丢失 CUDA 算子（"operator torchvision::nms does not exist"）。',
    fcmVisionVerTitle: '{pkg} {version} 与 torch {tversion} 不配套（应为 {pkg} {want}）',
    fcmVisionVerCause:
      '{prefix} 中的 {pkg} {version} 是针对另一个 torch 版本编译的；torch {tversion} 配套的是 {pkg} {want}。不配套时 import 会报 undefined symbol 或 "operator torchvision::nms does not exist"。',
    fcmPairFix: '从 torch 自己的索引（{tag}）重新安装配套版本：',
    fcmTfCudaTitle: 'TensorFlow {version} 需要 CUDA {want}；实际加载的 {soname} 是 CUDA {have}',
    fcmTfCudaCause:
      '{prefix} 中的 TensorFlow {version} 的测试配置是 CUDA {want}、cuDNN {cudnn}；{soname} 解析到 {path}（CUDA {have}，经由 {via}）。TensorFlow 无法加载它的 GPU 库（"Could not load dynamic library"），会悄悄退回 CPU。',
    fcmJaxTitle: '{pkg} {version} 需要 NVIDIA 驱动 ≥ {floor}；当前驱动是 {driver}',
    fcmJaxCause:
      '{extra} 版 JAX wheel（{prefix} 中的 {pkg} {version}）需要 CUDA {cuda} 或更新的驱动（≥ {floor}）；驱动 {driver} 太旧，JAX 初始化 CUDA 后端失败并退回 CPU。',
    fcmJaxFix: '要么把驱动升级到 ≥ {floor}，要么换成当前驱动能运行的 CUDA 12 版 JAX wheel：',
    cudnnTitle: '{pkg} {version} 加载的是 cuDNN {have}；它需要 cuDNN {want}',
    cudnnCause: '{prefix} 中的 {pkg} {version} 需要 cuDNN {want}；加载器把 {soname} 解析到 {path}（cuDNN {have}，经由 {via}）。{why}',
    cudnnWhyMajor: '不同主版本的 cuDNN 库名和符号都不同：cuDNN 调用会失败（"Could not load library libcudnn…"、"cuDNN version incompatibility"）。',
    cudnnWhyOlder: '比编译时更旧的 cuDNN 会在启动时被拒绝（"cuDNN version incompatibility: … compiled against {want} but found runtime version {have}"）。',
    cudnnFixLd: '把 {dir} 从 LD_LIBRARY_PATH 中去掉，让 {pkg} 加载自带的 cuDNN（{bundled}）：',
    cudnnFixPip: '安装 {pkg} 需要的 cuDNN wheel：',
    cudnnFixConda: '在 conda 环境中安装 {pkg} 需要的 cuDNN：',
    tkTitle: 'nvcc 是 CUDA {tk}；torch {tversion} 用 CUDA {cuda} 编译',
    tkCauseMajor:
      'CUDA 扩展（flash-attn、xformers、apex、DeepSpeed ops 等）用 torch.utils.cpp_extension 找到的工具包编译（{how}：{path}，CUDA {tk}）；{prefix} 中的 torch {tversion} 用 CUDA {cuda} 编译。主版本不同会直接中止编译（"The detected CUDA version ({tk}) mismatches the version that was used to compile PyTorch ({cuda})"）。',
    tkCauseMinor:
      'CUDA 扩展（flash-attn、xformers、apex、DeepSpeed ops 等）用 torch.utils.cpp_extension 找到的工具包编译（{how}：{path}，CUDA {tk}）；{prefix} 中的 torch {tversion} 用 CUDA {cuda} 编译。次版本不同只会警告，但用 CUDA {tk} 编译的扩展可能需要 torch 加载的 CUDA {cuda} 库所没有的运行时功能。',
    tkHowCudaHome: 'CUDA_HOME',
    tkHowPath: 'PATH 上的 nvcc',
    tkHowSymlink: '/usr/local/cuda',
    tkFixSwitch: '让扩展编译使用已安装的 CUDA {cuda} 工具包（当前 shell；写入 ~/.bashrc 以保留）：',
    tkFixInstall: '并行安装 CUDA {cuda} 工具包，再让扩展编译使用它：',
    tkFixConda: '或者只在 conda 环境中：',
    mixTitle: '{prefix} 中的{stack}一部分由 conda 安装，一部分由 {other} 安装',
    mixCause: '{list}。conda 看不到 pip/uv 装的包，pip/uv 也看不到 conda 的包，任何一方的更新都可能装进第二份副本或 CPU 版本，破坏 CUDA 配套关系。',
    mixFix: '用同一个包管理器重装整个栈：',
    mixStackTorch: ' PyTorch 栈',
    mixStackCuda: ' CUDA 库',
    mixStackTf: ' TensorFlow 栈',
    mixFixCuda: 'pip 安装的框架加载的是 pip 的 nvidia-* wheel；删除与之重复的 conda CUDA 包：',
    mixFixTf: '只保留 pip 安装的 TensorFlow：',
    shTitle: 'LD_LIBRARY_PATH 让 {pkg} 从 {dir} 加载 {soname}，而不是它自带的副本',
    shAnd: '和',
    shCause:
      '{prefix} 中的 {pkg} {version} 自带 {soname}{bundledVer}（{bundled}），但 LD_LIBRARY_PATH 把 {dir} 排在前面，加载器打开的是 {path}{haveVer}。{why}',
    shWhyOlder: '这个副本比包编译时用的更旧：会出现 "undefined symbol"（例如 __nvJitLinkAddData_12_1）或库被拒绝。',
    shWhyOther: '一个进程里混用了两套 CUDA，只有在版本恰好一致时才能工作。',
    shFix: '为这个环境把 {dir} 从 LD_LIBRARY_PATH 中去掉：',
    shFixKeep: '永久生效：在设置 LD_LIBRARY_PATH 的地方（~/.bashrc、/etc/profile.d/*、环境的 activate 脚本）删除 {dir}。',
    lnfTitle: '{pkg} {version} 找不到 {sonames}',
    lnfCause:
      '{prefix} 中的 {pkg} {version} 需要 {sonames}；在它的 RPATH、LD_LIBRARY_PATH、ld.so.cache 和默认目录中都找不到，加载会报 "{first}: cannot open shared object file"（TensorFlow 会报 "Could not load dynamic library" 并退回 CPU）。',
    lnfTfAndCuda: '安装 TensorFlow {version} 及其编译时对应的 CUDA 库：',
    lnfTfOld: 'TensorFlow {version} 需要 CUDA {cuda} 和 cuDNN {cudnn}；装进 conda 环境：',
    lnfTfOldSystem: 'TensorFlow {version} 需要加载路径上有 CUDA {cuda} 和 cuDNN {cudnn}：在系统中安装，或新建 cudatoolkit={cuda} cudnn={cudnn} 的 conda 环境。',
    lnfWheels: '安装提供这些库的 wheel：',
    lnfUnknown: '安装提供 {soname}（CUDA {cuda}）的包，或连同依赖重新安装 {pkg}：',
    archTorchUnconfirmed: 'PyTorch {version}+{tag} 的架构列表：{note}',
    archUnconfirmedNote: '未确认',
    archTfSource: 'TensorFlow {version} wheel 的计算能力列表（{source}）',
    archTfUnconfirmed: 'TensorFlow {version} wheel 的计算能力列表（按发布年代取自 .bazelrc，并非从 wheel 中读出）',
    fcmPairingUnconfirmed: 'torch {version} 与 {name} 的版本配对：{note}',
    secondarySource: '二手来源',
    jaxFloorsUnconfirmed: 'jax[{extra}] 的最低版本：{note}',
  },
});
