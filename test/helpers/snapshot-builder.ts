// A minimal valid Snapshot for rule tests, with small builders for GPUs, environments and packages.
import { pastedGpu } from '../../src/parse/build.js';
import type { Gpu, LibraryResolution, PythonEnv, PythonPackage, Snapshot, Toolkit } from '../../src/snapshot/types.js';

export type SnapshotOverrides = Partial<Omit<Snapshot, 'os' | 'driver'>> & { os?: Partial<Snapshot['os']>; driver?: Partial<Snapshot['driver']> };

export function buildSnapshot(over: SnapshotOverrides = {}): Snapshot {
  const { os, driver, ...rest } = over;
  return {
    schemaVersion: 1,
    tool: { name: 'gpuenv', version: '0.0.0-test' },
    takenAt: '2026-11-30T00:00:00.000Z',
    root: '/',
    hostname: 'test',
    os: {
      kernel: null,
      id: { value: 'ubuntu', source: 'file:/etc/os-release' },
      versionId: { value: '22.04', source: 'file:/etc/os-release' },
      prettyName: null,
      arch: { value: 'x86_64', source: 'command:uname -m' },
      wsl: { value: false, source: 'file:/proc/version' },
      container: null,
      secureBoot: null,
      nouveau: { loaded: null, blacklisted: null },
      kernelHeaders: null,
      dkms: null,
      ...os,
    },
    driver: {
      version: null,
      kernelModule: null,
      cudaVersion: null,
      nvmlVersion: null,
      moduleLoaded: null,
      moduleFlavor: null,
      ...driver,
    },
    gpus: [],
    pciGpus: [],
    nativeLibraries: { nvml: null, cuda: null },
    cudaDriverApi: null,
    toolkits: [],
    libraries: [],
    cudaCompat: [],
    tools: [],
    env: {},
    python: [],
    probes: [],
    ...rest,
  };
}

export function driver(version: string): Partial<Snapshot['driver']> {
  return { version: { value: version, source: 'nvml' }, kernelModule: { value: version, source: 'file:/proc/driver/nvidia/version' } };
}

export function gpu(name: string, computeCapability: string | null, index = 0): Gpu {
  return pastedGpu(name, index, 'nvml', { computeCapability });
}

export function pkg(name: string, version: string, over: Partial<PythonPackage> = {}): PythonPackage {
  const local = /\+cu(\d+)(\d)$/.exec(version);
  const cpu = /\+cpu$/.test(version);
  return {
    name,
    version,
    installer: 'pip',
    location: `/opt/env/lib/python3.12/site-packages/${name}-${version}.dist-info`,
    build: local
      ? { cuda: `${local[1]}.${local[2]}`, cudnn: null, cpuOnly: false, source: 'version' }
      : cpu
        ? { cuda: null, cudnn: null, cpuOnly: true, source: 'version' }
        : null,
    cudaLibraries: [],
    archs: null,
    ...over,
  };
}

export function env(packages: PythonPackage[], over: Partial<PythonEnv> = {}): PythonEnv {
  const prefix = over.prefix ?? '/opt/torch/.venv';
  return {
    prefix,
    python: `${prefix}/bin/python`,
    kind: 'venv',
    foundBy: ['PATH'],
    active: true,
    version: { value: '3.12.3', source: `command:${prefix}/bin/python` },
    sitePackages: [`${prefix}/lib/python3.12/site-packages`],
    packages,
    deep: null,
    ...over,
  };
}

export function lib(soname: string, resolvedPath: string | null, over: Partial<LibraryResolution> = {}): LibraryResolution {
  return { soname, resolvedPath, via: resolvedPath ? 'rpath' : 'not-found', version: null, shadowed: [], ...over };
}

export function toolkit(version: string, over: Partial<Toolkit> = {}): Toolkit {
  const path = `/usr/local/cuda-${version.split('.').slice(0, 2).join('.')}`;
  return {
    path,
    aliases: [],
    version: { value: version, source: `file:${path}/version.json` },
    nvcc: { path: `${path}/bin/nvcc`, version: { value: version, source: `command:${path}/bin/nvcc --version` } },
    installKind: 'deb',
    foundBy: ['/usr/local'],
    active: { path: false, cudaHome: false, symlink: false, ldLibraryPath: false },
    ...over,
  };
}
