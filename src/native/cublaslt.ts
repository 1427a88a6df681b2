// koffi bindings for cuBLASLt (cublasLt.h, cuBLAS 12/13; libcublasLt.so.N). Enum values are the header's;
// hand-copied snippets in the wild get CUBLAS_COMPUTE_* wrong. Handles and descriptors are opaque pointers.
import type { KoffiFunc, LibraryHandle } from 'koffi';
import { tryFunc } from './nvml.js';

export const CUBLAS_STATUS: Record<number, string> = {
  0: 'CUBLAS_STATUS_SUCCESS',
  1: 'CUBLAS_STATUS_NOT_INITIALIZED',
  3: 'CUBLAS_STATUS_ALLOC_FAILED',
  7: 'CUBLAS_STATUS_INVALID_VALUE',
  8: 'CUBLAS_STATUS_ARCH_MISMATCH',
  11: 'CUBLAS_STATUS_MAPPING_ERROR',
  13: 'CUBLAS_STATUS_EXECUTION_FAILED',
  14: 'CUBLAS_STATUS_INTERNAL_ERROR',
  15: 'CUBLAS_STATUS_NOT_SUPPORTED',
  16: 'CUBLAS_STATUS_LICENSE_ERROR',
};

export function cublasStatusName(rc: number): string {
  return CUBLAS_STATUS[rc] ?? `CUBLAS_STATUS_${rc}`;
}

/** cudaDataType (library_types.h). */
export const CUDA_R = { F32: 0, F64: 1, F16: 2, BF16: 14, F8_E4M3: 28, F8_E5M2: 29 } as const;
/** cublasComputeType_t (cublas_api.h). */
export const CUBLAS_COMPUTE = { F32: 68, F32_PEDANTIC: 69, F32_FAST_TF32: 77 } as const;
export const CUBLAS_OP = { N: 0, T: 1 } as const;
/** cublasLtMatmulDescAttributes_t. */
export const MATMUL_DESC = { TRANSA: 3, TRANSB: 4, A_SCALE_POINTER: 17, B_SCALE_POINTER: 18, D_SCALE_POINTER: 20 } as const;
/** cublasLtMatmulPreferenceAttributes_t. */
export const MATMUL_PREF = { MAX_WORKSPACE_BYTES: 1 } as const;

/** cublasLtMatmulHeuristicResult_t: algo (64 B), workspaceSize @64, state @72, wavesCount @76; 96 B. */
export const HEURISTIC_RESULT_SIZE = 96;
export const HEURISTIC_OFFSETS = { workspaceSize: 64, state: 72, wavesCount: 76 } as const;

type Ptr = unknown;
type F<A extends unknown[]> = KoffiFunc<(...args: A) => number>;

export interface CublasLtBindings {
  cublasLtCreate: F<[out: [Ptr]]>;
  cublasLtDestroy: F<[h: Ptr]>;
  cublasLtGetVersion: KoffiFunc<() => number | bigint> | undefined;
  cublasLtMatmulDescCreate: F<[out: [Ptr], computeType: number, scaleType: number]>;
  cublasLtMatmulDescDestroy: F<[d: Ptr]>;
  cublasLtMatmulDescSetAttribute: F<[d: Ptr, attr: number, buf: Buffer, size: number]>;
  cublasLtMatrixLayoutCreate: F<[out: [Ptr], type: number, rows: number, cols: number, ld: number]>;
  cublasLtMatrixLayoutDestroy: F<[l: Ptr]>;
  cublasLtMatmulPreferenceCreate: F<[out: [Ptr]]>;
  cublasLtMatmulPreferenceDestroy: F<[p: Ptr]>;
  cublasLtMatmulPreferenceSetAttribute: F<[p: Ptr, attr: number, buf: Buffer, size: number]>;
  cublasLtMatmulAlgoGetHeuristic: F<[h: Ptr, op: Ptr, a: Ptr, b: Ptr, c: Ptr, d: Ptr, pref: Ptr, requested: number, results: Buffer, count: [number]]>;
  /** Device pointers as numbers/bigints; alpha and beta are host buffers (host pointer mode). */
  cublasLtMatmul: F<
    [
      h: Ptr,
      op: Ptr,
      alpha: Buffer,
      A: Ptr,
      Adesc: Ptr,
      B: Ptr,
      Bdesc: Ptr,
      beta: Buffer,
      C: Ptr,
      Cdesc: Ptr,
      D: Ptr,
      Ddesc: Ptr,
      algo: Buffer,
      ws: Ptr,
      wsSize: number,
      stream: Ptr,
    ]
  >;
}

