// Where the native engine's time goes and why its pageable copies differ from PyTorch's: each start-up step
// timed on its own (koffi, libcuda, cuInit, context, pinned allocation, cuBLASLt, operand pools, result scans),
// then one pageable copy from host memory obtained in different ways, libc memcpy, and event timing of one
// copy against back-to-back copies. Run from the repository root after `npm run build`:
//   node scripts/bench-host-explore.mjs [CUBLAS_DIR]   → one JSON document on stdout
import { bindBenchCuda } from '../dist/bench/cuda-calls.js';
import { decodeOut, makePool } from '../dist/bench/gemm-data.js';
import { bindCublasLt } from '../dist/native/cublaslt.js';
import { loadKoffi } from '../dist/native/koffi.js';
import { loadLibrary } from '../dist/native/load.js';

const out = { phasesMs: {}, pageable: [], memcpy: [], events: [], notes: [] };
let last = performance.now();
const phase = (name) => {
  const now = performance.now();
  out.phasesMs[name] = Math.round((now - last) * 10) / 10;
  last = now;
};
const MiB = 1 << 20;
const koffi = await loadKoffi();
phase('loadKoffi');
const loaded = await loadLibrary(koffi, 'libcuda.so.1');
phase('loadLibrary libcuda');
const cu = bindBenchCuda(loaded.lib);
phase('bindBenchCuda');
const ck = (what, rc) => {
  if (rc !== 0) throw new Error(`${what}: ${rc}`);
};
ck('cuInit', cu.cuInit(0));
phase('cuInit');
const dev = [0];
cu.cuDeviceGet(dev, 0);
const ctx = [null];
ck('retain', cu.cuDevicePrimaryCtxRetain(ctx, dev[0]));
ck('set', cu.cuCtxSetCurrent(ctx[0]));
phase('cuDevicePrimaryCtxRetain+SetCurrent');
const s = [null];
ck('stream', cu.cuStreamCreate(s, 1));
const e0 = [null];
const e1 = [null];
cu.cuEventCreate(e0, 0);
cu.cuEventCreate(e1, 0);
const stream = s[0];
phase('stream+events');
const N = 256 * MiB;
const d1 = [0];
const d2 = [0];
ck('alloc', cu.cuMemAlloc(d1, N));
ck('alloc', cu.cuMemAlloc(d2, N));
phase('cuMemAlloc 2×256 MiB');
const host = [null];
ck('allocHost', cu.cuMemAllocHost(host, N));
phase('cuMemAllocHost 256 MiB');
const words = new Uint32Array(koffi.view(host[0], N));
for (let i = 0; i < words.length; i++) words[i] = Math.imul(i, 2654435761) >>> 0;
phase('fill pinned (JS loop)');
const dir = process.argv[2] ?? '/usr/local/cuda-13.0/targets/x86_64-linux/lib';
const lt = await loadLibrary(koffi, 'libcublasLt.so.13', { env: { LD_LIBRARY_PATH: dir } });
phase('loadLibrary libcublasLt.so.13');
const b = bindCublasLt(lt.lib);
phase('bindCublasLt');
const h = [null];
b.cublasLtCreate(h);
phase('cublasLtCreate');
for (const dt of ['fp32', 'fp16', 'bf16', 'fp8']) {
  makePool(dt, 1);
  phase(`makePool ${dt}`);
}
// The result scan of an 8192² output as verify() does it (decodeOut per element), and a typed-array bit test.
const n2 = 8192 * 8192;
const f32 = Buffer.allocUnsafe(n2 * 4);
new Float32Array(f32.buffer, f32.byteOffset, n2).fill(1.5);
phase('alloc+fill 256 MiB Buffer');
let bad = 0;
for (let x = 0; x < n2; x++) if (!Number.isFinite(decodeOut(0, f32, x))) bad++;
phase('scan fp32 8192² decodeOut');
const f16 = Buffer.allocUnsafe(n2 * 2);
new Uint16Array(f16.buffer, f16.byteOffset, n2).fill(0x3c00);
for (let x = 0; x < n2; x++) if (!Number.isFinite(decodeOut(2, f16, x))) bad++;
phase('scan fp16 8192² decodeOut');
for (let x = 0; x < n2; x++) if (!Number.isFinite(decodeOut(14, f16, x))) bad++;
phase('scan bf16 8192² decodeOut');
const u16 = new Uint16Array(f16.buffer, f16.byteOffset, n2);
for (let x = 0; x < n2; x++) if ((u16[x] & 0x7c00) === 0x7c00) bad++;
phase('scan fp16 8192² bit test');
const u32 = new Uint32Array(f32.buffer, f32.byteOffset, n2);
for (let x = 0; x < n2; x++) if ((u32[x] & 0x7f800000) === 0x7f800000) bad++;
phase('scan fp32 8192² bit test');
out.notes.push(`bad ${bad}`);

