// The resolver: one build per framework asked for, every constraint at once (GPU capability vs arch lists with PTX,
// driver vs CUDA runtime, Python, platform, frameworks sharing one environment, what is installed), newest first.
import { chooseTorch, type TorchChoice } from '../install/torch.js';
import { cudaTagOf, findPackage, publicVersion, type DriverFact } from '../snapshot/queries.js';
import { driverFloors, driverSupport } from '../knowledge/driver-support.js';
import { driverBranchFor } from '../install/system.js';
import { ccToSm } from '../knowledge/cuda.js';
import { matchGpu } from '../knowledge/gpus.js';
import { jaxCudaExtras, jaxExtraFor, jaxRelease, jaxReleases, type JaxCudaExtra } from '../knowledge/jax.js';
import { tensorflowReleases, type TensorflowRelease } from '../knowledge/tensorflow.js';
import { torchVariant, variantCoversCapability, type TorchRelease, type TorchVariant } from '../knowledge/torch.js';
import { compareVersions, versionHasPrefix, versionParts } from '../knowledge/version.js';
import { msg } from './messages.js';
import type { FrameworkName, PlanRequest, PlanTarget } from './types.js';

export type Pick =
  | { framework: 'torch'; choice: TorchChoice; kept: boolean; alternative?: TorchChoice }
  | { framework: 'tensorflow'; release: TensorflowRelease; kept: boolean }
  | { framework: 'jax'; extra: JaxCudaExtra; version: string | undefined };

export interface EnvPlan {
  name: string;
  picks: Pick[];
}

export interface Resolution {
  envs: EnvPlan[];
  /** Set when the driver must be installed or upgraded: the lowest version that runs every pick. */
  driverFloor: string | undefined;
  reasons: string[];
  ok: boolean;
}

const major = (v: string) => versionParts(v)[0] ?? 0;
const mm = (v: string) => versionParts(v).slice(0, 2).join('.');

export function pickCuda(p: Pick): string {
  return p.framework === 'torch' ? p.choice.variant.cuda : p.framework === 'tensorflow' ? p.release.cuda : p.extra.requires.cuda;
}
function pickCudnn(p: Pick): string | undefined {
  return p.framework === 'torch' ? p.choice.variant.cudnn : p.framework === 'tensorflow' ? p.release.cudnn : p.extra.requires.cudnnMin;
}
export function pickVersion(p: Pick): string {
  return p.framework === 'torch' ? p.choice.release.version : p.framework === 'tensorflow' ? p.release.version : (p.version ?? 'newest');
}

/** Why two builds cannot live in one environment (their pip wheels pin one CUDA major and exact cuDNN), or undefined. */
export function conflict(a: Pick, b: Pick): string | undefined {
  const ca = pickCuda(a);
  const cb = pickCuda(b);
  if (major(ca) !== major(cb)) return msg('whyCudaMajor', { x: ca, y: cb });
  const da = pickCudnn(a);
  const db = pickCudnn(b);
  if (!da || !db) return undefined;
  if (major(da) !== major(db)) return msg('whyCudnn', { x: da, y: db });
  // JAX states a range (>= min, < next major); torch and tensorflow[and-cuda] pin exact nvidia-cudnn wheels.
  if (a.framework === 'jax' || b.framework === 'jax') {
    const pinned = a.framework === 'jax' ? db : da;
    const jx = (a.framework === 'jax' ? a : b) as Extract<Pick, { framework: 'jax' }>;
    return compareVersions(pinned, jx.extra.requires.cudnnMin) >= 0 ? undefined : msg('whyCudnn', { x: pinned, y: `≥ ${jx.extra.requires.cudnnMin}` });
  }
  const pinnedBoth = (a.framework !== 'tensorflow' || a.release.andCudaExtra) && (b.framework !== 'tensorflow' || b.release.andCudaExtra);
  return pinnedBoth && mm(da) !== mm(db) ? msg('whyCudnn', { x: da, y: db }) : undefined;
}

function sms(ccs: string[]): string {
  return ccs.map(ccToSm).join(', ');
}

/** Coverage of every capability by a list like TensorFlow's ("sm_80", "compute_90"). */
function tfCovers(r: TensorflowRelease, ccs: string[]): 'sass' | 'ptx' | 'none' {
  const list = r.computeCapabilities ?? [];
  const set = { archList: list.filter((x) => x.startsWith('sm_')), ptx: list.filter((x) => x.startsWith('compute_')) };
  let worst: 'sass' | 'ptx' | 'none' = 'sass';
  for (const cc of ccs) {
    const c = variantCoversCapability(set, cc);
    if (c === 'none') return 'none';
    if (c === 'ptx') worst = 'ptx';
  }
  return worst;
}

