// explain, CUDA libraries: one not found, a cuDNN of another version, another copy loaded first.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per Finding code. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, explain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const libraryNotFound: ExplainRow[] = [
  {
    name: 'bitsandbytes without a CUDA runtime → library-not-found naming libcudart',
    text: [
      'UserWarning: The installed version of bitsandbytes was compiled without GPU support.',
      'CUDA_SETUP: WARNING! libcudart.so not found in any environmental path. Searching in backup paths...',
    ],
    top: ['library-not-found', 'cpu-only-build'],
    contains: ['libcudart.so'],
  },
  {
    name: '"Unable to load any of {libcudnn_cnn.so.9…}" names the cuDNN 9 library',
    text: 'Unable to load any of {libcudnn_cnn.so.9.1.0, libcudnn_cnn.so.9.1, libcudnn_cnn.so.9, libcudnn_cnn.so}\nInvalid handle. Cannot load symbol cudnnCreateConvolutionDescriptor',
    top: 'library-not-found',
    contains: ['libcudnn_cnn.so.9'],
  },
  {
    name: 'ld cannot find -lcuda: the link name, not the loader path',
    text: ['/usr/bin/ld: cannot find -lcuda: No such file or directory', 'collect2: error: ld returned 1 exit status'],
    top: 'library-not-found',
    contains: ['libcuda.so', 'stubs'],
  },
  {
    name: 'cuDNN "Cannot load symbol" without the "Invalid handle" prefix',
    text: 'Could not load library libcudnn_cnn_infer.so.8. Error: Cannot load symbol cudnnCreateConvolutionDescriptor',
    has: ['library-not-found'],
  },
  {
    name: 'with the CUDA runtime it could not find, the missing library comes first',
    text: [
      'UserWarning: The installed version of bitsandbytes was compiled without GPU support.',
      'OSError: libcudart.so.12: cannot open shared object file: No such file or directory',
    ],
    top: 'library-not-found',
  },
  {
    name: 'cuDNN 9 DLL names on Windows',
    text: 'Could not locate cudnn_graph64_9.dll. Please make sure it is in your library path!',
    top: 'library-not-found',
    contains: ['cudnn_graph64_9.dll'],
  },
  {
    name: "Paddle's dynload message with two DLL names keeps both",
    text: 'RuntimeError: (PreconditionNotMet) The third-party dynamic library (cudart64_102.dll;cudart64_10.dll) that Paddle depends on is not configured correctly.',
    topTwo: ['library-not-found'],
    about: 'library-not-found',
    contains: ['cudart64_102.dll', 'cudart64_10.dll'],
  },
];

const cudnnMismatch: ExplainRow[] = [
  {
    name: 'older PyTorch cuDNN wording "linked against" and an echoed LD_LIBRARY_PATH',
    text: [
      'RuntimeError: cuDNN version incompatibility: PyTorch was compiled against (8, 5, 0) but linked against (8, 1, 1)',
      'user@box:~$ echo $LD_LIBRARY_PATH',
      '/opt/cudnn-8.1.1/lib64:/usr/local/cuda/lib64',
    ],
    topTwo: ['cudnn-mismatch'],
    about: 'cudnn-mismatch',
    contains: ['8.1.1'],
    snapshot: { 'env.LD_LIBRARY_PATH': '/opt/cudnn-8.1.1/lib64:/usr/local/cuda/lib64' },
  },
  {
    name: 'JAX "Outdated cuDNN installation found" block: loaded and required versions, never "unknown"',
    text: [
      'Unable to use CUDA because of the following issues with CUDA components:',
      'Outdated cuDNN installation found.',
      'Version JAX was built against: 9300',
      'Minimum supported: 9200',
      'Installed version: 9010',
    ],
    top: 'cudnn-mismatch',
    title: { contains: ['9.0.10', '9.2'], notContains: ['unknown'] },
  },
  {
    name: 'a TF cuDNN line cut off mid-word still names the loaded version and LD_LIBRARY_PATH',
    text: 'E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:417] Loaded runtime CuDNN library: 8.2.4 but source was comp',
    top: 'cudnn-mismatch',
    contains: ['8.2.4', 'LD_LIBRARY_PATH'],
  },
  {
    name: '"supported only in cudnn vX and above" → cudnn-mismatch naming X',
    text: 'RuntimeError: this op is supported only in cudnn v7.1 and above',
    top: 'cudnn-mismatch',
    contains: ['7.1'],
  },
  {
    name: 'onnxruntime-gpu that loads cuDNN 9 where cuDNN 8 is installed',
    text: [
      'onnxruntime-gpu==1.20.1',
      'cuDNN version: 8.9.7',
      'LoadLibrary failed with error 126 "" when trying to load "C:\\venv\\Lib\\site-packages\\onnxruntime\\capi\\onnxruntime_providers_cuda.dll"',
    ],
    topTwo: ['cudnn-mismatch'],
    about: 'cudnn-mismatch',
    contains: ['cuDNN 9'],
  },
  {
    name: 'raw cuDNN numbers of every message are kept',
    text: ['Loaded runtime CuDNN library: 7102 (compatibility version 7100) but source was compiled with 7005 (compatibility version 7000).'],
    contains: ['7102', '7005'],
  },
  {
    name: 'ONNX Runtime stating "Require cuDNN 8.* and CUDA 12.*" on a cuDNN 9 machine',
    text: ['the cudnn is 9.1 and cuda 12.4', 'Failed to create CUDAExecutionProvider. Require cuDNN 8.* and CUDA 12.*. Please install all dependencies'],
    about: 'cudnn-mismatch',
    contains: ['cuDNN 8', '9.1'],
  },
];

