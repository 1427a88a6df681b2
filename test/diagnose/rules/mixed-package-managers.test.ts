// mixed-package-managers from both sources: a machine's environments (fixture and built Snapshots) and a pasted text,
// through the one rule. Over a text it gives one finding: each package once, one plan.
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/mixed-package-managers.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, env, pkg } from '../../helpers/snapshot-builder.js';

const check = (s: Snapshot) => rule.check(machineInput(s));

describe('mixed-package-managers on a machine', () => {
  it('the conda-pip-mixed fixture: the PyTorch stack from conda and pip, one manager to reinstall it', async () => {
    setLang('en');
    const found = check(await snapshotOf('conda-pip-mixed'));
    expect(found.map((f) => f.title)).toEqual(['The PyTorch stack in /home/kim/miniconda3/envs/dl is installed partly by conda, partly by pip']);
    expect(found[0]?.fix.join('\n')).toContain('conda remove -p /home/kim/miniconda3/envs/dl --force');
  });

  const ml = { kind: 'conda' as const, prefix: '/opt/conda/envs/ml' };
  const rows: { name: string; snapshot: Snapshot; fix: string[] }[] = [
    {
      name: 'conda pytorch + pip torchvision → one-manager reinstall',
      snapshot: buildSnapshot({
        python: [
          env(
            [
              pkg('pytorch', '2.5.1', { installer: 'conda', build: { cuda: '12.4', cudnn: null, cpuOnly: false, source: 'conda-meta' } }),
              pkg('torchvision', '0.20.1'),
            ],
            ml,
          ),
        ],
      }),
      fix: [
        'conda remove -p /opt/conda/envs/ml --force pytorch',
        '/opt/conda/envs/ml/bin/python -m pip uninstall -y torchvision',
        '/opt/conda/envs/ml/bin/python -m pip install torch==2.5.1 torchvision==0.20.1 --index-url https://download.pytorch.org/whl/cu124',
      ],
    },
    {
      name: 'conda cudatoolkit beside pip nvidia-* wheels',
      snapshot: buildSnapshot({ python: [env([pkg('cudatoolkit', '11.8.0', { installer: 'conda' }), pkg('nvidia-cudnn-cu12', '9.1.0.70')], ml)] }),
      fix: ['conda remove -p /opt/conda/envs/ml --force cudatoolkit'],
    },
  ];
  it.each(rows)('$name', ({ snapshot, fix }) => {
    setLang('en');
    const [f] = check(snapshot);
    expect(f?.severity).toBe('warning');
    for (const line of fix) expect(f?.fix).toContain(line);
  });

  it('one manager → nothing', () => {
    expect(check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130'), pkg('torchvision', '0.26.0', { installer: 'uv' })])] }))).toEqual([]);
  });
});

describe('mixed-package-managers over a paste', () => {
  const condaList = [
    '# packages in environment at /home/u/miniconda3/envs/ml:',
    '# Name                    Version                   Build  Channel',
    'pytorch                   2.1.0           py3.10_cuda12.1_cudnn8.9.2_0    pytorch',
    'torchvision               0.16.0                   pypi_0    pypi',
  ];
  const rows: { name: string; lines: string[]; severity: string; title: string; contains: string[]; once?: RegExp[] }[] = [
    {
      name: "pip replacing conda's torch, and the list showing both managers: one finding, torch named once, one plan",
      lines: [
        '$ conda activate ml',
        ...condaList,
        '$ pip install -r requirements.txt',
        'Found existing installation: torch 2.1.0',
        'Uninstalling torch-2.1.0:',
      ],
      severity: 'error',
      title: 'pip replaced the conda-installed torch 2.1.0',
      contains: ['torchvision', 'pip check'],
      once: [/^torch( in .*)? 2\.1\.0/m, /install .*pytorch/],
    },
    {
      name: 'the list alone: the Snapshot check, as on a machine',
      lines: condaList,
      severity: 'warning',
      title: 'The PyTorch stack in (pasted environment) is installed partly by conda, partly by pip',
      contains: ['torchvision 0.16.0 (pip)'],
    },
  ];
  it.each(rows)('$name', async ({ lines, severity, title, contains, once }) => {
    setLang('en');
    const r = await explainText(lines.join('\n'));
    const mine = r.findings.filter((f) => f.code === 'mixed-package-managers');
    expect(mine).toHaveLength(1);
    const f = mine[0]!;
    expect(f.severity).toBe(severity);
    expect(f.title).toBe(title);
    const text = [f.title, f.cause, ...f.fix, ...f.evidence.map((e) => `${e.fact} ${e.value}`)].join('\n');
    for (const c of contains) expect(text).toContain(c);
    for (const re of once ?? []) expect(text.match(new RegExp(re.source, `${re.flags}g`))?.length, String(re)).toBe(1);
  });
});
