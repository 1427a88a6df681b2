// libnccl.so.2 through koffi for the native all-reduce: one process drives every GPU (ncclCommInitAll), as
// nccl-tests' all_reduce_perf does with -g N. Device buffers go in as uint64 (same register as a pointer on LP64).
import type { KoffiFunc, LibraryHandle } from 'koffi';
import type { Koffi } from '../native/koffi.js';
import { loadLibrary } from '../native/load.js';
import { tryFunc } from '../native/nvml.js';
import { msg } from './messages.js';

type Ptr = unknown;
type Dptr = number | bigint;
type F<A extends unknown[]> = KoffiFunc<(...args: A) => number>;

/** ncclDataType_t and ncclRedOp_t values used here (nccl.h). */
export const NCCL_FLOAT32 = 7;
export const NCCL_SUM = 0;

export interface NcclBindings {
  ncclGetVersion: F<[v: [number]]>;
  /** comms: a Buffer of 8 × ndev bytes that receives the ncclComm_t handles; devlist: CUDA ordinals. */
  ncclCommInitAll: F<[comms: Buffer, ndev: number, devlist: Int32Array]>;
  ncclCommDestroy: F<[comm: Ptr]>;
  ncclGroupStart: F<[]>;
  ncclGroupEnd: F<[]>;
  ncclAllReduce: F<[send: Dptr, recv: Dptr, count: number, datatype: number, op: number, comm: Ptr, stream: Ptr]>;
  ncclGetErrorString: KoffiFunc<(rc: number) => string | null> | undefined;
}

export function bindNccl(lib: LibraryHandle): NcclBindings | string {
  const f = <A extends unknown[]>(...protos: string[]) => tryFunc<(...args: A) => number>(lib, ...protos);
  const b = {
    ncclGetVersion: f<[[number]]>('int ncclGetVersion(_Out_ int *version)'),
    ncclCommInitAll: f<[Buffer, number, Int32Array]>('int ncclCommInitAll(uint8_t *comms, int ndev, const int *devlist)'),
    ncclCommDestroy: f<[Ptr]>('int ncclCommDestroy(void *comm)'),
    ncclGroupStart: f<[]>('int ncclGroupStart(void)'),
    ncclGroupEnd: f<[]>('int ncclGroupEnd(void)'),
    ncclAllReduce: f<[Dptr, Dptr, number, number, number, Ptr, Ptr]>(
      'int ncclAllReduce(uint64_t sendbuff, uint64_t recvbuff, size_t count, int datatype, int op, void *comm, void *stream)',
    ),
    ncclGetErrorString: tryFunc<(rc: number) => string | null>(lib, 'const char *ncclGetErrorString(int result)'),
  };
  const missing = Object.entries(b)
    .filter(([k, v]) => v === undefined && k !== 'ncclGetErrorString')
    .map(([k]) => k);
  return missing.length > 0 ? msg('nccl.lacks', { names: missing.join(', ') }) : (b as NcclBindings);
}

/** NCCL_VERSION_CODE → "2.28.9": X·10000 + Y·100 + Z from 2.9 on, X·1000 + Y·100 + Z before. */
export function ncclVersionString(code: number): string {
  if (code >= 10000) return `${Math.floor(code / 10000)}.${Math.floor((code % 10000) / 100)}.${code % 100}`;
  return `${Math.floor(code / 1000)}.${Math.floor((code % 1000) / 100)}.${code % 100}`;
}

/** Bus bandwidth of an all-reduce over n ranks, nccl-tests' definition: algbw × 2(n−1)/n (0 for one rank). */
export function busBandwidth(algbwGBs: number, n: number): number {
  return n > 0 ? (algbwGBs * 2 * (n - 1)) / n : 0;
}

export interface LoadedNccl {
  b: NcclBindings;
  path: string;
  version: string;
}

/** The first libnccl.so.2 in the given folders (a Python environment's wheel first), then in the loader's own path. */
export async function loadNccl(koffi: Koffi, dirs: string[], env: Readonly<Record<string, string | undefined>>): Promise<LoadedNccl | string> {
  const path = [...dirs, ...(env.LD_LIBRARY_PATH ?? '').split(':')].filter(Boolean).join(':');
  const loaded = await loadLibrary(koffi, 'libnccl.so.2', { env: { ...env, LD_LIBRARY_PATH: path } });
  if (!loaded.lib) return loaded.report.error ?? msg('nccl.notFound');
  const b = bindNccl(loaded.lib);
  if (typeof b === 'string') return `${loaded.report.loadedPath}: ${b}`;
  const v: [number] = [0];
  const version = b.ncclGetVersion(v) === 0 ? ncclVersionString(v[0]) : '?';
  return { b, path: loaded.report.loadedPath ?? 'libnccl.so.2', version };
}

export function ncclErrorName(b: Pick<NcclBindings, 'ncclGetErrorString'>, rc: number): string {
  try {
    const s = b.ncclGetErrorString?.(rc);
    if (s) return s;
  } catch {
    // fall through
  }
  return `ncclResult ${rc}`;
}
