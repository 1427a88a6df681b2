import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheRoots, sha256, unpackNative, type NativeModule } from '../../src/standalone/unpack.js';

const base = mkdtempSync(join(tmpdir(), 'gpuenv-unpack-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(base, `case-${n++}`);
  mkdirSync(d, { recursive: true });
  return d;
};

const bytes = new TextEncoder().encode('\x7fELF pretend koffi module');
const mod: NativeModule = { triplet: 'linux_x64', version: '3.3.4', sha256: sha256(bytes), bytes };
const fileIn = (dir: string) => join(dir, 'koffi', 'linux_x64', 'koffi.node');

describe('cache roots', () => {
  it('takes an absolute XDG_CACHE_HOME first, then ~/.cache, and ignores relative ones', () => {
    expect(cacheRoots({ XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' })).toEqual(['/x/cache/gpuenv', '/home/u/.cache/gpuenv']);
    expect(cacheRoots({ XDG_CACHE_HOME: 'rel', HOME: '/home/u' })).toEqual(['/home/u/.cache/gpuenv']);
    expect(cacheRoots({})).toEqual([]);
  });
});

describe('unpackNative', () => {
  it('writes the module once into the per-user cache, keyed by version and hash, then reuses it', () => {
    const home = fresh();
    const first = unpackNative(mod, { env: { HOME: home } });
    expect(first.how).toBe('written');
    expect(first.dir).toBe(join(home, '.cache', 'gpuenv', `koffi-3.3.4-${mod.sha256.slice(0, 16)}`));
    expect(readFileSync(fileIn(first.dir))).toEqual(Buffer.from(bytes));
    const again = unpackNative(mod, { env: { HOME: home } });
    expect(again).toMatchObject({ how: 'cached', dir: first.dir });
  });

  it('replaces a corrupted cached copy instead of loading it', () => {
    const home = fresh();
    const { dir } = unpackNative(mod, { env: { HOME: home } });
    chmodSync(fileIn(dir), 0o600);
    writeFileSync(fileIn(dir), 'tampered');
    const again = unpackNative(mod, { env: { HOME: home } });
    expect(again.how).toBe('written');
    expect(sha256(readFileSync(fileIn(again.dir)))).toBe(mod.sha256);
  });

  it('falls back to a private temp folder when the cache cannot be made', () => {
    const home = fresh();
    writeFileSync(join(home, '.cache'), 'a file where the cache folder should be');
    const tmp = fresh();
    const got = unpackNative(mod, { env: { HOME: home }, tmpDir: tmp });
    expect(got.how).toBe('temp');
    expect(got.dir.startsWith(join(tmp, 'gpuenv-'))).toBe(true);
    expect(got.skipped[0]).toMatch(/ENOTDIR|EEXIST/);
    expect(sha256(readFileSync(fileIn(got.dir)))).toBe(mod.sha256);
  });

  it('passes over a cache folder others can write to', () => {
    const home = fresh();
    const root = join(home, '.cache', 'gpuenv');
    mkdirSync(root, { recursive: true });
    chmodSync(root, 0o777);
    const got = unpackNative(mod, { env: { HOME: home }, tmpDir: fresh() });
    expect(got.how).toBe('temp');
    expect(got.skipped[0]).toMatch(/can be written by others/);
  });

  it('passes over a cache folder of another user', () => {
    const home = fresh();
    const got = unpackNative(mod, { env: { HOME: home }, tmpDir: fresh(), uid: 4242 });
    expect(got.how).toBe('temp');
    expect(got.skipped[0]).toMatch(/belongs to another user/);
  });

  it('refuses a module whose bytes do not match the recorded hash', () => {
    const home = fresh();
    expect(() => unpackNative({ ...mod, sha256: '0'.repeat(64) }, { env: { HOME: home } })).toThrow(/damaged/);
    expect(existsSync(join(home, '.cache'))).toBe(false);
  });
});
