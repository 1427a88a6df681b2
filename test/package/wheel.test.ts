// The wheel and its launcher, for real: built from a stand-in executable (a shell script that reports
// what it was given), installed with pip --no-index into a fresh venv, run through the console script
// and `python -m gpuenv`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWheel, platformTag } from '../../scripts/package/wheel.mjs';

const root = new URL('../..', import.meta.url).pathname;
const hasVenv = spawnSync('python3', ['-c', 'import venv, ensurepip'], { timeout: 20_000 }).status === 0;
const machine = process.arch === 'arm64' ? 'aarch64' : 'x86_64';
const other = machine === 'x86_64' ? 'aarch64' : 'x86_64';
const work = mkdtempSync(join(tmpdir(), 'gpuenv-wheel-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const standIn = Buffer.from('#!/bin/sh\necho "args:$#:$*"\necho "stdin:$(cat)"\ncase "$1" in exit) exit "$2";; esac\n');

function wheelFile(name: string, m: string, glibc: [number, number]): string {
  const w = buildWheel({
    root,
    version: '9.8.7',
    machine: m,
    glibc,
    executable: standIn,
    summary: 's',
    readme: 'r',
    licenses: [{ name: 'L.txt', text: 'MIT' }],
  });
  const file = join(work, name, w.name);
  spawnSync('mkdir', ['-p', join(work, name)]);
  writeFileSync(file, w.data);
  return file;
}

function zipInfo(file: string): Record<string, { mode: number; size: number }> {
  const r = spawnSync(
    'python3',
    [
      '-c',
      'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps({i.filename: {"mode": i.external_attr >> 16, "size": i.file_size} for i in z.infolist()})); z.testzip()',
      file,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(r.stdout) as Record<string, { mode: number; size: number }>;
}

describe('platform tag', () => {
  it('names the glibc the executable needs (PEP 600)', () => {
    expect(platformTag('x86_64', [2, 28])).toBe('manylinux_2_28_x86_64');
    expect(platformTag('aarch64', [2, 17])).toBe('manylinux_2_17_aarch64');
  });
});

describe.skipIf(!hasVenv)('the wheel, installed with pip into a fresh venv', () => {
  const venv = join(work, 'venv');
  let wheel: string;
  beforeAll(() => {
    wheel = wheelFile('ok', machine, [2, 17]);
    expect(spawnSync('python3', ['-m', 'venv', venv], { timeout: 120_000 }).status).toBe(0);
    const pip = spawnSync(join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--no-index', '--no-deps', '-q', wheel], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(pip.stderr).not.toMatch(/error/i);
    expect(pip.status).toBe(0);
  }, 180_000);

  it('is a valid zip with the executable bit on the executable and a RECORD pip accepted', () => {
    const info = zipInfo(wheel);
    expect(info['gpuenv/bin/gpuenv']!.mode & 0o777).toBe(0o755);
    expect(Object.keys(info)).toEqual(
      expect.arrayContaining([
        'gpuenv/__init__.py',
        'gpuenv/__main__.py',
        'gpuenv/_launcher.py',
        'gpuenv/_target.py',
        'gpuenv-9.8.7.dist-info/RECORD',
        'gpuenv-9.8.7.dist-info/WHEEL',
        'gpuenv-9.8.7.dist-info/entry_points.txt',
      ]),
    );
  });

  it('the console script passes arguments, stdin and the exit code through', () => {
    const r = spawnSync(join(venv, 'bin', 'gpuenv'), ['exit', '7', 'a b'], { input: 'piped text', encoding: 'utf8' });
    expect(r.stdout).toBe('args:3:exit 7 a b\nstdin:piped text\n');
    expect(r.status).toBe(7);
  });

  it('python -m gpuenv does the same, and gpuenv.__version__ is the wheel version', () => {
    const r = spawnSync(join(venv, 'bin', 'python'), ['-m', 'gpuenv', 'hello'], { input: '', encoding: 'utf8' });
    expect(r.stdout).toBe('args:1:hello\nstdin:\n');
    expect(r.status).toBe(0);
    const v = spawnSync(join(venv, 'bin', 'python'), ['-c', 'import gpuenv; print(gpuenv.__version__, gpuenv.executable().endswith("bin/gpuenv"))'], {
      encoding: 'utf8',
    });
    expect(v.stdout.trim()).toBe('9.8.7 True');
  });
});

describe.skipIf(!hasVenv)('the launcher on a machine it cannot run on', () => {
  // The launcher package unpacked as is (pip would refuse the wheel by its tag, which is the point of the
  // tag; the launcher's check covers installs that bypass it, e.g. a copied site-packages).
  const run = (name: string, m: string, glibc: [number, number]) => {
    const file = wheelFile(name, m, glibc);
    const dir = join(work, name, 'site');
    spawnSync('python3', ['-c', 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', file, dir]);
    return spawnSync('python3', ['-m', 'gpuenv', '--version'], { env: { ...process.env, PYTHONPATH: dir }, encoding: 'utf8' });
  };

  it('another architecture: a sentence naming both, exit 3', () => {
    const r = run('arch', other, [2, 17]);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain(`gpuenv: gpuenv 9.8.7 for Linux ${other} cannot run on this ${machine} machine`);
    expect(r.stdout).toBe('');
  });

  it('a glibc older than the tag: the versions needed and found, exit 3', () => {
    const r = run('glibc', machine, [99, 0]);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/needs glibc 99\.0 or newer; this system has glibc \d+\.\d+/);
  });
});
