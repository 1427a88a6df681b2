// arch-unsupported through its one rule: Snapshots built here, a whole machine, and pasted messages (one finding, each
// fact once, the one wheel the cause names is the one the fix installs).
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule as archRule } from '../../../src/diagnose/rules/arch-unsupported.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, driver, env, gpu, pkg } from '../../helpers/snapshot-builder.js';

const rule = { check: (s: Snapshot) => archRule.check(machineInput(s)) };

describe('arch-unsupported: the Snapshot check', () => {
  it('RTX 5090 (sm_120) + torch 2.11.0+cu126 + driver 570.86.10 → cu128 index, not cu126/cu130', () => {
    const s = buildSnapshot({
      driver: driver('570.86.10'),
      gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')],
      python: [env([pkg('torch', '2.11.0+cu126'), pkg('torchvision', '0.26.0+cu126')])],
    });
    const [f, ...rest] = rule.check(s);
    expect(rest).toEqual([]);
    expect(f?.severity).toBe('error');
    expect(f?.title).toContain('sm_120');
    expect(f?.cause).toContain('sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip uninstall -y torch torchvision');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install torch==2.11.0 torchvision==0.26.0 --index-url https://download.pytorch.org/whl/cu128');
    expect(f?.fix.join('\n')).not.toMatch(/whl\/cu13|whl\/cu126/);
  });

  it('GTX 1080 Ti (sm_61) + torch 2.11.0+cu128 + driver 580.95.05 → cu126', () => {
    const s = buildSnapshot({ driver: driver('580.95.05'), gpus: [gpu('NVIDIA GeForce GTX 1080 Ti', '6.1')], python: [env([pkg('torch', '2.11.0+cu128')])] });
    const [f] = rule.check(s);
    expect(f?.title).toContain('sm_61');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install torch==2.11.0 --index-url https://download.pytorch.org/whl/cu126');
  });

  it('uses the package’s own fatbin arch list and uv when uv installed it', () => {
    const p = pkg('torch', '2.11.0+cu130', {
      installer: 'uv',
      archs: { sass: ['sm_75', 'sm_80', 'sm_90'], ptx: [], files: [], source: 'fatbin:libtorch_cuda.so' },
    });
    const s = buildSnapshot({ driver: driver('580.95.05'), gpus: [gpu('NVIDIA RTX PRO 6000', '12.0')], python: [env([p])] });
    const [f] = rule.check(s);
    expect(f?.evidence.some((e) => e.source === 'fatbin:libtorch_cuda.so')).toBe(true);
    expect(f?.fix).toContain('uv pip install --python /opt/torch/.venv/bin/python torch==2.11.0 --index-url https://download.pytorch.org/whl/cu130');
  });

  it('PTX JIT counts as coverage; covered GPUs give nothing', () => {
    const s = buildSnapshot({ driver: driver('580.95.05'), gpus: [gpu('NVIDIA H200', '9.0')], python: [env([pkg('torch', '2.11.0+cu130')])] });
    expect(rule.check(s)).toEqual([]);
  });

  it('flash-attn without sm_120 gets a source rebuild for that arch', () => {
    const fa = pkg('flash-attn', '2.7.4', { archs: { sass: ['sm_80', 'sm_90'], ptx: [], files: [], source: 'fatbin:flash_attn_2_cuda.so' } });
    const s = buildSnapshot({ driver: driver('580.95.05'), gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')], python: [env([pkg('torch', '2.11.0+cu130'), fa])] });
    const [f] = rule.check(s);
    expect(f?.fix.at(-1)).toBe(
      'TORCH_CUDA_ARCH_LIST="12.0" /opt/torch/.venv/bin/python -m pip install --no-build-isolation --no-cache-dir --force-reinstall --no-deps --no-binary flash-attn flash-attn==2.7.4',
    );
  });

  it('no driver upgrade-free wheel: upgrade the driver first', () => {
    const s = buildSnapshot({
      os: {},
      driver: driver('470.256.02'),
      gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')],
      python: [env([pkg('torch', '2.11.0+cu126')])],
    });
    const [f] = rule.check(s);
    expect(f?.fix).toContain('sudo apt-get install -y nvidia-driver-580-open');
  });

  it('skips silently when facts are missing', () => {
    expect(rule.check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu126')])] }))).toEqual([]);
    expect(rule.check(buildSnapshot({ gpus: [gpu('Some GPU', null)], python: [env([pkg('torch', 'garbage')])] }))).toEqual([]);
    expect(rule.check({ ...buildSnapshot(), python: undefined as never })).toEqual([]);
  });

  it('a whole machine: an RTX 5090 under torch 2.6.0+cu126 gets a cu128 wheel', async () => {
    setLang('en');
    const found = rule.check(await snapshotOf('torch-sm120-cu126'));
    expect(found.map((f) => [f.severity, f.title])).toEqual([['error', 'torch 2.6.0+cu126 has no kernels for NVIDIA GeForce RTX 5090 (sm_120)']]);
    expect(found[0]!.fix.join('\n')).toMatch(/--index-url https:\/\/download\.pytorch\.org\/whl\/cu128/);
  });
});

describe('arch-unsupported: a paste', () => {
  const cases: { name: string; lines: string[]; title: string; fix: string }[] = [
    {
      name: 'torch names the GPU it lacks, pip shows the build: the wheel in the cause is the wheel the fix installs',
      lines: [
        'torch==2.6.0+cu126',
        'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
        'The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.',
      ],
      title: 'torch 2.6.0+cu126 has no kernels for NVIDIA GeForce RTX 5090 (sm_120)',
      fix: 'pip install torch==',
    },
    {
      name: 'FlashAttention 2 on a Turing GPU: the library has a floor of its own',
      lines: ['FlashAttention only supports Ampere GPUs or newer.', 'GPU 0: Tesla T4'],
      title: 'FlashAttention 2 needs an Ampere (sm_80) or newer GPU (Tesla T4: sm_75)',
      fix: 'pip uninstall -y flash-attn',
    },
    {
      name: 'bf16 on a compute capability 7.5 GPU: the dtype is what changes',
      lines: ['ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4 GPU has compute capability 7.5.'],
      title: 'Tesla T4 (compute capability 7.5) cannot run bfloat16: it needs 8.0 or newer',
      fix: '--dtype half',
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      setLang('en');
      const r = await explainText(c.lines.join('\n'));
      const found = r.findings.filter((x) => x.code === 'arch-unsupported');
      expect(found).toHaveLength(1);
      const f = found[0]!;
      expect(r.findings[0]?.code).toBe('arch-unsupported');
      expect(f.title).toBe(c.title);
      expect(f.fix.some((l) => l.includes(c.fix))).toBe(true);
      const values = f.evidence.map((e) => e.value);
      expect(new Set(values).size).toBe(values.length);
    });
  }

  it('one wheel: the tag the cause names is the one the install line uses, and no second plan follows', async () => {
    setLang('en');
    const r = await explainText(cases[0]!.lines.join('\n'));
    const f = r.findings[0]!;
    const tag = /A (cu\d+) wheel/.exec(f.cause)?.[1];
    const installs = f.fix.filter((l) => /pip install .*--index-url/.test(l) && !l.startsWith('pip install --force-reinstall'));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toContain(`/whl/${tag}`);
    // the GPU and the torch build are each one line
    expect(f.evidence.filter((e) => e.value.includes('RTX 5090'))).toHaveLength(2); // the message line, and the GPU fact
    expect(f.evidence.filter((e) => e.value === '2.6.0+cu126')).toHaveLength(1);
  });
});
