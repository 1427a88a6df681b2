// Property test: random JSON mutations of a real Snapshot and of its lock, read by doctor --snapshot,
// export --snapshot, diff and verify, never end in exit 3 or a stack trace, and each run is quick.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../helpers/prng.js';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

const h200 = join(import.meta.dirname, '../fixtures/snapshots/h200.json');
const work = mkdtempSync(join(tmpdir(), 'gpuenv-fuzz-json-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  '',
  'x'.repeat(5000),
  '2.11.0\nRUN id',
  '\u001b[2J',
  [],
  {},
  true,
  '../../etc/passwd',
  '1.0; rm -rf /',
  { value: 1 },
  [null],
];

/** Every path to a value in the document. */
function paths(doc: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (doc && typeof doc === 'object') for (const [k, v] of Object.entries(doc)) paths(v, [...at, Array.isArray(doc) ? Number(k) : k], out);
  return out;
}

function mutate(doc: unknown, rnd: () => number): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>;
  const all = paths(copy).filter((p) => p.length > 0);
  const n = 1 + Math.floor(rnd() * 4);
  for (let i = 0; i < n; i++) {
    const p = all[Math.floor(rnd() * all.length)]!;
    let parent: any = copy;
    for (const k of p.slice(0, -1)) parent = parent?.[k];
    if (!parent || typeof parent !== 'object') continue;
    const key = p.at(-1)!;
    const op = rnd();
    if (op < 0.25) delete parent[key];
    else if (op < 0.85) parent[key] = ODD_VALUES[Math.floor(rnd() * ODD_VALUES.length)];
    else parent[key] = structuredClone(copy);
  }
  return copy;
}

let lock: unknown;
beforeAll(async () => {
  const io = fakeIo();
  await main(['lock', '--snapshot', h200], { io });
  lock = JSON.parse(io.stdout());
});

describe('mutated Snapshots and locks', () => {
  const snapshot = JSON.parse(readFileSync(h200, 'utf8'));
  for (let seed = 1; seed <= 40; seed++) {
    it(`seed ${seed}`, async () => {
      const rnd = prng(seed);
      const snapFile = join(work, `s${seed}.json`);
      const lockFile = join(work, `l${seed}.json`);
      writeFileSync(snapFile, JSON.stringify(mutate(snapshot, rnd)));
      writeFileSync(lockFile, JSON.stringify(mutate(lock, rnd)));
      const runs = [
        ['doctor', '--snapshot', snapFile, '--json'],
        ['export', 'dockerfile', '--snapshot', snapFile],
        ['diff', h200, snapFile],
        ['verify', lockFile, '--snapshot', h200],
        ['verify', join(work, 'ok.lock.json'), '--snapshot', snapFile],
      ];
      writeFileSync(join(work, 'ok.lock.json'), JSON.stringify(lock));
      for (const args of runs) {
        const io = fakeIo();
        const t = performance.now();
        const code = await main(args, { io });
        expect(code, `${args.join(' ')}: ${io.stderr()}`).toBeLessThan(3);
        expect(io.stderr()).not.toMatch(/internal error|\n\s+at /);
        expect(performance.now() - t).toBeLessThan(5_000);
      }
    });
  }
});