// libc for the host-memory variants.
const libc = koffi.load('libc.so.6');
const malloc = libc.func('void *malloc(size_t n)');
const free = libc.func('void free(void *p)');
const memset = libc.func('void *memset(void *p, int c, size_t n)');
const memcpy = libc.func('void *memcpy(void *d, const void *s, size_t n)');
const memcpyAddr = libc.func('uintptr_t memmove(void *d, const void *s, size_t n)');
const posixMemalign = libc.func('int posix_memalign(_Out_ void **p, size_t align, size_t n)');
const madvise = libc.func('int madvise(void *p, size_t n, int advice)');
const mmap = libc.func('void *mmap(void *addr, size_t n, int prot, int flags, int fd, intptr_t off)');
const munmap = libc.func('int munmap(void *p, size_t n)');
const htodAddr = loaded.lib.func('int cuMemcpyHtoD_v2(uint64_t dst, uintptr_t src, size_t bytes)');
const med = (xs) => {
  const t = [...xs].sort((a, c) => a - c);
  return Math.round(t[t.length >> 1] * 1000) / 1000;
};
const wall = (bytes, fn, reps = 5) => {
  ck('warm', fn());
  const xs = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    ck('copy', fn());
    xs.push(bytes / ((performance.now() - t0) / 1e3) / 1e9);
  }
  return med(xs);
};
const variants = [
  [
    'Buffer.allocUnsafe + fill',
    () => {
      const buf = Buffer.allocUnsafe(N);
      buf.fill(0x5a);
      return { p: buf, addr: Number(memcpyAddr(buf, buf, 0)), done: () => {} };
    },
  ],
  [
    'malloc + memset',
    () => {
      const p = malloc(N);
      memset(p, 0x5a, N);
      return { p, addr: Number(koffi.address(p)), done: () => free(p) };
    },
  ],
  [
    'posix_memalign 2M + MADV_HUGEPAGE + memset',
    () => {
      const pp = [null];
      posixMemalign(pp, 2 * MiB, N);
      const rc = madvise(pp[0], N, 14);
      memset(pp[0], 0x5a, N);
      return { p: pp[0], addr: Number(koffi.address(pp[0])), rc, done: () => free(pp[0]) };
    },
  ],
  [
    'posix_memalign 2M + MADV_NOHUGEPAGE + memset',
    () => {
      const pp = [null];
      posixMemalign(pp, 2 * MiB, N);
      const rc = madvise(pp[0], N, 15);
      memset(pp[0], 0x5a, N);
      return { p: pp[0], addr: Number(koffi.address(pp[0])), rc, done: () => free(pp[0]) };
    },
  ],
  [
    'mmap + memset',
    () => {
      const p = mmap(null, N, 3, 0x22, -1, 0);
      memset(p, 0x5a, N);
      return { p, addr: Number(koffi.address(p)), done: () => munmap(p, N) };
    },
  ],
];
for (const [name, make] of variants) {
  const m = make();
  for (const bytes of [32 * MiB, 256 * MiB]) {
    out.pageable.push({
      name,
      MiB: bytes / MiB,
      align4k: m.addr % 4096,
      align2m: m.addr % (2 * MiB),
      madvise: m.rc,
      h2d: wall(bytes, () => cu.cuMemcpyHtoD(d1[0], m.p, bytes)),
      d2h: wall(bytes, () => cu.cuMemcpyDtoH(m.p, d1[0], bytes)),
      h2dAsyncSync: wall(bytes, () => cu.cuMemcpyHtoDAsync(d1[0], m.p, bytes, stream) || cu.cuStreamSynchronize(stream)),
      d2hAsyncSync: wall(bytes, () => cu.cuMemcpyDtoHAsync(m.p, d1[0], bytes, stream) || cu.cuStreamSynchronize(stream)),
      h2dChunks8M: wall(bytes, () => {
        for (let off = 0; off < bytes; off += 8 * MiB) {
          const rc = htodAddr(BigInt(d1[0]) + BigInt(off), BigInt(m.addr + off), 8 * MiB);
          if (rc) return rc;
        }
        return 0;
      }),
    });
    console.error(JSON.stringify(out.pageable.at(-1)));
  }
  m.done();
}
// The seed's x.cpu(): 400 MB into memory fresh from malloc (mmap: every page faults during the copy).
{
  const bytes = 4e8;
  const xs = [];
  for (let i = 0; i < 4; i++) {
    const p = malloc(bytes);
    const t0 = performance.now();
    ck('xcpu', cu.cuMemcpyDtoH(p, d1[0], Math.min(bytes, N)));
    const t = performance.now() - t0;
    free(p);
    if (i > 0) xs.push(Math.min(bytes, N) / (t / 1e3) / 1e9);
  }
  out.xcpuFreshMallocGBs = med(xs);
}
// libc memcpy, one thread: warm source and destination, and a destination fresh from mmap.
{
  const src = malloc(N);
  const dst = malloc(N);
  memset(src, 1, N);
  memset(dst, 2, N);
  const xs = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    memcpy(dst, src, N);
    xs.push(N / ((performance.now() - t0) / 1e3) / 1e9);
  }
  const fresh = [];
  for (let i = 0; i < 3; i++) {
    const p = mmap(null, N, 3, 0x22, -1, 0);
    const t0 = performance.now();
    memcpy(p, src, N);
    fresh.push(N / ((performance.now() - t0) / 1e3) / 1e9);
    munmap(p, N);
  }
  const small = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    memcpy(dst, src, 8 * MiB);
    small.push((8 * MiB) / ((performance.now() - t0) / 1e3) / 1e9);
  }
  const bufA = Buffer.allocUnsafe(N).fill(1);
  const bufB = Buffer.allocUnsafe(N).fill(2);
  const bc = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    bufA.copy(bufB);
    bc.push(N / ((performance.now() - t0) / 1e3) / 1e9);
  }
  out.memcpy.push({ MiB: 256, warm: med(xs), intoFreshMmap: med(fresh), warm8MiB: med(small), bufferCopy: med(bc) });
  free(src);
  free(dst);
}
// One copy between two events (the engine's way) against copies back to back with an event between each.
const evs = Array.from({ length: 21 }, () => {
  const e = [null];
  cu.cuEventCreate(e, 0);
  return e[0];
});
for (const bytes of [4096, 64 * 1024, MiB, 32 * MiB]) {
  for (const [kind, enqueue] of [
    ['h2d-pinned', () => cu.cuMemcpyHtoDAsync(d1[0], host[0], bytes, stream)],
    ['d2h-pinned', () => cu.cuMemcpyDtoHAsync(host[0], d1[0], bytes, stream)],
    ['d2d', () => cu.cuMemcpyDtoDAsync(d2[0], d1[0], bytes, stream)],
  ]) {
    const factor = kind === 'd2d' ? 2 : 1;
    for (let i = 0; i < 5; i++) enqueue();
    cu.cuStreamSynchronize(stream);
    const single = [];
    for (let i = 0; i < 20; i++) {
      cu.cuEventRecord(e0[0], stream);
      enqueue();
      cu.cuEventRecord(e1[0], stream);
      cu.cuEventSynchronize(e1[0]);
      const ms = [0];
      cu.cuEventElapsedTime(ms, e0[0], e1[0]);
      single.push(ms[0]);
    }
    // Back to back: a few copies first so the stream is busy when the first event is recorded.
    for (let i = 0; i < 3; i++) enqueue();
    cu.cuEventRecord(evs[0], stream);
    for (let i = 1; i < evs.length; i++) {
      enqueue();
      cu.cuEventRecord(evs[i], stream);
    }
    cu.cuEventSynchronize(evs.at(-1));
    const b2b = [];
    for (let i = 1; i < evs.length; i++) {
      const ms = [0];
      cu.cuEventElapsedTime(ms, evs[i - 1], evs[i]);
      b2b.push(ms[0]);
    }
    const gbs = (ms) => (factor * bytes) / (ms / 1e3) / 1e9;
    out.events.push({ kind, bytes, singleUs: med(single) * 1000, backToBackUs: med(b2b) * 1000, singleGBs: gbs(med(single)), backToBackGBs: gbs(med(b2b)) });
  }
}
// Pageable latency: a 4 KiB synchronous copy.
{
  const small = Buffer.allocUnsafe(4096).fill(1);
  const lat = (fn) => {
    for (let i = 0; i < 5; i++) fn();
    const xs = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      fn();
      xs.push((performance.now() - t0) * 1000);
    }
    return med(xs);
  };
  out.pageableLatencyUs = { h2d: lat(() => cu.cuMemcpyHtoD(d1[0], small, 4096)), d2h: lat(() => cu.cuMemcpyDtoH(small, d1[0], 4096)) };
}
last = performance.now();
cu.cuMemFreeHost(host[0]);
phase('cuMemFreeHost 256 MiB');
cu.cuMemFree(d1[0]);
cu.cuMemFree(d2[0]);
b.cublasLtDestroy(h[0]);
cu.cuDevicePrimaryCtxRelease(dev[0]);
phase('teardown (free, cublasLtDestroy, ctx release)');
console.log(JSON.stringify(out, null, 1));
