import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/driver-too-old.js';
import { buildSnapshot, driver, env, gpu, pkg } from '../../helpers/snapshot-builder.js';

describe('driver-too-old', () => {
  it('torch 2.11.0+cu130 on driver 570.86.10 → needs ≥ 580.65.06, or the cu128 build', () => {
    const s = buildSnapshot({ driver: driver('570.86.10'), gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')], python: [env([pkg('torch', '2.11.0+cu130')])] });
    const [f] = rule.check(s);
    expect(f?.severity).toBe('error');
    expect(f?.title).toBe('torch 2.11.0+cu130 (CUDA 13.0) needs NVIDIA driver ≥ 580.65.06; this driver is 570.86.10');
    expect(f?.cause).toContain('supports at most CUDA 12.8');
    expect(f?.fix).toContain('sudo apt-get install -y nvidia-driver-580');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install torch==2.11.0 --index-url https://download.pytorch.org/whl/cu128');
  });

  it('minor version compatibility: torch cu128 on a 12.2 driver is fine', () => {
    const s = buildSnapshot({ driver: driver('535.104.05'), gpus: [gpu('NVIDIA A100-SXM4-80GB', '8.0')], python: [env([pkg('torch', '2.11.0+cu128')])] });
    expect(rule.check(s)).toEqual([]);
  });

  it('RTX 3060 + driver 470 + torch 2.1.0+cu121 → cu118 of the same release', () => {
    const s = buildSnapshot({ driver: driver('470.256.02'), gpus: [gpu('NVIDIA GeForce RTX 3060', '8.6')], python: [env([pkg('torch', '2.1.0+cu121')], { version: { value: '3.10.12', source: 'x' } })] });
    const [f] = rule.check(s);
    expect(f?.title).toContain('≥ 525.60.13');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install torch==2.1.0 --index-url https://download.pytorch.org/whl/cu118');
  });

  it('PTX JIT of newer PTX is not covered by minor version compatibility', () => {
    const p = pkg('torch', '2.9.0+cu129', { archs: { sass: ['sm_80', 'sm_90'], ptx: ['compute_90'], files: [], source: 'fatbin' } });
    const s = buildSnapshot({ driver: driver('550.54.14'), gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')], python: [env([p])] });
    const [f] = rule.check(s);
    expect(f?.cause).toContain('PTX');
    expect(f?.title).toContain('≥ 575.51.03');
  });

  it('WSL: update the Windows driver; no facts → nothing', () => {
    const s = buildSnapshot({ os: { wsl: { value: true, source: 'x' } }, driver: driver('470.256.02'), python: [env([pkg('torch', '2.11.0+cu130')])] });
    expect(rule.check(s)[0]?.fix[1]).toMatch(/^# .*Windows host/);
    expect(rule.check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130')])] }))).toEqual([]);
  });
});
