// arch-list-mismatch through its one rule: the debug-env-a100 machine (TORCH_CUDA_ARCH_LIST without 8.0, with an sm_120
// CUDA 12.4 cannot compile), the real H200 snapshot with lists set in a copy of its environment, CMake's lists, and a
// pasted "no kernel image" next to the list that caused it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { parseCmakeList, parseTorchList, rule } from '../../../src/diagnose/rules/arch-list-mismatch.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';

beforeAll(() => setLang('en'));
afterEach(() => setLang('en'));

const h200 = (): Snapshot => JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/snapshots/h200.json'), 'utf8'));
/** The real H200 (GPU 9.0, CUDA 13.0) with its environment changed. */
const h200With = (env: Record<string, string | undefined>): Snapshot => {
  const s = h200();
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete s.env[k];
    else s.env[k] = v;
  }
  return s;
};
const run = (s: Snapshot) => rule.check(machineInput(s));

describe('arch-list-mismatch: the lists as torch and CMake read them', () => {
  it("torch's named architectures, spaces as separators, +PTX, and the empty entry torch rejects", () => {
    expect(parseTorchList('Ampere;Hopper').entries.map((e) => `${e.cc}${e.virtual ? '+PTX' : ''}`)).toEqual(['8.0', '8.6+PTX', '9.0+PTX']);
    // Combined names are replaced before the plain ones, as in _get_cuda_arch_flags.
    expect(parseTorchList('Ampere+Tegra').entries.map((e) => e.cc)).toEqual(['8.7']);
    expect(parseTorchList('8.0 9.0a').entries.map((e) => e.cc)).toEqual(['8.0', '9.0a']);
    expect(parseTorchList('8.0; 9.0').unreadable).toEqual(['']);
    expect(parseTorchList('sm_90').unreadable).toEqual(['sm_90']);
  });

  it('CMake: plain numbers are real and virtual, -real cubins only, -virtual PTX only; all/native/OFF choose for themselves', () => {
    expect(parseCmakeList('80-real;90-virtual;100').entries).toEqual([
      { cc: '8.0', real: true, virtual: false },
      { cc: '9.0', real: false, virtual: true },
      { cc: '10.0', real: true, virtual: true },
    ]);
    for (const v of ['native', 'all', 'all-major', 'OFF']) expect(parseCmakeList(v).special).toBe(true);
  });
});

