// The native engine: CUDA driver API copies and cuBLASLt GEMMs through koffi, all synchronous calls from the
// one thread that made the primary context current (contexts are per thread; koffi's .async runs elsewhere).
import { loadKoffi, type Koffi } from '../native/koffi.js';
import { loadLibrary } from '../native/load.js';
import {
  bindCublasLt,
  cublasStatusName,
  cublasVersionString,
  HEURISTIC_OFFSETS,
  HEURISTIC_RESULT_SIZE,
  MATMUL_DESC,
  MATMUL_PREF,
  CUBLAS_OP,
  type CublasLtBindings,
} from '../native/cublaslt.js';
import { bindBenchCuda, CallError, cuName, type BenchCuda } from './cuda-calls.js';
import { DTYPE_SPECS, decodeOut, makePool, referenceElement, relativeError, sampleIndices, type Pool } from './gemm-data.js';
import { median } from './stats.js';
import type { CopyKind, CopyResult, Dtype, EngineConfig, EngineMessage, EngineResult, GemmCheck, GemmResult, P2pResult } from './types.js';

type Ptr = unknown;
type Dptr = number | bigint;
type Post = (m: EngineMessage) => void;

const WORKSPACE_BYTES = 32 * 1024 * 1024;
const ATTR_CC_MAJOR = 75;
const ATTR_CC_MINOR = 76;
const CU_STREAM_NON_BLOCKING = 1;
const CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704;

interface GpuCtx {
  ordinal: number;
  dev: number;
  ctx: Ptr;
  stream: Ptr;
  e0: Ptr;
  e1: Ptr;
  cc: number;
}

