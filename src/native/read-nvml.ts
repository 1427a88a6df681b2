// Asks NVML every question of the report, each on its own, so one NOT_SUPPORTED never hides the
// other fields; every failure is kept with NVML's name for it.
import type { KoffiFunc, LibraryHandle } from 'koffi';
import { errorMessage, loadLibrary, type ResolveOptions } from './load.js';
import { msg } from './messages.js';
import {
  bindNvml,
  nvmlReturnName,
  nvmlTypes,
  NVML_CLOCK,
  NVML_DEVICE_NAME_V2_BUFFER_SIZE,
  NVML_DEVICE_UUID_V2_BUFFER_SIZE,
  NVML_DEVICE_VBIOS_VERSION_BUFFER_SIZE,
  NVML_PAGE_RETIREMENT_CAUSE,
  RETIRED_PAGES_CAPACITY,
  NVML_ECC_COUNTER,
  NVML_MEMORY_ERROR,
  NVML_RETURN,
  NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE,
  NVML_SYSTEM_NVML_VERSION_BUFFER_SIZE,
  NVML_TEMPERATURE_GPU,
  NVML_TEMPERATURE_THRESHOLD,
  type NvmlBindings,
  type NvmlDevice,
  type NvmlMemoryV1,
  type NvmlMemoryV2,
  type NvmlPciInfo,
  type NvmlTemperatureV1,
  type NvmlUtilization,
  type NvmlDeviceAttributes,
  type NvmlGpuFabricInfo,
} from './nvml.js';
import type { NativeError, NvmlDeviceReport, NvmlReport } from './report.js';
import { bindNvmlProcesses, readProcesses, type NvmlProcessBindings } from './nvml-processes.js';

type Koffi = typeof import('koffi');
/** What Calls needs of a bound function: its symbol name (koffi's `info.name`). */
type Named = { info: { name: string } } | undefined;
type U32Out = [number];
type U64Out = [number | bigint];

export const NVML_SONAME = 'libnvidia-ml.so.1';

/** Calls NVML functions and keeps their failures as NativeErrors. */
export class Calls {
  readonly errors: NativeError[] = [];
  readonly nameOf: (rc: number) => string;
  readonly notFound: number;

  constructor(nameOf: (rc: number) => string, notFound: number) {
    this.nameOf = nameOf;
    this.notFound = notFound;
  }

  /** Calls `invoke` when `fn` is bound and returns `read()` after a success; null (recorded) otherwise. */
  get<T>(fn: Named, label: string, invoke: () => number, read: () => T): T | null {
    // Absent from the library altogether: NVML's own code for that case.
    if (!fn) {
      this.errors.push({ call: label, rc: this.notFound, name: this.nameOf(this.notFound) });
      return null;
    }
    const call = label.includes('(') ? `${fn.info.name}${label.slice(label.indexOf('('))}` : fn.info.name;
    try {
      const rc = invoke();
      if (rc === 0) return read();
      this.errors.push({ call, rc, name: this.nameOf(rc) });
    } catch (error) {
      this.errors.push({ call, rc: -1, name: `exception: ${errorMessage(error)}` });
    }
    return null;
  }
}

export function toNumber(value: number | bigint | undefined | null): number | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'bigint' ? Number(value) : value;
}

export function toHex(value: number | bigint | undefined | null): string | null {
  if (value === undefined || value === null) return null;
  return `0x${BigInt(value).toString(16)}`;
}

export function cText(buffer: Buffer): string {
  const end = buffer.indexOf(0);
  return buffer.subarray(0, end < 0 ? buffer.length : end).toString('utf8');
}

function emptyReport(library: NvmlReport['library']): NvmlReport {
  return {
    library,
    initRc: null,
    initError: null,
    driverVersion: null,
    nvmlVersion: null,
    cudaDriverVersion: null,
    deviceCount: null,
    devices: [],
    errors: [],
  };
}

