// cuda-compat: <toolkit>/compat/libcuda.so.<driver>, the forward-compatibility driver library. It is in use only when
// the loader would open it for libcuda.so.1 — the same search that says which copy of any library a package loads.
import { posix } from 'node:path';
import type { LdCacheEntry } from '../formats/ldcache.js';
import type { CompatLibrary, Toolkit } from '../snapshot/types.js';
import type { ProbeContext } from './context.js';
import { loaderView, resolveSoname, searchOrder } from './python/resolve.js';

export async function probeCudaCompat(ctx: ProbeContext, toolkits: Toolkit[], ldCache: LdCacheEntry[], loadedCuda: string | null): Promise<CompatLibrary[]> {
  const view = loaderView(ctx, ldCache);
  const realDir = async (path: string) => (await ctx.sys.realPath(posix.dirname(path))) ?? posix.dirname(path);
  const pick = await resolveSoname(ctx, 'libcuda.so.1', null, '/', view);
  const pickDir = pick.resolvedPath ? await realDir(pick.resolvedPath) : null;
  const steps = await Promise.all(searchOrder('libcuda.so.1', null, '/', view).map(async (c) => ({ ...c, dir: await realDir(c.path) })));
  const out: CompatLibrary[] = [];
  const dirs = new Set<string>([...toolkits.map((t) => `${t.path}/compat`), '/usr/local/cuda/compat']);
  const seen = new Set<string>();
  for (const dir of dirs) {
    const real = await ctx.sys.realPath(dir);
    if (!real || seen.has(real)) continue;
    seen.add(real);
    const files = ((await ctx.sys.readDir(real)) ?? []).map((e) => e.name);
    const lib = files.find((f) => /^libcuda\.so\.\d+\.\d+(\.\d+)?$/.test(f));
    if (!lib) continue;
    const version = /^libcuda\.so\.(.+)$/.exec(lib)?.[1] ?? null;
    const loaded = loadedCuda !== null && posix.dirname(loadedCuda) === real;
    const first = pickDir === real;
    const searched = steps.find((s) => s.dir === real);
    const inUse = loaded || first;
    const reason = loaded
      ? `the CUDA driver API loaded ${loadedCuda}`
      : first
        ? pick.via === 'ld.so.cache'
          ? `${real} is in the ld.so cache`
          : `${real} is on LD_LIBRARY_PATH`
        : searched && pick.resolvedPath
          ? `the loader finds ${pick.resolvedPath} first`
          : "not on LD_LIBRARY_PATH nor in the ld.so cache: the driver's own libcuda loads";
    out.push({ path: `${real}/${lib}`, version, inUse, reason });
  }
  return out;
}
