// NVML readings during the run, taken on the bench child's main thread while the engine works elsewhere
// (NVML is thread-safe): clocks, throttle reasons, power, temperature and the PCIe link under load.
import { loadLibrary } from '../native/load.js';
import { bindNvml, NVML_CLOCK, NVML_ECC_COUNTER, NVML_MEMORY_ERROR, type NvmlBindings, type NvmlDevice } from '../native/nvml.js';
import { bindLinks, readLinks } from './links.js';
import { msg } from './messages.js';
import type { ClockSample, EccCounts, GpuLink, GpuStatic } from './types.js';

type Koffi = typeof import('koffi');

export interface Sampler {
  readonly gpus: GpuStatic[];
  sample(tMs: number): ClockSample[];
  ecc(gpu: number): EccCounts | null;
  /** How each pair of the measured GPUs is joined (empty with one GPU or when NVML cannot say). */
  links(): GpuLink[];
  close(): void;
}

export async function openSampler(koffi: Koffi, indices: number[]): Promise<Sampler | string> {
  const loaded = await loadLibrary(koffi, 'libnvidia-ml.so.1');
  if (!loaded.lib) return loaded.report.error ?? 'NVML not loaded';
  const n = bindNvml(koffi, loaded.lib);
  if (!n) return msg('nvml.noInit');
  const rc = n.nvmlInit_v2();
  if (rc !== 0) return `nvmlInit failed (${rc})`;
  const handles = new Map<number, NvmlDevice>();
  for (const i of indices) {
    const h: [NvmlDevice | null] = [null];
    if (n.nvmlDeviceGetHandleByIndex_v2?.(i, h) === 0 && h[0] !== null) handles.set(i, h[0]);
  }
  const gpus: GpuStatic[] = [...handles].map(([index, d]) => readStatic(n, index, d, eccOf(n, d)));
  const lib = loaded.lib;
  return {
    gpus,
    sample: (tMs) => [...handles].map(([gpu, d]) => readSample(n, gpu, d, tMs)),
    ecc: (gpu) => {
      const d = handles.get(gpu);
      return d === undefined ? null : eccOf(n, d);
    },
    links: () => {
      try {
        return readLinks(bindLinks(lib), handles);
      } catch {
        return [];
      }
    },
    close: () => void n.nvmlShutdown?.(),
  };
}

function u32(fn: ((d: NvmlDevice, out: [number]) => number) | undefined, d: NvmlDevice): number | null {
  const out: [number] = [0];
  try {
    return fn && fn(d, out) === 0 ? out[0] : null;
  } catch {
    return null;
  }
}

function clock(n: NvmlBindings, d: NvmlDevice, type: number, max = false): number | null {
  const fn = max ? n.nvmlDeviceGetMaxClockInfo : n.nvmlDeviceGetClockInfo;
  const out: [number] = [0];
  return fn && fn(d, type, out) === 0 ? out[0] : null;
}

function eccOf(n: NvmlBindings, d: NvmlDevice): EccCounts | null {
  const fn = n.nvmlDeviceGetTotalEccErrors;
  if (!fn) return null;
  const read = (type: number) => {
    const out: [number | bigint] = [0];
    return fn(d, type, NVML_ECC_COUNTER.VOLATILE, out) === 0 ? Number(out[0]) : null;
  };
  const c = read(NVML_MEMORY_ERROR.CORRECTED);
  const u = read(NVML_MEMORY_ERROR.UNCORRECTED);
  return c === null && u === null ? null : { volatileCorrected: c, volatileUncorrected: u };
}

function readStatic(n: NvmlBindings, index: number, d: NvmlDevice, ecc: EccCounts | null): GpuStatic {
  const name = Buffer.alloc(96);
  const pci: Record<string, unknown> = {};
  const major: [number] = [0];
  const minor: [number] = [0];
  const cc = n.nvmlDeviceGetCudaComputeCapability?.(d, major, minor) === 0 ? `${major[0]}.${minor[0]}` : null;
  return {
    index,
    name: n.nvmlDeviceGetName?.(d, name, 96) === 0 ? name.toString('utf8').replace(/\0.*$/s, '') : null,
    pciDeviceId:
      n.nvmlDeviceGetPciInfo_v3?.(d, pci) === 0 && typeof pci.pciDeviceId === 'number' ? `0x${(pci.pciDeviceId >>> 0).toString(16).padStart(8, '0')}` : null,
    computeCapability: cc,
    pcie: {
      currentGen: u32(n.nvmlDeviceGetCurrPcieLinkGeneration, d),
      maxGen: u32(n.nvmlDeviceGetMaxPcieLinkGeneration, d),
      gpuMaxGen: u32(n.nvmlDeviceGetGpuMaxPcieLinkGeneration, d),
      currentWidth: u32(n.nvmlDeviceGetCurrPcieLinkWidth, d),
      maxWidth: u32(n.nvmlDeviceGetMaxPcieLinkWidth, d),
    },
    maxSmMHz: clock(n, d, NVML_CLOCK.SM, true),
    maxMemMHz: clock(n, d, NVML_CLOCK.MEM, true),
    ecc,
  };
}

function readSample(n: NvmlBindings, gpu: number, d: NvmlDevice, tMs: number): ClockSample {
  const reasons: [number | bigint] = [0];
  const hasReasons = n.nvmlDeviceGetCurrentClocksEventReasons?.(d, reasons) === 0;
  const temp: [number] = [0];
  const power = u32(n.nvmlDeviceGetPowerUsage, d);
  return {
    tMs,
    gpu,
    smMHz: clock(n, d, NVML_CLOCK.SM),
    memMHz: clock(n, d, NVML_CLOCK.MEM),
    powerW: power === null ? null : Math.round(power / 100) / 10,
    temperatureC: n.nvmlDeviceGetTemperature?.(d, 0, temp) === 0 ? temp[0] : null,
    reasons: hasReasons ? `0x${BigInt(reasons[0]).toString(16)}` : null,
    pcieGen: u32(n.nvmlDeviceGetCurrPcieLinkGeneration, d),
    pcieWidth: u32(n.nvmlDeviceGetCurrPcieLinkWidth, d),
  };
}
