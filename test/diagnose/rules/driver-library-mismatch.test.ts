import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/driver-library-mismatch.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('driver-library-mismatch', () => {
  it('fires on the driver-mismatch machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('driver-mismatch'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.title).toContain('535.104.05');
    expect(f.title).toContain('550.54.14');
    expect(f.fix).toEqual(expect.arrayContaining(['sudo reboot', 'sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia']));
    expect(f.evidence.some((e) => e.source === 'file:/proc/driver/nvidia/version')).toBe(true);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'driver-library-mismatch' && f.severity !== 'info')).toEqual([]);
  });
});
