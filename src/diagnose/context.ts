// What the explainers know about the pasted machine, with the inferences the paste leaves to us:
// GPU name → compute capability, "+cu121" → CUDA 12.1 → driver floor, driver → newest CUDA it runs.
import { compareVersions, versionParts } from '../knowledge/version.js';
import { distinctCapabilities, driverOf, findPackage, platformOf, type DriverFact, type GpuCapability } from '../snapshot/queries.js';
import { driverFloors, driverMaxCuda } from '../knowledge/driver-support.js';

export { driverMaxCuda };
import { chooseTorch, firstCoveringTorch, type TorchChoice, type TorchChoiceResult } from '../install/torch.js';
import { emptyFacts, type ErrorEvent, type PartialSnapshot } from '../parse/types.js';
import type { RuleInput } from './types.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../snapshot/types.js';
import { torchRelease } from '../knowledge/torch.js';
import { PASTED_PREFIX } from '../parse/snapshot.js';

export interface TorchFacts {
  pkg: PythonPackage;
  /** "2.5.1" */
  version: string;
  /** "cu124" when the build's CUDA is known. */
  tag: string | undefined;
  /** "12.4" */
  cuda: string | undefined;
  cpuOnly: boolean;
  /**
   * Only for a plain version ("2.11.0", no +local tag, from pip): the CUDA of that release's default PyPI wheel
   * on Linux ("13.0" for 2.11.0). An inference, so it is kept apart from `cuda`, which the paste stated.
   */
  pypiCuda?: string;
}

export interface ExplainContext {
  snapshot: Snapshot;
  facts: PartialSnapshot;
  events: ErrorEvent[];
  env: PythonEnv | undefined;
  gpus: GpuCapability[];
  driver: DriverFact | null;
  torch: TorchFacts | undefined;
  /** The paste says something goes wrong (parse/cues.ts): a trace or a listing alone is not a failure. */
  trouble: boolean;
}

const contexts = new WeakMap<RuleInput, ExplainContext>();

/** The context of one input, made once however many rules ask. */
export function contextOf(input: RuleInput): ExplainContext {
  let ctx = contexts.get(input);
  if (!ctx) {
    ctx = makeContext(input.snapshot, input.text ?? emptyFacts(), [...input.events], input.trouble);
    contexts.set(input, ctx);
  }
  return ctx;
}

export function makeContext(snapshot: Snapshot, facts: PartialSnapshot, events: ErrorEvent[], trouble = events.length > 0): ExplainContext {
  const env = snapshot.python.find((e) => e.prefix === PASTED_PREFIX) ?? snapshot.python.find((e) => e.active) ?? snapshot.python[0];
  return {
    snapshot,
    facts,
    events,
    env,
    gpus: safe(() => distinctCapabilities(snapshot), []),
    driver: driverOf(snapshot),
    torch: torchFacts(env, facts),
    trouble,
  };
}

function torchFacts(env: PythonEnv | undefined, facts: PartialSnapshot): TorchFacts | undefined {
  const pkg = env ? findPackage(env, 'torch') : undefined;
  if (!pkg) {
    if (!facts.torchCuda) return undefined;
    const cuda = facts.torchCuda.value === 'None' ? undefined : facts.torchCuda.value;
    const fake: PythonPackage = {
      name: 'torch',
      version: '?',
      installer: 'pip',
      location: facts.torchCuda.source,
      build: null,
      cudaLibraries: [],
      archs: null,
    };
    return { pkg: fake, version: '?', tag: cuda ? tagOf(cuda) : undefined, cuda, cpuOnly: facts.torchCuda.value === 'None' };
  }
  const version = pkg.version.split('+')[0] ?? pkg.version;
  const local = /\+cu(\d+)(\d)$/.exec(pkg.version);
  const cuda = local ? `${local[1]}.${local[2]}` : (pkg.build?.cuda ?? undefined);
  const cpuOnly = pkg.build?.cpuOnly === true || /\+cpu$/.test(pkg.version);
  const pypiCuda = !cuda && !cpuOnly && !pkg.version.includes('+') && pkg.installer === 'pip' && linuxOrUnknown(facts) ? pypiDefaultCuda(version) : undefined;
  return { pkg, version, tag: cuda ? tagOf(cuda) : undefined, cuda, cpuOnly, ...(pypiCuda ? { pypiCuda } : {}) };
}

