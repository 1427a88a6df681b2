// Small constructors for the Snapshot records a paste can only fill in part.
import type { Gpu, PythonPackage, Toolkit } from '../snapshot/types.js';

export function pastedGpu(name: string, index: number, source: string, over: Partial<Gpu> = {}): Gpu {
  return {
    index,
    name,
    uuid: null,
    pciBusId: null,
    pciDeviceId: null,
    pciSubsystemId: null,
    computeCapability: null,
    architecture: null,
    memory: { totalBytes: null, usedBytes: null, reservedBytes: null, freeBytes: null },
    pcie: { currentGen: null, maxGen: null, gpuMaxGen: null, currentWidth: null, maxWidth: null },
    clocks: { graphicsMHz: null, smMHz: null, memoryMHz: null, maxGraphicsMHz: null, maxSmMHz: null, maxMemoryMHz: null },
    temperatureC: null,
    power: { drawW: null, limitW: null, enforcedLimitW: null },
    clockEventReasons: null,
    ecc: {
      enabled: null,
      pendingEnabled: null,
      volatileCorrected: null,
      volatileUncorrected: null,
      aggregateCorrected: null,
      aggregateUncorrected: null,
      remappedRowsCorrectable: null,
      remappedRowsUncorrectable: null,
      remappingPending: null,
      remappingFailed: null,
    },
    persistenceMode: null,
    migMode: { current: null, pending: null },
    multiprocessors: null,
    source,
    unavailable: {},
    ...over,
  };
}

export function pastedToolkit(version: string, source: string, path = `(pasted) CUDA ${version}`): Toolkit {
  return {
    path,
    aliases: [],
    version: { value: version, source },
    nvcc: { path: 'nvcc', version: { value: version, source } },
    installKind: 'unknown',
    foundBy: [source],
    active: { path: true, cudaHome: false, symlink: false, ldLibraryPath: false },
  };
}

/** A package line: "+cu121" / conda "cuda11.8" / "+cpu" become the build facts the rules read. */
export function pastedPackage(name: string, version: string, source: string, installer = 'pip', condaBuild?: string): PythonPackage {
  const n = name.toLowerCase().replace(/_/g, '-');
  const local = /\+cu(\d+)(\d)$/.exec(version);
  const cpu = /\+cpu$/.test(version) || (condaBuild !== undefined && /(^|_)cpu(_|$)/.test(condaBuild));
  const conda = condaBuild ? /cuda(\d+\.\d+)/.exec(condaBuild) : null;
  const cudnn = condaBuild ? /cudnn(\d+\.\d+(?:\.\d+)?)/.exec(condaBuild) : null;
  const cuda = local ? `${local[1]}.${local[2]}` : (conda?.[1] ?? null);
  return {
    name: n,
    version,
    installer,
    location: source,
    build: cuda || cpu ? { cuda, cudnn: cudnn?.[1] ?? null, cpuOnly: cpu && !cuda, source: 'version' } : null,
    cudaLibraries: [],
    archs: null,
  };
}
