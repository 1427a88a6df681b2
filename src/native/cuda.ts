// koffi bindings for the CUDA driver API (cuda.h 13.0; libcuda.so.1). cuda.h #defines many names to
// versioned symbols; a dlopen caller must bind the exported one (cuDeviceTotalMem → cuDeviceTotalMem_v2).
import type { KoffiFunc, LibraryHandle } from 'koffi';
import { tryFunc } from './nvml.js';

/** CUresult values a diagnosis meets; cuGetErrorName names the rest. */
export const CU_RESULT = {
  CUDA_SUCCESS: 0,
  CUDA_ERROR_INVALID_VALUE: 1,
  CUDA_ERROR_OUT_OF_MEMORY: 2,
  CUDA_ERROR_NOT_INITIALIZED: 3,
  CUDA_ERROR_DEINITIALIZED: 4,
  CUDA_ERROR_STUB_LIBRARY: 34,
  CUDA_ERROR_DEVICE_UNAVAILABLE: 46,
  CUDA_ERROR_NO_DEVICE: 100,
  CUDA_ERROR_INVALID_DEVICE: 101,
  CUDA_ERROR_DEVICE_NOT_LICENSED: 102,
  CUDA_ERROR_INVALID_CONTEXT: 201,
  CUDA_ERROR_NO_BINARY_FOR_GPU: 209,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION: 222,
  CUDA_ERROR_INVALID_HANDLE: 400,
  CUDA_ERROR_NOT_FOUND: 500,
  CUDA_ERROR_NOT_READY: 600,
  CUDA_ERROR_NOT_SUPPORTED: 801,
  CUDA_ERROR_SYSTEM_NOT_READY: 802,
  CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: 803,
  CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: 804,
  CUDA_ERROR_UNKNOWN: 999,
} as const;

const RESULT_NAMES = new Map<number, string>(Object.entries(CU_RESULT).map(([k, v]) => [v, k]));

/** Our table's name for a CUresult (the stub's cuGetErrorName returns nothing, so we need one). */
export function cuResultName(rc: number): string {
  return RESULT_NAMES.get(rc) ?? `CUDA_ERROR_${rc}`;
}

/** CUdevice_attribute values read by the probe. */
export const CU_DEVICE_ATTRIBUTE = {
  CLOCK_RATE: 13,
  MULTIPROCESSOR_COUNT: 16,
  ECC_ENABLED: 32,
  PCI_BUS_ID: 33,
  PCI_DEVICE_ID: 34,
  MEMORY_CLOCK_RATE: 36,
  GLOBAL_MEMORY_BUS_WIDTH: 37,
  L2_CACHE_SIZE: 38,
  ASYNC_ENGINE_COUNT: 40,
  PCI_DOMAIN_ID: 50,
  COMPUTE_CAPABILITY_MAJOR: 75,
  COMPUTE_CAPABILITY_MINOR: 76,
} as const;

type IntOut = [number];
type F<A extends unknown[]> = KoffiFunc<(...args: A) => number>;

export interface CudaBindings {
  cuInit: F<[flags: number]>;
  cuDriverGetVersion: F<[version: IntOut]> | undefined;
  cuGetErrorName: F<[error: number, name: [string | null]]> | undefined;
  cuDeviceGetCount: F<[count: IntOut]> | undefined;
  cuDeviceGet: F<[device: IntOut, ordinal: number]> | undefined;
  cuDeviceGetName: F<[name: Buffer, len: number, dev: number]> | undefined;
  cuDeviceGetPCIBusId: F<[busId: Buffer, len: number, dev: number]> | undefined;
  cuDeviceGetAttribute: F<[value: IntOut, attrib: number, dev: number]> | undefined;
  /** size_t out: Number, or BigInt above 2^53. */
  cuDeviceTotalMem_v2: F<[bytes: [number | bigint], dev: number]> | undefined;
}

export function bindCuda(lib: LibraryHandle): CudaBindings | undefined {
  const cuInit = tryFunc<(flags: number) => number>(lib, 'int cuInit(unsigned int Flags)');
  if (!cuInit) return undefined;
  const f = <A extends unknown[]>(...protos: string[]) => tryFunc<(...args: A) => number>(lib, ...protos);
  return {
    cuInit,
    cuDriverGetVersion: f('int cuDriverGetVersion(_Out_ int *driverVersion)'),
    cuGetErrorName: f('int cuGetErrorName(int error, _Out_ const char **pStr)'),
    cuDeviceGetCount: f('int cuDeviceGetCount(_Out_ int *count)'),
    cuDeviceGet: f('int cuDeviceGet(_Out_ int *device, int ordinal)'),
    cuDeviceGetName: f('int cuDeviceGetName(char *name, int len, int dev)'),
    cuDeviceGetPCIBusId: f('int cuDeviceGetPCIBusId(char *pciBusId, int len, int dev)'),
    cuDeviceGetAttribute: f('int cuDeviceGetAttribute(_Out_ int *pi, int attrib, int dev)'),
    cuDeviceTotalMem_v2: f('int cuDeviceTotalMem_v2(_Out_ size_t *bytes, int dev)', 'int cuDeviceTotalMem(_Out_ size_t *bytes, int dev)'),
  };
}
