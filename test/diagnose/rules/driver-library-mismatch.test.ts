import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/driver-library-mismatch.js';
import { explainText } from '../../../src/explain/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('driver-library-mismatch', () => {
  it('fires on the driver-mismatch machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('driver-mismatch')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.title).toContain('535.104.05');
    expect(f.title).toContain('550.54.14');
    expect(f.fix).toEqual(expect.arrayContaining(['sudo reboot', 'sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia']));
    expect(f.evidence.some((e) => e.source === 'file:/proc/driver/nvidia/version')).toBe(true);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'driver-library-mismatch' && f.severity !== 'info')).toEqual([]);
  });

  it.each([
    {
      name: 'NVML refuses the module',
      text: ['$ nvidia-smi', 'Failed to initialize NVML: Driver/library version mismatch', 'NVML library version: 550.120'],
      fix: 'sudo reboot',
    },
    {
      name: 'the module and the libraries named',
      text: [
        '$ cat /proc/driver/nvidia/version',
        'NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024',
        'Failed to initialize NVML: Driver/library version mismatch',
      ],
      fix: 'cat /proc/driver/nvidia/version',
    },
  ])('a paste: $name', async ({ text, fix }) => {
    const r = await explainText(text.join('\n'));
    expect(r.findings[0]?.code).toBe('driver-library-mismatch');
    const f = r.findings[0]!;
    expect(f.fix).toContain(fix);
    expect(new Set(f.evidence.map((e) => e.value)).size).toBe(f.evidence.length);
  });

  it("a paste over this machine (explain --here): the machine's versions, the message as its first fact", async () => {
    const r = await explainText('Failed to initialize NVML: Driver/library version mismatch', { here: await snapshotOf('driver-mismatch') });
    const f = r.findings.find((x) => x.code === 'driver-library-mismatch')!;
    expect(f.title).toContain('535.104.05');
    expect(f.title).toContain('550.54.14');
    expect(f.evidence[0]!.source).toContain('signature driver-library-mismatch');
    expect(r.findings.filter((x) => x.code === 'driver-library-mismatch')).toHaveLength(1);
  });
});
