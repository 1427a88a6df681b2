import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/pcie-degraded.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('pcie-degraded', () => {
  it('fires on the pcie-x8-throttled machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('pcie-x8-throttled'));
    expect(findings.map((f) => f.severity)).toEqual(['warning', 'warning']);
    expect(findings[0]!.title).toContain('x8 of x16');
    expect(findings[1]!.title).toContain('Gen3');
    expect(findings[0]!.fix).toContain("sudo lspci -vv -s 01:00.0 | grep -E 'LnkCap|LnkSta'");
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'pcie-degraded' && f.severity !== 'info')).toEqual([]);
  });
});
