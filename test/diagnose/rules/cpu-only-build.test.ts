// cpu-only-build from both sources: a machine's environments (fixture and built Snapshots) and a pasted text, through
// the one rule. Over a text it gives one finding: each fact once, one plan per package.
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/cpu-only-build.js';
import { rule as fcm } from '../../../src/diagnose/rules/framework-cuda-mismatch.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, driver, env, gpu, pkg } from '../../helpers/snapshot-builder.js';

const check = (s: Snapshot) => rule.check(machineInput(s));
const windows = { id: { value: 'windows', source: 'file:C:/Windows/System32' } };

describe('cpu-only-build on a machine', () => {
  it('the torch-cpu-only fixture: torch +cpu next to a GPU is an error with the CUDA build of the same release', async () => {
    setLang('en');
    const [f, ...rest] = check(await snapshotOf('torch-cpu-only'));
    expect(rest).toEqual([]);
    expect(f?.severity).toBe('error');
    expect(f?.title).toBe('torch 2.5.1+cpu is a CPU-only build');
    expect(f?.fix.join('\n')).toContain('-m pip install torch==2.5.1 torchvision==0.20.1 --index-url https://download.pytorch.org/whl/cu124');
    expect(f?.rank).toBeUndefined();
  });

  const rows: { name: string; snapshot: Snapshot; severity?: string; title?: string; fix?: string[] }[] = [
    {
      name: 'RTX 3060 + driver 525.60.13 + torch 2.0.1+cpu → the cu118 build of 2.0.1 with its pair',
      snapshot: buildSnapshot({
        driver: driver('525.60.13'),
        gpus: [gpu('NVIDIA GeForce RTX 3060', '8.6')],
        python: [
          env([pkg('torch', '2.0.1+cpu'), pkg('torchvision', '0.15.2+cpu'), pkg('torchaudio', '2.0.2+cpu')], { version: { value: '3.10.12', source: 'x' } }),
        ],
      }),
      severity: 'error',
      title: 'torch 2.0.1+cpu is a CPU-only build',
      fix: ['/opt/torch/.venv/bin/python -m pip install torch==2.0.1 torchvision==0.15.2 torchaudio==2.0.2 --index-url https://download.pytorch.org/whl/cu118'],
    },
    { name: 'info without a GPU', snapshot: buildSnapshot({ python: [env([pkg('torch', '2.11.0+cpu')])] }), severity: 'info' },
    {
      name: 'tensorflow-cpu → tensorflow[and-cuda] of the same minor',
      snapshot: buildSnapshot({ driver: driver('550.54.14'), gpus: [gpu('NVIDIA A100-SXM4-80GB', '8.0')], python: [env([pkg('tensorflow-cpu', '2.15.1')])] }),
      fix: ['/opt/torch/.venv/bin/python -m pip uninstall -y tensorflow-cpu', '/opt/torch/.venv/bin/python -m pip install "tensorflow[and-cuda]==2.15.*"'],
    },
    {
      name: 'jaxlib without a CUDA plugin on a 570 driver → jax[cuda12]',
      snapshot: buildSnapshot({
        driver: driver('570.124.06'),
        gpus: [gpu('NVIDIA H100 80GB HBM3', '9.0')],
        python: [env([pkg('jax', '0.7.2'), pkg('jaxlib', '0.7.2')])],
      }),
      fix: ['/opt/torch/.venv/bin/python -m pip install -U "jax[cuda12]==0.7.2"'],
    },
    {
      name: 'jaxlib without a CUDA plugin on a 580 driver → jax[cuda13]',
      snapshot: buildSnapshot({
        driver: driver('580.95.05'),
        gpus: [gpu('NVIDIA H100 80GB HBM3', '9.0')],
        python: [env([pkg('jax', '0.7.2'), pkg('jaxlib', '0.7.2')])],
      }),
      fix: ['/opt/torch/.venv/bin/python -m pip install -U "jax[cuda13]==0.7.2"'],
    },
    {
      name: 'TensorFlow after 2.10 on native Windows: WSL2, or the last GPU release with its CUDA and cuDNN',
      snapshot: buildSnapshot({ os: windows, python: [env([pkg('tensorflow', '2.15.0')])] }),
      severity: 'error',
      title: 'tensorflow 2.15.0 has no GPU support on native Windows (2.10 was the last)',
      fix: ['pip install "tensorflow[and-cuda]"', '/opt/torch/.venv/bin/python -m pip install "tensorflow<2.11"'],
    },
  ];
  it.each(rows)('$name', ({ snapshot, severity, title, fix }) => {
    setLang('en');
    const [f] = check(snapshot);
    if (severity) expect(f?.severity).toBe(severity);
    if (title) expect(f?.title).toBe(title);
    for (const line of fix ?? []) expect(f?.fix).toContain(line);
  });

  it('nothing for CUDA builds, a jax with its plugin, TensorFlow 2.10 on Windows or TensorFlow in WSL', () => {
    const none = [
      buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130')])] }),
      buildSnapshot({ python: [env([pkg('jax', '0.7.2'), pkg('jaxlib', '0.7.2'), pkg('jax-cuda12-plugin', '0.7.2')])] }),
      buildSnapshot({ os: windows, python: [env([pkg('tensorflow', '2.10.1')])] }),
      buildSnapshot({ os: { ...windows, wsl: { value: true, source: 'file:/proc/version' } }, python: [env([pkg('tensorflow', '2.15.0')])] }),
    ];
    for (const s of none) expect(check(s)).toEqual([]);
  });

  it('native-Windows TensorFlow is one finding of one code: framework-cuda-mismatch leaves it to this rule', () => {
    const s = buildSnapshot({ os: windows, python: [env([pkg('tensorflow', '2.15.0')])] });
    expect(check(s)).toHaveLength(1);
    expect(fcm.check(machineInput(s))).toEqual([]);
  });
});

