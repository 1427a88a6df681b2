// Partial facts from a paste → a Snapshot the doctor's rules can read (unknown facts stay null), or the
// paste laid over this machine's Snapshot (`--here`): the live facts win, the paste fills the gaps.
import { SNAPSHOT_SCHEMA_VERSION, type PythonEnv, type Snapshot } from '../snapshot/types.js';
import { pasted, type PartialSnapshot } from './types.js';
import { VERSION } from '../version.js';

export const PASTED_PREFIX = '(pasted environment)';

export function snapshotFromFacts(facts: PartialSnapshot, base?: Snapshot): Snapshot {
  const os = {
    kernel: null,
    id: null,
    versionId: null,
    prettyName: null,
    arch: null,
    wsl: null,
    container: null,
    secureBoot: null,
    nouveau: { loaded: null, blacklisted: null },
    kernelHeaders: null,
    dkms: null,
  };
  const driver = { version: null, kernelModule: null, cudaVersion: null, nvmlVersion: null, moduleLoaded: null, moduleFlavor: null };
  const packages = facts.packages.map((p) => ({ ...p, build: p.build ? { ...p.build } : null }));
  const torch = packages.find((p) => p.name === 'torch' || p.name === 'pytorch');
  if (torch && facts.torchCuda) {
    if (facts.torchCuda.value === 'None') torch.build = { cuda: null, cudnn: null, cpuOnly: true, source: facts.torchCuda.source };
    else if (!torch.build?.cuda)
      torch.build = { cuda: facts.torchCuda.value, cudnn: torch.build?.cudnn ?? null, cpuOnly: false, source: facts.torchCuda.source };
  }
  if (torch && facts.torchArchList) torch.archs = { sass: facts.torchArchList.value, ptx: [], files: [], source: facts.torchArchList.source };
  const pasted: PythonEnv | null =
    packages.length || facts.pythonVersion
      ? {
          prefix: PASTED_PREFIX,
          python: 'python',
          kind: 'unknown',
          foundBy: ['pasted'],
          active: true,
          version: facts.pythonVersion,
          sitePackages: [],
          packages,
          deep: null,
        }
      : null;
  const b = base;
  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    tool: { name: 'gpuenv', version: VERSION },
    takenAt: b?.takenAt ?? new Date(0).toISOString(),
    root: b?.root ?? '/',
    hostname: b?.hostname ?? null,
    ...(b?.node ? { node: b.node } : {}),
    ...(b?.expectedGpus !== undefined ? { expectedGpus: b.expectedGpus } : {}),
    ...kernelLogOf(facts, b),
    ...(b?.fabric ? { fabric: b.fabric } : {}),
    ...limitsOf(facts, b),
    os: { ...os, ...stripNull(facts.os), ...(b ? stripNull(b.os) : {}), nouveau: b?.os.nouveau ?? facts.os.nouveau ?? os.nouveau },
    driver: { ...driver, ...stripNull(facts.driver), ...(b ? stripNull(b.driver) : {}) },
    gpus: b?.gpus.length ? b.gpus : facts.gpus,
    pciGpus: b?.pciGpus ?? [],
    nativeLibraries: b?.nativeLibraries ?? { nvml: null, cuda: null },
    cudaDriverApi: b?.cudaDriverApi ?? null,
    toolkits: b?.toolkits.length ? b.toolkits : facts.toolkits,
    libraries: [...(b?.libraries ?? []), ...facts.libraries],
    cudaCompat: b?.cudaCompat ?? [],
    tools: b?.tools ?? [],
    env: { ...facts.env, ...(b?.env ?? {}) },
    python: [...(pasted ? [pasted] : []), ...(b?.python ?? [])],
    probes: b?.probes ?? [],
  };
}

/** The machine's own kernel log when it was read (`--here`), else the Xid lines of the paste. */
function kernelLogOf(facts: PartialSnapshot, b: Snapshot | undefined): Pick<Snapshot, 'kernelLog'> {
  if (b?.kernelLog?.readable) return { kernelLog: b.kernelLog };
  if (facts.kernelXids.length) return { kernelLog: { readable: true, source: pasted('kernel log'), detail: null, xids: facts.kernelXids } };
  return b?.kernelLog ? { kernelLog: b.kernelLog } : {};
}

/** The machine's limits where it read them (`--here`), else what the paste shows (a `df` row of /dev/shm). */
function limitsOf(facts: PartialSnapshot, b: Snapshot | undefined): Pick<Snapshot, 'limits'> {
  const f = facts.limits;
  if (!b?.limits && !f.shm && !f.memlock && !f.rdmaDevices) return {};
  return {
    limits: {
      shm: b?.limits?.shm ?? f.shm ?? null,
      memlock: b?.limits?.memlock ?? f.memlock ?? null,
      rdmaDevices: b?.limits?.rdmaDevices ?? f.rdmaDevices ?? null,
    },
  };
}

function stripNull<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}
