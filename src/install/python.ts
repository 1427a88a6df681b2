// Install commands for one Python environment: pip, uv or conda, with that environment's own interpreter.
import { pythonOf } from '../snapshot/queries.js';
import type { PythonEnv } from '../snapshot/types.js';

/** `… -m pip install ARGS` or `uv pip install --python … ARGS`. */
export function pipInstall(env: PythonEnv, manager: 'pip' | 'uv', args: string[]): string {
  return manager === 'uv' ? ['uv pip install --python', pythonOf(env), ...args].join(' ') : [pythonOf(env), '-m pip install', ...args].join(' ');
}

export function pipUninstall(env: PythonEnv, manager: 'pip' | 'uv', names: string[]): string {
  return manager === 'uv' ? ['uv pip uninstall --python', pythonOf(env), ...names].join(' ') : [pythonOf(env), '-m pip uninstall -y', ...names].join(' ');
}

export function condaEnvArg(env: PythonEnv): string {
  return `-p ${env.prefix}`;
}
