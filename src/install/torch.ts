// The PyTorch wheel to install for these GPUs, this driver and this Python: the variant whose kernels cover
// every GPU and whose CUDA this driver runs, keeping the installed torch version when it has one.
import { pytorchCudaVersions } from '../knowledge/conda-cuda.js';
import { torchReleases, torchRelease, variantArchSet, variantCoversCapability } from '../knowledge/torch.js';
import type { TorchPlatform, TorchRelease, TorchVariant } from '../knowledge/torch.js';
import { compareVersions, versionHasPrefix } from '../knowledge/version.js';
import { ccToSm } from '../knowledge/cuda.js';
import { condaEnvArg, pipInstall, pipUninstall } from './python.js';
import { driverFloors, driverSupport } from '../knowledge/driver-support.js';
import { driverOf, findPackage, managerOf, platformOf, pythonOf } from '../snapshot/queries.js';
import { driverUpgradeCommands } from './driver.js';
import { msg } from './messages.js';
import { companionSpec, nearestTorchBuild, pythonFits, type BuildQuery, type TorchBuild, type TorchCompanion } from './torch-index.js';
import type { DriverFact } from '../snapshot/queries.js';
import type { DriverSupport } from '../knowledge/driver-support.js';
import type { PythonEnv, Snapshot } from '../snapshot/types.js';
import { noteOf } from '../knowledge/localized.js';

export interface TorchChoiceInput {
  /** Compute capabilities to cover ("12.0"). */
  ccs: string[];
  driver: DriverFact | null;
  /** Python version of the environment ("3.12.3"), when known. */
  python: string | null;
  platform: TorchPlatform;
  /** Keep this torch version when one of its variants fits ("2.11.0"). */
  preferVersion?: string;
  /** Variant tags not to offer (the one installed, which is the problem). */
  exclude?: string[];
  /** Only releases of this version: "2.0" (any 2.0.x) or "2.0.1" (the planner's torch@VER). */
  onlyVersion?: string;
  /** Only variants built with this CUDA: "12.8" or "12" (the planner's --cuda). */
  cuda?: string;
  /** A further test on each candidate: the planner's agreement with other frameworks in one environment. */
  accept?: (r: TorchRelease, v: TorchVariant) => boolean;
  /**
   * The planner's order: the newest release that runs, minor-version compatibility included when the wheel
   * has native kernels (SASS) for the GPU; the newest one with full driver support becomes the alternative.
   * Without it, full support comes first (the doctor's and explain's fixes: the smallest safe change).
   */
  newestFirst?: boolean;
}

export interface TorchChoice {
  release: TorchRelease;
  variant: TorchVariant;
  support: DriverSupport;
  /** Driver the variant needs: the MVC floor of its major where that works, else the full floor. */
  driverFloor: string | undefined;
  /** Set when the release or variant row is unconfirmed: what is unconfirmed. */
  unconfirmed?: string;
}

export interface TorchChoiceResult {
  /** The wheel to install with this driver. */
  choice?: TorchChoice;
  /** When nothing fits this driver: the wheel that would fit after a driver upgrade. */
  withNewerDriver?: TorchChoice;
  /** newestFirst only: an older release with full driver support, when the choice relies on minor-version compatibility. */
  alternative?: TorchChoice;
}

function covers(v: TorchVariant, input: TorchChoiceInput, allowPtx: boolean): boolean {
  if (!v.platforms.includes(input.platform)) return false;
  const set = variantArchSet(v, input.platform);
  return input.ccs.every((cc) => {
    const c = variantCoversCapability(set, cc);
    return c === 'sass' || (allowPtx && c === 'ptx');
  });
}

