// Extension builds against the wrong toolkit: nvcc of another CUDA than torch's, a host compiler nvcc does not
// support, the HPC SDK's CUDA.
import { sig } from './types.js';

export const TOOLKIT_SIGNATURES = [
  sig(
    'ext-cuda-mismatch-warning',
    ['does not match the version used to compile pytorch'],
    /compiled with a version of Cuda that does not match the version used to compile Pytorch binaries\.?\s*Pytorch binaries were compiled with Cuda (?<torch>\d+\.\d+)/i,
    [{ code: 'toolkit-mismatch', when: 'apex/extension setup.py: nvcc (CUDA_HOME) is another CUDA than the one torch was built with' }],
    1,
    'https://github.com/NVIDIA/apex/issues/317',
  ),
  sig(
    'nvcc-unsupported-gcc',
    ['unsupported gnu version'],
    /unsupported GNU version! gcc versions later than (?<gcc>\d+) are not supported/i,
    [{ code: 'toolkit-mismatch', when: 'the host gcc is newer than this nvcc supports: use an older gcc (NVCC_CCBIN / CC) or a newer CUDA toolkit' }],
    1,
    'https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html#host-compiler-support-policy',
  ),
  sig(
    'hpc-sdk-cuda-missing',
    ['was not installed with this hpc sdk'],
    /CUDA version (?<cuda>\d{1,2}\.\d) was not installed with this HPC SDK/i,
    [
      {
        code: 'multiple-toolkits',
        when: 'the HPC SDK nvcc defaults to a CUDA it does not bundle: point it at an installed one (PATH, NVHPC_CUDA_HOME, -gpu=cudaX.Y)',
      },
      { code: 'toolkit-mismatch', when: 'the build asks for a CUDA version that is not installed' },
    ],
    1,
    'https://github.com/tonyyxliu/CUHKSZ-CSC4005/issues/13',
    {
      confirmed: false,
      note: "the HPC SDK nvcc wrapper's wording; that thread: fixed by putting cuda/11.4/bin on PATH",
      noteZh: '措辞取自 HPC SDK 的 nvcc 包装脚本；该帖：把 cuda/11.4/bin 加入 PATH 后解决',
    },
  ),
  // DeepSpeed / apex / older setup.py: "Installed CUDA version 12.2 does not match the version torch was compiled with 11.7".
  sig(
    'installed-cuda-not-torch',
    ['does not match the version torch was compiled with'],
    /Installed CUDA version (?<nvcc>\d{1,2}\.\d)(?:\.\d+)? does not match the version torch was compiled with (?<torch>\d{1,2}\.\d)/i,
    [{ code: 'toolkit-mismatch', when: 'nvcc / CUDA_HOME is another CUDA than torch.version.cuda' }],
    1,
    'https://github.com/JIA-Lab-research/MGM/issues/91',
    { confirmed: false, note: 'DeepSpeed op builder / apex setup.py wording', noteZh: '措辞取自 DeepSpeed op builder / apex 的 setup.py' },
  ),
  sig(
    'ext-cuda-mismatch-cut',
    ['does not match the version used'],
    /Cuda extensions are being compiled with a version of Cuda that does not match the version used/i,
    [{ code: 'toolkit-mismatch', when: "the same apex/extension check, cut before it names torch's CUDA: compare nvcc with torch.version.cuda" }],
    0.9,
    'https://github.com/pytorch/pytorch/issues/40563',
  ),
];
