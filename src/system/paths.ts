// Path helpers that keep a --root tree closed: absolute link targets resolve inside the root.
import { posix } from 'node:path';

/** Joins a target-absolute path onto the host folder that holds the root. */
export function hostPath(root: string, path: string): string {
  if (root === '/') return posix.normalize(path);
  return posix.join(root, posix.normalize(`/${path}`));
}

export interface LinkReader {
  lstatKind(hostFile: string): Promise<'file' | 'dir' | 'symlink' | 'other' | undefined>;
  readLink(hostFile: string): Promise<string | undefined>;
}

/** realpath inside a root: follows links component by component, at most 40 of them (as the kernel). */
export async function realPathInRoot(root: string, path: string, fs: LinkReader): Promise<string | undefined> {
  const pending = posix.normalize(`/${path}`).split('/').filter(Boolean);
  const done: string[] = [];
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.shift()!;
    if (part === '.') continue;
    if (part === '..') {
      done.pop();
      continue;
    }
    const candidate = `/${[...done, part].join('/')}`;
    const kind = await fs.lstatKind(hostPath(root, candidate));
    if (kind === undefined) return undefined;
    if (kind !== 'symlink') {
      done.push(part);
      continue;
    }
    if (++hops > 40) return undefined;
    const target = await fs.readLink(hostPath(root, candidate));
    if (target === undefined) return undefined;
    const targetParts = target.split('/').filter(Boolean);
    if (target.startsWith('/')) done.length = 0;
    pending.unshift(...targetParts);
  }
  return `/${done.join('/')}`;
}
