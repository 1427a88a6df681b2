// Memory: out of GPU memory, or of /dev/shm.
import { CHECKED_1202, sig } from './types.js';

export const MEMORY_SIGNATURES = [
  // vLLM at start: "Free memory on device (31.44/47.38 GiB) on startup is less than desired GPU memory utilization (0.95, 45.01 GiB)".
  sig(
    'vllm-free-memory',
    ['less than desired gpu memory utilization'],
    /Free memory on device \((?<free>\d+(?:\.\d+)?)\/(?<total>\d+(?:\.\d+)?) GiB\) on startup is less than desired GPU memory utilization \((?<util>0?\.\d+|1(?:\.0+)?), (?<want>\d+(?:\.\d+)?) GiB\)/i,
    [{ code: 'out-of-memory', when: 'other processes already hold part of the GPU: lower --gpu-memory-utilization or free the memory' }],
    1,
    'https://github.com/vllm-project/vllm/issues/20305',
    { confirmed: false, note: 'vLLM worker wording', noteZh: '措辞取自 vLLM 的 worker' },
  ),
  sig(
    'torch-oom',
    ['out of memory', 'tried to allocate', 'would exceed allowed memory'],
    /Allocation on device (?<gpu2>\d{1,2}) would exceed allowed memory|(?:CUDA out of memory\. |(?=Tried to allocate \d+(?:\.\d+)? [KMGT]iB \(GPU \d))Tried to allocate (?<tried>\d+(?:\.\d+)? [KMGT]iB)(?:[^\n]{0,40}?GPU (?<gpu>\d+)[^\n]{0,20}? has a total capacity of (?<total>\d+(?:\.\d+)? [KMGT]iB) of which (?<free>\d+(?:\.\d+)? [KMGT]iB) is free)?/i,
    [
      {
        code: 'out-of-memory',
        when: 'allocated ≈ capacity: the model/batch is too big; reserved ≫ allocated: fragmentation; free ≪ capacity − reserved: another process holds memory',
      },
    ],
    1,
    'https://pytorch.org/docs/stable/notes/cuda.html#memory-management',
  ),
  sig(
    'cuda-oom-generic',
    [
      'out of memory',
      'outofmemoryerror',
      'resource_exhausted',
      'resourceexhausted',
      'cublas_status_alloc_failed',
      'cuda_error_out_of_memory',
      'cudaerrormemoryallocation',
      'oom when allocating',
    ],
    /(CUDA error: out of memory|torch\.(cuda\.)?OutOfMemoryError|RESOURCE_EXHAUSTED: (?:Out of memory|Failed to allocate)|ResourceExhaustedError|CUBLAS_STATUS_ALLOC_FAILED|CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation|OOM when allocating)/i,
    [{ code: 'out-of-memory', when: 'the process (or another one) used up GPU memory' }],
    0.9,
    'https://pytorch.org/docs/stable/notes/cuda.html#memory-management',
  ),
  // PyTorch DataLoader workers in a container with the default 64 MB /dev/shm.
  sig(
    'dataloader-shm',
    ['shared memory', 'bus error'],
    /(?:insufficient shared memory|unexpected bus error encountered in worker|DataLoader worker \(pid \d+\) is killed by signal: Bus error)/i,
    [
      { code: 'out-of-memory', when: '/dev/shm is too small for the DataLoader workers (docker default 64 MB): --shm-size or --ipc=host' },
      { code: 'container-limits', when: "the container's /dev/shm (statfs, or a pasted df line) is below what the workers pass through it" },
      { code: 'nccl-failure', when: 'NCCL uses /dev/shm too: the same limit breaks multi-GPU runs' },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/2244',
    {
      checked: CHECKED_1202,
      confirmed: false,
      note: 'DataLoader error text from torch/utils/data/_utils/signal_handling',
      noteZh: 'DataLoader 报错文本取自 torch/utils/data/_utils/signal_handling',
    },
  ),
  // RDMA memory registration over RLIMIT_MEMLOCK: NCCL's IB transport ("Call to ibv_reg_mr_iova2 failed with error
  // Cannot allocate memory"), UCX (which names the limit itself: "Please set max locked memory (ulimit -l) to
  // 'unlimited' (current: 64 kbytes)"), libfabric (EFA). ib_umem_get refuses pins past the limit without CAP_IPC_LOCK.
  sig(
    'rdma-memlock',
    ['ibv_reg_mr', 'ibv_create_cq', 'max locked memory', 'fi_mr_reg'],
    /(?:\bibv_(?:reg_mr\w{0,12}|create_cq)\b[^\n]{0,40}?(?:failed|error)[^\n]{0,60}?Cannot allocate memory|set max locked memory \(ulimit -l\) to 'unlimited'(?: \(current: (?<currentKb>\d{1,12}) kbytes\))?|\bfi_mr_reg failed[^\n]{0,40}?Cannot allocate memory)/i,
    [
      {
        code: 'container-limits',
        when: 'RLIMIT_MEMLOCK (ulimit -l) is below what RDMA registers: --ulimit memlock=-1 in containers, limits.conf on hosts, PropagateResourceLimitsExcept=MEMLOCK under Slurm',
      },
    ],
    1,
    'https://github.com/NVIDIA/nccl-tests/issues/206',
    {
      checked: CHECKED_1202,
      note: 'NCCL maintainer: raise the limit in limits.conf and check ulimit -l inside mpirun; the reporter had 8192 (KiB) and it worked after',
      noteZh: 'NCCL 维护者：在 limits.conf 中调高该限制，并在 mpirun 内检查 ulimit -l；报告者原先为 8192（KiB），调高后恢复正常',
    },
  ),
  // Something about GPU memory being used, said in prose: lets a full nvidia-smi table be read as the cause.
  sig(
    'memory-prose',
    ['memory', 'allocated', 'vram', 'allocate'],
    /\b(?:GPU memory|memory (?:is )?(?:used|allocated|occupied|in use|full)|allocated by|VRAM|(?:fail\w{0,3} to|cannot|could not|unable to) allocate)\b/i,
    [],
    0.1,
    'https://github.com/wencolani/CrossE/issues/2',
    { confirmed: false, note: 'context only', noteZh: '仅作上下文' },
  ),
];
