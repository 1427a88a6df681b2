// Files that travel with gpuenv beside its code (the published JSON schemas): read from the package
// folder under Node, from the executable's embedded assets standalone.
import { readFileSync } from 'node:fs';
import { standaloneRuntime } from '../process/self.js';

/** `relPath` from the package root, e.g. `schema/snapshot.schema.json`. */
export function readBundled(relPath: string): string {
  const runtime = standaloneRuntime();
  if (runtime) return runtime.asset(relPath);
  // dist/system/ and src/system/ both lie two levels below the package root.
  return readFileSync(new URL(`../../${relPath}`, import.meta.url), 'utf8');
}
