// cuda-compat: <toolkit>/compat/libcuda.so.<driver>, the forward-compatibility driver library. It is in use when the
// loader would open it for libcuda.so.1 — the same search that says which copy of any library a package loads — or
// when a preload list maps it into every process first. `via` records the setting that does it, as written there,
// so a fix can change that setting: the LD_LIBRARY_PATH entry (often the /usr/local/cuda/compat link, not the real
// folder), the ld.so.conf line and its file, or the preload entry.
import { posix } from 'node:path';
import type { LdCacheEntry } from '../formats/ldcache.js';
import { splitLdPreload } from '../formats/ld-preload.js';
import type { CompatLibrary, CompatVia, Toolkit } from '../snapshot/types.js';
import type { ProbeContext } from './context.js';
import { LD_SO_PRELOAD } from './ld-preload.js';
import { ldSoConfLines } from './ld-so-conf.js';
import { loaderView, resolveSoname, searchOrder } from './python/resolve.js';
import { msg } from './messages.js';

export async function probeCudaCompat(
  ctx: ProbeContext,
  toolkits: Toolkit[],
  ldCache: LdCacheEntry[],
  loadedCuda: string | null,
  ldSoPreload: readonly string[] = [],
): Promise<CompatLibrary[]> {
  const view = loaderView(ctx, ldCache);
  const realDir = async (path: string) => (await ctx.sys.realPath(posix.dirname(path))) ?? posix.dirname(path);
  const pick = await resolveSoname(ctx, 'libcuda.so.1', null, '/', view);
  const pickDir = pick.resolvedPath ? await realDir(pick.resolvedPath) : null;
  const steps = await Promise.all(searchOrder('libcuda.so.1', null, '/', view).map(async (c) => ({ ...c, dir: await realDir(c.path) })));
  // glibc maps LD_PRELOAD's objects, then /etc/ld.so.preload's (elf/rtld.c); a bare name is searched like any
  // dependency and is not attributed here.
  const preloads = await Promise.all(
    [
      ...splitLdPreload(ctx.sys.env.LD_PRELOAD ?? '').map((entry) => ({ kind: 'LD_PRELOAD' as const, entry })),
      ...ldSoPreload.map((entry) => ({ kind: '/etc/ld.so.preload' as const, entry })),
    ]
      .filter((p) => p.entry.includes('/'))
      .map(async (p) => ({ ...p, dir: await realDir(p.entry) })),
  );
  let confLines: Promise<Array<{ dir: string; line: string; file: string; real: string | undefined }>> | undefined;
  const conf = () => {
    confLines ??= ldSoConfLines(ctx).then((lines) => Promise.all(lines.map(async (l) => ({ ...l, real: await ctx.sys.realPath(l.dir) }))));
    return confLines;
  };
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
    const preloaded = preloads.find((p) => p.dir === real);
    const inUse = loaded || first || preloaded !== undefined;
    const reason = loaded
      ? msg('compatLoaded', { path: loadedCuda })
      : preloaded
        ? msg('compatPreloaded', { entry: preloaded.entry, kind: preloaded.kind })
        : first
          ? msg(pick.via === 'ld.so.cache' ? 'compatInCache' : 'compatOnPath', { dir: real })
          : searched && pick.resolvedPath
            ? msg('compatShadowedBy', { path: pick.resolvedPath })
            : msg('compatUnused');
    let via: CompatVia | null = null;
    if (preloaded) via = { kind: preloaded.kind, entry: preloaded.entry, file: preloaded.kind === 'LD_PRELOAD' ? null : LD_SO_PRELOAD };
    else if (inUse) {
      const step = first && pick.resolvedPath ? { via: pick.via, path: pick.resolvedPath } : searched;
      if (step?.via === 'LD_LIBRARY_PATH') via = { kind: 'LD_LIBRARY_PATH', entry: posix.dirname(step.path), file: null };
      else if (step?.via === 'ld.so.cache') {
        const line = (await conf()).find((l) => l.real === real);
        via = line ? { kind: 'ld.so.conf', entry: line.line, file: line.file } : { kind: 'ld.so.conf', entry: posix.dirname(step.path), file: null };
      }
    }
    out.push({ path: `${real}/${lib}`, version, inUse, reason, ...(inUse ? { via } : {}) });
  }
  return out;
}
