// Which CUDA a driver runs and the lowest driver for a CUDA: the one place these are derived from the CUDA table.
import { cudaRelease, minDriverFor, mvcFloor } from './cuda.js';
import { compareVersions, versionParts } from './version.js';
import type { DriverFact } from '../snapshot/types.js';

export type DriverSupport = 'full' | 'mvc' | 'no' | 'unknown';

/**
 * Whether this driver runs code built with CUDA `cuda` ("12.8"): 'full' at or above the toolkit's driver,
 * 'mvc' through minor version compatibility (same major, driver ≥ the major's floor: fine for the runtime,
 * not for JIT of newer PTX), 'no' otherwise.
 */
export function driverSupport(d: DriverFact | null, cuda: string): DriverSupport {
  if (!d) return 'unknown';
  const major = versionParts(cuda)[0] ?? 0;
  const minor = `${major}.${versionParts(cuda)[1] ?? 0}`;
  if (d.version) {
    const full = minDriverFor(minor);
    if (full && compareVersions(d.version, full) >= 0) return 'full';
    const floor = mvcFloor(major);
    const mvcMin = floor?.linux ?? floor?.min;
    if (mvcMin && compareVersions(d.version, mvcMin) >= 0) return 'mvc';
    if (!full && !mvcMin) return 'unknown';
    return 'no';
  }
  if (d.cuda) {
    if (compareVersions(d.cuda, minor) >= 0) return 'full';
    if ((versionParts(d.cuda)[0] ?? 0) === major) return 'mvc';
    return 'no';
  }
  return 'unknown';
}

/** The lowest driver that runs CUDA `cuda` at all (the major's MVC floor where it exists), and the full floor. */
export function driverFloors(cuda: string, os: 'linux' | 'windows' = 'linux'): { mvc: string | undefined; full: string | undefined } {
  const major = versionParts(cuda)[0] ?? 0;
  const rel = cudaRelease(`${major}.${versionParts(cuda)[1] ?? 0}`);
  const floor = mvcFloor(major);
  return { mvc: floor?.[os] ?? floor?.min, full: rel?.minDriver[os] ?? undefined };
}