function describe(r: TorchRelease, v: TorchVariant, support: DriverSupport): TorchChoice {
  const floors = driverFloors(v.cuda);
  const unconfirmed =
    r.confirmed === false
      ? `PyTorch ${r.version}: ${noteOf(r) ?? msg('install.releaseRowUnconfirmed')}`
      : v.confirmed === false
        ? `PyTorch ${r.version}+${v.tag}: ${noteOf(v) ?? msg('install.variantRowUnconfirmed')}`
        : undefined;
  return {
    release: r,
    variant: v,
    support,
    driverFloor: support === 'full' ? floors.full : (floors.mvc ?? floors.full),
    ...(unconfirmed ? { unconfirmed } : {}),
  };
}

/** Best variant of one release under a driver-support requirement; newest CUDA first. */
function pick(r: TorchRelease, input: TorchChoiceInput, accept: (s: DriverSupport) => boolean, allowPtx: boolean): TorchChoice | undefined {
  const variants = [...r.cudaVariants].sort((a, b) => compareVersions(b.cuda, a.cuda));
  for (const v of variants) {
    if (input.exclude?.includes(v.tag)) continue;
    if (input.cuda && !versionHasPrefix(v.cuda, input.cuda)) continue;
    if (input.accept && !input.accept(r, v)) continue;
    const s = driverSupport(input.driver, v.cuda);
    if (!accept(s)) continue;
    // PTX JIT needs the driver to know the PTX ISA: only with full support.
    if (!covers(v, input, allowPtx && (s === 'full' || s === 'unknown'))) continue;
    return describe(r, v, s);
  }
  return undefined;
}

export function chooseTorch(input: TorchChoiceInput): TorchChoiceResult {
  const only = input.onlyVersion;
  const all = [...torchReleases()]
    .reverse()
    .filter((r) => (r.unreleased !== true || !!only) && pythonFits(r, input.python) && (!only || versionHasPrefix(r.version, only)));
  // Released rows first; a proposed release is offered only when nothing released fits.
  const releases = [...all.filter((r) => r.confirmed !== false), ...all.filter((r) => r.confirmed === false)];
  const preferredRow = input.preferVersion ? torchRelease(input.preferVersion) : undefined;
  const preferred = preferredRow && (!only || versionHasPrefix(preferredRow.version, only)) ? preferredRow : undefined;
  const full = (s: DriverSupport) => s === 'full' || s === 'unknown';
  const works = (s: DriverSupport) => s !== 'no';
  const pref = preferred ? [preferred] : [];
  // Native kernels (SASS) before PTX JIT; the installed version before an upgrade; full driver support before MVC.
  const order: [TorchRelease[], (s: DriverSupport) => boolean, boolean][] = [
    [pref, full, false],
    [pref, works, false],
    [releases, full, false],
    [releases, works, false],
    [pref, full, true],
    [releases, full, true],
  ];
  if (input.newestFirst) {
    // works() includes full: the newest release that runs with SASS for every GPU. Minor-version
    // compatibility is leaned on only for a variant row the knowledge base confirms: an unconfirmed
    // newer wheel does not displace a release that runs with full support.
    order.splice(2, 2, [releases, works, false]);
  }
  for (const [rs, accept, ptx] of order) {
    for (const r of rs) {
      const c = pick(
        r,
        input.newestFirst
          ? { ...input, accept: (x, v) => !(v.confirmed === false && driverSupport(input.driver, v.cuda) === 'mvc') && (input.accept?.(x, v) ?? true) }
          : input,
        accept,
        ptx,
      );
      if (!c) continue;
      if (input.newestFirst && c.support === 'mvc') {
        const alt = releases.map((x) => pick(x, input, full, false)).find((x) => x !== undefined);
        if (alt && alt.release.version !== c.release.version) return { choice: c, alternative: alt };
      }
      return { choice: c };
    }
  }
  const noDriver = { ...input, driver: null };
  for (const ptx of [false, true]) {
    for (const r of [...pref, ...releases]) {
      const c = pick(r, noDriver, () => true, ptx);
      if (c) {
        const floors = driverFloors(c.variant.cuda);
        return { withNewerDriver: { ...c, support: 'no', driverFloor: ptx ? floors.full : (floors.mvc ?? floors.full) } };
      }
    }
  }
  return {};
}

