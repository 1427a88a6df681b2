// `explain` over pastes that show their OS: the fix of the finding uses that OS's tools (src/parse/os-facts.ts →
// snapshot.os → src/install/system.ts osTarget). A Windows paste never gets sudo / apt / ldconfig; a Fedora paste no apt.
import { describe, expect, it } from 'vitest';
import { explainText } from '../../src/explain/index.js';

const APT = /\bapt(?:-get|-mark)?\s|\bdpkg\b|update-initramfs|ubuntu-drivers/;
const LINUX = /^(?!# ).*(?:\bsudo\b|\bapt(?:-get)?\b|\bldconfig\b|\bmodprobe\b|\bdkms\b)/;

async function fixOf(text: string, code: string): Promise<string[]> {
  const r = await explainText(text);
  const f = r.findings.find((x) => x.code === code);
  expect(f, `${code} among ${r.findings.map((x) => x.code).join(', ')}`).toBeDefined();
  return f!.fix;
}

describe('explain: fixes for the OS a paste shows', () => {
  it('Fedora: a module missing for the running kernel → kernel-devel and akmods, no apt', async () => {
    const fix = await fixOf('modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.11.5-300.fc41.x86_64', 'driver-not-loaded');
    expect(fix).toContain('sudo dnf install -y kernel-devel-6.11.5-300.fc41.x86_64');
    expect(fix).toContain('sudo akmods --force --kernels 6.11.5-300.fc41.x86_64');
    expect(fix.filter((l) => APT.test(l))).toEqual([]);
  });

  it('RHEL 9: the same message → kernel-devel and DKMS, no apt and no RPM Fusion', async () => {
    const fix = await fixOf('modprobe: FATAL: Module nvidia not found in directory /lib/modules/5.14.0-427.13.1.el9_4.x86_64', 'driver-not-loaded');
    expect(fix).toContain('sudo dnf install -y kernel-devel-5.14.0-427.13.1.el9_4.x86_64 kernel-headers');
    expect(fix).toContain('sudo dkms autoinstall');
    expect(fix.filter((l) => APT.test(l) || /akmod|rpmfusion/.test(l))).toEqual([]);
  });

  it('Ubuntu: the same message with an Ubuntu kernel → linux-headers of that kernel', async () => {
    const fix = await fixOf('modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.8.0-31-generic', 'driver-not-loaded');
    expect(fix).toContain('sudo apt install linux-headers-6.8.0-31-generic');
    expect(fix.filter((l) => /\bdnf\b|pacman|zypper/.test(l))).toEqual([]);
  });

  it('no OS shown: the headers line names each family instead of printing apt alone', async () => {
    const fix = await fixOf('after the upgrade `nvidia-smi` cannot communicate with drivers', 'driver-not-loaded');
    const headers = fix.find((l) => l.includes('linux-headers'))!;
    expect(headers.startsWith('# ')).toBe(true);
    expect(headers).toMatch(/Fedora\/RHEL: sudo dnf install kernel-devel/);
    expect(headers).toMatch(/Arch: sudo pacman -S linux-headers/);
  });

  it('Arch: nouveau bound to the GPU → the blacklist, the kms hook and mkinitcpio', async () => {
    const fix = await fixOf(['[me@box ~]$ sudo pacman -Syu', '[    3.512] NVRM: GPU 0000:01:00.0 is already bound to nouveau.'].join('\n'), 'nouveau');
    expect(fix).toContain('sudo mkinitcpio -P');
    expect(fix.some((l) => /kms from the HOOKS/.test(l))).toBe(true);
    expect(fix.filter((l) => APT.test(l) || /dracut/.test(l))).toEqual([]);
  });

  it('Fedora: Secure Boot refuses the module → the akmods key, not the Ubuntu one', async () => {
    const fix = await fixOf(
      ['[me@fedora ~]$ uname -r', '6.11.5-300.fc41.x86_64', "modprobe: ERROR: could not insert 'nvidia': Key was rejected by service"].join('\n'),
      'secure-boot',
    );
    expect(fix).toContain('sudo kmodgenca -a');
    expect(fix).toContain('sudo mokutil --import /etc/pki/akmods/certs/public_key.der');
    expect(fix.join('\n')).not.toContain('shim-signed');
  });

  it('Debian: Secure Boot refuses the module → the DKMS key in /var/lib/dkms', async () => {
    const fix = await fixOf(
      [
        'Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP',
        "modprobe: ERROR: could not insert 'nvidia': Key was rejected by service",
      ].join('\n'),
      'secure-boot',
    );
    expect(fix).toContain('sudo mokutil --import /var/lib/dkms/mok.pub');
  });

  it('Windows: nvidia-smi cannot reach the driver → the Windows installer, no sudo, apt or ldconfig', async () => {
    const r = await explainText(['PS C:\\Users\\me> nvidia-smi', "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."].join('\n'));
    expect(r.findings.length).toBeGreaterThan(0);
    for (const f of r.findings)
      expect(
        f.fix.filter((l) => LINUX.test(l)),
        f.code,
      ).toEqual([]);
    expect(r.findings.find((f) => f.code === 'driver-not-loaded')?.fix.join('\n')).toMatch(/NVIDIA’s installer/);
  });

  it('Windows: a missing CUDA DLL → where, set PATH and the System Properties line, no Linux command', async () => {
    const r = await explainText(
      "2023-01-01 W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found",
    );
    const f = r.findings.find((x) => x.code === 'library-not-found')!;
    expect(f.fix).toContain('where cudart64_110.dll');
    expect(f.fix.some((l) => l.startsWith('set PATH=C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.0\\bin;%PATH%'))).toBe(true);
    expect(f.fix.some((l) => /System Properties/.test(l))).toBe(true);
    for (const x of r.findings)
      expect(
        x.fix.filter((l) => LINUX.test(l)),
        x.code,
      ).toEqual([]);
  });

  it('Windows: a driver too old for the framework → the Windows driver, no apt', async () => {
    const r = await explainText(
      [
        'PS C:\\Users\\me> python -c "import torch; print(torch.cuda.is_available())"',
        'UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040).',
        'torch==2.5.1+cu124',
      ].join('\n'),
    );
    const f = r.findings.find((x) => x.code === 'driver-too-old')!;
    expect(f.fix.join('\n')).toMatch(/on Windows with NVIDIA’s installer/);
    expect(f.fix.filter((l) => LINUX.test(l))).toEqual([]);
  });

  it('a driver/library mismatch pasted from WSL → wsl --shutdown, not a reboot of Linux', async () => {
    const fix = await fixOf(['WSL2 Ubuntu 22.04', 'Failed to initialize NVML: Driver/library version mismatch'].join('\n'), 'driver-library-mismatch');
    expect(fix).toContain('wsl --shutdown');
    expect(fix.filter((l) => /apt-mark|rmmod/.test(l))).toEqual([]);
  });

  it('a driver/library mismatch on RHEL → dnf versionlock, not apt-mark', async () => {
    const fix = await fixOf(
      ['Rocky Linux 9.3', 'Failed to initialize NVML: Driver/library version mismatch', 'NVML library version: 550.90'].join('\n'),
      'driver-library-mismatch',
    );
    expect(fix.some((l) => /dnf versionlock add '\*nvidia\*550\*'/.test(l))).toBe(true);
    expect(fix.filter((l) => APT.test(l))).toEqual([]);
  });
});
