// out-of-memory through its one rule: a pasted message with its numbers, and the GPU memory a machine shows in use
// (`explain --here`). Texts composed here for the tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/out-of-memory.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, gpu } from '../../helpers/snapshot-builder.js';

beforeAll(() => setLang('en'));

const oom = async (text: string) => (await explainText(text)).findings.find((f) => f.code === 'out-of-memory');

describe('out-of-memory: a machine', () => {
  it('memory in use without a message is no finding', async () => {
    expect(rule.check(machineInput(await snapshotOf('h200')))).toEqual([]);
    const busy = buildSnapshot({
      gpus: [{ ...gpu('NVIDIA A100-SXM4-80GB', '8.0'), memory: { totalBytes: 80 * 2 ** 30, usedBytes: 78 * 2 ** 30, reservedBytes: null, freeBytes: null } }],
    });
    expect(rule.check(machineInput(busy))).toEqual([]);
  });

  it('explain --here: the memory this machine shows taken is who holds it', async () => {
    const here = buildSnapshot({
      gpus: [{ ...gpu('NVIDIA A100-SXM4-80GB', '8.0'), memory: { totalBytes: 80 * 2 ** 30, usedBytes: 72 * 2 ** 30, reservedBytes: null, freeBytes: null } }],
    });
    const r = await explainText('RuntimeError: CUDA error: out of memory', { here });
    const f = r.findings[0]!;
    expect(f.code).toBe('out-of-memory');
    expect(f.title).toBe('GPU memory is already in use: 73728MiB of 81920MiB');
    expect(f.evidence).toContainEqual({ fact: 'GPU 0 memory in use', value: '73728MiB / 81920MiB', source: 'nvml' });
    expect(f.fix.some((l) => l.startsWith('sudo fuser -v /dev/nvidia*'))).toBe(true);
  });
});

describe('out-of-memory: a paste', () => {
  const rows: { name: string; text: string; title: string; cause?: string; fix?: string; notFix?: string }[] = [
    {
      name: 'another process holds most of the GPU',
      text: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of 39.39 GiB of which 600.00 MiB is free. Of the allocated memory 4.00 GiB is allocated by PyTorch, and 1.00 GiB is reserved by PyTorch but unallocated.',
      title: 'GPU out of memory (GPU 0)',
      cause: 'About 33.80 GiB of the GPU is held outside this PyTorch process',
      fix: '# stop the other process, or choose a free GPU with CUDA_VISIBLE_DEVICES',
    },
    {
      name: 'the cache is fragmented',
      text: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 300.00 MiB is free. Of the allocated memory 12.00 GiB is allocated by PyTorch, and 11.00 GiB is reserved by PyTorch but unallocated.',
      title: 'GPU out of memory (GPU 0)',
      cause: 'PyTorch has reserved 11.00 GiB more than it has allocated',
      fix: 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
    },
    {
      name: 'vLLM finds less free memory than it wants to reserve',
      text: 'ValueError: Free memory on device (20.00/79.19 GiB) on startup is less than desired GPU memory utilization (0.90, 71.27 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
      title: 'vLLM cannot reserve 0.90 of the GPU: only 20.00 of 79.19 GiB are free',
      fix: 'vllm serve <model> --gpu-memory-utilization 0.23   # the share of the GPU that is still free',
    },
    {
      name: 'DataLoader workers out of /dev/shm',
      text: "RuntimeError: DataLoader worker (pid 777) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit.",
      title: 'Shared memory (/dev/shm) is too small for the DataLoader workers',
      fix: '# or fewer DataLoader workers: DataLoader(..., num_workers=0)',
    },
    {
      name: 'nvidia-smi process table names the holders',
      text: 'RuntimeError: CUDA error: out of memory\n|    0   N/A  N/A     31337      C   python                          20480MiB |',
      title: 'GPU memory is held by other processes: PID 31337',
      fix: 'kill 31337   # or kill -9; a stopped job: kill -CONT first or fg then Ctrl+C',
    },
    {
      name: "PyTorch's own advice in the message is not the environment",
      text: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 15.77 GiB of which 100.00 MiB is free. Of the allocated memory 14.50 GiB is allocated by PyTorch, and 200.00 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
      title: 'GPU out of memory (GPU 0)',
      cause: 'Your own tensors fill the GPU',
      fix: 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
    },
    {
      name: 'a setting the environment already has is not offered again',
      text: 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 15.77 GiB of which 100.00 MiB is free. Of the allocated memory 14.50 GiB is allocated by PyTorch, and 200.00 MiB is reserved by PyTorch but unallocated.',
      title: 'GPU out of memory (GPU 0)',
      notFix: 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      const f = await oom(row.text);
      expect(f?.title).toBe(row.title);
      expect(f?.severity).toBe('error');
      if (row.cause) expect(f?.cause).toContain(row.cause);
      if (row.fix) expect(f?.fix).toContain(row.fix);
      if (row.notFix) {
        expect(f?.fix).not.toContain(row.notFix);
        expect(f?.evidence).toContainEqual({ fact: 'PYTORCH_CUDA_ALLOC_CONF', value: 'expandable_segments:True', source: 'pasted' });
      }
      // Each fact once.
      const facts = f!.evidence.map((e) => `${e.fact}=${e.value}`);
      expect(new Set(facts).size).toBe(facts.length);
    });
  }

  it('speaks Chinese in zh-CN, commands stay as they are', async () => {
    setLang('zh-CN');
    try {
      const f = await oom('RuntimeError: DataLoader worker (pid 9) is killed by signal: Bus error.');
      expect(f?.fix).toContain('# 或减少 DataLoader worker：DataLoader(..., num_workers=0)');
      expect(f?.fix).toContain('df -h /dev/shm');
    } finally {
      setLang('en');
    }
  });
});
