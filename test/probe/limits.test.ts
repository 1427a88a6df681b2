// probe/limits.ts: /dev/shm through statfs, RLIMIT_MEMLOCK from /proc/self/limits, RDMA adapters from sysfs; on
// fixture machines, on a mounted root, and on this machine against `df` and /proc themselves.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createProbeContext } from '../../src/probe/context.js';
import { parseMemlockLine, probeLimits } from '../../src/probe/limits.js';
import { parseLimits } from '../../src/parse/limits.js';
import { createRealSystem } from '../../src/system/real.js';
import { machinesDir, snapshotOf } from '../helpers/machines.js';

describe('parseMemlockLine', () => {
  it('reads soft and hard bytes, or unlimited', () => {
    expect(parseMemlockLine('Max locked memory         8388608              8388608              bytes     \n')).toEqual({
      softBytes: 8388608,
      hardBytes: 8388608,
    });
    expect(parseMemlockLine('Max stack size 8388608 unlimited bytes\nMax locked memory         65536                unlimited            bytes\n')).toEqual({
      softBytes: 65536,
      hardBytes: 'unlimited',
    });
    expect(parseMemlockLine('Max locked memory         unlimited            unlimited            bytes     ')).toEqual({
      softBytes: 'unlimited',
      hardBytes: 'unlimited',
    });
  });

  it('is nothing for another row, a garbled row or a number too large to hold', () => {
    expect(parseMemlockLine('Max locked memory         lots                 lots                 bytes')).toBeUndefined();
    expect(parseMemlockLine('Max resident set          unlimited            unlimited            bytes')).toBeUndefined();
    expect(parseMemlockLine('')).toBeUndefined();
    // 2^64 - 1 printed as a number is no limit a process can reach.
    expect(parseMemlockLine('Max locked memory 18446744073709551615 18446744073709551615 bytes')).toEqual({ softBytes: 'unlimited', hardBytes: 'unlimited' });
  });
});

describe('probeLimits on fixture machines', () => {
  it('container-small-shm: the 64 MiB tmpfs, 8 MiB memlock and mlx5_0', async () => {
    const s = await snapshotOf('container-small-shm', 300);
    expect(s.limits).toEqual({
      shm: { value: { totalBytes: 64 * 2 ** 20, freeBytes: 60 * 2 ** 20, tmpfs: true }, source: 'statfs:/dev/shm' },
      memlock: { value: { softBytes: 8 * 2 ** 20, hardBytes: 8 * 2 ** 20 }, source: 'file:/proc/self/limits' },
      rdmaDevices: { value: ['mlx5_0'], source: 'dir:/sys/class/infiniband' },
    });
  });

  it('a machine that records no statfs, no /proc/self/limits and no /sys/class knows none of them', async () => {
    const s = await snapshotOf('hgx-no-fabric-manager', 300);
    expect(s.limits).toEqual({ shm: null, memlock: null, rdmaDevices: null });
  });

  it('a mounted root: no statfs of the image, and its empty /proc tells no limit', async () => {
    const sys = await createRealSystem({ root: `${machinesDir}/container-small-shm/root`, env: {} });
    expect(await sys.statfs?.('/dev/shm')).toBeUndefined();
    const limits = await probeLimits(createProbeContext(sys, 300));
    expect(limits.shm).toBeNull();
    // The tree's own /proc/self/limits is a file of the tree: read as it stands.
    expect(limits.memlock?.value.softBytes).toBe(8 * 2 ** 20);
  });
});

describe.runIf(process.platform === 'linux' && existsSync('/dev/shm'))('probeLimits on this machine', () => {
  it('/dev/shm agrees with df -B1, memlock with the /proc/self/limits row of this process', async () => {
    const limits = await probeLimits(createProbeContext(await createRealSystem({ env: process.env }), 2_000));
    const df = parseLimits(execFileSync('df', ['-B1', '/dev/shm'], { encoding: 'utf8', timeout: 5_000 }).split('\n')).facts.limits.shm;
    expect(df).toBeDefined();
    expect(limits.shm?.value.totalBytes).toBe(df!.value.totalBytes);
    expect(limits.shm?.source).toBe('statfs:/dev/shm');
    const row = readFileSync('/proc/self/limits', 'utf8');
    expect(limits.memlock?.value).toEqual(parseMemlockLine(row));
    // A readable sysfs always answers: the adapters, or none.
    if (existsSync('/sys/class')) expect(limits.rdmaDevices?.value).toEqual(existsSync('/sys/class/infiniband') ? expect.any(Array) : []);
  });
});
