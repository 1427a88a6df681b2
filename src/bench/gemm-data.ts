// Random GEMM operands and their float64 reference. Operands repeat a random pool whose length is prime, so
// every row differs, the device is filled with a few large copies, and the host can recompute any element.
import { CUBLAS_COMPUTE, CUDA_R } from '../native/cublaslt.js';
import type { Dtype } from './types.js';

export interface DtypeSpec {
  /** Bytes per element of A and B. */
  inBytes: number;
  /** Bytes per element of C/D. */
  outBytes: number;
  inType: number;
  outType: number;
  compute: number;
  /** ‖out − ref‖/‖ref‖ allowed: operands are exact, so the error is accumulation plus output rounding. */
  tolerance: number;
  /** Lowest compute capability (major·10 + minor) whose tensor cores cuBLASLt drives for this type. */
  minCc: number;
}

export const DTYPE_SPECS: Record<Dtype, DtypeSpec> = {
  fp32: { inBytes: 4, outBytes: 4, inType: CUDA_R.F32, outType: CUDA_R.F32, compute: CUBLAS_COMPUTE.F32, tolerance: 1e-4, minCc: 0 },
  // TF32 rounds the fp32 operands to 10 mantissa bits inside the tensor cores: ~5e-4 expected.
  tf32: { inBytes: 4, outBytes: 4, inType: CUDA_R.F32, outType: CUDA_R.F32, compute: CUBLAS_COMPUTE.F32_FAST_TF32, tolerance: 5e-3, minCc: 80 },
  fp16: { inBytes: 2, outBytes: 2, inType: CUDA_R.F16, outType: CUDA_R.F16, compute: CUBLAS_COMPUTE.F32, tolerance: 5e-3, minCc: 53 },
  bf16: { inBytes: 2, outBytes: 2, inType: CUDA_R.BF16, outType: CUDA_R.BF16, compute: CUBLAS_COMPUTE.F32, tolerance: 1e-2, minCc: 80 },
  // E4M3 operands, bf16 output (as torch._scaled_mm is usually called), fp32 accumulation.
  fp8: { inBytes: 1, outBytes: 2, inType: CUDA_R.F8_E4M3, outType: CUDA_R.BF16, compute: CUBLAS_COMPUTE.F32, tolerance: 1e-2, minCc: 89 },
};

/**
 * Prime element count of each operand pool (≈ 1 M): not a multiple of any matrix dimension. 1 M keeps making the
 * pools cheap (≈ 25 ms each; 4 M took 0.1–0.5 s per pool on the H200's host, 2026-12-02) and still gives every row
 * of an 8192² or 16384² operand its own start in the pool.
 */
export const POOL_ELEMENTS = 1_048_573;

/** mulberry32: small, fast, seeded; enough for benchmark operands. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

export function bf16ToFloat(bits: number): number {
  u32[0] = (bits & 0xffff) << 16;
  return f32[0]!;
}

let fp16Table: Float32Array | undefined;
let e4m3Table: Float32Array | undefined;

/** fp16 bits → float by table: decoding millions of operands with `2 **` per element took seconds. */
export function fp16ToFloat(bits: number): number {
  fp16Table ??= Float32Array.from({ length: 65536 }, (_, b) => fp16Slow(b));
  return fp16Table[bits & 0xffff]!;
}

export function e4m3ToFloat(byte: number): number {
  e4m3Table ??= Float32Array.from({ length: 256 }, (_, b) => e4m3Slow(b));
  return e4m3Table[byte & 0xff]!;
}