export async function readNvml(koffi: Koffi, resolve: ResolveOptions = {}): Promise<NvmlReport> {
  const { lib, report: library } = await loadLibrary(koffi, NVML_SONAME, resolve);
  if (!lib) return emptyReport(library);
  return readNvmlFrom(koffi, lib, library);
}

/**
 * The questions themselves, over a loaded library (tests hand in a fake one). `isOwnProcess` tells gpuenv's own
 * processes, left out of each GPU's process list (default: nvml-processes.ts ownProcessTest).
 */
export function readNvmlFrom(koffi: Koffi, lib: LibraryHandle, library: NvmlReport['library'], isOwnProcess?: (pid: number) => boolean): NvmlReport {
  const report = emptyReport(library);
  const b = bindNvml(koffi, lib);
  if (!b) {
    library.error = msg('nvml.noInit', { soname: NVML_SONAME, path: library.loadedPath ?? '' });
    return report;
  }
  const calls = new Calls(nvmlReturnName, NVML_RETURN.ERROR_FUNCTION_NOT_FOUND);
  try {
    report.initRc = b.nvmlInit_v2();
  } catch (error) {
    report.initRc = -1;
    report.initError = errorMessage(error);
    return report;
  }
  if (report.initRc !== 0) {
    report.initError = nvmlReturnName(report.initRc);
    return report;
  }
  try {
    readSystem(b, calls, report);
    const procs = { bindings: bindNvmlProcesses(lib), isOwn: isOwnProcess };
    for (let index = 0; index < (report.deviceCount ?? 0); index++) report.devices.push(readDevice(koffi, b, index, procs));
  } finally {
    report.errors = calls.errors;
    try {
      b.nvmlShutdown?.();
    } catch {
      // Shutting down is a courtesy; the process exits next.
    }
  }
  return report;
}

function readSystem(b: NvmlBindings, calls: Calls, report: NvmlReport): void {
  const text = (fn: NvmlBindings['nvmlSystemGetDriverVersion'], label: string, size: number): string | null => {
    const buf = Buffer.alloc(size);
    return calls.get(
      fn,
      label,
      () => fn!(buf, size),
      () => cText(buf),
    );
  };
  report.driverVersion = text(b.nvmlSystemGetDriverVersion, 'nvmlSystemGetDriverVersion', NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE);
  report.nvmlVersion = text(b.nvmlSystemGetNVMLVersion, 'nvmlSystemGetNVMLVersion', NVML_SYSTEM_NVML_VERSION_BUFFER_SIZE);
  const out: [number] = [0];
  const f1 = b.nvmlSystemGetCudaDriverVersion_v2;
  report.cudaDriverVersion = calls.get(
    f1,
    'nvmlSystemGetCudaDriverVersion_v2',
    () => f1!(out),
    () => out[0],
  );
  const f2 = b.nvmlDeviceGetCount_v2;
  report.deviceCount = calls.get(
    f2,
    'nvmlDeviceGetCount_v2',
    () => f2!(out),
    () => out[0],
  );
}

type DevFn<A extends unknown[]> = KoffiFunc<(d: NvmlDevice, ...args: A) => number> | undefined;

/** Typed helpers over Calls for one device handle. */
function deviceReader(calls: Calls, device: NvmlDevice) {
  return {
    device,
    call<A extends unknown[], T>(fn: DevFn<A>, label: string, args: A, read: () => T): T | null {
      return calls.get(fn, label, () => fn!(device, ...args), read);
    },
    u32(fn: DevFn<[U32Out]>, label: string): number | null {
      const out: U32Out = [0];
      return calls.get(
        fn,
        label,
        () => fn!(device, out),
        () => out[0],
      );
    },
    /** For getters with one enum argument before the output (clock type, threshold type). */
    u32Of(fn: DevFn<[number, U32Out]>, label: string, arg: number): number | null {
      const out: U32Out = [0];
      return calls.get(
        fn,
        label,
        () => fn!(device, arg, out),
        () => out[0],
      );
    },
    u64(fn: DevFn<[U64Out]>, label: string): number | bigint | null {
      const out: U64Out = [0];
      return calls.get(
        fn,
        label,
        () => fn!(device, out),
        () => out[0],
      );
    },
    text(fn: DevFn<[Buffer, number]>, label: string, size: number): string | null {
      const buf = Buffer.alloc(size);
      return calls.get(
        fn,
        label,
        () => fn!(device, buf, size),
        () => cText(buf),
      );
    },
  };
}

