import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/library-shadowing.js';
import { buildSnapshot, env, lib, pkg } from '../../helpers/snapshot-builder.js';

const SP = '/opt/torch/.venv/lib/python3.12/site-packages';

describe('library-shadowing', () => {
  it('system nvJitLink 12.1 on LD_LIBRARY_PATH before the 12.8 wheel → error, new LD_LIBRARY_PATH', () => {
    const torch = pkg('torch', '2.7.1+cu128', {
      cudaLibraries: [lib('libnvJitLink.so.12', '/usr/local/cuda-12.1/lib64/libnvJitLink.so.12', { via: 'LD_LIBRARY_PATH', version: '12.1.105', shadowed: [`${SP}/nvidia/nvjitlink/lib/libnvJitLink.so.12`] })],
    });
    const s = buildSnapshot({ env: { LD_LIBRARY_PATH: '/usr/local/cuda-12.1/lib64:/opt/other/lib' }, python: [env([torch, pkg('nvidia-nvjitlink-cu12', '12.8.93')])] });
    const [f, ...rest] = rule.check(s);
    expect(rest).toEqual([]);
    expect(f?.severity).toBe('error');
    expect(f?.cause).toContain('nvidia-nvjitlink-cu12 12.8.93');
    expect(f?.fix).toContain('export LD_LIBRARY_PATH=/opt/other/lib');
  });

  it('same version → warning; only entry → unset', () => {
    const torch = pkg('torch', '2.7.1+cu128', {
      cudaLibraries: [lib('libcublas.so.12', '/usr/local/cuda-12.8/lib64/libcublas.so.12', { via: 'LD_LIBRARY_PATH', version: '12.8.4.1', shadowed: [`${SP}/nvidia/cublas/lib/libcublas.so.12`] })],
    });
    const s = buildSnapshot({ env: { LD_LIBRARY_PATH: '/usr/local/cuda-12.8/lib64/' }, python: [env([torch, pkg('nvidia-cublas-cu12', '12.8.4.1')])] });
    const [f] = rule.check(s);
    expect(f?.severity).toBe('warning');
    expect(f?.fix).toContain('unset LD_LIBRARY_PATH');
  });

  it('no bundled copy or not via LD_LIBRARY_PATH → nothing', () => {
    const torch = pkg('torch', '2.7.1+cu128', { cudaLibraries: [lib('libcublas.so.12', '/usr/local/cuda/lib64/libcublas.so.12', { via: 'LD_LIBRARY_PATH' }), lib('libcudnn.so.9', `${SP}/nvidia/cudnn/lib/libcudnn.so.9`)] });
    expect(rule.check(buildSnapshot({ python: [env([torch])] }))).toEqual([]);
  });
});
