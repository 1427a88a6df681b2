// --global and undo on private copies of the fixture machines: the links really change, atomically.
import { lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { switchDefaults } from '../../src/commands/cuda.js';
import { cuda, writableCopy } from './helpers.js';

/** lstat, not exists: the links' absolute targets only resolve inside the fixture root. */
const present = (p: string) => {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
};
const link = (dir: string, p: string) => readlinkSync(join(dir, 'root', p));
const state = (dir: string) => JSON.parse(readFileSync(join(dir, 'root/var/lib/gpuenv/cuda-switch.json'), 'utf8'));

afterEach(() => {
  switchDefaults.canWrite = undefined;
  switchDefaults.now = undefined;
});

describe('gpuenv cuda use --global on a plain /usr/local/cuda link', () => {
  it('--dry-run shows the steps and changes nothing', async () => {
    const dir = writableCopy('cuda-interrupted');
    const r = await cuda(dir, ['use', '12.6', '--global', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Would point /usr/local/cuda at /usr/local/cuda-12.6 (now: /usr/local/cuda-11.8).');
    expect(r.out).toContain(
      `ln -sfn '/usr/local/cuda-12.6' '${dir}/root/usr/local/.cuda.gpuenv-tmp' && mv -T '${dir}/root/usr/local/.cuda.gpuenv-tmp' '${dir}/root/usr/local/cuda'`,
    );
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-11.8');
    expect(present(join(dir, 'root/usr/local/.cuda.gpuenv-tmp'))).toBe(true);
  });

  it('repairs the interrupted switch first, then switches and records the previous target; undo restores it', async () => {
    const dir = writableCopy('cuda-interrupted');
    switchDefaults.now = () => new Date('2026-11-30T00:00:00.000Z');
    const r = await cuda(dir, ['use', '12.6', '--global']);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      'Repaired an interrupted switch: removed the leftover link /usr/local/.cuda.gpuenv-tmp; dropped the unfinished switch of /usr/local/cuda to /usr/local/cuda-12.4',
    );
    expect(r.out).toContain('/usr/local/cuda now points at /usr/local/cuda-12.6 (was: /usr/local/cuda-11.8). Undo with: gpuenv cuda undo');
    expect(r.err).toContain('eval "$(gpuenv cuda use 12.6)"');
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-12.6');
    expect(lstatSync(join(dir, 'root/usr/local/cuda')).isSymbolicLink()).toBe(true);
    expect(present(join(dir, 'root/usr/local/.cuda.gpuenv-tmp'))).toBe(false);
    expect(state(dir).switches.map((s: { previous: string; target: string; status: string }) => `${s.previous}→${s.target} ${s.status}`)).toEqual([
      '/usr/local/cuda-12.6→/usr/local/cuda-11.8 done',
      '/usr/local/cuda-11.8→/usr/local/cuda-12.6 done',
    ]);

    const u = await cuda(dir, ['undo']);
    expect(u.code).toBe(0);
    expect(u.out).toContain('/usr/local/cuda points at /usr/local/cuda-11.8 again.');
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-11.8');
    // The older switch can be undone in turn.
    const u2 = await cuda(dir, ['undo', '--dry-run']);
    expect(u2.out).toContain('Would point /usr/local/cuda back at /usr/local/cuda-12.6 (now: /usr/local/cuda-11.8).');
    expect((await cuda(dir, ['undo'])).code).toBe(0);
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-12.6');
    const none = await cuda(dir, ['undo']);
    expect(none.code).toBe(1);
    expect(none.err).toContain('no recorded switch to undo');
  });

  it('undo alone repairs the interrupted switch, then undoes the last finished one', async () => {
    const dir = writableCopy('cuda-interrupted');
    const u = await cuda(dir, ['undo']);
    expect(u.code).toBe(0);
    expect(u.err).toContain('Repaired an interrupted switch');
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-12.6');
  });

  it('a pending record whose rename did happen is completed, not dropped', async () => {
    const dir = writableCopy('cuda-interrupted');
    rmSync(join(dir, 'root/usr/local/cuda'));
    rmSync(join(dir, 'root/usr/local/.cuda.gpuenv-tmp'));
    // The crash came after the rename and before the record was marked done.
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/usr/local/cuda-12.4', join(dir, 'root/usr/local/cuda'));
    const r = await cuda(dir, ['undo']);
    expect(r.err).toContain('recorded the finished switch of /usr/local/cuda to /usr/local/cuda-12.4');
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-11.8');
  });

  it('already there: nothing to change', async () => {
    const dir = writableCopy('cuda-three');
    const r = await cuda(dir, ['use', '12.4', '--global']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('/etc/alternatives/cuda already points at /usr/local/cuda-12.4; nothing to change.');
  });

  it('undo refuses when the link was changed by someone else since', async () => {
    const dir = writableCopy('cuda-interrupted');
    expect((await cuda(dir, ['use', '12.6', '--global'])).code).toBe(0);
    rmSync(join(dir, 'root/usr/local/cuda'));
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/usr/local/cuda-12.4', join(dir, 'root/usr/local/cuda'));
    const r = await cuda(dir, ['undo']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('/usr/local/cuda now points at /usr/local/cuda-12.4, not at /usr/local/cuda-12.6 as the last switch left it; not undoing.');
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-12.4');
  });

  it('a real folder at /usr/local/cuda is never replaced', async () => {
    const dir = writableCopy('cuda-interrupted');
    rmSync(join(dir, 'root/usr/local/cuda'));
    mkdirSync(join(dir, 'root/usr/local/cuda/bin'), { recursive: true });
    writeFileSync(join(dir, 'root/usr/local/cuda/version.json'), '{"cuda":{"version":"10.2.89"}}');
    const r = await cuda(dir, ['use', '12.4', '--global']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('/usr/local/cuda is a real folder, not a link; gpuenv will not replace it.');
    expect(lstatSync(join(dir, 'root/usr/local/cuda')).isDirectory()).toBe(true);
  });

  it('a missing /usr/local/cuda is created, and undo removes it again', async () => {
    const dir = writableCopy('cuda-interrupted');
    rmSync(join(dir, 'root/usr/local/cuda'));
    rmSync(join(dir, 'root/var/lib/gpuenv'), { recursive: true });
    expect((await cuda(dir, ['use', '12.4', '--global'])).code).toBe(0);
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-12.4');
    const u = await cuda(dir, ['undo']);
    expect(u.out).toContain('/usr/local/cuda removed (it did not exist before the switch).');
    expect(present(join(dir, 'root/usr/local/cuda'))).toBe(false);
  });

  it('without write permission: prints the exact sudo commands, exits 1, changes nothing', async () => {
    const dir = writableCopy('cuda-interrupted');
    switchDefaults.canWrite = async () => false;
    const r = await cuda(dir, ['use', '12.6', '--global']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('no permission to change /usr/local/cuda; run it as root:');
    expect(r.err).toContain("sudo gpuenv cuda use '12.6' --global");
    expect(r.err).toContain(`sudo ln -sfn '/usr/local/cuda-12.6' '${dir}/root/usr/local/.cuda.gpuenv-tmp' && sudo mv -T`);
    expect(link(dir, '/usr/local/cuda')).toBe('/usr/local/cuda-11.8');
    expect(present(join(dir, 'root/usr/local/.cuda.gpuenv-tmp'))).toBe(true);
  });
});

describe('gpuenv cuda use --global with update-alternatives', () => {
  it('repoints /etc/alternatives/cuda, leaves /usr/local/cuda → /etc/alternatives/cuda, and says how to register', async () => {
    const dir = writableCopy('cuda-three');
    const r = await cuda(dir, ['use', '11.8', '--global']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('/usr/local/cuda is managed by update-alternatives; gpuenv repoints the alternative link /etc/alternatives/cuda.');
    expect(r.out).toContain('/etc/alternatives/cuda now points at /usr/local/cuda-11.8 (was: /usr/local/cuda-12.4).');
    expect(r.out).toContain('update-alternatives --install /usr/local/cuda cuda /usr/local/cuda-11.8 118');
    expect(link(dir, '/usr/local/cuda')).toBe('/etc/alternatives/cuda');
    expect(link(dir, '/etc/alternatives/cuda')).toBe('/usr/local/cuda-11.8');
    expect(present(join(dir, 'root/etc/alternatives/.cuda.gpuenv-tmp'))).toBe(false);
    const list = JSON.parse((await cuda(dir, ['list', '--json'])).out);
    expect(list.symlink.target).toBe('/usr/local/cuda-11.8');
    expect(list.lastSwitch).toEqual(
      expect.objectContaining({ link: '/etc/alternatives/cuda', previous: '/usr/local/cuda-12.4', target: '/usr/local/cuda-11.8' }),
    );
    expect((await cuda(dir, ['undo'])).code).toBe(0);
    expect(link(dir, '/etc/alternatives/cuda')).toBe('/usr/local/cuda-12.4');
  });

  it('a registered alternative gets the `update-alternatives --set` command', async () => {
    const dir = writableCopy('cuda-three');
    writeFileSync(join(dir, 'root/var/lib/dpkg/alternatives/cuda'), 'auto\n/usr/local/cuda\n\n/usr/local/cuda-11.8\n118\n/usr/local/cuda-12.4\n124\n\n');
    const r = await cuda(dir, ['use', '11.8', '--global', '--dry-run']);
    expect(r.out).toContain('update-alternatives --set cuda /usr/local/cuda-11.8');
    expect(link(dir, '/etc/alternatives/cuda')).toBe('/usr/local/cuda-12.4');
  });

  it('--shell and --global do not mix', async () => {
    const dir = writableCopy('cuda-three');
    expect((await cuda(dir, ['use', '11.8', '--global', '--shell', 'bash'])).code).toBe(2);
  });
});

describe('a leftover folder at the temporary name', () => {
  it('an empty one is removed like a leftover link; one with files is reported (exit 2), never an exit 3', async () => {
    const dir = writableCopy('cuda-interrupted');
    const temp = join(dir, 'root/usr/local/.cuda.gpuenv-tmp');
    rmSync(temp, { force: true });
    mkdirSync(temp);
    const ok = await cuda(dir, ['use', '12.6', '--global']);
    expect(ok.code).toBe(0);
    expect(present(temp)).toBe(false);

    const again = writableCopy('cuda-interrupted');
    const full = join(again, 'root/usr/local/.cuda.gpuenv-tmp');
    rmSync(full, { force: true });
    mkdirSync(full);
    writeFileSync(join(full, 'notes.txt'), 'mine');
    const r = await cuda(again, ['use', '12.6', '--global']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      '/usr/local/.cuda.gpuenv-tmp is a folder with files in it, where an interrupted switch leaves only a link: gpuenv does not delete it.',
    );
    expect(readFileSync(join(full, 'notes.txt'), 'utf8')).toBe('mine');
    expect(link(again, '/usr/local/cuda')).toBe('/usr/local/cuda-11.8');
  });
});
