// Every knowledge row says where it comes from and when that was checked; unconfirmed rows say so.

export interface Sourced {
  /** A URL or a precise document name (release notes section, header file, table). */
  source: string;
  /** ISO date the row was checked against its source, e.g. "2026-11-30". */
  checked: string;
  /** false when the fact could not be confirmed from a primary source; tools must say so to users. */
  confirmed: boolean;
  /** Why it is unconfirmed, or where sources disagree. */
  note?: string;
  /** `note` in Simplified Chinese, the same facts (every version, name, path and quoted source text kept as it is);
   * test/knowledge/notes-zh.test.ts requires it wherever `note` is set. Read both through `noteOf()`. */
  noteZh?: string;
}
