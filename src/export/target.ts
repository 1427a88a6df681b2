// What an export rebuilds: one Python environment's GPU stack as pins with the index each comes from,
// read from a Snapshot or given explicitly (--framework torch@2.5.1 --cuda 12.4 --python 3.11).
import { UsageError } from '../errors.js';
import { distinctCapabilities, driverOf, publicVersion } from '../snapshot/queries.js';
import { PUBLISHED_IMAGES } from '../knowledge/containers.js';
import { jaxRelease } from '../knowledge/jax.js';
import { driverCudaCeiling } from './images.js';
import { tensorflowRelease } from '../knowledge/tensorflow.js';
import { parseTorchVersion, torchRelease, torchVariant, type TorchRelease } from '../knowledge/torch.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../snapshot/types.js';
import { msg } from './messages.js';
import { isPep440, isPypiName } from './safe.js';
import { checkLine } from '../install/check.js';
import { nearestTorchBuild } from '../install/torch-index.js';

export const PYPI = 'https://pypi.org/simple';
export const TORCH_CPU_INDEX = 'https://download.pytorch.org/whl/cpu';

export interface Pin {
  name: string;
  /** Exact version, with the local label where the index needs it ("2.11.0+cu130"). */
  version: string;
  /** Optional extras: tensorflow[and-cuda], jax[cuda13]. */
  extras?: string[];
  /** The index that serves this build: PYPI or a download.pytorch.org/whl/<tag> index. */
  index: string;
  /** Who installed it in the source environment (pip, uv, conda), or 'explicit'. */
  from: string;
}

export interface ExportTarget {
  /** One line: where the pins come from ("environment /opt/torch/.venv (venv, Python 3.12.3) on h200, snapshot 2026-…"). */
  origin: string;
  /** A short name for images and services ("torch-venv"). */
  name: string;
  /** "3.12" */
  python: string;
  /** The CUDA minor the GPU stack is built for ("13.0"), or null for a CPU-only stack. */
  cuda: string | null;
  /** The PyTorch index of the torch stack, when there is one. */
  torchIndex: string | null;
  pins: Pin[];
  /** Driver of the machine the files target: needed floor and the version seen. */
  driver: { version: string | null; cuda: string | null } | null;
  /** Compute capabilities of the target GPUs ("9.0"). */
  ccs: string[];
  gpuCount: number;
  /** Packages that compile CUDA code at install or run time (need nvcc: a devel image). */
  buildsExtensions: string[];
  /** Packages that load the system's CUDA libraries rather than wheels (need a runtime image). */
  usesSystemCuda: string[];
  /** True when something needs cuDNN that no wheel brings (a cudnn image). */
  needsSystemCudnn: boolean;
  /** The OS of the source machine ("ubuntu", "24.04"). */
  os: { id: string; version: string } | null;
  /** Conda environment name when the source was a conda env. */
  condaName: string | null;
  /** What was changed or dropped on the way, for the user (and as comments). */
  notes: string[];
}

// CUDA pieces conda or pip put in an env that the framework wheels bring themselves.
const CUDA_RUNTIME_PACKAGES = /^(cudatoolkit|cuda-toolkit|cuda-runtime|cuda-cudart|cuda-version|cudnn|nccl|pytorch-cuda)$/;
const SKIP = new Set(['pip', 'setuptools', 'wheel', 'distribute', 'python']);
const TORCH_STACK = ['torch', 'torchvision', 'torchaudio'];
/** Packages that compile CUDA sources (flash-attn sdist, apex, DeepSpeed ops JIT). */
export const EXTENSION_BUILDERS = /^(flash-attn|apex|deepspeed)$/;
/** Packages that dlopen the system CUDA libraries instead of pip wheels. */
export const SYSTEM_CUDA_USERS = /^(cupy(-cuda\w+)?|onnxruntime-gpu)$/;
const SYSTEM_CUDNN_USERS = /^onnxruntime-gpu$/;

export function torchIndexUrl(tag: string): string {
  return `https://download.pytorch.org/whl/${tag}`;
}

/** The environment `--env` names (prefix, folder name or conda env name); else the active one with a framework. */
export function selectEnv(snapshot: Snapshot, wanted: string | undefined): PythonEnv {
  const envs = snapshot.python ?? [];
  if (wanted) {
    const w = wanted.replace(/\/+$/, '');
    const hit = envs.find((e) => e.prefix === w || e.python === w) ?? envs.find((e) => basename(e.prefix) === w || basename(e.prefix) === `.${w}`);
    if (!hit) {
      const list = envs.map((e) => e.prefix).join(', ') || msg('none');
      throw new UsageError(msg('target.noSuchEnv', { wanted, list }));
    }
    return hit;
  }
  const pick = defaultEnv(snapshot);
  if (!pick) throw new UsageError(msg('target.noEnv'));
  return pick;
}

