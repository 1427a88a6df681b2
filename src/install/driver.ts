// Driver commands shared by the driver, nouveau, secure-boot, library and WSL rules and by `gpuenv plan`: one place
// for the package names per distribution, decided from the OS the Snapshot shows (install/system.ts osTarget).
// Sources (checked 2026-11):
// - NVIDIA Driver Installation Guide (docs.nvidia.com/datacenter/tesla/driver-installation-guide/), "Kernel Modules",
//   table "Open GPU kernel module installation": RHEL/Rocky/Alma/Oracle 8/9 and Amazon Linux 2023
//   `dnf module enable nvidia-driver:open-dkms` (a branch: `nvidia-driver:580-open`) + `dnf install nvidia-open`;
//   RHEL 10 and rebuilds `dnf install nvidia-open` (a branch: `dnf versionlock *nvidia*580*`); Ubuntu/Debian from
//   NVIDIA's repository `apt install nvidia-open`, proprietary `cuda-drivers`; "Recent updates": from 590 the
//   Ubuntu packages drop the branch from their names (cuda-drivers-580 is not continued).
// - Ubuntu's archive: nvidia-driver-<branch>[-open] and `ubuntu-drivers install` (Ubuntu Server docs, "NVIDIA drivers
//   installation").
// - RPM Fusion (rpmfusion.org/Howto/NVIDIA): Fedora uses RPM Fusion's akmod-nvidia + xorg-x11-drv-nvidia-cuda, built
//   by akmods after the install ("wait until modinfo -F version nvidia prints a version"); Kepler:
//   akmod-nvidia-470xx; the open modules are chosen with "%_with_kmod_nvidia_open 1" in /etc/rpm/macros.nvidia-kmod.
//   rpmfusion.org/Howto/Secure Boot: `kmodgenca -a` + `mokutil --import /etc/pki/akmods/certs/public_key.der`.
// - openSUSE: the SUSE-signed open kernel module for NVIDIA's CUDA repository is
//   nvidia-open-driver-G06-signed-cuda-kmp-default (software.opensuse.org; G07 from the 590 branch), the
//   proprietary one the DKMS package nvidia-driver-G06; NVIDIA's repositories repos/sles15, repos/opensuse15,
//   repos/suse16 (SUSE's packager's guide, sndirsch.github.io, checked 2026-12-02; see suseInstall).
// - Arch Linux (archlinux.org news, 2025-12, "NVIDIA 590 driver drops Pascal support; main packages switch to Open
//   Kernel Modules"; ArchWiki "NVIDIA"): nvidia-open (for `linux`), nvidia-open-lts, nvidia-open-dkms (other
//   kernels) with nvidia-utils; Maxwell/Pascal/Volta: the AUR package nvidia-580xx-dkms; Kepler: nvidia-470xx-dkms.
// - CUDA on WSL User Guide: never install a Linux NVIDIA driver inside WSL 2; the Windows driver provides
//   /usr/lib/wsl/lib.
import { matchGpu, type GpuSpec } from '../knowledge/gpus.js';
import { versionParts } from '../knowledge/version.js';
import type { Snapshot } from '../snapshot/types.js';
import { msg } from './messages.js';
import { driverBranchFor, initramfsCommand, osTarget, type OsTarget } from './system.js';

/**
 * Branches NVIDIA's repositories and Ubuntu's archive keep (the production and long-term branches). A floor from a
 * CUDA table (440, 525) is met by the lowest of these at or above it; an older branch package is gone from the
 * current releases.
 */
const KEPT_BRANCHES = [470, 535, 570, 580];

const keptBranch = (floor: number): number => KEPT_BRANCHES.find((b) => b >= floor) ?? floor;

interface Choice {
  branch: string;
  open: boolean;
  /** A GPU that needs the open modules (Blackwell). */
  openRequired: boolean;
}

/** The most restrictive GPU decides: an old architecture forces the proprietary modules and its last branch. */
function choose(specs: (GpuSpec | undefined)[], minBranch?: string): Choice & { found: { branch: string; open: boolean }; spec: GpuSpec | undefined } {
  const choices = specs.map(driverBranchFor);
  const found = choices.find((c) => c.branch === '470') ?? choices.find((c) => !c.open) ?? choices[0] ?? { branch: '580', open: true };
  const branch = minBranch && Number(minBranch) > Number(found.branch) ? minBranch : found.branch;
  const spec = specs.find((x) => driverBranchFor(x).branch === found.branch && driverBranchFor(x).open === found.open) ?? specs[0];
  return { branch, open: found.open, openRequired: specs.some((x) => x?.architecture === 'Blackwell'), found, spec };
}

