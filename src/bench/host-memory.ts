// Host memory the way a framework gets it: malloc and free from libc, so a large block is a fresh mapping whose
// pages fault in during the first write (what `x.cpu()` pays on every call), and is returned at once rather than
// when the garbage collector runs. Without libc (another C library) Node's own allocation stands in.
import type { Koffi } from '../native/koffi.js';

type Ptr = unknown;

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
    const malloc = libc.func('void *malloc(size_t n)');
    const free = libc.func('void free(void *p)');
    const memcpy = libc.func('void *memcpy(void *d, const void *s, size_t n)');
    const memset = libc.func('void *memset(void *p, int c, size_t n)');
    return {
      source: 'libc',
      alloc: (bytes) => {
        const ptr = malloc(bytes);
        if (!ptr) throw new Error(`malloc(${bytes}) failed`);
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
