// Messages of the toolkit rules (toolkit-mismatch, multiple-toolkits) and of arch-unsupported that are new since the
// rules became the one producer of their codes; the older ones are in messages/framework.ts, messages/system.ts and
// explainers/messages.ts until the catalogues are merged.
import { section } from '../../../i18n/index.js';

export const toolkits = section({
  en: {
    tkHowCudaPath: 'CUDA_PATH',
    evCudaHome: 'CUDA_HOME a build would use',
    evNvccOnPath: 'nvcc first on PATH',
    tkHomeNotToolkitTitle: 'builds would use CUDA_HOME={path}, which is not a CUDA toolkit',
    tkHomeFromNvccCause:
      'No CUDA_HOME or CUDA_PATH is set, so torch.utils.cpp_extension takes the folder above the first nvcc on PATH ({nvcc}): {path}. That nvcc only forwards to {real}; {path} has no CUDA headers (include/cuda_runtime.h) or libraries, so CUDA extension builds (flash-attn, xformers, apex, DeepSpeed ops, …) for torch {tversion} (CUDA {cuda}) in {prefix} fail there.',
    tkHomeNotToolkitCause:
      '{via} is {path}, which is not a CUDA toolkit folder. torch.utils.cpp_extension takes it as it is, so CUDA extension builds for torch {tversion} (CUDA {cuda}) in {prefix} find no nvcc, headers or libraries there.',
    tkArchTorchCuda: 'CUDA >= {min} builds {arch}, and torch was built with CUDA {cuda}: a CUDA {cuda} toolkit serves both.',
    // comments in fix lines (the command stays as it is)
    fxFlashUninstall: 'then the model uses PyTorch attention',
    fxFlashSdpa: 'or "eager"; Qwen-style configs: use_flash_attn=False',
    fxFlashCap: 'flash-attn 2 needs 8.0 or higher',
    fxBf16Half: 'or dtype="float16" in LLM(…) / torch_dtype=torch.float16 in transformers',
    fxTritonPtxas: "a CUDA >= {first} toolkit's ptxas (Triton otherwise uses the one it bundles)",
    fxTritonUpgrade: 'or a torch/triton release whose bundled ptxas knows {arch}',
    fxPtxasKnows: 'CUDA >= {first} knows {arch}',
    fxRapidsPin: 'a GPU below {old} cannot run RAPIDS; on {old}–{upto} pin RAPIDS <= {last}, e.g. pip install "cudf-cu12=={last}.*"',
    fxRapidsCpu: 'or the CPU libraries: pandas, scikit-learn',
    fxNcclSource: "NCCL from source, with this GPU's architecture",
    fxNvccFirst: 'the nvcc that runs first on PATH',
    fxGccNewerCuda: 'or a newer CUDA toolkit whose nvcc supports this gcc',
    fxOrRunfile: 'or the runfile from developer.nvidia.com',
    fxOrToolkit: 'or the CUDA {cuda} toolkit from developer.nvidia.com',
    fxOr: 'or: {cmd}',
    fxBuildToolkit: 'the toolkit the build uses',
    fxInstallFirst: 'install the CUDA {cuda} toolkit first, or: conda install -c nvidia cuda-nvcc={cuda}',
    fxInstallToolkit: 'install the CUDA {cuda} toolkit first (NVIDIA publishes no conda nvcc before CUDA 11.3)',
    fxTorchForNvcc: 'or install a torch built for the nvcc you have: {cmd}',
    fxPathFirst: 'CUDA {v} first (now {now} answers, CUDA {nowV})',
    fxHpc: 'HPC SDK: nvc++ -gpu=cuda{v} …  or  export NVHPC_CUDA_HOME=/usr/local/cuda-<installed>',
    // multiple-toolkits: the first nvcc on PATH and CUDA_HOME are toolkits of two versions
    mtSplitTitle: 'nvcc on PATH is CUDA {pathV}, {var} is CUDA {homeV}',
    tkTitleHome: '{var} is CUDA {tk}; torch {tversion} was built with CUDA {cuda}',
    // CMake: CMakeDetermineCUDACompiler and FindCUDAToolkit's search order (cmake.org/cmake/help/latest/module/FindCUDAToolkit.html).
    mtSplitBuilds:
      'Which build takes which: torch.utils.cpp_extension, and so `pip install` of CUDA extensions (flash-attn, xformers, apex, DeepSpeed ops), uses {var} (CUDA {homeV}); CMake (enable_language(CUDA), project(… LANGUAGES CUDA), FindCUDAToolkit: CMake does not read CUDA_HOME) takes CMAKE_CUDA_COMPILER, else the CUDACXX variable, else the nvcc on PATH (CUDA {pathV}), and so do Makefiles that call nvcc; `nvcc -V` shows {pathV}.',
    mtSplitBuildsCudaPath:
      "Which build takes which: torch.utils.cpp_extension (no CUDA_HOME set) and CMake's FindCUDAToolkit without the CUDA language use CUDA_PATH (CUDA {homeV}); CMake's enable_language(CUDA) takes CMAKE_CUDA_COMPILER, else the CUDACXX variable, else the nvcc on PATH (CUDA {pathV}), and so do Makefiles that call nvcc; `nvcc -V` shows {pathV}.",
    mtWhyFramework: 'the one {pkg} was built with',
    mtWhyHome: 'the one {var} names',
    mtFixCmake:
      'CMake keeps the nvcc of its first configure in CMakeCache.txt: configure a new build folder, or pass -DCMAKE_CUDA_COMPILER=$CUDA_HOME/bin/nvcc',
  },
  'zh-CN': {
    tkHowCudaPath: 'CUDA_PATH',
    evCudaHome: '编译时会用的 CUDA_HOME',
    evNvccOnPath: 'PATH 上第一个 nvcc',
    tkHomeNotToolkitTitle: '编译会使用 CUDA_HOME={path}，但它不是 CUDA 工具包',
    tkHomeFromNvccCause:
      '没有设置 CUDA_HOME 或 CUDA_PATH，所以 torch.utils.cpp_extension 取 PATH 上第一个 nvcc（{nvcc}）的上两级目录：{path}。这个 nvcc 只是转发到 {real} 的包装脚本；{path} 下没有 CUDA 头文件（include/cuda_runtime.h）和库，所以为 {prefix} 中的 torch {tversion}（CUDA {cuda}）编译 CUDA 扩展（flash-attn、xformers、apex、DeepSpeed 算子等）会在这里失败。',
    tkHomeNotToolkitCause:
      '{via} 是 {path}，而它不是 CUDA 工具包目录。torch.utils.cpp_extension 直接使用它，所以为 {prefix} 中的 torch {tversion}（CUDA {cuda}）编译 CUDA 扩展时，在那里找不到 nvcc、头文件和库。',
    tkArchTorchCuda: '{arch} 需要 CUDA >= {min} 才能编译，而 torch 是用 CUDA {cuda} 编译的：装一个 CUDA {cuda} 工具包两者都满足。',
    fxFlashUninstall: '之后模型改用 PyTorch 自带的注意力实现',
    fxFlashSdpa: '或 "eager"；Qwen 类的配置：use_flash_attn=False',
    fxFlashCap: 'flash-attn 2 需要算力 8.0 或更高',
    fxBf16Half: '或在 LLM(…) 中设 dtype="float16"，在 transformers 中设 torch_dtype=torch.float16',
    fxTritonPtxas: 'CUDA >= {first} 工具包里的 ptxas（否则 Triton 用它自带的那个）',
    fxTritonUpgrade: '或换用自带的 ptxas 认识 {arch} 的 torch/triton 版本',
    fxPtxasKnows: 'CUDA >= {first} 才认识 {arch}',
    fxRapidsPin: '算力低于 {old} 的 GPU 跑不了 RAPIDS；{old}–{upto} 之间请把 RAPIDS 固定在 <= {last}，例如 pip install "cudf-cu12=={last}.*"',
    fxRapidsCpu: '或者改用 CPU 上的库：pandas、scikit-learn',
    fxNcclSource: '从源码编译 NCCL，带上这块 GPU 的架构',
    fxNvccFirst: 'PATH 上最先运行的 nvcc',
    fxGccNewerCuda: '或换用支持这个 gcc 的更新版 CUDA 工具包',
    fxOrRunfile: '或从 developer.nvidia.com 下载 runfile 安装',
    fxOrToolkit: '或从 developer.nvidia.com 安装 CUDA {cuda} 工具包',
    fxOr: '或者：{cmd}',
    fxBuildToolkit: '编译实际使用的工具包',
    fxInstallFirst: '先安装 CUDA {cuda} 工具包，或者：conda install -c nvidia cuda-nvcc={cuda}',
    fxInstallToolkit: '先安装 CUDA {cuda} 工具包（NVIDIA 在 CUDA 11.3 之前没有发布 conda 版 nvcc）',
    fxTorchForNvcc: '或者安装与现有 nvcc 匹配的 torch：{cmd}',
    fxPathFirst: '让 CUDA {v} 排在前面（现在响应的是 {now}，CUDA {nowV}）',
    fxHpc: 'HPC SDK：nvc++ -gpu=cuda{v} …  或  export NVHPC_CUDA_HOME=/usr/local/cuda-<已安装的版本>',
    mtSplitTitle: 'PATH 上的 nvcc 是 CUDA {pathV}，{var} 是 CUDA {homeV}',
    tkTitleHome: '{var} 是 CUDA {tk}；torch {tversion} 用 CUDA {cuda} 编译',
    mtSplitBuilds:
      '各构建用的是哪一个：torch.utils.cpp_extension（以及用 `pip install` 编译的 CUDA 扩展：flash-attn、xformers、apex、DeepSpeed 算子）使用 {var}（CUDA {homeV}）；CMake（enable_language(CUDA)、project(… LANGUAGES CUDA)、FindCUDAToolkit；CMake 不读 CUDA_HOME）先看 CMAKE_CUDA_COMPILER，其次是 CUDACXX 环境变量，再次才是 PATH 上的 nvcc（CUDA {pathV}），直接调用 nvcc 的 Makefile 也一样；`nvcc -V` 显示的是 {pathV}。',
    mtSplitBuildsCudaPath:
      '各构建用的是哪一个：torch.utils.cpp_extension（未设置 CUDA_HOME 时）和不启用 CUDA 语言的 CMake FindCUDAToolkit 使用 CUDA_PATH（CUDA {homeV}）；CMake 的 enable_language(CUDA) 先看 CMAKE_CUDA_COMPILER，其次是 CUDACXX 环境变量，再次才是 PATH 上的 nvcc（CUDA {pathV}），直接调用 nvcc 的 Makefile 也一样；`nvcc -V` 显示的是 {pathV}。',
    mtWhyFramework: '{pkg} 编译时所用的版本',
    mtWhyHome: '{var} 指定的版本',
    mtFixCmake: 'CMake 会把第一次配置时找到的 nvcc 记在 CMakeCache.txt 里：换一个新的构建目录重新配置，或者传入 -DCMAKE_CUDA_COMPILER=$CUDA_HOME/bin/nvcc',
  },
});