/** The environment a command means without --env: the active one with a framework, else any with packages. */
export function defaultEnv(snapshot: Snapshot): PythonEnv | null {
  const envs = snapshot.python ?? [];
  const withStack = envs.filter((e) => e.packages.some((p) => /^(torch|tensorflow|jax|jaxlib)$/.test(p.name)));
  return (
    withStack.find((e) => e.active) ?? withStack[0] ?? envs.find((e) => e.active && e.packages.length > 0) ?? envs.find((e) => e.packages.length > 0) ?? null
  );
}

/** `--env` when given (a usage error when the snapshot has no such environment), else defaultEnv. */
export function findEnv(snapshot: Snapshot, wanted: string | undefined): PythonEnv | null {
  return wanted ? selectEnv(snapshot, wanted) : defaultEnv(snapshot);
}

function basename(p: string): string {
  return p.split('/').filter(Boolean).at(-1) ?? p;
}

function mm(v: string): string {
  const [a, b] = versionParts(v);
  return `${a ?? 0}.${b ?? 0}`;
}

function cudaOfTag(tag: string): string {
  const d = tag.replace(/^cu/, '');
  return `${d.slice(0, -1)}.${d.slice(-1)}`;
}

function tagOfCuda(cuda: string): string {
  const [a, b] = versionParts(cuda);
  return `cu${a ?? 0}${b ?? 0}`;
}

/** torch, torchvision, torchaudio pinned to one index; a member built for another CUDA is re-paired with torch's. */
function torchStack(env: PythonEnv, torch: PythonPackage, notes: string[]): { pins: Pin[]; index: string; cuda: string | null } {
  const parsed = parseTorchVersion(torch.version);
  const version = parsed.version;
  const release = torchRelease(version);
  let tag: string | undefined;
  if (parsed.local === 'cpu' || torch.build?.cpuOnly) tag = 'cpu';
  else tag = parsed.cudaTag ?? (torch.build?.cuda ? tagOfCuda(torch.build.cuda) : release?.pypiDefault);
  if (!tag) tag = 'cpu';
  if (tag !== 'cpu' && release && !torchVariant(version, tag)) {
    // A build PyTorch never published as a wheel (a conda build for CUDA 11.2): the release's real build nearest to its
    // CUDA, of the same major (install/torch-index.ts), else the tag as installed with a note.
    const cudaNow = cudaOfTag(tag);
    const near = nearestTorchBuild({ version: release.version, major: versionParts(cudaNow)[0]!, maxCuda: cudaNow });
    if (near) {
      notes.push(msg('target.torchNearest', { version, tag, near: near.variant.tag, cuda: near.variant.cuda }));
      tag = near.variant.tag;
    } else notes.push(msg('target.torchKept', { version, tag }));
  }
  const index = tag === 'cpu' ? TORCH_CPU_INDEX : torchIndexUrl(tag);
  const local = `+${tag}`;
  const pins: Pin[] = [{ name: 'torch', version: `${version}${local}`, index, from: torch.installer }];
  for (const name of ['torchvision', 'torchaudio']) {
    const p = env.packages.find((x) => x.name === name);
    if (!p) continue;
    const own = /\+(cu\d+|cpu)$/.exec(p.version)?.[1] ?? (p.build?.cpuOnly ? 'cpu' : p.build?.cuda ? tagOfCuda(p.build.cuda) : undefined);
    let v = publicVersion(p.version);
    const paired = pairedVersion(release, name);
    if (own && own !== tag) {
      notes.push(msg('target.repaired', { name, installed: p.version, own, tag, version: `${paired ?? v}${local}` }));
      v = paired ?? v;
    } else if (paired && paired !== v) {
      notes.push(msg('target.unpaired', { name, version: v, torch: version, paired }));
    }
    pins.push({ name, version: `${v}${local}`, index, from: p.installer });
  }
  return { pins, index, cuda: tag === 'cpu' ? null : cudaOfTag(tag) };
}

