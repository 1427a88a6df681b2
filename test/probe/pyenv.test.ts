// pyenv's shims are shell scripts on PATH: the environment is the version pyenv would run, not ~/.pyenv.
import { chmodSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProbeContext } from '../../src/probe/context.js';
import { discoverEnvs } from '../../src/probe/python/discover.js';
import type { System } from '../../src/system/types.js';
import { loadMachine } from '../../src/system/fixture.js';

function pyenvTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'gpuenv-pyenv-'));
  const pyenv = join(root, 'home/u/.pyenv');
  mkdirSync(join(pyenv, 'shims'), { recursive: true });
  writeFileSync(join(pyenv, 'shims/python3'), '#!/usr/bin/env bash\nexec "/home/u/.pyenv/libexec/pyenv" exec "$program" "$@"\n');
  chmodSync(join(pyenv, 'shims/python3'), 0o755);
  for (const v of ['3.11.7', '3.12.1']) {
    mkdirSync(join(pyenv, `versions/${v}/bin`), { recursive: true });
    mkdirSync(join(pyenv, `versions/${v}/lib/python${v.split('.').slice(0, 2).join('.')}/site-packages`), { recursive: true });
    writeFileSync(join(pyenv, `versions/${v}/bin/python3`), '');
  }
  writeFileSync(join(pyenv, 'version'), '3.11.7\n');
  return root;
}

/** The tree as a machine fixture: root/ plus a machine.json with the environment. */
async function systemOf(tree: string, env: Record<string, string>): Promise<System> {
  const dir = mkdtempSync(join(tmpdir(), 'gpuenv-machine-'));
  renameSync(tree, join(dir, 'root'));
  writeFileSync(join(dir, 'machine.json'), JSON.stringify({ description: 'pyenv', env }));
  return loadMachine(dir);
}

describe('pyenv shims', () => {
  it('resolve to the version in $PYENV_ROOT/version', async () => {
    const sys = await systemOf(pyenvTree(), { PATH: '/home/u/.pyenv/shims:/usr/bin', HOME: '/home/u' });
    const envs = await discoverEnvs(createProbeContext(sys, 1000), []);
    expect(envs.find((e) => e.active)?.realPrefix).toBe('/home/u/.pyenv/versions/3.11.7');
  });

  it('follow PYENV_VERSION first', async () => {
    const sys = await systemOf(pyenvTree(), { PATH: '/home/u/.pyenv/shims:/usr/bin', HOME: '/home/u', PYENV_VERSION: '3.12.1' });
    const envs = await discoverEnvs(createProbeContext(sys, 1000), []);
    expect(envs.find((e) => e.active)?.realPrefix).toBe('/home/u/.pyenv/versions/3.12.1');
  });
});
