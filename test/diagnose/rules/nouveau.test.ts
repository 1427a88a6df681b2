import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/nouveau.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('nouveau', () => {
  it('fires on the gpu-no-driver machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('gpu-no-driver'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.fix).toEqual(expect.arrayContaining([
      "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | sudo tee /etc/modprobe.d/blacklist-nouveau.conf",
      'sudo update-initramfs -u',
      'sudo reboot',
    ]));
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'nouveau' && f.severity !== 'info')).toEqual([]);
  });
});
