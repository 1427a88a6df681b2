// Every CUDA toolkit on the machine, its version, how it was installed, and which one PATH, CUDA_HOME,
// the /usr/local/cuda link and LD_LIBRARY_PATH each point at.
import { posix } from 'node:path';
import { parseNvccVersion } from '../formats/nvcc-version.js';
import { compareVersions } from '../knowledge/version.js';
import type { Fact, Toolkit, ToolkitInstallKind } from '../snapshot/types.js';
import { type ProbeContext, readText, runLogged } from './context.js';

interface Candidate {
  /** Path as found (may be a link). */
  path: string;
  foundBy: string;
}

const TOOLKIT_NAME = /^cuda(-\d+(\.\d+)?)?$/;

export async function probeToolkits(ctx: ProbeContext): Promise<Toolkit[]> {
  const { sys } = ctx;
  const env = sys.env;
  const candidates: Candidate[] = [];
  for (const base of ['/usr/local', '/opt']) {
    for (const e of (await sys.readDir(base)) ?? []) {
      if (TOOLKIT_NAME.test(e.name)) candidates.push({ path: `${base}/${e.name}`, foundBy: `dir:${base}` });
    }
  }
  for (const e of (await sys.readDir('/etc/alternatives')) ?? []) {
    if (TOOLKIT_NAME.test(e.name)) candidates.push({ path: `/etc/alternatives/${e.name}`, foundBy: 'update-alternatives' });
  }
  for (const name of ['CUDA_HOME', 'CUDA_PATH', 'CUDA_ROOT', 'CUDA_TOOLKIT_ROOT_DIR']) {
    const v = env[name];
    if (v) candidates.push({ path: v, foundBy: `env:${name}` });
  }
  for (const nvcc of await allOnPath(ctx, 'nvcc')) {
    const real = await resolveNvcc(ctx, nvcc);
    if (real) candidates.push({ path: posix.dirname(posix.dirname(real)), foundBy: `PATH:${nvcc}` });
  }
  for (const prefix of [env.CONDA_PREFIX, env.VIRTUAL_ENV].filter((p): p is string => Boolean(p))) {
    candidates.push({ path: prefix, foundBy: `env:${prefix === env.CONDA_PREFIX ? 'CONDA_PREFIX' : 'VIRTUAL_ENV'}` });
    candidates.push(...(await pipNvccRoots(ctx, prefix)));
  }

  const byReal = new Map<string, { aliases: Set<string>; foundBy: Set<string> }>();
  await Promise.all(
    candidates.map(async (c) => {
      const real = await sys.realPath(c.path);
      if (!real || !(await isToolkitRoot(ctx, real))) return;
      const entry = byReal.get(real) ?? { aliases: new Set<string>(), foundBy: new Set<string>() };
      byReal.set(real, entry);
      if (c.path !== real) entry.aliases.add(c.path);
      entry.foundBy.add(c.foundBy);
    }),
  );

  const active = await activeTargets(ctx);
  const toolkits = await Promise.all(
    [...byReal.entries()].map(([path, e]) => describeToolkit(ctx, path, [...e.aliases].sort(), [...e.foundBy].sort(), active)),
  );
  return toolkits.sort((a, b) => compareVersions(b.version?.value ?? '0', a.version?.value ?? '0') || a.path.localeCompare(b.path));
}

/** A folder is a toolkit when it has nvcc, or the files a toolkit install leaves (version.json, cuda.h). */
async function isToolkitRoot(ctx: ProbeContext, dir: string): Promise<boolean> {
  const probes = ['bin/nvcc', 'version.json', 'version.txt', 'include/cuda.h', 'targets/x86_64-linux/include/cuda.h'];
  for (const p of probes) if (await ctx.sys.stat(`${dir}/${p}`)) return true;
  return false;
}

/**
 * The real nvcc behind a PATH entry: links are followed, and so are the small wrapper scripts that
 * images and distro packages put in /usr/local/bin or /usr/bin (`exec /usr/local/cuda-13.0/bin/nvcc "$@"`).
 */
export async function resolveNvcc(ctx: ProbeContext, path: string): Promise<string | undefined> {
  const real = await ctx.sys.realPath(path);
  if (!real) return undefined;
  const st = await ctx.sys.stat(real);
  if (st && st.size < 4096) {
    const text = await ctx.sys.readFile(real, 4096);
    const target = text?.startsWith('#!') ? /(\/[^\s"'$;]+\/bin\/nvcc)\b/.exec(text)?.[1] : undefined;
    if (target && target !== real) return (await ctx.sys.realPath(target)) ?? real;
  }
  return real;
}

async function allOnPath(ctx: ProbeContext, name: string): Promise<string[]> {
  const out: string[] = [];
  for (const dir of (ctx.sys.env.PATH ?? '').split(':').filter(Boolean)) {
    const candidate = posix.join(dir, name);
    const st = await ctx.sys.stat(candidate);
    if (st?.kind === 'file' && (st.mode & 0o111) !== 0) out.push(candidate);
  }
  return out;
}

/** pip's nvidia-cuda-nvcc wheels put nvcc under site-packages/nvidia/{cuda_nvcc,cu13}/bin. */
async function pipNvccRoots(ctx: ProbeContext, prefix: string): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const lib of ['lib', 'lib64']) {
    for (const py of (await ctx.sys.readDir(`${prefix}/${lib}`)) ?? []) {
      if (!/^python3/.test(py.name)) continue;
      const nvidia = `${prefix}/${lib}/${py.name}/site-packages/nvidia`;
      for (const pkg of (await ctx.sys.readDir(nvidia)) ?? []) {
        if (await ctx.sys.stat(`${nvidia}/${pkg.name}/bin/nvcc`)) out.push({ path: `${nvidia}/${pkg.name}`, foundBy: 'pip:nvidia-cuda-nvcc' });
      }
    }
  }
  return out;
}

