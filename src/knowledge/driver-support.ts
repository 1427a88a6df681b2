// Which CUDA a driver runs and the lowest driver for a CUDA: the one place these are derived from the CUDA table.
import { cudaRelease, maxCudaForDriver, minDriverFor, mvcFloor } from './cuda.js';
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
    // Minor version compatibility exists from CUDA 11 on: a CUDA 10.1 driver does not run a 10.2 build.
    if ((versionParts(d.cuda)[0] ?? 0) === major && mvcFloor(major)) return 'mvc';
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

/** The newest CUDA this driver runs: the CUDA it states (nvidia-smi's header, cuDriverGetVersion), else the table's for its version. */
export function driverMaxCuda(d: DriverFact | null): string | undefined {
  if (!d) return undefined;
  if (d.cuda) return d.cuda;
  return d.version ? maxCudaForDriver(d.version)?.minor : undefined;
}

/** The driver a CUDA build needs (one value, `floor`), the two floors it comes from, and whether both are worth saying. */
export interface DriverNeed {
  /** The lowest driver that fixes it. */
  floor: string | undefined;
  /** The major's minor-version-compatibility floor (CUDA 11 and later). */
  mvc: string | undefined;
  /** The toolkit's own driver (Table 3): every feature, PTX JIT of its PTX. */
  full: string | undefined;
  /** `floor` is the MVC floor and the full floor differs: the build runs on `mvc`, every feature needs `full`. */
  both: boolean;
  /** The driver is of the build's major and above the MVC floor: only JIT of newer PTX or a newer feature can fail. */
  withinMvc: boolean;
}

/**
 * The lowest driver for code built with CUDA `cuda`. Minor version compatibility (CUDA 11+, Table 2) runs a CUDA X.y
 * build on any driver of the X.0 floor, so that is the minimum — unless `full`: the build reaches a GPU only through
 * PTX JIT, or the program checks the driver's CUDA version itself (a CUDA image's NVIDIA_REQUIRE_CUDA), which needs
 * the X.y driver; or the driver is already of major X above that floor (MVC is what it has; what fails needs the X.y
 * driver). A toolkit driver at or below the MVC floor (CUDA 11.0: 450.51.05 < 450.80.02) is the floor itself.
 * For a CUDA 12.4 wheel on a CUDA 11.4 driver: 525.60.13, with 550.54.14 for every CUDA 12.4 feature.
 */
export function driverNeed(cuda: string, opts: { driver?: DriverFact | null; os?: 'linux' | 'windows'; full?: boolean } = {}): DriverNeed {
  const { mvc, full } = driverFloors(cuda, opts.os);
  const withinMvc = driverSupport(opts.driver ?? null, cuda) === 'mvc';
  const useFull = opts.full === true || withinMvc || (!!full && !!mvc && compareVersions(full, mvc) <= 0);
  const floor = useFull ? (full ?? mvc) : (mvc ?? full);
  return { floor, mvc, full, both: !useFull && !!mvc && !!full, withinMvc };
}
