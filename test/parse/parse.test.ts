import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePaste } from '../../src/parse/index.js';
import { decodeInput, MAX_BYTES } from '../../src/parse/text.js';

const fixture = (name: string) => readFileSync(`/work/shared/fixtures/h200-cuda13/${name}`, 'utf8');
const hasShared = (() => {
  try {
    fixture('smi.txt');
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(hasShared)('parsers on the real H200 captures', () => {
  it('collect_env: torch, build CUDA, driver, GPU, cuDNN copies, OS, Python', () => {
    const p = parsePaste(fixture('collect_env.txt'));
    const f = p.facts;
    expect(f.packages.find((x) => x.name === 'torch')?.version).toBe('2.11.0+cu130');
    expect(f.torchCuda?.value).toBe('13.0');
    expect(f.driver.version?.value).toBe('580.159.04');
    expect(f.gpus.map((g) => g.name)).toEqual(['NVIDIA H200']);
    expect(f.libraries.filter((l) => l.name === 'cudnn').map((l) => l.version?.value)).toContain('9.14.0');
    expect(f.os.id?.value).toBe('ubuntu');
    expect(f.os.versionId?.value).toBe('24.04');
    expect(f.pythonVersion?.value).toBe('3.12.3');
    expect(f.toolkits[0]?.version?.value).toBe('13.0.88');
    expect(f.packages.find((x) => x.name === 'nvidia-cudnn-cu13')?.version).toBe('9.19.0.56');
    expect(p.segments.map((s) => s.kind)).toContain('collect-env');
  });

  it('nvidia-smi table: driver, CUDA, GPU, memory', () => {
    const f = parsePaste(fixture('smi.txt')).facts;
    expect(f.driver.version?.value).toBe('580.159.04');
    expect(f.driver.cudaVersion?.value).toBe('13.0');
    expect(f.gpus[0]?.name).toBe('NVIDIA H200');
    expect(f.gpus[0]?.pciBusId).toBe('00000000:00:06.0');
    expect(f.gpus[0]?.memory.totalBytes).toBe(143771 * 1024 * 1024);
  });

  it('nvidia-smi -q: driver, CUDA, product name, architecture', () => {
    const f = parsePaste(fixture('smi_q.txt')).facts;
    expect(f.driver.version?.value).toBe('580.159.04');
    expect(f.driver.cudaVersion?.value).toBe('13.0');
    expect(f.gpus[0]?.name).toBe('NVIDIA H200');
    expect(f.gpus[0]?.architecture).toBe('Hopper');
  });

  it('nvcc, uname, os-release, /proc/driver/nvidia/version, pip list', () => {
    const f = parsePaste([fixture('nvcc.txt'), fixture('uname.txt'), fixture('proc_driver.txt'), fixture('pip.txt')].join('\n')).facts;
    expect(f.toolkits.map((t) => t.version?.value)).toContain('13.0.88');
    expect(f.os.kernel?.value).toBe('6.18.44-fc-v657-gpu');
    expect(f.os.arch?.value).toBe('x86_64');
    expect(f.os.wsl?.value).toBe(false);
    expect(f.os.id?.value).toBe('ubuntu');
    expect(f.driver.kernelModule?.value).toBe('580.159.04');
    expect(f.driver.moduleFlavor?.value).toBe('open');
    expect(f.packages.some((p) => p.name === 'torch')).toBe(true);
    expect(f.packages.some((p) => p.name === 'aiohttp')).toBe(false);
  });
});

describe('parsers on pasted error text', () => {
  it('a mixed paste: warning with the arch list, traceback, nvidia-smi header', () => {
    const text = [
      'UserWarning: NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
      'The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.',
      'Traceback (most recent call last):',
      '  File "train.py", line 3, in <module>',
      'RuntimeError: CUDA error: no kernel image is available for execution on the device',
      '| NVIDIA-SMI 570.86.10              Driver Version: 570.86.10      CUDA Version: 12.8     |',
    ].join('\n');
    const p = parsePaste(text);
    expect(p.events.map((e) => e.signature)).toEqual(['torch-sm-not-compatible', 'torch-supported-archs', 'no-kernel-image']);
    expect(p.facts.gpus[0]?.computeCapability).toBe('12.0');
    expect(p.facts.torchArchList?.value).toContain('sm_90');
    expect(p.facts.driver.cudaVersion?.value).toBe('12.8');
    expect(p.segments.map((s) => s.kind)).toEqual(expect.arrayContaining(['traceback', 'nvidia-smi']));
  });

  it('pip freeze, conda list, ldd, dmesg, NCCL, TF log, Windows DLL', () => {
    const text = [
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
    ].join('\n');
    const f = parsePaste(text).facts;
    expect(f.packages.find((p) => p.name === 'torch')?.build?.cuda).toBe('12.1');
    expect(f.packages.find((p) => p.name === 'cudatoolkit')?.installer).toBe('conda');
    expect(f.missingLibraries.map((m) => m.value)).toEqual(expect.arrayContaining(['libcudart.so.11.0', 'cudart64_110.dll']));
    expect(f.libraries.find((l) => l.name === 'cudnn')?.version?.value).toBe('8.9.2');
    expect(f.driver.kernelModule?.value).toBe('535.104.05');
    expect(f.os.secureBoot?.value).toBe('enabled');
    expect(f.libraries.find((l) => l.name === 'nccl')?.version?.value).toBe('2.18.1');
    expect(f.gpus.find((g) => g.name === 'NVIDIA GeForce RTX 3090')?.computeCapability).toBe('8.6');
    expect(f.os.id?.value).toBe('windows');
  });

  it('joins a message wrapped over two lines', () => {
    const p = parsePaste('The detected CUDA version (11.8) mismatches the version that was used to compile\nPyTorch (12.4). Please make sure to use the same CUDA versions.');
    expect(p.events[0]?.signature).toBe('detected-cuda-mismatch');
    expect(p.facts.torchCuda?.value).toBe('12.4');
    expect(p.facts.toolkits[0]?.version?.value).toBe('11.8');
  });

  it('OOM numbers, old and new format', () => {
    const old = parsePaste('RuntimeError: CUDA out of memory. Tried to allocate 36.00 MiB (GPU 0; 10.76 GiB total capacity; 996.23 MiB already allocated; 8.81 MiB free; 1010.00 MiB reserved in total by PyTorch)');
    expect(old.events[0]?.groups).toMatchObject({ tried: '36.00 MiB', total: '10.76 GiB', allocated: '996.23 MiB', free: '8.81 MiB', reserved: '1010.00 MiB' });
    const neu = parsePaste('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.69 GiB of which 1.23 GiB is free. Process 1234 has 10.00 GiB memory in use. Of the allocated memory 8.1 GiB is allocated by PyTorch, and 1.9 GiB is reserved by PyTorch but unallocated.');
    expect(neu.events[0]?.groups).toMatchObject({ tried: '2.00 GiB', total: '23.69 GiB', free: '1.23 GiB', allocated: '8.1 GiB', unallocated: '1.9 GiB', processes: '1234:10.00 GiB' });
  });
});

describe('decodeInput', () => {
  it('keeps head and tail of a large input and says how much was dropped', () => {
    const big = Buffer.alloc(MAX_BYTES + 1000, 0x61);
    const d = decodeInput(big);
    expect(d.droppedBytes).toBe(1000);
    expect(d.totalBytes).toBe(MAX_BYTES + 1000);
  });

  it('reads UTF-16LE (PowerShell redirection) and strips ANSI colours and CRs', () => {
    const d = decodeInput(Buffer.from('\ufeffNVIDIA-SMI has failed\r\n', 'utf16le'));
    expect(d.encoding).toBe('utf-16le');
    expect(d.lines[0]).toBe('NVIDIA-SMI has failed');
    expect(decodeInput('\x1b[31mRuntimeError\x1b[0m: x').lines[0]).toBe('RuntimeError: x');
  });

  it('marks binary input and keeps its printable runs', () => {
    const bin = Buffer.concat([Buffer.alloc(500, 0), Buffer.from('Driver/library version mismatch'), Buffer.alloc(500, 1)]);
    const d = decodeInput(bin);
    expect(d.binary).toBe(true);
    expect(d.text).toContain('Driver/library version mismatch');
  });
});
