// explain, while it runs: out of memory, NCCL, ECC errors.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per Finding code. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const outOfMemory: ExplainRow[] = [
  {
    name: 'OOM: memory held by another process is named',
    text: 'RuntimeError: CUDA out of memory. Tried to allocate 36.00 MiB (GPU 0; 10.76 GiB total capacity; 996.23 MiB already allocated; 8.81 MiB free; 1010.00 MiB reserved in total by PyTorch)',
    top: 'out-of-memory',
    cause: { contains: ['9.77 GiB'] },
  },
  {
    name: 'the older OOM numbers without the "CUDA out of memory." prefix',
    text: 'Tried to allocate 512.00 MiB (GPU 1; 10.76 GiB total capacity; 120.50 MiB already allocated; 40.25 MiB free; 150.00 MiB reserved in total by PyTorch)',
    top: 'out-of-memory',
    contains: ['120.50 MiB', 'nvidia-smi'],
  },
  {
    name: 'JAX RESOURCE_EXHAUSTED "Failed to allocate"',
    text: 'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 3.00GiB (3221225472B) on device ordinal 0',
    top: 'out-of-memory',
  },
  {
    name: 'TF ResourceExhaustedError',
    text: 'tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to allocate memory [Op:AddV2]',
    top: 'out-of-memory',
  },
  {
    name: 'nvidia-smi shows the memory taken while the user talks about memory',
    text: [
      'GPU memory is almost full before my job starts',
      '|   0  Tesla T4            Off  | 00000000:00:04.0 Off |                    0 |',
      '| N/A   40C    P8    10W /  70W |  14000MiB / 15360MiB |      0%      Default |',
    ],
    about: 'out-of-memory',
    contains: ['14000MiB', 'fuser'],
  },
  {
    name: 'DataLoader workers killed by a bus error in a container: shm',
    text: "RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory.",
    top: 'out-of-memory',
    contains: ['--shm-size'],
  },
  {
    name: 'gpustat rows show the memory taken by other jobs',
    text: ['RuntimeError: CUDA error: out of memory', "[0] NVIDIA A100-SXM4-40GB | 40'C,   0 % | 39012 / 40960 MB | alice(39000M)"],
    top: 'out-of-memory',
    contains: ['39012'],
  },
  {
    name: "nvidia-smi's process table names who holds the memory",
    text: ['jobs on node 7 keep failing to allocate memory', '|    0   N/A  N/A     48213      C   python                          30210MiB |'],
    top: 'out-of-memory',
    contains: ['48213'],
  },
  {
    name: 'the OOM layout of the allocator under a memory fraction gives its numbers',
    text: [
      'torch.cuda.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)',
      'Currently allocated     : 10.20 GiB',
      'Requested               : 1.50 GiB',
      'Device limit            : 11.00 GiB',
      'Free (according to CUDA): 0 bytes',
    ],
    top: 'out-of-memory',
    contains: ['10.20 GiB', '1.50 GiB'],
  },
  {
    name: 'vLLM starting with part of the GPU already taken names the free share',
    text: 'ValueError: Free memory on device (20.00/80.00 GiB) on startup is less than desired GPU memory utilization (0.9, 72.00 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
    top: 'out-of-memory',
    contains: ['--gpu-memory-utilization', '60.00 GiB'],
  },
];

