// The dynamic loader's search order for one soname (glibc ld.so(8)): DT_RPATH (only when the object has no
// DT_RUNPATH) → LD_LIBRARY_PATH → DT_RUNPATH → /etc/ld.so.cache → the default folders. Pure: native/load.ts walks it to
// pick the file it loads, probe/python/resolve.ts to say which copy a package loads (and `gpuenv cuda which` through
// it), so "which copy of a library loads" has one answer.
import { posix } from 'node:path';
import type { LdCacheEntry } from '../formats/ldcache.js';

export interface LoaderView {
  /** Absolute LD_LIBRARY_PATH folders in order. */
  ldLibraryPath: string[];
  ldCache: LdCacheEntry[];
  /** ldconfig's ABI name for this machine ('x86-64', 'aarch64'); undefined: every entry of the cache applies. */
  cacheArch: string | undefined;
  defaultDirs: string[];
}

export type SearchStep = 'rpath' | 'LD_LIBRARY_PATH' | 'runpath' | 'ld.so.cache' | 'default-dirs';

export interface SearchCandidate {
  path: string;
  via: SearchStep;
}

/** The folders searched last. Debian/Ubuntu build glibc with the multiarch folders first; Fedora/RHEL with lib64. */
export function systemDirs(arch: string): string[] {
  const triple = arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';
  return [`/lib/${triple}`, `/usr/lib/${triple}`, '/lib64', '/usr/lib64', '/lib', '/usr/lib'];
}

/** What the loader of a process with this environment sees; `arch` is Node's process.arch. */
export function loaderView(env: Readonly<Record<string, string | undefined>>, arch: string, ldCache: LdCacheEntry[]): LoaderView {
  return {
    // glibc splits on ':' and ';'. Empty and relative items name the current folder: they cannot be judged (and a
    // diagnostic must not load whatever sits there), so they are left out.
    ldLibraryPath: (env.LD_LIBRARY_PATH ?? '').split(/[:;]/).filter((d) => d.startsWith('/')),
    ldCache,
    cacheArch: arch === 'arm64' ? 'aarch64' : arch === 'x64' ? 'x86-64' : undefined,
    defaultDirs: systemDirs(arch),
  };
}

/**
 * Every place the loader would try for `soname`, in order, whether or not a file is there. `object`: the RPATH and
 * RUNPATH folders of the object that needs the library ($ORIGIN already expanded); none for a dlopen by a program.
 */
export function searchOrder(soname: string, view: LoaderView, object?: { rpath: string[] | null; runpath: string[] | null }): SearchCandidate[] {
  const out: SearchCandidate[] = [];
  const inDirs = (dirs: readonly string[], via: SearchStep) => {
    for (const d of dirs) if (d) out.push({ path: posix.join(d, soname), via });
  };
  const runpath = object?.runpath ?? null;
  if (object?.rpath && runpath === null) inDirs(object.rpath, 'rpath');
  inDirs(view.ldLibraryPath, 'LD_LIBRARY_PATH');
  if (runpath) inDirs(runpath, 'runpath');
  for (const e of view.ldCache) {
    if (e.soname !== soname) continue;
    // An entry of another ABI ('' is a 32-bit libc6 library on x86-64) is not for this process.
    if (view.cacheArch !== undefined && e.arch !== view.cacheArch) continue;
    // hwcap entries apply only on CPUs with that capability; the plain entry for the same soname follows them.
    if (e.hwcap !== undefined) continue;
    out.push({ path: e.path, via: 'ld.so.cache' });
  }
  inDirs(view.defaultDirs, 'default-dirs');
  return out;
}