function pairedVersion(release: TorchRelease | undefined, name: string): string | undefined {
  if (!release) return undefined;
  if (name === 'torchvision') return release.torchvision;
  if (name === 'torchaudio') return release.torchaudio ?? undefined;
  return undefined;
}

export interface SnapshotTargetOptions {
  /** Only the GPU stack (the frameworks, their CUDA wheels and GPU libraries), as before 2026-12. */
  gpuOnly?: boolean;
}

export function targetFromSnapshot(snapshot: Snapshot, env: PythonEnv, options: SnapshotTargetOptions = {}): ExportTarget {
  const notes: string[] = [];
  const pins: Pin[] = [];
  let cuda: string | null = null;
  let torchIndex: string | null = null;
  const torch = env.packages.find((p) => p.name === 'torch');
  if (torch) {
    const s = torchStack(env, torch, notes);
    pins.push(...s.pins);
    cuda = s.cuda;
    torchIndex = s.index;
  }
  const dropped: string[] = [];
  for (const p of [...env.packages].sort((a, b) => a.name.localeCompare(b.name))) {
    if (TORCH_STACK.includes(p.name) && torch) continue;
    if (SKIP.has(p.name)) continue;
    if (CUDA_RUNTIME_PACKAGES.test(p.name)) {
      dropped.push(`${p.name}=${p.version}`);
      continue;
    }
    pins.push({ name: p.name, version: publicVersion(p.version), index: PYPI, from: p.installer });
    if (!cuda && p.build?.cuda && !p.build.cpuOnly && /^(tensorflow|jaxlib|jax-cuda\d+-plugin|cupy)/.test(p.name))
      cuda = p.build.cuda.includes('.') ? p.build.cuda : null;
  }
  if (dropped.length) notes.push(msg('target.droppedConda', { list: dropped.join(', ') }));
  if (!options.gpuOnly) {
    const others = otherDistributions(
      env,
      new Set(
        pins
          .map((p) => p.name)
          .concat(
            dropped.map((d) => d.split('=')[0]!),
            torch ? TORCH_STACK : [],
          ),
      ),
      notes,
    );
    // One list by name after the torch stack, which stays first (it names the index the rest may need).
    const head = pins.filter((p) => TORCH_STACK.includes(p.name) && torch);
    const rest = pins
      .filter((p) => !head.includes(p))
      .concat(others)
      .sort((a, b) => a.name.localeCompare(b.name));
    pins.splice(0, pins.length, ...head, ...rest);
  }
  // A stack whose CUDA is only known as a major ("13" from jax-cuda13-plugin): take the driver's minor of it.
  const d = driverOf(snapshot);
  if (!cuda) {
    const major = env.packages.map((p) => p.build?.cuda).find((c): c is string => !!c);
    if (major) cuda = major.includes('.') ? major : d?.cuda && versionParts(d.cuda)[0] === Number(major) ? mm(d.cuda) : `${major}.0`;
  }
  const names = pins.map((p) => p.name);
  const hasCudnnWheel = names.some((n) => /^nvidia-cudnn/.test(n));
  const pyVersion = env.version?.value ?? null;
  const host = snapshot.hostname ? msg('target.originHost', { host: snapshot.hostname }) : '';
  const os = snapshot.os?.id?.value && snapshot.os.versionId?.value ? { id: snapshot.os.id.value, version: snapshot.os.versionId.value } : null;
  const target: ExportTarget = {
    origin: msg('target.originEnv', {
      prefix: env.prefix,
      kind: env.kind,
      python: pyVersion ? msg('target.originPython', { version: pyVersion }) : '',
      host,
      taken: snapshot.takenAt,
    }),
    name: slug(env.kind === 'conda' ? basename(env.prefix) : `${basename(env.prefix.replace(/\/\.venv$/, ''))}-${env.kind}`),
    python: pyVersion ? mm(pyVersion) : '3.12',
    cuda,
    torchIndex,
    pins,
    driver: d ? { version: d.version, cuda: d.cuda } : null,
    ccs: distinctCapabilities(snapshot).map((c) => c.cc),
    gpuCount: snapshot.gpus.length,
    buildsExtensions: names.filter((n) => EXTENSION_BUILDERS.test(n)),
    usesSystemCuda: names.filter((n) => SYSTEM_CUDA_USERS.test(n)),
    needsSystemCudnn: names.some((n) => SYSTEM_CUDNN_USERS.test(n)) && !hasCudnnWheel,
    os,
    condaName: env.kind === 'conda' ? basename(env.prefix) : null,
    notes,
  };
  checkTargetPins(target, snapshot);
  return target;
}

