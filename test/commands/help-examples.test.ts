// Every example printed by `gpuenv <command> --help` runs: its gpuenv part is taken out of the shell
// line (after `$(`, `|`, `sudo`, `;`), given the files it names, and must not end in a usage error
// (exit 2) or an internal one (exit 3). Commands that need a GPU run on a fixture machine with one;
// bench runs on one without, where "no GPU" (exit 1) is the right answer to valid options.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { commands } from '../../src/commands/registry.js';
import { loadMachine } from '../../src/system/fixture.js';
import { fakeIo } from '../helpers/io.js';
import { machinesDir } from '../helpers/machines.js';

const h200 = join(import.meta.dirname, '../fixtures/snapshots/h200.json');
const cwd = mkdtempSync(join(tmpdir(), 'gpuenv-examples-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** The machine each command's examples run on. */
const MACHINE: Record<string, string> = { cuda: 'cuda-three', bench: 'cpu-only-toolkit' };

/** Shell words of the gpuenv command inside an example line, or undefined when it holds none. */
export function gpuenvArgv(line: string): string[] | undefined {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\$\(|\)|\||;|>|2>&1|[^\s"'|;>)]+)/g;
  for (const m of line.matchAll(re)) {
    // A command substitution inside double quotes: its words are the command's.
    if (m[1]?.includes('$(')) return gpuenvArgv(m[1]);
    words.push(m[1] ?? m[2] ?? m[3] ?? '');
  }
  const start = words.indexOf('gpuenv');
  if (start < 0) return undefined;
  const argv: string[] = [];
  for (const w of words.slice(start + 1)) {
    if (['|', ';', '>', ')', '2>&1'].includes(w)) break;
    argv.push(w);
  }
  return argv;
}

beforeAll(async () => {
  const snap = readFileSync(h200, 'utf8');
  for (const f of ['h200.json', 'new-hire.json', 'teammate.json', 'monday.json', 'friday.json']) writeFileSync(join(cwd, f), snap);
  const io = fakeIo();
  await main(['lock', '--snapshot', h200], { io });
  for (const f of ['gpuenv.lock.json', 'team.lock.json']) writeFileSync(join(cwd, f), io.stdout());
  const log = 'RuntimeError: CUDA error: no kernel image is available for execution on the device\n';
  for (const f of ['error.log', 'log.txt', 'collect_env.txt']) writeFileSync(join(cwd, f), log);
  writeFileSync(join(cwd, '.cuda-version'), '12.4\n');
  // A recorded H200 bench run, for `gpuenv report --bench bench.json`.
  writeFileSync(join(cwd, 'bench.json'), readFileSync(join(import.meta.dirname, '../bench/fixtures/h200-native.json')));
  mkdirSync(join(cwd, 'results'));
  for (const f of ['gpu01.json', 'gpu02.json']) {
    writeFileSync(join(cwd, f), snap);
    writeFileSync(join(cwd, 'results', f), snap);
  }
});

describe('every --help example runs', () => {
  it('finds the gpuenv words of a shell line', () => {
    expect(gpuenvArgv('eval "$(gpuenv cuda use 12.4)"')).toEqual(['cuda', 'use', '12.4']);
    expect(gpuenvArgv('python train.py 2>&1 | gpuenv explain -')).toEqual(['explain', '-']);
    expect(gpuenvArgv('gpuenv compat gpu "RTX 3060"')).toEqual(['compat', 'gpu', 'RTX 3060']);
    expect(gpuenvArgv('gpuenv bench --full --json > bench.json')).toEqual(['bench', '--full', '--json']);
  });

  for (const spec of commands) {
    it(`gpuenv ${spec.name}`, async () => {
      const { details } = await spec.load();
      expect(details.examples.length, 'each command shows examples').toBeGreaterThan(0);
      for (const example of details.examples) {
        const argv = gpuenvArgv(example);
        expect(argv, example).toBeDefined();
        // A private copy: examples with --global change the machine's links; `~` is its /root, where the
        // environment an example names is made.
        const dir = mkdtempSync(join(tmpdir(), 'gpuenv-example-machine-'));
        cpSync(join(machinesDir, MACHINE[spec.name] ?? 'h200'), dir, { recursive: true, verbatimSymlinks: true });
        const spec2 = JSON.parse(readFileSync(join(dir, 'machine.json'), 'utf8'));
        spec2.env.HOME = '/root';
        writeFileSync(join(dir, 'machine.json'), JSON.stringify(spec2));
        mkdirSync(join(dir, 'root/root/venvs/train/bin'), { recursive: true });
        writeFileSync(join(dir, 'root/root/venvs/train/pyvenv.cfg'), 'home = /usr/bin\nversion = 3.12.3\n');
        writeFileSync(join(dir, 'root/root/venvs/train/bin/python'), '');
        const sys = await loadMachine(dir);
        // Each example in its own folder holding the inputs it names (and not the file it writes).
        const here = mkdtempSync(join(tmpdir(), 'gpuenv-example-cwd-'));
        cpSync(cwd, here, { recursive: true });
        const out = argv![argv!.indexOf('-o') + 1];
        if (argv!.includes('-o') && out) rmSync(join(here, out), { force: true });
        const io = { ...fakeIo({}, 'RuntimeError: CUDA error: out of memory\n'), cwd: here };
        const code = await main(argv!, { io, system: async () => sys });
        rmSync(dir, { recursive: true, force: true });
        rmSync(here, { recursive: true, force: true });
        expect(code, `${example}\n${io.stderr()}`).toBeLessThan(2);
      }
    }, 60_000);
  }
});
