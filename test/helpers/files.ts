// The TypeScript files under a folder, for tests that read the sources or the data tables themselves.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.ts` file below `dir`, recursively, as absolute paths in sorted order. */
export function tsFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith('.ts')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}
