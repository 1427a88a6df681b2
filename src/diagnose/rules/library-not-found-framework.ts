// A CUDA library a framework package needs resolves nowhere (framework part of library-not-found).
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { torchVariant } from '../../knowledge/torch.js';
import { versionParts } from '../../knowledge/version.js';
import { buildCudaOf, canonicalName, cudaTagOf, isFramework, isTensorflow, managerOf, publicVersion, pythonOf } from '../../snapshot/queries.js';
import { condaEnvArg, pipInstall } from '../../install/python.js';
import { packageEvidence } from '../evidence.js';
import { wheelForSoname } from '../../knowledge/wheels.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { LibraryResolution, PythonEnv, PythonPackage } from '../../snapshot/types.js';
import { m } from './messages-framework.js';

// The driver's own libraries are the system rules' business (driver-not-loaded, library-not-found-system).
const DRIVER_LIBS = /^lib(cuda|nvidia-ml|nvidia-ptxjitcompiler|nvcuvid|nvidia-encode)\.so/;

export const rule: SnapshotRule = {
  code: 'library-not-found',
  scope: 'environment',
  check(snapshot) {
    const out: Finding[] = [];
    for (const env of snapshot.python ?? []) {
      for (const p of env.packages ?? []) {
        if (!isFramework(p)) continue;
        const missing = (p.cudaLibraries ?? []).filter((l) => (l.via === 'not-found' || !l.resolvedPath) && !DRIVER_LIBS.test(l.soname));
        if (missing.length > 0) out.push(finding(env, p, missing));
      }
    }
    return out;
  },
};

function finding(env: PythonEnv, p: PythonPackage, missing: LibraryResolution[]): Finding {
  const name = canonicalName(p.name);
  const sonames = missing.map((l) => l.soname);
  const vars = { pkg: name, version: p.version, prefix: env.prefix, sonames: sonames.join(', '), first: sonames[0] ?? '' };
  const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
  const fix: string[] = [];
  let unconfirmed: string | undefined;
  if (isTensorflow(p)) {
    const r = tensorflowRelease(p.version);
    const minor = publicVersion(p.version).split('.').slice(0, 2).join('.');
    if (!r || r.andCudaExtra) {
      fix.push(`# ${m('lnfTfAndCuda', { version: minor })}`, pipInstall(env, mgr, [`"tensorflow[and-cuda]==${minor}.*"`]));
    } else if (env.kind === 'conda') {
      fix.push(`# ${m('lnfTfOld', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`, `conda install ${condaEnvArg(env)} -c conda-forge cudatoolkit=${r.cuda} cudnn=${r.cudnn}`);
    } else {
      fix.push(`# ${m('lnfTfOldSystem', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`);
    }
    if (r && !r.confirmed) unconfirmed = `TensorFlow ${r.version}: ${r.note ?? 'unconfirmed'}`;
    fix.push(`${pythonOf(env)} -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"`);
  } else {
    const cuda = buildCudaOf(p);
    const major = versionParts(cuda ?? '12')[0] ?? 12;
    const variant = name === 'torch' ? (() => { const t = cudaTagOf(p); return t ? torchVariant(p.version, t) : undefined; })() : undefined;
    const specs: string[] = [];
    const unknown: string[] = [];
    for (const s of sonames) {
      const wheel = wheelForSoname(s, sonameCudaMajor(s) ?? major);
      if (!wheel) unknown.push(s);
      else if (/^nvidia-cudnn/.test(wheel) && variant?.cudnn) specs.push(`${wheel}==${variant.cudnn}`);
      else if (/^nvidia-nccl/.test(wheel) && variant?.nccl) specs.push(`${wheel}==${variant.nccl}`);
      else specs.push(wheel);
    }
    const uniq = [...new Set(specs)];
    if (uniq.length) fix.push(`# ${m('lnfWheels')}`, pipInstall(env, mgr, uniq));
    for (const s of unknown) fix.push(`# ${m('lnfUnknown', { soname: s, cuda: cuda ?? '?', pkg: name })}`, pipInstall(env, mgr, ['--force-reinstall', `${name}==${publicVersion(p.version)}`]));
  }
  return {
    code: 'library-not-found',
    severity: 'error',
    title: m('lnfTitle', vars),
    cause: m('lnfCause', vars),
    evidence: [packageEvidence(env, p), ...missing.map((l) => ({ fact: m('evLib', { soname: l.soname }), value: 'not found', source: 'loader search (RPATH, LD_LIBRARY_PATH, ld.so.cache, default folders)' }))],
    fix,
    subject: env.prefix,
    ...(unconfirmed ? { unconfirmed } : {}),
  };
}

/** libcudart.so.12 → 12; libcudnn.so.9 is a cuDNN major, not a CUDA one. */
function sonameCudaMajor(soname: string): number | undefined {
  if (!/^lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink|cupti)\.so\.\d+/.test(soname)) return undefined;
  const v = /\.so\.(\d+)/.exec(soname)?.[1];
  if (!v) return undefined;
  const n = Number(v);
  // cuFFT/cuSOLVER/cuSPARSE/cuRAND carry their own majors (libcufft.so.11 in CUDA 12): trust only cudart/cublas/nvrtc/nvJitLink.
  return /^lib(cudart|cublas|cublasLt|nvrtc|nvJitLink)\.so/.test(soname) && n >= 10 ? n : undefined;
}
