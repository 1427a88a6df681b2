// Untrusted input cannot hurt: hostile Snapshots and locks (test/fixtures/hostile/, made from the real
// h200 Snapshot by scripts/make-hostile-fixtures.py) are usage errors naming the field, never exit 3
// and never a generated file with the attacker's lines; escape sequences never reach the terminal.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { terminalSafe } from '../../src/render/terminal.js';
import { takeSnapshot } from '../../src/probe/take.js';
import { loadMachine } from '../../src/system/fixture.js';
import { fakeIo } from '../helpers/io.js';
import { machinesDir } from '../helpers/machines.js';

const hostile = (name: string) => join(import.meta.dirname, '../fixtures/hostile', name);
const h200 = join(import.meta.dirname, '../fixtures/snapshots/h200.json');
const work = mkdtempSync(join(tmpdir(), 'gpuenv-hostile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function cli(args: string[], color = false) {
  const io = { ...fakeIo(), color };
  const code = await main(args, { io });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('malformed Snapshots and locks are exit 2 with the field, not a crash', () => {
  const cases: [string, RegExp][] = [
    ['gpus-not-a-list.snapshot.json', /not a valid gpuenv Snapshot: \/gpus: must be array/],
    ['packages-not-a-list.snapshot.json', /\/python\/0\/packages: must be array/],
    ['driver-version-a-number.snapshot.json', /\/driver\/version\/value: must be string/],
  ];
  for (const [file, message] of cases) {
    for (const command of [
      ['doctor', '--snapshot'],
      ['export', 'dockerfile', '--snapshot'],
      ['lock', '--snapshot'],
      ['diff', h200],
    ]) {
      it(`${command.join(' ')} ${file}`, async () => {
        const r = await cli([...command, hostile(file)]);
        expect(r.code).toBe(2);
        expect(r.err).toMatch(message);
        expect(r.err).not.toMatch(/ at |TypeError|is not a function/);
      });
    }
  }

  it('a lock whose frameworks are not a list, or whose gpus are null', async () => {
    for (const [file, message] of [
      ['frameworks-not-a-list.lock.json', /\/frameworks: must be array/],
      ['gpus-null.lock.json', /\/gpus: must be object/],
    ] as const) {
      const r = await cli(['verify', hostile(file), '--snapshot', h200]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    }
  });

  it('a lock that would print a credentialed or non-https index in its fix commands', async () => {
    const r = await cli(['verify', hostile('index-with-credentials.lock.json'), '--snapshot', h200]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/index "https:\/\/user:token@evil\.example\/simple" carries credentials/);
    expect(r.out).not.toContain('token');
  });
});

describe('generated files cannot be injected', () => {
  const kinds = ['dockerfile', 'requirements', 'conda', 'compose', 'devcontainer'];
  const cases: [string, RegExp][] = [
    ['version-with-run-line.snapshot.json', /torch version "2\.11\.0\\nRUN curl .*" is not a PEP 440 version/],
    ['name-with-extra-index.snapshot.json', /name "numpy --extra-index-url https:\/\/evil\.example\/simple" is not a PyPI package name/],
    ['prefix-with-newline.snapshot.json', /origin ".*\\nRUN rm -rf \/.*" holds a line break or control character/],
    ['driver-version-shell.snapshot.json', /driver version "; rm -rf \/" is not a driver version/],
  ];
  for (const [file, message] of cases) {
    it(`${file}: every kind refuses, names the field, writes nothing`, async () => {
      for (const kind of kinds) {
        const out = join(work, `${kind}-${file}.out`);
        const r = await cli(['export', kind, '--snapshot', hostile(file), '-o', out]);
        expect(r.code, kind).toBe(2);
        expect(r.err).toMatch(message);
        expect(r.out).toBe('');
        expect(() => readFileSync(out)).toThrow(/ENOENT/);
      }
    });
  }

  it('the clean Snapshot still exports every kind', async () => {
    for (const kind of kinds) expect((await cli(['export', kind, '--snapshot', h200])).code, kind).toBe(0);
  });

  it('options that reach the files are checked too', async () => {
    const r = await cli(['export', 'dockerfile', '--snapshot', h200, '--os', 'ubuntu24.04\nRUN id']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--os "ubuntu24\.04\\nRUN id" is not an image OS/);
  });
});

describe('text from outside never drives the terminal', () => {
  it('escape sequences in a Snapshot are dropped from text, markdown and JSON output', async () => {
    for (const args of [[], ['--markdown'], ['--json']]) {
      const r = await cli(['doctor', '--snapshot', hostile('escapes-in-text.snapshot.json'), ...args], true);
      expect(r.code).toBeLessThan(2);
      expect(r.out).not.toMatch(/\x1b\]|\x07|\x1b\[2J|\x1b\[8m/);
      expect(r.out).toContain('h200');
    }
  });

  it("keeps gpuenv's own colours when colour is on, drops everything else", () => {
    const ours = '\x1b[1mbold\x1b[22m \x1b[31mred\x1b[39m';
    expect(terminalSafe(ours, true)).toBe(ours);
    expect(terminalSafe(ours, false)).toBe('bold red');
    expect(terminalSafe('a\x1b]0;title\x07b\x1b[2Jc\x1b[8md\x9b31me\rf\x00g\x1bPdcs\x1b\\h', true)).toBe('abcdefgh');
    expect(terminalSafe('tab\tand\nnewline stay', true)).toBe('tab\tand\nnewline stay');
  });

  it('explain of a paste with escapes prints none of them', async () => {
    const io = { ...fakeIo({}, 'RuntimeError: CUDA error: no kernel image is available\x1b]0;pwn\x07\x1b[2J for execution on the device\n'), color: false };
    const code = await main(['explain', '-'], { io });
    expect(code).toBeLessThan(2);
    expect(io.stdout()).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
  });

  it('a garbage nvidia-smi is a failed probe, not a driver version', async () => {
    const dir = join(work, 'garbage-smi');
    cpSync(join(machinesDir, 'hung-smi'), dir, { recursive: true });
    const spec = JSON.parse(readFileSync(join(dir, 'machine.json'), 'utf8'));
    spec.commands = [
      {
        argv: ['nvidia-smi', '-q', '-x'],
        stdout: '<nvidia_smi_log><driver_version>; rm -rf /</driver_version><cuda_version>13.0</cuda_version></nvidia_smi_log>\n',
      },
    ];
    writeFileSync(join(dir, 'machine.json'), JSON.stringify(spec));
    const snap = await takeSnapshot(await loadMachine(dir), { timeoutMs: 300 });
    expect(snap.driver.version?.source).not.toBe('nvidia-smi -q -x');
    const probe = snap.probes.find((p) => p.name === 'nvidia-smi -q -x');
    expect(probe).toMatchObject({ ok: false, detail: expect.stringContaining('not nvidia-smi\'s output format: driver_version "; rm -rf /"') });
  });
});
