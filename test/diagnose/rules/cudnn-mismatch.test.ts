import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/cudnn-mismatch.js';
import { explainText } from '../../../src/explain/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, env, lib, pkg } from '../../helpers/snapshot-builder.js';

const SP = '/opt/torch/.venv/lib/python3.12/site-packages';
const check = (s: Snapshot) => rule.check(machineInput(s));

describe('cudnn-mismatch on a machine', () => {
  it('cudnn-shadowed: a cuDNN 9.0 folder on LD_LIBRARY_PATH before torch 2.5.1’s 9.1 wheel', async () => {
    const [f, ...rest] = check(await snapshotOf('cudnn-shadowed'));
    expect(rest).toEqual([]);
    expect(f?.title).toBe('torch 2.5.1+cu124 loads cuDNN 9.0.0; it needs cuDNN 9.1.0.70');
    expect(f?.fix).toContain('unset LD_LIBRARY_PATH');
  });

  it.each([
    [
      'system cuDNN 9.1 on LD_LIBRARY_PATH before the 9.19 wheel → trim LD_LIBRARY_PATH',
      pkg('torch', '2.11.0+cu130', {
        cudaLibraries: [
          lib('libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9', {
            via: 'LD_LIBRARY_PATH',
            version: '9.1.0',
            shadowed: [`${SP}/nvidia/cudnn/lib/libcudnn.so.9`],
          }),
        ],
      }),
      'torch 2.11.0+cu130 loads cuDNN 9.1.0; it needs cuDNN 9.19.0.56',
      [
        '# Let torch load its own cuDNN (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9) by taking /usr/lib/x86_64-linux-gnu out of LD_LIBRARY_PATH:',
        'export LD_LIBRARY_PATH=/usr/local/cuda/lib64',
      ],
    ],
    [
      'TensorFlow 2.15 loading cuDNN 9 → tensorflow[and-cuda]',
      pkg('tensorflow', '2.15.1', {
        cudaLibraries: [lib('libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9', { via: 'ld.so.cache', version: '9.3.0' })],
      }),
      'tensorflow 2.15.1 loads cuDNN 9.3.0; it needs cuDNN 8.9',
      ['/opt/torch/.venv/bin/python -m pip install "tensorflow[and-cuda]==2.15.*"'],
    ],
    [
      'older cuDNN without a bundled copy → pip pin',
      pkg('torch', '2.8.0+cu128', { cudaLibraries: [lib('libcudnn.so.9', '/usr/lib/libcudnn.so.9', { via: 'ld.so.cache', version: '9.1.0' })] }),
      'torch 2.8.0+cu128 loads cuDNN 9.1.0; it needs cuDNN 9.10.2.21',
      ['# Install the cuDNN wheel torch expects:', '/opt/torch/.venv/bin/python -m pip install nvidia-cudnn-cu12==9.10.2.21'],
    ],
  ])('%s', (_name, p, title, fix) => {
    const s = buildSnapshot({ env: { LD_LIBRARY_PATH: '/usr/local/cuda/lib64:/usr/lib/x86_64-linux-gnu' }, python: [env([p])] });
    const [f] = check(s);
    expect(f?.title).toBe(title);
    expect(f?.fix).toEqual(fix);
  });

  it('a good cuDNN or an unknown version gives nothing', () => {
    const ok = pkg('torch', '2.11.0+cu130', { cudaLibraries: [lib('libcudnn.so.9', `${SP}/nvidia/cudnn/lib/libcudnn.so.9`, { version: '9.19.0' })] });
    const unknown = pkg('torch', '2.11.0+cu130', { cudaLibraries: [lib('libcudnn.so.9', '/x/libcudnn.so.9')] });
    expect(check(buildSnapshot({ python: [env([ok, unknown])] }))).toEqual([]);
  });
});

describe('cudnn-mismatch from a paste', () => {
  it.each([
    [
      'torch’s own check',
      ['RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (9, 1, 0) but found runtime version (8, 9, 2).'],
      'cuDNN 8.9.2 is loaded but 9.1.0 is needed',
    ],
    [
      'TensorFlow’s',
      ['E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:439] Loaded runtime CuDNN library: 8.6.0 but source was compiled with: 8.9.4.'],
      'cuDNN 8.6.0 is loaded but 8.9.4 is needed',
    ],
    [
      'a cuDNN 8 library while torch 2.5 brings cuDNN 9',
      [
        'torch 2.5.1+cu124',
        'Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object file: No such file or directory',
      ],
      'cuDNN 9 (bundled with torch >= 2.4) is loaded but 8 is needed',
    ],
  ])('%s', async (_name, lines, title) => {
    const r = await explainText(lines.join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('cudnn-mismatch');
    expect(f.title).toBe(title);
  });

  it('the cuDNN 8 vs 9 case names the major to upgrade to, not a fragment of a sentence', async () => {
    const text = [
      'torch 2.5.1+cu124',
      'Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object file: No such file or directory',
    ].join('\n');
    const f = (await explainText(text)).findings.find((x) => x.code === 'cudnn-mismatch')!;
    expect(f.fix).toContain('# or upgrade the program to a build for cuDNN 9');
  });
});