function readDevice(
  koffi: Koffi,
  b: NvmlBindings,
  index: number,
  procs: { bindings: NvmlProcessBindings; isOwn: ((pid: number) => boolean) | undefined },
): NvmlDeviceReport {
  const calls = new Calls(nvmlReturnName, NVML_RETURN.ERROR_FUNCTION_NOT_FOUND);
  const report = emptyDevice(index);
  const handle: [NvmlDevice | null] = [null];
  const byIndex = b.nvmlDeviceGetHandleByIndex_v2;
  const ok = calls.get(
    byIndex,
    'nvmlDeviceGetHandleByIndex_v2',
    () => byIndex!(index, handle),
    () => true,
  );
  const device = handle[0];
  if (!ok || device === null) {
    report.errors = calls.errors;
    return report;
  }
  const t = nvmlTypes(koffi);
  const r = deviceReader(calls, device);

  report.name = r.text(b.nvmlDeviceGetName, 'nvmlDeviceGetName', NVML_DEVICE_NAME_V2_BUFFER_SIZE);
  report.uuid = r.text(b.nvmlDeviceGetUUID, 'nvmlDeviceGetUUID', NVML_DEVICE_UUID_V2_BUFFER_SIZE);

  const pci: Partial<NvmlPciInfo> = {};
  if (r.call(b.nvmlDeviceGetPciInfo_v3, 'nvmlDeviceGetPciInfo_v3', [pci], () => true)) {
    report.pciBusId = pci.busId ?? null;
    report.pciDeviceId = pci.pciDeviceId ?? null;
    report.pciSubSystemId = pci.pciSubSystemId ?? null;
  }

  const major: U32Out = [0];
  const minor: U32Out = [0];
  report.computeCapability = r.call(b.nvmlDeviceGetCudaComputeCapability, 'nvmlDeviceGetCudaComputeCapability', [major, minor], (): [number, number] => [
    major[0],
    minor[0],
  ]);
  report.architecture = r.u32(b.nvmlDeviceGetArchitecture, 'nvmlDeviceGetArchitecture');
  report.brand = r.u32(b.nvmlDeviceGetBrand, 'nvmlDeviceGetBrand');

  report.memory = readMemory(b, calls, r, t.memoryV2Version);

  report.pcie = {
    currGen: r.u32(b.nvmlDeviceGetCurrPcieLinkGeneration, 'nvmlDeviceGetCurrPcieLinkGeneration'),
    maxGen: r.u32(b.nvmlDeviceGetMaxPcieLinkGeneration, 'nvmlDeviceGetMaxPcieLinkGeneration'),
    gpuMaxGen: r.u32(b.nvmlDeviceGetGpuMaxPcieLinkGeneration, 'nvmlDeviceGetGpuMaxPcieLinkGeneration'),
    currWidth: r.u32(b.nvmlDeviceGetCurrPcieLinkWidth, 'nvmlDeviceGetCurrPcieLinkWidth'),
    maxWidth: r.u32(b.nvmlDeviceGetMaxPcieLinkWidth, 'nvmlDeviceGetMaxPcieLinkWidth'),
  };
  const cur = b.nvmlDeviceGetClockInfo;
  const max = b.nvmlDeviceGetMaxClockInfo;
  report.clocks = {
    graphics: r.u32Of(cur, 'nvmlDeviceGetClockInfo(GRAPHICS)', NVML_CLOCK.GRAPHICS),
    sm: r.u32Of(cur, 'nvmlDeviceGetClockInfo(SM)', NVML_CLOCK.SM),
    mem: r.u32Of(cur, 'nvmlDeviceGetClockInfo(MEM)', NVML_CLOCK.MEM),
    maxGraphics: r.u32Of(max, 'nvmlDeviceGetMaxClockInfo(GRAPHICS)', NVML_CLOCK.GRAPHICS),
    maxSm: r.u32Of(max, 'nvmlDeviceGetMaxClockInfo(SM)', NVML_CLOCK.SM),
    maxMem: r.u32Of(max, 'nvmlDeviceGetMaxClockInfo(MEM)', NVML_CLOCK.MEM),
  };

  report.temperatureC = readTemperature(b, calls, r, t.temperatureV1Version);
  const threshold = b.nvmlDeviceGetTemperatureThreshold;
  report.temperatureSlowdownC = r.u32Of(threshold, 'nvmlDeviceGetTemperatureThreshold(SLOWDOWN)', NVML_TEMPERATURE_THRESHOLD.SLOWDOWN);
  report.temperatureShutdownC = r.u32Of(threshold, 'nvmlDeviceGetTemperatureThreshold(SHUTDOWN)', NVML_TEMPERATURE_THRESHOLD.SHUTDOWN);

  report.powerDrawMw = r.u32(b.nvmlDeviceGetPowerUsage, 'nvmlDeviceGetPowerUsage');
  report.powerLimitMw = r.u32(b.nvmlDeviceGetPowerManagementLimit, 'nvmlDeviceGetPowerManagementLimit');
  report.enforcedPowerLimitMw = r.u32(b.nvmlDeviceGetEnforcedPowerLimit, 'nvmlDeviceGetEnforcedPowerLimit');
  report.clockEventReasons = toHex(r.u64(b.nvmlDeviceGetCurrentClocksEventReasons, 'nvmlDeviceGetCurrentClocksEventReasons'));
  report.supportedClockEventReasons = toHex(r.u64(b.nvmlDeviceGetSupportedClocksEventReasons, 'nvmlDeviceGetSupportedClocksEventReasons'));

  const eccCur: U32Out = [0];
  const eccPend: U32Out = [0];
  const eccMode = r.call(b.nvmlDeviceGetEccMode, 'nvmlDeviceGetEccMode', [eccCur, eccPend], () => [eccCur[0], eccPend[0]]);
  const total = b.nvmlDeviceGetTotalEccErrors;
  const ecc = (type: number, counter: number, label: string): number | null => {
    const out: U64Out = [0];
    return toNumber(r.call(total, `nvmlDeviceGetTotalEccErrors(${label})`, [type, counter, out], () => out[0]));
  };
  const rows: [U32Out, U32Out, U32Out, U32Out] = [[0], [0], [0], [0]];
  const remapped = r.call(b.nvmlDeviceGetRemappedRows, 'nvmlDeviceGetRemappedRows', rows, () => rows.map((x) => x[0]));
  report.ecc = {
    current: eccMode?.[0] ?? null,
    pending: eccMode?.[1] ?? null,
    volatileCorrected: ecc(NVML_MEMORY_ERROR.CORRECTED, NVML_ECC_COUNTER.VOLATILE, 'CORRECTED,VOLATILE'),
    volatileUncorrected: ecc(NVML_MEMORY_ERROR.UNCORRECTED, NVML_ECC_COUNTER.VOLATILE, 'UNCORRECTED,VOLATILE'),
    aggregateCorrected: ecc(NVML_MEMORY_ERROR.CORRECTED, NVML_ECC_COUNTER.AGGREGATE, 'CORRECTED,AGGREGATE'),
    aggregateUncorrected: ecc(NVML_MEMORY_ERROR.UNCORRECTED, NVML_ECC_COUNTER.AGGREGATE, 'UNCORRECTED,AGGREGATE'),
    remappedCorrectable: remapped?.[0] ?? null,
    remappedUncorrectable: remapped?.[1] ?? null,
    remappingPending: remapped?.[2] ?? null,
    remappingFailed: remapped?.[3] ?? null,
  };

  report.persistenceMode = r.u32(b.nvmlDeviceGetPersistenceMode, 'nvmlDeviceGetPersistenceMode');
  const migCur: U32Out = [0];
  const migPend: U32Out = [0];
  report.migMode = r.call(b.nvmlDeviceGetMigMode, 'nvmlDeviceGetMigMode', [migCur, migPend], () => ({
    current: migCur[0],
    pending: migPend[0],
  }));
  const attrs: Partial<NvmlDeviceAttributes> = {};
  report.multiprocessors = r.call(b.nvmlDeviceGetAttributes_v2, 'nvmlDeviceGetAttributes_v2', [attrs], () => attrs.multiprocessorCount ?? null);

  report.performanceState = r.u32(b.nvmlDeviceGetPerformanceState, 'nvmlDeviceGetPerformanceState');
  report.computeMode = r.u32(b.nvmlDeviceGetComputeMode, 'nvmlDeviceGetComputeMode');
  const util: Partial<NvmlUtilization> = {};
  report.utilization = r.call(b.nvmlDeviceGetUtilizationRates, 'nvmlDeviceGetUtilizationRates', [util], () => ({
    gpu: util.gpu ?? 0,
    memory: util.memory ?? 0,
  }));
  report.gpuCores = r.u32(b.nvmlDeviceGetNumGpuCores, 'nvmlDeviceGetNumGpuCores');
  report.memoryBusWidth = r.u32(b.nvmlDeviceGetMemoryBusWidth, 'nvmlDeviceGetMemoryBusWidth');
  readHealth(b, calls, r, report);
  report.processes = readProcesses(procs.bindings, calls, device, procs.isOwn);
  report.errors = calls.errors;
  return report;
}

