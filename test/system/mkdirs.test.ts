import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirs, makeDirsSync } from '../../src/system/mkdirs.js';

const dir = mkdtempSync(join(tmpdir(), 'gpuenv-mkdirs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('makeDirs', () => {
  it('makes every missing level with the mode asked and accepts existing ones', async () => {
    makeDirsSync(join(dir, 'a', 'b', 'c'), 0o700);
    expect(statSync(join(dir, 'a', 'b', 'c')).mode & 0o777).toBe(0o700);
    makeDirsSync(join(dir, 'a', 'b', 'c'), 0o700);
    await makeDirs(join(dir, 'x', 'y'));
    expect(existsSync(join(dir, 'x', 'y'))).toBe(true);
  });

  it('fails (does not loop) when a level is a file', async () => {
    writeFileSync(join(dir, 'file'), '');
    expect(() => makeDirsSync(join(dir, 'file', 'sub'))).toThrow(/ENOTDIR/);
    await expect(makeDirs(join(dir, 'file', 'sub'))).rejects.toThrow(/ENOTDIR/);
  });

  // Node's own recursive mkdir never returns here (HOME=/proc of a root health check).
  it.skipIf(!existsSync('/proc/self'))("fails at once under /proc, where Node's recursive mkdir hangs", async () => {
    const t = performance.now();
    expect(() => makeDirsSync('/proc/.cache/gpuenv/x')).toThrow(/ENOENT|EACCES|EPERM/);
    await expect(makeDirs('/proc/.cache/gpuenv/x')).rejects.toThrow(/ENOENT|EACCES|EPERM/);
    expect(performance.now() - t).toBeLessThan(2000);
  });
});
