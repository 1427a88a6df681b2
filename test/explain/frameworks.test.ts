// explain, framework builds: CPU-only builds, builds for another CUDA or another torch, conda and pip in one stack.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per Finding code. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, explain, type ExplainRow, find } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const cpuOnlyBuild: ExplainRow[] = [
  {
    name: 'xFormers reporting a +cpu torch → cpu-only-build first, naming the version and the wanted build',
    text: "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n    PyTorch 2.3.1+cu121 with CUDA 1201 (you have 2.3.1+cpu)",
    top: 'cpu-only-build',
    contains: ['2.3.1', 'cu121'],
  },
  {
    name: 'a conda list with a cpu build string and is_available False',
    text: '# Name                    Version                   Build  Channel\npytorch                   2.0.1               cpu_py310hab5cca8_0    conda-forge\n>>> torch.cuda.is_available()\nFalse',
    top: 'cpu-only-build',
  },
  {
    name: 'TF newer than 2.10 on native Windows → cpu-only-build naming 2.10',
    text: "### OS platform and distribution\nWindows 10 22H2\n### TensorFlow version\n2.15.0\n[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]",
    topTwo: ['cpu-only-build'],
    about: 'cpu-only-build',
    contains: ['2.10'],
  },
  {
    name: 'TensorFlow 2.13 on native Windows from an issue template',
    text: ['### TensorFlow version', 'tf 2.13', '### OS platform and distribution', 'Windows 11', 'GPU list is empty'],
    about: 'cpu-only-build',
    contains: ['2.10'],
  },
  {
    name: 'conda-forge tensorflow next to tensorflow-gpu (before TF 2.1)',
    text: ['tensorflow                1.14.0                   py37_0    conda-forge', 'tensorflow-gpu            1.14.0               h0d30ee6_0    defaults'],
    about: 'cpu-only-build',
    contains: ['1.14.0', 'conda remove --force tensorflow'],
  },
  {
    name: "conda's plan picks the CPU build",
    text: '  pytorch            pytorch/linux-64::pytorch-1.4.0-py3.6_cpu_0',
    top: 'cpu-only-build',
    contains: ['py3.6_cpu_0'],
  },
  {
    name: 'a pytorch release asked for with a cudatoolkit it was never built for',
    text: 'conda install -c pytorch pytorch=1.10.0 torchvision cudatoolkit=11.5   # now torch.cuda.is_available() is False',
    about: 'cpu-only-build',
    contains: ['cu113'],
    title: { contains: ['1.10.0'] },
  },
  {
    name: "Paddle's CPU package",
    text: 'RuntimeError: Cannot use GPU because you have installed CPU version PaddlePaddle.',
    top: 'cpu-only-build',
    contains: ['paddlepaddle-gpu'],
  },
  {
    name: 'aarch64: the PyPI wheel is the CPU build',
    text: 'On our GH200 node `pip install torch` installed the CPU version of torch',
    about: 'cpu-only-build',
    contains: ['download.pytorch.org/whl/cu'],
  },
  {
    name: 'bitsandbytes without GPU support, on its own, is a CPU-only build',
    text: 'C:\\venv\\lib\\site-packages\\bitsandbytes\\cextension.py:34: UserWarning: The installed version of bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are unavailable.',
    top: 'cpu-only-build',
    contains: ['bitsandbytes', '0.43.0'],
  },
  {
    name: 'PaddlePaddle\'s "you are using the cpu version" message',
    text: 'ERROR: You are using paddlepaddle cpu version! Please try to install paddlepaddle-gpu to run model on GPU.',
    top: 'cpu-only-build',
    contains: ['paddlepaddle-gpu'],
  },
  {
    name: 'a conda plan that replaces the CUDA pytorch with a defaults cpu_py build names the release',
    text: 'The following packages will be SUPERSEDED by a higher-priority channel:\n  pytorch   pytorch::pytorch-2.0.1-py3.11_cuda11.8~ --> pkgs/main::pytorch-2.0.1-cpu_py311h1234567_0',
    top: 'cpu-only-build',
    contains: ['2.0.1', 'cpu_py311h1234567_0'],
  },
  {
    name: 'ONNX Runtime without its CUDA provider is the CPU package',
    text: "UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names.Available providers: 'AzureExecutionProvider, CPUExecutionProvider'",
    top: 'cpu-only-build',
    contains: ['onnxruntime-gpu'],
  },
  {
    name: 'OpenCV without CUDA names the PyPI wheels',
    text: "cv2.error: OpenCV(4.8.0) /io/opencv/modules/core/include/opencv2/core/private.cuda.hpp:106: error: (-216:No CUDA support) The library is compiled without CUDA support in function 'throw_no_cuda'",
    top: 'cpu-only-build',
    contains: ['opencv-python'],
  },
  {
    name: "optimum's wording of the missing CUDA provider is the CPU package",
    text: "ValueError: Asked to use CUDAExecutionProvider as an ONNX Runtime execution provider, but the available execution providers are ['CPUExecutionProvider'].",
    top: 'cpu-only-build',
    contains: ['onnxruntime-gpu'],
  },
  {
    name: 'spconv/cumm CPU build',
    text: "ValueError: /io/include/tensorview/tensor.h(171)\ndon't compiled with cuda",
    top: 'cpu-only-build',
    contains: ['spconv-cu'],
  },
  {
    name: 'llama-cpp-python with BLAS = 0',
    text: 'AVX = 1 | AVX2 = 1 | FMA = 1 | NEON = 0 | BLAS = 0 | SSE3 = 1 | VSX = 0 |',
    top: 'cpu-only-build',
    contains: ['CMAKE_ARGS'],
  },
  {
    name: "DGL's CPU build",
    text: 'dgl._ffi.base.DGLError: Check failed: allow_missing: Device API cuda is not enabled. Please install the cuda version of dgl.',
    top: 'cpu-only-build',
    contains: ['data.dgl.ai'],
  },
];