/** Binds every function the benchmark needs; undefined when one is missing (not a cuBLASLt). */
export function bindCublasLt(lib: LibraryHandle): CublasLtBindings | undefined {
  const f = <A extends unknown[]>(proto: string) => tryFunc<(...args: A) => number>(lib, proto);
  const b = {
    cublasLtCreate: f<[[Ptr]]>('int cublasLtCreate(_Out_ void **handle)'),
    cublasLtDestroy: f<[Ptr]>('int cublasLtDestroy(void *handle)'),
    cublasLtGetVersion: tryFunc<() => number | bigint>(lib, 'size_t cublasLtGetVersion(void)'),
    cublasLtMatmulDescCreate: f<[[Ptr], number, number]>('int cublasLtMatmulDescCreate(_Out_ void **desc, int computeType, int scaleType)'),
    cublasLtMatmulDescDestroy: f<[Ptr]>('int cublasLtMatmulDescDestroy(void *desc)'),
    cublasLtMatmulDescSetAttribute: f<[Ptr, number, Buffer, number]>('int cublasLtMatmulDescSetAttribute(void *desc, int attr, const void *buf, size_t size)'),
    cublasLtMatrixLayoutCreate: f<[[Ptr], number, number, number, number]>(
      'int cublasLtMatrixLayoutCreate(_Out_ void **layout, int type, uint64_t rows, uint64_t cols, int64_t ld)',
    ),
    cublasLtMatrixLayoutDestroy: f<[Ptr]>('int cublasLtMatrixLayoutDestroy(void *layout)'),
    cublasLtMatmulPreferenceCreate: f<[[Ptr]]>('int cublasLtMatmulPreferenceCreate(_Out_ void **pref)'),
    cublasLtMatmulPreferenceDestroy: f<[Ptr]>('int cublasLtMatmulPreferenceDestroy(void *pref)'),
    cublasLtMatmulPreferenceSetAttribute: f<[Ptr, number, Buffer, number]>(
      'int cublasLtMatmulPreferenceSetAttribute(void *pref, int attr, const void *buf, size_t size)',
    ),
    cublasLtMatmulAlgoGetHeuristic: f<[Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, number, Buffer, [number]]>(
      'int cublasLtMatmulAlgoGetHeuristic(void *h, void *op, void *a, void *b, void *c, void *d, void *pref, int requested, void *results, _Out_ int *count)',
    ),
    cublasLtMatmul: f<[Ptr, Ptr, Buffer, Ptr, Ptr, Ptr, Ptr, Buffer, Ptr, Ptr, Ptr, Ptr, Buffer, Ptr, number, Ptr]>(
      'int cublasLtMatmul(void *h, void *op, const void *alpha, uint64_t A, void *Adesc, uint64_t B, void *Bdesc, const void *beta, uint64_t C, void *Cdesc, uint64_t D, void *Ddesc, const void *algo, uint64_t ws, size_t wsSize, void *stream)',
    ),
  };
  for (const [name, fn] of Object.entries(b)) if (fn === undefined && name !== 'cublasLtGetVersion') return undefined;
  return b as CublasLtBindings;
}

/** cublasLtGetVersion: 130100 → "13.1.0" (major·10000 + minor·100 + patch). */
export function cublasVersionString(v: number): string {
  return `${Math.floor(v / 10000)}.${Math.floor((v % 10000) / 100)}.${v % 100}`;
}
