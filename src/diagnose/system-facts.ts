// Small pure helpers shared by the system-level rules (driver, kernel module, loader, hardware health).
import { gpuByPciDeviceId, matchGpu, type GpuSpec } from '../knowledge/gpus.js';
import type { Evidence } from '../findings.js';
import { msg } from './rules/messages.js';
import type { Fact, Gpu, PciGpu, Snapshot } from '../snapshot/types.js';

/** Evidence from a Snapshot fact, skipped when the fact is absent. */
export function ev<T>(fact: string, f: Fact<T> | null | undefined, show: (v: T) => string = String): Evidence[] {
  return f ? [{ fact, value: show(f.value), source: f.source }] : [];
}

/** "550.54.14" from ".../libnvidia-ml.so.550.54.14" or ".../libcuda.so.550.54.14"; null for .so.1 and WSL's .so.1.1. */
export function driverVersionFromPath(path: string | null | undefined): string | null {
  if (!path) return null;
  const m = /\.so\.(\d{3,}\.\d+(?:\.\d+)?)$/.exec(path);
  return m?.[1] ?? null;
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** The driver answered: NVML (or nvidia-smi) gave a version or listed GPUs. */
export function driverAnswers(s: Snapshot): boolean {
  return s.gpus.length > 0 || s.driver.version !== null;
}

/** The nvidia kernel module is loaded, by /proc/modules or by /proc/driver/nvidia/version. */
export function moduleLoaded(s: Snapshot): boolean {
  return s.driver.moduleLoaded?.value === true || s.driver.kernelModule !== null;
}

export function specForPci(p: PciGpu): GpuSpec | undefined {
  return gpuByPciDeviceId(p.deviceId);
}

export function specForGpu(g: Gpu): GpuSpec | undefined {
  return (g.pciDeviceId ? gpuByPciDeviceId(g.pciDeviceId) : undefined) ?? matchGpu(g.name).match;
}

/** "NVIDIA GeForce RTX 3090 (0x2204) at 0000:01:00.0", or the bare id when the catalogue does not know it. */
export function pciLabel(p: PciGpu): string {
  const spec = specForPci(p);
  return `${spec ? `${spec.name} (${p.deviceId})` : `NVIDIA device ${p.deviceId}`} at ${p.address}`;
}

/** lspci wants "01:00.0"; NVML prints "00000000:01:00.0". */
export function lspciAddress(busId: string): string {
  const parts = busId.split(':');
  const domain = parts.length === 3 ? parts[0] : undefined;
  const rest = parts.slice(-2).join(':');
  return domain && /^0+$/.test(domain) ? rest.toLowerCase() : busId.toLowerCase();
}

/** A PATH-like list with the entries for which drop() is true removed, "$VAR" style kept literal. */
export function withoutEntries(list: string, drop: (entry: string) => boolean): string {
  return list
    .split(':')
    .filter((e) => e !== '' && !drop(e))
    .join(':');
}

export function isUnder(path: string, root: string): boolean {
  const r = root.endsWith('/') ? root.slice(0, -1) : root;
  return path === r || path.startsWith(`${r}/`);
}

export function inContainer(s: Snapshot): string | null {
  return s.os.container?.value ?? null;
}

/**
 * NVIDIA_VISIBLE_DEVICES of "void", "none" or empty: the NVIDIA Container Toolkit gave this container no GPU
 * (docker-specialized.html, GPU Enumeration). gpus-hidden is the one finding that says so; no-gpu leaves it alone.
 */
export function containerGpusNone(s: Snapshot): string | undefined {
  const v = s.env.NVIDIA_VISIBLE_DEVICES?.trim();
  return v === undefined || (v !== '' && v !== 'void' && v !== 'none') ? undefined : v;
}

export function isWsl(s: Snapshot): boolean {
  return s.os.wsl?.value === true;
}

/**
 * Giving a container the GPU: NVIDIA Container Toolkit on the host, Docker's runtime configured, --gpus all
 * (NVIDIA Container Toolkit install guide: nvidia-ctk runtime configure --runtime=docker).
 */
export function containerToolkitFix(): string[] {
  return [
    msg('system.noGpuFixContainerToolkit'),
    'sudo apt-get install -y nvidia-container-toolkit',
    'sudo nvidia-ctk runtime configure --runtime=docker',
    'sudo systemctl restart docker',
    msg('system.noGpuFixContainerRun'),
    'docker run --rm --gpus all <image> nvidia-smi',
  ];
}
