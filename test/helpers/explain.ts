// What the explain and parse tests share: explain with every doctor rule, a finding's text as the scorer reads it
// (scripts/eval-explain.mjs: title, cause, fix and evidence), and the row checkers of the table-driven tests
// (test/explain/<family>.test.ts: one row per paste; test/parse/<format>.test.ts: one row per paste).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { RULES } from '../../src/diagnose/rules/index.js';
import { explainText, type RankedFinding } from '../../src/explain/index.js';
import type { FindingCode, Severity } from '../../src/findings.js';
import { parsePaste } from '../../src/parse/index.js';

export const explain = (text: string) => explainText(text, { rules: RULES });
export const all = (f: RankedFinding) => [f.title, f.cause, ...f.fix, ...f.evidence.map((e) => `${e.fact} ${e.value}`)].join('\n');
export const topTwo = (r: { findings: RankedFinding[] }) => r.findings.slice(0, 2).map((f) => f.code);
export const find = (r: { findings: RankedFinding[] }, code: string) => r.findings.find((f) => f.code === code);

/** A paste: one string, or its lines (joined with '\n'). */
export type Paste = string | readonly string[];
export const pasted = (text: Paste): string => (typeof text === 'string' ? text : text.join('\n'));

/** A real capture kept in the repository (test/fixtures/captures/<machine>/<file>). */
export const capture = (machine: string, file: string): string => readFileSync(join(import.meta.dirname, '../fixtures/captures', machine, file), 'utf8');

/** Checks on one string: every `contains` is in it, no `notContains` is, every `matches` matches, no `notMatches` does. */
export interface TextChecks {
  contains?: readonly string[];
  notContains?: readonly string[];
  matches?: readonly RegExp[];
  notMatches?: readonly RegExp[];
}

/** One case of explain: a paste and what the ranked findings must show. */
export interface ExplainRow extends TextChecks {
  name: string;
  text: Paste;
  /** The first finding's code; a list: one of these codes. */
  top?: FindingCode | readonly FindingCode[];
  /** Codes that are each among the first two findings. */
  topTwo?: readonly FindingCode[];
  /** The first two findings' codes, exactly and in order. */
  topTwoAre?: readonly FindingCode[];
  /** Every finding's code, exactly and in order ([]: no finding at all). */
  codes?: readonly FindingCode[];
  /** Codes some finding has. */
  has?: readonly FindingCode[];
  /** Codes no finding has. */
  lacks?: readonly FindingCode[];
  /** How many findings there are: [at least, at most]. */
  count?: readonly [number, number];
  /** No finding is a warning or an error. */
  onlyInfo?: true;
  /**
   * The finding the checks on one finding read (`contains` … on its whole text, `title`, `cause`, `fix`, `severity`):
   * the first finding with this code, which must exist; without it, the first finding.
   */
  about?: FindingCode;
  severity?: Severity;
  title?: TextChecks;
  cause?: TextChecks;
  /** The finding's fix lines joined by newlines. */
  fix?: TextChecks;
  /** The whole text of every finding, joined. */
  allText?: TextChecks;
  /** Every finding's fix lines, joined. */
  allFixes?: TextChecks;
  /** Strings no finding's title contains. */
  noTitleContains?: readonly string[];
  /** Paths into the Snapshot built from the paste (see `pick`) and the value each must equal. */
  snapshot?: Readonly<Record<string, unknown>>;
  /** Paths into the parse under the explanation (see `pick`) and the value each must equal. */
  parsed?: Readonly<Record<string, unknown>>;
}

function checkText(text: string, c: TextChecks | undefined, what: string) {
  for (const s of c?.contains ?? []) expect(text, what).toContain(s);
  for (const s of c?.notContains ?? []) expect(text, what).not.toContain(s);
  for (const re of c?.matches ?? []) expect(text, what).toMatch(re);
  for (const re of c?.notMatches ?? []) expect(text, what).not.toMatch(re);
}

function checkPaths(root: unknown, paths: Readonly<Record<string, unknown>> | undefined, what: string) {
  for (const [path, want] of Object.entries(paths ?? {})) {
    const got = pick(root, path);
    if (want !== null && typeof want === 'object') expect(got, `${what} ${path}`).toEqual(want);
    else expect(got, `${what} ${path}`).toBe(want);
  }
}

const oneFindingChecks = (row: ExplainRow) =>
  row.contains || row.notContains || row.matches || row.notMatches || row.title || row.cause || row.fix || row.severity;

