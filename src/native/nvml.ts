// koffi bindings for NVML (nvml.h, NVML 13; libnvidia-ml.so.1), 1:1 with the header's prototypes.
// Symbols are the exported ones (`_v2` …); those that older drivers lack are optional (tryFunc), with
// the older symbol as fallback where the header kept one.
import type { KoffiFunc, LibraryHandle, TypeObject } from 'koffi';

type Koffi = typeof import('koffi');

/** nvmlDevice_t; koffi 3 hands pointers over as BigInt, so brand them to keep handles apart. */
export type NvmlDevice = bigint & { readonly __brand: 'nvmlDevice_t' };
type U32Out = [number];
/** 64-bit outputs come back as Number, or BigInt above 2^53. */
type U64Out = [number | bigint];

export const NVML_RETURN = {
  SUCCESS: 0,
  ERROR_UNINITIALIZED: 1,
  ERROR_INVALID_ARGUMENT: 2,
  ERROR_NOT_SUPPORTED: 3,
  ERROR_NO_PERMISSION: 4,
  ERROR_ALREADY_INITIALIZED: 5,
  ERROR_NOT_FOUND: 6,
  ERROR_INSUFFICIENT_SIZE: 7,
  ERROR_INSUFFICIENT_POWER: 8,
  ERROR_DRIVER_NOT_LOADED: 9,
  ERROR_TIMEOUT: 10,
  ERROR_IRQ_ISSUE: 11,
  ERROR_LIBRARY_NOT_FOUND: 12,
  ERROR_FUNCTION_NOT_FOUND: 13,
  ERROR_CORRUPTED_INFOROM: 14,
  ERROR_GPU_IS_LOST: 15,
  ERROR_RESET_REQUIRED: 16,
  ERROR_OPERATING_SYSTEM: 17,
  ERROR_LIB_RM_VERSION_MISMATCH: 18,
  ERROR_IN_USE: 19,
  ERROR_MEMORY: 20,
  ERROR_NO_DATA: 21,
  ERROR_VGPU_ECC_NOT_SUPPORTED: 22,
  ERROR_INSUFFICIENT_RESOURCES: 23,
  ERROR_FREQ_NOT_SUPPORTED: 24,
  ERROR_ARGUMENT_VERSION_MISMATCH: 25,
  ERROR_DEPRECATED: 26,
  ERROR_NOT_READY: 27,
  ERROR_GPU_NOT_FOUND: 28,
  ERROR_INVALID_STATE: 29,
  ERROR_RESET_TYPE_NOT_SUPPORTED: 30,
  ERROR_UNKNOWN: 999,
} as const;

const RETURN_NAMES = new Map<number, string>(Object.entries(NVML_RETURN).map(([k, v]) => [v, `NVML_${k}`]));

/** NVML's name for a return code, e.g. NVML_ERROR_NOT_SUPPORTED. */
export function nvmlReturnName(rc: number): string {
  return RETURN_NAMES.get(rc) ?? `NVML_ERROR_${rc}`;
}

export const NVML_CLOCK = { GRAPHICS: 0, SM: 1, MEM: 2, VIDEO: 3 } as const;
export const NVML_TEMPERATURE_GPU = 0;
export const NVML_TEMPERATURE_THRESHOLD = { SHUTDOWN: 0, SLOWDOWN: 1 } as const;
export const NVML_MEMORY_ERROR = { CORRECTED: 0, UNCORRECTED: 1 } as const;
export const NVML_ECC_COUNTER = { VOLATILE: 0, AGGREGATE: 1 } as const;
export const NVML_DEVICE_NAME_V2_BUFFER_SIZE = 96;
export const NVML_DEVICE_UUID_V2_BUFFER_SIZE = 96;
export const NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE = 80;
export const NVML_SYSTEM_NVML_VERSION_BUFFER_SIZE = 80;
export const NVML_DEVICE_VBIOS_VERSION_BUFFER_SIZE = 32;
/** nvmlPageRetirementCause_t. */
export const NVML_PAGE_RETIREMENT_CAUSE = { MULTIPLE_SINGLE_BIT_ECC_ERRORS: 0, DOUBLE_BIT_ECC_ERROR: 1 } as const;
/** nvmlGpuFabricState_t (NVML_GPU_FABRIC_STATE_*). */
export const NVML_GPU_FABRIC_STATE = ['not-supported', 'not-started', 'in-progress', 'completed'] as const;
/** Retired pages are at most 64 per GPU (NVIDIA Dynamic Page Retirement); room to spare. */
export const RETIRED_PAGES_CAPACITY = 512;

