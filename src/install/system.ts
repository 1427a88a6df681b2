// Which operating system a fix is for, decided once from the Snapshot (a probe's os-release, WSL and container facts,
// or what a paste shows), and the distribution's own system commands: kernel headers, the initramfs, package
// ownership, holding driver packages, the CUDA toolkit and the NVIDIA Container Toolkit packages.
// Every command that installs, removes or configures something at the OS level is built here or in driver.ts, so a
// rule never chooses apt or dnf by hand. Sources per command are in the comments where they are chosen.
import type { GpuSpec } from '../knowledge/gpus.js';
import type { Snapshot } from '../snapshot/types.js';
import { msg } from './messages.js';

/** A distribution whose packages and tools differ from the others' (the fix names its own packages). */
export type Distro = 'ubuntu' | 'debian' | 'fedora' | 'rhel' | 'amzn' | 'suse' | 'arch';

/** The package tool of a family: what a paste shows when it names no distribution ("sudo dnf install …"). */
export type PackageTool = 'apt' | 'dnf' | 'zypper' | 'pacman';

/**
 * Where a fix runs: a Linux machine, WSL 2 (the Windows driver serves the GPU), native Windows, a container (the
 * host's driver), or an OS nothing shows.
 */
export type Platform = 'linux' | 'wsl' | 'windows' | 'container' | 'unknown';

export interface OsTarget {
  platform: Platform;
  /** The distribution, also inside WSL or a container image; null when only the package tool (or nothing) is known. */
  distro: Distro | null;
  tool: PackageTool | null;
  /** os-release ID as given ("rocky", "opensuse-leap"). */
  id: string | null;
  /** The major release (9 for RHEL 9.4, 24 for Ubuntu 24.04, 2023 for Amazon Linux 2023). */
  major: number | null;
  /** The OS as a person reads it ("Rocky Linux 9.4", else the id). */
  name: string;
}

// os-release IDs per distribution. Derivatives that use the parent's archive and tools count as the parent
// (Linux Mint, Pop!_OS, elementary, Zorin: Ubuntu's archive and ubuntu-drivers; Manjaro, EndeavourOS, CachyOS, Garuda:
// pacman and Arch's nvidia-open packages; Nobara: Fedora + RPM Fusion).
const DISTRO_IDS: Record<Distro, readonly string[]> = {
  ubuntu: ['ubuntu', 'linuxmint', 'pop', 'elementary', 'zorin', 'neon', 'kubuntu', 'xubuntu'],
  debian: ['debian', 'raspbian', 'kali', 'devuan', 'mx'],
  fedora: ['fedora', 'nobara', 'ultramarine'],
  // collect_env's "OS:" line gives the first word ("Red Hat …" → rhel, "Oracle Linux" → oracle, "Amazon Linux" → amazon).
  rhel: ['rhel', 'centos', 'rocky', 'almalinux', 'ol', 'oracle', 'circle', 'eurolinux'],
  amzn: ['amzn', 'amazon'],
  suse: ['sles', 'sled', 'sle-micro', 'suse', 'opensuse', 'opensuse-leap', 'opensuse-tumbleweed', 'opensuse-slowroll', 'opensuse-microos'],
  arch: ['arch', 'archarm', 'manjaro', 'manjaro-arm', 'endeavouros', 'cachyos', 'garuda', 'artix'],
};

const TOOL_OF: Record<Distro, PackageTool> = { ubuntu: 'apt', debian: 'apt', fedora: 'dnf', rhel: 'dnf', amzn: 'dnf', suse: 'zypper', arch: 'pacman' };

/**
 * Pasted facts that show only the package tool (src/parse/os-facts.ts): these ids are not os-release IDs on purpose,
 * so nothing mistakes "the text ran apt" for "this is Debian".
 */
export const TOOL_IDS: Record<PackageTool, string> = { apt: 'apt-based', dnf: 'dnf-based', zypper: 'zypper-based', pacman: 'pacman-based' };

function distroOfId(id: string): Distro | null {
  for (const [d, ids] of Object.entries(DISTRO_IDS) as [Distro, readonly string[]][]) if (ids.includes(id)) return d;
  if (id.startsWith('opensuse') || id.startsWith('sle')) return 'suse';
  return null;
}

