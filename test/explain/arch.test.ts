// explain, the GPU architecture a build does not cover (arch-unsupported): capabilities from messages and board names.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per Finding code. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const archUnsupported: ExplainRow[] = [
  {
    name: 'a GPU whose last CUDA is older than the build: the cause says the newer CUDA dropped it, not that it predates it',
    text: ['torch 2.0.1+cu121', 'Quadro K6000 with CUDA capability sm_35 is not compatible with the current PyTorch installation.'],
    top: 'arch-unsupported',
    cause: { contains: ['CUDA 12.0 dropped sm_35'], notContains: ['predates'] },
  },
  {
    name: 'no kernel image on an RTX 5090 with a cu124 wheel: arch-unsupported naming sm_120 and a cu128+ wheel',
    text: [
      'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
      'RuntimeError: CUDA error: no kernel image is available for execution on the device',
      'PyTorch version: 2.5.1+cu124',
      'Nvidia driver version: 570.86.10',
    ],
    top: 'arch-unsupported',
    title: { contains: ['sm_120'] },
    cause: { contains: ['torch 2.5.1+cu124'], matches: [/cu1(2[89]|30)/] },
    fix: { contains: ['--index-url https://download.pytorch.org/whl/cu'] },
  },
  {
    name: '"cuda capability X.Y" names sm_XY even for Fermi, and no wheel is offered',
    text: 'Found GPU0 Quadro 4000 which is of cuda capability 2.0.\nPyTorch no longer supports this GPU because it is too old.\nno kernel image is available for execution on the device',
    top: 'arch-unsupported',
    contains: ['sm_20'],
    allText: { notContains: ['TORCH_CUDA_ARCH_LIST="8.6"'] },
  },
  {
    name: 'sm_120 with no driver known: cu128 as the first tag, with its driver floor',
    text: 'NVIDIA GeForce RTX 5080 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
    top: 'arch-unsupported',
    cause: { contains: ['cu128'], matches: [/driver >= 570/] },
  },
  {
    name: 'an old GPU named with an old torch and no message → arch-unsupported',
    text: 'Box with a Tesla K20m, pytorch 1.8 from conda. Any CUDA op dies.\nTraceback (most recent call last):\n  File "train.py", line 3, in <module>',
    about: 'arch-unsupported',
    contains: ['sm_35'],
  },
  {
    name: '"device kernel image is invalid" with an MX-series Maxwell → arch-unsupported sm_50',
    text: 'GPU: GeForce MX110\nInternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: device kernel image is invalid',
    top: 'arch-unsupported',
    contains: ['sm_50'],
  },
  {
    name: 'a Quadro K (Kepler) under an NCCL "unhandled cuda error" is an architecture problem first',
    text: 'Machine with 4 Quadro K4000 boards\nncclUnhandledCudaError: unhandled cuda error',
    topTwoAre: ['arch-unsupported', 'nccl-failure'],
    contains: ['sm_30', 'NVCC_GENCODE'],
  },
  {
    name: '"GTX 3090" is read as the RTX 3090 (sm_86)',
    text: 'RuntimeError: CUDA error: no kernel image is available for execution on the device\nGPU: GTX 3090\ntorch==1.7.1+cu101',
    about: 'arch-unsupported',
    contains: ['sm_86'],
  },
  {
    name: 'a Pascal GPU and a torch tag whose builds all start at sm_75',
    text: 'Our cluster gives us Tesla P40 nodes but the image ships torch (cu128) and nothing runs',
    top: 'arch-unsupported',
    contains: ['sm_61'],
  },
  {
    name: 'a Fermi board: no CUDA 9+ build covers sm_20',
    text: 'my GeForce GTX 580 is not used, torch.cuda.is_available() returns False',
    topTwo: ['arch-unsupported'],
    about: 'arch-unsupported',
    contains: ['2.0'],
  },
  {
    name: 'a conda cudatoolkit older than the GPU: CUDA 10.1 has no sm_86',
    text: ['RTX 3080', 'torch 1.6.0 (cudatoolkit 10.1)', 'RuntimeError: CUDA error: no kernel image is available for execution on the device'],
    top: 'arch-unsupported',
    cause: { contains: ['CUDA 10.1 predates sm_86'] },
  },
  {
    name: 'an extension that checks the capability itself',
    text: 'OSError: Could not find compatible tinycudann extension for compute capability 72.',
    top: 'arch-unsupported',
    contains: ['sm_72'],
  },
  {
    name: 'a Fermi laptop GPU named with its M suffix',
    text: 'The NVIDIA driver on your system is too old for cuda 11.8 on my GeForce GT 555M',
    about: 'arch-unsupported',
    contains: ['2.1'],
  },
  {
    name: 'a GPU named by its number only, next to a GPU word',
    text: ['RuntimeError: CUDA error: no kernel image is available for execution on the device', 'old torch 1.6 does not support my 3090.'],
    contains: ['sm_86'],
  },
  {
    name: "torch's 'minimum cuda capability supported' is named next to the GPU's",
    text: ['Found GPU0 Quadro K4000 which is of cuda capability 3.0.', 'The minimum cuda capability supported by this library is 3.7.'],
    top: 'arch-unsupported',
    contains: ['3.0', '3.7'],
  },
  {
    name: 'FlashAttention 2 on a Turing card names Ampere and sm_80',
    text: 'GPU: NVIDIA GeForce RTX 2080 Ti\nRuntimeError: FlashAttention only support Ampere GPUs or newer.',
    top: 'arch-unsupported',
    contains: ['Ampere', 'sm_80', 'sm_75', 'pip uninstall -y flash-attn'],
  },
  {
    name: 'RAPIDS on a Maxwell card names both floors and the release that changed them',
    text: 'GPU: Quadro M4000\nRuntimeError: This cuML installation is missing the necessary PTX files that are <=52.',
    top: 'arch-unsupported',
    contains: ['6.0', '7.0', '24.02'],
  },
  {
    name: 'old torch saying the GPU needs a newer CUDA than its build names both CUDA versions',
    text: [
      'UserWarning:',
      '    Found GPU0 NVIDIA A100-SXM4-40GB which requires CUDA_VERSION >= 11000 to',
      '    work properly, but your PyTorch was compiled',
      '    with CUDA_VERSION 10020. Please install the correct PyTorch binary',
    ],
    about: 'arch-unsupported',
    contains: ['11.0', '10.2'],
  },
  {
    name: 'Julia: a capability below the toolchain is arch-unsupported naming it',
    text: 'ERROR: Device capability v2.1.0 not supported by available toolchain',
    top: 'arch-unsupported',
    contains: ['2.1'],
  },
  {
    name: 'vLLM refusing bfloat16 on a capability-7.5 GPU names the capability and the dtype fix',
    text: 'ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Quadro RTX 6000 GPU has compute capability 7.5.',
    top: 'arch-unsupported',
    contains: ['7.5', '--dtype half'],
  },
  {
    name: 'a ptxas that predates a new GPU under Triton: the first CUDA that knows it and TRITON_PTXAS_PATH',
    text: [
      'File "/venv/lib/python3.12/site-packages/triton/compiler/compiler.py", line 300, in compile',
      "ptxas fatal   : Value 'sm_120a' is not defined for option 'gpu-name'",
    ],
    top: 'arch-unsupported',
    contains: ['sm_120a', '12.8', 'TRITON_PTXAS_PATH'],
  },
  {
    name: '"invalid device function" with the GPU named is arch-unsupported with its capability',
    text: ['GPU: GeForce GTX 1070', 'GPUassert: invalid device function kernels.cu 42'],
    top: 'arch-unsupported',
    contains: ['6.1'],
  },
  {
    name: 'a GPU typed without its prefix and with a lower-case "ti" is still named',
    text: 'trying to run it on my 4070ti: RuntimeError: CUDA error: no kernel image is available for execution on the device',
    top: 'arch-unsupported',
    contains: ['sm_89'],
  },
  {
    name: 'nvcc too old for a GPU architecture names both the arch and the nvcc release',
    text: ['Cuda compilation tools, release 11.7, V11.7.99', "nvcc fatal   : Unsupported gpu architecture 'compute_90'"],
    topTwo: ['arch-unsupported'],
    about: 'arch-unsupported',
    contains: ['compute_90', '11.7', '11.8'],
  },
];

describe('arch-unsupported', () => {
  for (const row of archUnsupported) it(row.name, () => checkExplain(row));
});
