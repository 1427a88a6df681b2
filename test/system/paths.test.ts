import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRealSystem } from '../../src/system/real.js';
import { UsageError } from '../../src/errors.js';

function tree() {
  const root = mkdtempSync(join(tmpdir(), 'gpuenv-root-'));
  mkdirSync(join(root, 'usr/local/cuda-12.4/bin'), { recursive: true });
  writeFileSync(join(root, 'usr/local/cuda-12.4/bin/nvcc'), '');
  mkdirSync(join(root, 'etc/alternatives'), { recursive: true });
  // Absolute targets, as in a real image: they must resolve inside the tree, not on the host.
  symlinkSync('/usr/local/cuda-12.4', join(root, 'etc/alternatives/cuda'));
  symlinkSync('/etc/alternatives/cuda', join(root, 'usr/local/cuda'));
  symlinkSync('../../etc/passwd-outside', join(root, 'usr/local/escape'));
  symlinkSync('loop-b', join(root, 'usr/local/loop-a'));
  symlinkSync('loop-a', join(root, 'usr/local/loop-b'));
  return root;
}

describe('a --root tree', () => {
  it('resolves absolute links inside the root', async () => {
    const sys = await createRealSystem({ root: tree(), env: { PATH: '/usr/bin' } });
    expect(await sys.realPath('/usr/local/cuda/bin/nvcc')).toBe('/usr/local/cuda-12.4/bin/nvcc');
    expect((await sys.stat('/usr/local/cuda/bin/nvcc'))?.kind).toBe('file');
    expect(await sys.readFile('/usr/local/cuda/bin/nvcc')).toBe('');
  });

  it('does not loop forever on a link cycle, and does not escape the root', async () => {
    const sys = await createRealSystem({ root: tree(), env: {} });
    expect(await sys.realPath('/usr/local/loop-a')).toBeUndefined();
    expect(await sys.realPath('/usr/local/escape')).toBeUndefined();
  });

  it('runs no host program and loads no host library, and ignores the host environment', async () => {
    const sys = await createRealSystem({ root: tree(), env: { PATH: '/usr/bin', SECRET_TOKEN: 'x' } });
    expect(sys.env).toEqual({});
    expect((await sys.run('sh', ['-c', 'echo hi'])).notFound).toBe(true);
    expect(await sys.probeNative({ timeoutMs: 1000 })).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('rejects a missing folder or a file with a usage error', async () => {
    await expect(createRealSystem({ root: '/no/such/dir', env: {} })).rejects.toBeInstanceOf(UsageError);
    await expect(createRealSystem({ root: '/etc/hostname', env: {} })).rejects.toThrow(/not a folder/);
  });
});
