// No English sentence reaches output from outside a catalogue: every string literal of src/ that reads as English prose
// (test/i18n/english.ts; commands keep only their `# comment`) is in a messages file, in a folder of data or foreign
// code named below with its reason, or in english-pending.json — the literals not moved yet, which may only shrink.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishLiterals } from './literals.js';

const SRC = join(import.meta.dirname, '../../src');

/** Paths (prefixes under src/) whose English is not the tool's own prose, and why. */
const ALLOWED: Record<string, string> = {
  'knowledge/data/': 'data rows: each names its source, and notes and error signatures quote English documents and tools word for word',
  'vram/models.ts': "the model catalogue: each row's source and note cite the paper or model card",
  'plan/mirrors.ts': "the mirror table: each row's source and note say where its URL was read",
  'bench/torch-script.ts': 'a Python program run in a child process; what it prints is parsed, not shown',
  'probe/python/': 'Python programs run in a child process; what they print is parsed, not shown',
  'cuda/init.ts': "shell hooks written into the user's shell start-up files: shell code, and comments a shell user reads in English like the rest of the file",
  'health/prom.ts': 'Prometheus # HELP lines: metric documentation scraped by monitoring, kept in one language like the metric names',
  'fleet/report-prom.ts': 'Prometheus # HELP lines, as health/prom.ts',
};

const PENDING: Record<string, string[]> = JSON.parse(readFileSync(join(import.meta.dirname, 'english-pending.json'), 'utf8'));

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (e.endsWith('.ts')) out.push(p);
  }
  return out;
}

const scanned = sources(SRC)
  .map((p) => relative(SRC, p))
  .filter((r) => !/(^|\/)messages(\/[^/]+)?\.ts$/.test(r) && !Object.keys(ALLOWED).some((a) => r.startsWith(a)))
  .map((r) => ({ file: r, hits: englishLiterals(r, readFileSync(join(SRC, r), 'utf8')) }));

describe('English literals outside the catalogues', () => {
  it('none but the pending ones', () => {
    const fresh = scanned.flatMap(({ file, hits }) =>
      hits.filter((h) => !PENDING[file]?.includes(h.text)).map((h) => `src/${file}:${h.line}  ${h.text.slice(0, 120)}`),
    );
    expect(fresh, `move these into the folder's messages.ts:\n${fresh.join('\n')}`).toEqual([]);
  });

  it('english-pending.json lists only literals still there (remove a line when its literal moves)', () => {
    const stale = Object.entries(PENDING).flatMap(([file, texts]) => {
      const found = new Set(scanned.find((s) => s.file === file)?.hits.map((h) => h.text));
      return texts.filter((t) => !found.has(t)).map((t) => `${file}: ${t.slice(0, 120)}`);
    });
    expect(stale).toEqual([]);
  });

  it('catches a planted sentence, and leaves commands, patterns, keys and comments alone', () => {
    const planted = [
      "const a = 'the driver is too old for this toolkit';", // caught
      "const b = 'sudo apt-get install -y nvidia-driver-550';", // a command
      "const c = `nvidia-smi   # ${fx('why')}`;", // a command with a catalogued comment
      "if (text.includes('no kernel image is available for execution')) x();", // a parse pattern
      "const d = { 'is not a valid key': 1 };", // a key
      '// a comment that says what the code is for',
    ].join('\n');
    expect(englishLiterals('planted.ts', planted).map((h) => h.line)).toEqual([1]);
  });
});
