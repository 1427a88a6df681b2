import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { archOfFlags, buildLdCache, LD_CACHE_FLAGS, parseLdCache, parseLdconfigListing } from '../../src/formats/ldcache.js';

const fixtures = new URL('../fixtures/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, fixtures));

/** Lines of `ldconfig -p` as the parsed entries would print them. */
function asListing(entries: ReturnType<typeof parseLdCache>): string[] {
  return entries.map((e) => `\t${e.soname} (libc6${e.arch ? `,${e.arch}` : ''}${e.hwcap ? `, hwcap: ${e.hwcap}` : ''}) => ${e.path}`);
}

describe('parseLdCache', () => {
  it('reads a real glibc 2.36 cache exactly as ldconfig -p lists it', () => {
    const entries = parseLdCache(read('ldcache/debian12-x86_64.ld.so.cache'));
    const listing = read('ldcache/debian12-x86_64.ldconfig-p.txt')
      .toString('utf8')
      .split('\n')
      .filter((l) => l.startsWith('\t'));
    expect(entries).toHaveLength(536);
    expect(asListing(entries)).toEqual(listing);
    expect(entries[0]).toEqual({ soname: 'libz3.so.4', path: '/lib/x86_64-linux-gnu/libz3.so.4', flags: 0x0303, arch: 'x86-64' });
  });

  it('round-trips the H200 listing through buildLdCache in order', () => {
    const text = read('ldcache/h200-ldconfig-p.txt').toString('utf8');
    const input = parseLdconfigListing(text);
    expect(input.length).toBe(180);
    const entries = parseLdCache(buildLdCache(input));
    expect(entries.map((e) => [e.soname, e.path, e.arch])).toEqual(input.map((e) => [e.soname, e.path, e.arch]));
    const nvml = entries.filter((e) => e.soname === 'libnvidia-ml.so.1').map((e) => e.path);
    expect(nvml).toEqual(['/usr/local/nvidia/lib64/libnvidia-ml.so.1', '/lib/libnvidia-ml.so.1']);
  });

  it('reads the compat layout: old "ld.so-1.7.0" entries with the new format hidden after them', () => {
    const entries = [
      { soname: 'libcuda.so.1', path: '/usr/lib/x86_64-linux-gnu/libcuda.so.1' },
      { soname: 'libc.so.6', path: '/lib/x86_64-linux-gnu/libc.so.6' },
    ];
    const compat = compatCache(entries);
    expect(parseLdCache(compat).map((e) => e.path)).toEqual(entries.map((e) => e.path));
    // An old-format-only file (new part cut off) still parses through the old entries.
    const oldOnly = compatCache(entries, { corruptNew: true });
    expect(parseLdCache(oldOnly).map((e) => [e.soname, e.path])).toEqual(entries.map((e) => [e.soname, e.path]));
  });

  it('returns [] on garbage and never throws', () => {
    expect(parseLdCache(new Uint8Array())).toEqual([]);
    expect(parseLdCache(new TextEncoder().encode('not a cache at all'))).toEqual([]);
    const truncated = buildLdCache([{ soname: 'libx.so.1', path: '/x/libx.so.1' }]).subarray(0, 60);
    expect(parseLdCache(truncated)).toEqual([]);
    const huge = buildLdCache([{ soname: 'libx.so.1', path: '/x/libx.so.1' }]);
    new DataView(huge.buffer).setUint32(20, 0xffffffff, true);
    expect(parseLdCache(huge)).toEqual([]);
    const badString = buildLdCache([{ soname: 'libx.so.1', path: '/x/libx.so.1' }]);
    new DataView(badString.buffer).setUint32(48 + 8, 0x7fffffff, true);
    expect(parseLdCache(badString)).toEqual([]);
    for (let seed = 1; seed < 50; seed++) {
      const noise = buildLdCache([{ soname: 'liby.so', path: '/y' }]);
      for (let i = 20; i < noise.length; i += 1 + (seed % 7)) noise[i] = (noise[i]! * seed + 31) & 0xff;
      expect(() => parseLdCache(noise)).not.toThrow();
    }
  });

  it('names ABIs as ldconfig does, aarch64 as uname does', () => {
    expect(archOfFlags(LD_CACHE_FLAGS.x8664)).toBe('x86-64');
    expect(archOfFlags(LD_CACHE_FLAGS.aarch64)).toBe('aarch64');
    expect(archOfFlags(0x0803)).toBe('x32');
    expect(archOfFlags(0x0003)).toBe('');
    const built = parseLdCache(buildLdCache([{ soname: 'libcuda.so.1', path: '/usr/lib/aarch64-linux-gnu/libcuda.so.1', arch: 'aarch64' }]));
    expect(built[0]?.flags).toBe(0x0a03);
  });
});

/** A cache as old ldconfig (--format=compat) wrote it. */
function compatCache(entries: { soname: string; path: string }[], options: { corruptNew?: boolean } = {}): Uint8Array {
  const fresh = buildLdCache(entries);
  const oldHeader = 16;
  const oldEnd = oldHeader + entries.length * 12;
  const newStart = (oldEnd + 7) & ~7;
  const out = new Uint8Array(newStart + fresh.length);
  out.set(new TextEncoder().encode('ld.so-1.7.0'), 0);
  const view = new DataView(out.buffer);
  view.setUint32(12, entries.length, true);
  out.set(fresh, newStart);
  const freshView = new DataView(fresh.buffer);
  entries.forEach((_, i) => {
    // Old string offsets count from the end of the old entries; point them at the new string table.
    const key = freshView.getUint32(48 + i * 24 + 4, true);
    const value = freshView.getUint32(48 + i * 24 + 8, true);
    view.setInt32(oldHeader + i * 12, 0x0303, true);
    view.setUint32(oldHeader + i * 12 + 4, newStart - oldEnd + key, true);
    view.setUint32(oldHeader + i * 12 + 8, newStart - oldEnd + value, true);
  });
  if (options.corruptNew) out[newStart] = 0x58;
  return out;
}
