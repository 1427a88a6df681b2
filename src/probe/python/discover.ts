// Finds Python environments without running Python: the interpreters on PATH, VIRTUAL_ENV,
// CONDA_PREFIX, conda's environment list and the usual conda roots, and every --python given.
// Environments are keyed by the real path of their prefix, so links and repeats merge.
import { posix } from 'node:path';
import type { PythonEnv } from '../../snapshot/types.js';
import type { ProbeContext } from '../context.js';

export interface FoundEnv {
  prefix: string;
  realPrefix: string;
  python: string | null;
  kind: PythonEnv['kind'];
  foundBy: string[];
  active: boolean;
}

const SYSTEM_PREFIXES = new Set(['/usr', '/usr/local', '/']);

export async function discoverEnvs(ctx: ProbeContext, extraPythons: string[]): Promise<FoundEnv[]> {
  const env = ctx.sys.env;
  const found = new Map<string, FoundEnv>();
  const add = async (prefix: string, how: string, python?: string, active = false) => {
    const realPrefix = await ctx.sys.realPath(prefix);
    if (!realPrefix || (await ctx.sys.stat(realPrefix))?.kind !== 'dir') return;
    const known = found.get(realPrefix);
    if (known) {
      if (!known.foundBy.includes(how)) known.foundBy.push(how);
      known.active ||= active;
      known.python ??= python ?? null;
      return;
    }
    found.set(realPrefix, {
      prefix,
      realPrefix,
      python: python ?? (await interpreterIn(ctx, prefix)),
      kind: await kindOf(ctx, prefix, realPrefix),
      foundBy: [how],
      active,
    });
  };

  // python3 first: it is what users type and what `active` means; `python` may be another env.
  let sawActive = false;
  for (const name of ['python3', 'python']) {
    const bin = await ctx.sys.which(name);
    if (!bin) continue;
    const active = !sawActive;
    sawActive = true;
    await add(await prefixOfInterpreter(ctx, bin), `PATH (${name})`, bin, active);
  }
  if (env.VIRTUAL_ENV) await add(env.VIRTUAL_ENV, 'VIRTUAL_ENV');
  if (env.CONDA_PREFIX) await add(env.CONDA_PREFIX, 'CONDA_PREFIX');
  for (const prefix of await condaEnvsList(ctx)) await add(prefix, 'conda environments.txt');
  for (const root of condaRoots(ctx)) {
    if (await ctx.sys.stat(`${root}/conda-meta`)) await add(root, 'conda root');
    for (const e of (await ctx.sys.readDir(`${root}/envs`)) ?? []) {
      if (e.kind === 'dir' || e.kind === 'symlink') await add(`${root}/envs/${e.name}`, 'conda envs folder');
    }
  }
  for (const p of extraPythons) {
    const st = await ctx.sys.stat(p);
    if (!st) continue;
    if (st.kind === 'dir') await add(p, '--python');
    else await add(await prefixOfInterpreter(ctx, p), '--python', p);
  }
  return [...found.values()];
}

/** The prefix an interpreter runs in: a venv's pyvenv.cfg beside or above it wins, as in CPython's getpath. */
export async function prefixOfInterpreter(ctx: ProbeContext, bin: string): Promise<string> {
  const shim = await pyenvShimTarget(ctx, bin);
  if (shim) return shim;
  const binDir = posix.dirname(bin);
  const above = posix.dirname(binDir);
  if (await ctx.sys.stat(`${binDir}/pyvenv.cfg`)) return binDir;
  if ((await ctx.sys.stat(`${above}/pyvenv.cfg`)) || (await ctx.sys.stat(`${above}/conda-meta`))) return above;
  // A system interpreter: follow links (/usr/bin/python3 → python3.12) to its installation.
  const real = (await ctx.sys.realPath(bin)) ?? bin;
  return posix.dirname(posix.dirname(real));
}

/**
 * pyenv puts shell-script shims on PATH (~/.pyenv/shims/python3); the interpreter they run is chosen by
 * PYENV_VERSION, then a .python-version file, then $PYENV_ROOT/version (pyenv's own order). The
 * .python-version of the current folder is not read: gpuenv's folder says nothing about the user's project.
 */
async function pyenvShimTarget(ctx: ProbeContext, bin: string): Promise<string | undefined> {
  const m = /^(.*)\/shims\/python[0-9.]*$/.exec(bin);
  if (!m) return undefined;
  const root = m[1]!;
  if (!(await ctx.sys.stat(`${root}/versions`))) return undefined;
  const chosen = ctx.sys.env.PYENV_VERSION ?? (await ctx.sys.readFile(`${root}/version`, 4096));
  const version = chosen?.split(/[\s:]+/).find((v) => v && !v.startsWith('#'));
  if (!version || version === 'system') return undefined;
  const prefix = `${root}/versions/${version}`;
  return (await ctx.sys.stat(prefix)) ? prefix : undefined;
}

async function interpreterIn(ctx: ProbeContext, prefix: string): Promise<string | null> {
  for (const n of ['bin/python3', 'bin/python']) if (await ctx.sys.stat(`${prefix}/${n}`)) return `${prefix}/${n}`;
  return null;
}

async function kindOf(ctx: ProbeContext, prefix: string, real: string): Promise<PythonEnv['kind']> {
  if (await ctx.sys.stat(`${prefix}/pyvenv.cfg`)) return 'venv';
  if (await ctx.sys.stat(`${prefix}/conda-meta`)) return 'conda';
  return SYSTEM_PREFIXES.has(real) ? 'system' : 'unknown';
}

/** ~/.conda/environments.txt: conda appends every env it creates, one prefix a line. */
async function condaEnvsList(ctx: ProbeContext): Promise<string[]> {
  const home = ctx.sys.env.HOME;
  if (!home) return [];
  const text = await ctx.sys.readFile(`${home}/.conda/environments.txt`, 256 * 1024);
  return (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('/'));
}

function condaRoots(ctx: ProbeContext): string[] {
  const home = ctx.sys.env.HOME;
  const roots = ['/opt/conda', '/opt/miniconda3', '/opt/anaconda3', '/opt/miniforge3'];
  if (home) for (const d of ['miniconda3', 'anaconda3', 'miniforge3', 'mambaforge', '.conda']) roots.push(`${home}/${d}`);
  // CONDA_EXE is <root>/bin/conda (or <root>/condabin/conda).
  const exe = ctx.sys.env.CONDA_EXE;
  if (exe) roots.push(posix.dirname(posix.dirname(exe)));
  return [...new Set(roots)];
}