export interface NvmlTypes {
  device: TypeObject;
  memory: TypeObject;
  memoryV2: TypeObject;
  pciInfo: TypeObject;
  temperatureV1: TypeObject;
  utilization: TypeObject;
  attributes: TypeObject;
  fabricInfo: TypeObject;
  /** NVML_STRUCT_VERSION(Memory, 2) = sizeof | 2 << 24 = 0x02000028. */
  memoryV2Version: number;
  /** NVML_STRUCT_VERSION(Temperature, 1) = 0x0100000C. */
  temperatureV1Version: number;
}

/** NVML_STRUCT_VERSION(data, ver): the struct's size with the version in the top byte. */
export function nvmlStructVersion(type: TypeObject, ver: number): number {
  return (type.size | (ver << 24)) >>> 0;
}

// koffi registers type names process-wide and refuses duplicates, so they are declared once.
let types: NvmlTypes | undefined;

export function nvmlTypes(koffi: Koffi): NvmlTypes {
  if (types) return types;
  const device = koffi.pointer('nvmlDevice_t', koffi.opaque('nvmlDevice_st'));
  const memory = koffi.struct('nvmlMemory_t', {
    total: 'unsigned long long',
    free: 'unsigned long long',
    used: 'unsigned long long',
  });
  const memoryV2 = koffi.struct('nvmlMemory_v2_t', {
    version: 'unsigned int',
    total: 'unsigned long long',
    reserved: 'unsigned long long',
    free: 'unsigned long long',
    used: 'unsigned long long',
  });
  const pciInfo = koffi.struct('nvmlPciInfo_t', {
    busIdLegacy: 'char[16]',
    domain: 'unsigned int',
    bus: 'unsigned int',
    device: 'unsigned int',
    pciDeviceId: 'unsigned int',
    pciSubSystemId: 'unsigned int',
    busId: 'char[32]',
  });
  const temperatureV1 = koffi.struct('nvmlTemperature_v1_t', {
    version: 'unsigned int',
    sensorType: 'int',
    temperature: 'int',
  });
  const utilization = koffi.struct('nvmlUtilization_t', { gpu: 'unsigned int', memory: 'unsigned int' });
  const attributes = koffi.struct('nvmlDeviceAttributes_t', {
    multiprocessorCount: 'unsigned int',
    sharedCopyEngineCount: 'unsigned int',
    sharedDecoderCount: 'unsigned int',
    sharedEncoderCount: 'unsigned int',
    sharedJpegCount: 'unsigned int',
    sharedOfaCount: 'unsigned int',
    gpuInstanceSliceCount: 'unsigned int',
    computeInstanceSliceCount: 'unsigned int',
    memorySizeMB: 'unsigned long long',
  });
  // nvmlGpuFabricInfo_t (R525+, Hopper and later): whether the GPU registered with the fabric manager.
  const fabricInfo = koffi.struct('nvmlGpuFabricInfo_t', {
    clusterUuid: 'unsigned char[16]',
    status: 'int',
    cliqueId: 'unsigned int',
    state: 'unsigned char',
  });
  types = {
    device,
    fabricInfo,
    memory,
    memoryV2,
    pciInfo,
    temperatureV1,
    utilization,
    attributes,
    memoryV2Version: nvmlStructVersion(memoryV2, 2),
    temperatureV1Version: nvmlStructVersion(temperatureV1, 1),
  };
  return types;
}

