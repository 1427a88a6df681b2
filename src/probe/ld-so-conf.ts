// Which file of the loader's configuration lists a folder: /etc/ld.so.conf and the files it includes, as ldconfig
// reads them (formats/ld-so-conf.ts). A folder in the ld.so cache came from one of these lines (or from an
// `ldconfig <dir>` run by hand, which no file records).
import { posix } from 'node:path';
import { globPartMatches, parseLdSoConf } from '../formats/ld-so-conf.js';
import type { ProbeContext } from './context.js';

export interface ConfLine {
  /** The folder as the line names it. */
  dir: string;
  /** The line as written (comment removed). */
  line: string;
  /** The file that holds it. */
  file: string;
}

const MAX_DEPTH = 8;
const MAX_FILES = 256;

/** Every folder line of /etc/ld.so.conf and its includes, in ldconfig's order. */
export async function ldSoConfLines(ctx: ProbeContext): Promise<ConfLine[]> {
  const out: ConfLine[] = [];
  const read = new Set<string>();
  const walk = async (file: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || read.has(file) || read.size >= MAX_FILES) return;
    read.add(file);
    const text = await ctx.sys.readFile(file, 256 * 1024);
    if (text === undefined) return;
    const conf = parseLdSoConf(text, posix.dirname(file));
    for (const d of conf.dirs) out.push({ ...d, file });
    for (const pattern of conf.includes) for (const f of await expand(ctx, pattern)) await walk(f, depth + 1);
  };
  await walk('/etc/ld.so.conf', 0);
  return out;
}

/** The files an include pattern names: glob(3) on its last part only (`/etc/ld.so.conf.d/*.conf`), sorted as glob sorts. */
async function expand(ctx: ProbeContext, pattern: string): Promise<string[]> {
  const dir = posix.dirname(pattern);
  const part = posix.basename(pattern);
  if (/[*?[]/.test(dir)) return [];
  if (!/[*?[]/.test(part)) return (await ctx.sys.stat(pattern)) ? [pattern] : [];
  const entries = (await ctx.sys.readDir(dir)) ?? [];
  return entries
    .map((e) => e.name)
    .filter((n) => globPartMatches(part, n))
    .sort()
    .map((n) => `${dir}/${n}`);
}