function pyFits(range: { min: string; max: string } | undefined, py: string | undefined): boolean {
  if (!range || !py) return true;
  const v = mm(py);
  return compareVersions(v, range.min) >= 0 && compareVersions(v, range.max) <= 0;
}

/** TensorFlow releases that run here, newest first (driver null: any driver, for the upgrade pass). */
export function tfCandidates(t: PlanTarget, req: PlanRequest, version: string | undefined, driver: DriverFact | null): TensorflowRelease[] {
  const ccs = t.gpus.map((g) => g.cc);
  return [...tensorflowReleases()].reverse().filter((r) => {
    if (version && !versionHasPrefix(r.version, version)) return false;
    if (req.cuda && !versionHasPrefix(r.cuda, req.cuda)) return false;
    if (!pyFits(r.python, req.python)) return false;
    if (t.platform === 'windows' && !r.windowsNativeGpu) return false;
    const cover = tfCovers(r, ccs);
    if (cover === 'none') return false;
    const s = driverSupport(driver, r.cuda);
    if (s === 'no') return false;
    return cover === 'sass' || s === 'full' || s === 'unknown';
  });
}

export function jaxCandidates(
  t: PlanTarget,
  req: PlanRequest,
  version: string | undefined,
  driver: DriverFact | null,
): { extra: JaxCudaExtra; version: string | undefined }[] {
  if (t.platform === 'windows') return [];
  const rel = version ? jaxRelease(version) : undefined;
  const newest = jaxReleases().at(-1);
  const extras = rel ? rel.extras : ['cuda13', 'cuda12'];
  if (!pyFits(rel?.python, req.python)) return [];
  return jaxCudaExtras()
    .filter((e) => e.current && extras.includes(e.extra))
    .filter((e) => !req.cuda || major(req.cuda) === major(e.requires.cuda))
    .filter((e) => t.gpus.every((g) => compareVersions(g.cc, e.minComputeCapability) >= 0))
    .filter((e) => {
      if (!driver) return true;
      if (driver.version) return compareVersions(driver.version, e.minDriverLinux) >= 0;
      return driver.cuda ? major(driver.cuda) >= major(e.requires.cuda) : true;
    })
    .map((e) => ({ extra: jaxExtraFor(rel, e), version: rel?.version ?? (version ? undefined : newest?.version) }));
}

/** The lowest driver branch the GPUs themselves need (Blackwell: R570), independent of any CUDA runtime. */
export function gpuDriverFloor(t: PlanTarget): { floor: string; gpu: string } | undefined {
  for (const g of t.gpus) {
    const spec = matchGpu(g.name).match;
    if (spec?.architecture === 'Blackwell') return { floor: '570', gpu: g.name };
    if (spec && driverBranchFor(spec).branch === '470') continue;
  }
  return undefined;
}

function installedKeep(t: PlanTarget, name: FrameworkName, version: string | undefined): string | undefined {
  if (!t.env) return undefined;
  const p = findPackage(t.env, name === 'torch' ? 'torch' : name);
  if (!p) return undefined;
  const v = publicVersion(p.version);
  if (version && !versionHasPrefix(v, version)) return undefined;
  if (name === 'torch') {
    const tag = cudaTagOf(p);
    const variant = tag ? torchVariant(v, tag) : undefined;
    if (!variant) return undefined;
    return `${v}+${tag}`;
  }
  return v;
}

interface Combo {
  torch?: TorchChoice;
  torchAlternative?: TorchChoice;
  tf?: TensorflowRelease;
  jax?: { extra: JaxCudaExtra; version: string | undefined };
}