/** Explains the row's paste and checks every expectation the row states. */
export async function checkExplain(row: ExplainRow): Promise<void> {
  expect.hasAssertions();
  const r = await explain(pasted(row.text));
  const codes = r.findings.map((f) => f.code);
  if (typeof row.top === 'string') expect(r.findings[0]?.code, 'first finding').toBe(row.top);
  else if (row.top) expect(row.top, 'first finding').toContain(r.findings[0]?.code);
  for (const c of row.topTwo ?? []) expect(topTwo(r), 'first two findings').toContain(c);
  if (row.topTwoAre) expect(topTwo(r), 'first two findings').toEqual(row.topTwoAre);
  if (row.codes) expect(codes, 'findings').toEqual(row.codes);
  for (const c of row.has ?? []) expect(codes, 'findings').toContain(c);
  for (const c of row.lacks ?? []) expect(codes, 'findings').not.toContain(c);
  if (row.count) {
    expect(r.findings.length, 'number of findings').toBeGreaterThanOrEqual(row.count[0]);
    expect(r.findings.length, 'number of findings').toBeLessThanOrEqual(row.count[1]);
  }
  if (row.onlyInfo)
    expect(
      r.findings.filter((f) => f.severity !== 'info'),
      'warnings and errors',
    ).toEqual([]);
  if (oneFindingChecks(row)) {
    const f = row.about ? find(r, row.about) : r.findings[0];
    expect(f, row.about ? `a ${row.about} finding` : 'a finding').toBeDefined();
    if (row.severity) expect(f!.severity, 'severity').toBe(row.severity);
    checkText(all(f!), row, 'finding text');
    checkText(f!.title, row.title, 'title');
    checkText(f!.cause, row.cause, 'cause');
    checkText(f!.fix.join('\n'), row.fix, 'fix');
  }
  checkText(r.findings.map(all).join('\n'), row.allText, 'every finding');
  checkText(r.findings.flatMap((f) => f.fix).join('\n'), row.allFixes, 'every fix');
  for (const s of row.noTitleContains ?? [])
    expect(
      r.findings.map((f) => f.title).filter((t) => t.includes(s)),
      'titles',
    ).toEqual([]);
  checkPaths(r.snapshot, row.snapshot, 'snapshot');
  checkPaths(r.parsed, row.parsed, 'parsed');
}

/** One case of parse: a paste and the facts and events read from it. */
export interface ParseRow {
  name: string;
  text: Paste;
  /** Paths into the paste's facts (see `pick`) and the value each must equal (or an asymmetric matcher). */
  facts?: Readonly<Record<string, unknown>>;
  /** Paths into the whole parse (events, segments, …) and the value each must equal. */
  parsed?: Readonly<Record<string, unknown>>;
}

/** Parses the row's paste and checks every fact and event the row states. */
export function checkParse(row: ParseRow): void {
  expect.hasAssertions();
  const p = parsePaste(pasted(row.text));
  checkPaths(p.facts, row.facts, 'facts');
  checkPaths(p, row.parsed, 'parsed');
}

/**
 * Reads a path such as `driver.version`, `gpus[0].name`, `toolkits[*].version`, `packages[name=torch].version`,
 * `libraries[*name=cudnn].version` or `events[*signature=x].length`: `[n]` an index, `[*]` every element,
 * `[k=v]` the first element whose k is v, `[*k=v]` every such element; after `[*…]` a property is read from each
 * element, except `length`, the number of elements. A fact ({ value, source }) reads as its value.
 */
export function pick(root: unknown, path: string): unknown {
  const get = (x: unknown, k: string) => (x === null || x === undefined ? undefined : (x as Record<string, unknown>)[k]);
  const unwrap = (x: unknown) => (x !== null && typeof x === 'object' && 'value' in x && 'source' in x ? (x as { value: unknown }).value : x);
  let v: unknown = root;
  let many = false;
  for (const step of path.match(/[^.[\]]+|\[[^\]]*\]/g) ?? []) {
    if (step.startsWith('[')) {
      if (many) throw new Error(`pick: ${path}: a selection after [*…] is not supported`);
      const inner = step.slice(1, -1);
      const list = v as unknown[] | undefined;
      const every = inner.startsWith('*');
      const [k, want] = (every ? inner.slice(1) : inner).split('=') as [string, string | undefined];
      const match = (x: unknown) => String(get(x, k)) === want;
      if (/^\d+$/.test(inner)) v = list?.[Number(inner)];
      else if (inner === '*') v = list ?? [];
      else if (every) v = (list ?? []).filter(match);
      else v = list?.find(match);
      many = every;
    } else if (many && step === 'length') {
      v = (v as unknown[]).length;
      many = false;
    } else if (many) v = (v as unknown[]).map((x) => get(x, step));
    else v = get(v, step);
  }
  return many ? (v as unknown[]).map(unwrap) : unwrap(v);
}
