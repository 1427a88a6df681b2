// CUDA libraries not found, or found in the wrong copy: loader and linker messages, undefined symbols, libcuda
// for tools other than the frameworks.
import { CHECKED_1202, sig } from './types.js';

export const LIBRARY_SIGNATURES = [
  // ---- libraries ----------------------------------------------------------------------------------------
  sig(
    'cannot-open-so',
    ['cannot open shared object file', 'could not load library', 'unable to load lib', 'unable to load any of', 'find library', 'find shared library'],
    // The last form is the loaders of frameworks that dlopen by name themselves (Paddle's dynamic_loader: "Can not find library: libcudnn.so").
    /(?<soname>lib[A-Za-z0-9_+-]{2,60}\.so(?:\.\d+){0,3})(?:(?!lib)[^\n]){0,30}?(: cannot open shared object file|\. Error)|(?:Could not load library |Unable to load (?:any of \{)?)(?<soname2>lib[A-Za-z0-9_+-]{2,60}\.so(?:\.\d+){0,3})|(?:Can ?not|Could not|Unable to|Failed to) find (?:the )?(?:shared |dynamic )?library:?\s+(?<soname3>lib[A-Za-z0-9_+-]{2,60}\.so(?:\.\d+){0,3})/i,
    [
      { code: 'library-not-found', when: 'the library is not installed, or installed (pip wheel / toolkit) but not on the loader path' },
      { code: 'cudnn-mismatch', when: 'cuDNN of another major is installed (libcudnn_ops_infer.so.8 is cuDNN 8; cuDNN 9 renamed it libcudnn_ops.so.9)' },
      { code: 'framework-cuda-mismatch', when: "the library's major (libcudart.so.11.0, libcublas.so.12) differs from the installed CUDA" },
      { code: 'wsl', when: 'WSL and the library is libcuda.so: /usr/lib/wsl/lib is not on the path' },
    ],
    1,
    'https://github.com/SYSTRAN/faster-whisper/issues/516',
    { checked: CHECKED_1202 },
  ),
  sig(
    'tf-could-not-load',
    ['could not load dynamic library'],
    /Could not load dynamic library '(?<soname>[A-Za-z0-9_.+-]{3,80})'/i,
    [
      { code: 'library-not-found', when: 'TensorFlow dlopens CUDA/cuDNN of the exact major it was built for' },
      { code: 'framework-cuda-mismatch', when: 'another CUDA major is installed than the one TensorFlow was built with' },
    ],
    0.9,
    'https://github.com/tensorflow/tensorflow/issues/60646',
  ),
  sig(
    'tf-cannot-dlopen',
    ['cannot dlopen some gpu libraries'],
    /Cannot dlopen some GPU libraries/i,
    [
      { code: 'library-not-found', when: 'the CUDA/cuDNN libraries TensorFlow needs are missing: pip install "tensorflow[and-cuda]"' },
      { code: 'cpu-only-build', when: 'TensorFlow falls back to the CPU' },
    ],
    0.8,
    'https://github.com/tensorflow/tensorflow/issues/60646',
  ),
  sig(
    'windows-dll',
    ['.dll'],
    /Could not (?:locate|load|find)(?: library)? ["']?(?<dll2>(?:cudart64|cudnn64|cublas64|cublasLt64|cufft64|curand64|cusolver64|cusparse64|nvrtc64|nvJitLink|cudnn_[a-z_]{2,30}64|nvcuda|zlibwapi)_?\d*(?:_\d+)?\.dll)|(?<dll>(?:cudart64|cudnn64|cublas64|cublasLt64|cufft64|curand64|cusolver64|cusparse64|nvrtc64|nvJitLink|cudnn_[a-z_]{2,30}64|nvcuda|zlibwapi)_?\d*(?:_\d+)?\.dll)[^\n]{0,60}?(not found|could not be found|cannot find|is not found|failed)/i,
    [{ code: 'library-not-found', when: "the DLL's CUDA/cuDNN version is not installed or its bin folder is not on PATH" }],
    1,
    'https://github.com/tensorflow/tensorflow/issues/45930',
    { confirmed: false, note: 'representative TF-on-Windows report', noteZh: '一例有代表性的 Windows 上 TF 的报告' },
  ),
  // PaddlePaddle's dynload: "The third-party dynamic library (cudnn64_8.dll) that Paddle depends on is not configured
  // correctly" (Windows and Linux), "Cannot load cudnn shared library. Cannot invoke method cudnnGetVersion".
  sig(
    'paddle-dynload',
    ['that paddle depends on', 'cannot load cudnn shared library'],
    /third-party dynamic library \((?<dll>[\w.;+-]{3,120})\) that Paddle depends on is not configured correctly|Cannot load (?<lib>cudnn|cublas|cudart|curand|cusolver|nccl) shared library/i,
    [
      { code: 'library-not-found', when: 'the library (of the CUDA/cuDNN this Paddle build names) is not on PATH / LD_LIBRARY_PATH' },
      {
        code: 'framework-cuda-mismatch',
        when: 'a CUDA/cuDNN of another version is installed than the one the Paddle build loads (its file names carry the version)',
      },
    ],
    1,
    'https://github.com/PaddlePaddle/Paddle/issues/22996',
    { confirmed: false, note: 'paddle/fluid/platform/dynload wording', noteZh: '措辞取自 paddle/fluid/platform/dynload' },
  ),
  // ldd's "libcudart.so.10.0 => not found": the CUDA libraries a binary was linked against are missing.
  sig(
    'ldd-cuda-not-found',
    ['=> not found'],
    /^\s{0,8}(?<soname>lib(?:cudart|cublas\w{0,4}|cudnn\w{0,20}|cufft\w{0,2}|curand|cusolver\w{0,2}|cusparse|nvrtc|nccl|nvinfer\w{0,10}|nvJitLink)\.so(?:\.\d+){1,3}) => not found/,
    [
      { code: 'library-not-found', when: 'that CUDA/cuDNN is not installed, or not on the loader path' },
      {
        code: 'framework-cuda-mismatch',
        when: 'another CUDA is installed than the one the binary was built with (CUDA <= 10: the soname carries major.minor)',
      },
    ],
    0.8,
    'https://man7.org/linux/man-pages/man1/ldd.1.html',
    { confirmed: false, note: 'ldd output format', noteZh: 'ldd 的输出格式' },
  ),
  sig(
    'winerror-126',
    ['winerror 126'],
    /WinError 126[^\n]{0,200}?(?<dll>[A-Za-z0-9_]{2,40}\.dll)?/i,
    [{ code: 'library-not-found', when: 'a DLL (or one of its dependencies, e.g. the VC++ runtime) cannot be found' }],
    0.9,
    'https://github.com/pytorch/pytorch/issues/131662',
    { confirmed: false, note: 'representative report', noteZh: '代表性报告' },
  ),
  sig(
    'undefined-symbol-nvjitlink',
    ['undefined symbol'],
    /undefined symbol: (?<symbol>__nvJitLink\w{1,40}|cusparse\w{1,40}|cublas\w{1,40}|cudnn\w{1,40}|nccl\w{1,40}|ncclCommRegister|cuTensorMap\w{1,40})/,
    [
      { code: 'library-shadowing', when: 'LD_LIBRARY_PATH puts a system CUDA library before the one the wheel ships' },
      { code: 'framework-cuda-mismatch', when: "nvidia-* wheels of another CUDA minor than torch's are installed" },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/111469',
  ),
  sig(
    'undefined-symbol-torch',
    ['undefined symbol'],
    /(?<lib>[A-Za-z0-9_]{2,60}\.(?:so|pyd))[^\n]{0,20}: undefined symbol: (?<symbol>_Z\w{2,200})/,
    [{ code: 'framework-cuda-mismatch', when: 'an extension (torchvision, xformers, flash-attn, vllm) was built against another torch version' }],
    0.8,
    'https://github.com/vllm-project/vllm/issues/1453',
    { confirmed: false, note: 'representative of ABI mismatch reports', noteZh: 'ABI 不匹配类报告中有代表性的一例' },
  ),
  // TensorFlow 1.x dso_loader: "Couldn't open CUDA library libcudnn.so. LD_LIBRARY_PATH: …", "Unable to load cuDNN DSO".
  sig(
    'tf-dso-open',
    ["couldn't open cuda library", 'unable to load cudnn dso'],
    /Couldn'?t open CUDA library (?<soname>lib[\w+-]{2,40}\.so(?:\.\d+){0,3})|Unable to load cuDNN DSO/i,
    [{ code: 'library-not-found', when: 'the library is not on the loader path (LD_LIBRARY_PATH, ldconfig)' }],
    1,
    'https://pastebin.com/3J0dkCY4',
    {
      confirmed: false,
      note: 'tensorflow/stream_executor/dso_loader.cc wording (TF 1.x)',
      noteZh: '措辞取自 tensorflow/stream_executor/dso_loader.cc（TF 1.x）',
    },
  ),
  // The linker, not the loader: "/usr/bin/ld: cannot find -lcuda" while building a CUDA extension (Triton, vLLM, custom ops).
  sig(
    'ld-cannot-find',
    ['cannot find -l'],
    /\bld(?:\.\w{1,10})?: cannot find -l(?<lib>cuda|cudart|cublas|cublasLt|cudnn|nvrtc|nccl|cufft|curand|cusparse|cusolver|nvidia-ml)\b/,
    [{ code: 'library-not-found', when: "the unversioned link name (libcuda.so → libcuda.so.1, or the toolkit's stubs) is missing from the linker path" }],
    1,
    'https://blog.gitcode.com/13736d94828989303015374d84005862',
    { confirmed: false, note: 'GNU ld wording', noteZh: '措辞取自 GNU ld' },
  ),
  // ---- cuDNN / library loaded from the wrong folder -----------------------------------------------------
  sig(
    'lib-undefined-symbol-path',
    ['undefined symbol'],
    /(?<path>\/[\w.+-]{1,40}(?:\/[\w.+-]{1,60}){0,8})\/(?<soname>lib(?:cudnn|cublas|cublasLt|cusparse|cufft|curand|cusolver|nvrtc|nccl|nvJitLink|cudart|nvToolsExt)\w{0,30}\.so(?:\.\d+){0,3}): undefined symbol/,
    [
      { code: 'library-shadowing', when: 'the library loaded from this folder (a system CUDA/cuDNN on LD_LIBRARY_PATH) is not the one the framework ships' },
      { code: 'cudnn-mismatch', when: "a cuDNN of another minor than the framework's is loaded" },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/119989',
  ),
  sig(
    'cudnn-cannot-load-symbol',
    ['cannot load symbol'],
    /(?:Invalid handle\. )?Cannot load symbol (?<symbol>cudnn\w{1,60})/i,
    [
      { code: 'library-not-found', when: 'the cuDNN sub-library (libcudnn_cnn / libcudnn_ops) that holds the symbol is not on the loader path' },
      { code: 'cudnn-mismatch', when: 'only part of a cuDNN of another version is found' },
    ],
    0.9,
    'https://github.com/SYSTRAN/faster-whisper/issues/516',
    {
      confirmed: false,
      note: "that thread is about the missing cuDNN 8 sub-libraries; this wording is cuDNN's own when a sub-library cannot be dlopened",
      noteZh: '该帖讲的是缺失的 cuDNN 8 子库；这段措辞是 cuDNN 在某个子库无法 dlopen 时自身输出的',
    },
  ),
  // Below lib-undefined-symbol-path: a loader line such as "…/nvidia/cusparse/lib/libcusparse.so.12: undefined symbol:
  // __nvJitLinkAddData_12_1, version libnvJitLink.so.12" matches both, and its events (the evidence) list that one first.
  // Two copies of one CUDA library family: libcublas from one place, libcublasLt (another version) from another.
  sig(
    'symbol-version-not-defined',
    ['not defined in file'],
    /symbol (?<symbol>\w{2,80}),? version (?<soname>lib[\w+-]{2,40}\.so(?:\.\d+){0,3}) not defined in file (?<file>lib[\w+-]{2,40}\.so(?:\.\d+){0,3})/i,
    [
      {
        code: 'library-shadowing',
        when: 'another copy of the library (LD_LIBRARY_PATH, conda cudatoolkit, a system CUDA) is loaded instead of the one its partner was built with',
      },
      { code: 'mixed-package-managers', when: "conda's cudatoolkit and pip's nvidia-* wheels both ship the library" },
    ],
    1,
    'https://blog.csdn.net/qq_39306047/article/details/127798591',
    { confirmed: false, note: 'glibc loader wording', noteZh: '措辞取自 glibc 动态加载器' },
  ),
  // An undefined versioned symbol from a CUDA library: a second copy of the library it is versioned against loaded first.
  sig(
    'undefined-symbol-version',
    ['undefined symbol'],
    /undefined symbol: (?<symbol>\w{2,80}),? version (?<soname>lib[\w+-]{2,40}\.so(?:\.\d+){0,3})/i,
    [
      {
        code: 'library-shadowing',
        when: 'another copy of that library (a system CUDA, LD_LIBRARY_PATH, conda) is loaded before the one shipped with the package',
      },
      {
        code: 'framework-cuda-mismatch',
        when: 'a CUDA library package of another major is installed (conda nvidia channel, pip nvidia-*-cu12 under a CUDA 11 build)',
      },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/103832',
    {
      confirmed: false,
      note: "glibc loader wording; that thread: an image's CUDA 11.3 cuBLAS loaded before pip's nvidia-cublas-cu11",
      noteZh: '措辞取自 glibc 动态加载器；该帖：镜像自带的 CUDA 11.3 cuBLAS 先于 pip 安装的 nvidia-cublas-cu11 被加载',
    },
  ),
  // LD_DEBUG=libs: where a CUDA library was actually loaded from.
  sig(
    'ld-debug-loaded-from',
    ['calling init:'],
    /calling init: (?<path>\/[\w.+-]{1,40}(?:\/[\w.+-]{1,60}){0,8})\/(?<soname>lib(?:cudart|cublas|cublasLt|cudnn\w{0,20}|nvrtc|cufft|curand|cusparse|cusolver|nccl|nvJitLink)\.so(?:\.\d+){0,3})/,
    [{ code: 'library-shadowing', when: "the copy that loads is a system CUDA one, not the package's" }],
    0.6,
    'https://github.com/pytorch/pytorch/issues/19309',
    { confirmed: false, note: 'glibc LD_DEBUG output', noteZh: 'glibc 的 LD_DEBUG 输出' },
  ),
  // JAX's CUDA plugin: "Unable to load cuSPARSE. Is it installed?" — not found, or an older copy (LD_LIBRARY_PATH) loaded.
  sig(
    'jax-unable-to-load',
    ['is it installed?'],
    /Unable to load (?<lib>cuSPARSE|cuBLAS|cuDNN|cuFFT|cuSOLVER|CUPTI|NCCL|cuPTI)\.\s{0,2}Is it installed\?/i,
    [
      { code: 'library-not-found', when: 'the pip CUDA library of the jax[cuda12] extra is missing' },
      { code: 'library-shadowing', when: 'an older copy (a system CUDA on LD_LIBRARY_PATH) is loaded instead of the pip one: unset LD_LIBRARY_PATH' },
    ],
    1,
    'https://github.com/jax-ml/jax/issues/28929',
    { confirmed: false, note: 'jax_plugins/xla_cuda wording', noteZh: '措辞取自 jax_plugins/xla_cuda' },
  ),
  // LD_DEBUG=libs: "search path=/a/lib:/b/lib64  (LD_LIBRARY_PATH)" — the folders searched before the package's own.
  sig(
    'ld-debug-search-path',
    ['(ld_library_path)'],
    /search path=(?<paths>\S{1,1200})\s{1,8}\(LD_LIBRARY_PATH\)/,
    [{ code: 'library-shadowing', when: 'a CUDA library of another version in one of these folders is found before the one the package ships' }],
    0.8,
    'https://man7.org/linux/man-pages/man8/ld.so.8.html (LD_DEBUG)',
    { confirmed: false, note: 'glibc LD_DEBUG output', noteZh: 'glibc 的 LD_DEBUG 输出' },
  ),
  // ---- libcuda not found by other tools (cuda-python, cudarc, numba, ollama) ----------------------------------
  // After cannot-open-so, which matches the same "libcuda.so.1: cannot open shared object file" line first.
  sig(
    'libcuda-dlopen',
    ['libcuda.so', 'unable to find cuda lib'],
    /(?:Failed to dlopen|cannot dlopen|failed to load|could not load|unable to load)\s{1,3}(?:library\s)?['"]?libcuda\.so(?:\.1)?|Unable to find cuda lib under the names|libcuda\.so(?:\.1)?: cannot open shared object file/i,
    [
      { code: 'wsl', when: 'WSL: libcuda lives in /usr/lib/wsl/lib, which the loader does not search (ld.wsl.conf missing, or LD_LIBRARY_PATH)' },
      { code: 'driver-not-loaded', when: 'no NVIDIA driver user-space library here (driver not installed, or a container without the NVIDIA runtime)' },
    ],
    1,
    'https://github.com/NVIDIA/cuda-python/issues/17',
  ),
];
