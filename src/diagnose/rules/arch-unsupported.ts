// A framework's kernels (SASS, or PTX the driver can JIT) must cover every GPU's compute capability.
import { ccToSm } from '../../knowledge/cuda.js';
import { jaxCudaExtra } from '../../knowledge/jax.js';
import { tensorflowReleases, tensorflowRelease } from '../../knowledge/tensorflow.js';
import { torchVariant, variantArchSet, variantCoversCapability } from '../../knowledge/torch.js';
import type { ArchSet } from '../../knowledge/torch.js';
import { compareVersions } from '../../knowledge/version.js';
import { torchFixLines } from '../../install/torch.js';
import { m as im } from '../../install/messages.js';
import { canonicalName, cudaTagOf, distinctCapabilities, driverOf, isCpuBuild, isFramework, isTensorflow, managerOf, platformOf, publicVersion, pythonOf } from '../../snapshot/queries.js';
import { driverEvidence, packageEvidence } from '../evidence.js';
import { pipInstall, pipUninstall } from '../../install/python.js';
import type { GpuCapability } from '../../snapshot/queries.js';
import type { Evidence, Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { m } from './messages-framework.js';

interface Coverage {
  set: ArchSet;
  source: string;
  unconfirmed?: string;
}

function coverageOf(snapshot: Snapshot, p: PythonPackage): Coverage | undefined {
  if (p.archs && (p.archs.sass.length > 0 || p.archs.ptx.length > 0)) {
    return { set: { archList: p.archs.sass, ptx: p.archs.ptx }, source: p.archs.source };
  }
  const name = canonicalName(p.name);
  if (name === 'torch') {
    const tag = cudaTagOf(p);
    const v = tag ? torchVariant(p.version, tag) : undefined;
    if (!v) return undefined;
    return {
      set: variantArchSet(v, platformOf(snapshot)),
      source: m('archFromKnowledge', { version: publicVersion(p.version), tag: v.tag, source: v.source ?? 'torch table' }),
      ...(v.confirmed === false ? { unconfirmed: `PyTorch ${publicVersion(p.version)}+${v.tag} arch list: ${v.note ?? 'unconfirmed'}` } : {}),
    };
  }
  if (isTensorflow(p)) {
    const r = tensorflowRelease(p.version);
    if (!r?.computeCapabilities) return undefined;
    return {
      set: tfSet(r.computeCapabilities),
      source: `TensorFlow ${r.version} wheel compute capabilities (${r.source})`,
      ...(r.unconfirmedFields?.includes('computeCapabilities') || !r.confirmed ? { unconfirmed: `TensorFlow ${r.version} wheel compute capabilities (from .bazelrc by era, not read from the wheel)` } : {}),
    };
  }
  const jax = /^jax-cuda(\d+)-plugin$/.exec(canonicalName(p.name));
  if (jax) {
    const extra = jaxCudaExtra(`cuda${jax[1]}`);
    if (!extra) return undefined;
    // The floor is all the docs give: treat it as SASS from the minimum capability up to the newest major.
    return { set: { archList: [], ptx: [`compute_${extra.minComputeCapability.replace('.', '')}`] }, source: extra.source };
  }
  return undefined;
}

function tfSet(ccs: readonly string[]): ArchSet {
  return { archList: ccs.filter((c) => c.startsWith('sm_')), ptx: ccs.filter((c) => c.startsWith('compute_')) };
}

export const rule: SnapshotRule = {
  code: 'arch-unsupported',
  scope: 'environment',
  check(snapshot) {
    const gpus = distinctCapabilities(snapshot);
    if (gpus.length === 0) return [];
    const out: Finding[] = [];
    for (const env of snapshot.python ?? []) {
      const torchUncovered = new Set<string>();
      for (const p of env.packages ?? []) {
        if (!isFramework(p) || isCpuBuild(p)) continue;
        const name = canonicalName(p.name);
        // torchvision/torchaudio follow torch: one finding for the stack.
        if ((name === 'torchvision' || name === 'torchaudio') && torchUncovered.size > 0) continue;
        const cov = coverageOf(snapshot, p);
        if (!cov) continue;
        const missing = gpus.filter((g) => variantCoversCapability(cov.set, g.cc) === 'none');
        if (missing.length === 0) continue;
        if (name === 'torch') for (const g of missing) torchUncovered.add(g.cc);
        out.push(finding(snapshot, env, p, cov, missing, gpus));
      }
    }
    return out;
  },
};

function finding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, cov: Coverage, missing: GpuCapability[], all: GpuCapability[]): Finding {
  const first = missing[0] as GpuCapability;
  const name = canonicalName(p.name);
  const none = m('none');
  const vars = {
    pkg: name,
    version: p.version,
    prefix: env.prefix,
    gpu: first.gpu.name,
    cc: first.cc,
    sm: first.sm,
    sass: cov.set.archList.length ? cov.set.archList.join(' ') : none,
    ptx: cov.set.ptx.length ? cov.set.ptx.join(' ') : none,
  };
  const evidence: Evidence[] = [
    packageEvidence(env, p),
    ...missing.map((g) => ({ fact: m('evGpu', { index: g.gpu.index }), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source })),
    { fact: m('evArchs', { pkg: name }), value: `${vars.sass}; ${vars.ptx}`, source: cov.source },
  ];
  const d = driverOf(snapshot);
  if (d) evidence.push(...driverEvidence(d, m('evDriver')));
  let fix: string[];
  let unconfirmed = cov.unconfirmed;
  const ccs = all.map((g) => g.cc);
  if (name === 'torch') {
    const t = torchFixLines(snapshot, env, { ccs, preferVersion: publicVersion(p.version) });
    fix = t.lines;
    unconfirmed = [unconfirmed, t.unconfirmed].filter(Boolean).join('; ') || undefined;
  } else if (isTensorflow(p)) {
    fix = tfFix(env, p, ccs);
  } else if (/^jax-cuda13-plugin$/.test(name)) {
    const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
    fix = [pipUninstall(env, mgr, ['jax-cuda13-plugin', 'jax-cuda13-pjrt']), pipInstall(env, mgr, ['-U', '"jax[cuda12]"'])];
  } else {
    const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
    const archList = [...new Set(missing.map((g) => g.cc))].join(';');
    const args =
      mgr === 'uv'
        ? ['--no-build-isolation', '--reinstall-package', name, '--no-deps', '--no-binary', name, `${name}==${publicVersion(p.version)}`]
        : ['--no-build-isolation', '--no-cache-dir', '--force-reinstall', '--no-deps', '--no-binary', name, `${name}==${publicVersion(p.version)}`];
    fix = [`# ${m('archRebuild', { pkg: name, sm: missing.map((g) => g.sm).join(', ') })}`, `TORCH_CUDA_ARCH_LIST="${archList}" ${pipInstall(env, mgr, args)}`];
  }
  return {
    code: 'arch-unsupported',
    severity: 'error',
    title: m('archTitle', vars),
    cause: m('archCause', vars),
    evidence,
    fix,
    subject: env.prefix,
    ...(unconfirmed ? { unconfirmed } : {}),
  };
}

/** The newest TensorFlow whose wheels cover every GPU, with its CUDA libraries. */
function tfFix(env: PythonEnv, p: PythonPackage, ccs: string[]): string[] {
  const fits = [...tensorflowReleases()]
    .filter((r) => r.andCudaExtra && r.computeCapabilities && ccs.every((cc) => variantCoversCapability(tfSet(r.computeCapabilities ?? []), cc) !== 'none'))
    .sort((a, b) => compareVersions(b.version, a.version))[0];
  if (!fits) return [`# ${im('torchNone', { sms: ccs.map(ccToSm).join(', '), ccs: ccs.join(';'), python: env.version?.value ?? '?' })}`.replace('PyTorch', 'TensorFlow')];
  const minor = fits.version.split('.').slice(0, 2).join('.');
  const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
  return [pipInstall(env, mgr, [`"tensorflow[and-cuda]==${minor}.*"`]), `${pythonOf(env)} -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"`];
}