export async function runNativeEngine(config: EngineConfig, post: Post): Promise<EngineResult> {
  const started = performance.now();
  const result: EngineResult = { engine: 'native', libraries: {}, copies: [], gemms: [], skipped: [], p2p: [], allReduce: null, errors: [], durationMs: 0 };
  const koffi: Koffi = await loadKoffi();
  const loaded = await loadLibrary(koffi, 'libcuda.so.1');
  if (!loaded.lib) throw new Error(loaded.report.error ?? 'libcuda.so.1 could not be loaded');
  result.libraries.cuda = loaded.report.loadedPath ?? 'libcuda.so.1';
  const bound = bindBenchCuda(loaded.lib);
  if (typeof bound === 'string') throw new Error(bound);
  const cu = bound;
  const ck = (call: string, rc: number) => {
    if (rc !== 0) throw new CallError(call, rc, cuName(cu, rc));
  };
  ck('cuInit', cu.cuInit(0));
  const count: [number] = [0];
  ck('cuDeviceGetCount', cu.cuDeviceGetCount(count));
  const bad = config.gpus.filter((g) => g >= count[0]);
  if (bad.length > 0) throw new Error(`GPU ${bad.join(', ')} not visible to CUDA (${count[0]} device(s))`);

  const gpus: GpuCtx[] = [];
  try {
    for (const ordinal of config.gpus) gpus.push(openGpu(cu, ck, ordinal));
    const lt = await loadCublasLt(koffi, config.cublasDirs, result, post);
    for (const g of gpus) {
      ck('cuCtxSetCurrent', cu.cuCtxSetCurrent(g.ctx));
      try {
        runCopies(koffi, cu, ck, g, config, result, post);
      } catch (error) {
        result.errors.push(`gpu ${g.ordinal} copies: ${msg(error)}`);
      }
      if (lt) {
        // A cuBLASLt handle belongs to the device current when it was made: with one handle for all GPUs,
        // tensor-core GEMMs on the other GPU failed with EXECUTION_FAILED (seen on 2× H200, 2026-11-30).
        const h: [Ptr] = [null];
        const rc = lt.b.cublasLtCreate(h);
        if (rc !== 0) result.errors.push(`gpu ${g.ordinal}: cublasLtCreate failed: ${cublasStatusName(rc)}`);
        else {
          try {
            runGemms(cu, ck, { ...lt, handle: h[0] }, g, config, result, post);
          } finally {
            lt.b.cublasLtDestroy(h[0]);
          }
        }
      }
    }
    if (lt) lt.b.cublasLtDestroy(lt.handle);
    if (config.p2p && gpus.length >= 2) result.p2p = runP2p(cu, ck, gpus, config, post);
  } finally {
    for (const g of gpus) {
      cu.cuCtxSetCurrent(g.ctx);
      cu.cuEventDestroy(g.e0);
      cu.cuEventDestroy(g.e1);
      cu.cuStreamDestroy(g.stream);
      cu.cuDevicePrimaryCtxRelease(g.dev);
    }
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}

function openGpu(cu: BenchCuda, ck: (c: string, rc: number) => void, ordinal: number): GpuCtx {
  const dev: [number] = [0];
  ck('cuDeviceGet', cu.cuDeviceGet(dev, ordinal));
  const ctx: [Ptr] = [null];
  ck('cuDevicePrimaryCtxRetain', cu.cuDevicePrimaryCtxRetain(ctx, dev[0]));
  ck('cuCtxSetCurrent', cu.cuCtxSetCurrent(ctx[0]));
  const major: [number] = [0];
  const minor: [number] = [0];
  cu.cuDeviceGetAttribute(major, ATTR_CC_MAJOR, dev[0]);
  cu.cuDeviceGetAttribute(minor, ATTR_CC_MINOR, dev[0]);
  const s: [Ptr] = [null];
  ck('cuStreamCreate', cu.cuStreamCreate(s, CU_STREAM_NON_BLOCKING));
  const e0: [Ptr] = [null];
  const e1: [Ptr] = [null];
  ck('cuEventCreate', cu.cuEventCreate(e0, 0));
  ck('cuEventCreate', cu.cuEventCreate(e1, 0));
  return { ordinal, dev: dev[0], ctx: ctx[0], stream: s[0], e0: e0[0], e1: e1[0], cc: major[0] * 10 + minor[0] };
}

/** Device time of one enqueue between two events on the GPU's stream, in ms. */
function timed(cu: BenchCuda, ck: (c: string, rc: number) => void, g: GpuCtx, enqueue: () => void): number {
  ck('cuEventRecord', cu.cuEventRecord(g.e0, g.stream));
  enqueue();
  ck('cuEventRecord', cu.cuEventRecord(g.e1, g.stream));
  ck('cuEventSynchronize', cu.cuEventSynchronize(g.e1));
  const ms: [number] = [0];
  ck('cuEventElapsedTime', cu.cuEventElapsedTime(ms, g.e0, g.e1));
  return ms[0];
}

function runCopies(koffi: Koffi, cu: BenchCuda, ck: (c: string, rc: number) => void, g: GpuCtx, config: EngineConfig, result: EngineResult, post: Post): void {
  const max = Math.max(...config.copySizes);
  const host: [Ptr] = [null];
  const d1: [Dptr] = [0];
  const d2: [Dptr] = [0];
  ck('cuMemAllocHost', cu.cuMemAllocHost(host, max));
  try {
    ck('cuMemAlloc', cu.cuMemAlloc(d1, max));
    ck('cuMemAlloc', cu.cuMemAlloc(d2, max));
    // Fill the pinned buffer from JS through a view of native memory (no copy).
    const words = new Uint32Array(koffi.view(host[0], max));
    for (let i = 0; i < words.length; i++) words[i] = Math.imul(i, 2654435761) >>> 0;
    const pageable = Buffer.allocUnsafe(max);
    pageable.fill(0x5a);
    ck('cuMemcpyHtoD', cu.cuMemcpyHtoD(d1[0], host[0], max));
    ck('cuMemcpyDtoD', cu.cuMemcpyDtoDAsync(d2[0], d1[0], max, g.stream));
    ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
    for (const bytes of config.copySizes) {
      post({ type: 'progress', text: `gpu ${g.ordinal}: copies ${mib(bytes)}` });
      const push = (kind: CopyKind, samples: number[], timer: CopyResult['timer']) =>
        result.copies.push({ kind, gpu: g.ordinal, bytes, samplesGBs: samples.map(r3), medianGBs: r3(median(samples)), timer });
      const events = (factor: number, enqueue: () => number) => {
        for (let i = 0; i < 3; i++) ck('copy warm-up', enqueue());
        ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
        const out: number[] = [];
        for (let i = 0; i < config.copyIters; i++) {
          const ms = timed(cu, ck, g, () => ck('copy', enqueue()));
          out.push((factor * bytes) / (ms / 1e3) / 1e9);
        }
        return out;
      };
      push(
        'h2d-pinned',
        events(1, () => cu.cuMemcpyHtoDAsync(d1[0], host[0], bytes, g.stream)),
        'cuda-event',
      );
      push(
        'd2h-pinned',
        events(1, () => cu.cuMemcpyDtoHAsync(host[0], d1[0], bytes, g.stream)),
        'cuda-event',
      );
      push(
        'd2d',
        events(2, () => cu.cuMemcpyDtoDAsync(d2[0], d1[0], bytes, g.stream)),
        'cuda-event',
      );
      // Pageable memory goes through the synchronous copy: koffi's Buffer pointer is valid during the call only.
      const wall = (call: () => number) => {
        ck('pageable warm-up', call());
        const out: number[] = [];
        for (let i = 0; i < Math.max(3, Math.ceil(config.copyIters / 2)); i++) {
          const t0 = performance.now();
          ck('pageable copy', call());
          out.push(bytes / ((performance.now() - t0) / 1e3) / 1e9);
        }
        return out;
      };
      push(
        'h2d-pageable',
        wall(() => cu.cuMemcpyHtoD(d1[0], pageable, bytes)),
        'wall-clock',
      );
      push(
        'd2h-pageable',
        wall(() => cu.cuMemcpyDtoH(pageable, d1[0], bytes)),
        'wall-clock',
      );
    }
  } finally {
    if (d1[0]) cu.cuMemFree(d1[0]);
    if (d2[0]) cu.cuMemFree(d2[0]);
    cu.cuMemFreeHost(host[0]);
  }
}

interface Lt {
  b: CublasLtBindings;
  handle: Ptr;
  label: string;
}

/** The first libcublasLt that loads from the given directories (toolkit, pip wheels, framework), newest major first. */
async function loadCublasLt(koffi: Koffi, dirs: string[], result: EngineResult, post: Post): Promise<Lt | undefined> {
  const tried: string[] = [];
  for (const major of [13, 12, 11]) {
    const soname = `libcublasLt.so.${major}`;
    // Directories as LD_LIBRARY_PATH: the loader order and the stub refusal are loadLibrary's.
    const loaded = await loadLibrary(koffi, soname, { env: { LD_LIBRARY_PATH: dirs.join(':') } });
    if (!loaded.lib) {
      if (loaded.report.candidates.length > 0) tried.push(loaded.report.error ?? soname);
      continue;
    }
    const b = bindCublasLt(loaded.lib);
    if (!b) {
      tried.push(`${loaded.report.loadedPath}: not a usable cuBLASLt`);
      continue;
    }
    const h: [Ptr] = [null];
    const rc = b.cublasLtCreate(h);
    if (rc !== 0) {
      tried.push(`${loaded.report.loadedPath}: cublasLtCreate ${cublasStatusName(rc)}`);
      continue;
    }
    const v = b.cublasLtGetVersion ? Number(b.cublasLtGetVersion()) : 0;
    const label = `cublasLt ${v ? cublasVersionString(v) : major}`;
    result.libraries.cublasLt = `${label} (${loaded.report.loadedPath})`;
    post({ type: 'progress', text: `${label}: ${loaded.report.loadedPath}` });
    return { b, handle: h[0], label };
  }
  result.errors.push(`no usable libcublasLt found${tried.length ? `: ${tried.join('; ')}` : ` in ${dirs.join(', ') || 'the loader path'}`}`);
  return undefined;
}

function runGemms(cu: BenchCuda, ck: (c: string, rc: number) => void, lt: Lt, g: GpuCtx, config: EngineConfig, result: EngineResult, post: Post): void {
  const pools = new Map<Dtype, [Pool, Pool]>();
  for (const dtype of config.dtypes) {
    const spec = DTYPE_SPECS[dtype];
    if (g.cc < spec.minCc) {
      result.skipped.push({ dtype, gpu: g.ordinal, reason: `needs compute capability ${spec.minCc / 10} (this GPU: ${g.cc / 10})` });
      continue;
    }
    let pair = pools.get(dtype);
    if (!pair) {
      pair = [makePool(dtype, 1), makePool(dtype, 2)];
      pools.set(dtype, pair);
    }
    for (const n of config.gemmSizes) {
      post({ type: 'progress', text: `gpu ${g.ordinal}: ${dtype} GEMM ${n}³` });
      try {
        result.gemms.push(runGemm(cu, ck, lt, g, dtype, n, pair, config.gemmIters));
      } catch (error) {
        result.skipped.push({ dtype, gpu: g.ordinal, reason: `${n}³: ${msg(error)}` });
      }
    }
  }
}

function runGemm(
  cu: BenchCuda,
  ck: (c: string, rc: number) => void,
  lt: Lt,
  g: GpuCtx,
  dtype: Dtype,
  n: number,
  [poolA, poolB]: [Pool, Pool],
  iters: number,
): GemmResult {
  const spec = DTYPE_SPECS[dtype];
  const [m, k] = [n, n];
  const b = lt.b;
  const lk = (call: string, rc: number) => {
    if (rc !== 0) throw new CallError(call, rc, cublasStatusName(rc));
  };
  const frees: (() => void)[] = [];
  const alloc = (bytes: number): Dptr => {
    const d: [Dptr] = [0];
    ck('cuMemAlloc', cu.cuMemAlloc(d, bytes));
    frees.push(() => cu.cuMemFree(d[0]));
    return d[0];
  };
  const create = (call: string, make: (out: [Ptr]) => number, destroy: (p: Ptr) => number): Ptr => {
    const out: [Ptr] = [null];
    lk(call, make(out));
    frees.push(() => destroy(out[0]));
    return out[0];
  };
  try {
    const A = alloc(k * m * spec.inBytes);
    const B = alloc(k * n * spec.inBytes);
    const D = alloc(m * n * spec.outBytes);
    const ws = alloc(WORKSPACE_BYTES);
    fill(cu, ck, A, k * m, poolA);
    fill(cu, ck, B, k * n, poolB);
    const desc = create(
      'cublasLtMatmulDescCreate',
      (o) => b.cublasLtMatmulDescCreate(o, spec.compute, 0),
      (p) => b.cublasLtMatmulDescDestroy(p),
    );
    const i32 = (v: number) => {
      const buf = Buffer.alloc(4);
      buf.writeInt32LE(v);
      return buf;
    };
    lk('TRANSA', b.cublasLtMatmulDescSetAttribute(desc, MATMUL_DESC.TRANSA, i32(CUBLAS_OP.T), 4));
    lk('TRANSB', b.cublasLtMatmulDescSetAttribute(desc, MATMUL_DESC.TRANSB, i32(CUBLAS_OP.N), 4));
    if (dtype === 'fp8') {
      // FP8 goes through per-tensor scale factors: device floats, 1.0 here (operands are already in range).
      const one = Buffer.alloc(4);
      one.writeFloatLE(1);
      for (const attr of [MATMUL_DESC.A_SCALE_POINTER, MATMUL_DESC.B_SCALE_POINTER]) {
        const s = alloc(4);
        ck('cuMemcpyHtoD', cu.cuMemcpyHtoD(s, one, 4));
        const p = Buffer.alloc(8);
        p.writeBigUInt64LE(BigInt(s));
        lk('SCALE_POINTER', b.cublasLtMatmulDescSetAttribute(desc, attr, p, 8));
      }
    }
    const layout = (type: number, rows: number, cols: number) =>
      create(
        'cublasLtMatrixLayoutCreate',
        (o) => b.cublasLtMatrixLayoutCreate(o, type, rows, cols, rows),
        (p) => b.cublasLtMatrixLayoutDestroy(p),
      );
    const la = layout(spec.inType, k, m);
    const lb = layout(spec.inType, k, n);
    const ld = layout(spec.outType, m, n);
    const pref = create(
      'cublasLtMatmulPreferenceCreate',
      (o) => b.cublasLtMatmulPreferenceCreate(o),
      (p) => b.cublasLtMatmulPreferenceDestroy(p),
    );
    const wsBuf = Buffer.alloc(8);
    wsBuf.writeBigUInt64LE(BigInt(WORKSPACE_BYTES));
    lk('MAX_WORKSPACE_BYTES', b.cublasLtMatmulPreferenceSetAttribute(pref, MATMUL_PREF.MAX_WORKSPACE_BYTES, wsBuf, 8));
    const heur = Buffer.alloc(HEURISTIC_RESULT_SIZE * 4);
    const found: [number] = [0];
    lk('cublasLtMatmulAlgoGetHeuristic', b.cublasLtMatmulAlgoGetHeuristic(lt.handle, desc, la, lb, ld, ld, pref, 4, heur, found));
    if (found[0] < 1 || heur.readInt32LE(HEURISTIC_OFFSETS.state) !== 0) throw new Error('cuBLASLt found no algorithm for this layout');
    const algo = heur.subarray(0, 64);
    const wsSize = Number(heur.readBigUInt64LE(HEURISTIC_OFFSETS.workspaceSize));
    const alpha = Buffer.alloc(4);
    alpha.writeFloatLE(1);
    const beta = Buffer.alloc(4);
    // cuBLAS is column-major; with TRANSA=T the A argument is the k×m operand. A before B, as op(A)·op(B).
    const launchAB = () => lk('cublasLtMatmul', b.cublasLtMatmul(lt.handle, desc, alpha, A, la, B, lb, beta, D, ld, D, ld, algo, ws, wsSize, g.stream));
    // Poison D (0xFF… is NaN in fp32, fp16 and bf16), run once, check every element and a sampled block.
    ck('cuMemsetD8', cu.cuMemsetD8(D, 0xff, m * n * spec.outBytes));
    ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
    launchAB();
    ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
    const check = verify(cu, ck, D, m, n, k, spec.outType, spec.outBytes, spec.tolerance, poolA, poolB);
    for (let i = 0; i < 3; i++) launchAB();
    ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
    const flop = 2 * m * n * k;
    const samples: number[] = [];
    for (let i = 0; i < iters; i++) samples.push(flop / (timed(cu, ck, g, launchAB) / 1e3) / 1e12);
    return { dtype, gpu: g.ordinal, m, n, k, samplesTflops: samples.map(r3), medianTflops: r3(median(samples)), library: lt.label, check };
  } finally {
    for (const free of frees.reverse()) free();
  }
}

/** Copies `elements` operands from the pool, in pool-sized chunks (element x = pool[x mod P]). */
function fill(cu: BenchCuda, ck: (c: string, rc: number) => void, dst: Dptr, elements: number, pool: Pool): void {
  const P = pool.values.length;
  const size = pool.bytes.length / P;
  for (let at = 0; at < elements; at += P) {
    const count = Math.min(P, elements - at);
    ck('cuMemcpyHtoD', cu.cuMemcpyHtoD(BigInt(dst) + BigInt(at * size), pool.bytes, count * size));
  }
}

const FULL_SCAN_LIMIT = 512 * 1024 * 1024;
const SAMPLES = 16;

function verify(
  cu: BenchCuda,
  ck: (c: string, rc: number) => void,
  D: Dptr,
  m: number,
  n: number,
  k: number,
  outType: number,
  outBytes: number,
  tolerance: number,
  poolA: Pool,
  poolB: Pool,
): GemmCheck {
  const bytes = m * n * outBytes;
  let allWritten: boolean | null = null;
  const rows = sampleIndices(m, SAMPLES);
  const cols = sampleIndices(n, SAMPLES);
  const got: number[] = [];
  const ref: number[] = [];
  if (bytes <= FULL_SCAN_LIMIT) {
    const out = Buffer.allocUnsafe(bytes);
    ck('cuMemcpyDtoH', cu.cuMemcpyDtoH(out, D, bytes));
    allWritten = true;
    const count = m * n;
    for (let x = 0; x < count; x++) {
      if (!Number.isFinite(decodeOut(outType, out, x))) {
        allWritten = false;
        break;
      }
    }
    for (const j of cols) for (const i of rows) got.push(decodeOut(outType, out, i + j * m));
  } else {
    // Column j of a column-major D is contiguous: read the sampled columns only.
    const col = Buffer.allocUnsafe(m * outBytes);
    for (const j of cols) {
      ck('cuMemcpyDtoH', cu.cuMemcpyDtoH(col, BigInt(D) + BigInt(j * m * outBytes), m * outBytes));
      for (const i of rows) got.push(decodeOut(outType, col, i));
    }
  }
  for (const j of cols) for (const i of rows) ref.push(referenceElement(poolA.values, poolB.values, k, i, j));
  const relError = relativeError(got, ref);
  const ok = Number.isFinite(relError) && relError <= tolerance && allWritten !== false;
  return {
    relError: Number.isFinite(relError) ? Number(relError.toPrecision(3)) : null,
    tolerance,
    checked: got.length,
    allWritten,
    ok,
    ...(allWritten === false ? { detail: 'some output elements were never written (still NaN)' } : {}),
  };
}

function runP2p(cu: BenchCuda, ck: (c: string, rc: number) => void, gpus: GpuCtx[], config: EngineConfig, post: Post): P2pResult[] {
  const bytes = Math.min(256 * 1024 * 1024, Math.max(...config.copySizes));
  const out: P2pResult[] = [];
  for (const src of gpus) {
    for (const dst of gpus) {
      if (src === dst) continue;
      post({ type: 'progress', text: `P2P ${src.ordinal} → ${dst.ordinal}` });
      const can: [number] = [0];
      if (cu.cuDeviceCanAccessPeer) cu.cuDeviceCanAccessPeer(can, src.dev, dst.dev);
      const entry: P2pResult = { src: src.ordinal, dst: dst.ordinal, canAccess: can[0] === 1, bytes, samplesGBs: [], medianGBs: null };
      const s: [Dptr] = [0];
      const d: [Dptr] = [0];
      try {
        if (!cu.cuMemcpyPeerAsync || !cu.cuCtxEnablePeerAccess) throw new Error('libcuda lacks cuMemcpyPeerAsync');
        ck('cuCtxSetCurrent', cu.cuCtxSetCurrent(dst.ctx));
        ck('cuMemAlloc', cu.cuMemAlloc(d, bytes));
        ck('cuCtxSetCurrent', cu.cuCtxSetCurrent(src.ctx));
        ck('cuMemAlloc', cu.cuMemAlloc(s, bytes));
        if (entry.canAccess) {
          const rc = cu.cuCtxEnablePeerAccess(dst.ctx, 0);
          if (rc !== 0 && rc !== CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) ck('cuCtxEnablePeerAccess', rc);
        }
        const copy = () => ck('cuMemcpyPeerAsync', cu.cuMemcpyPeerAsync!(d[0], dst.ctx, s[0], src.ctx, bytes, src.stream));
        for (let i = 0; i < 3; i++) copy();
        ck('cuStreamSynchronize', cu.cuStreamSynchronize(src.stream));
        for (let i = 0; i < config.copyIters; i++) entry.samplesGBs.push(r3(bytes / (timed(cu, ck, src, copy) / 1e3) / 1e9));
        entry.medianGBs = r3(median(entry.samplesGBs));
      } catch (error) {
        entry.error = msg(error);
      } finally {
        if (s[0]) {
          cu.cuCtxSetCurrent(src.ctx);
          cu.cuMemFree(s[0]);
        }
        if (d[0]) {
          cu.cuCtxSetCurrent(dst.ctx);
          cu.cuMemFree(d[0]);
        }
      }
      out.push(entry);
    }
  }
  return out;
}

function r3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function mib(bytes: number): string {
  return `${bytes / 1024 / 1024} MiB`;
}

function msg(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
