import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/framework-cuda-mismatch.js';
import { buildSnapshot, driver, env, lib, pkg } from '../../helpers/snapshot-builder.js';

describe('framework-cuda-mismatch', () => {
  it('torchvision built for another CUDA than torch → reinstall the pair from torch’s index', () => {
    const s = buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu128'), pkg('torchvision', '0.26.0+cu126')])] });
    const [f] = rule.check(s);
    expect(f?.title).toBe('torchvision 0.26.0+cu126 is built for cu126, torch 2.11.0+cu128 for cu128');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install torch==2.11.0 torchvision==0.26.0 --index-url https://download.pytorch.org/whl/cu128');
  });

  it('torchvision that does not pair with torch', () => {
    const s = buildSnapshot({ python: [env([pkg('torch', '2.5.1+cu124'), pkg('torchvision', '0.19.1+cu124')])] });
    const [f] = rule.check(s);
    expect(f?.title).toContain('needs torchvision 0.20.1');
  });

  it('TensorFlow 2.15 with CUDA 11.8 runtime loading', () => {
    const tf = pkg('tensorflow', '2.15.1', { cudaLibraries: [lib('libcudart.so.11.0', '/usr/local/cuda-11.8/lib64/libcudart.so.11.0', { via: 'LD_LIBRARY_PATH', version: '11.8.89' })] });
    const [f] = rule.check(buildSnapshot({ python: [env([tf])] }));
    expect(f?.severity).toBe('error');
    expect(f?.fix[0]).toBe('/opt/torch/.venv/bin/python -m pip install "tensorflow[and-cuda]==2.15.*"');
  });

  it('TensorFlow GPU on native Windows after 2.10', () => {
    const [f] = rule.check(buildSnapshot({ os: { id: { value: 'windows', source: 'pasted' } }, python: [env([pkg('tensorflow', '2.15.0')])] }));
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install "tensorflow<2.11"');
  });

  it('jax cuda13 plugin on a 570 driver → upgrade or jax[cuda12]', () => {
    const s = buildSnapshot({ driver: driver('570.124.06'), python: [env([pkg('jax', '0.7.2'), pkg('jax-cuda13-plugin', '0.7.2')])] });
    const [f] = rule.check(s);
    expect(f?.title).toContain('≥ 580');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install "jax[cuda12]==0.7.2"');
  });

  it('matching stacks and missing facts give nothing', () => {
    expect(rule.check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130'), pkg('torchvision', '0.26.0+cu130')])] }))).toEqual([]);
    expect(rule.check(buildSnapshot({ python: [env([pkg('jax-cuda13-plugin', '0.7.2'), pkg('tensorflow', 'x')])] }))).toEqual([]);
  });
});
