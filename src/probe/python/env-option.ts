// What `--env PATH` and `--python PATH` name on the machine being read: any existing environment (a
// venv or conda prefix, an interpreter), discovered by gpuenv or not. A path that is not one is a usage
// error saying what was looked for, never silently ignored.
import { posix } from 'node:path';
import { UsageError } from '../../errors.js';
import type { System } from '../../system/types.js';
import { msg } from '../messages.js';

const MARKERS = ['bin/python3', 'bin/python', 'pyvenv.cfg', 'conda-meta'];

/** A path rather than a name (a conda environment's name, a folder name matched in a Snapshot). */
export function isEnvPath(value: string): boolean {
  return value.includes('/') || value === '.' || value === '..' || value.startsWith('~');
}

/**
 * The absolute path of the environment or interpreter `value` names, checked on `sys`; undefined when
 * `value` is a name. `cwd` resolves relative paths.
 */
export async function checkEnvPath(sys: System, value: string, flag: '--env' | '--python', cwd: string): Promise<string | undefined> {
  if (!isEnvPath(value)) return undefined;
  const home = sys.env.HOME;
  const expanded = value.startsWith('~/') && home ? posix.join(home, value.slice(2)) : value;
  const path = posix.resolve(cwd, expanded).replace(/\/+$/, '') || '/';
  const st = await sys.stat(path);
  if (!st) throw new UsageError(msg('envNoSuchPath', { flag, value }));
  if (st.kind === 'dir') {
    for (const m of MARKERS) if (await sys.stat(`${path}/${m}`)) return path;
    throw new UsageError(msg('envNotEnvironment', { flag, value, markers: MARKERS.join(', ') }));
  }
  if (!/^python[0-9.]*$/.test(posix.basename(path))) {
    throw new UsageError(msg('envNotInterpreter', { flag, value }));
  }
  return path;
}