/** The OS a fix is for: decided once, from the Snapshot's os facts. */
export function osTarget(s: Snapshot): OsTarget {
  const id = s.os?.id?.value.toLowerCase() ?? null;
  const distro = id ? distroOfId(id) : null;
  const byTool = id ? ((Object.entries(TOOL_IDS) as [PackageTool, string][]).find(([, v]) => v === id)?.[0] ?? null) : null;
  const tool = distro ? TOOL_OF[distro] : byTool;
  const major = Number.parseInt(s.os?.versionId?.value ?? '', 10);
  const name = s.os?.prettyName?.value ?? (id && !byTool ? `${id}${s.os?.versionId ? ` ${s.os.versionId.value}` : ''}` : msg('install.osThisSystem'));
  const base = { distro, tool, id, major: Number.isFinite(major) ? major : null, name };
  // WSL before Windows: a WSL paste often names Windows too (the host); the commands run in the Linux side.
  if (s.os?.wsl?.value === true) return { ...base, platform: 'wsl' };
  if (id === 'windows') return { ...base, distro: null, tool: null, platform: 'windows' };
  if (s.os?.container?.value) return { ...base, platform: 'container' };
  return { ...base, platform: distro || tool ? 'linux' : 'unknown' };
}

/** The package tool family: apt (Debian, Ubuntu), dnf (Fedora, RHEL and rebuilds, Amazon Linux), zypper (SUSE), pacman (Arch). */
export type OsFamily = 'debian' | 'rhel' | 'suse' | 'arch' | 'other';

export function osFamily(s: Snapshot): OsFamily {
  const t = osTarget(s);
  if (t.platform === 'windows') return 'other';
  return t.tool === 'apt' ? 'debian' : t.tool === 'dnf' ? 'rhel' : t.tool === 'zypper' ? 'suse' : t.tool === 'pacman' ? 'arch' : 'other';
}

export const isUbuntu = (s: Snapshot): boolean => osTarget(s).distro === 'ubuntu';

/** A Linux system whose package commands a fix may print (not Windows, not a container whose driver is the host's). */
export const linuxPackages = (t: OsTarget): boolean => (t.platform === 'linux' || t.platform === 'wsl') && t.tool !== null;

/**
 * The driver branch to install for a GPU and whether it must (or should) use the open kernel modules.
 * - Blackwell needs R570 or newer and the open modules only; Turing … Hopper: open modules recommended (R560+
 *   default). NVIDIA blog "NVIDIA Transitions Fully Towards Open-Source GPU Kernel Modules" (2024-07): "For
 *   cutting-edge platforms such as NVIDIA Grace Hopper or NVIDIA Blackwell, you must use the open-source GPU
 *   kernel modules"; "For older GPUs from the Maxwell, Pascal, or Volta architectures, the open-source GPU kernel
 *   modules are not compatible". NVIDIA's Unix graphics feature deprecation schedule: "The release 580 series will be the
 *   last to support GPUs based on the Maxwell, Pascal, and Volta architectures"; R470 was Kepler's last branch.
 */
export function driverBranchFor(spec: GpuSpec | undefined): { branch: string; open: boolean } {
  switch (spec?.architecture) {
    case 'Kepler':
      return { branch: '470', open: false };
    case 'Maxwell':
    case 'Pascal':
    case 'Volta':
      return { branch: '580', open: false };
    default:
      // Turing and newer, and unknown (new) GPUs: the open modules.
      return { branch: '580', open: true };
  }
}

/** The kernel a command is for: the one a message named, else the running one. */
const kernelArg = (kernel?: string): string => kernel ?? '$(uname -r)';

/**
 * Kernel headers (the build tree DKMS / akmods compile the NVIDIA module against) for a kernel, per distribution.
 * NVIDIA Driver Installation Guide, "Pre-installation Actions" → per-distribution kernel packages:
 * Ubuntu/Debian linux-headers-$(uname -r); RHEL kernel-devel-matched + kernel-headers (kernel-devel-<release> for one
 * kernel); Amazon Linux 2023 kernel-devel/-headers/-modules-extra of the release; SUSE
 * kernel-default-devel=$(uname -r | sed 's/\-default//'). Fedora: kernel-devel of the release (its kernel-headers
 * package is versioned apart from the kernel, so it is not pinned to uname -r). ArchWiki "DKMS": the headers
 * package of the kernel package (linux-headers, linux-lts-headers, linux-zen-headers).
 * Null where no Linux module is built (WSL, Windows, a container: the host's driver).
 */
