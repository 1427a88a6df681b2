// Why a 256 MiB pageable D2H copy is slower from the native engine than from PyTorch (issue 20): the same
// cuMemcpyDtoH into host memory obtained in several ways, rounds interleaved so that the host's drifting memcpy
// rate hits every variant alike. Prints one JSON document. Run from the repository root after `npm run build`:
//   node scripts/bench-d2h-explore.mjs [ROUNDS] [MIB,...]
import { bindBenchCuda } from '../dist/bench/cuda-calls.js';
import { loadKoffi } from '../dist/native/koffi.js';
import { loadLibrary } from '../dist/native/load.js';

const rounds = Number(process.argv[2] ?? 4);
const sizes = (process.argv[3] ?? '32,256').split(',').map((s) => Number(s) << 20);
const koffi = await loadKoffi();
const cu = bindBenchCuda((await loadLibrary(koffi, 'libcuda.so.1')).lib);
const libc = koffi.load('libc.so.6');
const malloc = libc.func('void *malloc(size_t n)');
const free = libc.func('void free(void *p)');
const memset = libc.func('void *memset(void *p, int c, size_t n)');
const posixMemalign = libc.func('int posix_memalign(_Out_ void **p, size_t align, size_t n)');
const madvise = libc.func('int madvise(void *p, size_t n, int advice)');
const ck = (what, rc) => {
  if (rc !== 0) throw new Error(`${what}: ${rc}`);
};
ck('cuInit', cu.cuInit(0));
const dev = [0];
cu.cuDeviceGet(dev, 0);
const ctx = [null];
ck('retain', cu.cuDevicePrimaryCtxRetain(ctx, dev[0]));
ck('set', cu.cuCtxSetCurrent(ctx[0]));
const max = Math.max(...sizes);
const d = [0];
ck('alloc', cu.cuMemAlloc(d, max));
const aligned = (align, advice) => () => {
  const pp = [null];
  ck('posix_memalign', posixMemalign(pp, align, max));
  if (advice) madvise(pp[0], max, advice);
  memset(pp[0], 0x5a, max);
  return { ptr: pp[0], free: () => free(pp[0]) };
};
const variants = {
  'malloc + memset (engine today)': () => {
    const p = malloc(max);
    memset(p, 0x5a, max);
    return { ptr: p, free: () => free(p) };
  },
  'posix_memalign 64 + memset (c10 alloc_cpu)': aligned(64),
  'posix_memalign 4096 + memset': aligned(4096),
  'posix_memalign 2 MiB + memset': aligned(2 << 20),
  'posix_memalign 2 MiB + MADV_HUGEPAGE + memset': aligned(2 << 20, 14),
  'Buffer.allocUnsafeSlow + fill': () => {
    const b = Buffer.allocUnsafeSlow(max);
    b.fill(0x5a);
    return { ptr: b, free: () => {} };
  },
};
const blocks = Object.fromEntries(Object.entries(variants).map(([k, make]) => [k, make()]));
const out = { node: process.version, rounds, addrMod4096: {}, results: {} };
for (const [k, b] of Object.entries(blocks)) {
  try {
    out.addrMod4096[k] = Number(koffi.address(b.ptr) % 4096n);
  } catch {
    out.addrMod4096[k] = null;
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let r = 0; r < rounds; r++) {
  for (const bytes of sizes) {
    for (const [k, b] of Object.entries(blocks)) {
      for (const dir of ['d2h', 'h2d']) {
        const call = dir === 'd2h' ? () => cu.cuMemcpyDtoH(b.ptr, d[0], bytes) : () => cu.cuMemcpyHtoD(d[0], b.ptr, bytes);
        ck('warm', call());
        const gbs = [];
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          ck('copy', call());
          gbs.push(bytes / ((performance.now() - t0) / 1e3) / 1e9);
        }
        const key = `${dir} ${bytes >> 20} MiB | ${k}`;
        (out.results[key] ??= []).push(Math.round(median(gbs) * 100) / 100);
      }
    }
  }
}
for (const b of Object.values(blocks)) b.free();
cu.cuMemFree(d[0]);
console.log(JSON.stringify(out, null, 1));
