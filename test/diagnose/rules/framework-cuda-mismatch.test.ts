// framework-cuda-mismatch from both sources: a machine's environments (fixture and built Snapshots) and a pasted text,
// through the one rule. Over a text it gives one finding: each fact once, one plan per package.
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/framework-cuda-mismatch.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, driver, env, lib, pkg } from '../../helpers/snapshot-builder.js';

const check = (s: Snapshot) => rule.check(machineInput(s));

describe('framework-cuda-mismatch on a machine', () => {
  it('the conda-pip-mixed fixture: a torchvision built for another CUDA than torch', async () => {
    setLang('en');
    const found = check(await snapshotOf('conda-pip-mixed'));
    expect(found.map((f) => f.title)).toEqual(['torchvision 0.20.1 is built for cu121, torch 2.5.1 for cu124']);
    expect(found[0]?.rank).toBeUndefined();
  });

  const tf = pkg('tensorflow', '2.15.1', {
    cudaLibraries: [lib('libcudart.so.11.0', '/usr/local/cuda-11.8/lib64/libcudart.so.11.0', { via: 'LD_LIBRARY_PATH', version: '11.8.89' })],
  });
  const rows: { name: string; snapshot: Snapshot; severity?: string; title?: string; fix?: string[] }[] = [
    {
      name: 'torchvision built for another CUDA than torch → reinstall the pair from torch’s index',
      snapshot: buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu128'), pkg('torchvision', '0.26.0+cu126')])] }),
      title: 'torchvision 0.26.0+cu126 is built for cu126, torch 2.11.0+cu128 for cu128',
      fix: ['/opt/torch/.venv/bin/python -m pip install torch==2.11.0 torchvision==0.26.0 --index-url https://download.pytorch.org/whl/cu128'],
    },
    {
      name: 'torchvision that does not pair with torch',
      snapshot: buildSnapshot({ python: [env([pkg('torch', '2.5.1+cu124'), pkg('torchvision', '0.19.1+cu124')])] }),
      title: 'torchvision 0.19.1+cu124 does not pair with torch 2.5.1+cu124 (needs torchvision 0.20.1)',
    },
    {
      name: 'TensorFlow 2.15 with a CUDA 11.8 runtime loading',
      snapshot: buildSnapshot({ python: [env([tf])] }),
      severity: 'error',
      fix: ['/opt/torch/.venv/bin/python -m pip install "tensorflow[and-cuda]==2.15.*"'],
    },
    {
      // tensorflow/docs site/en/install/pip.md at 518478ecc (TF 2.12): cudatoolkit=11.8.0 + the nvidia-cudnn-cu11 wheel.
      name: 'TensorFlow 2.12 with a CUDA 10.1 runtime loading → TensorFlow’s own conda + pip steps',
      snapshot: buildSnapshot({
        python: [
          env([
            pkg('tensorflow', '2.12.0', {
              cudaLibraries: [lib('libcudart.so.10.1', '/usr/local/cuda-10.1/lib64/libcudart.so.10.1', { via: 'LD_LIBRARY_PATH', version: '10.1.243' })],
            }),
          ]),
        ],
      }),
      fix: ['conda install -p /opt/torch/.venv -c conda-forge cudatoolkit=11.8.0', 'pip install nvidia-cudnn-cu11==8.6.0.163'],
    },
    {
      name: 'jax cuda13 plugin on a 570 driver → upgrade or jax[cuda12]',
      snapshot: buildSnapshot({ driver: driver('570.124.06'), python: [env([pkg('jax', '0.7.2'), pkg('jax-cuda13-plugin', '0.7.2')])] }),
      fix: ['/opt/torch/.venv/bin/python -m pip install "jax[cuda12]==0.7.2"'],
    },
  ];
  it.each(rows)('$name', ({ snapshot, severity, title, fix }) => {
    setLang('en');
    const [f] = check(snapshot);
    if (severity) expect(f?.severity).toBe(severity);
    if (title) expect(f?.title).toBe(title);
    for (const line of fix ?? []) expect(f?.fix).toContain(line);
  });

  it('matching stacks, missing facts and native-Windows TensorFlow (cpu-only-build) give nothing', () => {
    expect(check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130'), pkg('torchvision', '0.26.0+cu130')])] }))).toEqual([]);
    expect(check(buildSnapshot({ python: [env([pkg('jax-cuda13-plugin', '0.7.2'), pkg('tensorflow', 'x')])] }))).toEqual([]);
    expect(check(buildSnapshot({ os: { id: { value: 'windows', source: 'x' } }, python: [env([tf])] }))).toEqual([]);
  });
});

describe('framework-cuda-mismatch over a paste', () => {
  const rows: { name: string; lines: string[]; title: RegExp; contains: string[]; once?: RegExp[] }[] = [
    {
      name: "torchvision's own message and a pip list showing the pair: one finding, torchvision named once, one plan",
      lines: [
        'Package      Version',
        '------------ ------------',
        'torch        2.1.0+cu121',
        'torchvision  0.16.0+cu118',
        'RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA major versions. PyTorch has CUDA Version=12.1 and torchvision has CUDA Version=11.8. Please reinstall the torchvision that matches your PyTorch install.',
      ],
      title: /torch/,
      contains: ['cu121'],
      once: [/^torchvision( in .*)? 0\.16\.0\+cu118/m, /^(\S+ -m )?pip install .*torchvision/m],
    },
    {
      name: 'an onnxruntime-gpu built for CUDA 11 on a CUDA 12 toolkit, no message: the facts alone',
      lines: ['onnxruntime-gpu==1.14.1', 'nvcc: NVIDIA (R) Cuda compiler driver', 'Cuda compilation tools, release 12.2, V12.2.140'],
      title: /onnxruntime-gpu 1\.14\.1/,
      contains: ['CUDA 12.2', 'onnxruntime-gpu=='],
    },
  ];
  it.each(rows)('$name', async ({ lines, title, contains, once }) => {
    setLang('en');
    const r = await explainText(lines.join('\n'));
    const mine = r.findings.filter((f) => f.code === 'framework-cuda-mismatch');
    expect(mine).toHaveLength(1);
    const f = mine[0]!;
    expect(f.title).toMatch(title);
    const text = [f.title, f.cause, ...f.fix, ...f.evidence.map((e) => `${e.fact} ${e.value}`)].join('\n');
    for (const c of contains) expect(text).toContain(c);
    for (const re of once ?? []) expect(text.match(new RegExp(re.source, `${re.flags}g`))?.length, String(re)).toBe(1);
  });
});