const frameworkCudaMismatch: ExplainRow[] = [
  {
    name: 'xFormers built for another torch → framework-cuda-mismatch naming both',
    text: 'xFormers was built for:\n    PyTorch 2.2.0+cu121 with CUDA 1201 (you have 2.4.0+cu124)',
    top: 'framework-cuda-mismatch',
    contains: ['2.2.0+cu121', '2.4.0+cu124', '12.1'],
  },
  {
    name: 'torchvision and torch of different CUDA majors',
    text: 'RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA major versions. PyTorch has CUDA Version=11.8 and torchvision has CUDA Version=12.1. Please reinstall the torchvision that matches your PyTorch install.',
    top: 'framework-cuda-mismatch',
    contains: ['cu118'],
  },
  {
    name: 'operator torchvision::nms does not exist',
    text: 'RuntimeError: operator torchvision::nms does not exist',
    top: 'framework-cuda-mismatch',
  },
  {
    name: 'TF 2.2 sees only the CPU with CUDA 10.2 installed → framework-cuda-mismatch naming 10.1',
    text: "- TensorFlow version: 2.2.0\n- CUDA/cuDNN version: 10.2, 7.6\n>>> tf.config.list_physical_devices()\n[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]",
    top: 'framework-cuda-mismatch',
    contains: ['10.1'],
  },
  {
    name: 'an extension asking for another CUDA runtime than torch was built with',
    text: ['ImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory', 'torch 2.3.1+cu121'],
    top: 'framework-cuda-mismatch',
    contains: ['cu121'],
  },
  {
    name: 'onnxruntime-gpu built for CUDA 11 on a CUDA 12 machine',
    text: [
      'onnxruntime-gpu==1.16.3',
      'Cuda compilation tools, release 12.4, V12.4.131',
      '[E:onnxruntime:Default, provider_bridge_ort.cc:1480] Failed to load library libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open shared object file: No such file or directory',
    ],
    top: 'framework-cuda-mismatch',
    contains: ['libcublasLt.so.11'],
    matches: [/onnxruntime-gpu==1\.\d+\.\*/],
  },
  {
    name: 'bitsandbytes without a binary for the CUDA it found',
    text: 'CUDA SETUP: Required library version not found: libbitsandbytes_cuda124.so. Maybe you need to compile it from source?',
    top: 'framework-cuda-mismatch',
    contains: ['124'],
  },
  {
    name: "conda's plan pulls a CUDA 12 cuBLAS under pytorch-cuda=11.8",
    text: [
      'conda install pytorch pytorch-cuda=11.8 -c pytorch -c nvidia',
      '+ libcublas                12.1.0.26  0                 nvidia/linux-64     Cached',
      'ImportError: .../torch/lib/libtorch_cuda.so: undefined symbol: cublasLtGetStatusString, version libcublasLt.so.11',
    ],
    top: 'framework-cuda-mismatch',
    contains: ['libcublas 12.1.0.26'],
  },
  {
    name: 'cuDF with a toolkit newer than the driver',
    text: 'UserWarning: Using CUDA toolkit version (12, 4) with CUDA driver version (12, 1) requires minor version compatibility, which is not yet supported',
    top: 'framework-cuda-mismatch',
    contains: ['12.4', '12.1'],
  },
  {
    name: 'ldd rows of CUDA 10.0 libraries with a 10.1 toolkit: the binary was built for another CUDA',
    text: [
      'nvcc: NVIDIA (R) Cuda compiler driver',
      'Cuda compilation tools, release 10.1, V10.1.243',
      '$ ldd ./libfoo.so',
      '\tlibcublas.so.10.0 => not found',
      '\tlibcurand.so.10.0 => not found',
    ],
    topTwo: ['framework-cuda-mismatch'],
    about: 'framework-cuda-mismatch',
    contains: ['10.0', '10.1'],
  },
  {
    name: 'mmcv-full from the index of another torch: both torch releases named',
    text: [
      'pip install torch==2.0.1',
      'pip install mmcv-full -f https://download.openmmlab.com/mmcv/dist/cu113/torch1.12/index.html',
      'ImportError: mmcv/_ext.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN2at4_ops5zeros4callEN3c108ArrayRefIlEE',
    ],
    top: 'framework-cuda-mismatch',
    contains: ['1.12', '2.0.1'],
  },
  {
    name: 'ONNX Runtime failing to create its CUDA provider on a CUDA 12 machine names the first release built for CUDA 12',
    text: [
      'onnxruntime-gpu==1.15.1',
      'nvcc: NVIDIA (R) Cuda compiler driver',
      'Cuda compilation tools, release 12.2, V12.2.140',
      '[W:onnxruntime:Default, onnxruntime_pybind_state.cc:640] Failed to create CUDAExecutionProvider. Please reference https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements',
    ],
    about: 'framework-cuda-mismatch',
    contains: ['1.17'],
  },
  {
    name: 'a CuPy wheel for another CUDA major',
    text: 'RuntimeError: CuPy failed to load libnvrtc.so.12: OSError: libnvrtc.so.12: cannot open shared object file: No such file or directory',
    about: 'framework-cuda-mismatch',
    contains: ['cupy-cuda11x'],
  },
  {
    name: 'an onnxruntime-gpu release and a CUDA of another major, without any message',
    text: ['onnxruntime-gpu==1.12.1', 'my cuda is 10.2 and inference only runs on the cpu'],
    about: 'framework-cuda-mismatch',
    contains: ['1.12.1', '10.2'],
  },
  {
    name: "PyG extension built for another CUDA than torch: the index of torch's own tag",
    text: [
      'torch==1.13.1',
      'RuntimeError: Detected that PyTorch and torch_sparse were compiled with different CUDA versions. PyTorch has CUDA version 11.7 and torch_sparse has CUDA version 11.6. Please reinstall the torch_sparse that matches your PyTorch install.',
    ],
    top: 'framework-cuda-mismatch',
    contains: ['torch-1.13.1+cu117'],
  },
];

