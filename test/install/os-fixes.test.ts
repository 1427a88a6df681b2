// The same causes on every OS family: the fix lines name that family's tools and none of the others'.
// Each machine is the gpu-no-driver fixture (an RTX 3090 with nouveau bound, no NVIDIA module) with the OS facts a probe
// of that system reports; the causes are nouveau holding the GPU, the module missing after a kernel update, the
// driver too old for the installed torch, Secure Boot refusing the module, and no driver installed yet.
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../src/diagnose/index.js';
import { rule as notLoaded } from '../../src/diagnose/rules/driver-not-loaded.js';
import { rule as tooOld } from '../../src/diagnose/rules/driver-too-old.js';
import { rule as nouveau } from '../../src/diagnose/rules/nouveau.js';
import { rule as secureBoot } from '../../src/diagnose/rules/secure-boot.js';
import type { Snapshot } from '../../src/snapshot/types.js';
import { driver, env, gpu, pkg } from '../helpers/snapshot-builder.js';
import { snapshotOf } from '../helpers/machines.js';

interface Family {
  name: string;
  id: string;
  version?: string;
  kernel: string;
  wsl?: boolean;
  container?: string;
  /** Every one of these appears in some fix line. */
  has: RegExp[];
  /** None of these appears in any fix line. */
  not: RegExp[];
}

