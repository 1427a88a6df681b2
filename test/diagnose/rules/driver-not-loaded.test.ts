import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/driver-not-loaded.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('driver-not-loaded', () => {
  it('fires on the gpu-no-driver machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('gpu-no-driver'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.cause).toContain('NVIDIA GeForce RTX 3090');
    expect(f.cause).toContain('nouveau');
    expect(f.fix).toEqual(expect.arrayContaining(['sudo apt install nvidia-driver-580-open', 'sudo reboot']));
    expect(f.fix.some((l) => l.includes('sudo ubuntu-drivers install'))).toBe(true);
    // headers are present on this machine: no headers line
    expect(f.fix.some((l) => l.includes('linux-headers'))).toBe(false);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'driver-not-loaded' && f.severity !== 'info')).toEqual([]);
  });
});