const mixedPackageManagers: ExplainRow[] = [
  {
    name: 'pip uninstalls the conda torch in a conda env → mixed-package-managers naming the old version',
    text: [
      'I created the env with conda env create -f environment.yml',
      'then pip install -r requirements.txt printed:',
      '  Attempting uninstall: torch',
      '    Found existing installation: torch 1.12.1',
      '    Uninstalling torch-1.12.1:',
    ],
    top: 'mixed-package-managers',
    contains: ['1.12.1'],
  },
  {
    name: 'prose: pip uninstalls the PyTorch conda put there',
    text: 'I install PyTorch using conda, then pip install . and pip uninstalls my PyTorch (2.0) and installs another one',
    topTwo: ['mixed-package-managers'],
  },
  {
    name: 'the same pip lines without conda are not a mixed stack',
    text: '  Attempting uninstall: torch\n    Found existing installation: torch 1.12.1',
    lacks: ['mixed-package-managers'],
  },
  {
    name: 'conda list only: torch from pypi next to torchvision from the pytorch channel',
    text: 'torch                     2.0.1                    pypi_0    pypi\ntorchvision               0.15.2               py310_cu118    pytorch\n',
    topTwo: ['mixed-package-managers'],
  },
  {
    name: 'a pip --user copy in ~/.local imported inside a conda env',
    text: [
      '(myenv) $ python -c "import tensorflow"',
      '  File "/home/u/.local/lib/python3.8/site-packages/tensorflow/__init__.py", line 41, in <module>',
      'conda activate myenv',
    ],
    about: 'mixed-package-managers',
    contains: ['.local', 'PYTHONNOUSERSITE'],
  },
];

describe('cpu-only-build', () => {
  for (const row of cpuOnlyBuild) it(row.name, () => checkExplain(row));
});

describe('framework-cuda-mismatch', () => {
  for (const row of frameworkCudaMismatch) it(row.name, () => checkExplain(row));
});

describe('mixed-package-managers', () => {
  for (const row of mixedPackageManagers) it(row.name, () => checkExplain(row));
});

describe('framework-cuda-mismatch: the first such finding (an optional one)', () => {
  it('TF 2.5 on CUDA 11.4: same major, no mismatch claimed', async () => {
    const r = await explain("tensorflow==2.5.0\nCUDA 11.4 installed\n[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]");
    expect(find(r, 'framework-cuda-mismatch')?.title ?? '').not.toContain('expects CUDA');
  });
});
