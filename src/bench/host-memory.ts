// Host memory the way PyTorch gets it: c10's alloc_cpu, posix_memalign with 64-byte alignment, and free from libc,
// so a large block is a fresh mapping whose pages fault in during the first write (what `x.cpu()` pays on every
// call), and is returned at once rather than when the garbage collector runs. The alignment matters: a pageable
// D2H copy into malloc's page + 16 bytes (also where a Node Buffer or a numpy array lands) ran at 11–12 GB/s on the
// H200 host against 13.5–15 GB/s into a 64-byte-aligned block, in Node and in PyTorch alike (2026-12-02,
// scripts/bench-d2h-explore.mjs/.py, test/fixtures/captures/h200-bench/d2h-explore-*.json); H2D did not care.
// Without libc (another C library) Node's own allocation stands in.
import type { Koffi } from '../native/koffi.js';

type Ptr = unknown;

/** c10's gAlignment (c10/core/alignment.h): what PyTorch's CPU allocator gives every host tensor. */
const ALIGN = 64;

export interface HostBlock {
  /** What a koffi `void *` parameter takes. */
  ptr: Ptr;
  free(): void;
}

export interface HostAllocator {
  alloc(bytes: number): HostBlock;
  /** memcpy(dst, src, bytes) for blocks and Buffers. */
  copy(dst: Ptr, src: Ptr, bytes: number): void;
  fill(dst: Ptr, byte: number, bytes: number): void;
  source: 'libc' | 'node';
}

export function hostAllocator(koffi: Koffi): HostAllocator {
  try {
    const libc = koffi.load('libc.so.6');
    const posixMemalign = libc.func('int posix_memalign(_Out_ void **p, size_t align, size_t n)');
    const free = libc.func('void free(void *p)');
    const memcpy = libc.func('void *memcpy(void *d, const void *s, size_t n)');
    const memset = libc.func('void *memset(void *p, int c, size_t n)');
    return {
      source: 'libc',
      alloc: (bytes) => {
        const out: [Ptr] = [null];
        const rc = posixMemalign(out, ALIGN, bytes) as number;
        if (rc !== 0 || !out[0]) throw new Error(`posix_memalign(${ALIGN}, ${bytes}) failed (${rc})`);
        const ptr = out[0];
        return { ptr, free: () => free(ptr) };
      },
      copy: (dst, src, bytes) => void memcpy(dst, src, bytes),
      fill: (dst, byte, bytes) => void memset(dst, byte, bytes),
    };
  } catch {
    return {
      source: 'node',
      alloc: (bytes) => ({ ptr: Buffer.allocUnsafeSlow(bytes), free: () => {} }),
      copy: (dst, src, bytes) => void (src as Buffer).copy(dst as Buffer, 0, 0, bytes),
      fill: (dst, byte, bytes) => void (dst as Buffer).fill(byte, 0, bytes),
    };
  }
}