export type { TorchCompanion } from './torch-index.js';

/**
 * torch and the companions asked for, from the same release row (a torchvision of another release fails at import:
 * "operator torchvision::nms does not exist"): pinned where the table confirms the pair, else left to pip's resolver
 * (install/torch-index.ts companionSpec); torchaudio is left out where no release pairs with it.
 */
export function torchSpecs(r: TorchRelease, companions: readonly TorchCompanion[] = []): string[] {
  const specs = [`torch==${r.version}`];
  for (const c of ['torchvision', 'torchaudio'] as const) {
    const spec = companions.includes(c) ? companionSpec(r, c) : undefined;
    if (spec) specs.push(spec);
  }
  return specs;
}

/** pip's arguments for one build: the pinned specs and the build's own index. */
export function torchPipArgs(b: TorchBuild, companions: readonly TorchCompanion[] = []): string[] {
  return [...torchSpecs(b.release, companions), '--index-url', b.variant.indexUrl];
}

/**
 * The one `pip install` line for a torch build a text's environment should get (no interpreter known: plain `pip`):
 * the real build nearest to the query (install/torch-index.ts), with its companions; undefined when none exists.
 */
export function torchPipLine(q: BuildQuery, opts: { companions?: readonly TorchCompanion[]; force?: boolean; note?: string } = {}): string | undefined {
  const b = nearestTorchBuild(q);
  if (!b) return undefined;
  return torchBuildLine(b, opts);
}

/** The `pip install` line of one build (see torchPipLine). */
export function torchBuildLine(b: TorchBuild, opts: { companions?: readonly TorchCompanion[]; force?: boolean; note?: string } = {}): string {
  const args = [...(opts.force ? ['--force-reinstall'] : []), ...torchPipArgs(b, opts.companions ?? [])];
  return `pip install ${args.join(' ')}${opts.note ? `   # ${opts.note}` : ''}`;
}

/** The companions installed in an environment: what a torch reinstall must pin along. */
export function companionsIn(env: PythonEnv | undefined): TorchCompanion[] {
  if (!env) return [];
  return (['torchvision', 'torchaudio'] as const).filter((n) => findPackage(env, n));
}

/**
 * `conda install` of a pytorch-channel build (`pytorch==X torchvision==Y pytorch-cuda=Z -c pytorch -c nvidia`), or
 * undefined when the release is not on that channel or no pytorch-cuda metapackage has its CUDA.
 */
export function condaTorchLine(target: string, b: TorchBuild, companions: readonly TorchCompanion[] = []): string | undefined {
  const r = b.release;
  if (r.conda !== 'pytorch-channel' || !pytorchCudaVersions().includes(b.variant.cuda)) return undefined;
  const specs = torchSpecs(r, companions).map((s) => s.replace(/^torch==/, 'pytorch=='));
  return `conda install ${target} ${specs.join(' ')} pytorch-cuda=${b.variant.cuda} -c pytorch -c nvidia`;
}

/**
 * Commands that put this choice into the environment, replacing torch (and torchvision/torchaudio when
 * present) with the installer that put torch there.
 */
export function torchInstallCommands(env: PythonEnv, c: TorchChoice): string[] {
  const torch = findPackage(env, 'torch');
  const companions = companionsIn(env);
  const names = ['torch', ...companions];
  const specs = torchSpecs(c.release, companions);
  const manager = managerOf(torch);
  if (manager === 'conda') {
    const condaNames = names.map((n) => (n === 'torch' ? 'pytorch' : n));
    const line = condaTorchLine(condaEnvArg(env), c, companions);
    if (line) return [line];
    return [`conda remove ${condaEnvArg(env)} --force ${condaNames.join(' ')}`, pipInstall(env, 'pip', [...specs, '--index-url', c.variant.indexUrl])];
  }
  return [pipUninstall(env, manager, names), pipInstall(env, manager, [...specs, '--index-url', c.variant.indexUrl])];
}

