// Small conversions from the native probe's raw answers to Snapshot facts.
import type { LibraryLoadReport } from '../native/report.js';
import type { NativeLibrary } from './types.js';

/** 13000 → "13.0", 12040 → "12.4" (the encoding of cuDriverGetVersion and NVML's CUDA driver version). */
export function cudaVersionString(v: number): string {
  return `${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 10)}`;
}

export function fromNativeLibrary(lib: LibraryLoadReport): NativeLibrary {
  const first = lib.candidates[0] ?? null;
  return {
    soname: lib.soname,
    loadedPath: lib.loadedPath,
    // Only worth recording when the loader's own first pick differs from what we loaded (a stub, a shadow).
    loaderFirstChoice: first !== null && first !== lib.loadedPath ? first : null,
    refused: lib.refused,
    error: lib.error,
  };
}
