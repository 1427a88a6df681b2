// Which CUDA a driver runs and the lowest driver for a CUDA: the one place these are derived from the CUDA table.
import { archSupportFor, ccToSm, cudaRelease, cudaReleases, firstCudaForCc, maxCudaForDriver, minDriverFor, mvcFloor } from './cuda.js';
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

/** The lowest driver branch that can know a GPU's architecture, and what it is derived from. */
export interface CcDriverFloor {
  /** The branch (the driver's major, 570 for 570.26): a driver of a lower branch cannot know the architecture. */
  branch: number;
  /** The first CUDA release that supports the compute capability ("12.8"). */
  cuda: string;
  /** That release's minimum driver (full compatibility, Table 3): "570.26". */
  minDriver: string;
  source: string;
  /** false when the CUDA release row or its architecture row is unconfirmed (`note` says why). */
  confirmed: boolean;
  note?: string;
  /** `note` in Chinese (knowledge/localized.ts). */
  noteZh?: string;
}

/**
 * The lowest driver branch that can know compute capability `cc` ("12.0" → 570): the branch of the minimum driver
 * (`minDriverFor`) of the first CUDA release that supports the capability (`firstCudaForCc`). A lower bound derived
 * from the CUDA release that introduced the architecture — a driver older than that release cannot know the
 * architecture — not NVIDIA's per-product support list (a later product of the same architecture can need a later
 * driver). Compare by branch only: GPUs launch on drivers of the release's branch below its Table 3 minimum (the RTX
 * 4090 on 520.56.06, CUDA 11.8's minimum being 520.61.05). Undefined when the capability is unknown, or when its
 * first release is the oldest the table tracks (there "since" means "at or before": nothing says it was introduced there).
 */
export function lowestDriverBranchForCc(cc: string, os: 'linux' | 'windows' = 'linux'): CcDriverFloor | undefined {
  const cuda = firstCudaForCc(cc);
  if (!cuda || cuda === cudaReleases()[0]?.minor) return undefined;
  const rel = cudaRelease(cuda);
  const minDriver = minDriverFor(cuda, os);
  const branch = minDriver ? versionParts(minDriver)[0] : undefined;
  if (!rel || !minDriver || branch === undefined) return undefined;
  const arch = archSupportFor(cuda).find((a) => a.arch === ccToSm(cc));
  const rows = [rel, ...(arch ? [arch] : [])];
  const unconfirmed = rows.filter((r) => !r.confirmed);
  const note = unconfirmed
    .map((r) => r.note)
    .filter(Boolean)
    .join(' ');
  const noteZh = unconfirmed
    .map((r) => r.noteZh ?? r.note)
    .filter(Boolean)
    .join(' ');
  return {
    branch,
    cuda,
    minDriver,
    source: rows.map((r) => r.source).join('; '),
    confirmed: unconfirmed.length === 0,
    ...(unconfirmed.length && note ? { note, noteZh } : {}),
  };
}
