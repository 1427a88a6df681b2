// Framework builds against the machine: CPU-only builds, builds for another CUDA, companions built for another
// torch.
import { sig } from './types.js';

export const FRAMEWORK_SIGNATURES = [
  // ---- framework build vs CUDA ------------------------------------------------------------------------------
  sig(
    'torch-not-compiled-cuda',
    ['torch not compiled with cuda enabled'],
    /Torch not compiled with CUDA enabled/i,
    [
      { code: 'cpu-only-build', when: 'torch.__version__ ends in +cpu or torch.version.cuda is None (pip picked the CPU wheel, or conda the cpu build)' },
      { code: 'mixed-package-managers', when: 'conda and pip both installed torch' },
    ],
    1,
    'https://github.com/nv-morpheus/Morpheus/issues/1943',
  ),
  sig(
    'jax-cpu-fallback',
    ['a cuda-enabled jaxlib is not installed', 'falling back to cpu'],
    /(a CUDA-enabled jaxlib is not installed|No GPU\/TPU found, falling back to CPU)/i,
    [
      { code: 'cpu-only-build', when: 'jax was installed without the jax[cuda12] extra' },
      { code: 'library-not-found', when: 'the CUDA plugin is installed but fails to load its libraries' },
    ],
    0.9,
    'https://github.com/jax-ml/jax/issues/18032',
    { confirmed: false, note: 'representative', noteZh: '来源为一例代表性报告' },
  ),
  sig(
    'jax-cuda-version',
    ['but jax was built against'],
    /Found CUDA version (?<found>\d{4,5}), but JAX was built against version (?<built>\d{4,5})/i,
    [{ code: 'framework-cuda-mismatch', when: "the CUDA libraries found are older than jaxlib's build" }],
    1,
    'https://github.com/jax-ml/jax/issues/18032',
    { confirmed: false, note: 'representative', noteZh: '来源为一例代表性报告' },
  ),
  sig(
    'detected-cuda-mismatch',
    ['mismatches the version that was used to compile'],
    /detected CUDA version \((?<nvcc>\d+\.\d+)\) mismatches the version that was used to compile\s*PyTorch \((?<torch>\d+\.\d+)\)/i,
    [{ code: 'toolkit-mismatch', when: 'nvcc / CUDA_HOME is another CUDA than torch.version.cuda' }],
    1,
    'https://github.com/vllm-project/vllm/issues/1453',
  ),
  sig(
    'cuda-home-not-set',
    ['cuda_home environment variable is not set'],
    /CUDA_HOME environment variable is not set/i,
    [
      { code: 'toolkit-mismatch', when: 'no CUDA toolkit (nvcc) to build the extension with' },
      { code: 'cpu-only-build', when: 'torch is a CPU build (torch.version.cuda is None)' },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/73047',
    { confirmed: false, note: 'cited in reference/anchor-tools.md', noteZh: '在 reference/anchor-tools.md 中被引用' },
  ),
  sig(
    'bnb-cuda-setup',
    ['cuda setup failed despite gpu being available'],
    /CUDA Setup failed despite GPU being available/i,
    [{ code: 'library-not-found', when: 'bitsandbytes finds no libcudart / binary for this CUDA version' }],
    1,
    'https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1559',
  ),
  sig(
    'bnb-cpu-library',
    ['compiled without gpu support'],
    /bitsandbytes was compiled without GPU support/i,
    [
      { code: 'library-not-found', when: 'bitsandbytes found no CUDA runtime (libcudart) at import and loaded its CPU library' },
      {
        code: 'cpu-only-build',
        when: 'a bitsandbytes build without CUDA is installed: native Windows before 0.43.0, the first release with official Windows support',
      },
    ],
    0.9,
    'https://github.com/bitsandbytes-foundation/bitsandbytes/issues/305; Windows: https://huggingface.co/posts/Titus-von-Koeller/208953986335856 (bitsandbytes 0.43.0 release: "Official Windows support")',
  ),
  sig(
    'bnb-no-libcudart',
    ['libcudart.so not found', 'no libcudart.so found'],
    /(?<soname>libcudart\.so(?:\.\d+){0,2}) not found in any environmental path|No (?<soname2>libcudart\.so(?:\.\d+){0,2}) found/i,
    [
      {
        code: 'library-not-found',
        when: 'no CUDA runtime library on the loader path or in the environment (install torch with CUDA, cudatoolkit, or set LD_LIBRARY_PATH)',
      },
    ],
    1,
    'https://github.com/bitsandbytes-foundation/bitsandbytes/issues/305',
  ),
  sig(
    'tf-cpu-device-only',
    ["device_type='cpu'"],
    /^\s{0,4}\[PhysicalDevice\(name='\/physical_device:CPU:0', device_type='CPU'\)\]\s{0,4}$/,
    [
      {
        code: 'framework-cuda-mismatch',
        when: 'TensorFlow <= 2.13 loads the system CUDA/cuDNN: the installed toolkit is not the one the TF version was built for',
      },
      {
        code: 'cpu-only-build',
        when: 'TensorFlow >= 2.11 on native Windows has no GPU build (2.10 was the last); or a tensorflow-cpu / plain tensorflow without [and-cuda]',
      },
      { code: 'wsl', when: 'on Windows, TensorFlow GPU runs in WSL2' },
    ],
    0.7,
    'https://github.com/tensorflow/tensorflow/issues/38090',
  ),
  sig(
    'paddle-cuda',
    ['is compiled with cuda'],
    /compiled with CUDA (?<built>\d+\.\d+), but CUDA runtime version in your machine is (?<found>\d+\.\d+)/i,
    [{ code: 'framework-cuda-mismatch', when: "the machine's CUDA differs from Paddle's build" }],
    1,
    'https://github.com/PaddlePaddle/Paddle/issues/37349',
    { confirmed: false, note: 'Paddle wording, same check as the cuDNN one', noteZh: '措辞取自 Paddle，与 cuDNN 那条是同一个检查' },
  ),
  sig(
    'bnb-no-binary',
    ['required library version not found'],
    /Required library version not found: (?<lib>libbitsandbytes_cuda(?<cuda>\d{3})\w{0,20}\.so)/i,
    [
      { code: 'framework-cuda-mismatch', when: 'this bitsandbytes release has no binary for the detected CUDA' },
      { code: 'library-not-found', when: 'the binary exists but for another CUDA than the one found' },
    ],
    1,
    'https://blog.csdn.net/weixin_44517645/article/details/131508060',
    { confirmed: false, note: 'bitsandbytes cuda_setup wording (0.3x–0.41)', noteZh: '措辞取自 bitsandbytes 的 cuda_setup（0.3x–0.41）' },
  ),
  // cuDF / numba: "Using CUDA toolkit version (12, 3) with CUDA driver version (12, 2) requires minor version compatibility".
  sig(
    'cudf-mvc',
    ['requires minor version compatibility'],
    /Using CUDA toolkit version \((?<tkMajor>\d{1,2}), (?<tkMinor>\d)\) with CUDA driver version \((?<drMajor>\d{1,2}), (?<drMinor>\d)\)/i,
    [
      {
        code: 'framework-cuda-mismatch',
        when: "cuDF/numba cannot use minor-version compatibility: the CUDA toolkit packages must not be newer than the driver's CUDA",
      },
      { code: 'driver-too-old', when: "a driver for the toolkit's CUDA fixes it too" },
    ],
    1,
    'https://github.com/Kaggle/docker-python/issues/1361',
    { confirmed: false, note: 'cudf/utils/_numba.py wording', noteZh: '措辞取自 cudf/utils/_numba.py' },
  ),
  // ONNX Runtime's CUDA execution provider library failing to load (Linux dlopen, Windows LoadLibrary).
  sig(
    'ort-provider-load',
    ['onnxruntime_providers_cuda'],
    /Failed to load library (?:lib)?onnxruntime_providers_cuda\.(?:so|dll) with error: (?<soname>lib[\w+-]{2,40}\.so(?:\.\d+){0,3})?|LoadLibrary failed with error (?<winerr>\d{2,4})[^\n]{0,120}?onnxruntime_providers_cuda\.dll/i,
    [
      {
        code: 'framework-cuda-mismatch',
        when: 'the onnxruntime-gpu build is for another CUDA major than the one installed (1.13–1.18 PyPI builds: CUDA 11; 1.19+: CUDA 12)',
      },
      { code: 'cudnn-mismatch', when: 'the build loads another cuDNN major (ORT 1.18.1+/1.19 CUDA 12 builds: cuDNN 9)' },
      { code: 'library-not-found', when: 'the right CUDA/cuDNN is installed but not on the loader path' },
    ],
    1,
    'https://github.com/microsoft/onnxruntime/issues/13932',
    {
      confirmed: false,
      note: 'onnxruntime provider_bridge_ort.cc wording; requirements from src/knowledge/data/onnxruntime.ts',
      noteZh: '措辞取自 onnxruntime 的 provider_bridge_ort.cc；版本要求来自 src/knowledge/data/onnxruntime.ts',
    },
  ),
  // ONNX Runtime without its CUDA provider: the CPU package (onnxruntime) is the one imported.
  sig(
    'ort-no-cuda-provider',
    ['cudaexecutionprovider'],
    /(?:Specified provider '?CUDAExecutionProvider'? is not in available provider names|CUDAExecutionProvider (?:is )?not available|Asked to use CUDAExecutionProvider as an ONNX Runtime execution provider, but the available execution providers are \[(?![^\]\n]{0,200}CUDA))/i,
    [
      { code: 'cpu-only-build', when: 'the imported onnxruntime is the CPU build (onnxruntime installed, or installed next to onnxruntime-gpu and winning)' },
      { code: 'framework-cuda-mismatch', when: 'onnxruntime-gpu is installed but its CUDA provider failed to load (the log line before says why)' },
    ],
    1,
    'https://onnxruntime.ai/docs/install/ ("onnxruntime" is the CPU package, "onnxruntime-gpu" the CUDA one; install only one of them)',
    { confirmed: false, note: 'onnxruntime inference_session wording', noteZh: '措辞取自 onnxruntime 的 inference_session' },
  ),
  // OpenCV: "(-216:No CUDA support) The library is compiled without CUDA support".
  sig(
    'opencv-no-cuda',
    ['no cuda support', 'compiled without cuda support'],
    /No CUDA support\)?[^\n]{0,20}The library is compiled without CUDA support|The library is compiled without CUDA support/i,
    [{ code: 'cpu-only-build', when: 'the OpenCV build (the PyPI opencv-python wheels) has no CUDA modules: build OpenCV with WITH_CUDA=ON' }],
    1,
    'https://github.com/opencv/opencv-python/issues/398 (maintainer: the PyPI wheels have no CUDA support)',
    { confirmed: false, note: 'OpenCV core private.cuda.hpp wording', noteZh: '措辞取自 OpenCV core 的 private.cuda.hpp' },
  ),
  sig(
    'ort-create-provider-failed',
    ['failed to create cudaexecutionprovider', 'failed to create cuda provider'],
    /Failed to create (?:CUDAExecutionProvider|cuda provider)(?:\.\s{0,2}Require cuDNN (?<cudnn>\d{1,2})\.\*\s{0,2}and CUDA (?<cuda>\d{1,2})\.\*)?/i,
    [
      { code: 'framework-cuda-mismatch', when: 'the onnxruntime-gpu build is for another CUDA/cuDNN than the installed one (the ORT table)' },
      { code: 'library-not-found', when: 'the right CUDA/cuDNN is installed but not on the loader path' },
      { code: 'cudnn-mismatch', when: 'the build wants another cuDNN major than the installed one ("Require cuDNN 8.* and CUDA 12.*")' },
    ],
    1,
    'https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements',
    { confirmed: false, note: 'onnxruntime provider_bridge_ort.cc wording', noteZh: '措辞取自 onnxruntime 的 provider_bridge_ort.cc' },
  ),
  // CuPy wheels are built per CUDA major (cupy-cuda11x, cupy-cuda12x): "CuPy failed to load libnvrtc.so.11.2".
  sig(
    'cupy-failed-to-load',
    ['cupy failed to load'],
    /CuPy failed to load (?<soname>lib\w{2,20}\.so\.(?<cuda>\d{1,2})(?:\.\d{1,2})?)/i,
    [
      { code: 'framework-cuda-mismatch', when: 'the cupy-cudaNNx wheel is for another CUDA major than the one installed' },
      { code: 'library-not-found', when: 'that CUDA is installed but its libraries are not on the loader path' },
    ],
    1,
    'https://docs.cupy.dev/en/stable/install.html (one wheel per CUDA major: cupy-cuda11x, cupy-cuda12x)',
    { confirmed: false, note: 'cupy_backends _softlink wording', noteZh: '措辞取自 cupy_backends 的 _softlink' },
  ),
  // spconv / cumm: the CPU build of cumm ("tensorview … don't compiled with cuda").
  sig(
    'cumm-no-cuda',
    ["don't compiled with cuda", 'dont compiled with cuda'],
    /don'?t compiled with cuda/i,
    [{ code: 'cpu-only-build', when: 'the CPU packages cumm / spconv are installed instead of cumm-cuXXX / spconv-cuXXX' }],
    1,
    'https://github.com/traveller59/spconv/issues/423',
    { confirmed: false, note: 'cumm tensorview wording', noteZh: '措辞取自 cumm 的 tensorview' },
  ),
  // llama-cpp-python built without CUDA: the model loads with "BLAS = 0".
  // Only on a line that does not also report a CUDA backend (newer llama.cpp prints BLAS for the BLAS library alone).
  sig(
    'llama-cpp-blas-0',
    ['blas = 0', 'blas=0'],
    /^(?![^\n]{0,400}(?:CUDA\s?[:=]\s?(?:1|ARCHS)|CUBLAS\s?=\s?1))[^\n]{0,400}?\bBLAS\s?=\s?0\b/,
    [{ code: 'cpu-only-build', when: 'llama-cpp-python was built (or reinstalled from the sdist) without CUDA: rebuild with CMAKE_ARGS' }],
    0.8,
    'https://github.com/abetlen/llama-cpp-python (README: CMAKE_ARGS="-DGGML_CUDA=on" pip install llama-cpp-python; older releases -DLLAMA_CUBLAS=on)',
    { confirmed: false, note: 'llama.cpp system_info line', noteZh: 'llama.cpp 的 system_info 输出行' },
  ),
  // llama.cpp found and loaded its CUDA backend: a build with CUDA. Context only.
  sig(
    'ggml-cuda-loaded',
    ['ggml_cuda_init', 'loaded cuda backend'],
    /ggml_cuda_init: found \d{1,2} CUDA devices?|load_backend: loaded CUDA backend/i,
    [],
    0.1,
    'https://github.com/ggml-org/llama.cpp (ggml-cuda start-up lines)',
    { confirmed: false, note: 'context only', noteZh: '仅作上下文' },
  ),
  // The mmcv-full index names the torch and CUDA its wheels were built for: download.openmmlab.com/mmcv/dist/cu101/torch1.6/index.html.
  sig(
    'mmcv-index',
    ['download.openmmlab.com/mmcv/dist/'],
    /download\.openmmlab\.com\/mmcv\/dist\/(?<cuda>cu\d{2,3}|cpu)\/torch(?<torch>\d\.\d{1,2})(?:\.\d)?\//i,
    [{ code: 'framework-cuda-mismatch', when: 'the mmcv-full wheels of this index are built for that torch and CUDA only' }],
    0.3,
    'https://mmcv.readthedocs.io/en/latest/get_started/installation.html (the index URL names the CUDA and torch versions)',
    { confirmed: false, note: 'context; a cause with another torch named', noteZh: '上下文；当其中指明的是另一个 torch 版本时才算作原因' },
  ),
  // ---- framework companions built for another torch -------------------------------------------------------
  sig(
    'xformers-built-for',
    ['you have'],
    /PyTorch (?<built>\d+\.\d+\.\d+(?:\+\w{2,12})?) with CUDA (?<cuda>\d{3,5}) \(you have (?<have>\d+\.\d+\.\d+(?:\+\w{2,12})?)\)/i,
    [
      { code: 'framework-cuda-mismatch', when: 'xFormers (or another extension) was built for another torch build than the installed one' },
      { code: 'cpu-only-build', when: 'the installed torch is a +cpu build' },
    ],
    1,
    'https://github.com/facebookresearch/xformers/issues/982',
  ),
  sig(
    'torchvision-cuda-differs',
    ['compiled with different cuda'],
    /PyTorch and torchvision were compiled with different CUDA (?:major )?versions\.?\s*PyTorch has CUDA Version=(?<torch>\d+\.\d+) and torchvision has CUDA Version=(?<vision>\d+\.\d+)/i,
    [{ code: 'framework-cuda-mismatch', when: 'torchvision comes from another index (CUDA) than torch' }],
    1,
    'https://github.com/pytorch/vision/blob/main/torchvision/extension.py (_check_cuda_version)',
  ),
  // PyTorch Geometric's extensions check the same: "Detected that PyTorch and torch_scatter were compiled with different
  // CUDA versions. PyTorch has CUDA version 10.1 and torch_scatter has CUDA version 10.2."
  sig(
    'pyg-cuda-differs',
    ['were compiled with different cuda versions'],
    /Detected that PyTorch and (?<ext>torch_\w{3,20}) were compiled with different CUDA versions\.\s{0,3}PyTorch has CUDA version (?<torch>\d+\.\d+) and torch_\w{3,20} has CUDA version (?<vision>\d+\.\d+)/i,
    [
      {
        code: 'framework-cuda-mismatch',
        when: "the PyG extension wheel comes from the index of another CUDA than torch's (data.pyg.org/whl/torch-X+cuNNN.html)",
      },
    ],
    1,
    'https://github.com/rusty1s/pytorch_scatter (README: wheels per torch version and CUDA tag, https://data.pyg.org/whl/torch-${TORCH}+${CUDA}.html)',
    { confirmed: false, note: 'torch_scatter __init__.py wording', noteZh: '措辞取自 torch_scatter 的 __init__.py' },
  ),
  // DGL's CPU build: "Device API cuda is not enabled. Please install the cuda version of dgl."
  sig(
    'dgl-cpu-build',
    ['device api cuda is not enabled'],
    /Device API cuda is not enabled/i,
    [{ code: 'cpu-only-build', when: 'the dgl package is the CPU build; the CUDA builds are dgl+cuXXX from data.dgl.ai' }],
    1,
    'https://www.dgl.ai/pages/start.html (CUDA builds: pip install dgl -f https://data.dgl.ai/wheels/cuXXX/repo.html)',
    { confirmed: false, note: 'dgl c_runtime_api.cc wording', noteZh: '措辞取自 dgl 的 c_runtime_api.cc' },
  ),
  sig(
    'torchvision-op-missing',
    ['does not exist'],
    /operator torchvision::(?<op>\w{2,30}) does not exist/i,
    [{ code: 'framework-cuda-mismatch', when: 'torchvision was built for another torch release (pip upgraded one of them alone)' }],
    1,
    'https://github.com/pytorch/pytorch/issues/122494',
  ),
];
