// The import picture of src/ (DESIGN.md "One direction of flow"): every import goes to the same or a lower layer, and
// the two sources of facts (probe/ for a machine, parse/ for text) never import each other.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tsFiles } from '../helpers/files.js';

const SRC = join(import.meta.dirname, '../../src');

/** Lowest first. A path belongs to the first prefix it starts with. */
const LAYERS: readonly (readonly string[])[] = [
  ['errors.ts', 'version.ts', 'i18n/', 'findings.ts', 'snapshot/types.ts', 'process/'],
  ['knowledge/'],
  ['formats/'],
  ['native/'],
  ['system/'],
  ['snapshot/'],
  ['probe/', 'parse/'],
  ['install/'],
  ['diagnose/'],
  ['render/'],
  ['explain/', 'plan/', 'bench/', 'export/', 'vram/', 'lock/', 'cuda/'],
  ['health/', 'fleet/'],
  ['report/'],
  ['commands/', 'mcp/'],
  ['cli.ts', 'standalone/'],
];

/** Folders of one layer that must not import each other. */
const APART: readonly [string, string][] = [['probe/', 'parse/']];

const rel = (p: string) => relative(SRC, p).replace(/\.js$/, '.ts');
const prefixOf = (r: string) => LAYERS.flat().find((pre) => r === pre || r.startsWith(pre));
const layerOf = (r: string) => LAYERS.findIndex((l) => l.some((pre) => r === pre || r.startsWith(pre)));

function imports(): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const f of tsFiles(SRC)) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
      const spec = m[1] ?? m[2];
      if (spec) out.push({ from: rel(f), to: rel(resolve(dirname(f), spec)) });
    }
  }
  return out;
}

describe('layers of src/', () => {
  const all = imports();

  it('places every source file in a layer', () => {
    expect(
      tsFiles(SRC)
        .map(rel)
        .filter((r) => layerOf(r) < 0),
    ).toEqual([]);
  });

  it('imports only from the same or a lower layer', () => {
    const up = all.filter((i) => layerOf(i.to) > layerOf(i.from)).map((i) => `${i.from} → ${i.to}`);
    expect(up).toEqual([]);
  });

  it('keeps the two sources of facts apart', () => {
    const across = all.filter((i) =>
      APART.some(([a, b]) => (prefixOf(i.from) === a && prefixOf(i.to) === b) || (prefixOf(i.from) === b && prefixOf(i.to) === a)),
    );
    expect(across.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('sees the imports it judges', () => {
    // The pattern must find the imports of a known file, or every check above would pass on nothing.
    expect(all.some((i) => i.from === 'cli.ts' && i.to.startsWith('commands/'))).toBe(true);
  });
});
