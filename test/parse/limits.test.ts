// parse/limits.ts: the /dev/shm row of pasted `df` output, in the units df prints it. Rows composed here in the
// layouts of GNU coreutils and busybox df.
import { describe, expect, it } from 'vitest';
import { bytesOf, parseLimits } from '../../src/parse/limits.js';

const shm = (text: string) => parseLimits(text.split('\n')).facts.limits.shm;
const MiB = 2 ** 20;

describe('parseLimits: df rows of /dev/shm', () => {
  const rows: { name: string; text: string; total: number; free: number }[] = [
    {
      name: 'df -h in a Docker container',
      text: 'Filesystem      Size  Used Avail Use% Mounted on\nshm              64M     0   64M   0% /dev/shm',
      total: 64 * MiB,
      free: 64 * MiB,
    },
    { name: 'df -h, full', text: 'Filesystem      Size  Used Avail Use% Mounted on\nshm              64M   64M     0 100% /dev/shm', total: 64 * MiB, free: 0 },
    {
      name: 'df -h on a host',
      text: 'Filesystem      Size  Used Avail Use% Mounted on\ntmpfs            32G  1.2G   31G   4% /dev/shm',
      total: 32 * 2 ** 30,
      free: 31 * 2 ** 30,
    },
    {
      name: 'df (1K-blocks), the default unit',
      text: 'Filesystem     1K-blocks  Used Available Use% Mounted on\nshm                65536     0     65536   0% /dev/shm',
      total: 64 * MiB,
      free: 64 * MiB,
    },
    {
      name: 'df -B1',
      text: 'Filesystem       1B-blocks  Used   Available Use% Mounted on\ntmpfs          25275990016     0 25275990016   0% /dev/shm',
      total: 25275990016,
      free: 25275990016,
    },
    {
      name: 'df -m',
      text: 'Filesystem     1M-blocks  Used Available Use% Mounted on\nshm                  64     1        63   2% /dev/shm',
      total: 64 * MiB,
      free: 63 * MiB,
    },
    {
      name: 'df -P (1024-blocks)',
      text: 'Filesystem     1024-blocks  Used Available Capacity Mounted on\nshm                  65536     0     65536       0% /dev/shm',
      total: 64 * MiB,
      free: 64 * MiB,
    },
    {
      name: 'df -hT (a Type column)',
      text: 'Filesystem     Type   Size  Used Avail Use% Mounted on\nshm            tmpfs   64M     0   64M   0% /dev/shm',
      total: 64 * MiB,
      free: 64 * MiB,
    },
    {
      name: 'df -h with a decimal size',
      text: 'Filesystem      Size  Used Avail Use% Mounted on\nshm             2.0G     0  2.0G   0% /dev/shm',
      total: 2 * 2 ** 30,
      free: 2 * 2 ** 30,
    },
    { name: 'no header: 1K-blocks', text: 'shm                65536     0     65536   0% /dev/shm', total: 64 * MiB, free: 64 * MiB },
  ];
  for (const row of rows) {
    it(row.name, () => {
      expect(shm(row.text)).toEqual({ value: { totalBytes: row.total, freeBytes: row.free, tmpfs: true }, source: 'pasted:df' });
    });
  }

  it('other mounts, /dev/shm named in prose, or a file under /dev/shm are no size of /dev/shm', () => {
    expect(shm('Filesystem      Size  Used Avail Use% Mounted on\noverlay         100G   20G   80G  20% /')).toBeUndefined();
    expect(shm('increase /dev/shm with --shm-size 16g')).toBeUndefined();
    expect(shm('NCCL WARN Error while creating shared memory segment /dev/shm/nccl-x (size 9637888)')).toBeUndefined();
    expect(shm('tmpfs 64M 0 64M 0% /dev/shm/sub')).toBeUndefined();
  });

  it('the first /dev/shm row counts (two df runs: before and after)', () => {
    const text =
      'Filesystem      Size  Used Avail Use% Mounted on\nshm              64M     0   64M   0% /dev/shm\nshm              16G     0   16G   0% /dev/shm';
    expect(shm(text)?.value.totalBytes).toBe(64 * MiB);
  });
});

describe('bytesOf', () => {
  it('reads df sizes', () => {
    expect(bytesOf('64M', 1024)).toBe(64 * MiB);
    expect(bytesOf('1,5G', 1024)).toBe(1.5 * 2 ** 30);
    expect(bytesOf('0', 1024)).toBe(0);
    expect(bytesOf('10', 1)).toBe(10);
    expect(bytesOf('12Q', 1024)).toBeUndefined();
  });
});
