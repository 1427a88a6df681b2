// parse, pastes of several formats at once: every parser reads its part and the segments name each
// (src/parse/index.ts, segments.ts): one row per paste (ParseRow in test/helpers/explain.ts).
import { describe, expect, it } from 'vitest';
import { capture, checkParse, type ParseRow } from '../helpers/explain.js';

const h200 = (file: string) => capture('h200-cuda13', file);

const mixed: ParseRow[] = [
  {
    name: 'the real H200 captures of nvcc, uname + os-release, /proc/driver/nvidia/version and pip list, pasted together',
    text: [h200('nvcc.txt'), h200('uname.txt'), h200('proc_driver.txt'), h200('pip.txt')],
    facts: {
      'toolkits[*].version': expect.arrayContaining(['13.0.88']),
      'os.kernel': '6.18.44-fc-v657-gpu',
      'os.arch': 'x86_64',
      'os.wsl': false,
      'os.id': 'ubuntu',
      'driver.kernelModule': '580.159.04',
      'driver.moduleFlavor': 'open',
      'packages[name=torch].name': 'torch',
      // aiohttp is in the pip list but is no GPU package.
      'packages[name=aiohttp]': undefined,
    },
  },
  {
    name: 'a mixed paste: warning with the arch list, traceback, nvidia-smi header',
    text: [
      'UserWarning: NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
      'The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.',
      'Traceback (most recent call last):',
      '  File "train.py", line 3, in <module>',
      'RuntimeError: CUDA error: no kernel image is available for execution on the device',
      '| NVIDIA-SMI 570.86.10              Driver Version: 570.86.10      CUDA Version: 12.8     |',
    ],
    parsed: {
      'events[*].signature': ['torch-sm-not-compatible', 'torch-supported-archs', 'no-kernel-image'],
      'segments[*].kind': expect.arrayContaining(['traceback', 'nvidia-smi']),
    },
    facts: { 'gpus[0].computeCapability': '12.0', torchArchList: expect.arrayContaining(['sm_90']), 'driver.cudaVersion': '12.8' },
  },
  {
    name: 'pip freeze, conda list, ldd, dmesg, NCCL, TF log, Windows DLL',
    text: [
      'torch==2.1.0+cu121',
      '# packages in environment at /opt/conda:',
      'pytorch                   2.0.1           py3.10_cuda11.8_cudnn8.7.0_0    pytorch',
      'cudatoolkit               11.8.0               h6a678d5_0',
      '\tlibcudart.so.11.0 => not found',
      '\tlibcudnn.so.8 => /usr/lib/x86_64-linux-gnu/libcudnn.so.8.9.2 (0x00007f00)',
      '[    3.120000] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023',
      '[    3.200000] Lockdown: modprobe: unsigned module loading is restricted; see man kernel_lockdown.7',
      'node1:123:456 [0] NCCL INFO NCCL version 2.18.1+cuda12.1',
      '2023-01-01 10:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1635] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22290 MB memory:  -> device: 0, name: NVIDIA GeForce RTX 3090, pci bus id: 0000:01:00.0, compute capability: 8.6',
      "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found",
    ],
    facts: {
      'packages[name=torch].build.cuda': '12.1',
      'packages[name=cudatoolkit].installer': 'conda',
      'missingLibraries[*]': expect.arrayContaining(['libcudart.so.11.0', 'cudart64_110.dll']),
      'libraries[name=cudnn].version': '8.9.2',
      'driver.kernelModule': '535.104.05',
      'os.secureBoot': 'enabled',
      'libraries[name=nccl].version': '2.18.1',
      'gpus[name=NVIDIA GeForce RTX 3090].computeCapability': '8.6',
      'os.id': 'windows',
    },
  },
];

describe('pastes of several formats', () => {
  for (const row of mixed) it(row.name, () => checkParse(row));
});
