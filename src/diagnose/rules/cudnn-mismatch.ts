// The cuDNN that resolves for a framework is another major than it needs, or older than its build's.
import { jaxCudaExtra } from '../../knowledge/jax.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { torchVariant } from '../../knowledge/torch.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { buildCudaOf, canonicalName, cudaTagOf, dirOf, findPackage, isBundledPath, isTensorflow, managerOf } from '../../snapshot/queries.js';
import { packageEvidence } from '../evidence.js';
import { pipInstall } from '../../install/python.js';
import { wheelForSoname } from '../../knowledge/wheels.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { LibraryResolution, PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { m } from './messages-framework.js';
import { ldLibraryPathWithout } from './library-shadowing.js';

interface Need {
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

function needOf(env: PythonEnv, p: PythonPackage): Need | undefined {
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
      want: cudnn, min, below: next(cudnn), source: p.build?.cudnn ? p.build.source : (v?.source ?? 'torch table'), pin: cudnn,
      ...(!p.build?.cudnn && v?.confirmed === false ? { unconfirmed: `PyTorch ${p.version} cuDNN pin: ${v.note ?? 'unconfirmed'}` } : {}),
    };
  }
  if (isTensorflow(p)) {
    const r = tensorflowRelease(p.version);
    if (!r) return undefined;
    return { want: r.cudnn, min: r.cudnn, below: next(r.cudnn), source: r.source, ...(r.confirmed ? {} : { unconfirmed: `TensorFlow ${r.version}: ${r.note ?? 'unconfirmed'}` }) };
  }
  const jax = /^jax-cuda(\d+)-plugin$/.exec(name);
  if (jax) {
    const e = jaxCudaExtra(`cuda${jax[1]}`);
    if (!e) return undefined;
    return { want: `≥ ${e.requires.cudnnMin}, < ${e.requires.cudnnBelow}`, min: e.requires.cudnnMin, below: e.requires.cudnnBelow, source: e.source };
  }
  void env;
  return undefined;
}

/** The problem with a resolved cuDNN for this package, if any: 'major' or 'older'. */
export function cudnnProblem(env: PythonEnv, p: PythonPackage, lib: LibraryResolution): 'major' | 'older' | undefined {
  if (!/^libcudnn/.test(lib.soname) || !lib.resolvedPath || !lib.version) return undefined;
  const need = needOf(env, p);
  if (!need) return undefined;
  if (versionParts(lib.version)[0] !== versionParts(need.min)[0]) return 'major';
  if (compareVersions(lib.version, need.min) < 0 || compareVersions(lib.version, need.below) >= 0) return 'older';
  return undefined;
}

export const rule: SnapshotRule = {
  code: 'cudnn-mismatch',
  scope: 'environment',
  check(snapshot) {
    const out: Finding[] = [];
    for (const env of snapshot.python ?? []) {
      for (const p of env.packages ?? []) {
        for (const lib of p.cudaLibraries ?? []) {
          const problem = cudnnProblem(env, p, lib);
          if (!problem) continue;
          const need = needOf(env, p);
          if (!need) continue;
          out.push(finding(snapshot, env, p, lib, need, problem));
          break;
        }
      }
    }
    return out;
  },
};

function finding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, lib: LibraryResolution, need: Need, problem: 'major' | 'older'): Finding {
  const name = canonicalName(p.name);
  const path = lib.resolvedPath ?? '';
  const vars = { pkg: name, version: p.version, prefix: env.prefix, want: need.want, have: lib.version ?? '?', soname: lib.soname, path, via: lib.via };
  const fix: string[] = [];
  const bundled = (lib.shadowed ?? []).find((s) => isBundledPath(env, s));
  const mgr = managerOf(p);
  if (lib.via === 'LD_LIBRARY_PATH' && bundled && !isBundledPath(env, path)) {
    const dir = dirOf(path);
    fix.push(`# ${m('cudnnFixLd', { pkg: name, bundled, dir })}`, ldLibraryPathWithout(snapshot, dir));
  } else if (isTensorflow(p)) {
    const minor = p.version.split('+')[0]?.split('.').slice(0, 2).join('.') ?? p.version;
    const r = tensorflowRelease(p.version);
    if (r?.andCudaExtra) fix.push(pipInstall(env, mgr === 'uv' ? 'uv' : 'pip', [`"tensorflow[and-cuda]==${minor}.*"`]));
    else fix.push(`# ${m('cudnnFixConda', { pkg: name })}`, `conda install -p ${env.prefix} -c conda-forge cudnn=${need.want}`);
  } else {
    const major = versionParts(buildCudaOf(p) ?? '12')[0] ?? 12;
    const wheel = wheelForSoname(lib.soname, major) ?? `nvidia-cudnn-cu${major}`;
    const spec = need.pin ? `${wheel}==${need.pin}` : `"${wheel}>=${need.min},<${need.below}"`;
    if (mgr === 'conda' && !findPackage(env, wheel)) fix.push(`# ${m('cudnnFixConda', { pkg: name })}`, `conda install -p ${env.prefix} -c conda-forge "cudnn>=${need.min},<${need.below}"`);
    else fix.push(`# ${m('cudnnFixPip', { pkg: name })}`, pipInstall(env, mgr === 'uv' ? 'uv' : 'pip', [spec]));
  }
  return {
    code: 'cudnn-mismatch',
    severity: 'error',
    title: m('cudnnTitle', vars),
    cause: m('cudnnCause', { ...vars, why: problem === 'major' ? m('cudnnWhyMajor') : m('cudnnWhyOlder', vars) }),
    evidence: [
      packageEvidence(env, p),
      { fact: m('evLib', { soname: lib.soname }), value: `${path} (${lib.version})`, source: lib.via },
      { fact: m('evKnowledge'), value: `${name} ${p.version}: cuDNN ${need.want}`, source: need.source },
    ],
    fix,
    subject: env.prefix,
    ...(need.unconfirmed ? { unconfirmed: need.unconfirmed } : {}),
  };
}
