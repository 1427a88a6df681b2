// Which copy of a CUDA library (cuDNN, NCCL, cudart, cuBLAS) an environment's frameworks load: the one answer doctor,
// explain and lock read from a Snapshot. The loader's own order (RPATH, LD_LIBRARY_PATH, RUNPATH, ld.so.cache, the
// default folders) is applied once, by the probe (probe/python/resolve.ts), which records its pick per package.
import type { LibraryCopy, LibraryResolution, PythonEnv, Snapshot } from './types.js';

export type LibraryName = LibraryCopy['name'];

export interface LoadedCopy {
  /** "9.1.0"; null when the copy is known but not its version. */
  version: string | null;
  /** The file that loads, when the facts name one. */
  path: string | null;
  /** The soname the loader resolved ("libcudnn.so.9"), when it did. */
  soname: string | null;
  /**
   * How it was chosen: a loader step of the probe's resolution, `wheel` (the env's nvidia-* or conda package of the
   * library, which the framework's RUNPATH reaches), or `copy` (a copy the Snapshot lists: a system one, or a version a
   * text states).
   */
  via: LibraryResolution['via'] | 'wheel' | 'copy';
  source: string;
}

const SONAME: Record<LibraryName, RegExp> = {
  cudnn: /^libcudnn\.so/,
  nccl: /^libnccl\.so/,
  cudart: /^libcudart\.so/,
  cublas: /^libcublas\.so/,
};

/** The package that ships the library into an environment: pip's nvidia-cudnn-cu12, conda's cudnn. */
const PACKAGE: Record<LibraryName, RegExp> = {
  cudnn: /^(nvidia-cudnn-cu\d+|cudnn)$/,
  nccl: /^(nvidia-nccl-cu\d+|nccl)$/,
  cudart: /^(nvidia-cuda-runtime-cu\d+|cuda-cudart)$/,
  cublas: /^(nvidia-cublas-cu\d+|libcublas)$/,
};

/**
 * The copy of `name` this environment's frameworks load, best fact first: the loader's pick the probe recorded for a
 * package of the environment; else the environment's own package of the library (what a pip or conda framework finds
 * through its RUNPATH); else a copy the Snapshot lists (one inside the environment first). Undefined when nothing says.
 */
export function loadedLibrary(snapshot: Snapshot, env: PythonEnv | undefined, name: LibraryName): LoadedCopy | undefined {
  const re = SONAME[name];
  for (const p of env?.packages ?? []) {
    const r = (p.cudaLibraries ?? []).find((l) => re.test(l.soname) && l.resolvedPath !== null && l.via !== 'not-found');
    if (!r?.resolvedPath) continue;
    // A file of no stated version: the version of the copy the machine lists in that folder (its header, its name).
    const dir = r.resolvedPath.slice(0, r.resolvedPath.lastIndexOf('/'));
    const version = r.version ?? snapshot.libraries.find((l) => l.name === name && l.dir === dir)?.version?.value ?? null;
    return { version, path: r.resolvedPath, soname: r.soname, via: r.via, source: r.via };
  }
  const wheel = env?.packages.find((p) => PACKAGE[name].test(p.name));
  if (wheel) return { version: wheel.version, path: null, soname: null, via: 'wheel', source: wheel.location };
  const copies = snapshot.libraries.filter((l) => l.name === name && l.version);
  const copy = copies.find((l) => env && l.dir.startsWith(`${env.prefix}/`)) ?? copies[0];
  if (copy?.version) return { version: copy.version.value, path: null, soname: null, via: 'copy', source: copy.version.source };
  return undefined;
}
