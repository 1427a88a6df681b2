import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/driver-not-loaded.js';
import { explainText } from '../../../src/explain/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('driver-not-loaded', () => {
  it('fires on the gpu-no-driver machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('gpu-no-driver')));
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
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'driver-not-loaded' && f.severity !== 'info')).toEqual([]);
  });

  it.each([
    {
      name: 'no module for the running kernel',
      text: [
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
        'modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.8.0-49-generic',
      ],
      cause: '6.8.0-49-generic',
      fix: 'sudo modprobe nvidia',
    },
    {
      name: 'prime-select switched it off',
      text: [
        'modprobe: ERROR: ../libkmod/libkmod.c:514 lookup_builtin_file() could not open builtin file',
        'modprobe: FATAL: Module off not found in directory /lib/modules/6.5.0-1-generic',
        'alias nvidia off',
      ],
      cause: 'prime-select',
      fix: 'prime-select query',
    },
  ])('a paste: $name', async ({ text, cause, fix }) => {
    const r = await explainText(text.join('\n'));
    const f = r.findings.find((x) => x.code === 'driver-not-loaded');
    expect(f).toBeDefined();
    expect(f!.cause).toContain(cause);
    expect(f!.fix).toContain(fix);
  });

  it('in WSL a paste gets no kernel-module advice', async () => {
    const r = await explainText(
      [
        'Linux box 5.15.153.1-microsoft-standard-WSL2 #1 SMP x86_64 GNU/Linux',
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
      ].join('\n'),
    );
    expect(r.findings.map((f) => f.code)).not.toContain('driver-not-loaded');
  });

  it("a paste over this machine (explain --here): one finding with this machine's install commands, not the generic DKMS checks", async () => {
    const here = await snapshotOf('gpu-no-driver');
    const r = await explainText(
      "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
      { here },
    );
    const mine = r.findings.filter((x) => x.code === 'driver-not-loaded');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.fix).toContain('sudo apt install nvidia-driver-580-open');
    expect(mine[0]!.fix).not.toContain('dkms status');
    expect(mine[0]!.evidence[0]!.source).toContain('signature smi-failed');
  });
  it('a paste whose own nvidia-smi header shows the driver answering ranks not-loaded lower than the same paste without it', async () => {
    const symptom = 'torch.cuda.is_available() returns False on my RTX 3090, driver 550.54.14';
    const header = [
      '+-----------------------------------------------------------------------------------------+',
      '| NVIDIA-SMI 550.54.14              Driver Version: 550.54.14      CUDA Version: 12.4     |',
      '|-----------------------------------------+------------------------+----------------------+',
    ].join('\n');
    const score = async (text: string) => (await explainText(text)).findings.find((f) => f.code === 'driver-not-loaded')?.score ?? 0;
    const without = await score(symptom);
    const withHeader = await score(`${symptom}\n${header}`);
    expect(without).toBeGreaterThan(0);
    expect(withHeader).toBeLessThan(without);
  });
});
