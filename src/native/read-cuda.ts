// Asks the CUDA driver API what the report needs: cuInit, the driver's CUDA version, and per device
// its identity and attributes. No context is created: none of these calls needs one.
import { bindCuda, cuResultName, CU_DEVICE_ATTRIBUTE, CU_RESULT, type CudaBindings } from './cuda.js';
import { errorMessage, loadLibrary, type ResolveOptions } from './load.js';
import { msg } from './messages.js';
import { Calls, cText, toNumber } from './read-nvml.js';
import type { CudaDeviceReport, CudaReport } from './report.js';

type Koffi = typeof import('koffi');
type LibraryHandle = import('koffi').LibraryHandle;

export const CUDA_SONAME = 'libcuda.so.1';

export async function readCuda(koffi: Koffi, resolve: ResolveOptions = {}): Promise<CudaReport> {
  const { lib, report: library } = await loadLibrary(koffi, CUDA_SONAME, resolve);
  return readCudaFrom(lib, library);
}

/** The questions themselves, over a loaded library or none (tests hand in a fake one). */
export function readCudaFrom(lib: LibraryHandle | null, library: CudaReport['library']): CudaReport {
  const report: CudaReport = {
    library,
    initRc: null,
    initError: null,
    driverVersion: null,
    deviceCount: null,
    devices: [],
    errors: [],
  };
  if (!lib) return report;
  const b = bindCuda(lib);
  if (!b) {
    library.error = msg('cuda.noCuInit', { soname: CUDA_SONAME, path: library.loadedPath ?? '' });
    return report;
  }
  const name = (rc: number) => errorName(b, rc);
  // Absent symbols have no CUresult; CUDA_ERROR_NOT_FOUND is the driver's code for a missing symbol.
  const calls = new Calls(name, CU_RESULT.CUDA_ERROR_NOT_FOUND);
  // cuDriverGetVersion works before (and without) cuInit: a driver too old for the GPU still answers.
  const version: [number] = [0];
  const getVersion = b.cuDriverGetVersion;
  report.driverVersion = calls.get(
    getVersion,
    'cuDriverGetVersion',
    () => getVersion!(version),
    () => version[0],
  );
  try {
    report.initRc = b.cuInit(0);
  } catch (error) {
    report.initRc = -1;
    report.initError = errorMessage(error);
    report.errors = calls.errors;
    return report;
  }
  if (report.initRc !== 0) {
    report.initError = name(report.initRc);
    report.errors = calls.errors;
    return report;
  }
  const count: [number] = [0];
  const getCount = b.cuDeviceGetCount;
  report.deviceCount = calls.get(
    getCount,
    'cuDeviceGetCount',
    () => getCount!(count),
    () => count[0],
  );
  for (let ordinal = 0; ordinal < (report.deviceCount ?? 0); ordinal++) report.devices.push(readDevice(b, calls, ordinal));
  report.errors = calls.errors;
  return report;
}

/** cuGetErrorName where the library knows the code; our table otherwise (the stub names nothing). */
function errorName(b: CudaBindings, rc: number): string {
  const out: [string | null] = [null];
  try {
    if (b.cuGetErrorName && b.cuGetErrorName(rc, out) === 0 && out[0]) return out[0];
  } catch {
    // Fall through to the table.
  }
  return cuResultName(rc);
}

function readDevice(b: CudaBindings, calls: Calls, ordinal: number): CudaDeviceReport {
  const report: CudaDeviceReport = {
    ordinal,
    name: null,
    pciBusId: null,
    computeCapability: null,
    multiprocessors: null,
    totalMemory: null,
    clockRateKHz: null,
    memoryClockRateKHz: null,
    memoryBusWidth: null,
    l2CacheBytes: null,
    asyncEngines: null,
    eccEnabled: null,
  };
  const handle: [number] = [0];
  const get = b.cuDeviceGet;
  if (
    calls.get(
      get,
      `cuDeviceGet(${ordinal})`,
      () => get!(handle, ordinal),
      () => true,
    ) === null
  )
    return report;
  const dev = handle[0];
  const text = (fn: CudaBindings['cuDeviceGetName'], label: string, size: number) => {
    const buf = Buffer.alloc(size);
    return calls.get(
      fn,
      label,
      () => fn!(buf, size, dev),
      () => cText(buf),
    );
  };
  const attr = (attrib: number, label: string): number | null => {
    const out: [number] = [0];
    const fn = b.cuDeviceGetAttribute;
    return calls.get(
      fn,
      `cuDeviceGetAttribute(${label}) device ${ordinal}`,
      () => fn!(out, attrib, dev),
      () => out[0],
    );
  };
  report.name = text(b.cuDeviceGetName, `cuDeviceGetName(${ordinal})`, 256);
  report.pciBusId = text(b.cuDeviceGetPCIBusId, `cuDeviceGetPCIBusId(${ordinal})`, 32);
  const major = attr(CU_DEVICE_ATTRIBUTE.COMPUTE_CAPABILITY_MAJOR, 'COMPUTE_CAPABILITY_MAJOR');
  const minor = attr(CU_DEVICE_ATTRIBUTE.COMPUTE_CAPABILITY_MINOR, 'COMPUTE_CAPABILITY_MINOR');
  report.computeCapability = major !== null && minor !== null ? [major, minor] : null;
  report.multiprocessors = attr(CU_DEVICE_ATTRIBUTE.MULTIPROCESSOR_COUNT, 'MULTIPROCESSOR_COUNT');
  const bytes: [number | bigint] = [0];
  const totalMem = b.cuDeviceTotalMem_v2;
  report.totalMemory = toNumber(
    calls.get(
      totalMem,
      `cuDeviceTotalMem_v2(${ordinal})`,
      () => totalMem!(bytes, dev),
      () => bytes[0],
    ),
  );
  report.clockRateKHz = attr(CU_DEVICE_ATTRIBUTE.CLOCK_RATE, 'CLOCK_RATE');
  report.memoryClockRateKHz = attr(CU_DEVICE_ATTRIBUTE.MEMORY_CLOCK_RATE, 'MEMORY_CLOCK_RATE');
  report.memoryBusWidth = attr(CU_DEVICE_ATTRIBUTE.GLOBAL_MEMORY_BUS_WIDTH, 'GLOBAL_MEMORY_BUS_WIDTH');
  report.l2CacheBytes = attr(CU_DEVICE_ATTRIBUTE.L2_CACHE_SIZE, 'L2_CACHE_SIZE');
  report.asyncEngines = attr(CU_DEVICE_ATTRIBUTE.ASYNC_ENGINE_COUNT, 'ASYNC_ENGINE_COUNT');
  report.eccEnabled = attr(CU_DEVICE_ATTRIBUTE.ECC_ENABLED, 'ECC_ENABLED');
  return report;
}
