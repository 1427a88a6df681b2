import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/arch-unsupported.js';
import { buildSnapshot, driver, env, gpu, pkg } from '../../helpers/snapshot-builder.js';

describe('arch-unsupported', () => {
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
    const p = pkg('torch', '2.11.0+cu130', { installer: 'uv', archs: { sass: ['sm_75', 'sm_80', 'sm_90'], ptx: [], files: [], source: 'fatbin:libtorch_cuda.so' } });
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
    expect(f?.fix.at(-1)).toBe('TORCH_CUDA_ARCH_LIST="12.0" /opt/torch/.venv/bin/python -m pip install --no-build-isolation --no-cache-dir --force-reinstall --no-deps --no-binary flash-attn flash-attn==2.7.4');
  });

  it('no driver upgrade-free wheel: upgrade the driver first', () => {
    const s = buildSnapshot({ os: {}, driver: driver('470.256.02'), gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')], python: [env([pkg('torch', '2.11.0+cu126')])] });
    const [f] = rule.check(s);
    expect(f?.fix).toContain('sudo apt-get install -y nvidia-driver-580');
  });

  it('skips silently when facts are missing', () => {
    expect(rule.check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu126')])] }))).toEqual([]);
    expect(rule.check(buildSnapshot({ gpus: [gpu('Some GPU', null)], python: [env([pkg('torch', 'garbage')])] }))).toEqual([]);
    expect(rule.check({ ...buildSnapshot(), python: undefined as never })).toEqual([]);
  });
});
