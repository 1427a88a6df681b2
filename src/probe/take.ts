// Reads a machine into a Snapshot: cheap probes in parallel, NVML/CUDA in a watched child process,
// nvidia-smi only when NVML cannot answer. Nothing here throws for an absent component.
import type { NativeReport } from '../native/report.js';
import { createProbeContext, runLogged, type ProbeContext } from './context.js';
import { probeKernelDriver } from './driver.js';
import { relevantEnv } from './env.js';
import { gpusFromNvml, parseComputeCapCsv } from './gpus.js';
import { parseSmiXml } from '../formats/smi-xml.js';
import { probeCudaCompat } from './cuda-compat.js';
import { probeLibraries, pythonPrefixes, readLdCache } from './libraries.js';
import { probeExpectedGpus } from './expected-gpus.js';
import { probeFabric } from './fabric.js';
import { probeKernelLog } from './kernel-log.js';
import { probeLdSoPreload } from './ld-preload.js';
import { probeLimits } from './limits.js';
import { msg } from './messages.js';
import { probeOs } from './os.js';
import { xidBusMatches } from '../formats/xid-lines.js';
import { probePci } from './pci.js';
import { probePythonEnvs } from './python/index.js';
import { probeToolkits } from './toolkits.js';
import { probeTools } from './tools.js';
import type { NativeProbeResult, System } from '../system/types.js';
import { nodeIdentity } from './node-identity.js';
import { VERSION } from '../version.js';
import { fromNativeLibrary, cudaVersionString } from '../snapshot/native-facts.js';
import { NATIVE_PROBE, SNAPSHOT_SCHEMA_VERSION, type DriverInfo, type Gpu, type Snapshot } from '../snapshot/types.js';

export interface TakeOptions {
  /** Limit for each external command, in ms (default 5000). */
  timeoutMs?: number;
  /** Limit for the native probe child process (default: twice timeoutMs, at least 10 s). */
  nativeTimeoutMs?: number;
  now?: () => Date;
  /** --node-name: this node's name in fleet results (default: Slurm's, Kubernetes', the short hostname). */
  nodeName?: string;
  /** Python environments to look into beyond the ones found, and whether to import frameworks (--deep). */
  python?: { extraPythons: string[]; deep: boolean };
  /** Node scope only (gpuenv health): Python environments are a job's business, not the node's, and are not read. */
  nodeOnly?: boolean;
  /** --expect-gpus: the GPU count this node must show. */
  expectGpus?: number;
  /** false: do not ask slurmctld for the node's Gres (a Prolog must not call Slurm commands). */
  askSlurm?: boolean;
}

export async function takeSnapshot(sys: System, options: TakeOptions = {}): Promise<Snapshot> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const ctx = createProbeContext(sys, timeoutMs);
  const now = options.now ?? (() => new Date());

  // Started first: it is the slowest probe and runs in its own process while files are read.
  // The handler is attached at once: a rejection while other probes run must not become an unhandled one.
  const nativePromise = sys
    .probeNative({ timeoutMs: options.nativeTimeoutMs ?? Math.max(2 * timeoutMs, 10_000) })
    .catch((error: unknown): NativeProbeResult => ({ ok: false, reason: 'error', detail: String((error as Error)?.message ?? error), durationMs: 0 }));
  const [kernel, pci, toolkits, ldCache, prefixes, tools, kernelLog, expectedGpus, limits, ldSoPreload] = await Promise.all([
    probeKernelDriver(ctx),
    probePci(ctx),
    probeToolkits(ctx),
    readLdCache(ctx),
    pythonPrefixes(ctx),
    probeTools(ctx),
    probeKernelLog(ctx),
    probeExpectedGpus(ctx, options.expectGpus, options.askSlurm ?? true),
    probeLimits(ctx),
    probeLdSoPreload(ctx),
  ]);
  const [os, libraries, python, native, fabric] = await Promise.all([
    probeOs(ctx, kernel.modules),
    probeLibraries(ctx, { toolkits, ldCache, pythonPrefixes: prefixes }),
    options.nodeOnly ? [] : probePythonEnvs(ctx, { ldCache, extraPythons: options.python?.extraPythons ?? [], deep: options.python?.deep ?? false }),
    nativePromise,
    probeFabric(ctx, pci.nvswitches),
  ]);

  const report: NativeReport | null = native.ok ? native.report : null;
  const nvml = report?.nvml ?? null;
  const nvmlOk = nvml !== null && nvml.initRc === 0;
  let gpus: Gpu[] = nvmlOk ? gpusFromNvml(nvml, report?.cuda ?? null) : [];
  const driver: DriverInfo = {
    version: nvmlOk && nvml.driverVersion ? { value: nvml.driverVersion, source: 'nvml' } : null,
    kernelModule: kernel.kernelModule,
    cudaVersion: nvmlOk && nvml.cudaDriverVersion ? { value: cudaVersionString(nvml.cudaDriverVersion), source: 'nvml' } : null,
    nvmlVersion: nvmlOk && nvml.nvmlVersion ? { value: nvml.nvmlVersion, source: 'nvml' } : null,
    moduleLoaded: kernel.moduleLoaded,
    moduleFlavor: kernel.moduleFlavor,
  };
  const cuda = report?.cuda ?? null;
  if (!driver.cudaVersion && cuda?.driverVersion) {
    driver.cudaVersion = { value: cudaVersionString(cuda.driverVersion), source: 'cuda-driver:cuDriverGetVersion' };
  }

  // Last resort, as the issue orders it: nvidia-smi only when NVML could not tell us.
  if (!nvmlOk && !sys.isForeignRoot && (await sys.which('nvidia-smi'))) {
    const smi = await smiFallback(ctx);
    if (smi) {
      gpus = smi.gpus;
      driver.version ??= smi.driverVersion ? { value: smi.driverVersion, source: 'nvidia-smi -q -x' } : null;
      driver.cudaVersion ??= smi.cudaVersion ? { value: smi.cudaVersion, source: 'nvidia-smi -q -x' } : null;
    }
  }

  const cudaCompat = await probeCudaCompat(ctx, toolkits, ldCache, cuda?.library.loadedPath ?? null, ldSoPreload?.value);
  for (const x of kernelLog.xids) x.gpuIndex = gpus.find((g) => g.pciBusId !== null && xidBusMatches(x.pciBusId, g.pciBusId))?.index ?? null;

  return {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    tool: { name: 'gpuenv', version: VERSION },
    takenAt: now().toISOString(),
    root: sys.root,
    hostname: sys.hostname(),
    node: nodeIdentity(sys.env, sys.hostname(), options.nodeName),
    expectedGpus,
    kernelLog,
    fabric,
    limits,
    os,
    driver,
    gpus,
    pciGpus: pci.gpus,
    nativeLibraries: {
      nvml: nvml ? fromNativeLibrary(nvml.library) : null,
      cuda: cuda ? fromNativeLibrary(cuda.library) : null,
    },
    cudaDriverApi: cuda
      ? {
          version: cuda.driverVersion ? { value: cudaVersionString(cuda.driverVersion), source: 'cuda-driver:cuDriverGetVersion' } : null,
          deviceCount: cuda.deviceCount,
          error: cuda.initRc !== null && cuda.initRc !== 0 ? (cuda.initError ?? msg('cuInitReturned', { rc: cuda.initRc })) : cuda.library.error,
        }
      : null,
    toolkits,
    libraries,
    cudaCompat,
    ldSoPreload,
    tools,
    env: relevantEnv(sys.env),
    python,
    probes: [...ctx.records, nativeRecord(native, report)],
  };
}

