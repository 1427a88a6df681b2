// explain, CUDA toolkits: builds against another toolkit than the framework's, several toolkits installed.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per Finding code. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const toolkitMismatch: ExplainRow[] = [
  {
    name: 'the version check quoted as a markdown block, wrapped over two lines',
    text: [
      '> Building wheel for xformers (setup.py) ... error',
      '> RuntimeError:',
      '> The detected CUDA version (12.4) mismatches the version that was used to compile',
      '> PyTorch (11.8). Please make sure to use the same CUDA versions.',
    ],
    top: 'toolkit-mismatch',
    contains: ['12.4', '11.8'],
  },
  {
    name: "apex's own warning, with the nvcc banner above it, names both versions",
    text: [
      'Compiling cuda extensions with',
      'nvcc: NVIDIA (R) Cuda compiler driver',
      'Cuda compilation tools, release 10.1, V10.1.243',
      'Warning: Cuda extensions are being compiled with a version of Cuda that does not match the version used to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 11.3',
    ],
    top: 'toolkit-mismatch',
    lacks: ['multiple-toolkits'],
    contains: ['10.1', '11.3'],
  },
  {
    name: 'a host gcc too new for nvcc',
    text: "/usr/local/cuda/include/crt/host_config.h:132:2: error: #error -- unsupported GNU version! gcc versions later than 11 are not supported! The nvcc flag '-allow-unsupported-compiler' can be used to override this version check",
    top: 'toolkit-mismatch',
    contains: ['gcc-11'],
  },
  {
    name: "apex's check cut before the nvcc version still names torch's CUDA",
    text: 'RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match the version used to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 11.3.',
    top: 'toolkit-mismatch',
    contains: ['11.3'],
  },
  {
    name: 'the driver CUDA named in prose next to nvidia-smi joins a toolkit finding',
    text: [
      'Cuda compilation tools, release 10.2, V10.2.89',
      "nvidia-smi says I'm using CUDA 11.4",
      'The detected CUDA version (10.2) mismatches the version that was used to compile PyTorch (11.3).',
    ],
    about: 'toolkit-mismatch',
    contains: ['11.4'],
  },
  {
    name: 'CMake sees nvcc of one toolkit and headers of another',
    text: ['-- Caffe2: CUDA nvcc is: /usr/local/cuda-11.1/bin/nvcc', '-- Caffe2: Header version is: 11.3'],
    contains: ['11.1', '11.3'],
  },
  {
    name: 'the named CUDA supports the arch: the nvcc that ran is another one',
    text: ["nvcc fatal   : Unsupported gpu architecture 'compute_70'", 'I have CUDA 10.1 installed'],
    about: 'toolkit-mismatch',
    contains: ['which -a nvcc'],
    cause: { contains: ['9.0'] },
  },
];

const multipleToolkits: ExplainRow[] = [
  {
    name: 'an ls listing and the /usr/local/cuda link',
    text: [
      '$ ls -d /usr/local/cuda*',
      '/usr/local/cuda  /usr/local/cuda-11.8  /usr/local/cuda-12.4',
      '/usr/local/cuda -> cuda-12.4',
      'but my extension needs 11.8',
    ],
    about: 'multiple-toolkits',
    contains: ['11.8', '12.4'],
  },
  {
    name: 'two nvcc binaries print two versions: the other bin folder goes first on PATH',
    text: [
      '$ /usr/bin/nvcc --version',
      'Cuda compilation tools, release 11.5, V11.5.119',
      '$ /usr/local/cuda/bin/nvcc --version',
      'Cuda compilation tools, release 12.6, V12.6.85',
    ],
    about: 'multiple-toolkits',
    contains: ['/usr/bin/nvcc', 'export PATH=/usr/local/cuda/bin:$PATH'],
  },
  {
    name: 'conda cudatoolkit alternatives alone are not several installed toolkits',
    text: 'I tried torch 1.8.0 with cudatoolkit 10.2 and then with cudatoolkit 11.1, same error',
    lacks: ['multiple-toolkits'],
  },
  {
    name: 'version.txt of /usr/local/cuda and another nvcc on PATH',
    text: ['$ nvcc --version', 'Cuda compilation tools, release 11.3, V11.3.109', '$ cat /usr/local/cuda/version.txt', 'CUDA Version 11.7.64'],
    about: 'multiple-toolkits',
    contains: ['11.3', '11.7'],
  },
  {
    name: 'two toolkits in one nvcc dry run: the apt nvidia-cuda-toolkit and a /usr/local one',
    text: [
      'PATH=/usr/lib/nvidia-cuda-toolkit/bin:/usr/local/cuda-12.1/bin:/usr/bin',
      '#$ gcc -D__CUDA_ARCH__=520 -D__CUDACC_VER_MAJOR__=11 -D__CUDACC_VER_MINOR__=5 -D__CUDACC_VER_BUILD__=119',
      "ptxas fatal   : Value 'sm_52' is not defined for option 'gpu-name'",
    ],
    topTwo: ['multiple-toolkits'],
    about: 'multiple-toolkits',
    contains: ['nvidia-cuda-toolkit', '11.5', '12.1'],
  },
];

describe('toolkit-mismatch', () => {
  for (const row of toolkitMismatch) it(row.name, () => checkExplain(row));
});

describe('multiple-toolkits', () => {
  for (const row of multipleToolkits) it(row.name, () => checkExplain(row));
});