type Reader = ReturnType<typeof deviceReader>;

/** The node-health questions: VBIOS, default power limit, application clocks, retired pages, fabric state. */
function readHealth(b: NvmlBindings, calls: Calls, r: Reader, report: NvmlDeviceReport): void {
  report.vbios = r.text(b.nvmlDeviceGetVbiosVersion, 'nvmlDeviceGetVbiosVersion', NVML_DEVICE_VBIOS_VERSION_BUFFER_SIZE);
  report.defaultPowerLimitMw = r.u32(b.nvmlDeviceGetPowerManagementDefaultLimit, 'nvmlDeviceGetPowerManagementDefaultLimit');
  const app = b.nvmlDeviceGetApplicationsClock;
  const def = b.nvmlDeviceGetDefaultApplicationsClock;
  report.applicationsClocks = {
    graphics: r.u32Of(app, 'nvmlDeviceGetApplicationsClock(GRAPHICS)', NVML_CLOCK.GRAPHICS),
    mem: r.u32Of(app, 'nvmlDeviceGetApplicationsClock(MEM)', NVML_CLOCK.MEM),
    defaultGraphics: r.u32Of(def, 'nvmlDeviceGetDefaultApplicationsClock(GRAPHICS)', NVML_CLOCK.GRAPHICS),
    defaultMem: r.u32Of(def, 'nvmlDeviceGetDefaultApplicationsClock(MEM)', NVML_CLOCK.MEM),
  };
  const pages = (cause: number, label: string): number | null => {
    const count: [number] = [RETIRED_PAGES_CAPACITY];
    const addresses = Buffer.alloc(8 * RETIRED_PAGES_CAPACITY);
    const fn = b.nvmlDeviceGetRetiredPages;
    return calls.get(
      fn,
      `nvmlDeviceGetRetiredPages(${label})`,
      () => fn!(r.device, cause, count, addresses),
      () => count[0],
    );
  };
  report.retiredPages = {
    singleBit: pages(NVML_PAGE_RETIREMENT_CAUSE.MULTIPLE_SINGLE_BIT_ECC_ERRORS, 'MULTIPLE_SINGLE_BIT_ECC_ERRORS'),
    doubleBit: pages(NVML_PAGE_RETIREMENT_CAUSE.DOUBLE_BIT_ECC_ERROR, 'DOUBLE_BIT_ECC_ERROR'),
    pending: r.u32(b.nvmlDeviceGetRetiredPagesPendingStatus, 'nvmlDeviceGetRetiredPagesPendingStatus'),
  };
  const fabric: Partial<NvmlGpuFabricInfo> = {};
  report.fabric = r.call(b.nvmlDeviceGetGpuFabricInfo, 'nvmlDeviceGetGpuFabricInfo', [fabric], () => ({
    state: fabric.state ?? 0,
    status: fabric.status ?? 0,
  }));
}

