import { describe, expect, it } from 'vitest';
import { loaderView, searchOrder } from '../../src/native/search-order.js';
import { LD_CACHE_FLAGS, type LdCacheEntry } from '../../src/formats/ldcache.js';

const entry = (soname: string, path: string, arch = 'x86-64', hwcap?: string): LdCacheEntry => ({
  soname,
  path,
  flags: LD_CACHE_FLAGS.x8664,
  arch,
  ...(hwcap ? { hwcap } : {}),
});

describe('the loader search order', () => {
  const cache = [
    entry('libcudnn.so.9', '/usr/lib/i386-linux-gnu/libcudnn.so.9', ''),
    entry('libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/glibc-hwcaps/x86-64-v3/libcudnn.so.9', 'x86-64', '0x1'),
    entry('libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9'),
    entry('libcudart.so.12', '/usr/local/cuda/lib64/libcudart.so.12'),
  ];
  const view = loaderView({ LD_LIBRARY_PATH: '/opt/a::relative:/opt/b;/opt/c' }, 'x64', cache);

  it('RPATH only without RUNPATH, then LD_LIBRARY_PATH, RUNPATH, the cache of this ABI, the default folders', () => {
    const order = searchOrder('libcudnn.so.9', view, { rpath: ['/r'], runpath: ['/run'] });
    expect(order.slice(0, 6)).toEqual([
      { path: '/opt/a/libcudnn.so.9', via: 'LD_LIBRARY_PATH' },
      { path: '/opt/b/libcudnn.so.9', via: 'LD_LIBRARY_PATH' },
      { path: '/opt/c/libcudnn.so.9', via: 'LD_LIBRARY_PATH' },
      { path: '/run/libcudnn.so.9', via: 'runpath' },
      { path: '/usr/lib/x86_64-linux-gnu/libcudnn.so.9', via: 'ld.so.cache' },
      { path: '/lib/x86_64-linux-gnu/libcudnn.so.9', via: 'default-dirs' },
    ]);
    expect(searchOrder('libcudnn.so.9', view, { rpath: ['/r'], runpath: null })[0]).toEqual({ path: '/r/libcudnn.so.9', via: 'rpath' });
  });

  it('a dlopen by a program has no RPATH or RUNPATH', () => {
    expect(searchOrder('libcudart.so.12', loaderView({}, 'x64', cache)).map((c) => c.via)).toEqual(['ld.so.cache', ...Array(6).fill('default-dirs')]);
  });
});
