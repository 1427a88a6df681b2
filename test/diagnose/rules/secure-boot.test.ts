import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/secure-boot.js';
import { explainText } from '../../../src/explain/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('secure-boot', () => {
  it('fires on the gpu-no-driver machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('gpu-no-driver')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.fix).toEqual(expect.arrayContaining(['mokutil --sb-state', 'sudo mokutil --import /var/lib/shim-signed/mok/MOK.der', 'sudo reboot']));
    expect(f.evidence[0]!.source).toContain('efivars/SecureBoot');
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'secure-boot' && f.severity !== 'info')).toEqual([]);
  });

  it('a paste: the module refused by Secure Boot', async () => {
    const r = await explainText("modprobe: ERROR: could not insert 'nvidia': Key was rejected by service");
    expect(r.findings[0]?.code).toBe('secure-boot');
    expect(r.findings[0]!.severity).toBe('error');
    expect(r.findings[0]!.fix).toContain('mokutil --sb-state');
  });

  it("a paste over this machine (explain --here): the machine's MOK key and state, once", async () => {
    const r = await explainText("modprobe: ERROR: could not insert 'nvidia': Key was rejected by service", { here: await snapshotOf('gpu-no-driver') });
    const mine = r.findings.filter((x) => x.code === 'secure-boot');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.fix.filter((l) => l === 'mokutil --sb-state')).toHaveLength(1);
    expect(mine[0]!.evidence.some((e) => e.source.includes('efivars/SecureBoot'))).toBe(true);
  });
});
