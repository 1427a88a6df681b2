// A framework's build CUDA needs a newer driver than this one (minor version compatibility counted where it works).
import { maxCudaForDriver } from '../../knowledge/cuda.js';
import { tensorflowReleases } from '../../knowledge/tensorflow.js';
import type { ArchSet } from '../../knowledge/torch.js';
import { torchVariant, variantArchSet, variantCoversCapability } from '../../knowledge/torch.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { driverWords, torchFixLines } from '../../install/torch.js';
import { buildCudaOf, canonicalName, cudaTagOf, distinctCapabilities, driverOf, isCpuBuild, isFramework, isTensorflow, managerOf, platformOf, publicVersion } from '../../snapshot/queries.js';
import { driverEvidence, packageEvidence } from '../evidence.js';
import { driverFloors, driverSupport } from '../../knowledge/driver-support.js';
import { driverUpgradeCommands } from '../../install/driver.js';
import { pipInstall } from '../../install/python.js';
import type { DriverFact, GpuCapability } from '../../snapshot/queries.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { m } from './messages-framework.js';

// jax plugins are checked by framework-cuda-mismatch; torchvision/torchaudio follow torch.
const SKIP = /^(jax|jaxlib|jax-cuda\d+-(plugin|pjrt)|torchvision|torchaudio)$/;

export const rule: SnapshotRule = {
  code: 'driver-too-old',
  scope: 'environment',
  check(snapshot) {
    const d = driverOf(snapshot);
    if (!d) return [];
    const out: Finding[] = [];
    for (const env of snapshot.python ?? []) {
      for (const p of env.packages ?? []) {
        if (!isFramework(p) || isCpuBuild(p) || SKIP.test(canonicalName(p.name))) continue;
        const cuda = buildCudaOf(p);
        if (!cuda) continue;
        const support = driverSupport(d, cuda);
        if (support === 'no') {
          out.push(finding(snapshot, env, p, d, cuda, undefined));
          continue;
        }
        if (support === 'mvc') {
          const ptxOnly = ptxOnlyGpu(snapshot, p);
          if (ptxOnly) out.push(finding(snapshot, env, p, d, cuda, ptxOnly));
        }
      }
    }
    return out;
  },
};

/** A GPU this package reaches only through PTX JIT (SASS absent), when the arch list is known. */
function ptxOnlyGpu(snapshot: Snapshot, p: PythonPackage): GpuCapability | undefined {
  let set: ArchSet | undefined = p.archs && (p.archs.sass.length || p.archs.ptx.length) ? { archList: p.archs.sass, ptx: p.archs.ptx } : undefined;
  if (!set && canonicalName(p.name) === 'torch') {
    const tag = cudaTagOf(p);
    const v = tag ? torchVariant(p.version, tag) : undefined;
    if (v) set = variantArchSet(v, platformOf(snapshot));
  }
  if (!set) return undefined;
  const s = set;
  return distinctCapabilities(snapshot).find((g) => variantCoversCapability(s, g.cc) === 'ptx');
}

function finding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, d: DriverFact, cuda: string, ptxGpu: GpuCapability | undefined): Finding {
  const floors = driverFloors(cuda);
  const floor = (ptxGpu ? floors.full : (floors.mvc ?? floors.full)) ?? '?';
  const name = canonicalName(p.name);
  const max = d.version ? maxCudaForDriver(d.version)?.minor : d.cuda;
  const vars = {
    pkg: name,
    version: p.version,
    prefix: env.prefix,
    cuda: versionParts(cuda).slice(0, 2).join('.'),
    major: versionParts(cuda)[0] ?? '?',
    floor,
    full: floors.full ?? '?',
    driver: d.version ?? `CUDA ${d.cuda}`,
    max: max ?? m('drvUnknownMax'),
    gpu: ptxGpu?.gpu.name ?? '',
    sm: ptxGpu?.sm ?? '',
  };
  const fix = [`# ${m('drvUpgrade', { floor })}`, ...driverUpgradeCommands(snapshot, floor, driverWords(floor))];
  let unconfirmed: string | undefined;
  if (name === 'torch') {
    const t = torchFixLines(snapshot, env, { ccs: distinctCapabilities(snapshot).map((g) => g.cc), preferVersion: publicVersion(p.version) });
    if (t.choice && t.choice.support !== 'no') {
      fix.push(`# ${m('drvOrTorch')}`, ...t.lines);
      unconfirmed = t.unconfirmed;
    }
  } else if (isTensorflow(p)) {
    const tf = [...tensorflowReleases()]
      .filter((r) => r.andCudaExtra && driverSupport(d, r.cuda) !== 'no')
      .sort((a, b) => compareVersions(b.version, a.version))[0];
    if (tf) {
      const minor = tf.version.split('.').slice(0, 2).join('.');
      fix.push(`# ${m('drvOrTf', { version: minor, cuda: tf.cuda })}`, pipInstall(env, managerOf(p) === 'uv' ? 'uv' : 'pip', [`"tensorflow[and-cuda]==${minor}.*"`]));
    }
  }
  const evidence = [packageEvidence(env, p), ...driverEvidence(d, m('evDriver'))];
  if (ptxGpu) evidence.push({ fact: m('evGpu', { index: ptxGpu.gpu.index }), value: `${ptxGpu.gpu.name}: ${ptxGpu.cc} (${ptxGpu.sm})`, source: ptxGpu.source });
  return {
    code: 'driver-too-old',
    severity: 'error',
    title: m('drvTitle', vars),
    cause: ptxGpu ? m('drvCausePtx', vars) : m('drvCause', vars),
    evidence,
    fix,
    subject: env.prefix,
    ...(unconfirmed ? { unconfirmed } : {}),
  };
}
