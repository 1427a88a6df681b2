// Every copy of cuDNN and NCCL on the machine (system packages, toolkits, pip wheels, conda), with its
// version: "which copy loads" starts here (the loader's pick: python/resolve.ts; cuda-compat: cuda-compat.ts).
import { posix } from 'node:path';
import type { LdCacheEntry } from '../formats/ldcache.js';
import type { Fact, LibraryCopy, Toolkit } from '../snapshot/types.js';
import type { ProbeContext } from './context.js';
import { discoverEnvs } from './python/discover.js';

type LibName = LibraryCopy['name'];

const SONAME: Record<LibName, RegExp> = {
  cudnn: /^libcudnn\.so(\.\d+)*$/,
  nccl: /^libnccl\.so(\.\d+)*$/,
  cudart: /^libcudart\.so(\.\d+)*$/,
  cublas: /^libcublas\.so(\.\d+)*$/,
};

const SYSTEM_DIRS = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib', '/usr/local/lib'];

export interface LibraryProbeInput {
  toolkits: Toolkit[];
  ldCache: LdCacheEntry[];
  /** Python prefixes (venvs, conda envs) whose pip `nvidia-*` wheels to look into. */
  pythonPrefixes: string[];
}

export async function probeLibraries(ctx: ProbeContext, input: LibraryProbeInput): Promise<LibraryCopy[]> {
  const ldDirs = (ctx.sys.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean);
  const dirs = new Map<string, LibraryCopy['origin']>();
  const add = (dir: string, origin: LibraryCopy['origin']) => {
    if (!dirs.has(dir)) dirs.set(dir, origin);
  };
  for (const d of SYSTEM_DIRS) add(d, 'system');
  for (const t of input.toolkits) {
    add(`${t.path}/lib64`, 'toolkit');
    add(`${t.path}/targets/x86_64-linux/lib`, 'toolkit');
    add(`${t.path}/targets/sbsa-linux/lib`, 'toolkit');
  }
  for (const e of input.ldCache) if (Object.values(SONAME).some((re) => re.test(e.soname))) add(posix.dirname(e.path), 'system');
  for (const d of ldDirs) add(d, 'unknown');
  for (const prefix of input.pythonPrefixes) {
    for (const sp of await sitePackages(ctx, prefix)) {
      for (const pkg of ['cudnn', 'nccl', 'cu13', 'cu12', 'cuda_runtime', 'cublas']) add(`${sp}/nvidia/${pkg}/lib`, 'pip-wheel');
    }
    if (await ctx.sys.stat(`${prefix}/conda-meta`)) add(`${prefix}/lib`, 'conda');
  }

  // The same folder can be reached through links (/usr/local/cuda/lib64 and /usr/local/cuda-13.0/lib64).
  const seen = new Set<string>();
  const copies: LibraryCopy[] = [];
  const ldCacheDirs = new Set(input.ldCache.map((e) => posix.dirname(e.path)));
  const realLdDirs = new Set((await Promise.all(ldDirs.map((d) => ctx.sys.realPath(d)))).filter((d): d is string => Boolean(d)));
  for (const [dir, origin] of dirs) {
    const real = await ctx.sys.realPath(dir);
    if (!real || seen.has(real)) continue;
    seen.add(real);
    const entries = await ctx.sys.readDir(real);
    if (!entries) continue;
    for (const name of Object.keys(SONAME) as LibName[]) {
      const files = entries
        .map((e) => e.name)
        .filter((n) => SONAME[name].test(n))
        .sort();
      if (files.length === 0) continue;
      copies.push({
        name,
        version: await versionOf(ctx, name, real, files, origin),
        dir: real,
        files,
        header: await headerFor(ctx, name, real),
        origin: /\/site-packages\/nvidia\//.test(real) ? 'pip-wheel' : origin,
        inLdCache: ldCacheDirs.has(real) || ldCacheDirs.has(dir),
        onLdLibraryPath: realLdDirs.has(real),
      });
    }
  }
  return copies;
}

