// Every node-health Finding code has a whole-machine fixture that triggers it, and healthy machines trigger none.
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../src/diagnose/index.js';
import { takeSnapshot } from '../../src/probe/take.js';
import { FIXED_NOW, machine, snapshotOf } from '../helpers/machines.js';

const codes = async (name: string, expectGpus?: number) => {
  const s = await takeSnapshot(await machine(name), { timeoutMs: 300, now: FIXED_NOW, ...(expectGpus ? { expectGpus } : {}) });
  return (await diagnose(s)).findings.map((f) => `${f.severity}:${f.code}`);
};

describe('node-health rules on whole-machine fixtures', () => {
  it('xid-fell-off-bus: Xid 79 is an error on the GPU that fell off, Xid 13 one info line; the missing GPU is gpu-missing', async () => {
    const s = await snapshotOf('xid-fell-off-bus');
    expect(s.kernelLog).toMatchObject({ readable: true, source: 'command:dmesg --kernel' });
    expect(s.kernelLog!.xids.map((x) => [x.code, x.pciBusId, x.count, x.gpuIndex])).toEqual([
      [13, '0000:07:00', 2, 0],
      [79, '0000:0f:00', 1, null],
    ]);
    const found = (await diagnose(s)).findings;
    const xid79 = found.find((f) => f.code === 'xid-errors' && f.severity === 'error')!;
    expect(xid79.title).toContain('Xid 79');
    expect(xid79.subject).toBe('pci:0000:0f:00');
    expect(found.find((f) => f.code === 'xid-errors' && f.severity === 'info')!.title).toContain('Xid 13 ×2');
    expect(found.find((f) => f.code === 'gpu-missing')).toMatchObject({
      severity: 'error',
      title: '2 GPUs on the PCI bus use the nvidia driver, but it shows only 1',
    });
  });

  it('hgx-no-fabric-manager: fabric-manager error and persistence-off warning', async () => {
    const c = await codes('hgx-no-fabric-manager');
    expect(c).toContain('error:fabric-manager');
    expect(c).toContain('warning:persistence-off');
    const s = await snapshotOf('hgx-no-fabric-manager');
    expect(s.fabric).toEqual({
      nvswitches: expect.arrayContaining([{ address: '0000:05:00.0', deviceId: '0x22a3' }]),
      managerRunning: { value: false, source: 'file:/proc/*/comm' },
    });
    expect(s.pciGpus).toHaveLength(1);
  });

  it('gpu-modes-capped: Prohibited compute mode, a pending MIG change, a lowered power limit and application clocks', async () => {
    const s = await snapshotOf('gpu-modes-capped');
    const f = (await diagnose(s)).findings;
    expect(
      f
        .filter((x) => x.code === 'compute-mode')
        .map((x) => x.severity)
        .sort(),
    ).toEqual(['error', 'warning']);
    const capped = f.filter((x) => x.code === 'clocks-capped');
    expect(capped.map((x) => x.fix.at(-1))).toEqual(['sudo nvidia-smi -i 0 -pl 250', 'sudo nvidia-smi -i 0 -rac']);
  });

  it('nvml-hang: a timed-out driver probe is gpu-unresponsive', async () => {
    expect(await codes('nvml-hang')).toContain('error:gpu-unresponsive');
  });

  it('--expect-gpus above the count seen is gpu-missing with the expectation as evidence', async () => {
    const s = await takeSnapshot(await machine('h200'), { timeoutMs: 300, now: FIXED_NOW, expectGpus: 8 });
    const f = (await diagnose(s)).findings.find((x) => x.code === 'gpu-missing')!;
    expect(f.title).toBe(`${s.gpus.length} of 8 GPUs visible`);
    expect(f.evidence[0]).toEqual({ fact: 'GPUs expected', value: '8', source: '--expect-gpus' });
  });

  it('healthy fixtures trigger no node-health code', async () => {
    for (const name of ['h200', 'torch-cpu-only', 'two-toolkits']) {
      const c = await codes(name);
      expect(
        c.filter((x) => /xid-errors|gpu-missing|fabric-manager|compute-mode|clocks-capped|gpu-unresponsive/.test(x)),
        name,
      ).toEqual([]);
    }
  });
});
