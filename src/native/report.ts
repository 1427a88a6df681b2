// What the native probe child process sends back: raw answers of NVML and the CUDA driver API.
// Plain JSON (numbers, strings, null); BigInt values are turned into numbers or hex strings.
import type { NvmlProcessReport } from './nvml-processes.js';

export interface NativeError {
  /** The call or field that failed, e.g. `nvmlDeviceGetEccMode`. */
  call: string;
  rc: number;
  /** The library's own name for rc, e.g. NVML_ERROR_NOT_SUPPORTED. */
  name: string;
}

export interface LibraryLoadReport {
  soname: string;
  /** Candidate paths in the order the dynamic loader would try them (LD_LIBRARY_PATH, ld.so.cache, default dirs). */
  candidates: string[];
  /** The file that actually loaded, from /proc/self/maps. */
  loadedPath: string | null;
  /** Candidates refused because they are stubs (`*\/stubs/*`). */
  refused: string[];
  error: string | null;
  /** Non-stub candidates that dlopen rejected before one loaded (or all of them), "path: message". */
  attempts?: string[];
}

export interface NvmlDeviceReport {
  index: number;
  name: string | null;
  uuid: string | null;
  pciBusId: string | null;
  /** nvmlPciInfo_t.pciDeviceId: (device << 16) | vendor, e.g. 0x233510de. */
  pciDeviceId: number | null;
  pciSubSystemId: number | null;
  computeCapability: [number, number] | null;
  /** NVML_DEVICE_ARCH_* value. */
  architecture: number | null;
  brand: number | null;
  memory: { total: number; free: number; used: number; reserved: number | null } | null;
  pcie: {
    currGen: number | null;
    maxGen: number | null;
    gpuMaxGen: number | null;
    currWidth: number | null;
    maxWidth: number | null;
  };
  clocks: {
    graphics: number | null;
    sm: number | null;
    mem: number | null;
    maxGraphics: number | null;
    maxSm: number | null;
    maxMem: number | null;
  };
  temperatureC: number | null;
  powerDrawMw: number | null;
  powerLimitMw: number | null;
  enforcedPowerLimitMw: number | null;
  /** Hex string of the 64-bit mask, e.g. "0x1". */
  clockEventReasons: string | null;
  supportedClockEventReasons: string | null;
  ecc: {
    current: number | null;
    pending: number | null;
    volatileCorrected: number | null;
    volatileUncorrected: number | null;
    aggregateCorrected: number | null;
    aggregateUncorrected: number | null;
    remappedCorrectable: number | null;
    remappedUncorrectable: number | null;
    remappingPending: number | null;
    remappingFailed: number | null;
  };
  persistenceMode: number | null;
  migMode: { current: number; pending: number } | null;
  multiprocessors: number | null;
  /** nvmlDeviceGetPerformanceState: 0 (P0) … 15, 32 unknown. */
  performanceState?: number | null;
  /** NVML_COMPUTEMODE_*: 0 default, 2 prohibited, 3 exclusive process. */
  computeMode?: number | null;
  /** nvmlDeviceGetUtilizationRates, percent over the last sample period. */
  utilization?: { gpu: number; memory: number } | null;
  /** nvmlDeviceGetNumGpuCores (CUDA cores). */
  gpuCores?: number | null;
  /** nvmlDeviceGetMemoryBusWidth, bits. */
  memoryBusWidth?: number | null;
  /** nvmlDeviceGetTemperatureThreshold SLOWDOWN and SHUTDOWN, °C. */
  temperatureSlowdownC?: number | null;
  temperatureShutdownC?: number | null;
  /** nvmlDeviceGetVbiosVersion, "96.00.74.00.01". */
  vbios?: string | null;
  /** nvmlDeviceGetPowerManagementDefaultLimit, mW. */
  defaultPowerLimitMw?: number | null;
  /** nvmlDeviceGet(Default)ApplicationsClock for GRAPHICS and MEM, MHz. */
  applicationsClocks?: { graphics: number | null; mem: number | null; defaultGraphics: number | null; defaultMem: number | null };
  /** nvmlDeviceGetRetiredPages counts per cause and the pending flag (pre-Ampere; NOT_SUPPORTED where rows are remapped). */
  retiredPages?: { singleBit: number | null; doubleBit: number | null; pending: number | null };
  /** nvmlDeviceGetGpuFabricInfo: NVML_GPU_FABRIC_STATE_* and the registration's nvmlReturn_t status. */
  fabric?: { state: number; status: number } | null;
  /** Compute and graphics process lists merged by pid, gpuenv's own left out (nvml-processes.ts); null: unreadable. */
  processes?: NvmlProcessReport[] | null;
  errors: NativeError[];
}

export interface NvmlReport {
  library: LibraryLoadReport;
  /** nvmlInit_v2 return code (0 = success). */
  initRc: number | null;
  initError: string | null;
  driverVersion: string | null;
  nvmlVersion: string | null;
  /** nvmlSystemGetCudaDriverVersion_v2, e.g. 13000. */
  cudaDriverVersion: number | null;
  deviceCount: number | null;
  devices: NvmlDeviceReport[];
  errors: NativeError[];
  /** Time spent in the child from library search to nvmlShutdown. */
  durationMs?: number;
}

export interface CudaDeviceReport {
  ordinal: number;
  name: string | null;
  pciBusId: string | null;
  computeCapability: [number, number] | null;
  multiprocessors: number | null;
  totalMemory: number | null;
  clockRateKHz: number | null;
  memoryClockRateKHz: number | null;
  memoryBusWidth: number | null;
  l2CacheBytes: number | null;
  asyncEngines: number | null;
  eccEnabled: number | null;
}

export interface CudaReport {
  library: LibraryLoadReport;
  initRc: number | null;
  /** cuGetErrorName of initRc when it failed, e.g. CUDA_ERROR_NO_DEVICE. */
  initError: string | null;
  /** cuDriverGetVersion, e.g. 13000. */
  driverVersion: number | null;
  deviceCount: number | null;
  devices: CudaDeviceReport[];
  errors: NativeError[];
  /** Time spent in the child from library search to the last attribute (cuInit dominates). */
  durationMs?: number;
}

export interface NativeReport {
  /** null when the library was not attempted (e.g. koffi missing). */
  nvml: NvmlReport | null;
  cuda: CudaReport | null;
  /** Why native probing could not start at all (koffi absent, unsupported platform). */
  unavailable: string | null;
}

/** What one run of the native probe child gave: its report, or why there is none. */
export type NativeProbeResult =
  | { ok: true; report: NativeReport; durationMs: number }
  | { ok: false; reason: 'timeout' | 'crashed' | 'unavailable' | 'error'; detail: string; durationMs: number };
