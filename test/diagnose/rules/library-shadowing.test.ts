import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/library-shadowing.js';
import { explainText } from '../../../src/explain/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, env, lib, pkg } from '../../helpers/snapshot-builder.js';

const SP = '/opt/torch/.venv/lib/python3.12/site-packages';
const check = (s: Snapshot) => rule.check(machineInput(s));
const nvJitLink121 = () =>
  pkg('torch', '2.7.1+cu128', {
    cudaLibraries: [
      lib('libnvJitLink.so.12', '/usr/local/cuda-12.1/lib64/libnvJitLink.so.12', {
        via: 'LD_LIBRARY_PATH',
        version: '12.1.105',
        shadowed: [`${SP}/nvidia/nvjitlink/lib/libnvJitLink.so.12`],
      }),
    ],
  });

describe('library-shadowing on a machine', () => {
  it('jax-ld-shadowed: one finding for the one folder that shadows three libraries', async () => {
    const [f, ...rest] = check(await snapshotOf('jax-ld-shadowed'));
    expect(rest).toEqual([]);
    expect(f?.title).toBe(
      'LD_LIBRARY_PATH makes jax-cuda12-pjrt load libcudart.so.12, libcublas.so.12 and libcublasLt.so.12 from /usr/local/cuda-12.2/lib64, not its own copy',
    );
    expect(f?.fix).toContain('unset LD_LIBRARY_PATH');
  });

  it('system nvJitLink 12.1 on LD_LIBRARY_PATH before the 12.8 wheel → error, new LD_LIBRARY_PATH', () => {
    const s = buildSnapshot({
      env: { LD_LIBRARY_PATH: '/usr/local/cuda-12.1/lib64:/opt/other/lib' },
      python: [env([nvJitLink121(), pkg('nvidia-nvjitlink-cu12', '12.8.93')])],
    });
    const [f, ...rest] = check(s);
    expect(rest).toEqual([]);
    expect(f?.severity).toBe('error');
    expect(f?.cause).toContain('nvidia-nvjitlink-cu12 12.8.93');
    expect(f?.fix).toContain('export LD_LIBRARY_PATH=/opt/other/lib');
  });

  it('same version → warning; only entry → unset', () => {
    const torch = pkg('torch', '2.7.1+cu128', {
      cudaLibraries: [
        lib('libcublas.so.12', '/usr/local/cuda-12.8/lib64/libcublas.so.12', {
          via: 'LD_LIBRARY_PATH',
          version: '12.8.4.1',
          shadowed: [`${SP}/nvidia/cublas/lib/libcublas.so.12`],
        }),
      ],
    });
    const s = buildSnapshot({ env: { LD_LIBRARY_PATH: '/usr/local/cuda-12.8/lib64/' }, python: [env([torch, pkg('nvidia-cublas-cu12', '12.8.4.1')])] });
    const [f] = check(s);
    expect(f?.severity).toBe('warning');
    expect(f?.fix).toContain('unset LD_LIBRARY_PATH');
  });

  it('no bundled copy or not via LD_LIBRARY_PATH → nothing', () => {
    const torch = pkg('torch', '2.7.1+cu128', {
      cudaLibraries: [
        lib('libcublas.so.12', '/usr/local/cuda/lib64/libcublas.so.12', { via: 'LD_LIBRARY_PATH' }),
        lib('libcudnn.so.9', `${SP}/nvidia/cudnn/lib/libcudnn.so.9`),
      ],
    });
    expect(check(buildSnapshot({ python: [env([torch])] }))).toEqual([]);
  });
});

describe('library-shadowing from a paste', () => {
  it.each([
    [
      'a stub libcuda loaded',
      ['export LD_LIBRARY_PATH=/usr/local/cuda/lib64/stubs:/usr/local/cuda/lib64', 'RuntimeError: CUDA driver is a stub library (CUDA_ERROR_STUB_LIBRARY)'],
      'error',
      "The CUDA stub library loaded instead of the driver's libcuda",
    ],
    [
      'a library loaded from a system folder lacks a symbol',
      ['ImportError: /usr/local/cuda-12.1/lib64/libcusparse.so.12: undefined symbol: cusparseSpSV_updateMatrix'],
      'error',
      "A system library is loaded instead of the framework's own (libcusparse.so.12)",
    ],
  ])('%s', async (_name, lines, severity, title) => {
    const f = (await explainText(lines.join('\n'))).findings[0]!;
    expect(f.code).toBe('library-shadowing');
    expect(f.severity).toBe(severity);
    expect(f.title).toBe(title);
  });

  it('a message line two signatures match is shown once', async () => {
    const f = (
      await explainText(
        'ImportError: /opt/venv/lib/python3.11/site-packages/nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkAddData_12_1, version libnvJitLink.so.12',
      )
    ).findings.find((x) => x.code === 'library-shadowing')!;
    const lines = f.evidence.filter((e) => e.fact.startsWith('error message'));
    expect(lines).toHaveLength(1);
  });

  it('explain --here: the machine names the folder and the copy, the paste gives the line', async () => {
    const here = buildSnapshot({
      env: { LD_LIBRARY_PATH: '/usr/local/cuda-12.1/lib64:/opt/other/lib' },
      python: [env([nvJitLink121(), pkg('nvidia-nvjitlink-cu12', '12.8.93')])],
    });
    const r = await explainText('ImportError: undefined symbol: __nvJitLinkAddData_12_1', { here });
    const mine = r.findings.filter((f) => f.code === 'library-shadowing');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toContain('from /usr/local/cuda-12.1/lib64');
    expect(mine[0]!.evidence.filter((e) => e.fact === 'LD_LIBRARY_PATH')).toHaveLength(1);
    expect(mine[0]!.fix).toContain('export LD_LIBRARY_PATH=/opt/other/lib');
  });
});