describe('arch-list-mismatch: a machine', () => {
  it('debug-env-a100: the list leaves out 8.0 and names sm_120, which CUDA 12.4 cannot compile', async () => {
    const findings = run(await snapshotOf('debug-env-a100', 300));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('warning');
    expect(f.subject).toBe('env:TORCH_CUDA_ARCH_LIST');
    expect(f.title).toBe('TORCH_CUDA_ARCH_LIST="7.5;12.0" has no kernels for compute capability 8.0 (NVIDIA A100 80GB PCIe)');
    expect(f.cause).toContain('cubins) for sm_75 sm_120 and no PTX');
    expect(f.cause).toContain('The CUDA 12.4.1 compiler a build would use cannot compile for sm_120 (sm_120 arrived with CUDA 12.8)');
    expect(f.evidence.map((e) => [e.fact, e.value, e.source])).toEqual([
      ['TORCH_CUDA_ARCH_LIST', '7.5;12.0', 'env:TORCH_CUDA_ARCH_LIST'],
      ['GPU 0 (NVIDIA A100 80GB PCIe) compute capability', '8.0', 'nvml'],
      ['nvcc a build would use', '12.4.1', 'command:/usr/local/cuda-12.4/bin/nvcc --version'],
    ]);
    // sm_120 dropped (CUDA 12.4 cannot build it), 8.0 added with PTX: the line works with this toolkit.
    expect(f.fix).toContain('export TORCH_CUDA_ARCH_LIST="7.5;8.0+PTX"');
    expect(
      f.fix.some((l) => l.startsWith('# then rebuild every extension') && l.includes('pip install --no-build-isolation --force-reinstall --no-cache-dir')),
    ).toBe(true);
    expect(f.fix).toContain('gpuenv arch-list --ptx');
    for (const line of f.fix.filter((l) => !l.startsWith('# '))) expect(line).toMatch(/^(export |grep |gpuenv )/);
  });

  it('the real H200 as it is (TORCH_CUDA_ARCH_LIST=9.0a covers its 9.0): nothing', () => {
    expect(run(h200())).toEqual([]);
  });

  it('the real H200 with TORCH_CUDA_ARCH_LIST="7.5;8.0": a warning naming 9.0 and the GPU', () => {
    const [f, ...rest] = run(h200With({ TORCH_CUDA_ARCH_LIST: '7.5;8.0' }));
    expect(rest).toEqual([]);
    expect(f!.severity).toBe('warning');
    expect(f!.title).toContain('compute capability 9.0 (NVIDIA H200)');
    expect(f!.cause).toContain('no kernel image is available for execution on the device');
    expect(f!.fix).toContain('export TORCH_CUDA_ARCH_LIST="7.5;8.0;9.0+PTX"');
  });

  it('a list whose PTX reaches 9.0 runs there after a JIT: info that says so', () => {
    const [f] = run(h200With({ TORCH_CUDA_ARCH_LIST: '8.0+PTX' }));
    expect(f!.severity).toBe('info');
    expect(f!.title).toBe('TORCH_CUDA_ARCH_LIST="8.0+PTX" reaches compute capability 9.0 (NVIDIA H200) only through PTX');
    expect(f!.cause).toContain('the first start is slower');
    expect(f!.fix).toContain('export TORCH_CUDA_ARCH_LIST="8.0;9.0+PTX"');
  });

  it('lists that cover 9.0: named Hopper, a 9.0 cubin, CMake native', () => {
    expect(run(h200With({ TORCH_CUDA_ARCH_LIST: 'Hopper' }))).toEqual([]);
    expect(run(h200With({ TORCH_CUDA_ARCH_LIST: '8.0 9.0' }))).toEqual([]);
    expect(run(h200With({ CUDAARCHS: 'native' }))).toEqual([]);
    expect(run(h200With({ CMAKE_CUDA_ARCHITECTURES: '80-real;90-real' }))).toEqual([]);
  });

  it('an architecture CUDA 13 dropped (Maxwell 5.0): the build would stop; the fix leaves it out', () => {
    const [f] = run(h200With({ TORCH_CUDA_ARCH_LIST: '5.0;9.0' }));
    expect(f!.severity).toBe('warning');
    expect(f!.title).toBe('TORCH_CUDA_ARCH_LIST="5.0;9.0" names sm_50, which CUDA 13.0 cannot compile');
    expect(f!.cause).toContain('CUDA 13.0 dropped sm_50');
    // The removal is from NVIDIA's CUDA 13.0 release notes: not the unconfirmed floor of the row.
    expect(f!.unconfirmed).toBeUndefined();
    expect(f!.fix).toContain('export TORCH_CUDA_ARCH_LIST="9.0+PTX"');
  });

  it('"8.0; 9.0" leaves an empty entry, which torch.utils.cpp_extension rejects', () => {
    const [f] = run(h200With({ TORCH_CUDA_ARCH_LIST: '8.0; 9.0' }));
    expect(f!.severity).toBe('warning');
    expect(f!.title).toBe('TORCH_CUDA_ARCH_LIST="8.0; 9.0" cannot be read by the build');
    expect(f!.cause).toContain('Unknown CUDA arch () or GPU not supported');
    expect(f!.fix).toContain('export TORCH_CUDA_ARCH_LIST="8.0;9.0+PTX"');
  });

  it('CMake: 80-real has no kernels for 9.0; the fix keeps CMake spelling and says the cache keeps the old value', () => {
    const [f] = run(h200With({ CUDAARCHS: '80-real' }));
    expect(f!.severity).toBe('warning');
    expect(f!.subject).toBe('env:CUDAARCHS');
    expect(f!.fix).toContain('export CUDAARCHS="80-real;90"');
    expect(f!.fix.some((l) => l.includes('CMakeCache.txt'))).toBe(true);
  });

  it('CMAKE_CUDA_ARCHITECTURES in the environment: the cause says CMake reads CUDAARCHS', () => {
    const [f] = run(h200With({ CMAKE_CUDA_ARCHITECTURES: '80' }));
    expect(f!.severity).toBe('info');
    expect(f!.cause).toContain('CMake itself reads CUDAARCHS from the environment');
  });

  it('speaks Chinese', () => {
    setLang('zh-CN');
    const [f] = run(h200With({ TORCH_CUDA_ARCH_LIST: '7.5;8.0' }));
    expect(f!.title).toBe('TORCH_CUDA_ARCH_LIST="7.5;8.0" 没有为算力 9.0（NVIDIA H200）生成内核');
    expect(f!.fix).toContain('export TORCH_CUDA_ARCH_LIST="7.5;8.0;9.0+PTX"');
  });
});

describe('arch-list-mismatch: a text', () => {
  const PASTE = [
    '$ export TORCH_CUDA_ARCH_LIST="7.5;8.0"',
    '$ pip install --no-build-isolation -e .',
    '$ python -c "import my_ext; my_ext.run()"',
    'RuntimeError: CUDA error: no kernel image is available for execution on the device',
    '$ nvidia-smi --query-gpu=name,compute_cap --format=csv',
    'name, compute_cap',
    'NVIDIA H100 80GB HBM3, 9.0',
  ].join('\n');

  it('"no kernel image" next to a list without the GPU: the list is named, above the generic extension finding', async () => {
    const r = await explainText(PASTE);
    const codes = r.findings.map((f) => f.code);
    const f = r.findings.find((x) => x.code === 'arch-list-mismatch');
    expect(f?.title).toBe('TORCH_CUDA_ARCH_LIST="7.5;8.0" has no kernels for compute capability 9.0 (NVIDIA H100 80GB)');
    expect(f?.evidence[0]).toEqual({ fact: 'TORCH_CUDA_ARCH_LIST', value: '7.5;8.0', source: 'pasted' });
    expect(codes.indexOf('arch-list-mismatch')).toBeLessThan(codes.indexOf('toolkit-mismatch'));
    // Not this machine: the GPU is given to gpuenv arch-list by its capability.
    expect(f?.fix).toContain('gpuenv arch-list --gpu 9.0 --ptx');
  });
});
