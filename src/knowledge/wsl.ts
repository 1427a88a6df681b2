// Queries over the WSL table: the kernel floors a WSL 2 kernel is compared with.
import { WSL_DRIVER_555, WSL_KERNEL_FLOORS } from './data/wsl.js';
import { compareVersions } from './version.js';

export { WSL_DRIVER_555, WSL_KERNEL_FLOORS };

/** The floors this WSL kernel release ("5.10.16.3-microsoft-standard-WSL2") is below, highest first. */
export function wslKernelBelow(release: string): (typeof WSL_KERNEL_FLOORS)[number][] {
  const v = /^(\d+\.\d+\.\d+(?:\.\d+)?)/.exec(release)?.[1];
  if (!v) return [];
  return WSL_KERNEL_FLOORS.filter((f) => compareVersions(v, f.kernel) < 0).sort((a, b) => compareVersions(b.kernel, a.kernel));
}
