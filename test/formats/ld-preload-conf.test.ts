// The loader's preload lists and configuration files, as glibc reads them (elf/rtld.c, elf/ldconfig.c).
import { describe, expect, it } from 'vitest';
import { parseLdSoPreload, splitLdPreload } from '../../src/formats/ld-preload.js';
import { globPartMatches, parseLdSoConf } from '../../src/formats/ld-so-conf.js';

describe('preload lists', () => {
  it('LD_PRELOAD splits on spaces and colons, empty items dropped', () => {
    expect(splitLdPreload('/a/libcuda.so.1 libjemalloc.so.2::/b/x.so ')).toEqual(['/a/libcuda.so.1', 'libjemalloc.so.2', '/b/x.so']);
    expect(splitLdPreload('')).toEqual([]);
  });

  it('/etc/ld.so.preload: white space or colons between names, # to the end of a line is a comment', () => {
    expect(parseLdSoPreload('# site\n/usr/lib/libcudnn.so.8 /usr/lib/libfoo.so # trailing\n\t/x.so:/y.so\n')).toEqual([
      '/usr/lib/libcudnn.so.8',
      '/usr/lib/libfoo.so',
      '/x.so',
      '/y.so',
    ]);
  });
});

describe('ld.so.conf', () => {
  it('folders one per line, includes made absolute against the file, hwcap and comments skipped, =TYPE and trailing / dropped', () => {
    const conf = parseLdSoConf(
      'include ld.so.conf.d/*.conf /opt/extra.conf\n# c\n/usr/local/cuda/compat/   # hand\nHWCAP 0 nosegneg\n/usr/lib/libc5=libc5\n',
      '/etc',
    );
    expect(conf.includes).toEqual(['/etc/ld.so.conf.d/*.conf', '/opt/extra.conf']);
    expect(conf.dirs).toEqual([
      { dir: '/usr/local/cuda/compat', line: '/usr/local/cuda/compat/' },
      { dir: '/usr/lib/libc5', line: '/usr/lib/libc5=libc5' },
    ]);
  });

  it('include patterns match as glob(3) does on the last part', () => {
    expect(globPartMatches('*.conf', 'cuda-compat.conf')).toBe(true);
    expect(globPartMatches('*.conf', 'cuda.conf.bak')).toBe(false);
    expect(globPartMatches('*.conf', '.hidden.conf')).toBe(false);
    expect(globPartMatches('[0-9]?-cuda.conf', '00-cuda.conf')).toBe(true);
    expect(globPartMatches('x.conf', 'xyconf')).toBe(false);
  });
});
