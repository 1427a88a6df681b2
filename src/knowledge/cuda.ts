// Queries over the CUDA toolkit table: release lookup, driver ↔ toolkit, architectures per toolkit.
import { ARCH_SUPPORT, CUDA_RELEASES, MVC_FLOORS, PTX_ISA } from './data/cuda.js';
import type { ArchSupport, CudaRelease, MvcFloor, PtxIsa } from './data/cuda.js';
import { closestVersions, compareVersions, versionParts } from './version.js';

export type { ArchSupport, CudaRelease, MvcFloor, PtxIsa } from './data/cuda.js';
export type DriverOs = 'linux' | 'windows';

export function cudaReleases(): readonly CudaRelease[] {
  return CUDA_RELEASES;
}

/** "12.4" → the GA release of 12.4; "12.4.1" → that exact release; "10.1.243" too. */
export function cudaRelease(version: string): CudaRelease | undefined {
  const v = version.trim().replace(/^v/i, '');
  const exact = CUDA_RELEASES.find((r) => r.version === v);
  if (exact) return exact;
  const parts = versionParts(v);
  if (parts.length <= 2) {
    const minor = `${parts[0] ?? 0}.${parts[1] ?? 0}`;
    return CUDA_RELEASES.find((r) => r.minor === minor && r.ga) ?? CUDA_RELEASES.find((r) => r.minor === minor);
  }
  // "12.4.0" and "11.0.0"-style spellings of a GA: match by minor and update number.
  if (parts[2] === 0) return cudaRelease(`${parts[0]}.${parts[1]}`);
  return undefined;
}

export function minDriverFor(version: string, os: DriverOs = 'linux'): string | undefined {
  return cudaRelease(version)?.minDriver[os] ?? undefined;
}

/** The newest release whose toolkit driver (Table 3) is ≤ driver; rows without a value for this OS are skipped. */
export function maxCudaForDriver(driver: string, os: DriverOs = 'linux'): CudaRelease | undefined {
  let best: CudaRelease | undefined;
  for (const r of CUDA_RELEASES) {
    const min = r.minDriver[os];
    if (min === null || compareVersions(min, driver) > 0) continue;
    if (!best || compareVersions(r.version, best.version) > 0) best = r;
  }
  return best;
}

/** CUDA majors this driver runs under minor version compatibility (Table 2), newest first. */
export function mvcMajorsForDriver(driver: string, os: DriverOs = 'linux'): MvcFloor[] {
  return MVC_FLOORS.filter((f) => compareVersions(driver, f[os] ?? f.min) >= 0).sort((a, b) => b.major - a.major);
}

export function mvcFloor(major: number): MvcFloor | undefined {
  return MVC_FLOORS.find((f) => f.major === major);
}

/** Every architecture row that applies to this toolkit (by its X.Y). */
export function archSupportFor(version: string): ArchSupport[] {
  const minor = cudaRelease(version)?.minor ?? versionParts(version).slice(0, 2).join('.');
  return ARCH_SUPPORT.filter((a) => compareVersions(minor, a.since) >= 0 && (a.removedIn === undefined || compareVersions(minor, a.removedIn) < 0));
}

/** SASS targets ("sm_75", "sm_90a", …) the toolkit can compile for, in numeric order. */
export function cudaArchitectures(version: string): string[] {
  return archSupportFor(version)
    .map((a) => a.arch)
    .sort(compareArch);
}

/** True when the toolkit can emit SASS for the compute capability ("8.6" or "86" or "sm_86"). */
export function toolkitSupportsCc(version: string, cc: string): boolean {
  return cudaArchitectures(version).includes(ccToSm(cc));
}

/** The first GA release that can emit SASS for the compute capability ("8.9" → "11.8"); undefined when none or unknown. */
export function firstCudaForCc(cc: string): string | undefined {
  try {
    return cudaReleases().find((r) => r.ga && toolkitSupportsCc(r.minor, cc))?.minor;
  } catch {
    return undefined;
  }
}

/** The CUDA release that dropped SASS for the compute capability ("3.7" → "12.0"); undefined when never dropped or unknown. */
export function cudaDroppingCc(cc: string): string | undefined {
  return ARCH_SUPPORT.find((a) => a.arch === ccToSm(cc))?.removedIn;
}

/** The CUDA minor that introduced a PTX ISA version ("8.5" → "12.5"). */
export function cudaForPtxIsa(isa: string): string | undefined {
  return PTX_ISA.find((p) => p.ptx === isa)?.minor;
}

export function ptxIsaFor(version: string): PtxIsa | undefined {
  const minor = cudaRelease(version)?.minor ?? versionParts(version).slice(0, 2).join('.');
  return PTX_ISA.find((p) => p.minor === minor);
}

/** "8.6" → "sm_86", "10.0" → "sm_100", "sm_90a" stays. */
export function ccToSm(cc: string): string {
  const t = cc.trim().toLowerCase();
  if (t.startsWith('sm_')) return t;
  const m = /^(\d+)\.(\d+)([af]?)$/.exec(t);
  if (m) return `sm_${m[1]}${m[2]}${m[3]}`;
  return `sm_${t.replace(/\D/g, '')}`;
}

/** "sm_86" → "8.6", "sm_100a" → "10.0a". */
export function smToCc(sm: string): string {
  const m = /^sm_(\d+)(\d)([af]?)$/.exec(sm);
  return m ? `${m[1]}.${m[2]}${m[3]}` : sm;
}

function compareArch(a: string, b: string): number {
  const num = (s: string) => Number.parseInt(s.replace(/^sm_/, ''), 10);
  // Plain code-unit order: localeCompare would load ICU's collator, ~10 ms of `compat`'s start-up.
  return num(a) - num(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Nearest known releases to an unknown version string, for error messages. */
export function closestCudaReleases(version: string, n = 4): string[] {
  return closestVersions(
    version,
    CUDA_RELEASES.map((r) => r.version),
    n,
  );
}
