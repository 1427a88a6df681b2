import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/wsl.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('wsl', () => {
  it('fires on the wsl-linux-driver machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('wsl-linux-driver'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.cause).toContain('/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.183.01');
    expect(f.fix).toEqual(expect.arrayContaining(['dpkg -S /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.183.01', 'sudo ldconfig']));
    expect(f.fix.some((l) => l.includes('wsl --shutdown'))).toBe(true);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'wsl' && f.severity !== 'info')).toEqual([]);
  });
});
