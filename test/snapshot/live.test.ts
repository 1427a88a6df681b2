// The real System on this machine (CI's is the same kind: no GPU, a CUDA 13.0 toolkit at /usr/local/cuda-13.0).
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

const hasToolkit = existsSync('/usr/local/cuda-13.0');
const hasGpu = existsSync('/proc/driver/nvidia/version');

describe('snapshot of this machine', () => {
  it.skipIf(!hasToolkit || hasGpu)('lists the CUDA 13.0 toolkit, no GPU, no driver, and exits 0', async () => {
    const io = fakeIo({ PATH: process.env.PATH });
    const started = Date.now();
    expect(await main(['snapshot', '--json'], { io })).toBe(0);
    const s = JSON.parse(io.stdout());
    expect(s.gpus).toEqual([]);
    expect(s.driver.version).toBeNull();
    expect(s.toolkits).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/usr/local/cuda-13.0', version: expect.objectContaining({ value: '13.0' }) })]),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.skipIf(hasGpu)('with an nvidia-smi on PATH that never returns, finishes within its timeout and records it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuenv-hung-'));
    const smi = join(dir, 'nvidia-smi');
    writeFileSync(smi, '#!/bin/sh\nsleep 600\n');
    chmodSync(smi, 0o755);
    const io = fakeIo({ PATH: `${dir}:${process.env.PATH}` });
    const started = Date.now();
    expect(await main(['snapshot', '--json', '--timeout', '1'], { io })).toBe(0);
    const elapsed = Date.now() - started;
    const s = JSON.parse(io.stdout());
    expect(s.probes).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'nvidia-smi -q -x', ok: false, timedOut: true })]));
    expect(elapsed).toBeLessThan(4_000);
  });
});
