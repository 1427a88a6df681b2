// cuDNN: another version loads than the one the framework was built with.
import { sig } from './types.js';

export const CUDNN_SIGNATURES = [
  sig(
    'torch-cudnn-incompat',
    ['cudnn version incompatibility'],
    /cuDNN version incompatibility: PyTorch was compiled\s+against \((?<built>\d+, ?\d+, ?\d+)\) but found runtime version \((?<found>\d+, ?\d+, ?\d+)\)/i,
    [
      { code: 'cudnn-mismatch', when: "an older cuDNN (system, LD_LIBRARY_PATH, conda) loads instead of the wheel's" },
      { code: 'library-shadowing', when: 'LD_LIBRARY_PATH puts it first' },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/78489',
    {
      confirmed: false,
      note: 'collect_env reports the system cuDNN, not the loaded one (thread); message from torch/backends/cudnn',
      noteZh: 'collect_env 报告的是系统里的 cuDNN，而不是实际加载的那份（见该帖）；消息取自 torch/backends/cudnn',
    },
  ),
  sig(
    'torch-cudnn-linked',
    ['but linked against'],
    /PyTorch was compiled\s+against \((?<built>\d+, ?\d+, ?\d+)\) but linked against \((?<found>\d+, ?\d+, ?\d+)\)/i,
    [
      { code: 'cudnn-mismatch', when: "older PyTorch wording of the same check: the cuDNN the process linked is older than the build's" },
      { code: 'library-shadowing', when: "LD_LIBRARY_PATH puts a cuDNN folder before the wheel's copy" },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/80637',
  ),
  sig(
    'tf-cudnn-loaded',
    ['loaded runtime cudnn library'],
    /Loaded runtime CuDNN library:? (?<found>\d+\.\d+\.\d+|\d{4,5})(?: \(compatibility version \d+\))? but source was compiled with:? (?<built>\d+\.\d+\.\d+|\d{4,5})|Loaded runtime CuDNN library:? (?<found2>\d+\.\d+\.\d+|\d{4,5})/i,
    [{ code: 'cudnn-mismatch', when: 'the cuDNN that loads is older than the one TensorFlow was built with' }],
    1,
    'https://github.com/tensorflow/tensorflow/issues/62328',
    { confirmed: false, note: 'message from stream_executor/cuda/cuda_dnn.cc', noteZh: '消息取自 stream_executor/cuda/cuda_dnn.cc', complete: ['built'] },
  ),
  sig(
    'jax-cudnn-version',
    ['cudnn version', 'outdated cudnn installation'],
    /(Found cuDNN version (?<found>\d{4,5}), but JAX was built against version (?<built>\d{4,5})|Outdated cuDNN installation found)/i,
    [{ code: 'cudnn-mismatch', when: "installed cuDNN is older than jaxlib's build" }],
    1,
    'https://github.com/jax-ml/jax/issues/18032',
    { confirmed: false, note: 'representative JAX CUDA init report', noteZh: '一例有代表性的 JAX CUDA 初始化报错报告' },
  ),
  sig(
    'dnn-library-not-found',
    ['dnn library is not found', 'dnn library initialization failed'],
    /DNN library (is not found|initialization failed)/i,
    [
      { code: 'cudnn-mismatch', when: 'the cuDNN version does not fit the jaxlib/TF build' },
      { code: 'library-not-found', when: 'no cuDNN at all' },
      { code: 'out-of-memory', when: 'the GPU memory is already taken (JAX preallocates 75%)' },
    ],
    0.9,
    'https://github.com/jax-ml/jax/issues/18032',
    { confirmed: false, note: 'representative', noteZh: '来源为一例代表性报告' },
  ),
  sig(
    'cudnn-status-error',
    ['cudnn_status_'],
    /CUDNN_STATUS_(?<status>NOT_INITIALIZED|INTERNAL_ERROR|EXECUTION_FAILED|ARCH_MISMATCH|VERSION_MISMATCH|ALLOC_FAILED|NOT_SUPPORTED)/,
    [
      { code: 'out-of-memory', when: 'NOT_INITIALIZED / INTERNAL_ERROR / ALLOC_FAILED are usually out of GPU memory' },
      { code: 'cudnn-mismatch', when: 'VERSION_MISMATCH, or a cuDNN too old for the GPU (ARCH_MISMATCH)' },
    ],
    0.6,
    'https://docs.nvidia.com/deeplearning/cudnn/latest/api/cudnn-graph-library.html#cudnnstatus-t',
  ),
  // caffe2: "cuDNN compiled (6021) and runtime (7003) versions mismatch".
  sig(
    'cudnn-compiled-runtime',
    ['versions mismatch'],
    /cuDNN compiled \((?<built>\d{4,5})\) and runtime \((?<found>\d{4,5})\) versions mismatch/i,
    [
      { code: 'cudnn-mismatch', when: "another cuDNN than the build's is loaded (two cuDNN installs, LD_LIBRARY_PATH)" },
      { code: 'library-shadowing', when: 'a second cuDNN copy comes first on the loader path' },
    ],
    1,
    'https://github.com/onnx/onnx-caffe2/issues/288',
    { confirmed: false, note: 'caffe2 common_cudnn.h wording', noteZh: '措辞取自 caffe2 的 common_cudnn.h' },
  ),
  // PaddlePaddle's start-up check: "The installed Paddle is compiled with CUDNN 8.2, but CUDNN version in your machine is 8.1".
  sig(
    'paddle-cudnn',
    ['is compiled with cudnn'],
    /compiled with CUDNN (?<built>\d+\.\d+(?:\.\d+)?), but CUDNN version in your machine is (?<found>\d+\.\d+(?:\.\d+)?)/i,
    [{ code: 'cudnn-mismatch', when: "the machine's cuDNN is older than Paddle's build" }],
    1,
    'https://github.com/PaddlePaddle/Paddle/issues/37349',
    { confirmed: false, note: 'paddle/fluid/platform/device_context / gpu_info wording', noteZh: '措辞取自 paddle/fluid/platform/device_context / gpu_info' },
  ),
  sig(
    'cudnn-feature-min',
    ['supported only in cudnn'],
    /supported only in cudnn v?(?<min>\d+(?:\.\d+){0,2}) and (?:above|newer|later)/i,
    [
      {
        code: 'cudnn-mismatch',
        when: 'the cuDNN that loads is older than the one the feature needs: an old libcudnn found first (LD_LIBRARY_PATH, a system copy)',
      },
      { code: 'library-shadowing', when: 'a newer cuDNN is installed but an older copy on the library path is loaded' },
    ],
    0.9,
    'https://github.com/pytorch/pytorch/issues/986',
  ),
];
