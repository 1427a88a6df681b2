import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/library-not-found-framework.js';
import { buildSnapshot, env, lib, pkg } from '../../helpers/snapshot-builder.js';

describe('library-not-found (framework)', () => {
  it('TF 2.15 wants libcudnn.so.8 → tensorflow[and-cuda]==2.15.*', () => {
    const tf = pkg('tensorflow', '2.15.1', { cudaLibraries: [lib('libcudnn.so.8', null), lib('libcudart.so.12', '/usr/local/cuda/lib64/libcudart.so.12')] });
    const [f] = rule.check(buildSnapshot({ python: [env([tf])] }));
    expect(f?.code).toBe('library-not-found');
    expect(f?.title).toBe('tensorflow 2.15.1 cannot find libcudnn.so.8');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install "tensorflow[and-cuda]==2.15.*"');
  });

  it('torch missing its cuDNN wheel → the pinned nvidia-cudnn wheel', () => {
    const torch = pkg('torch', '2.8.0+cu128', { installer: 'uv', cudaLibraries: [lib('libcudnn.so.9', null), lib('libcuda.so.1', null)] });
    const [f] = rule.check(buildSnapshot({ python: [env([torch])] }));
    expect(f?.title).toBe('torch 2.8.0+cu128 cannot find libcudnn.so.9');
    expect(f?.fix).toContain('uv pip install --python /opt/torch/.venv/bin/python nvidia-cudnn-cu12==9.10.2.21');
  });

  it('TF 2.12 in a conda env → cudatoolkit + cudnn from conda-forge', () => {
    const tf = pkg('tensorflow', '2.12.0', { cudaLibraries: [lib('libcudart.so.11.0', null)] });
    const [f] = rule.check(buildSnapshot({ python: [env([tf], { kind: 'conda', prefix: '/opt/conda/envs/tf' })] }));
    expect(f?.fix).toContain('conda install -p /opt/conda/envs/tf -c conda-forge cudatoolkit=11.8 cudnn=8.6');
  });

  it('everything found → nothing', () => {
    expect(rule.check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130', { cudaLibraries: [lib('libcudnn.so.9', '/x/libcudnn.so.9')] })])] }))).toEqual([]);
  });
});
