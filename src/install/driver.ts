// Driver installation commands shared by the driver-not-loaded, nouveau and secure-boot rules and by `gpuenv plan`:
// one place for the package names per distribution and the seed's 2.2 pre-checks.
import type { GpuSpec } from '../knowledge/gpus.js';
import type { Snapshot } from '../snapshot/types.js';
import { versionParts } from '../knowledge/version.js';
import { m } from './messages.js';
import { driverBranchFor, initramfsCommand, isUbuntu, osFamily } from './system.js';

/**
 * Commands that install the NVIDIA driver for these GPUs on this OS, "# " lines saying why. `minBranch` raises the
 * branch when a CUDA runtime needs a newer driver than the GPU alone does (the planner's driver floor).
 */
export function driverInstallCommands(s: Snapshot, specs: (GpuSpec | undefined)[], minBranch?: string): string[] {
  // The most restrictive GPU decides: an old architecture forces the proprietary modules and its last branch.
  const choices = specs.map(driverBranchFor);
  const found = choices.find((c) => c.branch === '470') ?? choices.find((c) => !c.open) ?? choices[0] ?? { branch: '580', open: true };
  const choice = minBranch && Number(minBranch) > Number(found.branch) ? { ...found, branch: minBranch } : found;
  const spec = specs.find((x) => driverBranchFor(x).branch === found.branch && driverBranchFor(x).open === found.open) ?? specs[0];
  const arch = spec?.architecture ?? '?';
  const blackwell = specs.some((x) => x?.architecture === 'Blackwell');
  const openText = choice.open ? (blackwell ? m('dnlOpenRequired') : m('dnlOpenRecommended')) : m('dnlProprietary', { arch });
  const out = [m('dnlFixBranch', { gpu: spec?.name ?? 'GPU', arch, branch: blackwell && choice === found ? '570' : choice.branch, open: openText })];
  const family = osFamily(s);
  if (isUbuntu(s)) {
    // Ubuntu archive packages nvidia-driver-<branch>[-open]; ubuntu-drivers picks one itself (seed 2.2 uses
    // `ubuntu-drivers devices` + `apt install nvidia-driver-525`; the old branch and the PPA are no longer needed).
    out.push('sudo apt update', `sudo apt install nvidia-driver-${choice.branch}${choice.open ? '-open' : ''}`, m('dnlFixUbuntuAuto'));
  } else if (family === 'debian') {
    // NVIDIA Driver Installation Guide: `apt install nvidia-open` (open modules) / cuda-drivers (proprietary).
    out.push(m('dnlFixDebianRepo'), 'sudo apt update', choice.open ? 'sudo apt install nvidia-open' : `sudo apt install cuda-drivers-${choice.branch}`);
  } else if (family === 'rhel') {
    // NVIDIA Driver Installation Guide, "Open GPU kernel module installation" table: RHEL 8/9
    // `dnf module enable nvidia-driver:580-open` + `dnf install nvidia-open`; RHEL 10 / Fedora: `dnf install nvidia-open`.
    const major = Number((s.os.versionId?.value ?? '').split('.')[0]);
    const modular = s.os.id?.value !== 'fedora' && major >= 8 && major <= 9;
    out.push(m('dnlFixRhelRepo'));
    if (modular) out.push(`sudo dnf module enable -y nvidia-driver:${choice.branch}-${choice.open ? 'open' : 'dkms'}`);
    out.push(choice.open ? 'sudo dnf install -y nvidia-open' : 'sudo dnf install -y cuda-drivers');
  } else {
    out.push(m('dnlFixOtherOs', { branch: choice.branch, os: s.os.prettyName?.value ?? s.os.id?.value ?? 'this system' }));
  }
  return out;
}

/**
 * Where DKMS keeps the key it signs modules with.
 * Debian/Ubuntu (shim-signed + dkms framework.conf mok_certificate): /var/lib/shim-signed/mok/MOK.der (Debian
 * Secure Boot guides, e.g. github.com/stezzbruh/Debian-Secure-Boot; Ubuntu's update-secureboot-policy uses the same).
 * DKMS 3 elsewhere generates /var/lib/dkms/mok.key + mok.pub ("Public certificate (MOK): /var/lib/dkms/mok.pub" in
 * its build log).
 */
export function mokKey(s: Snapshot): string {
  return osFamily(s) === 'debian' ? '/var/lib/shim-signed/mok/MOK.der' : '/var/lib/dkms/mok.pub';
}

/** Blacklist nouveau (NVIDIA CUDA Installation Guide, "Disabling Nouveau"): the file and its two lines. */
export function nouveauBlacklistLines(): string[] {
  return [m('nvFixFile'), "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | sudo tee /etc/modprobe.d/blacklist-nouveau.conf"];
}

/** Rebuild the initramfs so the blacklist applies at boot. */
export function initramfsLines(s: Snapshot): string[] {
  return [m('nvFixInitramfs'), initramfsCommand(s)];
}

/** Enrol the DKMS signing key with MOK (shim's mokutil), then reboot and check. */
export function mokEnrolLines(s: Snapshot): string[] {
  const key = mokKey(s);
  return [
    m('sbFixState'),
    'mokutil --sb-state',
    m('sbFixKey', { key }),
    `sudo mokutil --import ${key}`,
    m('sbFixPassword'),
    'sudo reboot',
    m('sbFixVerify'),
    `mokutil --test-key ${key}`,
    'lsmod | grep nvidia',
    m('sbFixDisable'),
  ];
}

/**
 * Commands that install a driver of at least `floor` on this OS (apt/dnf names by branch); "# " lines elsewhere.
 * `unknownOs: 'apt'`: a text that does not say its OS (a pasted log) gets the Ubuntu/Debian commands, the usual case.
 */
export function driverUpgradeCommands(
  snapshot: Snapshot,
  floor: string,
  say: { wsl: string; other: string; reboot: string },
  opts: { unknownOs?: 'apt' } = {},
): string[] {
  const branch = versionParts(floor)[0] ?? 0;
  if (snapshot.os?.wsl?.value) return [`# ${say.wsl}`];
  const id = (snapshot.os?.id?.value ?? (opts.unknownOs === 'apt' ? 'ubuntu' : '')).toLowerCase();
  if (id === 'ubuntu' || id === 'debian' || id === 'linuxmint' || id === 'pop') {
    return ['sudo apt-get update', `sudo apt-get install -y nvidia-driver-${branch}`, `# ${say.reboot}`, 'sudo reboot'];
  }
  if (['rhel', 'rocky', 'almalinux', 'centos', 'fedora', 'ol', 'amzn'].includes(id)) {
    return [`sudo dnf module install -y nvidia-driver:${branch}-dkms`, `# ${say.reboot}`, 'sudo reboot'];
  }
  return [`# ${say.other}`];
}
