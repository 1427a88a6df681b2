import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cudaWhich } from '../../src/cuda/which.js';
import { loadMachine } from '../../src/system/fixture.js';
import type { System } from '../../src/system/types.js';
import { cuda, fixture, writableCopy } from './helpers.js';

/** The same machine with another environment (the fixture's env is read-only data). */
function withEnv(sys: System, env: Record<string, string>): System {
  return new Proxy(sys, { get: (t, k) => (k === 'env' ? env : Reflect.get(t, k, t)) });
}

describe('gpuenv cuda which', () => {
  it('a machine with no toolkit at all: an empty answer, not a crash', async () => {
    const r = await cudaWhich(await loadMachine(fixture('gpu-no-driver')));
    expect(r).toEqual(expect.objectContaining({ nvcc: null, cudaHome: null, runtime: null, findings: [] }));
    const cli = await cuda(fixture('gpu-no-driver'), ['which', '--json']);
    expect(cli.code).toBe(0);
  });

  it('nvcc 11.8, CUDA_HOME 12.4 and the 11.8 runtime disagree: toolkit-mismatch, exit 1', async () => {
    const r = await cudaWhich(await loadMachine(fixture('cuda-three')));
    expect(r.nvcc).toEqual({
      onPath: '/usr/local/cuda-11.8/bin/nvcc',
      real: '/usr/local/cuda-11.8/bin/nvcc',
      toolkit: { path: '/usr/local/cuda-11.8', version: '11.8.0' },
    });
    expect(r.cudaHome).toEqual({ path: '/usr/local/cuda', via: 'CUDA_HOME', toolkit: { path: '/usr/local/cuda-12.4', version: '12.4.1' } });
    expect(r.runtime).toEqual(expect.objectContaining({ soname: 'libcudart.so.11', via: 'LD_LIBRARY_PATH', version: '11.8.0' }));
    expect(r.frameworks).toEqual([expect.objectContaining({ name: 'torch', cuda: '12.4', matches: true })]);
    expect(r.findings.map((f) => [f.code, f.severity, f.title])).toEqual([
      ['toolkit-mismatch', 'warning', 'nvcc, CUDA_HOME and the CUDA runtime disagree: nvcc 11.8, CUDA_HOME 12.4, libcudart.so.11 11.8'],
    ]);
    expect(r.findings[0]!.fix).toContain('eval "$(gpuenv cuda use 12.4)"');
    const cli = await cuda(fixture('cuda-three'), ['which']);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain('[toolkit-mismatch]');
  });

  it('torch built with CUDA 12.4 while builds use 11.8: toolkit-mismatch warning naming both', async () => {
    const r = await cudaWhich(await loadMachine(fixture('toolkit-mismatch')));
    const f = r.findings.find((x) => x.subject === '/home/dev/.venv');
    expect(f).toEqual(
      expect.objectContaining({
        code: 'toolkit-mismatch',
        severity: 'warning',
        title: 'torch 2.5.1+cu124 was built with CUDA 12.4; builds here would use CUDA 11.8',
      }),
    );
    expect(f!.cause).toContain('The detected CUDA version (11.8) mismatches the version that was used to compile PyTorch (12.4)');
    expect(f!.fix[0]).toMatch(/^# Install the CUDA 12.4 toolkit/);
  });

  it('without CUDA_HOME, builds take the folder above nvcc: /usr/local/cuda/bin/nvcc gives a toolkit', async () => {
    const r = await cudaWhich(withEnv(await loadMachine(fixture('cuda-three')), { PATH: '/usr/local/cuda/bin:/usr/bin' }));
    expect(r.cudaHome).toEqual({ path: '/usr/local/cuda', via: 'nvcc', toolkit: { path: '/usr/local/cuda-12.4', version: '12.4.1' } });
    expect(r.findings).toEqual([]);
  });

  it('a wrapper nvcc in /usr/local/bin makes builds take /usr/local, which is not a toolkit', async () => {
    const dir = writableCopy('cuda-three');
    mkdirSync(join(dir, 'root/usr/local/bin'), { recursive: true });
    writeFileSync(join(dir, 'root/usr/local/bin/nvcc'), '#!/bin/sh\nexec /usr/local/cuda-12.4/bin/nvcc "$@"\n', { mode: 0o755 });
    const r = await cudaWhich(withEnv(await loadMachine(dir), { PATH: '/usr/local/bin:/usr/bin' }));
    expect(r.nvcc).toEqual({
      onPath: '/usr/local/bin/nvcc',
      real: '/usr/local/cuda-12.4/bin/nvcc',
      toolkit: { path: '/usr/local/cuda-12.4', version: '12.4.1' },
    });
    expect(r.cudaHome).toEqual({ path: '/usr/local', via: 'nvcc', toolkit: null });
    expect(r.findings[0]).toEqual(
      expect.objectContaining({
        code: 'toolkit-mismatch',
        title: 'builds would use CUDA_HOME=/usr/local, which is not a CUDA toolkit',
        fix: ['eval "$(gpuenv cuda use 12.4)"'],
      }),
    );
  });

  it('--json carries the report and findings; one toolkit in agreement is clean', async () => {
    const r = await cuda(fixture('cuda-interrupted'), ['which', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.schemaVersion).toBe(1);
    expect(doc.cudaHome.via).toBe('nvcc');
    expect(doc.findings).toEqual([]);
  });
});
