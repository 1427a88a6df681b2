// Writing a file the user named with -o: never over an existing file without --force, never half a
// file (a temporary file in the same folder, renamed over the target), the old file's mode kept, and a
// symbolic link's target replaced rather than the link. `-o -` means standard output (the caller's).
import { randomBytes } from 'node:crypto';
import { chmod, lstat, readlink, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { makeDirs } from './mkdirs.js';
import { msg } from './messages.js';

export function isStdout(file: string): boolean {
  return file === '-';
}

/** Where the bytes go: the file itself, or the end of a chain of links (existing or not). */
async function finalPath(path: string): Promise<string> {
  for (let hops = 0; hops < 40; hops++) {
    const st = await lstat(path).catch(() => null);
    if (!st?.isSymbolicLink()) return path;
    const real = await realpath(path).catch(() => null);
    if (real) return real;
    // A dangling link: write where it points, as `cp` and editors do.
    path = resolve(dirname(path), await readlink(path));
  }
  throw new UsageError(msg('output.linkLoop', { path }));
}

export async function writeOutput(cwd: string, file: string, text: string, force: boolean): Promise<string> {
  const path = await finalPath(resolve(cwd, file));
  const existing = await stat(path).catch(() => null);
  if (existing?.isDirectory()) throw new UsageError(msg('output.isFolder', { file }));
  if (existing && !existing.isFile()) throw new UsageError(msg('output.notFile', { file }));
  if (existing && !force) throw new UsageError(msg('output.exists', { file }));
  const tmp = `${dirname(path)}/.${basename(path)}.gpuenv-${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await makeDirs(dirname(path));
    await writeFile(tmp, text, { flag: 'wx', mode: existing ? existing.mode & 0o7777 : 0o666 });
    // The umask narrowed the mode given to open(): a replaced file keeps exactly the mode it had.
    if (existing) await chmod(tmp, existing.mode & 0o7777);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw new UsageError(msg('output.cannotWrite', { file, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message }));
  }
  return path;
}
