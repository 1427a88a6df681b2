import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/cudnn-mismatch.js';
import { buildSnapshot, env, lib, pkg } from '../../helpers/snapshot-builder.js';

const SP = '/opt/torch/.venv/lib/python3.12/site-packages';

describe('cudnn-mismatch', () => {
  it('system cuDNN 9.1 on LD_LIBRARY_PATH before torch 2.11.0+cu130’s 9.19 wheel → trim LD_LIBRARY_PATH', () => {
    const torch = pkg('torch', '2.11.0+cu130', {
      cudaLibraries: [lib('libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9', { via: 'LD_LIBRARY_PATH', version: '9.1.0', shadowed: [`${SP}/nvidia/cudnn/lib/libcudnn.so.9`] })],
    });
    const s = buildSnapshot({ env: { LD_LIBRARY_PATH: '/usr/local/cuda/lib64:/usr/lib/x86_64-linux-gnu' }, python: [env([torch])] });
    const [f] = rule.check(s);
    expect(f?.title).toBe('torch 2.11.0+cu130 loads cuDNN 9.1.0; it needs cuDNN 9.19.0.56');
    expect(f?.fix).toContain('export LD_LIBRARY_PATH=/usr/local/cuda/lib64');
  });

  it('TensorFlow 2.15 loading cuDNN 9 → tensorflow[and-cuda]', () => {
    const tf = pkg('tensorflow', '2.15.1', { cudaLibraries: [lib('libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9', { via: 'ld.so.cache', version: '9.3.0' })] });
    const [f] = rule.check(buildSnapshot({ python: [env([tf])] }));
    expect(f?.cause).toContain('different cuDNN major');
    expect(f?.fix).toEqual(['/opt/torch/.venv/bin/python -m pip install "tensorflow[and-cuda]==2.15.*"']);
  });

  it('older cuDNN without a bundled copy → pip pin', () => {
    const torch = pkg('torch', '2.8.0+cu128', { cudaLibraries: [lib('libcudnn.so.9', '/usr/lib/libcudnn.so.9', { via: 'ld.so.cache', version: '9.1.0' })] });
    const [f] = rule.check(buildSnapshot({ python: [env([torch])] }));
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install nvidia-cudnn-cu12==9.10.2.21');
  });

  it('a good cuDNN or an unknown version gives nothing', () => {
    const ok = pkg('torch', '2.11.0+cu130', { cudaLibraries: [lib('libcudnn.so.9', `${SP}/nvidia/cudnn/lib/libcudnn.so.9`, { version: '9.19.0' })] });
    const unknown = pkg('torch', '2.11.0+cu130', { cudaLibraries: [lib('libcudnn.so.9', '/x/libcudnn.so.9')] });
    expect(rule.check(buildSnapshot({ python: [env([ok, unknown])] }))).toEqual([]);
  });
});