describe('cpu-only-build over a paste', () => {
  const rows: { name: string; lines: string[]; severity: string; title: string; contains: string[]; once?: RegExp[] }[] = [
    {
      name: 'a +cpu torch in a pip list and "not compiled with CUDA": torch named once, one torch plan',
      lines: [
        'Package            Version',
        '------------------ -----------',
        'torch              2.3.1+cpu',
        'torchvision        0.18.1+cpu',
        'Traceback (most recent call last):',
        '  File "train.py", line 3, in <module>',
        '    model.cuda()',
        'AssertionError: Torch not compiled with CUDA enabled',
      ],
      severity: 'error',
      title: 'torch 2.3.1+cpu is a CPU-only build',
      contains: ['--index-url https://download.pytorch.org/whl/cu'],
      once: [/^torch( in .*)? 2\.3\.1\+cpu$/m, /pip install torch==/],
    },
    {
      name: 'a +cpu torch alone (no GPU in the paste): a warning that says this machine was not looked at',
      lines: ['Package  Version', '-------- ---------', 'torch    2.4.0+cpu'],
      severity: 'warning',
      title: 'torch 2.4.0+cpu is a CPU-only build',
      contains: ['--here'],
    },
    {
      name: 'TensorFlow 2.16 on native Windows listing only the CPU: one cpu-only-build finding with the last GPU release',
      lines: [
        'OS Platform and Distribution: Windows 11',
        'tensorflow==2.16.1',
        '>>> tf.config.list_physical_devices()',
        "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]",
      ],
      severity: 'error',
      title: 'tensorflow 2.16.1 has no GPU support on native Windows (2.10 was the last)',
      contains: ['tensorflow<2.11', 'CUDA 11.2', 'cuDNN 8.1'],
      once: [/^tensorflow( in .*)? 2\.16\.1$/m],
    },
  ];
  it.each(rows)('$name', async ({ lines, severity, title, contains, once }) => {
    setLang('en');
    const r = await explainText(lines.join('\n'));
    const mine = r.findings.filter((f) => f.code === 'cpu-only-build');
    expect(mine).toHaveLength(1);
    const f = mine[0]!;
    expect(f.severity).toBe(severity);
    expect(f.title).toBe(title);
    const text = [f.title, f.cause, ...f.fix, ...f.evidence.map((e) => `${e.fact} ${e.value}`)].join('\n');
    for (const c of contains) expect(text).toContain(c);
    for (const re of once ?? []) expect(text.match(new RegExp(re.source, `${re.flags}g`))?.length, String(re)).toBe(1);
    // The same cause is not a second finding under another code.
    expect(r.findings.filter((x) => x.code === 'framework-cuda-mismatch' && /native Windows/.test(x.title))).toEqual([]);
  });

  it('speaks Chinese for the Windows case', async () => {
    setLang('zh-CN');
    const r = await explainText(['OS: Windows 10', 'tensorflow==2.12.0'].join('\n'));
    setLang('en');
    const f = r.findings.find((x) => x.code === 'cpu-only-build');
    expect(f?.title).toContain('原生 Windows');
    expect(f?.fix.join('\n')).toContain('WSL2');
  });
});
