// /etc/ld.so.preload: objects the loader maps into every process on the machine, before the program's own
// libraries and LD_PRELOAD's (ld.so(8)). A CUDA library listed there overrides every framework's copy.
import { parseLdSoPreload } from '../formats/ld-preload.js';
import type { Fact } from '../snapshot/types.js';
import type { ProbeContext } from './context.js';

export const LD_SO_PRELOAD = '/etc/ld.so.preload';

/** The names /etc/ld.so.preload lists; null when there is no such file (the usual case). */
export async function probeLdSoPreload(ctx: ProbeContext): Promise<Fact<string[]> | null> {
  const text = await ctx.sys.readFile(LD_SO_PRELOAD, 64 * 1024);
  if (text === undefined) return null;
  return { value: parseLdSoPreload(text), source: `file:${LD_SO_PRELOAD}` };
}