export interface NvmlMemoryV1 {
  total: number | bigint;
  free: number | bigint;
  used: number | bigint;
}
export interface NvmlMemoryV2 extends NvmlMemoryV1 {
  version: number;
  reserved: number | bigint;
}
export interface NvmlPciInfo {
  busIdLegacy: string;
  domain: number;
  bus: number;
  device: number;
  pciDeviceId: number;
  pciSubSystemId: number;
  busId: string;
}
export interface NvmlTemperatureV1 {
  version: number;
  sensorType: number;
  temperature: number;
}
export interface NvmlUtilization {
  gpu: number;
  memory: number;
}
export interface NvmlGpuFabricInfo {
  clusterUuid: number[];
  status: number;
  cliqueId: number;
  state: number;
}
export interface NvmlDeviceAttributes {
  multiprocessorCount: number;
  memorySizeMB: number | bigint;
}

type Dev = NvmlDevice;
/** Any NVML function: returns nvmlReturn_t. */
type F<A extends unknown[]> = KoffiFunc<(...args: A) => number>;

export interface NvmlBindings {
  nvmlInit_v2: F<[]>;
  nvmlShutdown: F<[]> | undefined;
  nvmlErrorString: KoffiFunc<(rc: number) => string | null> | undefined;
  nvmlSystemGetDriverVersion: F<[version: Buffer, length: number]> | undefined;
  nvmlSystemGetNVMLVersion: F<[version: Buffer, length: number]> | undefined;
  nvmlSystemGetCudaDriverVersion_v2: F<[v: U32Out]> | undefined;
  nvmlDeviceGetCount_v2: F<[count: U32Out]> | undefined;
  nvmlDeviceGetHandleByIndex_v2: F<[index: number, device: [Dev | null]]> | undefined;
  nvmlDeviceGetName: F<[d: Dev, name: Buffer, length: number]> | undefined;
  nvmlDeviceGetUUID: F<[d: Dev, uuid: Buffer, length: number]> | undefined;
  nvmlDeviceGetPciInfo_v3: F<[d: Dev, pci: Partial<NvmlPciInfo>]> | undefined;
  nvmlDeviceGetCudaComputeCapability: F<[d: Dev, major: U32Out, minor: U32Out]> | undefined;
  nvmlDeviceGetArchitecture: F<[d: Dev, arch: U32Out]> | undefined;
  nvmlDeviceGetBrand: F<[d: Dev, brand: U32Out]> | undefined;
  nvmlDeviceGetMemoryInfo_v2: F<[d: Dev, memory: Partial<NvmlMemoryV2>]> | undefined;
  nvmlDeviceGetMemoryInfo: F<[d: Dev, memory: Partial<NvmlMemoryV1>]> | undefined;
  nvmlDeviceGetCurrPcieLinkGeneration: F<[d: Dev, v: U32Out]> | undefined;
  nvmlDeviceGetMaxPcieLinkGeneration: F<[d: Dev, v: U32Out]> | undefined;
  nvmlDeviceGetGpuMaxPcieLinkGeneration: F<[d: Dev, v: U32Out]> | undefined;
  nvmlDeviceGetCurrPcieLinkWidth: F<[d: Dev, v: U32Out]> | undefined;
  nvmlDeviceGetMaxPcieLinkWidth: F<[d: Dev, v: U32Out]> | undefined;
  nvmlDeviceGetClockInfo: F<[d: Dev, type: number, mhz: U32Out]> | undefined;
  nvmlDeviceGetMaxClockInfo: F<[d: Dev, type: number, mhz: U32Out]> | undefined;
  nvmlDeviceGetTemperatureV: F<[d: Dev, t: Partial<NvmlTemperatureV1>]> | undefined;
  nvmlDeviceGetTemperature: F<[d: Dev, sensor: number, t: U32Out]> | undefined;
  nvmlDeviceGetTemperatureThreshold: F<[d: Dev, threshold: number, t: U32Out]> | undefined;
  nvmlDeviceGetPowerUsage: F<[d: Dev, mw: U32Out]> | undefined;
  nvmlDeviceGetPowerManagementLimit: F<[d: Dev, mw: U32Out]> | undefined;
  nvmlDeviceGetEnforcedPowerLimit: F<[d: Dev, mw: U32Out]> | undefined;
  nvmlDeviceGetCurrentClocksEventReasons: F<[d: Dev, mask: U64Out]> | undefined;
  nvmlDeviceGetSupportedClocksEventReasons: F<[d: Dev, mask: U64Out]> | undefined;
  nvmlDeviceGetEccMode: F<[d: Dev, current: U32Out, pending: U32Out]> | undefined;
  nvmlDeviceGetTotalEccErrors: F<[d: Dev, errorType: number, counterType: number, count: U64Out]> | undefined;
  nvmlDeviceGetRemappedRows: F<[d: Dev, corr: U32Out, unc: U32Out, pending: U32Out, failed: U32Out]> | undefined;
  nvmlDeviceGetPersistenceMode: F<[d: Dev, mode: U32Out]> | undefined;
  nvmlDeviceGetMigMode: F<[d: Dev, current: U32Out, pending: U32Out]> | undefined;
  nvmlDeviceGetAttributes_v2: F<[d: Dev, attrs: Partial<NvmlDeviceAttributes>]> | undefined;
  nvmlDeviceGetPerformanceState: F<[d: Dev, pstate: U32Out]> | undefined;
  nvmlDeviceGetComputeMode: F<[d: Dev, mode: U32Out]> | undefined;
  nvmlDeviceGetUtilizationRates: F<[d: Dev, u: Partial<NvmlUtilization>]> | undefined;
  nvmlDeviceGetNumGpuCores: F<[d: Dev, cores: U32Out]> | undefined;
  nvmlDeviceGetMemoryBusWidth: F<[d: Dev, bits: U32Out]> | undefined;
  nvmlDeviceGetVbiosVersion: F<[d: Dev, version: Buffer, length: number]> | undefined;
  nvmlDeviceGetPowerManagementDefaultLimit: F<[d: Dev, mw: U32Out]> | undefined;
  nvmlDeviceGetApplicationsClock: F<[d: Dev, type: number, mhz: U32Out]> | undefined;
  nvmlDeviceGetDefaultApplicationsClock: F<[d: Dev, type: number, mhz: U32Out]> | undefined;
  nvmlDeviceGetRetiredPages: F<[d: Dev, cause: number, count: U32Out, addresses: Buffer]> | undefined;
  nvmlDeviceGetRetiredPagesPendingStatus: F<[d: Dev, pending: U32Out]> | undefined;
  nvmlDeviceGetGpuFabricInfo: F<[d: Dev, info: Partial<NvmlGpuFabricInfo>]> | undefined;
}

