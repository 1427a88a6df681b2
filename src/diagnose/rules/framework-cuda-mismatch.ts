// A framework build against the CUDA, cuDNN, platform or torch build around it: torchvision/torchaudio pairs,
// TensorFlow's tested CUDA, TensorFlow GPU on native Windows, JAX CUDA plugins on too old a driver.
import { jaxCudaExtra } from '../../knowledge/jax.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { torchRelease } from '../../knowledge/torch.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { torchInstallCommands, driverWords } from '../../install/torch.js';
import { canonicalName, cudaTagOf, driverOf, findPackage, isCpuBuild, isTensorflow, managerOf, platformOf, publicVersion, pythonOf } from '../../snapshot/queries.js';
import { driverEvidence, packageEvidence } from '../evidence.js';
import { driverUpgradeCommands } from '../../install/driver.js';
import { pipInstall, pipUninstall } from '../../install/python.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { PythonEnv, Snapshot } from '../../snapshot/types.js';
import { m } from './messages-framework.js';

export const rule: SnapshotRule = {
  code: 'framework-cuda-mismatch',
  scope: 'environment',
  check(snapshot) {
    const out: Finding[] = [];
    for (const env of snapshot.python ?? []) {
      out.push(...torchPairs(env));
      out.push(...tensorflow(snapshot, env));
      out.push(...jax(snapshot, env));
    }
    return out;
  },
};

function torchPairs(env: PythonEnv): Finding[] {
  const torch = findPackage(env, 'torch');
  if (!torch) return [];
  const rel = torchRelease(torch.version);
  const ttag = isCpuBuild(torch) ? 'cpu' : cudaTagOf(torch);
  const out: Finding[] = [];
  for (const name of ['torchvision', 'torchaudio'] as const) {
    const p = findPackage(env, name);
    if (!p) continue;
    const tag = isCpuBuild(p) ? 'cpu' : cudaTagOf(p);
    const want = rel ? (name === 'torchvision' ? rel.torchvision : rel.torchaudio) : undefined;
    const base = { pkg: name, version: p.version, prefix: env.prefix, tversion: torch.version, tag: tag ?? '?', ttag: ttag ?? '?' };
    const variant = rel && ttag && ttag !== 'cpu' ? rel.cudaVariants.find((v) => v.tag === ttag) : undefined;
    const fix = (): string[] => {
      if (!variant || !rel) return [];
      return [`# ${m('fcmPairFix', { tag: variant.tag })}`, ...torchInstallCommands(env, { release: rel, variant, support: 'unknown', driverFloor: undefined })];
    };
    if (tag && ttag && tag !== ttag) {
      out.push({
        code: 'framework-cuda-mismatch',
        severity: 'error',
        title: m('fcmVisionTagTitle', base),
        cause: m('fcmVisionTagCause', base),
        evidence: [packageEvidence(env, torch), packageEvidence(env, p)],
        fix: fix(),
        subject: env.prefix,
      });
      continue;
    }
    if (want && compareVersions(publicVersion(p.version), want) !== 0) {
      const vars = { ...base, want };
      out.push({
        code: 'framework-cuda-mismatch',
        severity: 'error',
        title: m('fcmVisionVerTitle', vars),
        cause: m('fcmVisionVerCause', vars),
        evidence: [packageEvidence(env, torch), packageEvidence(env, p), { fact: m('evKnowledge'), value: `torch ${rel?.version} ↔ ${name} ${want}`, source: rel?.source ?? '' }],
        fix: fix(),
        subject: env.prefix,
        ...(rel?.unconfirmedFields?.includes(name) ? { unconfirmed: `${name} pairing for torch ${rel.version}: ${rel.note ?? 'secondary source'}` } : {}),
      });
    }
  }
  return out;
}

