// CUDA driver API calls the benchmark needs beyond the probe's (src/native/cuda.ts): memory, copies,
// streams, events, peers. Exported names (`_v2`) as a dlopen caller must use; synchronous calls only,
// from the one thread that holds the context.
import type { KoffiFunc, LibraryHandle } from 'koffi';
import { cuResultName } from '../native/cuda.js';
import { tryFunc } from '../native/nvml.js';

type Ptr = unknown;
type Dptr = number | bigint;
type F<A extends unknown[]> = KoffiFunc<(...args: A) => number>;

export interface BenchCuda {
  cuInit: F<[flags: number]>;
  cuGetErrorName: F<[rc: number, name: [string | null]]> | undefined;
  cuDeviceGetCount: F<[n: [number]]>;
  cuDeviceGet: F<[d: [number], ordinal: number]>;
  cuDeviceGetAttribute: F<[v: [number], attr: number, dev: number]>;
  cuDevicePrimaryCtxRetain: F<[ctx: [Ptr], dev: number]>;
  cuDevicePrimaryCtxRelease: F<[dev: number]>;
  cuCtxSetCurrent: F<[ctx: Ptr]>;
  cuMemAlloc: F<[d: [Dptr], bytes: number]>;
  cuMemFree: F<[d: Dptr]>;
  cuMemAllocHost: F<[p: [Ptr], bytes: number]>;
  cuMemFreeHost: F<[p: Ptr]>;
  cuMemsetD8: F<[d: Dptr, value: number, n: number]>;
  cuMemcpyHtoD: F<[d: Dptr, host: Ptr, bytes: number]>;
  cuMemcpyDtoH: F<[host: Ptr, d: Dptr, bytes: number]>;
  cuMemcpyHtoDAsync: F<[d: Dptr, host: Ptr, bytes: number, s: Ptr]>;
  cuMemcpyDtoHAsync: F<[host: Ptr, d: Dptr, bytes: number, s: Ptr]>;
  cuMemcpyDtoDAsync: F<[dst: Dptr, src: Dptr, bytes: number, s: Ptr]>;
  cuStreamCreate: F<[s: [Ptr], flags: number]>;
  cuStreamSynchronize: F<[s: Ptr]>;
  cuStreamDestroy: F<[s: Ptr]>;
  cuEventCreate: F<[e: [Ptr], flags: number]>;
  cuEventRecord: F<[e: Ptr, s: Ptr]>;
  cuEventSynchronize: F<[e: Ptr]>;
  cuEventElapsedTime: F<[ms: [number], start: Ptr, end: Ptr]>;
  cuEventDestroy: F<[e: Ptr]>;
  cuDeviceCanAccessPeer: F<[can: [number], dev: number, peer: number]> | undefined;
  cuCtxEnablePeerAccess: F<[peerCtx: Ptr, flags: number]> | undefined;
  cuMemcpyPeerAsync: F<[dst: Dptr, dstCtx: Ptr, src: Dptr, srcCtx: Ptr, bytes: number, s: Ptr]> | undefined;
}