/**
 * Commands that install the NVIDIA driver for these GPUs on this OS, "# " lines saying why. `minBranch` raises the
 * branch when a CUDA runtime needs a newer driver than the GPU alone does (the planner's driver floor).
 */
export function driverInstallCommands(s: Snapshot, specs: (GpuSpec | undefined)[], minBranch?: string): string[] {
  const c = choose(specs, minBranch);
  const arch = c.spec?.architecture ?? '?';
  const openText = c.open ? (c.openRequired ? msg('install.dnlOpenRequired') : msg('install.dnlOpenRecommended')) : msg('install.dnlProprietary', { arch });
  const shown = c.openRequired && c.branch === c.found.branch ? '570' : c.branch;
  const t = osTarget(s);
  const head = msg('install.dnlFixBranch', { gpu: c.spec?.name ?? 'GPU', arch, branch: shown, open: openText });
  if (t.platform === 'wsl') return [head, `# ${msg('install.drvWslNever')}`];
  if (t.platform === 'windows') return [head, `# ${msg('install.drvWindows', { floor: c.branch })}`];
  if (t.platform === 'container') return [head, `# ${msg('install.drvContainerHost', { floor: c.branch })}`];
  return [head, ...installFor(t, s, c)];
}

/** The install lines of one distribution for a branch and flavour. */
function installFor(t: OsTarget, s: Snapshot, c: Choice): string[] {
  const b = c.branch;
  switch (t.distro ?? t.tool) {
    case 'ubuntu':
      // Ubuntu archive packages nvidia-driver-<branch>[-open]; ubuntu-drivers picks one itself.
      return ['sudo apt update', `sudo apt install nvidia-driver-${b}${c.open ? '-open' : ''}`, msg('install.dnlFixUbuntuAuto')];
    case 'debian':
    case 'apt':
      return [msg('install.dnlFixDebianRepo'), 'sudo apt update', c.open ? 'sudo apt install nvidia-open' : `sudo apt install cuda-drivers-${b}`];
    case 'fedora':
      return fedoraInstall(s, c);
    case 'rhel':
    case 'amzn':
      return rhelInstall(t, s, c);
    case 'dnf':
      return [`# ${msg('install.drvDnfWhich', { branch: b, flavour: c.open ? 'open' : 'dkms' })}`];
    case 'suse':
    case 'zypper':
      return suseInstall(t, s, c);
    case 'arch':
    case 'pacman':
      return archInstall(s, c);
    default:
      // An OS the Snapshot names but gpuenv has no package commands for: say so rather than guess Ubuntu's.
      if (t.id) return [msg('install.dnlFixOtherOs', { branch: b, os: t.name })];
      return [`# ${msg('install.drvUnknownOs', { branch: b })}`, 'sudo apt update', `sudo apt install nvidia-driver-${b}${c.open ? '-open' : ''}`];
  }
}

const RPMFUSION =
  'sudo dnf install -y https://mirrors.rpmfusion.org/free/fedora/rpmfusion-free-release-$(rpm -E %fedora).noarch.rpm https://mirrors.rpmfusion.org/nonfree/fedora/rpmfusion-nonfree-release-$(rpm -E %fedora).noarch.rpm';

function fedoraInstall(_s: Snapshot, c: Choice): string[] {
  const out = [`# ${msg('install.drvRpmFusion')}`, RPMFUSION];
  if (c.branch === '470') out.push('sudo dnf install -y akmod-nvidia-470xx xorg-x11-drv-nvidia-470xx-cuda');
  else if (!c.open) out.push(`# ${msg('install.drvRpmFusionLegacy', { branch: c.branch })}`);
  else {
    if (c.openRequired) out.push("echo '%_with_kmod_nvidia_open 1' | sudo tee /etc/rpm/macros.nvidia-kmod");
    out.push('sudo dnf install -y akmod-nvidia xorg-x11-drv-nvidia-cuda');
  }
  out.push(`# ${msg('install.drvAkmodsWait')}`, 'modinfo -F version nvidia');
  return out;
}