/**
 * The fix lines that move this environment's torch to a build covering `ccs` on this machine's driver:
 * "# " lines saying what and why, then the commands; a driver upgrade first when nothing fits the driver.
 */
export function torchFixLines(
  snapshot: Snapshot,
  env: PythonEnv,
  opts: { ccs: string[]; preferVersion?: string; exclude?: string[] },
): { lines: string[]; choice?: TorchChoice; unconfirmed?: string } {
  const d = driverOf(snapshot);
  const python = env.version?.value ?? null;
  const res = chooseTorch({
    ccs: opts.ccs,
    driver: d,
    python,
    platform: platformOf(snapshot),
    ...(opts.preferVersion ? { preferVersion: opts.preferVersion } : {}),
    ...(opts.exclude ? { exclude: opts.exclude } : {}),
  });
  const sms = opts.ccs.length ? opts.ccs.map(ccToSm).join(', ') : 'sm_*';
  const check = `${pythonOf(env)} -c "import torch; print(torch.__version__, torch.cuda.is_available(), torch.cuda.get_arch_list())"`;
  const vars = (c: TorchChoice) => ({
    version: c.release.version,
    tag: c.variant.tag,
    cuda: `CUDA ${c.variant.cuda}`,
    sms,
    floor: c.driverFloor ?? '?',
    driver: d?.version ?? d?.cuda ?? '?',
  });
  if (res.choice) {
    const c = res.choice;
    return {
      lines: [`# ${d ? msg('install.torchPick', vars(c)) : msg('install.torchPickNoDriver', vars(c))}`, ...torchInstallCommands(env, c), check],
      choice: c,
      ...(c.unconfirmed ? { unconfirmed: c.unconfirmed } : {}),
    };
  }
  if (res.withNewerDriver) {
    const c = res.withNewerDriver;
    const floor = c.driverFloor ?? '?';
    return {
      lines: [
        `# ${msg('install.torchNeedsDriver', vars(c))}`,
        ...driverUpgradeCommands(snapshot, floor, driverWords(floor)),
        `# ${msg('install.torchThen', vars(c))}`,
        ...torchInstallCommands(env, c),
        check,
      ],
      choice: c,
      ...(c.unconfirmed ? { unconfirmed: c.unconfirmed } : {}),
    };
  }
  return { lines: [`# ${msg('install.torchNone', { sms, ccs: opts.ccs.join(';'), python: python ?? '?' })}`] };
}

export function driverWords(floor: string): { wsl: string; other: string; reboot: string } {
  return { wsl: msg('install.driverWsl'), other: msg('install.driverOther', { floor }), reboot: msg('install.driverReboot') };
}

/**
 * The first wheel tag whose kernels (SASS) cover every GPU in `input.ccs` — the lowest CUDA that does, e.g. cu128
 * for sm_120 — in the newest release that ships it, with the driver it needs. Ignores `input.driver` for the
 * choice (it is the oldest *covering* wheel, not the one this driver runs) but reports the support it would get.
 */
export function firstCoveringTorch(input: TorchChoiceInput): TorchChoice | undefined {
  const releases = [...torchReleases()].reverse().filter((r) => r.confirmed !== false && pythonFits(r, input.python));
  let best: { r: TorchRelease; v: TorchVariant } | undefined;
  for (const r of releases) {
    for (const v of r.cudaVariants) {
      if (input.exclude?.includes(v.tag) || !covers(v, input, false)) continue;
      if (!best || compareVersions(v.cuda, best.v.cuda) < 0) best = { r, v };
    }
  }
  if (!best) return undefined;
  // A GPU newer than the CUDA major's first release needs the driver of the CUDA that added it: the full floor.
  const floors = driverFloors(best.v.cuda);
  return { ...describe(best.r, best.v, driverSupport(input.driver, best.v.cuda)), driverFloor: floors.full ?? floors.mvc };
}
