// toolkit-mismatch through its one rule: Snapshots built here, a whole machine (and the same machine with a wrapper
// nvcc first on PATH, where doctor and `gpuenv cuda which` must name the same CUDA_HOME), and pasted build logs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cudaWhich } from '../../../src/cuda/which.js';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/toolkit-mismatch.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { takeSnapshot } from '../../../src/probe/take.js';
import { cudaHomeOf } from '../../../src/snapshot/cuda-home.js';
import { loadMachine } from '../../../src/system/fixture.js';
import type { System } from '../../../src/system/types.js';
import { writableCopy } from '../../cuda/helpers.js';
import { FIXED_NOW, snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, env, pkg, toolkit } from '../../helpers/snapshot-builder.js';

const check = (s: Parameters<typeof machineInput>[0]) => rule.check(machineInput(s));

/** The same machine with another environment (a fixture's env is data). */
function withEnv(sys: System, vars: Record<string, string>): System {
  return new Proxy(sys, { get: (t, k) => (k === 'env' ? vars : Reflect.get(t, k, t)) });
}

describe('toolkit-mismatch: the Snapshot check', () => {
  it('nvcc 11.8 on PATH, torch cu121 → switch CUDA_HOME to the installed 12.1', () => {
    setLang('en');
    const s = buildSnapshot({
      env: { PATH: '/usr/local/cuda-11.8/bin:/usr/bin' },
      toolkits: [
        toolkit('11.8.89', { foundBy: ['PATH:/usr/local/cuda-11.8/bin/nvcc'], active: { path: true, cudaHome: false, symlink: true, ldLibraryPath: false } }),
        toolkit('12.1.105'),
      ],
      python: [env([pkg('torch', '2.1.2+cu121')])],
    });
    const [f] = check(s);
    expect(f?.severity).toBe('warning');
    expect(f?.title).toBe('nvcc is CUDA 11.8; torch 2.1.2+cu121 was built with CUDA 12.1');
    expect(f?.cause).toContain('The detected CUDA version (11.8) mismatches');
    expect(f?.fix).toContain('export CUDA_HOME=/usr/local/cuda-12.1');
    expect(f?.fix).toContain('export PATH=$CUDA_HOME/bin:$PATH');
  });

  it('no matching toolkit → apt install cuda-toolkit-12-8, conda alternative in a conda env', () => {
    const s = buildSnapshot({
      env: { CUDA_HOME: '/usr/local/cuda-13.0' },
      toolkits: [toolkit('13.0.88', { active: { path: false, cudaHome: true, symlink: false, ldLibraryPath: false } })],
      python: [env([pkg('torch', '2.11.0+cu128')], { kind: 'conda', prefix: '/opt/conda/envs/ml' })],
    });
    const [f] = check(s);
    expect(f?.fix).toContain('sudo apt-get install -y cuda-toolkit-12-8');
    expect(f?.fix).toContain('conda install -p /opt/conda/envs/ml -c nvidia cuda-toolkit=12.8');
  });

  it('matching or no toolkit → nothing', () => {
    const onPath = toolkit('12.8.93', {
      foundBy: ['PATH:/usr/local/cuda-12.8/bin/nvcc'],
      active: { path: true, cudaHome: false, symlink: false, ldLibraryPath: false },
    });
    expect(check(buildSnapshot({ env: { PATH: '/usr/local/cuda-12.8/bin' }, toolkits: [onPath], python: [env([pkg('torch', '2.11.0+cu128')])] }))).toEqual([]);
    expect(check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu128')])] }))).toEqual([]);
  });

  it('a whole machine: CUDA_HOME is 11.8, torch was built with 12.4', async () => {
    const found = check(await snapshotOf('toolkit-mismatch'));
    expect(found.map((f) => [f.severity, f.title, f.subject])).toEqual([
      ['warning', 'nvcc is CUDA 11.8; torch 2.5.1+cu124 was built with CUDA 12.4', '/home/dev/.venv'],
    ]);
    expect(found.every((f) => f.rank === undefined)).toBe(true);
  });

  it('a wrapper nvcc first on PATH and no CUDA_HOME: doctor and `cuda which` name the same CUDA_HOME (/usr/local)', async () => {
    const dir = writableCopy('cuda-three');
    mkdirSync(join(dir, 'root/usr/local/bin'), { recursive: true });
    writeFileSync(join(dir, 'root/usr/local/bin/nvcc'), '#!/bin/sh\nexec /usr/local/cuda-11.8/bin/nvcc "$@"\n', { mode: 0o755 });
    const sys = withEnv(await loadMachine(dir), { PATH: '/home/dev/.venv/bin:/usr/local/bin:/usr/bin:/bin' });
    const snapshot = await takeSnapshot(sys, { timeoutMs: 1_000, now: FIXED_NOW });
    const which = await cudaWhich(sys, { toolkits: snapshot.toolkits });
    expect(which.cudaHome).toEqual({ path: '/usr/local', via: 'nvcc', toolkit: null });
    expect(cudaHomeOf(snapshot)).toEqual(expect.objectContaining({ path: '/usr/local', via: 'nvcc', toolkit: null, nvccOnPath: '/usr/local/bin/nvcc' }));
    const [f, ...rest] = check(snapshot);
    expect(rest).toEqual([]);
    expect(f?.title).toBe('builds would use CUDA_HOME=/usr/local, which is not a CUDA toolkit');
    expect(f?.cause).toContain('/usr/local/bin/nvcc');
    expect(f?.evidence).toContainEqual({ fact: 'CUDA_HOME a build would use', value: '/usr/local', source: 'env:PATH' });
    // torch is cu124 and 12.4 is installed: point builds at it.
    expect(f?.fix).toContain('export CUDA_HOME=/usr/local/cuda-12.4');
  });
});

describe('toolkit-mismatch: a paste', () => {
  const cases: { name: string; lines: string[]; title: string; home: string; nvccLines: number }[] = [
    {
      name: 'the extension check names nvcc 11.8 and torch 12.1 (and the nvcc output shows 11.8): one plan, the toolkit once',
      lines: [
        'Cuda compilation tools, release 11.8, V11.8.89',
        'torch==2.1.2+cu121',
        'RuntimeError: The detected CUDA version (11.8) mismatches the version that was used to compile PyTorch (12.1). Please make sure to use the same CUDA versions.',
      ],
      title: 'nvcc is CUDA 11.8 but torch was built with CUDA 12.1',
      home: 'export CUDA_HOME=/usr/local/cuda-12.1',
      nvccLines: 1,
    },
    {
      name: 'nvcc 11.0 refuses compute_90 and torch cu118 builds it: one toolkit for both',
      lines: ['Cuda compilation tools, release 11.0, V11.0.221', 'torch==2.1.2+cu118', "nvcc fatal   : Unsupported gpu architecture 'compute_90'"],
      title: 'nvcc 11.0.221 cannot build for compute_90',
      home: 'export CUDA_HOME=/usr/local/cuda-11.8',
      nvccLines: 1,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      setLang('en');
      const r = await explainText(c.lines.join('\n'));
      const f = r.findings.find((x) => x.code === 'toolkit-mismatch');
      expect(f?.title).toBe(c.title);
      expect(f?.fix.filter((l) => l.startsWith('export CUDA_HOME='))).toEqual([c.home]);
      // The build toolkit is one line, however it was read (the error message, nvcc -V).
      expect(f?.evidence.filter((e) => /nvcc|toolkit/i.test(e.fact))).toHaveLength(c.nvccLines);
      const values = f?.evidence.map((e) => e.value) ?? [];
      expect(new Set(values).size).toBe(values.length);
    });
  }

  it('a pasted CUDA_HOME is not read as "not a toolkit": a paste shows no folders', async () => {
    const r = await explainText(['CUDA_HOME=/opt/cuda', 'Cuda compilation tools, release 12.1, V12.1.105', 'torch==2.4.0+cu121'].join('\n'));
    expect(r.findings.some((f) => f.title.includes('not a CUDA toolkit'))).toBe(false);
  });
});
