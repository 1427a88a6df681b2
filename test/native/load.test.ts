import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDirs, isStubPath, loadLibrary, mappedFiles, resolveLibrary } from '../../src/native/load.js';
import { buildLdCache } from '../../src/formats/ldcache.js';

const root = mkdtempSync(join(tmpdir(), 'gpuenv-load-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(path: string): string {
  const full = join(root, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, 'not an ELF file');
  return full;
}

describe('resolveLibrary', () => {
  it('orders LD_LIBRARY_PATH, then ld.so.cache, then default dirs, and refuses stubs', async () => {
    const stubDir = join(root, 'cuda/targets/x86_64-linux/lib/stubs');
    const stub = file('cuda/targets/x86_64-linux/lib/stubs/libnvidia-ml.so.1');
    const user = file('user/lib/libnvidia-ml.so.1');
    const cached = file('driver/lib64/libnvidia-ml.so.1');
    const cachedOld = file('driver/lib/libnvidia-ml.so.1');
    const cache = join(root, 'ld.so.cache');
    writeFileSync(
      cache,
      buildLdCache([
        { soname: 'libnvidia-ml.so.1', path: cached },
        { soname: 'libnvidia-ml.so.1', path: join(root, 'gone/libnvidia-ml.so.1') }, // stale entry: file absent
        { soname: 'libnvidia-ml.so.1', path: join(root, 'arm/libnvidia-ml.so.1'), arch: 'aarch64' },
        { soname: 'libcuda.so.1', path: file('driver/lib64/libcuda.so.1') },
        { soname: 'libnvidia-ml.so.1', path: cachedOld },
      ]),
    );
    const res = await resolveLibrary('libnvidia-ml.so.1', {
      env: { LD_LIBRARY_PATH: `${stubDir}::relative/dir:${join(root, 'user/lib')}:${join(root, 'driver/lib64')}` },
      ldCachePath: cache,
      arch: 'x64',
    });
    expect(res.candidates.map((c) => [c.path, c.from, c.stub])).toEqual([
      [stub, 'LD_LIBRARY_PATH', true],
      [user, 'LD_LIBRARY_PATH', false],
      [cached, 'LD_LIBRARY_PATH', false], // listed once, where the loader meets it first
      [cachedOld, 'ld.so.cache', false],
    ]);
    expect(res.refused).toEqual([stub]);
  });

  it('refuses a link that leads into a stubs folder', async () => {
    const stub = file('toolkit/lib64/stubs/libcuda.so');
    mkdirSync(join(root, 'fixed'), { recursive: true });
    const link = join(root, 'fixed/libcuda.so.1');
    symlinkSync(stub, link);
    const res = await resolveLibrary('libcuda.so.1', { env: { LD_LIBRARY_PATH: join(root, 'fixed') }, ldCachePath: '/nonexistent', arch: 'x64' });
    expect(res.candidates[0]).toMatchObject({ path: link, stub: true, realPath: stub });
    expect(res.refused).toEqual([link]);
  });

  it('works over injected readers (a fixture machine) and searches the default dirs last', async () => {
    const files = new Set(['/usr/lib/x86_64-linux-gnu/libcuda.so.1', '/usr/local/nvidia/lib64/libcuda.so.1', '/etc/ld.so.cache']);
    const cache = buildLdCache([{ soname: 'libcuda.so.1', path: '/usr/local/nvidia/lib64/libcuda.so.1' }]);
    const res = await resolveLibrary('libcuda.so.1', {
      env: {},
      arch: 'x64',
      exists: (p) => files.has(p),
      readFile: async (p) => (p === '/etc/ld.so.cache' ? cache : undefined),
      realPath: (p) => p,
    });
    expect(res.candidates.map((c) => [c.path, c.from])).toEqual([
      ['/usr/local/nvidia/lib64/libcuda.so.1', 'ld.so.cache'],
      ['/usr/lib/x86_64-linux-gnu/libcuda.so.1', 'default'],
    ]);
    expect(res.refused).toEqual([]);
  });

  it('survives readers that throw', async () => {
    const res = await resolveLibrary('libcuda.so.1', {
      env: { LD_LIBRARY_PATH: '/x' },
      exists: () => {
        throw new Error('EACCES');
      },
      readFile: () => {
        throw new Error('EIO');
      },
    });
    expect(res.candidates).toEqual([]);
  });

  it('knows the stub and default-dir rules', () => {
    expect(isStubPath('/usr/local/cuda/lib64/stubs/libcuda.so')).toBe(true);
    expect(isStubPath('/opt/mystubs/libcuda.so.1')).toBe(false);
    // The loader's folders in the order the probe of a package's libraries uses (native/search-order.ts), then the driver's.
    expect(defaultDirs('x64')).toEqual([
      '/lib/x86_64-linux-gnu',
      '/usr/lib/x86_64-linux-gnu',
      '/lib64',
      '/usr/lib64',
      '/lib',
      '/usr/lib',
      '/usr/local/nvidia/lib64',
      '/usr/lib/wsl/lib',
    ]);
    expect(defaultDirs('arm64')).toContain('/usr/lib/aarch64-linux-gnu');
  });
});

describe('loadLibrary', () => {
  it('never hands a stub to dlopen and names the file when dlopen fails', async () => {
    const stub = file('only/stubs/libnvidia-ml.so.1');
    const bad = file('bad/libnvidia-ml.so.1');
    const loaded: string[] = [];
    const koffi = {
      load(path: string) {
        loaded.push(path);
        throw new Error('Failed to load shared library: invalid ELF header');
      },
    } as unknown as typeof import('koffi');
    const env = { LD_LIBRARY_PATH: `${join(root, 'only/stubs')}:${join(root, 'bad')}` };
    const { lib, report } = await loadLibrary(koffi, 'libnvidia-ml.so.1', {
      env,
      ldCachePath: '/nonexistent',
      arch: 'x64',
      exists: (p) => p === stub || p === bad,
    });
    expect(lib).toBeNull();
    expect(loaded).toEqual([bad]);
    expect(report.refused).toEqual([stub]);
    expect(report.loadedPath).toBeNull();
    expect(report.error).toContain(bad);
    expect(report.error).toContain('libnvidia-ml.so.1');
    expect(report.attempts).toEqual([`${bad}: Failed to load shared library: invalid ELF header`]);
  });

  it('says so when only stubs exist, and when nothing exists', async () => {
    const stub = file('s2/stubs/libcuda.so.1');
    const koffi = { load: () => ({}) } as unknown as typeof import('koffi');
    const onlyStub = await loadLibrary(koffi, 'libcuda.so.1', { env: { LD_LIBRARY_PATH: join(root, 's2/stubs') }, exists: (p) => p === stub });
    expect(onlyStub.report.error).toMatch(/only stub libraries/);
    const none = await loadLibrary(koffi, 'libcuda.so.1', { env: {}, exists: () => false });
    expect(none.report).toMatchObject({ candidates: [], loadedPath: null, refused: [] });
    expect(none.report.error).toMatch(/not found in LD_LIBRARY_PATH, ld.so.cache or/);
  });

  it('records the file that really loaded, from /proc/self/maps', async () => {
    const koffi = await import('koffi');
    // libz ships with every Debian/Ubuntu image; the soname link points at the versioned file.
    const { lib, report } = await loadLibrary(koffi, 'libz.so.1');
    if (!lib) return; // a libc without zlib: nothing to check here
    expect(report.loadedPath).toMatch(/libz\.so\.1(\.\d+)+$/);
    expect(mappedFiles().has(report.loadedPath!)).toBe(true);
  });

  it('parses /proc/self/maps lines, paths with spaces and deleted files included', () => {
    const maps = [
      '7f0000000000-7f0000001000 r--p 00000000 08:01 1234 /usr/lib/x86_64-linux-gnu/libcuda.so.580.159.04',
      '7f0000001000-7f0000002000 rw-p 00000000 00:00 0 ',
      '7f0000002000-7f0000003000 r--p 00000000 08:01 99 /opt/my libs/libnvidia-ml.so.1 (deleted)',
      '7ffd00000000-7ffd00001000 rw-p 00000000 00:00 0 [stack]',
    ].join('\n');
    expect([...mappedFiles(maps)]).toEqual(['/usr/lib/x86_64-linux-gnu/libcuda.so.580.159.04', '/opt/my libs/libnvidia-ml.so.1']);
  });
});
