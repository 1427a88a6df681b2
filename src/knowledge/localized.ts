// The knowledge tables' own prose (a row's note, an Xid's meaning and action) in the reader's language. Each such
// field has a Simplified Chinese twin, `<field>Zh`, in the row itself (test/knowledge/notes-zh.test.ts checks that
// every one is there and keeps the facts); JSON output keeps the English field, for scripts.
import { getLang } from '../i18n/index.js';

type Prose = 'note' | 'meaning' | 'action';
type WithProse<F extends Prose> = { readonly [K in F]?: string | undefined } & { readonly [K in `${F}Zh`]?: string | undefined };

/** A row's `field` in the current language: its `<field>Zh` twin for zh-CN when the row has one, else the English. */
export function localized<F extends Prose>(row: WithProse<F> | null | undefined, field: F): string | undefined {
  if (!row) return undefined;
  const en = row[field];
  if (en === undefined || getLang() !== 'zh-CN') return en;
  return (row as Record<string, string | undefined>)[`${field}Zh`] ?? en;
}

/** A row's note (`Sourced.note`) in the current language. */
export const noteOf = (row: { readonly note?: string | undefined; readonly noteZh?: string | undefined } | null | undefined): string | undefined =>
  localized(row, 'note');