/** Best combination for one environment under one driver (null = any). */
function solve(t: PlanTarget, req: PlanRequest, names: FrameworkName[], driver: DriverFact | null): Combo | undefined {
  const want = (n: FrameworkName) => names.includes(n);
  const ver = (n: FrameworkName) => req.frameworks.find((f) => f.name === n)?.version;
  const tfs: (TensorflowRelease | undefined)[] = want('tensorflow') ? tfCandidates(t, req, ver('tensorflow'), driver) : [undefined];
  const jxs: (Combo['jax'] | undefined)[] = want('jax') ? jaxCandidates(t, req, ver('jax'), driver) : [undefined];
  const keepTorch = want('torch') ? installedKeep(t, 'torch', ver('torch')) : undefined;
  let best: Combo | undefined;
  let bestScore: string[] = [];
  for (const tf of tfs) {
    for (const jx of jxs) {
      const tfPick: Pick | undefined = tf ? { framework: 'tensorflow', release: tf, kept: false } : undefined;
      const jxPick: Pick | undefined = jx ? { framework: 'jax', ...jx } : undefined;
      if (tfPick && jxPick && conflict(tfPick, jxPick)) continue;
      let torch: TorchChoice | undefined;
      let torchAlternative: TorchChoice | undefined;
      if (want('torch')) {
        const accept = (r: TorchRelease, v: TorchVariant) => {
          const p: Pick = { framework: 'torch', choice: { release: r, variant: v, support: 'unknown', driverFloor: undefined }, kept: false };
          return !(tfPick && conflict(p, tfPick)) && !(jxPick && conflict(p, jxPick));
        };
        const res = chooseTorch({
          ccs: t.gpus.map((g) => g.cc),
          driver,
          python: req.python ?? null,
          platform: t.platform,
          accept,
          ...(ver('torch') ? { onlyVersion: ver('torch') } : {}),
          ...(req.cuda ? { cuda: req.cuda } : {}),
          ...(keepTorch ? { preferVersion: keepTorch } : {}),
          newestFirst: true,
        });
        torch = res.choice;
        torchAlternative = res.alternative;
        if (!torch) continue;
      }
      const score = [torch?.release.version ?? '0', tf?.version ?? '0', jx?.extra.requires.cuda ?? '0'];
      const better =
        !best ||
        score.some((s, i) => {
          for (let j = 0; j < i; j++) if (compareVersions(score[j] ?? '0', bestScore[j] ?? '0') !== 0) return false;
          return compareVersions(s, bestScore[i] ?? '0') > 0;
        });
      if (better) {
        best = { ...(torch ? { torch } : {}), ...(torch && torchAlternative ? { torchAlternative } : {}), ...(tf ? { tf } : {}), ...(jx ? { jax: jx } : {}) };
        bestScore = score;
      }
    }
  }
  return best;
}

function picksOf(c: Combo, t: PlanTarget): Pick[] {
  const out: Pick[] = [];
  const keptTorch = t.env ? installedKeep(t, 'torch', undefined) : undefined;
  if (c.torch)
    out.push({
      framework: 'torch',
      choice: c.torch,
      kept: !!keptTorch && keptTorch === `${c.torch.release.version}+${c.torch.variant.tag}`,
      ...(c.torchAlternative ? { alternative: c.torchAlternative } : {}),
    });
  const keptTf = t.env ? installedKeep(t, 'tensorflow', undefined) : undefined;
  if (c.tf) out.push({ framework: 'tensorflow', release: c.tf, kept: !!keptTf && versionHasPrefix(keptTf, c.tf.version.split('.').slice(0, 2).join('.')) });
  if (c.jax) out.push({ framework: 'jax', ...c.jax });
  return out;
}

/** The driver that runs every pick: full floor of each CUDA (the planner installs a driver anyway). */
function floorFor(picks: Pick[], t: PlanTarget): string | undefined {
  let floor: string | undefined;
  const raise = (v: string | undefined) => {
    if (v && (!floor || compareVersions(v, floor) > 0)) floor = v;
  };
  for (const p of picks) {
    if (p.framework === 'jax') raise(p.extra.minDriverLinux);
    else raise(driverFloors(pickCuda(p)).full ?? driverFloors(pickCuda(p)).mvc);
  }
  raise(gpuDriverFloor(t)?.floor);
  return floor;
}

