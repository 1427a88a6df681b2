// mkdir -p, one level at a time. Node's own `mkdir(path, { recursive: true })`, sync and async, never
// returns for a missing path under /proc (HOME=/proc is how some root health checks run; measured on
// Node 20.20 and 24.22): gpuenv must not hang on where it is asked to write.
import * as fs from 'node:fs';
import { resolve } from 'node:path';

function levels(path: string): string[] {
  const out: string[] = [];
  let at = '';
  for (const part of resolve(path).split('/').filter(Boolean)) {
    at += `/${part}`;
    out.push(at);
  }
  return out;
}

const existed = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EEXIST';

export function makeDirsSync(path: string, mode = 0o777): void {
  for (const at of levels(path)) {
    try {
      fs.mkdirSync(at, { mode });
    } catch (error) {
      if (!existed(error)) throw error;
    }
  }
}

export async function makeDirs(path: string, mode = 0o777): Promise<void> {
  for (const at of levels(path)) {
    try {
      await fs.promises.mkdir(at, { mode });
    } catch (error) {
      if (!existed(error)) throw error;
    }
  }
}
