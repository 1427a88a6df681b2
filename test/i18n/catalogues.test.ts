// Every message catalogue of src/ (each folder's messages.ts `msg`, found through its `table`): zh-CN has exactly the keys
// of en, the same {placeholders}, and no sentence left in English (an identical text must be a command, a path or a name).
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Lookup } from '../../src/i18n/index.js';
import { tsFiles } from '../helpers/files.js';
import { hasFunctionWord } from './english.js';

const SRC = join(import.meta.dirname, '../../src');

const modules: Record<string, Record<string, unknown>> = {};
for (const p of tsFiles(SRC).filter((p) => basename(p) === 'messages.ts'))
  modules[`src/${relative(SRC, p)}`] = (await import(pathToFileURL(p).href)) as Record<string, unknown>;

const catalogues = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter((e): e is [string, Lookup<string>] => typeof e[1] === 'function' && 'table' in e[1])
    .map(([name, lookup]) => ({ id: `${file} ${name}`, table: lookup.table })),
);

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

describe('message catalogues', () => {
  it('are all found (one per messages.ts)', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    for (const file of Object.keys(modules)) expect(catalogues.some((c) => c.id.startsWith(`${file} `))).toBe(true);
  });

  it.each(catalogues.map((c) => [c.id, c.table] as const))('%s: zh-CN has every key of en and no other', (_, table) => {
    expect(Object.keys(table['zh-CN']).sort()).toEqual(Object.keys(table.en).sort());
  });

  it.each(catalogues.map((c) => [c.id, c.table] as const))('%s: the same {placeholders} in both languages', (_, table) => {
    const differ = Object.keys(table.en).filter((k) => placeholders(table.en[k]!).join() !== placeholders(table['zh-CN'][k] ?? '').join());
    expect(differ).toEqual([]);
  });

  it.each(catalogues.map((c) => [c.id, c.table] as const))('%s: no zh-CN text is its English sentence', (_, table) => {
    const same = Object.keys(table.en).filter((k) => table['zh-CN'][k] === table.en[k] && hasFunctionWord(table.en[k]!));
    expect(same).toEqual([]);
  });
});
