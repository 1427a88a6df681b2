import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/cpu-only-build.js';
import { buildSnapshot, driver, env, gpu, pkg } from '../../helpers/snapshot-builder.js';

describe('cpu-only-build', () => {
  it('RTX 3060 + driver 525.60.13 + torch 2.0.1+cpu → the cu118 build of 2.0.1 with its pair', () => {
    const s = buildSnapshot({
      driver: driver('525.60.13'),
      gpus: [gpu('NVIDIA GeForce RTX 3060', '8.6')],
      python: [env([pkg('torch', '2.0.1+cpu'), pkg('torchvision', '0.15.2+cpu'), pkg('torchaudio', '2.0.2+cpu')], { version: { value: '3.10.12', source: 'x' } })],
    });
    const [f] = rule.check(s);
    expect(f?.severity).toBe('error');
    expect(f?.title).toBe('torch 2.0.1+cpu is a CPU-only build');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install torch==2.0.1 torchvision==0.15.2 torchaudio==2.0.2 --index-url https://download.pytorch.org/whl/cu118');
  });

  it('is info without a GPU', () => {
    const [f] = rule.check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cpu')])] }));
    expect(f?.severity).toBe('info');
  });

  it('tensorflow-cpu → tensorflow[and-cuda] of the same minor', () => {
    const s = buildSnapshot({ driver: driver('550.54.14'), gpus: [gpu('NVIDIA A100-SXM4-80GB', '8.0')], python: [env([pkg('tensorflow-cpu', '2.15.1')])] });
    const [f] = rule.check(s);
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip uninstall -y tensorflow-cpu');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install "tensorflow[and-cuda]==2.15.*"');
  });

  it('jaxlib without a CUDA plugin → jax[cuda12] on a 570 driver, jax[cuda13] on 580', () => {
    const mk = (d: string) => buildSnapshot({ driver: driver(d), gpus: [gpu('NVIDIA H100 80GB HBM3', '9.0')], python: [env([pkg('jax', '0.7.2'), pkg('jaxlib', '0.7.2')])] });
    expect(rule.check(mk('570.124.06'))[0]?.fix).toContain('/opt/torch/.venv/bin/python -m pip install -U "jax[cuda12]==0.7.2"');
    expect(rule.check(mk('580.95.05'))[0]?.fix).toContain('/opt/torch/.venv/bin/python -m pip install -U "jax[cuda13]==0.7.2"');
    const withPlugin = buildSnapshot({ python: [env([pkg('jax', '0.7.2'), pkg('jaxlib', '0.7.2'), pkg('jax-cuda12-plugin', '0.7.2')])] });
    expect(rule.check(withPlugin)).toEqual([]);
  });
});