/** NVIDIA's repository folder ("rhel9", "amzn2023", "sles15") and the machine's architecture folder in it. */
function nvidiaRepo(s: Snapshot, dir: string): string {
  const arch = /aarch64|arm64/.test(s.os.arch?.value ?? '') ? 'sbsa' : 'x86_64';
  return `https://developer.download.nvidia.com/compute/cuda/repos/${dir}/${arch}/cuda-${dir}.repo`;
}

function rhelInstall(t: OsTarget, s: Snapshot, c: Choice): string[] {
  const amzn = t.distro === 'amzn';
  const major = t.major;
  const dir = amzn ? 'amzn2023' : major ? `rhel${major}` : 'rhel$(rpm -E %rhel)';
  const out = [msg('install.dnlFixRhelRepo'), `sudo dnf config-manager --add-repo ${nvidiaRepo(s, dir)}`];
  // DKMS comes from EPEL on RHEL and its rebuilds (NVIDIA guide, RHEL pre-installation: EPEL + CRB/CodeReady
  // Builder); Amazon Linux 2023 has no EPEL and gets dkms from NVIDIA's amzn2023 repository.
  if (!amzn) {
    out.push(`# ${msg('install.drvEpel')}`);
    // RHEL installs EPEL's release package from Fedora's server; Oracle Linux names its own; the rebuilds ship epel-release.
    out.push(
      t.id === 'rhel'
        ? 'sudo dnf install -y https://dl.fedoraproject.org/pub/epel/epel-release-latest-$(rpm -E %rhel).noarch.rpm'
        : t.id === 'ol' || t.id === 'oracle'
          ? 'sudo dnf install -y oracle-epel-release-el$(rpm -E %rhel)'
          : 'sudo dnf install -y epel-release',
    );
  }
  const modular = amzn || (major !== null && major >= 8 && major <= 9);
  const pkg = c.open ? 'nvidia-open' : 'cuda-drivers';
  if (modular) out.push(`sudo dnf module enable -y nvidia-driver:${c.branch}-${c.open ? 'open' : 'dkms'}`);
  else if (major === null) out.push(`# ${msg('install.drvRhelModules', { branch: c.branch, flavour: c.open ? 'open' : 'dkms' })}`);
  else if (!c.open) out.push('sudo dnf install -y python3-dnf-plugin-versionlock', `sudo dnf versionlock '*nvidia*${c.branch}*'`);
  out.push(`sudo dnf install -y ${pkg}`);
  return out;
}

function suseInstall(t: OsTarget, s: Snapshot, c: Choice): string[] {
  if (t.id === 'opensuse-tumbleweed' || t.id === 'opensuse-slowroll') {
    // openSUSE wiki "SDB:NVIDIA drivers": Tumbleweed has no NVIDIA CUDA repository; openSUSE's NVIDIA repository and
    // `zypper install-new-recommends` pick the driver packages for the GPU.
    return [
      `# ${msg('install.drvTumbleweed')}`,
      'sudo zypper install -y openSUSE-repos-Tumbleweed-NVIDIA',
      'sudo zypper install-new-recommends --repo repo-non-free',
    ];
  }
  const sle = t.id === 'sles' || t.id === 'sled' || t.id === 'sle-micro';
  const dir = t.major === 16 ? 'suse16' : sle ? 'sles15' : 'opensuse15';
  const g = Number(c.branch) >= 590 ? 'G07' : 'G06';
  // SUSE's NVIDIA packager's guide (checked 2026-12-02): https://sndirsch.github.io/nvidia/2025/07/16/nvidia-drivers.html
  // (G06, as of commit a1f41ea of github.com/sndirsch/sndirsch.github.io) and
  // https://sndirsch.github.io/nvidia/2026/02/22/nvidia-drivers-G07.html (G07, the 590 branch on): CUDA repository
  // added by its folder URL ("zypper addrepo https://developer.download.nvidia.com/compute/cuda/repos/<dir>/<arch>/
  // cuda"; opensuse15 = Leap 15.6, sles15 = SLE 15, suse16 = SLE 16 / Leap 16), then
  // nvidia-open-driver-G0x-signed-cuda-kmp-default + nvidia-compute-utils-G0x; the proprietary module from that
  // repository is the DKMS package nvidia-driver-G06 (Maxwell–Volta; nvidia-driver-G06-kmp-default is one it says to
  // lock). G07 has no proprietary package there, so that case prints no command.
  const arch = /aarch64|arm64/.test(s.os.arch?.value ?? '') ? 'sbsa' : 'x86_64';
  const install = c.open
    ? [`sudo zypper install -y nvidia-open-driver-${g}-signed-cuda-kmp-default nvidia-compute-utils-${g}`]
    : g === 'G06'
      ? ['sudo zypper install -y nvidia-driver-G06 nvidia-compute-utils-G06']
      : [`# ${msg('install.drvSuseNoProprietary', { branch: c.branch })}`];
  return [
    msg('install.dnlFixSuseRepo'),
    `sudo zypper addrepo https://developer.download.nvidia.com/compute/cuda/repos/${dir}/${arch}/ cuda`,
    'sudo zypper refresh',
    ...install,
  ];
}

