import { describe, expect, it } from 'vitest';
import { FINDING_CODES } from '../../src/findings.js';
import { errorSignatures, matchSignatures } from '../../src/knowledge/error-signatures.js';
import { RULES } from '../../src/diagnose/rules/index.js';

describe('error-signature knowledge', () => {
  it('every row is sourced, dated, has lower-case hints and known codes with a rule', () => {
    const ids = new Set<string>();
    for (const s of errorSignatures()) {
      expect(ids.has(s.id), s.id).toBe(false);
      ids.add(s.id);
      expect(s.source.length, s.id).toBeGreaterThan(10);
      // The first audit's date, or the date of the rows added or changed with issues 18 and 26.
      expect(['2026-11-30', '2026-12-02']).toContain(s.checked);
      expect(typeof s.confirmed).toBe('boolean');
      if (!s.confirmed) expect(s.note, s.id).toBeTruthy();
      for (const h of s.hints) expect(h, s.id).toBe(h.toLowerCase());
      for (const c of s.causes) {
        expect(FINDING_CODES, s.id).toContain(c.code);
        // The rule of the code is the one producer that reads the event.
        expect(
          RULES.some((r) => r.code === c.code),
          `${s.id} → ${c.code}`,
        ).toBe(true);
      }
    }
  });

  it('covers the messages users paste most (issue 6)', () => {
    const lines: [string, string][] = [
      ['RuntimeError: CUDA error: no kernel image is available for execution on the device', 'no-kernel-image'],
      ['CUDA driver version is insufficient for CUDA runtime version', 'driver-insufficient'],
      ['Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object file', 'cannot-open-so'],
      ["NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.", 'smi-failed'],
      ['The detected CUDA version (11.8) mismatches the version that was used to compile PyTorch (12.1).', 'detected-cuda-mismatch'],
      ['AssertionError: Torch not compiled with CUDA enabled', 'torch-not-compiled-cuda'],
      ['RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled system error', 'nccl-system-error'],
      ['Failed to initialize NVML: Driver/library version mismatch', 'driver-library-mismatch'],
      ["Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open", 'tf-could-not-load'],
      [
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.69 GiB of which 1.23 GiB is free.',
        'torch-oom',
      ],
      ['cuInit failed: CUDA_ERROR_STUB_LIBRARY', 'stub-library'],
      ['Error 804: forward compatibility was attempted on non supported HW', 'compat-not-supported'],
      ['RuntimeError: CUDA error: invalid device ordinal', 'invalid-device-ordinal'],
      ['/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link', 'wsl-libcuda-symlink'],
      ['NVRM: GPU 0000:0b:00.0: GPU has fallen off of the bus.', 'xid-fallen-off-bus'],
      ['RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable', 'cuda-devices-busy'],
      ['Error: Can not find library: libcublas.so. The process will exit', 'cannot-open-so'],
    ];
    for (const [line, id] of lines)
      expect(
        matchSignatures(line).map((m) => m.signature.id),
        line,
      ).toContain(id);
  });
});