function nativeRecord(native: Awaited<ReturnType<System['probeNative']>>, report: NativeReport | null) {
  if (!native.ok) {
    return {
      name: NATIVE_PROBE,
      ok: false,
      durationMs: Math.round(native.durationMs),
      ...(native.reason === 'timeout' ? { timedOut: true } : {}),
      detail: msg('nativeFailed', { reason: msg(`nativeReason.${native.reason}`), detail: native.detail }),
    };
  }
  const problems = [report?.unavailable, report?.nvml?.library.error, report?.nvml?.initError, report?.cuda?.initError].filter(Boolean);
  return {
    name: NATIVE_PROBE,
    ok: problems.length === 0,
    durationMs: Math.round(native.durationMs),
    ...(problems.length ? { detail: problems.join('; ') } : {}),
  };
}

async function smiFallback(ctx: ProbeContext) {
  const r = await runLogged(ctx, 'nvidia-smi -q -x', 'nvidia-smi', ['-q', '-x']);
  if (r.timedOut) return undefined; // a hung nvidia-smi would hang the next call too
  if (r.failed || !r.stdout.includes('<nvidia_smi_log')) return undefined;
  const facts = parseSmiXml(r.stdout);
  // Whatever answers as nvidia-smi is believed only in nvidia-smi's own shapes: a wrapper or a broken
  // install printing `; rm -rf /` as a version is a failed probe, not a driver version.
  const bad = [
    facts.driverVersion && !/^\d{2,4}\.\d{1,3}(\.\d{1,3})?$/.test(facts.driverVersion)
      ? `driver_version ${JSON.stringify(facts.driverVersion.slice(0, 40))}`
      : '',
    facts.cudaVersion && !/^\d{1,2}\.\d{1,2}$/.test(facts.cudaVersion) ? `cuda_version ${JSON.stringify(facts.cudaVersion.slice(0, 40))}` : '',
  ].filter(Boolean);
  if (bad.length > 0) {
    const record = ctx.records.at(-1);
    if (record) Object.assign(record, { ok: false, detail: msg('smiNotItsFormat', { fields: bad.join(', ') }) });
    return undefined;
  }
  if (facts.gpus.length > 0) {
    const q = await runLogged(ctx, 'nvidia-smi --query-gpu=compute_cap', 'nvidia-smi', ['--query-gpu=index,pci.bus_id,compute_cap', '--format=csv,noheader']);
    const caps = q.failed ? new Map<string, string>() : parseComputeCapCsv(q.stdout);
    for (const g of facts.gpus) g.computeCapability = (g.pciBusId && caps.get(g.pciBusId.toUpperCase())) ?? null;
  }
  return facts;
}