/** Arch's packages follow the kernel package: the running kernel's suffix picks nvidia-open / -lts / -dkms. */
function archInstall(s: Snapshot, c: Choice): string[] {
  if (c.branch === '470') return [`# ${msg('install.drvArchAur', { pkg: 'nvidia-470xx-dkms', arch: 'Kepler' })}`];
  if (!c.open) return [`# ${msg('install.drvArchAur', { pkg: 'nvidia-580xx-dkms', arch: 'Maxwell / Pascal / Volta' })}`];
  const kernel = s.os.kernel?.value ?? '';
  if (/-lts\b/.test(kernel)) return ['sudo pacman -S --needed nvidia-open-lts nvidia-utils'];
  if (/-(zen|hardened|rt)\b/.test(kernel)) {
    const flavour = /-(zen|hardened|rt)\b/.exec(kernel)![1];
    return [`sudo pacman -S --needed linux-${flavour}-headers nvidia-open-dkms nvidia-utils`];
  }
  return ['sudo pacman -S --needed nvidia-open nvidia-utils', `# ${msg('install.drvArchOtherKernel')}`];
}

/** The GPUs the Snapshot names (NVML or a paste), as catalogue entries. */
function gpuSpecs(s: Snapshot): (GpuSpec | undefined)[] {
  return (s.gpus ?? []).map((g) => matchGpu(g.name).match);
}

/**
 * Commands that install a driver of at least `floor` on this OS; "# " lines where nothing is installed here (WSL,
 * Windows, a container: the driver is the Windows host's or the container host's). When the OS is not known, the
 * Ubuntu commands marked as such, after one line naming the other families' ways.
 */
export function driverUpgradeCommands(snapshot: Snapshot, floor: string, say: { wsl: string; other: string; reboot: string }): string[] {
  const t = osTarget(snapshot);
  const want = versionParts(floor)[0] ?? 0;
  if (t.platform === 'wsl') return [`# ${say.wsl}`];
  if (t.platform === 'windows') return [`# ${msg('install.drvWindows', { floor })}`];
  if (t.platform === 'container') return [`# ${msg('install.drvContainerHost', { floor })}`];
  const specs = gpuSpecs(snapshot);
  const base = choose(specs);
  // Without a GPU the flavour follows the module that is loaded; the open modules need a Turing or newer GPU.
  const flavour = snapshot.driver?.moduleFlavor?.value;
  const open = specs.length ? base.open : flavour === 'open';
  const c: Choice = { branch: String(keptBranch(want)), open, openRequired: base.openRequired };
  const reboot = [`# ${say.reboot}`, 'sudo reboot'];
  switch (t.distro ?? t.tool) {
    case 'ubuntu':
      return ['sudo apt-get update', `sudo apt-get install -y nvidia-driver-${c.branch}${c.open ? '-open' : ''}`, ...reboot];
    case 'debian':
    case 'apt':
      return [
        msg('install.dnlFixDebianRepo'),
        'sudo apt-get update',
        c.open ? 'sudo apt-get install -y nvidia-open' : `sudo apt-get install -y cuda-drivers-${c.branch}`,
        ...reboot,
      ];
    case 'rhel':
    case 'amzn': {
      const modular = t.distro === 'amzn' || (t.major !== null && t.major >= 8 && t.major <= 9);
      // NVIDIA guide, "Switching between driver module streams": switch-to moves an enabled stream (or enables one).
      if (modular) return [`sudo dnf module switch-to -y nvidia-driver:${c.branch}-${c.open ? 'open' : 'dkms'} --allowerasing`, ...reboot];
      return [...rhelInstall(t, snapshot, c), ...reboot];
    }
    case 'arch':
    case 'pacman':
      return c.open ? ['sudo pacman -Syu --needed nvidia-utils', ...reboot] : [...archInstall(snapshot, c), ...reboot];
    case null:
    case undefined:
      if (t.id) return [msg('install.dnlFixOtherOs', { branch: c.branch, os: t.name }), ...reboot];
      return [
        `# ${msg('install.drvUnknownOs', { branch: c.branch })}`,
        'sudo apt-get update',
        `sudo apt-get install -y nvidia-driver-${c.branch}${c.open ? '-open' : ''}`,
        ...reboot,
      ];
    default:
      return [...installFor(t, snapshot, c), ...reboot];
  }
}

