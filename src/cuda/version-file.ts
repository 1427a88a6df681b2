// `.cuda-version`: a project names its CUDA as nvm's .nvmrc names Node: the nearest file from the
// working folder up wins; its first line that is not blank or a # comment is the version or path.
import { posix } from 'node:path';
import type { System } from '../system/types.js';

export interface VersionFile {
  file: string;
  value: string;
}

export async function findVersionFile(sys: System, cwd: string): Promise<VersionFile | undefined> {
  let dir = posix.resolve('/', cwd);
  for (;;) {
    const file = posix.join(dir, '.cuda-version');
    const text = (await sys.stat(file))?.kind === 'file' ? await sys.readFile(file, 4096) : undefined;
    if (text !== undefined) {
      const value = text
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l !== '' && !l.startsWith('#'));
      return { file, value: value ?? '' };
    }
    if (dir === '/') return undefined;
    dir = posix.dirname(dir);
  }
}
