// A GPU newer than the driver: the driver's branch is below the lowest branch that can know the GPU's architecture
// (the branch of the minimum driver of the first CUDA release that supports its compute capability).
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../src/diagnose/index.js';
import { rule } from '../../src/diagnose/rules/driver-too-old.js';
import { explainText } from '../../src/explain/index.js';
import { lowestDriverBranchForCc } from '../../src/knowledge/driver-support.js';
import { buildSnapshot, driver, gpu } from '../helpers/snapshot-builder.js';
import type { Snapshot } from '../../src/snapshot/types.js';

const check = (s: Snapshot) => rule.check(machineInput(s));
const olderThanGpu = (titles: (string | undefined)[]) => titles.filter((t) => t && /is older than any driver that supports/.test(t));

/** A composed paste: a GPU line, an nvidia-smi header of `drv`, and torch's symptom. */
function paste(gpuName: string, drv: string, cuda: string, cc: string): string {
  return [
    `I just installed an ${gpuName.replace(/^NVIDIA GeForce /, '')} and torch.cuda.is_available() returns False.`,
    '$ nvidia-smi',
    '+-----------------------------------------------------------------------------------------+',
    `| NVIDIA-SMI ${drv}              Driver Version: ${drv}      CUDA Version: ${cuda}     |`,
    '|-----------------------------------------+------------------------+----------------------+',
    '| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |',
    `|   0  ${gpuName.padEnd(26)}Off |   00000000:01:00.0  On |                  N/A |`,
    '+-----------------------------------------+------------------------+----------------------+',
    '>>> torch.cuda.get_device_capability()',
    `(${cc.replace('.', ', ')})`,
  ].join('\n');
}

describe('lowestDriverBranchForCc', () => {
  it('sm_120 → CUDA 12.8 → branch 570; sm_89 → CUDA 11.8 → branch 520', () => {
    expect(lowestDriverBranchForCc('12.0')).toMatchObject({ branch: 570, cuda: '12.8', minDriver: '570.26', confirmed: true });
    expect(lowestDriverBranchForCc('8.9')).toMatchObject({ branch: 520, cuda: '11.8' });
  });
  it('a capability whose first release is the oldest the table tracks has no floor (introduced at or before it)', () => {
    expect(lowestDriverBranchForCc('3.0')).toBeUndefined();
  });
  it('unconfirmed CUDA rows say so', () => {
    const pascal = lowestDriverBranchForCc('6.1');
    expect(pascal?.confirmed).toBe(false);
    expect(pascal?.note).toBeTruthy();
  });
});

describe('driver-too-old: a GPU newer than the driver, over a machine', () => {
  it('a Blackwell GPU on driver 550 → error naming the 570 branch and its install line', () => {
    const [f, ...rest] = check(buildSnapshot({ driver: driver('550.54.14'), gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')] }));
    expect(rest).toEqual([]);
    expect(f?.severity).toBe('error');
    expect(f?.title).toBe('Driver 550.54.14 is older than any driver that supports NVIDIA GeForce RTX 5090 (sm_120)');
    expect(f?.cause).toContain('CUDA 12.8');
    expect(f?.cause).toContain('570 branch');
    expect(f?.fix).toContain('sudo apt-get install -y nvidia-driver-570-open');
    expect(f?.fix.at(-1)).toContain('nvidia-smi --query-gpu=name,driver_version,compute_cap');
  });

  it('the same GPU on driver 570 → no such finding', () => {
    expect(check(buildSnapshot({ driver: driver('570.86.10'), gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')] }))).toEqual([]);
  });

  it('an Ada GPU on its launch driver 520.56.06 (below CUDA 11.8’s 520.61.05, same branch) → none', () => {
    expect(check(buildSnapshot({ driver: driver('520.56.06'), gpus: [gpu('NVIDIA GeForce RTX 4090', '8.9')] }))).toEqual([]);
  });

  it('a GPU only on the PCI bus (NVML does not list it), the module’s version known → the catalogue’s capability decides', () => {
    const s = buildSnapshot({
      driver: { kernelModule: { value: '550.120', source: 'file:/proc/driver/nvidia/version' } },
      pciGpus: [
        { address: '0000:01:00.0', vendorId: '0x10de', deviceId: '0x2b85', subsystemDeviceId: null, class: '0x030000', driver: 'nvidia', source: 'sysfs' },
      ],
    });
    const [f] = check(s);
    expect(f?.title).toBe('Driver 550.120 is older than any driver that supports NVIDIA GeForce RTX 5090 (sm_120)');
    expect(f?.evidence.some((e) => e.value.includes('12.0 (sm_120)') && e.source === 'sysfs')).toBe(true);
  });

  it('no driver version → nothing to compare', () => {
    expect(check(buildSnapshot({ gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')] }))).toEqual([]);
  });
});

describe('driver-too-old: a GPU newer than the driver, over a paste', () => {
  it('RTX 5090 + nvidia-smi header of 550 + is_available() False → driver-too-old first, naming 570; not driver-not-loaded', async () => {
    const r = await explainText(paste('NVIDIA GeForce RTX 5090', '550.54.14', '12.4', '12.0'));
    const [top] = r.findings;
    expect(top?.code).toBe('driver-too-old');
    expect(top?.title).toBe('Driver 550.54.14 is older than any driver that supports NVIDIA GeForce RTX 5090 (sm_120)');
    expect(top?.cause).toContain('570');
    expect(top?.fix.join('\n')).toContain('570');
  });

  it('the same paste with a 575 driver → no such finding', async () => {
    const r = await explainText(paste('NVIDIA GeForce RTX 5090', '575.57.08', '12.9', '12.0'));
    expect(olderThanGpu(r.findings.map((f) => f.title))).toEqual([]);
  });

  it('an Ada GPU with 520.56.06 in the header → no such finding', async () => {
    const r = await explainText(paste('NVIDIA GeForce RTX 4090', '520.56.06', '11.8', '8.9'));
    expect(olderThanGpu(r.findings.map((f) => f.title))).toEqual([]);
  });
});
