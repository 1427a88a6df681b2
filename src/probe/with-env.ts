// The Snapshot a command that takes `--env` reads, and the name of that environment in it: from a file
// (the name or path is matched there), or from the live machine, where a path is checked and probed
// even when discovery would not have found it.
import { checkEnvPath } from './python/env-option.js';
import type { System } from '../system/types.js';
import { readSnapshotFile } from '../snapshot/read.js';
import { takeSnapshot } from './take.js';
import type { Snapshot } from '../snapshot/types.js';

export async function snapshotWithEnv(
  system: () => Promise<System>,
  options: { snapshotFile: string | undefined; env: string | undefined; cwd: string },
): Promise<{ snapshot: Snapshot; env: string | undefined }> {
  if (options.snapshotFile) return { snapshot: await readSnapshotFile(options.snapshotFile, options.cwd), env: options.env };
  const sys = await system();
  const path = options.env ? await checkEnvPath(sys, options.env, '--env', options.cwd) : undefined;
  const snapshot = await takeSnapshot(sys, path ? { python: { extraPythons: [path], deep: false } } : {});
  if (!path) return { snapshot, env: options.env };
  // Discovery keys environments by their real prefix and keeps the first path it met: match through links.
  const real = (await sys.realPath(path)) ?? path;
  for (const e of snapshot.python) {
    if (e.prefix === path || e.python === path) return { snapshot, env: e.prefix };
    const candidates = [e.prefix, ...(e.python ? [e.python] : [])];
    for (const c of candidates) if (((await sys.realPath(c)) ?? c) === real) return { snapshot, env: e.prefix };
  }
  return { snapshot, env: path };
}