export function kernelHeadersCommand(s: Snapshot, kernel?: string): string | null {
  const t = osTarget(s);
  if (t.platform === 'wsl' || t.platform === 'windows' || t.platform === 'container') return null;
  const k = kernelArg(kernel);
  switch (t.distro ?? t.tool) {
    case 'ubuntu':
    case 'debian':
    case 'apt':
      return `sudo apt install linux-headers-${k}`;
    case 'fedora':
      return `sudo dnf install -y kernel-devel-${k}`;
    case 'rhel':
    case 'dnf':
      return `sudo dnf install -y kernel-devel-${k} kernel-headers`;
    case 'amzn':
      return `sudo dnf install -y kernel-devel-${k} kernel-headers-${k} kernel-modules-extra-${k}`;
    case 'suse':
    case 'zypper':
      return `sudo zypper install -y kernel-default-devel=$(echo ${k} | sed 's/-default//')`;
    case 'arch':
    case 'pacman':
      return `sudo pacman -S --needed ${archHeaders(kernel ?? s.os.kernel?.value ?? '')}`;
    default:
      return `# ${msg('install.osUnknownHeaders', { k })}`;
  }
}

/** Arch's headers package is named for the kernel package: 6.12.9-arch1-1 → linux-headers, 6.6.69-1-lts → linux-lts-headers. */
function archHeaders(kernel: string): string {
  const flavour = /-(lts|zen|hardened|rt)(?:\b|$)/.exec(kernel)?.[1];
  return flavour ? `linux-${flavour}-headers` : 'linux-headers';
}

/**
 * Rebuilds the initramfs so a modprobe.d change reaches early boot. NVIDIA CUDA Installation Guide for Linux,
 * "Disabling Nouveau": `sudo update-initramfs -u` (Ubuntu/Debian), `sudo dracut --force` (RHEL/Fedora, and SUSE, whose
 * mkinitrd is a wrapper around dracut since SLE 12); ArchWiki "Mkinitcpio": `mkinitcpio -P` regenerates every preset.
 * Null where there is no initramfs of this system to change (WSL, Windows, a container).
 */
export function initramfsCommand(s: Snapshot): string | null {
  const t = osTarget(s);
  if (t.platform === 'wsl' || t.platform === 'windows' || t.platform === 'container') return null;
  switch (t.tool) {
    case 'apt':
      return 'sudo update-initramfs -u';
    case 'dnf':
    case 'zypper':
      return 'sudo dracut --force';
    case 'pacman':
      return 'sudo mkinitcpio -P';
    default:
      return `# ${msg('install.osUnknownInitramfs')}`;
  }
}

/**
 * Which package owns a file: dpkg -S (Debian/Ubuntu), rpm -qf (RPM distributions), pacman -Qo (Arch); when the OS is
 * not known, one line that tries each (the missing tools fail silently).
 */
export function ownerCommand(s: Snapshot, path: string): string {
  switch (osTarget(s).tool) {
    case 'apt':
      return `dpkg -S ${path}`;
    case 'dnf':
    case 'zypper':
      return `rpm -qf ${path}`;
    case 'pacman':
      return `pacman -Qo ${path}`;
    default:
      return `dpkg -S ${path} 2>/dev/null || rpm -qf ${path} 2>/dev/null || pacman -Qo ${path}`;
  }
}

/**
 * Keeps the driver packages from being upgraded under a running module (the unattended upgrade that leaves the
 * module and the libraries of two versions). NVIDIA Driver Installation Guide, "Version locking": dnf versionlock
 * with python3-dnf-plugin-versionlock (DNF 4: RHEL 8–10, Amazon Linux 2023; built into DNF 5: Fedora 41+);
 * apt-mark hold (apt); zypper addlock (zypp). Arch does not support partial upgrades (ArchWiki "System maintenance"),
 * so the advice there is to reboot after an upgrade of nvidia-utils, not to hold it.
 */
export function holdDriverLines(s: Snapshot, branch: string | undefined): string[] {
  const t = osTarget(s);
  const b = branch ?? '<branch>';
  switch (t.distro ?? t.tool) {
    case 'ubuntu':
    case 'debian':
    case 'apt':
      return ["sudo apt-mark hold $(dpkg-query -W -f '${db:Status-Abbrev} ${Package}\\n' 'nvidia-*' 'libnvidia-*' 2>/dev/null | awk '/^ii/ {print $2}')"];
    case 'fedora':
      return ["sudo dnf versionlock add '*nvidia*'"];
    case 'rhel':
    case 'amzn':
    case 'dnf':
      return ['sudo dnf install -y python3-dnf-plugin-versionlock', `sudo dnf versionlock add '*nvidia*${branch ? `${branch}*` : ''}'`];
    case 'suse':
    case 'zypper':
      return ["sudo zypper addlock '*nvidia*'"];
    case 'arch':
    case 'pacman':
      return [`# ${msg('install.osArchNoHold')}`];
    default:
      return [`# ${msg('install.osUnknownHold', { branch: b })}`];
  }
}