interface ActiveTargets {
  pathNvcc: string | undefined;
  cudaHome: string | undefined;
  symlink: string | undefined;
  ldDirs: string[];
}

async function activeTargets(ctx: ProbeContext): Promise<ActiveTargets> {
  const { sys } = ctx;
  const firstNvcc = await sys.which('nvcc');
  const home = sys.env.CUDA_HOME ?? sys.env.CUDA_PATH;
  const ld = (sys.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean);
  return {
    pathNvcc: firstNvcc ? await resolveNvcc(ctx, firstNvcc) : undefined,
    cudaHome: home ? await sys.realPath(home) : undefined,
    symlink: await sys.realPath('/usr/local/cuda'),
    ldDirs: (await Promise.all(ld.map((d) => sys.realPath(d)))).filter((d): d is string => Boolean(d)),
  };
}

const within = (path: string | undefined, root: string) => path !== undefined && (path === root || path.startsWith(`${root}/`));

async function describeToolkit(ctx: ProbeContext, path: string, aliases: string[], foundBy: string[], active: ActiveTargets): Promise<Toolkit> {
  const nvccPath = `${path}/bin/nvcc`;
  const hasNvcc = (await ctx.sys.stat(nvccPath)) !== undefined;
  const [fileVersion, nvccVersion, installKind] = await Promise.all([
    versionFromFiles(ctx, path),
    hasNvcc ? nvccVersionOf(ctx, nvccPath) : Promise.resolve(null),
    installKindOf(ctx, path),
  ]);
  return {
    path,
    aliases,
    version: fileVersion ?? (nvccVersion ? { value: nvccVersion.value, source: nvccVersion.source } : null),
    nvcc: hasNvcc ? { path: nvccPath, version: nvccVersion } : null,
    installKind,
    foundBy,
    active: {
      path: within(active.pathNvcc, path),
      cudaHome: active.cudaHome === path,
      symlink: active.symlink === path,
      ldLibraryPath: active.ldDirs.some((d) => within(d, path)),
    },
  };
}

/** version.json (11.1+) → version.txt (older) → dist-info of the pip-layout runtime → cuda.h's CUDA_VERSION. */
async function versionFromFiles(ctx: ProbeContext, root: string): Promise<Fact<string> | null> {
  const json = await readText(ctx, `${root}/version.json`);
  if (json) {
    try {
      const v = (JSON.parse(json) as { cuda?: { version?: string } }).cuda?.version;
      if (v) return { value: v, source: `file:${root}/version.json` };
    } catch {
      // A corrupt version.json falls through to the other sources.
    }
  }
  const txt = await readText(ctx, `${root}/version.txt`);
  const m = txt && /CUDA Version\s+(\d+\.\d+(\.\d+)?)/.exec(txt);
  if (m) return { value: m[1]!, source: `file:${root}/version.txt` };
  for (const inc of [`${root}/include/cuda.h`, `${root}/targets/x86_64-linux/include/cuda.h`]) {
    const h = await ctx.sys.readFile(inc, 64 * 1024);
    const d = h && /#define\s+CUDA_VERSION\s+(\d+)/.exec(h);
    if (d) {
      const n = Number(d[1]);
      return { value: `${Math.floor(n / 1000)}.${Math.floor((n % 1000) / 10)}`, source: `file:${inc}` };
    }
  }
  return null;
}

async function nvccVersionOf(ctx: ProbeContext, nvcc: string): Promise<Fact<string> | null> {
  const r = await runLogged(ctx, `${nvcc} --version`, nvcc, ['--version']);
  const v = parseNvccVersion(r.stdout);
  return v ? { value: v, source: `command:${nvcc} --version` } : null;
}

async function installKindOf(ctx: ProbeContext, root: string): Promise<ToolkitInstallKind> {
  const { sys } = ctx;
  if (await sys.stat(`${root}/conda-meta`)) return 'conda';
  if (/\/site-packages\/nvidia\//.test(root)) return 'pip-wheel';
  const dist = await sys.readDir(`${root}/dist-info`);
  if (dist?.some((e) => e.name.endsWith('.dist-info'))) return 'pip-layout';
  if (await sys.stat(`${root}/bin/cuda-uninstaller`)) return 'runfile';
  const m = /cuda-(\d+)\.(\d+)$/.exec(root);
  if (m && (await sys.stat(`/var/lib/dpkg/info/cuda-nvcc-${m[1]}-${m[2]}.list`))) return 'deb';
  if (m && (await sys.stat(`/var/lib/dpkg/info/cuda-cudart-${m[1]}-${m[2]}.list`))) return 'deb';
  if (m && (await sys.stat('/var/lib/rpm')) && !(await sys.stat('/var/lib/dpkg'))) return 'rpm';
  return 'unknown';
}