/** PyPI's default torch wheel carries CUDA on Linux only (Windows and macOS get CPU wheels). */
function linuxOrUnknown(facts: PartialSnapshot): boolean {
  const id = facts.os.id?.value;
  return id !== 'windows' && id !== 'macos';
}

/** "2.11.0" → "13.0": the CUDA of the release's default PyPI wheel (src/knowledge/torch.ts `pypiDefault`). */
export function pypiDefaultCuda(version: string): string | undefined {
  const tag = safe(() => torchRelease(version)?.pypiDefault, undefined);
  return tag ? cudaOfTag(tag) : oldPypiDefault(version);
}

/**
 * Releases older than the torch table (1.13): the CUDA of the default Linux wheel on PyPI, as PyTorch's
 * "Previous PyTorch Versions" page lists the plain `pip install torch==X` command
 * (https://pytorch.org/get-started/previous-versions/, copies checked 2026-11-30: 1.5.1–1.10.x "# CUDA 10.2",
 * 1.2.0 "# CUDA 10.0"). Unconfirmed, from memory: 1.11/1.12 = 10.2 (the page lists +cu102 there), 1.3/1.4 = 10.1.
 * Used only to name a driver floor, and shown as an assumption in the finding's evidence.
 */
function oldPypiDefault(version: string): string | undefined {
  const [major, minor] = versionParts(version);
  if (major !== 1 || minor === undefined) return undefined;
  if (minor >= 5 && minor <= 12) return '10.2';
  if (minor === 3 || minor === 4) return '10.1';
  if (minor === 2) return '10.0';
  return undefined;
}

/** "12.1" → "cu121" */
export function tagOf(cuda: string): string {
  const [a, b] = versionParts(cuda);
  return `cu${a}${b ?? 0}`;
}

/** "cu121" → "12.1" */
export function cudaOfTag(tag: string): string | undefined {
  const m = /^cu(\d+)(\d)$/.exec(tag);
  return m ? `${m[1]}.${m[2]}` : undefined;
}

/** The driver a CUDA build needs: `full` for every feature, `mvc` the major's floor under minor-version compatibility. */
export function floorsFor(cuda: string, os: 'linux' | 'windows' = 'linux'): { full: string | undefined; mvc: string | undefined } {
  return driverFloors(cuda, os);
}

/** The torch wheel that covers these GPUs on this driver (and Python), or the one a newer driver would allow. */
export function torchChoice(ctx: ExplainContext, exclude?: string[]): TorchChoiceResult {
  const ccs = ctx.gpus.map((g) => g.cc);
  return safe(
    () =>
      chooseTorch({ ccs, driver: ctx.driver, python: ctx.env?.version?.value ?? null, platform: platformOf(ctx.snapshot), ...(exclude ? { exclude } : {}) }),
    {},
  );
}

export function newer(a: string, b: string): boolean {
  return compareVersions(a, b) > 0;
}

export function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

/** The first wheel tag (lowest CUDA) whose kernels cover these GPUs, e.g. cu128 for sm_120, with its driver floor. */
export function firstWheel(ctx: ExplainContext, exclude?: string[]): TorchChoice | undefined {
  const ccs = ctx.gpus.map((g) => g.cc);
  if (!ccs.length) return undefined;
  return safe(
    () =>
      firstCoveringTorch({
        ccs,
        driver: ctx.driver,
        python: ctx.env?.version?.value ?? null,
        platform: platformOf(ctx.snapshot),
        ...(exclude ? { exclude } : {}),
      }),
    undefined,
  );
}
