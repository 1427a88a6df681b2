import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/toolkit-mismatch.js';
import { buildSnapshot, env, pkg, toolkit } from '../../helpers/snapshot-builder.js';

describe('toolkit-mismatch', () => {
  it('nvcc 11.8 on PATH, torch cu121 → switch CUDA_HOME to the installed 12.1', () => {
    const s = buildSnapshot({
      toolkits: [toolkit('11.8.89', { active: { path: true, cudaHome: false, symlink: true, ldLibraryPath: false } }), toolkit('12.1.105')],
      python: [env([pkg('torch', '2.1.2+cu121')])],
    });
    const [f] = rule.check(s);
    expect(f?.severity).toBe('warning');
    expect(f?.title).toBe('nvcc is CUDA 11.8; torch 2.1.2+cu121 was built with CUDA 12.1');
    expect(f?.cause).toContain('The detected CUDA version (11.8) mismatches');
    expect(f?.fix).toContain('export CUDA_HOME=/usr/local/cuda-12.1');
    expect(f?.fix).toContain('export PATH=$CUDA_HOME/bin:$PATH');
  });

  it('no matching toolkit → apt install cuda-toolkit-12-8, conda alternative in a conda env', () => {
    const s = buildSnapshot({
      toolkits: [toolkit('13.0.88', { active: { path: false, cudaHome: true, symlink: false, ldLibraryPath: false } })],
      python: [env([pkg('torch', '2.11.0+cu128')], { kind: 'conda', prefix: '/opt/conda/envs/ml' })],
    });
    const [f] = rule.check(s);
    expect(f?.fix).toContain('sudo apt-get install -y cuda-toolkit-12-8');
    expect(f?.fix).toContain('conda install -p /opt/conda/envs/ml -c nvidia cuda-toolkit=12.8');
  });

  it('matching or no toolkit → nothing', () => {
    expect(rule.check(buildSnapshot({ toolkits: [toolkit('12.8.93', { active: { path: true, cudaHome: false, symlink: false, ldLibraryPath: false } })], python: [env([pkg('torch', '2.11.0+cu128')])] }))).toEqual([]);
    expect(rule.check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu128')])] }))).toEqual([]);
  });
});
