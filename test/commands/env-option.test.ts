// --env and --python name any existing environment, found by discovery or not; a path that is not one
// is a usage error naming what was looked for.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { checkEnvPath } from '../../src/probe/python/env-option.js';
import { fakeIo } from '../helpers/io.js';
import { machine } from '../helpers/machines.js';

const work = mkdtempSync(join(tmpdir(), 'gpuenv-envopt-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function cli(args: string[], name = 'h200') {
  const io = fakeIo();
  const sys = await machine(name);
  const code = await main(args, { io, system: async () => sys });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('checkEnvPath', () => {
  it('accepts a venv or conda prefix and an interpreter; names are left to the Snapshot', async () => {
    const sys = await machine('h200');
    expect(await checkEnvPath(sys, '/opt/torch/.venv', '--env', '/')).toBe('/opt/torch/.venv');
    expect(await checkEnvPath(sys, '/opt/torch/.venv/bin/python', '--env', '/')).toBe('/opt/torch/.venv/bin/python');
    expect(await checkEnvPath(sys, '.venv', '--env', '/opt/torch')).toBeUndefined();
    expect(await checkEnvPath(sys, './.venv/', '--env', '/opt/torch')).toBe('/opt/torch/.venv');
  });

  it('says what it looked for when a folder is not an environment', async () => {
    const sys = await machine('h200');
    await expect(checkEnvPath(sys, '/etc', '--env', '/')).rejects.toThrow(
      '--env /etc: not a Python environment (looked for bin/python3, bin/python, pyvenv.cfg, conda-meta in it)',
    );
    await expect(checkEnvPath(sys, '/nope/bin/python', '--python', '/')).rejects.toThrow('--python /nope/bin/python: no such file or folder');
    await expect(checkEnvPath(sys, '/etc/os-release', '--env', '/')).rejects.toThrow('not a Python interpreter');
  });
});

describe('commands', () => {
  it('doctor --python /nope/bin/python is exit 2, not ignored', async () => {
    const r = await cli(['doctor', '--python', '/nope/bin/python']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--python /nope/bin/python: no such file or folder');
  });

  it('lock --env with the interpreter path of a discovered environment locks that environment', async () => {
    const r = await cli(['lock', '--env', '/opt/torch/.venv/bin/python']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).source.environment).toBe('/opt/torch/.venv');
  });

  it('lock, verify and export --env with a path that is no environment: exit 2 naming what was looked for', async () => {
    for (const args of [
      ['lock', '--env', '/etc'],
      ['export', 'requirements', '--env', '/etc'],
      ['verify', join(work, 'l.json'), '--env', '/etc'],
    ]) {
      if (args[0] === 'verify') writeFileSync(join(work, 'l.json'), (await cli(['lock'])).out);
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain('--env /etc: not a Python environment');
    }
  });
});

describe('an environment discovery does not find', () => {
  it('is probed when named with --env (a real venv-shaped folder on this machine)', async () => {
    const prefix = join(work, 'hidden-env');
    const site = join(prefix, 'lib/python3.11/site-packages');
    mkdirSync(join(site, 'requests-2.32.3.dist-info'), { recursive: true });
    mkdirSync(join(prefix, 'bin'), { recursive: true });
    writeFileSync(join(prefix, 'pyvenv.cfg'), 'home = /usr/bin\nversion = 3.11.7\n');
    symlinkSync('/bin/sh', join(prefix, 'bin/python3'));
    writeFileSync(join(site, 'requests-2.32.3.dist-info/METADATA'), 'Metadata-Version: 2.1\nName: requests\nVersion: 2.32.3\n');
    writeFileSync(join(site, 'requests-2.32.3.dist-info/INSTALLER'), 'pip\n');
    const io = fakeIo({ PATH: '/nonexistent', HOME: work });
    const code = await main(['lock', '--env', prefix], { io });
    expect(code).toBe(0);
    const lock = JSON.parse(io.stdout());
    expect(lock.source.environment).toBe(prefix);
    expect(lock.packages.map((p: { name: string }) => p.name)).toContain('requests');
  }, 30_000);
});
