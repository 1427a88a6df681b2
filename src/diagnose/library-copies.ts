// Copies of one library and which of them a framework should load: what cudnn-mismatch and library-shadowing both
// read (the cuDNN a framework build needs, the copy it ships, an LD_LIBRARY_PATH without the shadowing folder).
import { jaxCudaExtra } from '../knowledge/jax.js';
import { tensorflowRelease } from '../knowledge/tensorflow.js';
import { torchVariant } from '../knowledge/torch.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import { loadedLibrary, type LoadedCopy } from '../snapshot/library-copies.js';
import { canonicalName, cudaTagOf, isBundledPath, isTensorflow, publicVersion } from '../snapshot/queries.js';
import type { LibraryResolution, PythonEnv, PythonPackage, Snapshot } from '../snapshot/types.js';
import type { ExplainContext } from './context.js';
import { msg } from './rules/messages.js';
import { noteOf } from '../knowledge/localized.js';

/** Puts the lib folder of pip's cuDNN wheel (site-packages/nvidia/cudnn/lib, which the loader does not search) first. */
export const CUDNN_WHEEL_ON_PATH = `export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__) + "/lib")'):$LD_LIBRARY_PATH`;

/** TensorFlow with the CUDA and cuDNN wheels its release was built for (Linux, 2.14 on), same major.minor: "2.15.1" → 2.15.*. */
export function tfWithCuda(version: string): string {
  return `"tensorflow[and-cuda]==${publicVersion(version).split('.').slice(0, 2).join('.')}.*"`;
}

/** `export LD_LIBRARY_PATH=…` without `dir` (or `unset LD_LIBRARY_PATH` when nothing is left). */
export function ldLibraryPathWithout(snapshot: Snapshot, dir: string): string {
  const norm = (s: string) => s.replace(/\/+$/, '');
  const current = snapshot.env?.LD_LIBRARY_PATH ?? '';
  const kept = current.split(':').filter((e) => e !== '' && norm(e) !== norm(dir));
  return kept.length ? `export LD_LIBRARY_PATH=${kept.join(':')}` : 'unset LD_LIBRARY_PATH';
}

/** The copy of the library the package ships (a wheel's or the env's own), which the loaded copy shadows. */
export function bundledCopy(env: PythonEnv, lib: LibraryResolution): string | undefined {
  return (lib.shadowed ?? []).find((s) => isBundledPath(env, s));
}

/** The cuDNN a framework build needs. */
export interface CudnnNeed {
  /** What it needs, in words: "9.10.2.21", "8.9", "≥ 9.8, < 10.0". */
  want: string;
  min: string;
  /** Exclusive upper bound (next major). */
  below: string;
  source: string;
  /** pip pin for the fix. */
  pin?: string;
  unconfirmed?: string;
}

export function cudnnNeed(p: PythonPackage): CudnnNeed | undefined {
  const name = canonicalName(p.name);
  const next = (v: string) => `${(versionParts(v)[0] ?? 0) + 1}`;
  if (name === 'torch') {
    const tag = cudaTagOf(p);
    const v = tag ? torchVariant(p.version, tag) : undefined;
    const cudnn = p.build?.cudnn ?? v?.cudnn;
    if (!cudnn) return undefined;
    // torch refuses a runtime older than its build in major.minor; the patch level does not matter.
    const min = versionParts(cudnn).slice(0, 2).join('.');
    return {
      want: cudnn,
      min,
      below: next(cudnn),
      source: p.build?.cudnn ? p.build.source : (v?.source ?? 'torch table'),
      pin: cudnn,
      ...(!p.build?.cudnn && v?.confirmed === false
        ? { unconfirmed: msg('libraries.torchCudnnPinUnconfirmed', { version: p.version, note: noteOf(v) ?? msg('libraries.unconfirmed') }) }
        : {}),
    };
  }
  if (isTensorflow(p)) {
    const r = tensorflowRelease(p.version);
    if (!r) return undefined;
    return {
      want: r.cudnn,
      min: r.cudnn,
      below: next(r.cudnn),
      source: r.source,
      ...(r.confirmed ? {} : { unconfirmed: msg('libraries.tfUnconfirmed', { version: r.version, note: noteOf(r) ?? msg('libraries.unconfirmed') }) }),
    };
  }
  const jax = /^jax-cuda(\d+)-plugin$/.exec(name);
  if (jax) {
    const e = jaxCudaExtra(`cuda${jax[1]}`);
    if (!e) return undefined;
    return { want: `≥ ${e.requires.cudnnMin}, < ${e.requires.cudnnBelow}`, min: e.requires.cudnnMin, below: e.requires.cudnnBelow, source: e.source };
  }
  return undefined;
}

/**
 * The requirement for the cuDNN wheel (`nvidia-cudnn-cu12`) a framework build loads: its build's exact cuDNN when the
 * tables know it, else the range it accepts, else the wheel alone.
 */
export function cudnnWheelSpec(p: PythonPackage | undefined, wheel: string): string {
  const need = p ? cudnnNeed(p) : undefined;
  if (need?.pin) return `${wheel}==${need.pin}`;
  return need ? `"${wheel}>=${need.min},<${need.below}"` : wheel;
}

/** The problem with a resolved cuDNN for this package, if any: 'major' or 'older'. */
export function cudnnProblem(p: PythonPackage, lib: LibraryResolution): 'major' | 'older' | undefined {
  if (!/^libcudnn/.test(lib.soname) || !lib.resolvedPath || !lib.version) return undefined;
  const need = cudnnNeed(p);
  if (!need) return undefined;
  if (versionParts(lib.version)[0] !== versionParts(need.min)[0]) return 'major';
  if (compareVersions(lib.version, need.min) < 0 || compareVersions(lib.version, need.below) >= 0) return 'older';
  return undefined;
}

/**
 * The cuDNN there is, as a text (and, with --here, the machine) shows it: the copy that loads (snapshot/library-copies.ts),
 * else the one a torch wheel of 2.4 or later brings along (nvidia-cudnn-cu12 9.x).
 */
export function cudnnPresent(ctx: ExplainContext): { version: string; source: string; copy?: LoadedCopy; withTorch?: true } | undefined {
  const copy = loadedLibrary(ctx.snapshot, ctx.env, 'cudnn');
  if (copy?.version) return { version: copy.version, source: copy.source, copy };
  const t = ctx.torch;
  if (t && t.version !== '?' && compareVersions(t.version, '2.4.0') >= 0 && t.cuda) return { version: '9', source: t.pkg.location, withTorch: true };
  return undefined;
}
