// Issue 21: the knowledge tables' own prose reads in Chinese too. Every object in src/knowledge/data with a `note`,
// `meaning` or `action` string has its Simplified Chinese twin (`noteZh`, `meaningZh`, `actionZh`), and the twin
// keeps the facts: every version number, sm_/compute_ target, URL, code span, quoted source text and package or
// file name of the English is in it as it is (a translation may reword, never renumber).
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { localized, noteOf } from '../../src/knowledge/localized.js';
import { tsFiles } from '../helpers/files.js';

const DATA = join(import.meta.dirname, '../../src/knowledge/data');
const FIELDS = ['note', 'meaning', 'action'] as const;

interface Prose {
  where: string;
  field: string;
  en: string;
  zh: unknown;
}

/** Every prose field reachable from a module's exports, each object once. */
function proseOf(mod: Record<string, unknown>): Prose[] {
  const out: Prose[] = [];
  const seen = new Set<object>();
  const visit = (v: unknown, path: string) => {
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    const o = v as Record<string, unknown>;
    for (const f of FIELDS) if (typeof o[f] === 'string') out.push({ where: path, field: f, en: o[f] as string, zh: o[`${f}Zh`] });
    for (const [k, x] of Object.entries(o)) if (!FIELDS.includes(k as never)) visit(x, `${path}.${k}`);
  };
  for (const [name, v] of Object.entries(mod)) visit(v, name);
  return out;
}

/** The facts a translation must carry over unchanged. */
export function factTokens(en: string): string[] {
  const tokens = [
    ...en.matchAll(/https?:\/\/[^\s)"'`,;]+/g),
    ...en.matchAll(/`[^`]+`/g),
    ...en.matchAll(/"[^"]+"/g),
    ...en.matchAll(/\b(?:sm|compute)_\d+[a-z]?\b/g),
    ...en.matchAll(/\b\d+(?:\.\d+)+\b/g),
    ...en.matchAll(/\b[\w-]+\.(?:so(?:\.\d+)*|py|h|json|yaml|yml|cfg|txt|csv|md|bzl|cmake)\b/g),
  ].map((m) => m[0]);
  return [...new Set(tokens)];
}

const modules = await Promise.all(
  tsFiles(DATA).map(async (p) => ({ file: relative(DATA, p), prose: proseOf((await import(pathToFileURL(p).href)) as Record<string, unknown>) })),
);

describe('knowledge prose in Chinese', () => {
  it('finds the prose of the tables', () => {
    expect(modules.reduce((n, m) => n + m.prose.length, 0)).toBeGreaterThan(300);
  });

  it.each(modules.filter((m) => m.prose.length > 0).map((m) => [m.file, m.prose] as const))(
    '%s: every note, meaning and action has its zh twin keeping the facts',
    (_, prose) => {
      const missing = prose.filter((p) => typeof p.zh !== 'string' || !/[\u4e00-\u9fff]/.test(p.zh)).map((p) => `${p.where}.${p.field}Zh`);
      expect(missing).toEqual([]);
      const lost = prose.flatMap((p) =>
        factTokens(p.en)
          .filter((t) => !(p.zh as string).includes(t))
          .map((t) => `${p.where}.${p.field}Zh lacks ${t}`),
      );
      expect(lost).toEqual([]);
    },
  );

  it('localized() gives the twin in Chinese and the English otherwise', () => {
    const row = { note: 'unconfirmed', noteZh: '未确认', meaning: 'm' };
    try {
      setLang('zh-CN');
      expect(noteOf(row)).toBe('未确认');
      expect(localized(row, 'meaning')).toBe('m'); // no twin: the English rather than nothing
      expect(noteOf({})).toBeUndefined();
      setLang('en');
      expect(noteOf(row)).toBe('unconfirmed');
    } finally {
      setLang('en');
    }
  });

  it('the fact check catches a changed number', () => {
    const en = 'torch 2.5.1 wheels ship `libcudnn.so.9` for sm_90 ("9.0+PTX")';
    expect(factTokens(en)).toEqual(expect.arrayContaining(['2.5.1', '`libcudnn.so.9`', 'sm_90', '"9.0+PTX"']));
    const zh = 'torch 2.5.1 的 wheel 为 sm_90 带有 `libcudnn.so.9`（"9.0+PTX"）';
    expect(factTokens(en).filter((t) => !zh.includes(t))).toEqual([]);
    expect(factTokens(en).filter((t) => !zh.replace('2.5.1', '2.5.0').includes(t))).toEqual(['2.5.1']);
  });
});
