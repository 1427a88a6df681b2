// multiple-toolkits through its one rule: whole machines, and pastes that name toolkits by place.
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/multiple-toolkits.js';
import { rule as toolkitMismatch } from '../../../src/diagnose/rules/toolkit-mismatch.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { takeSnapshot } from '../../../src/probe/take.js';
import type { Snapshot, Toolkit } from '../../../src/snapshot/types.js';
import { loadMachine } from '../../../src/system/fixture.js';
import type { System } from '../../../src/system/types.js';
import { FIXED_NOW, machinesDir, snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, env, pkg, toolkit } from '../../helpers/snapshot-builder.js';

const check = (s: Snapshot) => rule.check(machineInput(s));

/** The same machine with another environment (a fixture's env is data). */
function withEnv(sys: System, vars: Record<string, string>): System {
  return new Proxy(sys, { get: (t, k) => (k === 'env' ? vars : Reflect.get(t, k, t)) });
}

const flags = (over: Partial<Toolkit['active']>): Toolkit['active'] => ({ path: false, cudaHome: false, symlink: false, ldLibraryPath: false, ...over });
/** 11.8 first on PATH, CUDA_HOME at 12.4, as the probe records them. */
function split(cudaHome = '/usr/local/cuda-12.4', python: Snapshot['python'] = [], ld?: string): Snapshot {
  return buildSnapshot({
    env: { PATH: '/usr/local/cuda-11.8/bin:/usr/bin:/bin', CUDA_HOME: cudaHome, ...(ld ? { LD_LIBRARY_PATH: ld } : {}) },
    toolkits: [
      toolkit('12.4.1', { active: flags({ cudaHome: true, ldLibraryPath: ld?.includes('12.4') ?? false }) }),
      toolkit('11.8.89', { foundBy: ['PATH:/usr/local/cuda-11.8/bin/nvcc'], active: flags({ path: true, ldLibraryPath: ld?.includes('11.8') ?? false }) }),
    ],
    python,
  });
}