function tensorflow(snapshot: Snapshot, env: PythonEnv): Finding[] {
  const out: Finding[] = [];
  for (const p of env.packages ?? []) {
    if (!isTensorflow(p) || isCpuBuild(p) || canonicalName(p.name) === 'tensorflow-cpu') continue;
    const r = tensorflowRelease(p.version);
    if (!r) continue;
    const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
    const unconfirmed = r.confirmed ? undefined : `TensorFlow ${r.version}: ${r.note ?? 'row unconfirmed'}`;
    if (platformOf(snapshot) === 'windows' && !r.windowsNativeGpu) {
      out.push({
        code: 'framework-cuda-mismatch',
        severity: 'error',
        title: m('fcmTfWinTitle', { version: p.version }),
        cause: m('fcmTfWinCause', { version: p.version }),
        evidence: [packageEvidence(env, p), { fact: 'OS', value: 'windows', source: snapshot.os?.id?.source ?? '' }],
        fix: [`# ${m('fcmTfWinFix')}`, pipUninstall(env, mgr, [canonicalName(p.name)]), pipInstall(env, mgr, ['"tensorflow<2.11"'])],
        subject: env.prefix,
      });
      continue;
    }
    const want = r.cuda;
    for (const lib of p.cudaLibraries ?? []) {
      if (!/^libcudart\.so/.test(lib.soname) || !lib.resolvedPath || !lib.version) continue;
      const have = versionParts(lib.version).slice(0, 2).join('.');
      const differentMajor = versionParts(have)[0] !== versionParts(want)[0];
      const older = compareVersions(have, want) < 0;
      if (!differentMajor && !older) continue;
      const vars = { version: p.version, prefix: env.prefix, want, have, cudnn: r.cudnn, soname: lib.soname, path: lib.resolvedPath, via: lib.via };
      const minor = publicVersion(p.version).split('.').slice(0, 2).join('.');
      out.push({
        code: 'framework-cuda-mismatch',
        severity: differentMajor ? 'error' : 'warning',
        title: m('fcmTfCudaTitle', vars),
        cause: m('fcmTfCudaCause', vars),
        evidence: [packageEvidence(env, p), { fact: m('evLib', { soname: lib.soname }), value: `${lib.resolvedPath} (${lib.version})`, source: lib.via }, { fact: m('evKnowledge'), value: `TensorFlow ${r.version}: CUDA ${r.cuda}, cuDNN ${r.cudnn}`, source: r.source }],
        fix: r.andCudaExtra
          ? [pipInstall(env, mgr, [`"tensorflow[and-cuda]==${minor}.*"`]), `${pythonOf(env)} -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"`]
          : [`conda install -p ${env.prefix} -c conda-forge cudatoolkit=${r.cuda} cudnn=${r.cudnn}`],
        subject: env.prefix,
        ...(unconfirmed ? { unconfirmed } : {}),
      });
    }
  }
  return out;
}

function jax(snapshot: Snapshot, env: PythonEnv): Finding[] {
  const d = driverOf(snapshot);
  if (!d?.version) return [];
  const out: Finding[] = [];
  for (const p of env.packages ?? []) {
    const hit = /^jax-cuda(\d+)-plugin$/.exec(canonicalName(p.name));
    if (!hit) continue;
    const extra = jaxCudaExtra(`cuda${hit[1]}`);
    if (!extra || compareVersions(d.version, extra.minDriverLinux) >= 0) continue;
    const vars = { pkg: canonicalName(p.name), version: p.version, prefix: env.prefix, floor: extra.minDriverLinux, driver: d.version, extra: extra.extra, cuda: extra.requires.cuda };
    const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
    const fix = [`# ${m('fcmJaxFix', vars)}`, ...driverUpgradeCommands(snapshot, extra.minDriverLinux, driverWords(extra.minDriverLinux))];
    const cuda12 = jaxCudaExtra('cuda12');
    if (extra.extra === 'cuda13' && cuda12 && compareVersions(d.version, cuda12.minDriverLinux) >= 0) {
      fix.push(pipUninstall(env, mgr, ['jax-cuda13-plugin', 'jax-cuda13-pjrt']), pipInstall(env, mgr, [`"jax[cuda12]==${publicVersion(findPackage(env, 'jax')?.version ?? p.version)}"`]));
    }
    out.push({
      code: 'framework-cuda-mismatch',
      severity: 'error',
      title: m('fcmJaxTitle', vars),
      cause: m('fcmJaxCause', vars),
      evidence: [packageEvidence(env, p), ...driverEvidence(d, m('evDriver')), { fact: m('evKnowledge'), value: `jax[${extra.extra}]: driver ≥ ${extra.minDriverLinux}`, source: extra.source }],
      fix,
      subject: env.prefix,
      ...(extra.confirmed ? {} : { unconfirmed: `jax[${extra.extra}] floors: ${extra.note ?? 'unconfirmed'}` }),
    });
  }
  return out;
}
