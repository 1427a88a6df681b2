// doctor --deep's child (probe/python/deep.ts): is_available() False without an exception is a failed check, and the
// warnings torch printed (recorded by the script, or on the child's stderr) are kept as evidence. The child's answer
// is composed here in the shape the script prints it.
import { describe, expect, it } from 'vitest';
import type { ProbeContext } from '../../src/probe/context.js';
import { deepCheck } from '../../src/probe/python/deep.js';
import type { System } from '../../src/system/types.js';

function ctxAnswering(stdout: string, stderr = ''): ProbeContext {
  const sys = {
    isForeignRoot: false,
    run: async () => ({ stdout, stderr, exitCode: 0, signal: null, failed: false, timedOut: false, notFound: false, durationMs: 900 }),
  } as unknown as System;
  return { sys, timeoutMs: 1_000, records: [] };
}

const report = (torch: Record<string, unknown>) => `GPUENV_DEEP ${JSON.stringify({ torch })}`;
const base = { version: '2.5.1+cu124', cudaRuntime: '12.4', error: null, deviceCount: 0, archList: [], cudnnVersion: '90100', loadedLibraries: [] };

describe('deepCheck', () => {
  it('is_available() False with no error is not ok, and the recorded warning is the error and the evidence', async () => {
    const w = 'UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040).';
    const d = await deepCheck(ctxAnswering(report({ ...base, cudaAvailable: false, warnings: [w] })), '/usr/bin/python3');
    expect(d.ok).toBe(false);
    expect(d.error).toContain('is_available() is False');
    expect(d.error).toContain('found version 11040');
    expect(d.torch?.warnings).toEqual([w]);
  });

  it('warning lines of the child stderr are kept, each once', async () => {
    const stderr = [
      '/venv/lib/python3.11/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Error 804',
      '  return torch._C._cuda_getDeviceCount() > 0',
    ].join('\n');
    const d = await deepCheck(ctxAnswering(report({ ...base, cudaAvailable: false }), stderr), '/usr/bin/python3');
    expect(d.torch?.warnings).toEqual(['UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Error 804']);
    expect(d.ok).toBe(false);
  });

  it('a working torch stays ok', async () => {
    const d = await deepCheck(ctxAnswering(report({ ...base, cudaAvailable: true, deviceCount: 1, kernelOk: true, warnings: [] })), '/usr/bin/python3');
    expect(d.ok).toBe(true);
    expect(d.error).toBeNull();
  });
});
