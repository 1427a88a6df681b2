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
import { countNonFinite, DTYPE_SPECS, decodeOut, makePool, referenceElement, relativeError, sampleIndices, type Pool } from './gemm-data.js';
import { type HostAllocator, type HostBlock, hostAllocator } from './host-memory.js';
import { msg as benchMsg } from './messages.js';
import { busBandwidth, type LoadedNccl, loadNccl, NCCL_FLOAT32, NCCL_SUM, ncclErrorName } from './nccl.js';
import { median } from './stats.js';
import type {
  AllReduceConfig,
  AllReduceResult,
  AllReduceSize,
  CopyKind,
  Dtype,
  EngineConfig,
  EngineMessage,
  EngineResult,
  GemmCheck,
  GemmResult,
  P2pResult,
  SeedXcpu,
} from './types.js';

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
  /** Events for back-to-back timing (timedBatch). */
  events: Ptr[];
  cc: number;
}

export async function runNativeEngine(config: EngineConfig, post: Post): Promise<EngineResult> {
  const started = performance.now();
  const result: EngineResult = {
    engine: 'native',
    libraries: {},
    copies: [],
    gemms: [],
    skipped: [],
    p2p: [],
    allReduce: null,
    errors: [],
    durationMs: 0,
    latencies: [],
    hostMemcpy: [],
    seed: { xcpu: [], matmul: [] },
    phasesMs: {},
  };
  const phase = phaseClock(result.phasesMs!);
  post({ type: 'progress', text: 'start', step: 'start' });
  const koffi: Koffi = await loadKoffi();
  const loaded = await loadLibrary(koffi, 'libcuda.so.1');
  if (!loaded.lib) throw new Error(loaded.report.error ?? benchMsg('engine.noLibcuda'));
  result.libraries.cuda = loaded.report.loadedPath ?? 'libcuda.so.1';
  const bound = bindBenchCuda(loaded.lib);
  if (typeof bound === 'string') throw new Error(bound);
  const cu = bound;
  const ck = (call: string, rc: number) => {
    if (rc !== 0) throw new CallError(call, rc, cuName(cu, rc));
  };
  phase('koffi + libcuda');
  ck('cuInit', cu.cuInit(0));
  const count: [number] = [0];
  ck('cuDeviceGetCount', cu.cuDeviceGetCount(count));
  const bad = config.gpus.filter((g) => g >= count[0]);
  if (bad.length > 0) throw new Error(benchMsg('engine.notVisible', { gpus: bad.join(', '), count: count[0] }));
  phase('cuInit');

  const host = hostAllocator(koffi);
  const events = Math.max(config.copyIters, config.gemmIters, config.seedIters, LATENCY_ITERS, config.allReduce?.iters ?? 0) + 1;
  const gpus: GpuCtx[] = [];
  try {
    for (const ordinal of config.gpus) gpus.push(openGpu(cu, ck, ordinal, events));
    phase('CUDA context');
    const lt = await loadCublasLt(koffi, config.cublasDirs, result, post);
    phase('cuBLASLt');
    for (const g of gpus) {
      ck('cuCtxSetCurrent', cu.cuCtxSetCurrent(g.ctx));
      // One pinned block per GPU: the source and target of pinned copies, then the window results are read through.
      const scratch = pinned(koffi, cu, ck, Math.max(LATENCY_BYTES, ...config.copySizes));
      try {
        try {
          runCopies(cu, ck, g, config, result, post, scratch, host, g === gpus[0]);
        } catch (error) {
          result.errors.push(`gpu ${g.ordinal} copies: ${msg(error)}`);
        }
        phase(`gpu ${g.ordinal}: copies`);
        if (config.seedIters > 0) {
          post({ type: 'progress', text: `gpu ${g.ordinal}: x.cpu()`, step: `xcpu:${g.ordinal}` });
          try {
            result.seed!.xcpu.push(seedXcpu(cu, ck, g, host, config.seedIters));
          } catch (error) {
            result.errors.push(`gpu ${g.ordinal} x.cpu(): ${msg(error)}`);
          }
          phase(`gpu ${g.ordinal}: x.cpu()`);
        }
        if (lt) {
          // A cuBLASLt handle belongs to the device current when it was made: with one handle for all GPUs,
          // tensor-core GEMMs on the other GPU failed with EXECUTION_FAILED (seen on 2× H200, 2026-11-30).
          const h: [Ptr] = [null];
          const rc = lt.b.cublasLtCreate(h);
          if (rc !== 0) result.errors.push(`gpu ${g.ordinal}: cublasLtCreate failed: ${cublasStatusName(rc)}`);
          else {
            try {
              runGemms(cu, ck, { ...lt, handle: h[0] }, g, config, result, post, scratch);
            } finally {
              lt.b.cublasLtDestroy(h[0]);
            }
          }
          phase(`gpu ${g.ordinal}: GEMMs`);
        }
      } finally {
        cu.cuMemFreeHost(scratch.host);
      }
    }
    if (lt) lt.b.cublasLtDestroy(lt.handle);
    if (config.p2p && gpus.length >= 2) {
      post({ type: 'progress', text: 'P2P', step: 'p2p' });
      result.p2p = runP2p(cu, ck, gpus, config, post);
      phase('P2P');
    }
    const ar = config.allReduce;
    if (ar && gpus.length >= ar.minGpus) {
      post({ type: 'progress', text: `NCCL all-reduce, ${gpus.length} GPU(s)`, step: 'allreduce' });
      const nccl = await loadNccl(koffi, config.ncclDirs ?? [], process.env);
      if (typeof nccl === 'string') result.allReduceSkipped = nccl;
      else {
        result.libraries.nccl = `NCCL ${nccl.version} (${nccl.path})`;
        // NCCL can hang (a fabric not ready, a broken P2P path): the child keeps what is measured so far.
        result.durationMs = Math.round(performance.now() - started);
        post({ type: 'partial', result });
        result.allReduce = runAllReduceNative(cu, ck, nccl, gpus, ar, post);
      }
      phase('all-reduce');
    }
  } finally {
    for (const g of gpus) {
      cu.cuCtxSetCurrent(g.ctx);
      for (const e of g.events) cu.cuEventDestroy(e);
      cu.cuStreamDestroy(g.stream);
      cu.cuDevicePrimaryCtxRelease(g.dev);
    }
    phase('release');
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}

/** ms since the previous mark, under a name; the phases add up to the engine's duration. */
function phaseClock(into: Record<string, number>): (name: string) => void {
  let last = performance.now();
  return (name) => {
    const now = performance.now();
    into[name] = Math.round(now - last);
    last = now;
  };
}

function openGpu(cu: BenchCuda, ck: (c: string, rc: number) => void, ordinal: number, events: number): GpuCtx {
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
  const list: Ptr[] = [];
  for (let i = 0; i < events; i++) {
    const e: [Ptr] = [null];
    ck('cuEventCreate', cu.cuEventCreate(e, 0));
    list.push(e[0]);
  }
  return { ordinal, dev: dev[0], ctx: ctx[0], stream: s[0], events: list, cc: major[0] * 10 + minor[0] };
}

/**
 * Device time of `iters` launches queued back to back with an event between each, in ms per launch. Two launches
 * go first, so the stream is busy when the first event is recorded: the time the host takes to enqueue (a few µs
 * through koffi) never shows as idle GPU time inside a measurement, as it does with one launch between two events.
 */
function timedBatch(cu: BenchCuda, ck: (c: string, rc: number) => void, g: GpuCtx, iters: number, enqueue: () => void): number[] {
  const ev = g.events;
  if (iters + 1 > ev.length) throw new Error(benchMsg('engine.events', { iters, events: iters + 1 }));
  enqueue();
  enqueue();
  ck('cuEventRecord', cu.cuEventRecord(ev[0], g.stream));
  for (let i = 1; i <= iters; i++) {
    enqueue();
    ck('cuEventRecord', cu.cuEventRecord(ev[i], g.stream));
  }
  ck('cuEventSynchronize', cu.cuEventSynchronize(ev[iters]));
  const out: number[] = [];
  const ms: [number] = [0];
  for (let i = 1; i <= iters; i++) {
    ck('cuEventElapsedTime', cu.cuEventElapsedTime(ms, ev[i - 1], ev[i]));
    out.push(ms[0]);
  }
  return out;
}

interface Pinned {
  host: Ptr;
  bytes: number;
  /** The same memory as a Buffer, without a copy. */
  view: Buffer;
}

function pinned(koffi: Koffi, cu: BenchCuda, ck: (c: string, rc: number) => void, bytes: number): Pinned {
  const host: [Ptr] = [null];
  ck('cuMemAllocHost', cu.cuMemAllocHost(host, bytes));
  return { host: host[0], bytes, view: Buffer.from(koffi.view(host[0], bytes)) };
}

/** A non-repeating word pattern in the first MiB, then copied over the rest (a JS loop over 256 MiB took 175 ms). */
function fillPattern(buf: Buffer): void {
  const first = Math.min(buf.length, 1024 * 1024) & ~3;
  const words = new Uint32Array(buf.buffer, buf.byteOffset, first >> 2);
  for (let i = 0; i < words.length; i++) words[i] = Math.imul(i, 2654435761) >>> 0;
  for (let at = first; at < buf.length; at *= 2) buf.copyWithin(at, 0, Math.min(at, buf.length - at));
}

const LATENCY_BYTES = 4096;
const LATENCY_ITERS = 20;
/** First-touch memcpy: large enough to be a fresh mapping (glibc mmaps anything above 32 MiB), small enough to be quick. */
const FRESH_BYTES = 64 * 1024 * 1024;

function runCopies(
  cu: BenchCuda,
  ck: (c: string, rc: number) => void,
  g: GpuCtx,
  config: EngineConfig,
  result: EngineResult,
  post: Post,
  scratch: Pinned,
  host: HostAllocator,
  measureHost: boolean,
): void {
  const max = scratch.bytes;
  const d1: [Dptr] = [0];
  const d2: [Dptr] = [0];
  const blocks: HostBlock[] = [];
  try {
    ck('cuMemAlloc', cu.cuMemAlloc(d1, max));
    ck('cuMemAlloc', cu.cuMemAlloc(d2, max));
    fillPattern(scratch.view);
    // malloc'd, as a framework's host tensors are, and freed at once: 2 × 256 MiB left to the garbage collector
    // slowed the page faults of x.cpu() that follows (a VM with little free memory, 2026-12-02).
    const pageBlock = host.alloc(max);
    blocks.push(pageBlock);
    host.fill(pageBlock.ptr, 0x5a, max);
    const pageable = pageBlock.ptr;
    // The second buffer is the memcpy target: both touched before, as the driver's staging buffers are.
    const other = measureHost ? host.alloc(max) : null;
    if (other) {
      blocks.push(other);
      host.fill(other.ptr, 0xa5, max);
    }
    ck('cuMemcpyHtoD', cu.cuMemcpyHtoD(d1[0], scratch.host, max));
    ck('cuMemcpyDtoD', cu.cuMemcpyDtoDAsync(d2[0], d1[0], max, g.stream));
    ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
    const wallIters = Math.max(3, Math.ceil(config.copyIters / 2));
    // Pageable memory goes through the synchronous copy: the Buffer's memory is passed as it is, no copy.
    const wall = (iters: number, call: () => number, warm = 1) => {
      for (let i = 0; i < warm; i++) ck('pageable warm-up', call());
      const out: number[] = [];
      for (let i = 0; i < iters; i++) {
        const t0 = performance.now();
        ck('pageable copy', call());
        out.push(performance.now() - t0);
      }
      return out;
    };
    const events = (iters: number, enqueue: () => number) => {
      for (let i = 0; i < 3; i++) ck('copy warm-up', enqueue());
      ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
      return timedBatch(cu, ck, g, iters, () => ck('copy', enqueue()));
    };
    const enqueue = (kind: CopyKind, bytes: number): (() => number) =>
      kind === 'h2d-pinned'
        ? () => cu.cuMemcpyHtoDAsync(d1[0], scratch.host, bytes, g.stream)
        : kind === 'd2h-pinned'
          ? () => cu.cuMemcpyDtoHAsync(scratch.host, d1[0], bytes, g.stream)
          : kind === 'd2d'
            ? () => cu.cuMemcpyDtoDAsync(d2[0], d1[0], bytes, g.stream)
            : kind === 'h2d-pageable'
              ? () => cu.cuMemcpyHtoD(d1[0], pageable, bytes)
              : () => cu.cuMemcpyDtoH(pageable, d1[0], bytes);
    const KINDS: CopyKind[] = ['h2d-pinned', 'd2h-pinned', 'd2d', 'h2d-pageable', 'd2h-pageable'];
    for (const bytes of config.copySizes) {
      post({ type: 'progress', text: `gpu ${g.ordinal}: copies ${mib(bytes)}`, step: `copies:${g.ordinal}:${bytes}` });
      for (const kind of KINDS) {
        const factor = kind === 'd2d' ? 2 : 1;
        const pageableKind = kind.endsWith('pageable');
        const ms = pageableKind ? wall(wallIters, enqueue(kind, bytes)) : events(config.copyIters, enqueue(kind, bytes));
        const samples = ms.map((t) => (factor * bytes) / (t / 1e3) / 1e9);
        result.copies.push({
          kind,
          gpu: g.ordinal,
          bytes,
          samplesGBs: samples.map(r3),
          medianGBs: r3(median(samples)),
          timer: pageableKind ? 'wall-clock' : 'cuda-event',
        });
      }
    }
    post({ type: 'progress', text: `gpu ${g.ordinal}: latency`, step: `host:${g.ordinal}` });
    for (const kind of KINDS) {
      const pageableKind = kind.endsWith('pageable');
      const ms = pageableKind ? wall(LATENCY_ITERS, enqueue(kind, LATENCY_BYTES), 3) : events(LATENCY_ITERS, enqueue(kind, LATENCY_BYTES));
      const us = ms.map((t) => r3(t * 1000));
      result.latencies!.push({
        kind,
        gpu: g.ordinal,
        bytes: LATENCY_BYTES,
        samplesUs: us,
        medianUs: r3(median(us)),
        timer: pageableKind ? 'wall-clock' : 'cuda-event',
      });
    }
    if (other) {
      // The host's own memcpy at each copy size, and into fresh memory: what pageable copies are judged by.
      for (const bytes of config.copySizes) {
        const t = wall(wallIters, () => {
          host.copy(other.ptr, pageable, bytes);
          return 0;
        });
        const s = t.map((ms) => bytes / (ms / 1e3) / 1e9);
        result.hostMemcpy!.push({ bytes, samplesGBs: s.map(r3), medianGBs: r3(median(s)), into: 'warm' });
      }
      if (config.seedIters > 0) {
        const bytes = Math.min(FRESH_BYTES, max);
        const s: number[] = [];
        for (let i = 0; i < 3; i++) {
          const fresh = host.alloc(bytes);
          const t0 = performance.now();
          host.copy(fresh.ptr, pageable, bytes);
          s.push(bytes / ((performance.now() - t0) / 1e3) / 1e9);
          fresh.free();
        }
        result.hostMemcpy!.push({ bytes, samplesGBs: s.map(r3), medianGBs: r3(median(s)), into: 'fresh' });
      }
    }
  } finally {
    for (const b of blocks) b.free();
    if (d1[0]) cu.cuMemFree(d1[0]);
    if (d2[0]) cu.cuMemFree(d2[0]);
  }
}

/** The seed's `x = torch.randn(10000, 10000).cuda(); x.cpu()`: 400 MB from the device into memory allocated for it. */
export const SEED_N = 10000;

function seedXcpu(cu: BenchCuda, ck: (c: string, rc: number) => void, g: GpuCtx, host: HostAllocator, iters: number): SeedXcpu {
  const bytes = SEED_N * SEED_N * 4;
  const d: [Dptr] = [0];
  ck('cuMemAlloc', cu.cuMemAlloc(d, bytes));
  try {
    ck('cuMemsetD8', cu.cuMemsetD8(d[0], 0x3f, bytes));
    ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
    const samples: number[] = [];
    for (let i = 0; i <= iters; i++) {
      const block = host.alloc(bytes);
      try {
        const t0 = performance.now();
        ck('cuMemcpyDtoH', cu.cuMemcpyDtoH(block.ptr, d[0], bytes));
        // The first call is a warm-up, as %timeit's loops are.
        if (i > 0) samples.push(bytes / ((performance.now() - t0) / 1e3) / 1e9);
      } finally {
        block.free();
      }
    }
    return { gpu: g.ordinal, bytes, samplesGBs: samples.map(r3), medianGBs: r3(median(samples)) };
  } finally {
    cu.cuMemFree(d[0]);
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
      tried.push(benchMsg('engine.notCublasLt', { path: String(loaded.report.loadedPath) }));
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
  result.errors.push(
    tried.length
      ? benchMsg('engine.noCublasLtTried', { tried: tried.join('; ') })
      : benchMsg('engine.noCublasLtIn', { dirs: dirs.join(', ') || benchMsg('engine.loaderPath') }),
  );
  return undefined;
}

function runGemms(
  cu: BenchCuda,
  ck: (c: string, rc: number) => void,
  lt: Lt,
  g: GpuCtx,
  config: EngineConfig,
  result: EngineResult,
  post: Post,
  scratch: Pinned,
): void {
  // fp32 and tf32 read the same fp32 operands: one pair of pools per input type.
  const pools = new Map<number, [Pool, Pool]>();
  const poolsFor = (dtype: Dtype): [Pool, Pool] => {
    const key = DTYPE_SPECS[dtype].inType;
    let pair = pools.get(key);
    if (!pair) {
      pair = [makePool(dtype, 1), makePool(dtype, 2)];
      pools.set(key, pair);
    }
    return pair;
  };
  for (const dtype of config.dtypes) {
    const spec = DTYPE_SPECS[dtype];
    if (g.cc < spec.minCc) {
      result.skipped.push({ dtype, gpu: g.ordinal, reason: benchMsg('engine.needsCc', { need: spec.minCc / 10, have: g.cc / 10 }) });
      continue;
    }
    for (const n of config.gemmSizes) {
      post({ type: 'progress', text: `gpu ${g.ordinal}: ${dtype} GEMM ${n}³`, step: `gemm:${g.ordinal}:${dtype}:${n}` });
      try {
        result.gemms.push(runGemm(cu, ck, lt, g, dtype, n, poolsFor(dtype), config.gemmIters, scratch));
      } catch (error) {
        result.skipped.push({ dtype, gpu: g.ordinal, reason: `${n}³: ${msg(error)}` });
      }
    }
  }
  if (config.seedIters > 0) {
    // The seed's torch.matmul of two 10000×10000 fp32 tensors: plain fp32 (PyTorch's default keeps TF32 off).
    post({ type: 'progress', text: `gpu ${g.ordinal}: fp32 matmul ${SEED_N}³`, step: `matmul:${g.ordinal}` });
    try {
      result.seed!.matmul.push(runGemm(cu, ck, lt, g, 'fp32', SEED_N, poolsFor('fp32'), config.seedIters, scratch));
    } catch (error) {
      result.errors.push(`gpu ${g.ordinal} fp32 matmul ${SEED_N}³: ${msg(error)}`);
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
  scratch: Pinned,
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
    fill(cu, ck, g, A, k * m, poolA);
    fill(cu, ck, g, B, k * n, poolB);
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
    if (found[0] < 1 || heur.readInt32LE(HEURISTIC_OFFSETS.state) !== 0) throw new Error(benchMsg('engine.noAlgo'));
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
    const check = verify(cu, ck, D, m, n, k, spec.outType, spec.outBytes, spec.tolerance, poolA, poolB, scratch);
    for (let i = 0; i < 3; i++) launchAB();
    ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
    const flop = 2 * m * n * k;
    const samples = timedBatch(cu, ck, g, iters, launchAB).map((ms) => flop / (ms / 1e3) / 1e12);
    return { dtype, gpu: g.ordinal, m, n, k, samplesTflops: samples.map(r3), medianTflops: r3(median(samples)), library: lt.label, check };
  } finally {
    for (const free of frees.reverse()) free();
  }
}

/**
 * Fills `elements` operands from the pool (element x = pool[x mod P]): one host copy of the pool, then the device
 * doubles what it holds (a multiple of P stays periodic), instead of dozens of pageable copies.
 */
function fill(cu: BenchCuda, ck: (c: string, rc: number) => void, g: GpuCtx, dst: Dptr, elements: number, pool: Pool): void {
  const P = pool.values.length;
  const size = pool.bytes.length / P;
  const at = (x: number) => BigInt(dst) + BigInt(x * size);
  // On the benchmark's own stream: a pageable cuMemcpyHtoD may return before its DMA lands, and a non-blocking
  // stream does not wait for it (the first version of this doubled stale memory: wrong results on 2026-12-02).
  ck('cuMemcpyHtoDAsync', cu.cuMemcpyHtoDAsync(dst, pool.bytes, Math.min(P, elements) * size, g.stream));
  for (let have = P; have < elements; have *= 2) {
    ck('cuMemcpyDtoD', cu.cuMemcpyDtoDAsync(at(have), dst, Math.min(have, elements - have) * size, g.stream));
  }
  ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
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
  scratch: Pinned,
): GemmCheck {
  const bytes = m * n * outBytes;
  let allWritten: boolean | null = null;
  const rows = sampleIndices(m, SAMPLES);
  const cols = sampleIndices(n, SAMPLES);
  // Column-major D: element (i, j) at i + j·m. Sampled in the reference's order (column by column).
  const wanted = cols.flatMap((j) => rows.map((i) => i + j * m));
  const got: number[] = new Array(wanted.length);
  if (bytes <= FULL_SCAN_LIMIT) {
    // Read D through the pinned window, a window at a time: every element checked, the sampled ones decoded.
    const perChunk = Math.floor(scratch.bytes / outBytes / 4) * 4;
    let bad = 0;
    let w = 0;
    for (let start = 0; start < m * n; start += perChunk) {
      const count = Math.min(perChunk, m * n - start);
      ck('cuMemcpyDtoH', cu.cuMemcpyDtoH(scratch.host, BigInt(D) + BigInt(start * outBytes), count * outBytes));
      const chunk = scratch.view.subarray(0, count * outBytes);
      bad += countNonFinite(outType, chunk);
      while (w < wanted.length && wanted[w]! < start + count) {
        got[w] = decodeOut(outType, chunk, wanted[w]! - start);
        w++;
      }
    }
    allWritten = bad === 0;
  } else {
    // Column j of a column-major D is contiguous: read the sampled columns only.
    const col = scratch.view.subarray(0, m * outBytes);
    let w = 0;
    for (const j of cols) {
      ck('cuMemcpyDtoH', cu.cuMemcpyDtoH(scratch.host, BigInt(D) + BigInt(j * m * outBytes), m * outBytes));
      for (const i of rows) got[w++] = decodeOut(outType, col, i);
    }
  }
  const ref: number[] = [];
  for (const j of cols) for (const i of rows) ref.push(referenceElement(poolA.values, poolB.values, k, i, j));
  const relError = relativeError(got, ref);
  const ok = Number.isFinite(relError) && relError <= tolerance && allWritten !== false;
  return {
    relError: Number.isFinite(relError) ? Number(relError.toPrecision(3)) : null,
    tolerance,
    checked: got.length,
    allWritten,
    ok,
    ...(allWritten === false ? { detail: benchMsg('engine.unwritten') } : {}),
  };
}

function runP2p(cu: BenchCuda, ck: (c: string, rc: number) => void, gpus: GpuCtx[], config: EngineConfig, post: Post): P2pResult[] {
  const bytes = Math.min(256 * 1024 * 1024, Math.max(...config.copySizes));
  const out: P2pResult[] = [];
  for (const src of gpus) {
    for (const dst of gpus) {
      if (src === dst) continue;
      post({ type: 'progress', text: `P2P ${src.ordinal} → ${dst.ordinal}`, step: 'p2p' });
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
        for (const ms of timedBatch(cu, ck, src, config.copyIters, copy)) entry.samplesGBs.push(r3(bytes / (ms / 1e3) / 1e9));
        entry.medianGBs = r3(median(entry.samplesGBs));
        // The fixed cost of one peer copy, timed as the host↔device latencies are (4 KiB, events, stream kept busy).
        const small = () => ck('cuMemcpyPeerAsync', cu.cuMemcpyPeerAsync!(d[0], dst.ctx, s[0], src.ctx, LATENCY_BYTES, src.stream));
        for (let i = 0; i < 3; i++) small();
        ck('cuStreamSynchronize', cu.cuStreamSynchronize(src.stream));
        const us = timedBatch(cu, ck, src, LATENCY_ITERS, small).map((ms) => r3(ms * 1000));
        entry.latency = { bytes: LATENCY_BYTES, samplesUs: us, medianUs: r3(median(us)) };
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

/** float32 of the bytes 0x3c3c3c3c: what cuMemsetD8(0x3c) leaves in every send buffer. */
const SEND_VALUE = Buffer.from([0x3c, 0x3c, 0x3c, 0x3c]).readFloatLE(0);

/**
 * NCCL all-reduce (float32 sum, out of place) over every GPU from this one thread: ncclCommInitAll, then per
 * launch ncclGroupStart · ncclAllReduce on each GPU's stream · ncclGroupEnd, as nccl-tests' all_reduce_perf -g N.
 * An event after each launch on every stream; a launch takes as long as its slowest GPU.
 */
function runAllReduceNative(
  cu: BenchCuda,
  ck: (c: string, rc: number) => void,
  nccl: LoadedNccl,
  gpus: GpuCtx[],
  cfg: AllReduceConfig,
  post: Post,
): AllReduceResult {
  const nb = nccl.b;
  const n = gpus.length;
  const nk = (call: string, rc: number) => {
    if (rc !== 0) throw new CallError(call, rc, ncclErrorName(nb, rc));
  };
  const sizes = [...cfg.sizes].sort((a, b) => a - b);
  const max = sizes.at(-1) ?? 0;
  const bufs: { g: GpuCtx; send: Dptr; recv: Dptr }[] = [];
  const comms: bigint[] = [];
  const done: AllReduceSize[] = [];
  let error: string | undefined;
  let ok = false;
  try {
    for (const g of gpus) {
      ck('cuCtxSetCurrent', cu.cuCtxSetCurrent(g.ctx));
      const sd: [Dptr] = [0];
      const rd: [Dptr] = [0];
      ck('cuMemAlloc', cu.cuMemAlloc(sd, max));
      bufs.push({ g, send: sd[0], recv: 0 });
      ck('cuMemAlloc', cu.cuMemAlloc(rd, max));
      bufs.at(-1)!.recv = rd[0];
      ck('cuMemsetD8', cu.cuMemsetD8(sd[0], 0x3c, max));
      ck('cuMemsetD8', cu.cuMemsetD8(rd[0], 0, max));
      ck('cuStreamSynchronize', cu.cuStreamSynchronize(g.stream));
    }
    const handles = Buffer.alloc(8 * n);
    nk('ncclCommInitAll', nb.ncclCommInitAll(handles, n, Int32Array.from(gpus.map((g) => g.dev))));
    for (let i = 0; i < n; i++) comms.push(handles.readBigUInt64LE(8 * i));
    const launch = (count: number) => {
      nk('ncclGroupStart', nb.ncclGroupStart());
      for (const [i, b] of bufs.entries()) nk('ncclAllReduce', nb.ncclAllReduce(b.send, b.recv, count, NCCL_FLOAT32, NCCL_SUM, comms[i], b.g.stream));
      nk('ncclGroupEnd', nb.ncclGroupEnd());
    };
    const record = (k: number) => {
      for (const g of gpus) {
        ck('cuCtxSetCurrent', cu.cuCtxSetCurrent(g.ctx));
        ck('cuEventRecord', cu.cuEventRecord(g.events[k], g.stream));
      }
    };
    for (const bytes of sizes) {
      post({ type: 'progress', text: `NCCL all-reduce ${bytes >= 1048576 ? `${bytes / 1048576} MiB` : `${bytes / 1024} KiB`}`, step: 'allreduce' });
      const count = Math.floor(bytes / 4);
      for (let i = 0; i < cfg.warmup; i++) launch(count);
      // Two launches ahead of the first event, so the streams are busy when timing starts (as timedBatch).
      launch(count);
      launch(count);
      record(0);
      for (let i = 1; i <= cfg.iters; i++) {
        launch(count);
        record(i);
      }
      for (const g of gpus) ck('cuEventSynchronize', cu.cuEventSynchronize(g.events[cfg.iters]));
      const ms: number[] = [];
      const t: [number] = [0];
      for (let i = 1; i <= cfg.iters; i++) {
        let slowest = 0;
        for (const g of gpus) {
          ck('cuEventElapsedTime', cu.cuEventElapsedTime(t, g.events[i - 1], g.events[i]));
          slowest = Math.max(slowest, t[0]);
        }
        ms.push(r4(slowest));
      }
      const med = median(ms);
      const alg = bytes / (med / 1e3) / 1e9;
      done.push({ bytes, samplesMs: ms, medianMs: r4(med), algbwGBs: r3(alg), busbwGBs: r3(busBandwidth(alg, n)) });
    }
    // Every rank's result: n × the send value, at the start and the end of the largest message.
    const want = n * SEND_VALUE;
    const span = Math.min(4096, max);
    const host = Buffer.alloc(span);
    ok = true;
    for (const b of bufs) {
      ck('cuCtxSetCurrent', cu.cuCtxSetCurrent(b.g.ctx));
      ck('cuStreamSynchronize', cu.cuStreamSynchronize(b.g.stream));
      for (const at of [0, max - span]) {
        ck('cuMemcpyDtoH', cu.cuMemcpyDtoH(host, BigInt(b.recv) + BigInt(at), span));
        for (let o = 0; o + 4 <= span; o += 4) if (Math.abs(host.readFloatLE(o) - want) > 1e-6 * Math.abs(want)) ok = false;
      }
    }
    if (!ok) error = benchMsg('allreduce.wrong', { want: want.toPrecision(6) });
  } catch (e) {
    error = msg(e);
    ok = false;
  } finally {
    for (const c of comms) nb.ncclCommDestroy(c);
    for (const b of bufs) {
      cu.cuCtxSetCurrent(b.g.ctx);
      if (b.send) cu.cuMemFree(b.send);
      if (b.recv) cu.cuMemFree(b.recv);
    }
  }
  const last = done.at(-1);
  return {
    gpus: n,
    bytes: last?.bytes ?? max,
    algbwGBs: last?.algbwGBs ?? 0,
    busbwGBs: last?.busbwGBs ?? 0,
    samplesMs: last?.samplesMs ?? [],
    ok,
    ...(error ? { error } : {}),
    via: 'nccl',
    nccl: nccl.version,
    library: nccl.path,
    sizes: done,
  };
}

function r4(x: number): number {
  return Math.round(x * 10000) / 10000;
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
