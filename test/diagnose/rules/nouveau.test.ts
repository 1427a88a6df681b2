import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/nouveau.js';
import { explainText } from '../../../src/explain/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('nouveau', () => {
  it('fires on the gpu-no-driver machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('gpu-no-driver')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.fix).toEqual(
      expect.arrayContaining([
        "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | sudo tee /etc/modprobe.d/blacklist-nouveau.conf",
        'sudo update-initramfs -u',
        'sudo reboot',
      ]),
    );
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'nouveau' && f.severity !== 'info')).toEqual([]);
  });

  it.each([
    { name: 'NVRM: bound to nouveau', text: ['[    3.512] NVRM: GPU 0000:01:00.0 is already bound to nouveau.'], fix: 'blacklist-nouveau.conf' },
    { name: 'NVRM: bound to nova_core', text: ['[    3.512] NVRM: GPU 0000:01:00.0 is already bound to nova_core.'], fix: 'blacklist-nova.conf' },
  ])('a paste: $name', async ({ text, fix }) => {
    const r = await explainText(text.join('\n'));
    expect(r.findings[0]?.code).toBe('nouveau');
    expect(r.findings[0]!.fix.some((l) => l.includes(fix))).toBe(true);
  });
});
