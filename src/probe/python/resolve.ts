// Which copy of a shared library the dynamic loader would open, in glibc's order (ld.so(8), native/search-order.ts):
// DT_RPATH (only when the object has no DT_RUNPATH) → LD_LIBRARY_PATH → DT_RUNPATH → /etc/ld.so.cache
// → the default folders. Every other existing copy met on the way is kept as `shadowed`.
import { posix } from 'node:path';
import type { ElfDynamic } from '../../formats/elf.js';
import type { LdCacheEntry } from '../../formats/ldcache.js';
import { loaderView as nativeView, searchOrder as nativeOrder, type LoaderView, type SearchCandidate } from '../../native/search-order.js';
import type { LibraryResolution } from '../../snapshot/types.js';
import type { ProbeContext } from '../context.js';
import { versionFromHeader } from '../libraries.js';
import { expandOrigin } from './elf-dynamic.js';

export type { LoaderView } from '../../native/search-order.js';

/** What the loader of a process started on this machine sees (native/search-order.ts). */
export function loaderView(ctx: ProbeContext, ldCache: LdCacheEntry[]): LoaderView {
  return nativeView(ctx.sys.env, ctx.sys.arch, ldCache);
}

/** Every place the loader would try for `soname` needed by an object in `originDir`, in order (native/search-order.ts). */
export function searchOrder(soname: string, dyn: ElfDynamic | null, originDir: string, view: LoaderView): SearchCandidate[] {
  const dirs = (entries: string[] | null | undefined) => (entries ? expandOrigin(entries, originDir) : null);
  return nativeOrder(soname, view, { rpath: dirs(dyn?.rpath), runpath: dirs(dyn?.runpath) });
}

/**
 * Resolves one soname needed by an object in `originDir`. `preloaded` is a file already loaded by
 * path before the object (torch's preload): glibc then reuses it by soname and searches nothing.
 */
export async function resolveSoname(
  ctx: ProbeContext,
  soname: string,
  dyn: ElfDynamic | null,
  originDir: string,
  view: LoaderView,
  preloaded?: string,
): Promise<LibraryResolution> {
  const found: Array<{ path: string; real: string; via: LibraryResolution['via'] }> = [];
  const seen = new Set<string>();
  for (const c of searchOrder(soname, dyn, originDir, view)) {
    const st = await ctx.sys.stat(c.path);
    if (st?.kind !== 'file') continue;
    const real = (await ctx.sys.realPath(c.path)) ?? c.path;
    if (seen.has(real)) continue;
    seen.add(real);
    found.push({ path: c.path, real, via: c.via });
  }
  if (preloaded) {
    const real = (await ctx.sys.realPath(preloaded)) ?? preloaded;
    return {
      soname,
      resolvedPath: preloaded,
      via: 'preloaded',
      version: await versionOfFile(ctx, preloaded, real),
      shadowed: found.filter((f) => f.real !== real).map((f) => f.path),
    };
  }
  const [first, ...rest] = found;
  if (!first) return { soname, resolvedPath: null, via: 'not-found', version: null, shadowed: [] };
  return { soname, resolvedPath: first.path, via: first.via, version: await versionOfFile(ctx, first.path, first.real), shadowed: rest.map((f) => f.path) };
}

/** Version of a library file: the full version in its real name, else its wheel's dist-info, else its cuDNN/NCCL header. */
export async function versionOfFile(ctx: ProbeContext, path: string, real: string): Promise<string | null> {
  const base = posix.basename(real);
  const full = /\.so\.(\d+(?:\.\d+){1,3})$/.exec(base)?.[1];
  if (full?.includes('.')) return full;
  const dir = posix.dirname(real);
  const wheel = /^(.*\/site-packages)\/nvidia\/([^/]+)\/lib$/.exec(dir);
  if (wheel?.[1]) {
    const v = await wheelVersion(ctx, wheel[1], posix.basename(path));
    if (v) return v;
  }
  for (const [lib, header] of [
    ['cudnn', 'cudnn_version.h'],
    ['nccl', 'nccl.h'],
  ] as const) {
    if (!base.startsWith(`lib${lib}`)) continue;
    const text = await ctx.sys.readFile(`${posix.dirname(dir)}/include/${header}`, 256 * 1024);
    const v = text ? versionFromHeader(lib, text) : undefined;
    if (v) return v;
  }
  return /\.so\.(\d+)$/.exec(base)?.[1] ?? null;
}

// The nvidia-* wheel that ships each library (nvidia/cu13/lib holds several of them since CUDA 13).
const WHEEL_OF: Array<[RegExp, string]> = [
  [/^libcudnn/, 'cudnn'],
  [/^libnccl/, 'nccl'],
  [/^libcudart/, 'cuda_runtime'],
  [/^libcublas/, 'cublas'],
  [/^libcufft/, 'cufft'],
  [/^libcurand/, 'curand'],
  [/^libcusparseLt/, 'cusparselt'],
  [/^libcusparse\./, 'cusparse'],
  [/^libcusolver/, 'cusolver'],
  [/^libnvrtc/, 'cuda_nvrtc'],
  [/^libnvJitLink/, 'nvjitlink'],
  [/^libcupti/, 'cuda_cupti'],
  [/^libnvshmem/, 'nvshmem'],
  [/^libcufile/, 'cufile'],
];

async function wheelVersion(ctx: ProbeContext, sitePackages: string, file: string): Promise<string | null> {
  const wheel = WHEEL_OF.find(([re]) => re.test(file))?.[1];
  if (!wheel) return null;
  const re = new RegExp(`^nvidia_${wheel}(?:_cu\\d+)?-([\\d.]+)\\.dist-info$`);
  for (const e of (await ctx.sys.readDir(sitePackages)) ?? []) {
    const m = re.exec(e.name);
    if (m?.[1]) return m[1];
  }
  return null;
}