/**
 * Declares a function from its C prototypes, first one the library exports; undefined when none
 * is (koffi throws "Cannot find function"). `fn.info.name` tells which symbol was bound.
 */
export function tryFunc<T extends (...args: never[]) => unknown>(lib: LibraryHandle, ...prototypes: string[]): KoffiFunc<T> | undefined {
  for (const prototype of prototypes) {
    try {
      return lib.func(prototype) as KoffiFunc<T>;
    } catch {
      // Absent symbol: try the next (older) one.
    }
  }
  return undefined;
}

const dev = 'nvmlDevice_t device';

export function bindNvml(koffi: Koffi, lib: LibraryHandle): NvmlBindings | undefined {
  nvmlTypes(koffi);
  const init = tryFunc<() => number>(lib, 'int nvmlInit_v2(void)', 'int nvmlInit(void)');
  if (!init) return undefined;
  const f = <A extends unknown[]>(...protos: string[]) => tryFunc<(...args: A) => number>(lib, ...protos);
  const u32 = (name: string) => f<[Dev, U32Out]>(`int ${name}(${dev}, _Out_ unsigned int *value)`);
  return {
    nvmlInit_v2: init,
    nvmlShutdown: f('int nvmlShutdown(void)'),
    nvmlErrorString: tryFunc<(rc: number) => string | null>(lib, 'const char *nvmlErrorString(int result)'),
    nvmlSystemGetDriverVersion: f('int nvmlSystemGetDriverVersion(char *version, unsigned int length)'),
    nvmlSystemGetNVMLVersion: f('int nvmlSystemGetNVMLVersion(char *version, unsigned int length)'),
    nvmlSystemGetCudaDriverVersion_v2: f(
      'int nvmlSystemGetCudaDriverVersion_v2(_Out_ int *cudaDriverVersion)',
      'int nvmlSystemGetCudaDriverVersion(_Out_ int *cudaDriverVersion)',
    ),
    nvmlDeviceGetCount_v2: f('int nvmlDeviceGetCount_v2(_Out_ unsigned int *deviceCount)', 'int nvmlDeviceGetCount(_Out_ unsigned int *deviceCount)'),
    nvmlDeviceGetHandleByIndex_v2: f(
      'int nvmlDeviceGetHandleByIndex_v2(unsigned int index, _Out_ nvmlDevice_t *device)',
      'int nvmlDeviceGetHandleByIndex(unsigned int index, _Out_ nvmlDevice_t *device)',
    ),
    nvmlDeviceGetName: f(`int nvmlDeviceGetName(${dev}, char *name, unsigned int length)`),
    nvmlDeviceGetUUID: f(`int nvmlDeviceGetUUID(${dev}, char *uuid, unsigned int length)`),
    nvmlDeviceGetPciInfo_v3: f(
      `int nvmlDeviceGetPciInfo_v3(${dev}, _Out_ nvmlPciInfo_t *pci)`,
      `int nvmlDeviceGetPciInfo_v2(${dev}, _Out_ nvmlPciInfo_t *pci)`,
    ),
    nvmlDeviceGetCudaComputeCapability: f(`int nvmlDeviceGetCudaComputeCapability(${dev}, _Out_ int *major, _Out_ int *minor)`),
    nvmlDeviceGetArchitecture: u32('nvmlDeviceGetArchitecture'),
    nvmlDeviceGetBrand: u32('nvmlDeviceGetBrand'),
    // Versioned struct: `version` must go in, hence _Inout_.
    nvmlDeviceGetMemoryInfo_v2: f(`int nvmlDeviceGetMemoryInfo_v2(${dev}, _Inout_ nvmlMemory_v2_t *memory)`),
    nvmlDeviceGetMemoryInfo: f(`int nvmlDeviceGetMemoryInfo(${dev}, _Out_ nvmlMemory_t *memory)`),
    nvmlDeviceGetCurrPcieLinkGeneration: u32('nvmlDeviceGetCurrPcieLinkGeneration'),
    nvmlDeviceGetMaxPcieLinkGeneration: u32('nvmlDeviceGetMaxPcieLinkGeneration'),
    nvmlDeviceGetGpuMaxPcieLinkGeneration: u32('nvmlDeviceGetGpuMaxPcieLinkGeneration'),
    nvmlDeviceGetCurrPcieLinkWidth: u32('nvmlDeviceGetCurrPcieLinkWidth'),
    nvmlDeviceGetMaxPcieLinkWidth: u32('nvmlDeviceGetMaxPcieLinkWidth'),
    nvmlDeviceGetClockInfo: f(`int nvmlDeviceGetClockInfo(${dev}, int type, _Out_ unsigned int *clock)`),
    nvmlDeviceGetMaxClockInfo: f(`int nvmlDeviceGetMaxClockInfo(${dev}, int type, _Out_ unsigned int *clock)`),
    nvmlDeviceGetTemperatureV: f(`int nvmlDeviceGetTemperatureV(${dev}, _Inout_ nvmlTemperature_v1_t *temperature)`),
    nvmlDeviceGetTemperature: f(`int nvmlDeviceGetTemperature(${dev}, int sensorType, _Out_ unsigned int *temp)`),
    nvmlDeviceGetTemperatureThreshold: f(`int nvmlDeviceGetTemperatureThreshold(${dev}, int thresholdType, _Out_ unsigned int *temp)`),
    nvmlDeviceGetPowerUsage: u32('nvmlDeviceGetPowerUsage'),
    nvmlDeviceGetPowerManagementLimit: u32('nvmlDeviceGetPowerManagementLimit'),
    nvmlDeviceGetEnforcedPowerLimit: u32('nvmlDeviceGetEnforcedPowerLimit'),
    // Renamed from …ThrottleReasons in R535; the old symbols stay for older drivers.
    nvmlDeviceGetCurrentClocksEventReasons: f(
      `int nvmlDeviceGetCurrentClocksEventReasons(${dev}, _Out_ unsigned long long *reasons)`,
      `int nvmlDeviceGetCurrentClocksThrottleReasons(${dev}, _Out_ unsigned long long *reasons)`,
    ),
    nvmlDeviceGetSupportedClocksEventReasons: f(
      `int nvmlDeviceGetSupportedClocksEventReasons(${dev}, _Out_ unsigned long long *reasons)`,
      `int nvmlDeviceGetSupportedClocksThrottleReasons(${dev}, _Out_ unsigned long long *reasons)`,
    ),
    nvmlDeviceGetEccMode: f(`int nvmlDeviceGetEccMode(${dev}, _Out_ int *current, _Out_ int *pending)`),
    nvmlDeviceGetTotalEccErrors: f(`int nvmlDeviceGetTotalEccErrors(${dev}, int errorType, int counterType, _Out_ unsigned long long *eccCounts)`),
    nvmlDeviceGetRemappedRows: f(
      `int nvmlDeviceGetRemappedRows(${dev}, _Out_ unsigned int *corrRows, _Out_ unsigned int *uncRows, _Out_ unsigned int *isPending, _Out_ unsigned int *failureOccurred)`,
    ),
    nvmlDeviceGetPersistenceMode: u32('nvmlDeviceGetPersistenceMode'),
    nvmlDeviceGetMigMode: f(`int nvmlDeviceGetMigMode(${dev}, _Out_ unsigned int *currentMode, _Out_ unsigned int *pendingMode)`),
    nvmlDeviceGetAttributes_v2: f(`int nvmlDeviceGetAttributes_v2(${dev}, _Out_ nvmlDeviceAttributes_t *attributes)`),
    nvmlDeviceGetPerformanceState: u32('nvmlDeviceGetPerformanceState'),
    nvmlDeviceGetComputeMode: u32('nvmlDeviceGetComputeMode'),
    nvmlDeviceGetUtilizationRates: f(`int nvmlDeviceGetUtilizationRates(${dev}, _Out_ nvmlUtilization_t *utilization)`),
    nvmlDeviceGetNumGpuCores: u32('nvmlDeviceGetNumGpuCores'),
    nvmlDeviceGetMemoryBusWidth: u32('nvmlDeviceGetMemoryBusWidth'),
    nvmlDeviceGetVbiosVersion: f(`int nvmlDeviceGetVbiosVersion(${dev}, char *version, unsigned int length)`),
    nvmlDeviceGetPowerManagementDefaultLimit: u32('nvmlDeviceGetPowerManagementDefaultLimit'),
    nvmlDeviceGetApplicationsClock: f(`int nvmlDeviceGetApplicationsClock(${dev}, int clockType, _Out_ unsigned int *clockMHz)`),
    nvmlDeviceGetDefaultApplicationsClock: f(`int nvmlDeviceGetDefaultApplicationsClock(${dev}, int clockType, _Out_ unsigned int *clockMHz)`),
    // The address buffer is plain memory we own (RETIRED_PAGES_CAPACITY entries): only the count is read.
    nvmlDeviceGetRetiredPages: f(`int nvmlDeviceGetRetiredPages(${dev}, int cause, _Inout_ unsigned int *pageCount, void *addresses)`),
    nvmlDeviceGetRetiredPagesPendingStatus: u32('nvmlDeviceGetRetiredPagesPendingStatus'),
    nvmlDeviceGetGpuFabricInfo: f(`int nvmlDeviceGetGpuFabricInfo(${dev}, _Out_ nvmlGpuFabricInfo_t *gpuFabricInfo)`),
  };
}
