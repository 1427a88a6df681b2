// Writing a generated file: only where -o says, never over an existing file without --force, atomically.
import { rename, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { makeDirs } from '../system/mkdirs.js';

export async function writeOutput(cwd: string, file: string, text: string, force: boolean): Promise<string> {
  const path = resolve(cwd, file);
  const exists = await stat(path).then(
    (s) => (s.isDirectory() ? 'dir' : 'file'),
    () => null,
  );
  if (exists === 'dir') throw new UsageError(`-o ${file}: is a folder`);
  if (exists && !force) throw new UsageError(`-o ${file}: the file exists; add --force to replace it`);
  try {
    await makeDirs(dirname(path));
    const tmp = `${path}.gpuenv-${process.pid}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, path);
  } catch (error) {
    throw new UsageError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return path;
}

/** The date for headers: SOURCE_DATE_EPOCH (reproducible builds) when set, else now. */
export function headerDate(env: Readonly<Record<string, string | undefined>>): Date {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : new Date();
}