export function bindBenchCuda(lib: LibraryHandle): BenchCuda | string {
  const f = <A extends unknown[]>(...protos: string[]) => tryFunc<(...args: A) => number>(lib, ...protos);
  const b = {
    cuInit: f<[number]>('int cuInit(unsigned int flags)'),
    cuGetErrorName: f<[number, [string | null]]>('int cuGetErrorName(int error, _Out_ const char **name)'),
    cuDeviceGetCount: f<[[number]]>('int cuDeviceGetCount(_Out_ int *count)'),
    cuDeviceGet: f<[[number], number]>('int cuDeviceGet(_Out_ int *device, int ordinal)'),
    cuDeviceGetAttribute: f<[[number], number, number]>('int cuDeviceGetAttribute(_Out_ int *pi, int attrib, int dev)'),
    cuDevicePrimaryCtxRetain: f<[[Ptr], number]>('int cuDevicePrimaryCtxRetain(_Out_ void **pctx, int dev)'),
    cuDevicePrimaryCtxRelease: f<[number]>('int cuDevicePrimaryCtxRelease_v2(int dev)', 'int cuDevicePrimaryCtxRelease(int dev)'),
    cuCtxSetCurrent: f<[Ptr]>('int cuCtxSetCurrent(void *ctx)'),
    cuMemAlloc: f<[[Dptr], number]>('int cuMemAlloc_v2(_Out_ uint64_t *dptr, size_t bytes)'),
    cuMemFree: f<[Dptr]>('int cuMemFree_v2(uint64_t dptr)'),
    cuMemAllocHost: f<[[Ptr], number]>('int cuMemAllocHost_v2(_Out_ void **pp, size_t bytes)', 'int cuMemAllocHost(_Out_ void **pp, size_t bytes)'),
    cuMemFreeHost: f<[Ptr]>('int cuMemFreeHost(void *p)'),
    cuMemsetD8: f<[Dptr, number, number]>('int cuMemsetD8_v2(uint64_t dst, uint8_t value, size_t n)'),
    cuMemcpyHtoD: f<[Dptr, Ptr, number]>('int cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t bytes)'),
    cuMemcpyDtoH: f<[Ptr, Dptr, number]>('int cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t bytes)'),
    cuMemcpyHtoDAsync: f<[Dptr, Ptr, number, Ptr]>('int cuMemcpyHtoDAsync_v2(uint64_t dst, const void *src, size_t bytes, void *stream)'),
    cuMemcpyDtoHAsync: f<[Ptr, Dptr, number, Ptr]>('int cuMemcpyDtoHAsync_v2(void *dst, uint64_t src, size_t bytes, void *stream)'),
    cuMemcpyDtoDAsync: f<[Dptr, Dptr, number, Ptr]>('int cuMemcpyDtoDAsync_v2(uint64_t dst, uint64_t src, size_t bytes, void *stream)'),
    cuStreamCreate: f<[[Ptr], number]>('int cuStreamCreate(_Out_ void **stream, unsigned int flags)'),
    cuStreamSynchronize: f<[Ptr]>('int cuStreamSynchronize(void *stream)'),
    cuStreamDestroy: f<[Ptr]>('int cuStreamDestroy_v2(void *stream)', 'int cuStreamDestroy(void *stream)'),
    cuEventCreate: f<[[Ptr], number]>('int cuEventCreate(_Out_ void **event, unsigned int flags)'),
    cuEventRecord: f<[Ptr, Ptr]>('int cuEventRecord(void *event, void *stream)'),
    cuEventSynchronize: f<[Ptr]>('int cuEventSynchronize(void *event)'),
    cuEventElapsedTime: f<[[number], Ptr, Ptr]>(
      'int cuEventElapsedTime_v2(_Out_ float *ms, void *start, void *end)',
      'int cuEventElapsedTime(_Out_ float *ms, void *start, void *end)',
    ),
    cuEventDestroy: f<[Ptr]>('int cuEventDestroy_v2(void *event)', 'int cuEventDestroy(void *event)'),
    cuDeviceCanAccessPeer: f<[[number], number, number]>('int cuDeviceCanAccessPeer(_Out_ int *can, int dev, int peer)'),
    cuCtxEnablePeerAccess: f<[Ptr, number]>('int cuCtxEnablePeerAccess(void *peerCtx, unsigned int flags)'),
    cuMemcpyPeerAsync: f<[Dptr, Ptr, Dptr, Ptr, number, Ptr]>(
      'int cuMemcpyPeerAsync(uint64_t dst, void *dstCtx, uint64_t src, void *srcCtx, size_t bytes, void *stream)',
    ),
  };
  const optional = new Set(['cuGetErrorName', 'cuDeviceCanAccessPeer', 'cuCtxEnablePeerAccess', 'cuMemcpyPeerAsync']);
  const missing = Object.entries(b)
    .filter(([k, v]) => v === undefined && !optional.has(k))
    .map(([k]) => k);
  if (missing.length > 0) return `libcuda lacks ${missing.join(', ')}`;
  return b as BenchCuda;
}

/** Thrown by check(): a CUDA or cuBLAS call that failed, with the library's name for the code. */
export class CallError extends Error {
  override name = 'CallError';
  readonly rc: number;
  constructor(call: string, rc: number, name: string) {
    super(`${call} failed: ${name} (${rc})`);
    this.rc = rc;
  }
}

export function cuName(cuda: Pick<BenchCuda, 'cuGetErrorName'>, rc: number): string {
  const out: [string | null] = [null];
  try {
    if (cuda.cuGetErrorName && cuda.cuGetErrorName(rc, out) === 0 && out[0]) return out[0];
  } catch {
    // fall through to our table
  }
  return cuResultName(rc);
}