const libraryShadowing: ExplainRow[] = [
  {
    name: 'a cuDNN loaded from a toolkit folder with a missing symbol → library-shadowing naming the folder',
    text: 'Could not load library libcudnn_ops_train.so.8. Error: /usr/local/cuda-11.7/lib64/libcudnn_ops_train.so.8: undefined symbol: _ZN5cudnn14ops_internal17xyzE, version libcudnn_ops_infer.so.8',
    top: 'library-shadowing',
    contains: ['/usr/local/cuda-11.7/lib64', 'LD_LIBRARY_PATH'],
  },
  {
    name: 'a versioned symbol missing from the copy that loaded',
    text: 'OSError: .../nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkAddData_12_1, version libnvJitLink.so.12',
    top: 'library-shadowing',
    contains: ['libnvJitLink.so.12'],
  },
  {
    name: 'LD_DEBUG shows the system copy loading',
    text: '     811:     calling init: /usr/local/cuda-10.1/lib64/libcublas.so.10',
    top: 'library-shadowing',
    contains: ['/usr/local/cuda-10.1/lib64'],
  },
  {
    name: 'a libcuda without its entry points: the stub is named first',
    text: "Warp CUDA error: Failed to get driver entry point 'cuCtxGetCurrent'",
    top: 'library-shadowing',
    contains: ['stub'],
  },
  {
    name: "an undefined symbol in a CUDA library under another CUDA's folder is shadowing, with LD_LIBRARY_PATH",
    text: 'ImportError: /opt/apps/cuda/10.1/lib64/libcurand.so.10: undefined symbol: curandGenerateBinomial',
    top: 'library-shadowing',
    contains: ['LD_LIBRARY_PATH', '/opt/apps/cuda/10.1/lib64'],
  },
  {
    name: 'an LD_DEBUG search path from LD_LIBRARY_PATH is read as LD_LIBRARY_PATH',
    text: ['RuntimeError: Unable to load cuSPARSE. Is it installed?', '   4711:\t search path=/opt/cuda-11.8/lib64:/opt/nccl/lib\t\t(LD_LIBRARY_PATH)'],
    about: 'library-shadowing',
    contains: ['LD_LIBRARY_PATH', '/opt/cuda-11.8/lib64'],
  },
];

describe('library-not-found', () => {
  for (const row of libraryNotFound) it(row.name, () => checkExplain(row));
});

describe('cudnn-mismatch', () => {
  for (const row of cudnnMismatch) it(row.name, () => checkExplain(row));
});

describe('library-shadowing', () => {
  for (const row of libraryShadowing) it(row.name, () => checkExplain(row));
});

describe('cudnn-mismatch or library-not-found: the causes of the first two findings', () => {
  it('libcudnn_ops_infer.so.8 with cuDNN 9 installed: cudnn-mismatch or library-not-found first, naming both majors', async () => {
    const r = await explain(
      'Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object file: No such file or directory\nnvidia-cudnn-cu12==9.1.0.70',
    );
    expect(['cudnn-mismatch', 'library-not-found']).toContain(r.findings[0]!.code);
    const causes = r.findings
      .slice(0, 2)
      .map((f) => f.cause)
      .join(' ');
    expect(causes).toContain('9.1.0.70');
    expect(causes).toMatch(/cuDNN 8/);
  });
});