/**
 * Installs the CUDA toolkit of one release. NVIDIA CUDA Installation Guide for Linux, "Package Manager Installation":
 * the cuda-toolkit-X-Y package from NVIDIA's repository with apt, dnf or zypper. CUDA on WSL User Guide: in WSL only
 * cuda-toolkit-X-Y from the WSL-Ubuntu repository (the cuda / cuda-drivers meta packages would pull a Linux driver).
 * Arch's `cuda` package is the current release only (ArchWiki "GPGPU"), so an older one is the runfile or conda.
 * Windows: NVIDIA's installer from the download archive. A container: the image decides (an nvidia/cuda devel image
 * of that release). Unknown OS: the archive page, where every installer is listed.
 */
export function cudaToolkitInstallLines(s: Snapshot, cuda: string): string[] {
  const t = osTarget(s);
  const dash = cuda.split('.').slice(0, 2).join('-');
  const archive = `https://developer.nvidia.com/cuda-${dash}-0-download-archive`;
  if (t.platform === 'windows') return [`# ${msg('install.osWinToolkit', { cuda, archive })}`];
  if (t.platform === 'container') return [`# ${msg('install.osContainerToolkit', { cuda, archive })}`];
  if (t.platform === 'wsl') {
    if (t.tool === 'apt' || !t.tool) return [`# ${msg('install.osWslToolkit', { cuda })}`, `sudo apt-get install -y cuda-toolkit-${dash}`];
  }
  switch (t.tool) {
    case 'apt':
      return [`sudo apt-get install -y cuda-toolkit-${dash}`];
    case 'dnf':
      return [`sudo dnf install -y cuda-toolkit-${dash}`];
    case 'zypper':
      return [`sudo zypper install -y cuda-toolkit-${dash}`];
    case 'pacman':
      return [`# ${msg('install.osArchToolkit', { cuda, archive })}`];
    default:
      return [`# ${archive}`];
  }
}

/**
 * The NVIDIA Container Toolkit package (NVIDIA Container Toolkit install guide: apt, dnf/yum and zypper after adding
 * NVIDIA's repository; Arch packages it in extra: archlinux.org/packages/extra/x86_64/nvidia-container-toolkit).
 * Unknown OS: the variants in one instruction line.
 */
export function containerToolkitInstallCommand(s: Snapshot): string {
  switch (osTarget(s).tool) {
    case 'apt':
      return 'sudo apt-get install -y nvidia-container-toolkit';
    case 'dnf':
      return 'sudo dnf install -y nvidia-container-toolkit';
    case 'zypper':
      return 'sudo zypper install -y nvidia-container-toolkit';
    case 'pacman':
      return 'sudo pacman -S --needed nvidia-container-toolkit';
    default:
      return `# ${msg('install.osUnknownContainerToolkit')}`;
  }
}

/** The container toolkit on the host a container runs on: the host's OS is not in the container's facts, so each variant is named. */
export function hostContainerToolkitLines(): string[] {
  return [`# ${msg('install.osUnknownContainerToolkit')}`];
}

/**
 * Removes a Linux NVIDIA driver installed inside WSL 2 (CUDA on WSL User Guide: "Once a Windows NVIDIA GPU driver is
 * installed on the system, CUDA becomes available within WSL 2 … users must not install any NVIDIA GPU Linux driver
 * within WSL 2"). Per package tool; WSL's default distribution is Ubuntu, so an unknown one gets the apt line marked as such.
 */
export function removeLinuxDriverLines(s: Snapshot): string[] {
  switch (osTarget(s).tool) {
    case 'apt':
      return [APT_PURGE];
    case 'dnf':
      return [
        "rpm -qa | grep -iE 'nvidia|cuda-drivers' ; sudo dnf remove 'nvidia-driver*' 'akmod-nvidia*' 'kmod-nvidia*' 'xorg-x11-drv-nvidia*' 'cuda-drivers*'",
      ];
    case 'zypper':
      return ["rpm -qa | grep -i nvidia ; sudo zypper remove $(rpm -qa --qf '%{NAME}\\n' | grep -E '^nvidia-(open-)?(driver|gfx|compute|gl)')"];
    case 'pacman':
      return ["pacman -Qq | grep -E '^(lib32-)?nvidia' ; sudo pacman -Rns $(pacman -Qq | grep -E '^(lib32-)?nvidia')"];
    default:
      return [`# ${msg('install.osWslDefaultUbuntu')}`, APT_PURGE];
  }
}

