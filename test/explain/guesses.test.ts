// explain, guesses from words alone, and healthy pastes that must not get a finding.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per kind of paste. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const guess: ExplainRow[] = [
  {
    name: 'nothing known: no findings, no throw',
    text: 'hello world\nnothing to see',
    codes: [],
  },
  {
    name: 'prose with no known message gets at most two guesses, marked as guesses, with the facts it states',
    text: 'Since yesterday nvidia-smi does not work any more on my RTX 3060, driver 535.',
    count: [1, 2],
    severity: 'info',
    contains: ['sm_86'],
    title: { contains: ['guess'] },
  },
  {
    name: 'no guesses for text with nothing GPU-related in it',
    text: 'The weather is nice today.\nLunch at noon.',
    codes: [],
  },
];

const healthy: ExplainRow[] = [
  {
    name: 'a JAX backend failure names no driver-too-old or cpu-only-build without facts',
    text: 'CUDA backend failed to initialize: Found cuDNN version 8700, but JAX was built against version 8900, which is newer.',
    codes: ['cudnn-mismatch'],
  },
  {
    name: 'a CPU jaxlib in a paste is not said to be "expected on this machine"',
    text: 'jax:    0.4.30\njaxlib: 0.4.30\nNo GPU/TPU found, falling back to CPU.',
    allText: { notContains: ['visible here'] },
  },
  {
    name: 'a healthy collect_env and pip list give no findings',
    text: [
      'PyTorch version: 2.9.0+cu130',
      'Is debug build: False',
      'CUDA used to build PyTorch: 13.0',
      'Clang version: Could not collect',
      'Is CUDA available: True',
      'GPU models and configuration: GPU 0: NVIDIA H200',
      'Nvidia driver version: 580.95.05',
      'nvidia-nccl-cu13          2.27.7',
      'nvidia-cudnn-cu13         9.13.0.50',
      'Is XPU available: False',
    ],
    noTitleContains: ['guess'],
  },
  {
    name: 'a compat libcuda in a file listing, with no error, is information only',
    text: ['$ find / -name "libcuda.so*"', '/usr/local/cuda-13.0/compat/libcuda.so.580.95.05', '/usr/lib/x86_64-linux-gnu/libcuda.so.1'],
    about: 'forward-compat-shadowing',
    severity: 'info',
  },
  {
    name: 'a VM that lists its emulated adapter next to a passed-through NVIDIA GPU',
    text: ['00:0f.0 VGA compatible controller: VMware SVGA II Adapter', '0b:00.0 3D controller: NVIDIA Corporation GA100 [A100 PCIe 40GB] (rev a1)'],
    onlyInfo: true,
  },
  {
    name: 'llama.cpp with its CUDA backend loaded and BLAS = 0',
    text: ['ggml_cuda_init: found 1 CUDA devices:', 'system_info: n_threads = 8 | AVX = 1 | AVX2 = 1 | BLAS = 0 | SSE3 = 1 |'],
    lacks: ['cpu-only-build'],
  },
  {
    name: 'an LD_DEBUG trace alone',
    text: '   4711:\t search path=/opt/cuda-11.8/lib64:/opt/nccl/lib\t\t(LD_LIBRARY_PATH)\n   4711:\t  trying file=/opt/cuda-11.8/lib64/libcudart.so.11.0',
    codes: [],
  },
  {
    name: 'a healthy NCCL test on an AMD host with GeForce cards',
    text: ['CPU: AMD Ryzen 9 7950X, 2x NVIDIA GeForce RTX 4090', '#  Avg bus bandwidth    : 20.1 GB/s'],
    onlyInfo: true,
  },
];

describe('guesses when no message is known', () => {
  for (const row of guess) it(row.name, () => checkExplain(row));
});

describe('healthy pastes: no finding that rests on nothing', () => {
  for (const row of healthy) it(row.name, () => checkExplain(row));
});
