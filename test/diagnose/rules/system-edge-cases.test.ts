// Edge cases of the system rules on Snapshot objects derived from the machine fixtures.
import { describe, expect, it } from 'vitest';
import { rule as compat } from '../../../src/diagnose/rules/forward-compat-shadowing.js';
import { rule as notLoaded } from '../../../src/diagnose/rules/driver-not-loaded.js';
import { rule as mismatch } from '../../../src/diagnose/rules/driver-library-mismatch.js';
import { rule as nouveau } from '../../../src/diagnose/rules/nouveau.js';
import { rule as noGpu } from '../../../src/diagnose/rules/no-gpu.js';
import { rule as pcie } from '../../../src/diagnose/rules/pcie-degraded.js';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule as secureBoot } from '../../../src/diagnose/rules/secure-boot.js';
import { setLang } from '../../../src/i18n/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('system rules: edge cases', () => {
  it('h200: the cuda-compat library is reported as present but not in use (info only)', async () => {
    const f = compat.check(machineInput(await snapshotOf('h200')));
    expect(f).toHaveLength(1);
    expect(f[0]!.severity).toBe('info');
    expect(f[0]!.cause).toContain('/usr/local/cuda-13.0/compat/libcuda.so.580.95.05');
  });

  it('compat in use on a GeForce GPU is an error even when newer than the driver', async () => {
    const s = await snapshotOf('stub-first');
    s.cudaCompat = [
      {
        path: '/usr/local/cuda-12.8/compat/libcuda.so.570.124.06',
        version: '570.124.06',
        inUse: true,
        reason: '/usr/local/cuda-12.8/compat is on LD_LIBRARY_PATH',
      },
    ];
    s.env.LD_LIBRARY_PATH = '/usr/local/cuda-12.8/compat';
    const f = compat.check(machineInput(s));
    expect(f[0]!.severity).toBe('error');
    expect(f[0]!.cause).toContain('CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE');
    expect(f[0]!.cause).toContain('NVIDIA GeForce RTX 4090');
  });

  it('compat-in-use-old: the compat 803 is not reported as a driver/library mismatch', async () => {
    expect(mismatch.check(machineInput(await snapshotOf('compat-in-use-old')))).toEqual([]);
  });

  it('hung-smi: a loaded module that does not answer is driver-not-loaded with a reset', async () => {
    const f = notLoaded.check(machineInput(await snapshotOf('hung-smi')));
    expect(f).toHaveLength(1);
    expect(f[0]!.title).toBe('The NVIDIA driver does not answer');
    expect(f[0]!.fix).toContain('sudo nvidia-smi -r -i 0000:3b:00.0');
  });

  it('driver installed by DKMS but not loaded: modprobe and rebuild instead of installing', async () => {
    const s = await snapshotOf('gpu-no-driver');
    s.os.dkms = { value: ['nvidia/580.95.05'], source: 'dir:/var/lib/dkms' };
    s.os.kernelHeaders = { value: false, source: 'file:/lib/modules/6.8.0-45-generic/build' };
    const f = notLoaded.check(machineInput(s))[0]!;
    expect(f.cause).toContain('DKMS nvidia/580.95.05');
    expect(f.fix).toEqual(expect.arrayContaining(['sudo modprobe nvidia', 'sudo apt install linux-headers-$(uname -r)', 'sudo dkms autoinstall']));
  });

  it('RHEL 9 with a Blackwell GPU: dnf module stream for the open modules', async () => {
    const s = await snapshotOf('gpu-no-driver');
    s.os.id = { value: 'rhel', source: 'file:/etc/os-release' };
    s.os.versionId = { value: '9.4', source: 'file:/etc/os-release' };
    s.os.nouveau = { loaded: { value: false, source: 'file:/proc/modules' }, blacklisted: { value: true, source: 'file:/etc/modprobe.d/x.conf' } };
    s.pciGpus = [{ ...s.pciGpus[0]!, deviceId: '0x2b85', driver: null }];
    const f = notLoaded.check(machineInput(s))[0]!;
    expect(f.fix).toEqual(expect.arrayContaining(['sudo dnf module enable -y nvidia-driver:580-open', 'sudo dnf install -y nvidia-open']));
    expect(f.fix.some((l) => l.includes('570'))).toBe(true);
  });

  it('nouveau not loaded and not blacklisted before a driver install: warning with dracut on RHEL', async () => {
    const s = await snapshotOf('gpu-no-driver');
    s.os.id = { value: 'rocky', source: 'file:/etc/os-release' };
    s.os.nouveau = { loaded: { value: false, source: 'file:/proc/modules' }, blacklisted: { value: false, source: 'dir:/etc/modprobe.d' } };
    s.pciGpus = [{ ...s.pciGpus[0]!, driver: null }];
    const f = nouveau.check(machineInput(s));
    expect(f[0]!.severity).toBe('warning');
    expect(f[0]!.fix).toContain('sudo dracut --force');
  });

  it('secure-boot: unknown state with the module not loaded is a warning; a container gets nothing', async () => {
    const s = await snapshotOf('gpu-no-driver');
    s.os.secureBoot = { value: 'unknown', source: 'efivars unreadable' };
    expect(secureBoot.check(machineInput(s))[0]!.severity).toBe('warning');
    s.os.container = { value: 'docker', source: 'file:/.dockerenv' };
    expect(secureBoot.check(machineInput(s))).toEqual([]);
  });

  it('no-gpu does not fire when a device is on the bus (driver-not-loaded does) nor in WSL', async () => {
    expect(noGpu.check(machineInput(await snapshotOf('gpu-no-driver')))).toEqual([]);
    expect(noGpu.check(machineInput(await snapshotOf('wsl-linux-driver')))).toEqual([]);
  });

  it('no-gpu outside a container points at the PCI bus', async () => {
    const s = await snapshotOf('cpu-only-toolkit');
    s.os.container = { value: null, source: 'file:/.dockerenv' };
    const f = noGpu.check(machineInput(s))[0]!;
    expect(f.fix).toContain('lspci -nn | grep -i nvidia');
  });

  it('pcie-degraded: an idle GPU at a lower generation is only an info', async () => {
    const f = pcie.check(machineInput(await snapshotOf('stub-first')));
    expect(f.map((x) => x.severity)).toEqual(['info']);
    expect(f[0]!.fix).toContain('gpuenv bench');
  });

  it('speaks Chinese', async () => {
    setLang('zh-CN');
    try {
      const f = nouveau.check(machineInput(await snapshotOf('gpu-no-driver')))[0]!;
      expect(f.title).toBe('nouveau 驱动占用着 GPU');
      expect(f.fix).toContain('sudo update-initramfs -u');
    } finally {
      setLang('en');
    }
  });
});
