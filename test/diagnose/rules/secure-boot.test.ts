import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/secure-boot.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('secure-boot', () => {
  it('fires on the gpu-no-driver machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('gpu-no-driver'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.fix).toEqual(expect.arrayContaining(['mokutil --sb-state', 'sudo mokutil --import /var/lib/shim-signed/mok/MOK.der', 'sudo reboot']));
    expect(f.evidence[0]!.source).toContain('efivars/SecureBoot');
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'secure-boot' && f.severity !== 'info')).toEqual([]);
  });
});
