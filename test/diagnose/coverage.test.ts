// Every Finding code is triggered by a whole fixture: a machine for the doctor's codes, pasted text for the
// codes only a log can show (explain), a lock for verify's. The fix of each is checked in its own test file.
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../src/diagnose/index.js';
import { FINDING_CODES, type FindingCode } from '../../src/findings.js';
import { explainText } from '../../src/explain/index.js';
import { RULES } from '../../src/diagnose/rules/index.js';
import { takeSnapshot } from '../../src/probe/take.js';
import { FIXED_NOW, machine, snapshotOf } from '../helpers/machines.js';

const BY_MACHINE: Partial<Record<FindingCode, string>> = {
  'no-gpu': 'cpu-only-toolkit',
  'driver-not-loaded': 'gpu-no-driver',
  'driver-library-mismatch': 'driver-mismatch',
  'driver-too-old': 'torch-cu118-old-driver',
  'secure-boot': 'gpu-no-driver',
  nouveau: 'gpu-no-driver',
  'arch-unsupported': 'torch-sm120-cu126',
  'cpu-only-build': 'torch-cpu-only',
  'library-not-found': 'tf-no-cudnn',
  'cudnn-mismatch': 'cudnn-shadowed',
  'framework-cuda-mismatch': 'conda-pip-mixed',
  'toolkit-mismatch': 'toolkit-mismatch',
  'multiple-toolkits': 'two-toolkits',
  'mixed-package-managers': 'conda-pip-mixed',
  'library-shadowing': 'jax-ld-shadowed',
  'forward-compat-shadowing': 'compat-in-use-old',
  wsl: 'wsl-linux-driver',
  'pcie-degraded': 'pcie-x8-throttled',
  'gpu-throttled': 'pcie-x8-throttled',
  'ecc-errors': 'ecc-uncorrectable',
  'xid-errors': 'xid-fell-off-bus',
  'gpu-missing': 'xid-fell-off-bus',
  'fabric-manager': 'hgx-no-fabric-manager',
  'persistence-off': 'hgx-no-fabric-manager',
  'compute-mode': 'gpu-modes-capped',
  'clocks-capped': 'gpu-modes-capped',
  'gpu-unresponsive': 'nvml-hang',
  'arch-list-mismatch': 'debug-env-a100',
  'slow-settings': 'debug-env-a100',
  'container-limits': 'container-small-shm',
  'gpu-busy': 'gpu-busy',
  'gpus-hidden': 'h200-cvd-empty',
};

// Causes only `doctor --deep` shows: the machine answers the import check's child, and the Snapshot is taken with deep.
const BY_DEEP_MACHINE: Partial<Record<FindingCode, string>> = {
  'deep-check-failed': 'h200-force-ptx-jit',
};

// Causes no machine shows at rest: they live in logs (explain) or in a comparison with a lock (verify).
const BY_PASTE: Partial<Record<FindingCode, string>> = {
  'out-of-memory':
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. Including non-PyTorch memory, this process has 22.50 GiB memory in use. Of the allocated memory 20.10 GiB is allocated by PyTorch, and 1.90 GiB is reserved by PyTorch but unallocated.',
  'nccl-failure':
    'RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.\nLast error:\nError while creating shared memory segment /dev/shm/nccl-vzIpS6 (size 9637888)',
  'unexplained-error':
    'Traceback (most recent call last):\n  File "train.py", line 12, in <module>\n    main()\nRuntimeError: my_op() expected a tensor of rank 3, got 2',
};
const ELSEWHERE: FindingCode[] = ['lock-drift']; // test/lock/verify tests

describe('every Finding code has a fixture that triggers it', () => {
  it('covers the whole list', () => {
    const covered = new Set([...Object.keys(BY_MACHINE), ...Object.keys(BY_DEEP_MACHINE), ...Object.keys(BY_PASTE), ...ELSEWHERE]);
    expect(FINDING_CODES.filter((c) => !covered.has(c))).toEqual([]);
  });

  for (const [code, name] of Object.entries(BY_MACHINE)) {
    it(`${code} on the ${name} machine`, async () => {
      const { findings } = await diagnose(await snapshotOf(name, 300));
      const f = findings.find((x) => x.code === code);
      expect(f, `${code} not found; got ${findings.map((x) => x.code).join(', ')}`).toBeDefined();
      expect(f!.fix.length).toBeGreaterThan(0);
    });
  }

  for (const [code, name] of Object.entries(BY_DEEP_MACHINE)) {
    it(`${code} on the ${name} machine with --deep`, async () => {
      const snapshot = await takeSnapshot(await machine(name), { timeoutMs: 300, now: FIXED_NOW, python: { extraPythons: [], deep: true } });
      const f = (await diagnose(snapshot)).findings.find((x) => x.code === code);
      expect(f, `${code} not found`).toBeDefined();
      expect(f!.fix.length).toBeGreaterThan(0);
    });
  }

  for (const [code, text] of Object.entries(BY_PASTE)) {
    it(`${code} from a pasted log`, async () => {
      const codes = (await explainText(text, { rules: RULES })).findings.map((f) => f.code);
      expect(codes.slice(0, 2)).toContain(code);
    });
  }
});

describe('library-shadowing groups what one LD_LIBRARY_PATH entry shadows', () => {
  it('jax-ld-shadowed: one finding for cudart, cuBLAS and cuBLASLt from /usr/local/cuda-12.2/lib64, with one fix', async () => {
    const { findings } = await diagnose(await snapshotOf('jax-ld-shadowed', 300));
    const sh = findings.filter((f) => f.code === 'library-shadowing');
    expect(sh).toHaveLength(1);
    expect(sh[0]!.severity).toBe('error');
    expect(sh[0]!.title).toContain('libcudart.so.12, libcublas.so.12 and libcublasLt.so.12');
    expect(sh[0]!.fix).toContain('unset LD_LIBRARY_PATH');
    expect(sh[0]!.evidence.map((e) => e.value)).toEqual(expect.arrayContaining(['/usr/local/cuda-12.2/lib64/libcublas.so.12 (12.2.5.6)', '12.6.4.1']));
  });
});