/**
 * The rest of the environment, pinned from PyPI: what pip or uv installed from an index. Distributions
 * that conda, the OS or a local folder put there are left out with a note: PyPI may not serve them at
 * that version (conda's own `conda`, Debian's patched builds, the user's project installed with -e).
 */
function otherDistributions(env: PythonEnv, pinned: Set<string>, notes: string[]): Pin[] {
  const pins: Pin[] = [];
  const local: string[] = [];
  const otherInstaller = new Map<string, string[]>();
  const badShape: string[] = [];
  for (const d of env.distributions ?? []) {
    if (pinned.has(d.name) || SKIP.has(d.name) || CUDA_RUNTIME_PACKAGES.test(d.name)) continue;
    if (d.direct) local.push(d.name);
    else if (d.installer !== 'pip' && d.installer !== 'uv') otherInstaller.set(d.installer, [...(otherInstaller.get(d.installer) ?? []), d.name]);
    else if (!isPypiName(d.name) || !isPep440(publicVersion(d.version))) badShape.push(JSON.stringify(`${d.name} ${d.version}`));
    else pins.push({ name: d.name, version: publicVersion(d.version), index: PYPI, from: d.installer });
  }
  if (local.length) notes.push(msg('target.droppedLocal', { list: local.join(', ') }));
  for (const [who, names] of otherInstaller)
    notes.push(
      msg('target.droppedInstaller', {
        count: names.length,
        who: who === 'unknown' ? msg('target.unknownInstaller') : who,
        names: `${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}`,
      }),
    );
  if (badShape.length) notes.push(msg('target.droppedShape', { list: badShape.join(', ') }));
  return pins.sort((a, b) => a.name.localeCompare(b.name));
}

export interface ExplicitSpec {
  frameworks: string[];
  cuda?: string;
  python?: string;
  driver?: string;
}

