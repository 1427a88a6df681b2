import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/library-not-found.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, env, lib, pkg } from '../../helpers/snapshot-builder.js';

const check = (s: Snapshot) => rule.check(machineInput(s));

describe('library-not-found on whole machines', () => {
  it.each([
    ['stub-first', '/stubs/', 'export LD_LIBRARY_PATH=/usr/local/cuda/lib64'],
    ['tf-no-cudnn', 'tensorflow 2.15.1 cannot find libcudart.so.12', '/home/sam/tf/bin/python3 -m pip install "tensorflow[and-cuda]==2.15.*"'],
  ])('%s', async (name, title, fix) => {
    const findings = check(await snapshotOf(name));
    expect(findings).toHaveLength(1);
    expect(findings[0]!.severity).toBe('error');
    expect(findings[0]!.title).toContain(title);
    expect(findings[0]!.fix).toContain(fix);
  });

  it('the healthy h200 has none', async () => {
    expect(check(await snapshotOf('h200'))).toEqual([]);
  });

  it('a container with the module loaded but no driver libraries asks for --gpus', async () => {
    const s = await snapshotOf('cpu-only-toolkit');
    s.driver.moduleLoaded = { value: true, source: 'file:/proc/modules' };
    const f = check(s);
    expect(f).toHaveLength(1);
    expect(f[0]!.fix).toContain('docker run --rm --gpus all <image> nvidia-smi');
  });
});

describe('library-not-found for a framework package', () => {
  const conda = { kind: 'conda' as const, prefix: '/opt/conda/envs/tf' };
  it.each([
    [
      'TF 2.15 wants libcudnn.so.8',
      pkg('tensorflow', '2.15.1', { cudaLibraries: [lib('libcudnn.so.8', null), lib('libcudart.so.12', '/usr/local/cuda/lib64/libcudart.so.12')] }),
      {},
      'tensorflow 2.15.1 cannot find libcudnn.so.8',
      '/opt/torch/.venv/bin/python -m pip install "tensorflow[and-cuda]==2.15.*"',
    ],
    [
      'torch without its cuDNN wheel',
      pkg('torch', '2.8.0+cu128', { installer: 'uv', cudaLibraries: [lib('libcudnn.so.9', null), lib('libcuda.so.1', null)] }),
      {},
      'torch 2.8.0+cu128 cannot find libcudnn.so.9',
      'uv pip install --python /opt/torch/.venv/bin/python nvidia-cudnn-cu12==9.10.2.21',
    ],
    [
      'TF 2.12 in a conda env',
      pkg('tensorflow', '2.12.0', { cudaLibraries: [lib('libcudart.so.11.0', null)] }),
      conda,
      'tensorflow 2.12.0 cannot find libcudart.so.11.0',
      'conda install -p /opt/conda/envs/tf -c conda-forge cudatoolkit=11.8 cudnn=8.6',
    ],
  ])('%s', (_name, p, over, title, fix) => {
    const [f, ...rest] = check(buildSnapshot({ python: [env([p], over)] }));
    expect(rest).toEqual([]);
    expect(f?.title).toBe(title);
    expect(f?.fix).toContain(fix);
  });

  it('everything found → nothing', () => {
    expect(check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130', { cudaLibraries: [lib('libcudnn.so.9', '/x/libcudnn.so.9')] })])] }))).toEqual([]);
  });
});

describe('library-not-found from a paste', () => {
  it.each([
    [
      'a cuDNN 9 library torch 2.5 needs',
      ['torch 2.5.1+cu124', 'OSError: libcudnn_graph.so.9: cannot open shared object file: No such file or directory'],
      'libcudnn_graph.so.9 cannot be loaded',
      'pip install nvidia-cudnn-cu12==9.1.0.70',
    ],
    [
      'the linker wants libcuda.so',
      ['/usr/bin/ld: cannot find -lcuda: No such file or directory', 'collect2: error: ld returned 1 exit status'],
      'libcuda.so cannot be loaded',
      'sudo ln -s libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so   # the link name the linker looks for',
    ],
  ])('%s', async (_name, lines, title, fix) => {
    const r = await explainText(lines.join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('library-not-found');
    expect(f.title).toBe(title);
    expect(f.fix.join('\n')).toContain(fix);
  });

  it('states a missing library once, in the wording a probe uses, in Chinese too', async () => {
    const text = 'ImportError: libcublasLt.so.12: cannot open shared object file: No such file or directory';
    const f = (await explainText(text)).findings.find((x) => x.code === 'library-not-found')!;
    expect(f.evidence.filter((e) => e.fact === 'libcublasLt.so.12 resolves to').map((e) => e.value)).toEqual(['not found']);
    setLang('zh-CN');
    try {
      const z = (await explainText(text)).findings.find((x) => x.code === 'library-not-found')!;
      expect(z.evidence.map((e) => `${e.fact} ${e.value}`)).toContain('libcublasLt.so.12 解析到 找不到');
    } finally {
      setLang('en');
    }
  });

  it('explain --here: the machine that misses the same library gives the finding, with the pasted line in front', async () => {
    const here = buildSnapshot({ python: [env([pkg('torch', '2.8.0+cu128', { cudaLibraries: [lib('libcudnn.so.9', null)] })])] });
    const r = await explainText('ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory', { here });
    const mine = r.findings.filter((f) => f.code === 'library-not-found');
    expect(mine).toHaveLength(1);
    const f = mine[0]!;
    expect(f.title).toBe('torch 2.8.0+cu128 cannot find libcudnn.so.9');
    expect(f.evidence[0]!.fact).toMatch(/^error message/);
    expect(f.evidence.filter((e) => e.fact === 'libcudnn.so.9 resolves to')).toHaveLength(1);
    expect(f.fix).toContain('/opt/torch/.venv/bin/python -m pip install nvidia-cudnn-cu12==9.10.2.21');
    expect(f.fix.some((l) => l.includes('nvidia-cudnn-cu12==9.*'))).toBe(false);
  });
});
