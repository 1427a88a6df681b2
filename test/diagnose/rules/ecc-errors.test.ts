import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/ecc-errors.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('ecc-errors', () => {
  it('fires on the ecc-uncorrectable machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('ecc-uncorrectable'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.cause).toContain('2 uncorrectable');
    expect(f.fix).toEqual(expect.arrayContaining(['nvidia-smi -q -d ECC,ROW_REMAPPER -i 0', 'sudo nvidia-smi -r -i 0']));
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'ecc-errors' && f.severity !== 'info')).toEqual([]);
  });
});
