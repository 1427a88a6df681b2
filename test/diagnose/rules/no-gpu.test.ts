import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/no-gpu.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('no-gpu', () => {
  it('fires on the cpu-only-toolkit machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('cpu-only-toolkit'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.cause).toContain('docker container');
    expect(f.fix).toContain('docker run --rm --gpus all <image> nvidia-smi');
    expect(f.fix).toContain('sudo nvidia-ctk runtime configure --runtime=docker');
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'no-gpu' && f.severity !== 'info')).toEqual([]);
  });
});