describe('multiple-toolkits: a machine', () => {
  it('fires on the two-toolkits machine with the fix for that machine', async () => {
    setLang('en');
    const findings = rule.check(machineInput(await snapshotOf('two-toolkits')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('warning');
    // CUDA_HOME is set and names another toolkit than PATH's nvcc: the split is the cause, with which build takes which.
    expect(f.title).toBe('nvcc on PATH is CUDA 11.8, CUDA_HOME is CUDA 12.4');
    expect(f.cause).toContain('torch.utils.cpp_extension, and so `pip install` of CUDA extensions');
    expect(f.cause).toContain('takes CMAKE_CUDA_COMPILER, else the CUDACXX variable, else the nvcc on PATH (CUDA 11.8)');
    expect(f.evidence).toContainEqual({
      fact: 'PATH',
      value: '/usr/local/cuda-11.8/bin/nvcc → /usr/local/cuda-11.8 (11.8.0)',
      source: 'command:/usr/local/cuda-11.8/bin/nvcc --version',
    });
    expect(f.evidence).toContainEqual({ fact: 'CUDA_HOME', value: '/usr/local/cuda-12.4 → /usr/local/cuda-12.4 (12.4.1)', source: 'env:CUDA_HOME' });
    expect(f.cause).toContain('nvcc on PATH is 11.8');
    expect(f.cause).toContain('/usr/local/cuda points to 12.4');
    // agree on the symlinked 12.4; 11.8's folders leave PATH and LD_LIBRARY_PATH
    expect(f.fix).toEqual(
      expect.arrayContaining([
        'export CUDA_HOME=/usr/local/cuda',
        'export PATH=/usr/local/cuda/bin:/usr/bin:/bin',
        'export LD_LIBRARY_PATH=/usr/local/cuda/lib64',
      ]),
    );
    expect(f.fix.some((l) => l.includes('gpuenv cuda use 12.4'))).toBe(true);
    expect(f.fix).toContain('hash -r; nvcc -V');
    expect(f.fix.some((l) => l.startsWith('# CMake keeps the nvcc of its first configure'))).toBe(true);
  });

  it('the same machine without CUDA_HOME: torch follows PATH too, so only the settings that disagree are named', async () => {
    const sys = withEnv(await loadMachine(`${machinesDir}/two-toolkits`), {
      PATH: '/usr/local/cuda-11.8/bin:/usr/bin:/bin',
      LD_LIBRARY_PATH: '/usr/local/cuda-11.8/lib64',
    });
    const [f, ...rest] = check(await takeSnapshot(sys, { timeoutMs: 1_000, now: FIXED_NOW }));
    expect(rest).toEqual([]);
    expect(f?.title).toBe('CUDA toolkits disagree: 12.4 vs 11.8');
    expect(f?.cause).not.toContain('cpp_extension');
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });
});

describe('multiple-toolkits: a paste', () => {
  const cases: { name: string; lines: string[]; title: string | null }[] = [
    {
      name: 'an `ls` of two toolkits, the link on one and nvcc answering from the other',
      lines: [
        '$ ls -ld /usr/local/cuda*',
        'lrwxrwxrwx 1 root root 20 Jan 10 10:00 /usr/local/cuda -> /usr/local/cuda-12.1',
        'drwxr-xr-x 17 root root 4096 Jan 10 10:00 /usr/local/cuda-11.8',
        'drwxr-xr-x 17 root root 4096 Jan 10 10:00 /usr/local/cuda-12.1',
        '$ nvcc -V',
        'Cuda compilation tools, release 11.8, V11.8.89',
      ],
      title: 'Several CUDA toolkits in play: 11.8 vs 12.1',
    },
    {
      name: 'one toolkit named twice (release 12.6, V12.6.68) is one toolkit, not two',
      lines: [
        'I have CUDA 12.6 on this machine',
        'Cuda compilation tools, release 12.6, V12.6.68',
        'RuntimeError: The detected CUDA version (12.6) mismatches the version that was used to compile PyTorch (11.8). Please make sure to use the same CUDA versions.',
      ],
      title: null,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      setLang('en');
      const r = await explainText(c.lines.join('\n'));
      const f = r.findings.find((x) => x.code === 'multiple-toolkits');
      if (c.title === null) {
        expect(f).toBeUndefined();
        return;
      }
      expect(f?.title).toBe(c.title);
      // A paste shows versions, not folders: the fix names real paths only, one CUDA_HOME.
      expect(f?.fix.join('\n')).not.toContain('(pasted)');
      expect(f?.fix.filter((l) => l.startsWith('export CUDA_HOME='))).toHaveLength(1);
    });
  }
});

describe('multiple-toolkits: PATH nvcc against CUDA_HOME, and toolkit-mismatch', () => {
  it('CUDA_PATH instead of CUDA_HOME: FindCUDAToolkit reads it too, only enable_language(CUDA) and nvcc -V follow PATH', () => {
    setLang('en');
    const s = split();
    s.env = { PATH: s.env.PATH!, CUDA_PATH: '/usr/local/cuda-12.4' };
    const [f] = check(s);
    expect(f?.title).toBe('nvcc on PATH is CUDA 11.8, CUDA_PATH is CUDA 12.4');
    expect(f?.cause).toContain("CMake's FindCUDAToolkit without the CUDA language use CUDA_PATH (CUDA 12.4)");
    expect(f?.fix).toContain('export CUDA_HOME=/usr/local/cuda-12.4');
  });

  it('torch built with 12.4 = CUDA_HOME: toolkit-mismatch is silent, this rule names the split and agrees on torch’s toolkit', () => {
    const s = split('/usr/local/cuda-12.4', [env([pkg('torch', '2.5.1+cu124')])]);
    expect(toolkitMismatch.check(machineInput(s))).toEqual([]);
    const [f] = check(s);
    expect(f?.fix[0]).toBe('# make them agree on CUDA 12.4 (the one torch 2.5.1+cu124 was built with):');
    expect(f?.fix).toContain('export CUDA_HOME=/usr/local/cuda-12.4');
    expect(f?.fix).toContain('export PATH=/usr/local/cuda-12.4/bin:/usr/bin:/bin');
    expect(f?.evidence.some((e) => e.fact === 'torch in /opt/torch/.venv' && e.value === '2.5.1+cu124')).toBe(true);
  });

  it('torch built with 11.8 = PATH, CUDA_HOME at 12.4: one cause, one code (toolkit-mismatch names CUDA_HOME and PATH’s nvcc)', () => {
    const s = split('/usr/local/cuda-12.4', [env([pkg('torch', '2.1.2+cu118')])]);
    expect(check(s)).toEqual([]);
    const [t, ...more] = toolkitMismatch.check(machineInput(s));
    expect(more).toEqual([]);
    expect(t?.title).toBe('CUDA_HOME is CUDA 12.4; torch 2.1.2+cu118 was built with CUDA 11.8');
    expect(t?.evidence.some((e) => e.fact === 'nvcc first on PATH' && e.value.includes('/usr/local/cuda-11.8 (11.8.89)'))).toBe(true);
    expect(t?.fix).toContain('export CUDA_HOME=/usr/local/cuda-11.8');
  });

  it('the same, with LD_LIBRARY_PATH on 12.4 too: both speak, and their fixes set the same CUDA_HOME', () => {
    const s = split('/usr/local/cuda-12.4', [env([pkg('torch', '2.1.2+cu118')])], '/usr/local/cuda-12.4/lib64');
    const [f] = check(s);
    const [t] = toolkitMismatch.check(machineInput(s));
    expect(f?.fix).toContain('export LD_LIBRARY_PATH=/usr/local/cuda-11.8/lib64');
    const homes = [f, t].map((x) => x?.fix.find((l) => l.startsWith('export CUDA_HOME=')));
    expect(homes).toEqual(['export CUDA_HOME=/usr/local/cuda-11.8', 'export CUDA_HOME=/usr/local/cuda-11.8']);
  });

  it('CUDA_HOME and PATH on two installs of one version (11.8 vs 11.8): no split named', () => {
    const s = buildSnapshot({
      env: { PATH: '/opt/conda/bin:/usr/bin', CUDA_HOME: '/usr/local/cuda-11.8' },
      toolkits: [
        toolkit('11.8.89', { active: flags({ cudaHome: true }) }),
        { ...toolkit('11.8.89', { foundBy: ['PATH:/opt/conda/bin/nvcc'], active: flags({ path: true }) }), path: '/opt/conda' },
      ],
    });
    const [f] = check(s);
    expect(f?.title).toBe('CUDA toolkits disagree: 11.8 vs 11.8');
  });
});