/** Lines that list the driver branches this OS offers, then install one (a GPU the installed release does not support). */
export function driverBranchLines(s: Snapshot): string[] {
  const t = osTarget(s);
  if (t.platform === 'wsl' || t.platform === 'windows') return [`# ${msg('install.drvWindows', { floor: '<branch>' })}`];
  if (t.platform === 'container') return [`# ${msg('install.drvContainerHost', { floor: '<branch>' })}`];
  switch (t.distro ?? t.tool) {
    case 'ubuntu':
      return ['sudo ubuntu-drivers devices', 'sudo apt-get install -y nvidia-driver-<branch>'];
    case 'debian':
    case 'apt':
      return ["apt-cache search --names-only '^cuda-drivers-[0-9]+$'", 'sudo apt-get install -y cuda-drivers-<branch>'];
    case 'fedora':
      return ["dnf list --available 'akmod-nvidia*'", 'sudo dnf install -y akmod-nvidia<-legacy suffix, e.g. -470xx>'];
    case 'rhel':
    case 'amzn':
      return ['dnf module list nvidia-driver', 'sudo dnf module switch-to -y nvidia-driver:<branch>-dkms --allowerasing'];
    case 'suse':
    case 'zypper':
      return ["zypper search 'nvidia-*-kmp-default'", 'sudo zypper install -y <package of that branch>'];
    case 'arch':
    case 'pacman':
      return [`# ${msg('install.drvArchBranches')}`];
    default:
      return [`# ${msg('install.drvUnknownBranches')}`];
  }
}

/**
 * Switches to the proprietary kernel module of a branch (a GPU without a GSP refused by the open module), per OS.
 * NVIDIA guide "Proprietary GPU kernel modules installation"; RPM Fusion "%_with_kmod_nvidia_open 0"; the .run
 * installer's --kernel-module-type=proprietary (NVIDIA README, "Installing the NVIDIA Driver").
 */
export function proprietaryModuleLines(s: Snapshot, branch: string | undefined): string[] {
  const t = osTarget(s);
  const b = branch ?? '<branch>';
  switch (t.distro ?? t.tool) {
    case 'ubuntu':
      return [`sudo apt-get install -y nvidia-driver-${b}   # ${msg('install.drvUbuntuProprietary', { branch: b })}`];
    case 'debian':
    case 'apt':
      return [`sudo apt-get install -y cuda-drivers-${b}`];
    case 'fedora':
      return ["echo '%_with_kmod_nvidia_open 0' | sudo tee /etc/rpm/macros.nvidia-kmod", 'sudo akmods --rebuild --force', 'sudo dracut --force'];
    case 'rhel':
    case 'amzn':
      return [`sudo dnf module switch-to -y nvidia-driver:${b}-dkms --allowerasing`];
    case 'suse':
    case 'zypper':
      // SUSE's guide (see suseInstall): the proprietary module is the DKMS package nvidia-driver-G06; none for G07.
      return Number(b) >= 590 ? [`# ${msg('install.drvSuseNoProprietary', { branch: b })}`] : ['sudo zypper install -y nvidia-driver-G06'];
    case 'arch':
    case 'pacman':
      return [`# ${msg('install.drvArchAur', { pkg: 'nvidia-580xx-dkms', arch: msg('install.drvProprietaryModule') })}`];
    default:
      return [
        `# ${msg('install.drvUnknownProprietary', { branch: b })}`,
        `sudo apt-get install -y nvidia-driver-${b}   # ${msg('install.drvUbuntuProprietary', { branch: b })}`,
      ];
  }
}

