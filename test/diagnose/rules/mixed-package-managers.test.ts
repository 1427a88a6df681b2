import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/mixed-package-managers.js';
import { buildSnapshot, env, pkg } from '../../helpers/snapshot-builder.js';

describe('mixed-package-managers', () => {
  it('conda pytorch + pip torchvision → one-manager reinstall', () => {
    const e = env([pkg('pytorch', '2.5.1', { installer: 'conda', build: { cuda: '12.4', cudnn: null, cpuOnly: false, source: 'conda-meta' } }), pkg('torchvision', '0.20.1')], { kind: 'conda', prefix: '/opt/conda/envs/ml' });
    const [f] = rule.check(buildSnapshot({ python: [e] }));
    expect(f?.severity).toBe('warning');
    expect(f?.fix).toEqual([
      expect.stringMatching(/^# /),
      'conda remove -p /opt/conda/envs/ml --force pytorch',
      '/opt/conda/envs/ml/bin/python -m pip uninstall -y torchvision',
      '/opt/conda/envs/ml/bin/python -m pip install torch==2.5.1 torchvision==0.20.1 --index-url https://download.pytorch.org/whl/cu124',
    ]);
  });

  it('conda cudatoolkit beside pip nvidia-* wheels', () => {
    const e = env([pkg('cudatoolkit', '11.8.0', { installer: 'conda' }), pkg('nvidia-cudnn-cu12', '9.1.0.70')], { kind: 'conda', prefix: '/opt/conda/envs/ml' });
    const [f] = rule.check(buildSnapshot({ python: [e] }));
    expect(f?.fix).toContain('conda remove -p /opt/conda/envs/ml --force cudatoolkit');
  });

  it('one manager → nothing', () => {
    expect(rule.check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130'), pkg('torchvision', '0.26.0', { installer: 'uv' })])] }))).toEqual([]);
  });
});
