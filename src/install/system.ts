// Distribution-specific system commands: which family of package tools this OS uses, kernel headers, the initramfs,
// package ownership, and the driver branch a GPU needs.
import type { GpuSpec } from '../knowledge/gpus.js';
import type { Snapshot } from '../snapshot/types.js';

export type OsFamily = 'debian' | 'rhel' | 'suse' | 'other';

const RHEL_LIKE = new Set(['rhel', 'centos', 'rocky', 'almalinux', 'ol', 'fedora', 'amzn', 'azurelinux']);

export function osFamily(s: Snapshot): OsFamily {
  const id = s.os.id?.value.toLowerCase() ?? '';
  if (id === 'ubuntu' || id === 'debian' || id === 'linuxmint' || id === 'pop') return 'debian';
  if (RHEL_LIKE.has(id)) return 'rhel';
  if (id.startsWith('opensuse') || id === 'sles') return 'suse';
  return 'other';
}

export const isUbuntu = (s: Snapshot): boolean => s.os.id?.value.toLowerCase() === 'ubuntu';

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

/** Kernel headers for the running kernel, per distribution (the seed's 2.2 tip for apt). */
export function kernelHeadersCommand(s: Snapshot): string | null {
  switch (osFamily(s)) {
    case 'debian':
      return 'sudo apt install linux-headers-$(uname -r)';
    case 'rhel':
      return 'sudo dnf install kernel-devel-$(uname -r) kernel-headers-$(uname -r)';
    case 'suse':
      return 'sudo zypper install kernel-default-devel';
    default:
      return null;
  }
}

/** Rebuilds the initramfs so a modprobe.d change reaches early boot. */
export function initramfsCommand(s: Snapshot): string {
  switch (osFamily(s)) {
    case 'debian':
      return 'sudo update-initramfs -u';
    case 'suse':
      return 'sudo mkinitrd';
    default:
      return 'sudo dracut --force';
  }
}

/** Which package owns a file: dpkg on Debian/Ubuntu, rpm elsewhere. */
export function ownerCommand(s: Snapshot, path: string): string {
  return osFamily(s) === 'debian' ? `dpkg -S ${path}` : `rpm -qf ${path}`;
}