/**
 * NVIDIA Fabric Manager of the driver's version (HGX/DGX NVSwitch systems). NVIDIA Fabric Manager User Guide:
 * nvidia-fabricmanager-<branch> (deb, NVIDIA's repository; from 590 without the branch in the name).
 * dnf: nvidia-fabric-manager (checked 2026-12-02: NVIDIA's cloud-native docs, "Accelerating workloads with NVIDIA GPUs
 * with Red Hat Device Edge", `sudo dnf install nvidia-fabric-manager libnvidia-nscq-525`,
 * https://docs.nvidia.com/datacenter/cloud-native/edge/latest/nvidia-gpu-with-device-edge.html, source
 * github.com/NVIDIA/cloud-native-docs edge/nvidia-gpu-with-device-edge.rst; AWS's Amazon Linux 2023
 * GPU driver steps use the same name). zypper: no documentation of the SUSE package name was found (NVIDIA's
 * yum-packaging-fabric-manager README still names nvidia-fabricmanager-<branch>), so that case prints an instruction.
 */
export function fabricManagerInstall(s: Snapshot, version: string | undefined): string {
  const branch = versionParts(version ?? '')[0];
  const t = osTarget(s);
  switch (t.tool) {
    case 'apt': {
      const name = branch && branch >= 590 ? 'nvidia-fabricmanager' : `nvidia-fabricmanager-${branch ?? '<branch>'}`;
      return `sudo apt-get install -y ${name}${version ? `=${version}-*` : ''}`;
    }
    case 'dnf':
      return `sudo dnf install -y nvidia-fabric-manager${version ? `-${version}` : ''}`;
    case 'zypper':
      return `# ${msg('install.drvFabricSuse', { version: version ?? '<version>' })}`;
    default:
      return `# ${msg('install.drvFabricUnknown', { version: version ?? '<version>' })}`;
  }
}

/**
 * Adds a kernel parameter for every boot. Debian/Ubuntu: GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub + update-grub;
 * Fedora/RHEL: grubby --update-kernel=ALL --args (RHEL "Managing, monitoring and updating the kernel", kernel
 * command-line parameters); SUSE: grub2-mkconfig -o /boot/grub2/grub.cfg; Arch (ArchWiki "Kernel parameters", GRUB):
 * grub-mkconfig -o /boot/grub/grub.cfg.
 */
export function kernelParameterLines(s: Snapshot, param: string): string[] {
  const edit = `# ${msg('install.osGrubEdit', { param })}`;
  switch (osTarget(s).tool) {
    case 'apt':
      return [edit, 'sudo update-grub'];
    case 'dnf':
      return [`sudo grubby --update-kernel=ALL --args="${param}"`];
    case 'zypper':
      return [edit, 'sudo grub2-mkconfig -o /boot/grub2/grub.cfg'];
    case 'pacman':
      return [edit, 'sudo grub-mkconfig -o /boot/grub/grub.cfg'];
    default:
      return [`# ${msg('install.osGrubUnknown', { param })}`];
  }
}

/**
 * Where DKMS or akmods keeps the key it signs modules with.
 * Ubuntu (shim-signed + dkms framework.conf mok_certificate): /var/lib/shim-signed/mok/MOK.der (Ubuntu's
 * update-secureboot-policy). DKMS 3 elsewhere (Debian 12+, NVIDIA's RHEL/SUSE dkms packages, Arch) generates
 * /var/lib/dkms/mok.key + mok.pub (Debian wiki "SecureBoot", DKMS section). Fedora's akmods:
 * /etc/pki/akmods/certs/public_key.der after `kmodgenca -a` (rpmfusion.org/Howto/Secure Boot).
 */