const APT_PURGE =
  'dpkg -l | grep -iE "nvidia-(driver|utils|compute)|libnvidia" ; sudo apt-get remove --purge "nvidia-driver-*" "nvidia-utils-*" "libnvidia-compute-*"';

/**
 * Rebuilds the NVIDIA kernel module for a kernel (after a kernel update the module is missing for the new one).
 * DKMS (Ubuntu, Debian, NVIDIA's RHEL/SUSE dkms packages, Arch's nvidia-open-dkms): headers, then `dkms autoinstall`
 * or `dkms install nvidia/<version> -k <kernel>` (dkms(8)). Fedora's RPM Fusion packages build with akmods
 * (rpmfusion.org/Howto/NVIDIA, "akmods --force", and dracut afterwards). Arch's prebuilt nvidia-open follows the
 * `linux` package: a full upgrade and a reboot into the kernel it was built for (ArchWiki "NVIDIA").
 */
export function moduleRebuildLines(s: Snapshot, opts: { kernel?: string; driver?: string; dkms?: boolean } = {}): string[] {
  const t = osTarget(s);
  if (t.platform === 'wsl' || t.platform === 'windows' || t.platform === 'container') return [];
  const k = kernelArg(opts.kernel);
  const headers = kernelHeadersCommand(s, opts.kernel);
  const dkms = opts.driver && /^\d{3}\.\d/.test(opts.driver) ? `sudo dkms install nvidia/${opts.driver} -k ${k}` : 'sudo dkms autoinstall';
  switch (t.distro ?? t.tool) {
    case 'fedora':
      return [headers!, `sudo akmods --force --kernels ${k}`, 'sudo dracut --force'];
    case 'dnf':
      // Fedora (RPM Fusion akmods) or RHEL (NVIDIA's dkms packages): the text does not say which.
      return [headers!, `# ${msg('install.osDnfAkmods', { k })}`, dkms];
    case 'arch':
    case 'pacman':
      return opts.dkms ? [headers!, dkms] : [`# ${msg('install.osArchPrebuilt')}`, 'sudo pacman -Syu', 'sudo reboot'];
    default:
      return [...(headers ? [headers] : []), dkms];
  }
}

/**
 * Puts a folder on a native Windows PATH: `where` shows what is found now, `set` fixes this cmd window, and the
 * System Properties dialog every new one (setx truncates the value it writes to 1024 characters: Microsoft's setx
 * documentation).
 */
export function windowsPathLines(dir: string, file: string): string[] {
  return [`where ${file}`, `set PATH=${dir};%PATH%`, `# ${msg('install.osWinPathPermanent', { dir })}`];
}

/**
 * The container host's NVIDIA Container Toolkit, then a container started with the GPU (NVIDIA Container Toolkit
 * install guide: the package, `nvidia-ctk runtime configure --runtime=docker`, a restart of Docker). The host's OS is
 * not among a container's facts, so its package line names each family.
 */
export function containerToolkitHostLines(): string[] {
  return [
    msg('install.ctHost'),
    `# ${msg('install.osUnknownContainerToolkit')}`,
    'sudo nvidia-ctk runtime configure --runtime=docker',
    'sudo systemctl restart docker',
    msg('install.ctRun'),
    'docker run --rm --gpus all <image> nvidia-smi',
  ];
}

/**
 * The folder the distribution's driver packages put libcuda.so.1 in: Debian/Ubuntu's multiarch folder, /usr/lib64 on
 * RPM distributions, /usr/lib on Arch, /usr/lib/wsl/lib in WSL; null when the OS is not known.
 */
export function systemLibDir(s: Snapshot): string | null {
  const t = osTarget(s);
  if (t.platform === 'wsl') return '/usr/lib/wsl/lib';
  const aarch64 = /aarch64|arm64/.test(s.os?.arch?.value ?? '');
  switch (t.tool) {
    case 'apt':
      return aarch64 ? '/usr/lib/aarch64-linux-gnu' : '/usr/lib/x86_64-linux-gnu';
    case 'dnf':
    case 'zypper':
      return '/usr/lib64';
    case 'pacman':
      return '/usr/lib';
    default:
      return null;
  }
}
