// The shape of the catalogues (issue 21): one per folder, always `<folder>/messages.ts` exporting `msg`; a big folder's
// sections are plain tables in `<folder>/messages/<section>.ts`; every key is dotted lowerCamel segments (a segment that
// is a Finding code, a tool name or a code a tool prints, kebab, snake or upper case, is written as it is:
// 'area.driver-too-old', 'tool.arch_list', 'reason.ENOENT', 'pcie.PIX').
// scripts/unify-catalogues.mjs brought the tree to this shape.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tsFiles } from '../helpers/files.js';
import type { Lookup } from '../../src/i18n/index.js';

const SRC = join(import.meta.dirname, '../../src');
export const KEY_STYLE = /^[a-z][A-Za-z0-9]*(\.([a-z][A-Za-z0-9]*|[a-z][a-z0-9]*([-_][a-z0-9]+)+|[A-Z][A-Z0-9]*(_[A-Z0-9]+)*))*$/;

const all = tsFiles(SRC).map((p) => relative(SRC, p).split('\\').join('/'));
const code = (r: string) =>
  readFileSync(join(SRC, r), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
const defining = all.filter((r) => r !== 'i18n/index.ts' && /\b(defineMessages|defineCatalogue)\(/.test(code(r)));
const catalogueFiles = all.filter((r) => basename(r) === 'messages.ts');

describe('catalogue shape', () => {
  it('catalogues are defined only in <folder>/messages.ts, one per folder', () => {
    expect(defining.filter((r) => basename(r) !== 'messages.ts')).toEqual([]);
    const perFolder = new Map<string, number>();
    for (const r of defining)
      perFolder.set(dirname(r), (perFolder.get(dirname(r)) ?? 0) + (code(r).match(/\b(defineMessages|defineCatalogue)\(/g)?.length ?? 0));
    expect([...perFolder].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('no messages-*.ts or *-messages.ts files; section files only under <folder>/messages/', () => {
    expect(all.filter((r) => /(^|\/)(messages-[^/]*|[^/]*-messages)\.ts$/.test(r))).toEqual([]);
    const sections = all.filter((r) => /(^|\/)messages\/[^/]+\.ts$/.test(r));
    for (const r of sections)
      expect(catalogueFiles, `${r} has no messages.ts beside its folder`).toContain(`${dirname(dirname(r))}/messages.ts`.replace(/^\.\//, ''));
    for (const r of sections) expect(code(r), r).not.toMatch(/\bdefine(Messages|Catalogue)\(/);
  });

  it.each(catalogueFiles)('%s exports msg and nothing else that is a lookup', async (r) => {
    const mod = (await import(pathToFileURL(join(SRC, r)).href)) as Record<string, unknown>;
    const lookups = Object.entries(mod).filter(([, v]) => typeof v === 'function' && 'table' in (v as object));
    expect(lookups.map(([k]) => k)).toEqual(['msg']);
  });

  it.each(catalogueFiles)('%s: every key is in the style', async (r) => {
    const { msg } = (await import(pathToFileURL(join(SRC, r)).href)) as { msg: Lookup<string> };
    expect(Object.keys(msg.table.en).filter((k) => !KEY_STYLE.test(k))).toEqual([]);
  });

  it('the key style takes dotted lowerCamel and codes, and refuses the rest', () => {
    expect(
      ['usage.title', 'archTitle', 'area.driver-too-old', 'tool.arch_list', 'busy.evProcess', 'reason.ENOENT', 'pcie.PIX'].filter((k) => !KEY_STYLE.test(k)),
    ).toEqual([]);
    expect(
      ['area:driver-too-old', 'Usage.title', 'usage..title', 'usage.', 'driver-too-old', 'a.Big', 'a.b-', 'ENOENT', 'a.PIx'].filter((k) => KEY_STYLE.test(k)),
    ).toEqual([]);
  });
});