/** v2 splits the driver's reservation out of `used`; v1 (older drivers) counts it as used. */
function readMemory(b: NvmlBindings, calls: Calls, r: Reader, version: number): NvmlDeviceReport['memory'] {
  const failuresBefore = calls.errors.length;
  const v2: Partial<NvmlMemoryV2> = { version };
  const fromV2 = r.call(b.nvmlDeviceGetMemoryInfo_v2, 'nvmlDeviceGetMemoryInfo_v2', [v2], () => ({
    total: toNumber(v2.total) ?? 0,
    free: toNumber(v2.free) ?? 0,
    used: toNumber(v2.used) ?? 0,
    reserved: toNumber(v2.reserved),
  }));
  if (fromV2) return fromV2;
  const v1: Partial<NvmlMemoryV1> = {};
  const fromV1 = r.call(b.nvmlDeviceGetMemoryInfo, 'nvmlDeviceGetMemoryInfo', [v1], () => ({
    total: toNumber(v1.total) ?? 0,
    free: toNumber(v1.free) ?? 0,
    used: toNumber(v1.used) ?? 0,
    reserved: null,
  }));
  // The v1 answer stands in for v2: forget v2's failure.
  if (fromV1) calls.errors.splice(failuresBefore);
  return fromV1;
}

/** nvmlDeviceGetTemperatureV is NVML 13's; the deprecated call serves older drivers. */
function readTemperature(b: NvmlBindings, calls: Calls, r: Reader, version: number): number | null {
  const failuresBefore = calls.errors.length;
  const t: Partial<NvmlTemperatureV1> = { version, sensorType: NVML_TEMPERATURE_GPU };
  const v = r.call(b.nvmlDeviceGetTemperatureV, 'nvmlDeviceGetTemperatureV', [t], () => t.temperature ?? null);
  if (v !== null) return v;
  const old = r.u32Of(b.nvmlDeviceGetTemperature, 'nvmlDeviceGetTemperature', NVML_TEMPERATURE_GPU);
  if (old !== null) calls.errors.splice(failuresBefore);
  return old;
}

function emptyDevice(index: number): NvmlDeviceReport {
  return {
    index,
    name: null,
    uuid: null,
    pciBusId: null,
    pciDeviceId: null,
    pciSubSystemId: null,
    computeCapability: null,
    architecture: null,
    brand: null,
    memory: null,
    pcie: { currGen: null, maxGen: null, gpuMaxGen: null, currWidth: null, maxWidth: null },
    clocks: { graphics: null, sm: null, mem: null, maxGraphics: null, maxSm: null, maxMem: null },
    temperatureC: null,
    powerDrawMw: null,
    powerLimitMw: null,
    enforcedPowerLimitMw: null,
    clockEventReasons: null,
    supportedClockEventReasons: null,
    ecc: {
      current: null,
      pending: null,
      volatileCorrected: null,
      volatileUncorrected: null,
      aggregateCorrected: null,
      aggregateUncorrected: null,
      remappedCorrectable: null,
      remappedUncorrectable: null,
      remappingPending: null,
      remappingFailed: null,
    },
    persistenceMode: null,
    migMode: null,
    multiprocessors: null,
    errors: [],
  };
}