function fp16Slow(bits: number): number {
  const s = bits & 0x8000 ? -1 : 1;
  const e = (bits >> 10) & 0x1f;
  const m = bits & 0x3ff;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

function e4m3Slow(byte: number): number {
  const s = byte & 0x80 ? -1 : 1;
  const e = (byte >> 3) & 0xf;
  const m = byte & 0x7;
  if (e === 15 && m === 7) return NaN;
  if (e === 0) return s * (m / 8) * 2 ** -6;
  return s * (1 + m / 8) * 2 ** (e - 7);
}

/** float → fp16 bits by truncation (operands only need to be exact, not nearest). */
export function floatToFp16(x: number): number {
  f32[0] = x;
  const b = u32[0]!;
  const sign = (b >>> 16) & 0x8000;
  const e = ((b >>> 23) & 0xff) - 127 + 15;
  if (e <= 0) return sign; // below fp16's normal range: zero is fine for operands
  if (e >= 31) return sign | 0x7bff;
  return sign | (e << 10) | ((b >>> 13) & 0x3ff);
}

export interface Pool {
  dtype: Dtype;
  /** Bytes as the device gets them. */
  bytes: Buffer;
  /** The same values decoded (exactly) to float. */
  values: Float32Array;
}

/** A pool of random operands in [-1, 1) (E4M3: |x| < 2), never zero-filled, never NaN. */
export function makePool(dtype: Dtype, seed: number, elements = POOL_ELEMENTS): Pool {
  const next = rng(seed);
  const spec = DTYPE_SPECS[dtype];
  const bytes = Buffer.alloc(elements * spec.inBytes);
  const values = new Float32Array(elements);
  if (dtype === 'fp32' || dtype === 'tf32') {
    const view = new Float32Array(bytes.buffer, bytes.byteOffset, elements);
    for (let i = 0; i < elements; i++) values[i] = view[i] = next() * 2 - 1;
  } else if (dtype === 'bf16') {
    const view = new Uint16Array(bytes.buffer, bytes.byteOffset, elements);
    for (let i = 0; i < elements; i++) {
      f32[0] = next() * 2 - 1;
      const bits = u32[0]! >>> 16;
      view[i] = bits;
      values[i] = bf16ToFloat(bits);
    }
  } else if (dtype === 'fp16') {
    const view = new Uint16Array(bytes.buffer, bytes.byteOffset, elements);
    for (let i = 0; i < elements; i++) {
      const bits = floatToFp16(next() * 2 - 1);
      view[i] = bits;
      values[i] = fp16ToFloat(bits);
    }
  } else {
    for (let i = 0; i < elements; i++) {
      // Clearing the exponent's top bit keeps |x| < 2 and rules out NaN (S.1111.111).
      const byte = Math.floor(next() * 256) & 0xbf;
      bytes[i] = byte;
      values[i] = e4m3ToFloat(byte);
    }
  }
  return { dtype, bytes, values };
}

/**
 * Elements of an output chunk that are NaN or ±Inf (exponent all ones): D is poisoned with 0xFF… before the launch,
 * so an element cuBLAS never wrote is found here. A bit test over typed arrays: ~1 ns per element.
 */
export function countNonFinite(outType: number, chunk: Uint8Array): number {
  let bad = 0;
  if (outType === CUDA_R.F32) {
    const f = new Float32Array(chunk.buffer, chunk.byteOffset, chunk.byteLength >> 2);
    for (let i = 0; i < f.length; i++) {
      const x = f[i]!;
      if (x - x !== 0) bad++;
    }
    return bad;
  }
  const mask = outType === CUDA_R.BF16 ? 0x7f80 : 0x7c00;
  const hi = mask << 16;
  const words = chunk.byteLength >> 2;
  const u = new Uint32Array(chunk.buffer, chunk.byteOffset, words);
  for (let i = 0; i < u.length; i++) {
    const w = u[i]!;
    if ((w & mask) === mask) bad++;
    if ((w & hi) >>> 0 === hi >>> 0) bad++;
  }
  if (chunk.byteLength & 2) {
    const last = chunk[chunk.byteLength - 2]! | (chunk[chunk.byteLength - 1]! << 8);
    if ((last & mask) === mask) bad++;
  }
  return bad;
}

/** Decodes output elements (D is fp32, fp16 or bf16). */
export function decodeOut(outType: number, buf: Buffer, index: number): number {
  if (outType === CUDA_R.F32) return buf.readFloatLE(index * 4);
  const bits = buf.readUInt16LE(index * 2);
  return outType === CUDA_R.BF16 ? bf16ToFloat(bits) : fp16ToFloat(bits);
}

/**
 * Reference for D = op(A)·B with A stored k×m column-major and transposed (TN, the layout FP8 needs on Hopper),
 * B k×n column-major, D m×n column-major: D[i,j] = Σ_l A[l + i·k] · B[l + j·k], A[x] = poolA[x mod P].
 */
export function referenceElement(poolA: Float32Array, poolB: Float32Array, k: number, i: number, j: number): number {
  const P = poolA.length;
  const Q = poolB.length;
  let a = (i * k) % P;
  let b = (j * k) % Q;
  let sum = 0;
  for (let l = 0; l < k; l++) {
    sum += poolA[a]! * poolB[b]!;
    if (++a === P) a = 0;
    if (++b === Q) b = 0;
  }
  return sum;
}

/** Sample indices over [0, n): first, last and evenly spaced in between (tile edges and interiors alike). */
export function sampleIndices(n: number, count: number): number[] {
  if (n <= count) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let i = 0; i < count; i++) out.add(Math.round((i * (n - 1)) / (count - 1)));
  return [...out].sort((x, y) => x - y);
}

/** ‖got − ref‖ / ‖ref‖; NaN anywhere gives NaN. */
export function relativeError(got: number[], ref: number[]): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < ref.length; i++) {
    const d = (got[i] ?? NaN) - ref[i]!;
    num += d * d;
    den += ref[i]! * ref[i]!;
  }
  return den === 0 ? (num === 0 ? 0 : Infinity) : Math.sqrt(num / den);
}