export function mokKey(s: Snapshot): string {
  const t = osTarget(s);
  if (t.distro === 'ubuntu') return '/var/lib/shim-signed/mok/MOK.der';
  if (t.distro === 'fedora') return '/etc/pki/akmods/certs/public_key.der';
  if (t.distro || t.tool) return '/var/lib/dkms/mok.pub';
  return '/var/lib/shim-signed/mok/MOK.der';
}

/** Blacklist nouveau (NVIDIA CUDA Installation Guide, "Disabling Nouveau"): the file and its two lines; nova_core too when it holds the GPU. */
export function nouveauBlacklistLines(s?: Snapshot, opts: { nova?: boolean } = {}): string[] {
  const t = s ? osTarget(s) : undefined;
  if (t && (t.platform === 'wsl' || t.platform === 'windows' || t.platform === 'container')) return [];
  const mods = opts.nova ? ['nouveau', 'nova_core', 'nova_drm'] : ['nouveau'];
  const file = opts.nova ? 'blacklist-nova.conf' : 'blacklist-nouveau.conf';
  const lines = [
    msg('install.nvFixFile'),
    `printf '${mods.map((x) => `blacklist ${x}\\n`).join('')}options nouveau modeset=0\\n' | sudo tee /etc/modprobe.d/${file}`,
  ];
  // ArchWiki "NVIDIA", Installation: the kms mkinitcpio hook puts nouveau in the initramfs; remove it before rebuilding.
  if (t?.tool === 'pacman') lines.push(`# ${msg('install.nvArchKms')}`);
  return lines;
}

/** Rebuild the initramfs so the blacklist applies at boot. */
export function initramfsLines(s: Snapshot): string[] {
  const cmd = initramfsCommand(s);
  return cmd ? [msg('install.nvFixInitramfs'), cmd] : [];
}

/**
 * Enrol the module signing key with MOK (shim's mokutil), then reboot and check. Fedora creates the akmods key first
 * and rebuilds the module signed with it; SUSE's -signed KMP packages are signed with SUSE's key, which shim already
 * trusts; Arch boots without shim unless it was set up, so its line says which case the commands are for.
 * `short`: only the enrolment (a text that shows a refused module, not this machine's state).
 */
export function mokEnrolLines(s: Snapshot, opts: { short?: boolean } = {}): string[] {
  const t = osTarget(s);
  if (t.platform === 'wsl' || t.platform === 'windows' || t.platform === 'container') return [];
  const key = mokKey(s);
  const lead: string[] = [];
  if (t.distro === 'fedora') lead.push(`# ${msg('install.sbFedoraKey')}`, 'sudo kmodgenca -a');
  // SUSE's packager's guide (https://sndirsch.github.io/nvidia/2026/02/22/nvidia-drivers-G07.html, checked 2026-12-02):
  // the -signed-cuda-kmp packages are "prebuilt and secureboot-signed"; a DKMS module needs
  // `mokutil --import /var/lib/dkms/mok.pub` (the key mokKey gives for SUSE).
  else if (t.tool === 'zypper') lead.push(`# ${msg('install.sbSuseSigned')}`);
  else if (t.tool === 'pacman') lead.push(`# ${msg('install.sbArchShim')}`);
  else if (!t.distro && !t.tool) lead.push(`# ${msg('install.sbUnknownKey')}`);
  const rebuild = t.distro === 'fedora' ? ['sudo akmods --force --rebuild', 'sudo dracut --force'] : [];
  if (opts.short)
    return [
      'mokutil --sb-state',
      ...lead,
      msg('install.sbFixKey', { key, tool: t.distro === 'fedora' ? 'akmods' : 'DKMS' }),
      `sudo mokutil --import ${key}`,
      msg('install.sbFixPassword'),
      'sudo reboot',
      ...rebuild,
    ];
  return [
    msg('install.sbFixState'),
    'mokutil --sb-state',
    ...lead,
    msg('install.sbFixKey', { key, tool: t.distro === 'fedora' ? 'akmods' : 'DKMS' }),
    `sudo mokutil --import ${key}`,
    msg('install.sbFixPassword'),
    'sudo reboot',
    msg('install.sbFixVerify'),
    `mokutil --test-key ${key}`,
    ...rebuild,
    'lsmod | grep nvidia',
    msg('install.sbFixDisable'),
  ];
}