const ncclFailure: ExplainRow[] = [
  {
    name: 'a WARN from socket.h without the "NCCL WARN" prefix',
    text: 'node2:1234:1300 [0] misc/socket.cc:484 WARN Net : Connect to 10.0.0.3<43121> failed : Connection refused',
    top: 'nccl-failure',
    contains: ['NCCL_SOCKET_IFNAME'],
  },
  {
    name: '"unhandled system error" alone: shm and the socket interface are both named',
    text: 'torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1',
    top: 'nccl-failure',
    contains: ['shm', 'NCCL_SOCKET_IFNAME'],
  },
  {
    name: 'InfiniBand trouble suggests NCCL_IB_DISABLE',
    text: 'gpu01:77:90 [0] NCCL INFO NET/IB : No device found.\ngpu01:77:90 [0] include/socket.h:403 NCCL WARN Connect to 192.168.1.5<5555> failed : Connection timed out',
    top: 'nccl-failure',
    contains: ['NCCL_IB_DISABLE=1'],
  },
  {
    name: '"unhandled cuda error" points at P2P',
    text: 'RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled cuda error, NCCL version 2.14.3',
    top: 'nccl-failure',
    contains: ['NCCL_P2P_DISABLE=1'],
  },
  {
    name: 'a "connection refused" that is not about distributed training is not NCCL',
    text: 'curl: (7) Failed to connect to localhost port 8080: Connection refused',
    lacks: ['nccl-failure'],
  },
  {
    name: 'a modern GPU under the same NCCL error stays an NCCL finding',
    text: '4x RTX A6000\nncclUnhandledCudaError: unhandled cuda error',
    top: 'nccl-failure',
    lacks: ['arch-unsupported'],
  },
  {
    name: 'P2P/IPC transport and a hang name ACS, setpci and NCCL_P2P_DISABLE',
    text: 'node1:123:456 [0] NCCL INFO Channel 00 : 0[1000] -> 1[2000] via P2P/IPC\ntraining hangs at the first all_reduce on 8 GPUs',
    top: 'nccl-failure',
    contains: ['ACS', 'setpci', 'NCCL_P2P_DISABLE=1'],
  },
  {
    name: 'a shm error with P2P lines stays a /dev/shm finding',
    text: 'NCCL INFO Channel 00 : 0 -> 1 via P2P/IPC\nNCCL WARN Error while creating shared memory segment /dev/shm/nccl-abc (size 9637888)',
    contains: ['shm-size'],
    notContains: ['setpci'],
  },
  {
    name: 'P2P hang with a peer-access matrix: ACS and the IOMMU',
    text: ['all_reduce hangs forever on 4 GPUs', 'Device=0 CANNOT Access Peer Device=1'],
    about: 'nccl-failure',
    contains: ['ACS', 'iommu'],
  },
  {
    name: 'GPUDirect RDMA failing: ACS',
    text: 'nccl-tests hang once nvidia-peermem is loaded; without it they pass',
    about: 'nccl-failure',
    contains: ['ACS'],
  },
  {
    name: 'SIGBUS inside NCCL: /dev/shm',
    text: ['[host:77 :0:90] Caught signal 7 (Bus error: nonexistent physical address)', ' 3 0x0000000000059e97 ncclGetUniqueId()  ???:0'],
    top: 'nccl-failure',
    contains: ['shm-size'],
  },
  {
    name: 'two NCCL versions named for two nodes: the versions differ',
    text: [
      'node-a: NCCL INFO NCCL version 2.18.1+cuda12.1',
      'node-b: NCCL INFO NCCL version 2.21.5+cuda12.4',
      'torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, remote error',
    ],
    top: 'nccl-failure',
    contains: ['2.18.1', '2.21.5'],
  },
  {
    name: 'nccl-tests hanging on an EPYC host points at the IOMMU',
    text: ['all_reduce_perf -b 8 -e 128M -g 4 hangs after the first size', 'CPU: AMD EPYC 7543'],
    about: 'nccl-failure',
    contains: ['iommu=pt', 'EPYC'],
  },
  {
    name: 'NCCL hanging across GeForce cards: P2P off is the workaround',
    text: [
      'all_reduce_perf hangs with 2 GPUs',
      '#  Rank  0 Pid 1 on host device  0 [0x01] NVIDIA GeForce RTX 3090',
      '#  Rank  1 Pid 1 on host device  1 [0x02] NVIDIA GeForce RTX 3090',
    ],
    about: 'nccl-failure',
    contains: ['NCCL_P2P_DISABLE=1', 'GeForce'],
  },
  {
    name: 'NCCL across two containers: the network, and --network=host',
    text: [
      'I run the two ranks in two docker containers',
      'torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1333, remote process exited or there was a network error, NCCL version 2.18.6',
    ],
    top: 'nccl-failure',
    contains: ['NCCL_SOCKET_IFNAME', '--network=host'],
  },
];

const eccErrors: ExplainRow[] = [
  {
    name: 'an uncorrectable ECC error from the runtime is ecc-errors, not a software cause',
    text: 'torch.AcceleratorError: CUDA error: uncorrectable ECC error encountered\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.',
    top: 'ecc-errors',
    contains: ['ECC', 'nvidia-smi -q -d ECC'],
  },
  {
    name: 'the driver API name of the same error',
    text: 'jax.errors: INTERNAL: cuModuleLoadData failed: CUDA_ERROR_ECC_UNCORRECTABLE',
    top: 'ecc-errors',
  },
];

describe('out-of-memory', () => {
  for (const row of outOfMemory) it(row.name, () => checkExplain(row));
});

describe('nccl-failure', () => {
  for (const row of ncclFailure) it(row.name, () => checkExplain(row));
});

describe('ecc-errors', () => {
  for (const row of eccErrors) it(row.name, () => checkExplain(row));
});