/** Resolve all frameworks: one environment when they agree, separate environments when they cannot. */
export function resolve(t: PlanTarget, req: PlanRequest): Resolution {
  const reasons: string[] = [];
  const names = [...new Set(req.frameworks.map((f) => f.name))];
  const ccs = t.gpus.map((g) => g.cc);
  const gpuFloor = gpuDriverFloor(t);
  const driverOk = !(gpuFloor && t.driver?.version && compareVersions(t.driver.version, gpuFloor.floor) < 0);
  if (!driverOk && gpuFloor) reasons.push(msg('gpuNeedsBranch', { gpu: gpuFloor.gpu, branch: gpuFloor.floor, driver: t.driver?.version ?? '?' }));

  const attempt = (group: FrameworkName[]): { combo: Combo; upgrade: boolean } | undefined => {
    const now = driverOk && t.driver ? solve(t, req, group, t.driver) : undefined;
    if (now) return { combo: now, upgrade: false };
    const any = solve(t, req, group, null);
    return any ? { combo: any, upgrade: !!t.driver } : undefined;
  };

  const envs: EnvPlan[] = [];
  let upgrade = false;
  const joint = names.length > 1 ? attempt(names) : undefined;
  if (joint) {
    envs.push({ name: 'gpu', picks: picksOf(joint.combo, t) });
    upgrade = joint.upgrade;
    const [a, b] = envs[0]!.picks;
    if (a && b) reasons.push(msg('sharedOk', { a: label(a), b: label(b), major: major(pickCuda(a)), cudnn: pickCudnn(a) ?? '?' }));
  } else {
    for (const n of names) {
      const r = attempt([n]);
      if (!r) {
        reasons.push(...relax(t, req, n));
        return { envs: [], driverFloor: undefined, reasons, ok: false };
      }
      upgrade ||= r.upgrade;
      envs.push({ name: names.length > 1 ? n : 'gpu', picks: picksOf(r.combo, t) });
    }
    if (envs.length > 1) {
      const [a, b] = envs.map((e) => e.picks[0]!);
      reasons.push(msg('sharedNo', { a: label(a!), b: label(b!), why: conflict(a!, b!) ?? msg('noCommonBuild') }));
    }
  }
  const picks = envs.flatMap((e) => e.picks);
  const floor = floorFor(picks, t);
  const needDriver = upgrade || !t.driver || !driverOk;
  if (needDriver && floor) {
    const first = picks[0];
    if (t.driver) reasons.push(msg('needDriver', { floor, sms: sms(ccs), what: first ? variantLabel(first) : '' }));
    else reasons.push(msg('noDriverKnown', { floor }));
  }
  return { envs, driverFloor: needDriver ? floor : undefined, reasons, ok: true };
}

export function label(p: Pick): string {
  return p.framework === 'torch'
    ? `PyTorch ${p.choice.release.version}+${p.choice.variant.tag}`
    : p.framework === 'tensorflow'
      ? `TensorFlow ${p.release.version}`
      : `JAX jax[${p.extra.extra}]`;
}
export function variantLabel(p: Pick): string {
  return p.framework === 'torch' ? p.choice.variant.tag : p.framework === 'tensorflow' ? `CUDA ${p.release.cuda}` : p.extra.extra;
}

/** Nothing works: drop one user constraint at a time and say which one to relax. */
function relax(t: PlanTarget, req: PlanRequest, n: FrameworkName): string[] {
  const ccs = t.gpus.map((g) => g.cc);
  const version = req.frameworks.find((f) => f.name === n)?.version;
  const out: string[] = [];
  const tryWith = (r: PlanRequest) => solve(t, r, [n], null);
  const show = (c: Combo | undefined) => (c ? picksOf(c, t).map(label).join(', ') : undefined);
  if (req.cuda) {
    const c = tryWith({ ...req, cuda: undefined });
    const p = c ? picksOf(c, t)[0] : undefined;
    if (p) out.push(msg('relaxCuda', { sms: sms(ccs), tag: variantLabel(p), framework: n, version: pickVersion(p), cuda: req.cuda }));
  }
  if (version && !out.length) {
    const found = show(tryWith({ ...req, cuda: undefined, frameworks: req.frameworks.map((f) => (f.name === n ? { name: n } : f)) }));
    if (found) out.push(msg('relaxVersion', { framework: n, version, found }));
  }
  if (req.python && !out.length) {
    const c = tryWith({ ...req, python: undefined });
    const p = c ? picksOf(c, t)[0] : undefined;
    if (p) {
      const range = p.framework === 'torch' ? p.choice.release.python : p.framework === 'tensorflow' ? p.release.python : { min: '?', max: '?' };
      out.push(msg('relaxPython', { framework: n, version: pickVersion(p), min: range.min, max: range.max }));
    }
  }
  if (!out.length) {
    if (n === 'tensorflow' && t.platform === 'windows') out.push(msg('tfWindows'));
    else if (n === 'jax' && t.platform === 'windows') out.push(msg('jaxWindows'));
    else out.push(msg('nothing', { framework: n, sms: sms(ccs), platform: t.platform }));
  }
  return out;
}
