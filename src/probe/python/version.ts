// The Python version of an environment, read from files: pyvenv.cfg, conda-meta, lib/python3.X.
import type { Fact } from '../../snapshot/types.js';
import type { ProbeContext } from '../context.js';

export async function pythonVersion(ctx: ProbeContext, prefix: string): Promise<Fact<string> | null> {
  const cfgPath = `${prefix}/pyvenv.cfg`;
  const cfg = await ctx.sys.readFile(cfgPath, 64 * 1024);
  if (cfg) {
    // uv writes version_info, the venv module writes version; both are the base interpreter's.
    const m = /^\s*version(?:_info)?\s*=\s*(\d+\.\d+(?:\.\d+)?)/m.exec(cfg);
    if (m?.[1]) return { value: m[1], source: `file:${cfgPath}` };
  }
  for (const e of (await ctx.sys.readDir(`${prefix}/conda-meta`)) ?? []) {
    const m = /^python-(\d+\.\d+\.\d+)-[^-]+\.json$/.exec(e.name);
    if (m?.[1]) return { value: m[1], source: `file:${prefix}/conda-meta/${e.name}` };
  }
  for (const lib of ['lib', 'lib64']) {
    const dirs = ((await ctx.sys.readDir(`${prefix}/${lib}`)) ?? [])
      .map((e) => /^python(\d+\.\d+)t?$/.exec(e.name)?.[1])
      .filter((v): v is string => Boolean(v));
    // Several python3.X folders: the one holding site-packages is the interpreter's; else the newest.
    for (const v of dirs.sort(byVersionDesc)) {
      if (await ctx.sys.stat(`${prefix}/${lib}/python${v}/site-packages`)) return { value: v, source: `file:${prefix}/${lib}/python${v}` };
    }
    const first = dirs[0];
    if (first) return { value: first, source: `file:${prefix}/${lib}/python${first}` };
  }
  return null;
}

function byVersionDesc(a: string, b: string): number {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return bm - am || bn - an;
}
