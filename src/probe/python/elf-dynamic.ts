// What the dynamic loader reads from a shared object on the machine (formats/elf.ts's readElfDynamic over
// a file read through the System), and how ld.so expands the RPATH and RUNPATH it finds there.
import { type ElfDynamic, readElfDynamic } from '../../formats/elf.js';
import type { System } from '../../system/types.js';

/** `readElfDynamic` for a file read through the System (fixtures and --root work). Never throws. */
export async function readElfDynamicFile(sys: System, path: string): Promise<ElfDynamic> {
  try {
    return await readElfDynamic((offset, length) => sys.readBytes(path, offset, length));
  } catch (e) {
    return { machine: null, needed: [], soname: null, rpath: null, runpath: null, error: `cannot read ${path}: ${String(e)}` };
  }
}

/** Expands `$ORIGIN` / `${ORIGIN}` (the folder of the object) as ld.so does for RPATH and RUNPATH. */
export function expandOrigin(entries: string[], originDir: string): string[] {
  return entries.map((e) => e.replace(/\$\{ORIGIN\}|\$ORIGIN(?![A-Za-z0-9_])/g, originDir)).map(normalize);
}

/** Collapses `a/b/../c` lexically: ld.so opens the path as given and the kernel resolves `..` the same way for real folders. */
function normalize(p: string): string {
  if (!p.startsWith('/')) return p;
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}