const APT = /\bapt(?:-get|-mark)?\s|\bdpkg\b|update-initramfs|ubuntu-drivers/;
const DNF = /\bdnf\b|\bdracut\b|\bakmods?\b|rpmfusion/;
const ZYPPER = /\bzypper\b/;
const PACMAN = /\bpacman\b|mkinitcpio/;
/** Commands that install or configure a Linux kernel driver on the machine itself. */
const LINUX_DRIVER = /^(?!# ).*(?:\bsudo\b|\bmodprobe\b|\bdkms\b|\bmokutil\b|\bldconfig\b)/;

const FAMILIES: Family[] = [
  {
    name: 'Ubuntu 24.04',
    id: 'ubuntu',
    version: '24.04',
    kernel: '6.8.0-45-generic',
    has: [
      /^sudo apt install nvidia-driver-580-open$/,
      /^sudo update-initramfs -u$/,
      /^sudo apt install linux-headers-\$\(uname -r\)$/,
      /shim-signed\/mok\/MOK\.der/,
    ],
    not: [DNF, ZYPPER, PACMAN],
  },
  {
    name: 'Debian 12',
    id: 'debian',
    version: '12',
    kernel: '6.1.0-18-amd64',
    has: [/^sudo apt install nvidia-open$/, /^sudo update-initramfs -u$/, /^sudo mokutil --import \/var\/lib\/dkms\/mok\.pub$/],
    not: [DNF, ZYPPER, PACMAN, /ubuntu-drivers/, /shim-signed/, /nvidia-driver-\d{3}/],
  },
  {
    name: 'Fedora 41',
    id: 'fedora',
    version: '41',
    kernel: '6.11.5-300.fc41.x86_64',
    has: [
      /rpmfusion-nonfree-release/,
      /^sudo dnf install -y akmod-nvidia xorg-x11-drv-nvidia-cuda$/,
      /^sudo dracut --force$/,
      /^sudo kmodgenca -a$/,
      /akmods\/certs\/public_key\.der/,
    ],
    not: [APT, ZYPPER, PACMAN, /dnf module/, /\/var\/lib\/dkms\/mok/],
  },
  {
    name: 'RHEL 9',
    id: 'rhel',
    version: '9.4',
    kernel: '5.14.0-427.13.1.el9_4.x86_64',
    has: [
      /repos\/rhel9\/x86_64\/cuda-rhel9\.repo/,
      /^sudo dnf module enable -y nvidia-driver:580-open$/,
      /epel-release-latest/,
      /^sudo dracut --force$/,
      /dkms\/mok\.pub/,
    ],
    not: [APT, ZYPPER, PACMAN, /rpmfusion|akmod/],
  },
  {
    name: 'Rocky Linux 9',
    id: 'rocky',
    version: '9.3',
    kernel: '5.14.0-362.8.1.el9_3.x86_64',
    has: [
      /cuda-rhel9\.repo/,
      /^sudo dnf install -y epel-release$/,
      /^sudo dnf install -y nvidia-open$/,
      /^sudo dnf install -y kernel-devel-\$\(uname -r\) kernel-headers$/,
    ],
    not: [APT, ZYPPER, PACMAN, /rpmfusion|akmod/],
  },
  {
    name: 'openSUSE Leap 15.6',
    id: 'opensuse-leap',
    version: '15.6',
    kernel: '6.4.0-150600.23.7-default',
    has: [
      // SUSE's packager's guide adds the CUDA repository by its folder URL (sndirsch.github.io, checked 2026-12-02).
      /^sudo zypper addrepo https:\/\/developer\.download\.nvidia\.com\/compute\/cuda\/repos\/opensuse15\/x86_64\/ cuda$/,
      /^sudo zypper install -y nvidia-open-driver-G06-signed-cuda-kmp-default nvidia-compute-utils-G06$/,
      /^sudo dracut --force$/,
      /kernel-default-devel/,
    ],
    not: [APT, /\bdnf\b/, PACMAN, /rpmfusion|akmod/],
  },
  {
    name: 'Arch Linux',
    id: 'arch',
    kernel: '6.12.9-arch1-1',
    has: [/^sudo pacman -S --needed nvidia-open nvidia-utils$/, /^sudo mkinitcpio -P$/, /^sudo pacman -S --needed linux-headers$/, /kms from the HOOKS/],
    not: [APT, DNF, ZYPPER],
  },
  { name: 'WSL 2', id: 'ubuntu', version: '24.04', kernel: '5.15.153.1-microsoft-standard-WSL2', wsl: true, has: [/Windows/], not: [LINUX_DRIVER] },
  { name: 'native Windows', id: 'windows', kernel: '', has: [/Windows/], not: [LINUX_DRIVER, APT, DNF, ZYPPER, PACMAN] },
  { name: 'a container', id: 'ubuntu', version: '22.04', kernel: '6.8.0-45-generic', container: 'docker', has: [/host/], not: [LINUX_DRIVER] },
];

async function machineOf(f: Family): Promise<Snapshot> {
  const s = await snapshotOf('gpu-no-driver');
  const src = 'file:/etc/os-release';
  s.os.id = { value: f.id, source: src };
  s.os.versionId = f.version ? { value: f.version, source: src } : null;
  s.os.prettyName = null;
  s.os.kernel = f.kernel ? { value: f.kernel, source: 'file:/proc/sys/kernel/osrelease' } : null;
  s.os.wsl = { value: f.wsl === true, source: 'file:/proc/version' };
  s.os.container = { value: f.container ?? null, source: 'file:/.dockerenv' };
  return s;
}

/** The four causes on one machine: each rule's fix lines. */
async function fixesOf(f: Family): Promise<Record<'nouveau' | 'notLoaded' | 'secureBoot' | 'tooOld' | 'install', string[]>> {
  const held = await machineOf(f);
  // Secure Boot is on in the fixture; the nouveau case is about nouveau alone.
  held.os.secureBoot = { value: 'disabled', source: 'command:mokutil --sb-state' };
  const afterUpdate = await machineOf(f);
  afterUpdate.pciGpus = afterUpdate.pciGpus.map((p) => ({ ...p, driver: null }));
  afterUpdate.os.nouveau = { loaded: { value: false, source: 'file:/proc/modules' }, blacklisted: { value: true, source: 'file:/etc/modprobe.d' } };
  afterUpdate.os.secureBoot = { value: 'disabled', source: 'command:mokutil --sb-state' };
  afterUpdate.os.kernelHeaders = { value: false, source: `file:/lib/modules/${f.kernel}/build` };
  // DKMS built the module for the previous kernel; Fedora's akmods leaves the libraries of the driver package.
  if (f.id === 'fedora')
    afterUpdate.nativeLibraries.nvml = { ...afterUpdate.nativeLibraries.nvml!, loadedPath: '/usr/lib64/libnvidia-ml.so.580.95.05', error: null };
  else afterUpdate.os.dkms = { value: ['nvidia/580.95.05'], source: 'dir:/var/lib/dkms' };
  const sb = await machineOf(f);
  sb.pciGpus = sb.pciGpus.map((p) => ({ ...p, driver: null }));
  sb.os.nouveau = { loaded: { value: false, source: 'file:/proc/modules' }, blacklisted: { value: true, source: 'file:/etc/modprobe.d' } };
  const old = await machineOf(f);
  Object.assign(old.driver, driver('535.104.05'));
  old.driver.moduleLoaded = { value: true, source: 'file:/proc/modules' };
  old.pciGpus = old.pciGpus.map((p) => ({ ...p, driver: 'nvidia' }));
  old.gpus = [gpu('NVIDIA GeForce RTX 3090', '8.6')];
  old.python = [env([pkg('torch', '2.11.0+cu130')])];
  // No driver installed yet (nouveau blacklisted and gone): the install commands.
  const fresh = await machineOf(f);
  fresh.pciGpus = fresh.pciGpus.map((p) => ({ ...p, driver: null }));
  fresh.os.nouveau = { loaded: { value: false, source: 'file:/proc/modules' }, blacklisted: { value: true, source: 'file:/etc/modprobe.d' } };
  fresh.os.secureBoot = { value: 'disabled', source: 'command:mokutil --sb-state' };
  const lines = (fs: { fix: string[] }[]) => fs.flatMap((x) => x.fix);
  return {
    nouveau: lines(nouveau.check(machineInput(held))),
    notLoaded: lines(notLoaded.check(machineInput(afterUpdate))),
    secureBoot: lines(secureBoot.check(machineInput(sb))),
    tooOld: lines(tooOld.check(machineInput(old)).filter((x) => x.code === 'driver-too-old')),
    install: lines(notLoaded.check(machineInput(fresh))),
  };
}

describe('OS-level fixes follow the OS family', () => {
  it.each(FAMILIES)('$name: its tools appear, the others do not', async (f) => {
    const fixes = await fixesOf(f);
    const all = Object.values(fixes).flat();
    expect(fixes.tooOld.length).toBeGreaterThan(0);
    for (const re of f.has)
      expect(
        all.some((l) => re.test(l)),
        `${f.name}: a line matching ${re}\n${all.join('\n')}`,
      ).toBe(true);
    for (const re of f.not)
      expect(
        all.filter((l) => re.test(l)),
        `${f.name}: no line matching ${re}`,
      ).toEqual([]);
  });

  it('a Linux machine gets the driver-not-loaded, nouveau and Secure Boot findings on every distribution', async () => {
    for (const f of FAMILIES.filter((x) => !x.wsl && !x.container && x.id !== 'windows')) {
      const fixes = await fixesOf(f);
      expect(fixes.nouveau.length, f.name).toBeGreaterThan(0);
      expect(fixes.notLoaded.length, f.name).toBeGreaterThan(0);
      expect(fixes.secureBoot.length, f.name).toBeGreaterThan(0);
    }
  });

  it('WSL 2 and a container: no nouveau or Secure Boot finding (the driver is not this system’s); the upgrade is for the Windows or container host', async () => {
    const wsl = await fixesOf(FAMILIES.find((x) => x.wsl)!);
    expect([...wsl.nouveau, ...wsl.secureBoot, ...wsl.notLoaded]).toEqual([]);
    expect(wsl.tooOld.join('\n')).toMatch(/never install a Linux NVIDIA driver inside WSL/);
    const box = await fixesOf(FAMILIES.find((x) => x.container)!);
    expect([...box.nouveau, ...box.secureBoot]).toEqual([]);
    expect(box.tooOld.join('\n')).toMatch(/driver of its host/);
  });

  it('the driver upgrade on RHEL 9 switches the module stream; on Arch it is a full upgrade', async () => {
    const rhel = await fixesOf(FAMILIES.find((x) => x.id === 'rhel')!);
    expect(rhel.tooOld).toContain('sudo dnf module switch-to -y nvidia-driver:580-open --allowerasing');
    const arch = await fixesOf(FAMILIES.find((x) => x.id === 'arch')!);
    expect(arch.tooOld).toContain('sudo pacman -Syu --needed nvidia-utils');
  });
});
