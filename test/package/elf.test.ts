import { describe, expect, it } from 'vitest';
import { elfInfo, newestGlibc } from '../../scripts/package/elf.mjs';

const koffiNode = new URL(`../../node_modules/@koromix/koffi-linux-${process.arch}/linux_${process.arch}/koffi.node`, import.meta.url).pathname;

describe('elfInfo', () => {
  it('reads the machine and the newest GLIBC_ version a real shared object needs', () => {
    const info = elfInfo(koffiNode);
    expect(info.machine).toBe(process.arch === 'arm64' ? 183 : 62);
    expect(info.glibc).not.toBeNull();
    expect(info.glibc![0]).toBe(2);
    expect(info.glibc![1]).toBeGreaterThanOrEqual(17);
  });

  it('refuses what is not an ELF', () => {
    expect(() => elfInfo(new URL('../../package.json', import.meta.url).pathname)).toThrow(/not an ELF/);
  });

  it('takes the newest of several needs, 2.17 when none is known', () => {
    expect(newestGlibc([[2, 17], [2, 28], null, [2, 25]])).toEqual([2, 28]);
    expect(newestGlibc([null])).toEqual([2, 17]);
  });
});
