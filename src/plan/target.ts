// The machine a plan is for: this machine's Snapshot, or one described by --gpu/--driver/--os (the build host is
// often not the run host). Remote targets get a synthesized Snapshot so the shared command builders work unchanged.
import { UsageError } from '../errors.js';
import { distinctCapabilities, driverOf, platformOf } from '../snapshot/queries.js';
import { matchGpu } from '../knowledge/gpus.js';
import type { Snapshot } from '../snapshot/types.js';
import type { PlanTarget } from './types.js';
import { msg } from './messages.js';

export const KNOWN_OS = [
  'ubuntu-20.04',
  'ubuntu-22.04',
  'ubuntu-24.04',
  'debian-11',
  'debian-12',
  'rhel-8',
  'rhel-9',
  'rocky-8',
  'rocky-9',
  'almalinux-9',
  'fedora',
  'wsl',
  'windows',
];

export function gpuFromName(name: string): { name: string; cc: string } {
  const r = matchGpu(name);
  if (!r.match) {
    const list = r.candidates
      .map((g) => g.name)
      .slice(0, 5)
      .join(', ');
    throw new UsageError(
      r.candidates.length > 1 && list ? msg('gpuAmbiguous', { name }) : msg('gpuUnknown', { name }),
      list ? msg('gpuClosest', { list }) : undefined,
    );
  }
  return { name: r.match.name, cc: r.match.computeCapability };
}

/** "ubuntu-22.04", "ubuntu22.04", "rhel9", "wsl", "windows", "ubuntu-24.04/aarch64". */
export function parseOs(spec: string): { id: string; versionId: string | null; wsl: boolean; arch: string } {
  const [osPart = '', arch = 'x86_64'] = spec.toLowerCase().split('/');
  if (osPart === 'wsl') return { id: 'ubuntu', versionId: '22.04', wsl: true, arch };
  if (osPart === 'windows') return { id: 'windows', versionId: null, wsl: false, arch };
  const m = /^([a-z]+)-?(\d+(?:\.\d+)?)?$/.exec(osPart);
  const known = ['ubuntu', 'debian', 'rhel', 'rocky', 'almalinux', 'centos', 'fedora', 'ol', 'amzn', 'opensuse', 'sles'];
  if (!m?.[1] || !known.includes(m[1])) throw new UsageError(msg('unknownOs', { spec }), msg('knownOs', { list: KNOWN_OS.join(', ') }));
  return { id: m[1], versionId: m[2] ?? null, wsl: false, arch };
}

export function remoteTarget(opts: { gpus: string[]; driver?: string; os?: string }): PlanTarget {
  if (opts.driver !== undefined && !/^\d{3,4}(\.\d{1,3}){0,2}$/.test(opts.driver.trim()))
    throw new UsageError(msg('badDriver', { driver: opts.driver }), msg('badDriverHint'));
  const gpus = opts.gpus.map(gpuFromName);
  const os = parseOs(opts.os ?? 'ubuntu-22.04');
  const f = (value: string, source = 'command line') => ({ value, source });
  const snapshot: Snapshot = {
    schemaVersion: 1,
    tool: { name: 'gpuenv', version: 'plan' },
    takenAt: new Date(0).toISOString(),
    root: '/',
    hostname: null,
    os: {
      kernel: null,
      id: f(os.id),
      versionId: os.versionId ? f(os.versionId) : null,
      prettyName: f(opts.os ?? 'ubuntu-22.04'),
      arch: f(os.arch),
      wsl: { value: os.wsl, source: 'command line' },
      container: null,
      secureBoot: null,
      nouveau: { loaded: null, blacklisted: null },
      kernelHeaders: null,
      dkms: null,
    },
    driver: {
      version: opts.driver ? f(opts.driver.trim()) : null,
      kernelModule: null,
      cudaVersion: null,
      nvmlVersion: null,
      moduleLoaded: null,
      moduleFlavor: null,
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
  };
  return { snapshot, gpus, driver: driverOf(snapshot), platform: platformOf(snapshot), live: false, env: null };
}

export function liveTarget(snapshot: Snapshot): PlanTarget {
  const gpus = distinctCapabilities(snapshot).map((g) => ({ name: g.gpu.name, cc: g.cc }));
  const env = snapshot.python.find((e) => e.active) ?? snapshot.python[0] ?? null;
  return { snapshot, gpus, driver: driverOf(snapshot), platform: platformOf(snapshot), live: true, env };
}
