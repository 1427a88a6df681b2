// Which GPU architectures a CUDA shared object on the machine carries code for: the fatbin reader
// (formats/fatbin.ts) over a file read through the System, so `--root` and fixture systems work.
import { type FatbinScan, type FatbinSummary, scanFatbin, summarizeFatbin } from '../formats/fatbin.js';
import type { System } from '../system/types.js';
import { msg } from './messages.js';

/** Full scan of one file through the System (so `--root` and fixture systems work). Never throws. */
export async function scanFatbinFile(system: System, path: string): Promise<FatbinScan> {
  try {
    const st = await system.stat(path);
    if (st === undefined) return { sections: [], entries: [], error: msg('fileUnreadable', { path }) };
    if (st.kind !== 'file') return { sections: [], entries: [], error: msg('notRegularFile', { path }) };
    return await scanFatbin((offset, length) => system.readBytes(path, offset, length), st.size);
  } catch (e) {
    return { sections: [], entries: [], error: `cannot read ${path}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** `listFatbinArchitectures` for a file read through the System. Never throws. */
export async function fatbinOfFile(system: System, path: string): Promise<FatbinSummary> {
  return summarizeFatbin(await scanFatbinFile(system, path));
}
