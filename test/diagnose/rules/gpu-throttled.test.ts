import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/gpu-throttled.js';
import { machineInput } from '../../../src/diagnose/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('gpu-throttled', () => {
  it('fires on the pcie-x8-throttled machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('pcie-x8-throttled')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('warning');
    expect(f.title).toContain('sw_power_cap');
    expect(f.cause).toContain('88 °C');
    expect(f.fix).toEqual(expect.arrayContaining(['nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i 0', 'sudo nvidia-smi -i 0 -pl 450']));
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'gpu-throttled' && f.severity !== 'info')).toEqual([]);
  });
});