export async function sitePackages(ctx: ProbeContext, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for (const lib of ['lib', 'lib64']) {
    for (const e of (await ctx.sys.readDir(`${prefix}/${lib}`)) ?? []) {
      if (/^python3\.\d+t?$/.test(e.name) && (await ctx.sys.stat(`${prefix}/${lib}/${e.name}/site-packages`))) {
        out.push(`${prefix}/${lib}/${e.name}/site-packages`);
      }
    }
  }
  return out;
}

const HEADER: Partial<Record<LibName, string>> = { cudnn: 'cudnn_version.h', nccl: 'nccl.h' };

async function headerFor(ctx: ProbeContext, name: LibName, libDir: string): Promise<string | null> {
  const file = HEADER[name];
  if (!file) return null;
  const candidates = [`${posix.dirname(libDir)}/include/${file}`];
  if (/x86_64-linux-gnu$/.test(libDir)) candidates.push(`/usr/include/x86_64-linux-gnu/${file}`, `/usr/include/${file}`);
  if (/\/(lib64|lib)$/.test(libDir) && !/site-packages/.test(libDir)) candidates.push(`/usr/include/${file}`);
  for (const c of candidates) if (await ctx.sys.stat(c)) return c;
  return null;
}

async function versionOf(ctx: ProbeContext, name: LibName, dir: string, files: string[], origin: LibraryCopy['origin']): Promise<Fact<string> | null> {
  // The fullest version in a file name: libcudnn.so.9.14.0, libnccl.so.2.28.3.
  const full = files.map((f) => /\.so\.(\d+(?:\.\d+){2,3})$/.exec(f)?.[1]).find(Boolean);
  if (full) return { value: full, source: `file:${dir}/${files.find((f) => f.endsWith(full))}` };
  const header = await headerFor(ctx, name, dir);
  if (header) {
    const text = await ctx.sys.readFile(header, 256 * 1024);
    const v = text ? versionFromHeader(name, text) : undefined;
    if (v) return { value: v, source: `file:${header}` };
  }
  if (origin === 'pip-wheel' || /site-packages/.test(dir)) {
    const v = await versionFromDistInfo(ctx, name, dir);
    if (v) return v;
  }
  const major = files.map((f) => /\.so\.(\d+)$/.exec(f)?.[1]).find(Boolean);
  return major ? { value: major, source: `file:${dir}/${files.find((f) => f.endsWith(`.so.${major}`))}` } : null;
}

export function versionFromHeader(name: LibName, text: string): string | undefined {
  const prefix = name === 'cudnn' ? 'CUDNN' : 'NCCL';
  const get = (k: string) => new RegExp(`#define\\s+${prefix}_${k}\\s+(\\d+)`).exec(text)?.[1];
  const major = get('MAJOR');
  const minor = get('MINOR');
  const patch = get('PATCHLEVEL') ?? get('PATCH');
  return major && minor ? `${major}.${minor}${patch ? `.${patch}` : ''}` : undefined;
}

/** site-packages/nvidia/cudnn/lib → site-packages/nvidia_cudnn_cu13-9.19.0.56.dist-info */
async function versionFromDistInfo(ctx: ProbeContext, name: LibName, dir: string): Promise<Fact<string> | null> {
  const sp = dir.replace(/\/nvidia\/[^/]+\/lib$/, '');
  const wheel = { cudnn: 'nvidia_cudnn', nccl: 'nvidia_nccl', cudart: 'nvidia_cuda_runtime', cublas: 'nvidia_cublas' }[name];
  for (const e of (await ctx.sys.readDir(sp)) ?? []) {
    const m = new RegExp(`^${wheel}(?:_cu\\d+)?-([\\d.]+)\\.dist-info$`).exec(e.name);
    if (m) return { value: m[1]!, source: `file:${sp}/${e.name}` };
  }
  return null;
}

/** The prefixes of the Python environments discovery finds (files only, no Python run). */
export async function pythonPrefixes(ctx: ProbeContext): Promise<string[]> {
  return (await discoverEnvs(ctx, [])).map((e) => e.realPrefix);
}

export async function readLdCache(ctx: ProbeContext): Promise<LdCacheEntry[]> {
  const bytes = await ctx.sys.readBytes('/etc/ld.so.cache', 0, 16 * 1024 * 1024);
  if (!bytes) return [];
  const { parseLdCache } = await import('../formats/ldcache.js');
  return parseLdCache(bytes);
}