/** `--framework torch@2.5.1 --cuda 12.4 --python 3.11`: pins from the knowledge tables, no machine needed. */
export function targetFromSpec(spec: ExplicitSpec): ExportTarget {
  const notes: string[] = [];
  const pins: Pin[] = [];
  let cuda: string | null = spec.cuda ? mm(spec.cuda) : null;
  let torchIndex: string | null = null;
  let pyRange: { min: string; max: string } | undefined;
  for (const f of spec.frameworks) {
    const [rawName = '', version = ''] = f.split('@', 2);
    const name = rawName.toLowerCase() === 'pytorch' ? 'torch' : rawName.toLowerCase();
    if (!version) throw new UsageError(msg('target.noVersion', { f }));
    if (name === 'torch') {
      const release = torchRelease(version);
      if (!release) throw new UsageError(msg('target.torchUnknown', { f, version }));
      const tag = cuda ? tagOfCuda(cuda) : release.pypiDefault;
      const variant = torchVariant(release.version, tag);
      if (!variant) {
        const have = release.cudaVariants.map((v) => `${v.cuda} (${v.tag})`).join(', ');
        throw new UsageError(msg('target.torchNoVariant', { f, cuda: cuda ?? '', version: release.version, tag, have }));
      }
      cuda = variant.cuda;
      torchIndex = variant.indexUrl;
      const local = `+${variant.tag}`;
      pins.push({ name: 'torch', version: `${release.version}${local}`, index: variant.indexUrl, from: 'explicit' });
      pins.push({ name: 'torchvision', version: `${release.torchvision}${local}`, index: variant.indexUrl, from: 'explicit' });
      if (release.torchaudio) pins.push({ name: 'torchaudio', version: `${release.torchaudio}${local}`, index: variant.indexUrl, from: 'explicit' });
      pyRange = release.python;
    } else if (name === 'tensorflow') {
      const r = tensorflowRelease(version);
      if (!r) throw new UsageError(msg('target.tfUnknown', { f, version }));
      if (cuda && mm(r.cuda) !== cuda) notes.push(msg('target.tfCuda', { version, tested: r.cuda, cuda }));
      cuda ??= mm(r.cuda);
      // Before 2.1 the `tensorflow` wheel was CPU-only; the GPU build was the separate `tensorflow-gpu` (TF 2.1 release notes).
      const pinned = /^\d+\.\d+\.\d+$/.test(version) ? version : r.version;
      const pkgName = compareVersions(r.version, '2.1.0') < 0 ? 'tensorflow-gpu' : 'tensorflow';
      pins.push({ name: pkgName, version: pinned, ...(r.andCudaExtra ? { extras: ['and-cuda'] } : {}), index: PYPI, from: 'explicit' });
      pyRange = r.python;
    } else if (name === 'jax') {
      const r = jaxRelease(version);
      if (!r) throw new UsageError(msg('target.jaxUnknown', { f, version }));
      const major = cuda ? versionParts(cuda)[0] : undefined;
      const extra = (major ? r.extras.find((e) => e === `cuda${major}`) : undefined) ?? r.extras[0];
      if (!extra) throw new UsageError(msg('target.jaxNoExtra', { f, version: r.version }));
      // jax[cudaNN] brings its CUDA libraries as wheels for any minor of that major: the image takes the
      // newest minor gpuenv knows an image of, within what the given driver runs.
      if (!cuda) {
        const want = Number(extra.replace('cuda', ''));
        const ceiling = spec.driver ? driverCudaCeiling({ version: spec.driver, cuda: null }) : null;
        const minors = PUBLISHED_IMAGES.filter(
          (r) => !r.eol && versionParts(r.cuda)[0] === want && (!ceiling || compareVersions(mm(r.cuda), ceiling) <= 0),
        ).map((r) => mm(r.cuda));
        cuda = minors.sort((a, b) => compareVersions(b, a))[0] ?? `${want}.0`;
        notes.push(msg('target.jaxCuda', { extra, major: want, cuda, driver: ceiling && spec.driver ? msg('target.jaxDriver', { driver: spec.driver }) : '' }));
      }
      pins.push({ name: 'jax', version: r.version, extras: [extra], index: PYPI, from: 'explicit' });
      if (r.python) pyRange = r.python;
    } else {
      throw new UsageError(msg('target.unknownFramework', { f }));
    }
  }
  if (pins.length === 0) throw new UsageError(msg('target.noFramework'));
  let python = spec.python ? mm(spec.python) : '3.12';
  if (pyRange && (compareVersions(python, pyRange.min) < 0 || compareVersions(python, pyRange.max) > 0)) {
    if (spec.python)
      throw new UsageError(msg('target.pythonRange', { python: spec.python, frameworks: spec.frameworks.join(', '), min: pyRange.min, max: pyRange.max }));
    python = pyRange.max;
  }
  const target: ExportTarget = {
    origin: msg('target.originExplicit', {
      frameworks: spec.frameworks.join(', '),
      cuda: cuda ?? msg('none'),
      python,
      driver: spec.driver ? msg('target.originDriver', { driver: spec.driver }) : '',
    }),
    name: slug(spec.frameworks.map((f) => f.replace('@', '')).join('-')),
    python,
    cuda,
    torchIndex,
    pins,
    driver: spec.driver ? { version: spec.driver, cuda: null } : null,
    ccs: [],
    gpuCount: 0,
    buildsExtensions: [],
    usesSystemCuda: [],
    needsSystemCudnn: false,
    os: null,
    condaName: null,
    notes,
  };
  checkTargetPins(target);
  return target;
}

function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'gpu-env'
  );
}

/** "name==version" with extras: "tensorflow[and-cuda]==2.16.1". */
export function pinSpec(p: Pin): string {
  return `${p.name}${p.extras?.length ? `[${p.extras.join(',')}]` : ''}==${p.version}`;
}

// Pins the install checker has tables for (install/check.ts): the torch stack, NVIDIA wheels, jax, tensorflow.
const CHECKED_PINS = /^(torch|torchvision|torchaudio|jax|tensorflow|nvidia-(cudnn|nccl)-cu\d+)$/;

/**
 * The export's pins as one pip line through the install checker, as doctor's and plan's commands go: what its tables
 * contradict or cannot confirm becomes a note at the top of every exported file.
 */
export function checkTargetPins(target: ExportTarget, snapshot?: Snapshot): void {
  const pins = target.pins.filter((p) => CHECKED_PINS.test(p.name));
  if (!pins.length) return;
  const indexes = [...new Set(pins.map((p) => p.index).filter((i) => i !== PYPI))];
  const line = [`python${target.python} -m pip install`, ...pins.map(pinSpec), ...indexes.flatMap((i) => ['--extra-index-url', i])].join(' ');
  const c = checkLine(line, snapshot ? { snapshot, python: target.python } : { python: target.python });
  for (const i of c.issues) target.notes.push(msg(i.verdict === 'wrong' ? 'target.cannotInstall' : 'target.unchecked', { why: i.why }));
}
