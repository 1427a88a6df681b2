// Snapshot → Lock: the facts a teammate's machine or a CI runner must match.
import { driverFloors } from '../knowledge/driver-support.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import { findEnv, targetFromSnapshot, PYPI } from '../export/target.js';
import { loadedLibrary } from '../snapshot/library-copies.js';
import type { PythonEnv, Snapshot } from '../snapshot/types.js';
import { VERSION } from '../version.js';
import { LOCK_SCHEMA_ID, LOCK_VERSION, type Lock, type LockFramework } from './types.js';

const FRAMEWORKS = /^(torch|torchvision|torchaudio|tensorflow|jax|jaxlib|jax-cuda\d+-plugin|cupy(-cuda\w+)?)$/;

function minor(v: string): string {
  const [a, b] = versionParts(v);
  return `${a ?? 0}.${b ?? 0}`;
}

/** The active toolkit's version: the one on PATH / CUDA_HOME / the symlink. */
function activeToolkit(s: Snapshot): string | null {
  const t = s.toolkits.find((k) => k.active.path || k.active.cudaHome || k.active.symlink) ?? (s.toolkits.length === 1 ? s.toolkits[0] : undefined);
  return t?.nvcc?.version?.value ?? t?.version?.value ?? null;
}

/**
 * cuDNN / NCCL the frameworks use: the copy that loads (snapshot/library-copies.ts: the loader's pick, else the env's
 * own package of it), else the framework's build, else a copy the machine has.
 */
function libraryVersion(s: Snapshot, env: PythonEnv, name: 'cudnn' | 'nccl'): string | null {
  const copy = loadedLibrary(s, env, name);
  if (copy?.version && copy.via !== 'copy') return copy.version;
  if (name === 'cudnn') {
    const built = env.packages.find((p) => p.build?.cudnn)?.build?.cudnn;
    if (built) return built;
  }
  return copy?.version ?? null;
}

export function lockFromSnapshot(snapshot: Snapshot, envName: string | undefined, now: Date): Lock {
  // A machine without any environment (a fresh node, a laptop without torch) gives a lock without one.
  const env = findEnv(snapshot, envName);
  const target = env ? targetFromSnapshot(snapshot, env) : null;
  const frameworks: LockFramework[] = [];
  for (const pin of target?.pins ?? []) {
    if (!FRAMEWORKS.test(pin.name)) continue;
    const pkg = env?.packages.find((p) => p.name === pin.name);
    const local = /\+cu(\d+)(\d)$/.exec(pin.version);
    const cuda = local ? `${local[1]}.${local[2]}` : pkg?.build && !pkg.build.cpuOnly && pkg.build.cuda ? pkg.build.cuda : null;
    frameworks.push({ name: pin.name, version: pin.version.split('+')[0] ?? pin.version, cuda, index: pin.index });
  }
  let floor: string | null = null;
  for (const f of frameworks) {
    if (!f.cuda) continue;
    const fl = driverFloors(minor(f.cuda));
    const need = fl.mvc ?? fl.full;
    if (need && (!floor || compareVersions(need, floor) > 0)) floor = need;
  }
  const d = snapshot.driver;
  const archs = [...new Set(snapshot.gpus.map((g) => g.computeCapability).filter((c): c is string => !!c))].sort((a, b) => compareVersions(a, b));
  return {
    $schema: LOCK_SCHEMA_ID,
    lockVersion: LOCK_VERSION,
    generatedBy: { tool: 'gpuenv', version: VERSION },
    createdAt: now.toISOString(),
    source: { hostname: snapshot.hostname, snapshotTakenAt: snapshot.takenAt, environment: env?.prefix ?? null },
    driver: { floor, seen: d.version?.value ?? d.kernelModule?.value ?? null, cuda: d.cudaVersion?.value ?? null },
    gpus: { count: snapshot.gpus.length, names: [...new Set(snapshot.gpus.map((g) => g.name))], architectures: archs },
    cuda: { runtime: target?.cuda ?? null, toolkit: activeToolkit(snapshot) },
    cudnn: env ? libraryVersion(snapshot, env, 'cudnn') : null,
    nccl: env ? libraryVersion(snapshot, env, 'nccl') : null,
    python: { version: env?.version?.value ?? null, kind: env?.kind ?? null },
    frameworks,
    packages: (target?.pins ?? []).map((p) => ({ name: p.name, version: p.version, index: p.index })),
    indexes: [...new Set((target?.pins ?? []).map((p) => p.index).filter((i) => i !== PYPI))],
  };
}
