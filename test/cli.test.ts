import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { VERSION } from '../src/version.js';
import pkg from '../package.json' with { type: 'json' };
import { fakeIo } from './helpers/io.js';
import { machine } from './helpers/machines.js';

describe('gpuenv command line', () => {
  it('keeps VERSION in step with package.json', () => {
    expect(VERSION).toBe(pkg.version);
  });

  it('prints help and the version', async () => {
    const io = fakeIo();
    expect(await main(['--help'], { io })).toBe(0);
    expect(io.stdout()).toContain('Usage: gpuenv <command>');
    expect(io.stdout()).toContain('snapshot');
    const v = fakeIo();
    expect(await main(['--version'], { io: v })).toBe(0);
    expect(v.stdout()).toBe(`${VERSION}\n`);
  });

  it('speaks Chinese for a zh_CN locale', async () => {
    const io = fakeIo({ GPUENV_LANG: undefined, LANG: 'zh_CN.UTF-8' });
    await main(['--help'], { io });
    expect(io.stdout()).toContain('用法');
  });

  it('answers an unknown command with exit 2 and a suggestion, no stack trace', async () => {
    const io = fakeIo();
    expect(await main(['snapshto'], { io })).toBe(2);
    expect(io.stderr()).toContain('unknown command "snapshto"');
    expect(io.stderr()).toContain('did you mean "snapshot"');
    expect(io.stderr()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers an unknown option and a bad value with exit 2', async () => {
    const io = fakeIo();
    expect(await main(['snapshot', '--bogus'], { io })).toBe(2);
    expect(io.stderr()).toMatch(/Unknown option '--bogus'/);
    const t = fakeIo();
    expect(await main(['snapshot', '--timeout', 'soon'], { io: t })).toBe(2);
    expect(t.stderr()).toContain('--timeout soon');
    const l = fakeIo();
    expect(await main(['snapshot', '--lang', 'fr'], { io: l })).toBe(2);
  });

  it('answers a bad --root with exit 2 and a clear message', async () => {
    const io = fakeIo();
    expect(await main(['snapshot', '--root', '/no/such/root'], { io })).toBe(2);
    expect(io.stderr()).toContain('--root /no/such/root: no such folder');
  });

  it('snapshot --json prints the Snapshot of the machine it is given', async () => {
    const io = fakeIo();
    const sys = await machine('cpu-only-toolkit');
    expect(await main(['snapshot', '--json'], { io, system: async () => sys })).toBe(0);
    const snap = JSON.parse(io.stdout());
    expect(snap.schemaVersion).toBe(1);
    expect(snap.toolkits[0].path).toBe('/usr/local/cuda-13.0');
  });

  it('snapshot -o writes the file, and a path it cannot write is a usage error', async () => {
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'gpuenv-')), 'snap.json');
    const sys = await machine('cpu-only-toolkit');
    const io = fakeIo();
    expect(await main(['snapshot', '-o', file], { io, system: async () => sys })).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).schemaVersion).toBe(1);
    expect(io.stdout()).toBe('');
    const bad = fakeIo();
    const under = `${file}/x.json`;
    expect(await main(['snapshot', '-o', under], { io: bad, system: async () => sys })).toBe(2);
    expect(bad.stderr()).toContain(`cannot write ${under}: ENOTDIR`);
  });

  it("snapshot -o: refuses an existing file without --force, keeps its mode, replaces a link's target, - is stdout", async () => {
    const { chmodSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'gpuenv-'));
    const sys = await machine('cpu-only-toolkit');
    const run = async (args: string[]) => {
      const io = fakeIo();
      const code = await main(['snapshot', ...args], { io, system: async () => sys });
      return { code, out: io.stdout(), err: io.stderr() };
    };
    const file = join(dir, 'snap.json');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    const refused = await run(['-o', file, '--json']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('the file exists; add --force');
    expect(readFileSync(file, 'utf8')).toBe('old');
    const forced = await run(['-o', file, '--json', '--force']);
    expect(forced).toMatchObject({ code: 0, out: '' });
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(JSON.parse(readFileSync(file, 'utf8')).schemaVersion).toBe(1);
    const link = join(dir, 'link.json');
    symlinkSync('snap.json', link);
    expect((await run(['-o', link, '--force'])).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('snap.json');
    const dash = await run(['-o', '-']);
    expect(JSON.parse(dash.out).schemaVersion).toBe(1);
  });

  it('turns an unexpected exception into exit 3 and a report request', async () => {
    const io = fakeIo();
    const code = await main(['snapshot'], {
      io,
      system: async () => {
        throw new TypeError('boom');
      },
    });
    expect(code).toBe(3);
    expect(io.stderr()).toContain('internal error: boom');
  });
});
