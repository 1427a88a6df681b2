// A rule's one finding over a text (explain): the cause a message names, else one the facts alone establish, else
// what the Snapshot checks found. A check of the same cause confirms the finding and adds the facts it rests on that
// the finding does not state yet, never a second wording of one, nor a second plan for a package already planned.
import type { Evidence, Finding, FindingCode } from '../findings.js';
import type { ErrorEvent } from '../parse/types.js';
import { contextOf, type ExplainContext } from './context.js';
import type { Explained } from './explain-helpers.js';
import { bySeverity, confirmedBy, fromCheck, fromFactsAlone, namedByMessage } from './from-text.js';
import { guessFinding } from './guess.js';
import { namedCuda } from './named-cuda.js';
import { eventsFor } from './rank.js';
import type { RuleFinding, RuleInput } from './types.js';

/** A cause as a message or the facts alone establish it; `covers` is the `key` of the check that derives the same cause from the Snapshot (that check is this finding, not a confirmation of it). */
export type TextCause = Explained & { covers?: string };

/** A cause that facts alone establish. */
export interface FactCause {
  find: (ctx: ExplainContext) => TextCause | undefined;
  /** Tie order among the causes of all rules that facts alone establish (rank index of phase 1). */
  slot: number;
}

/** A Snapshot check's finding, with the packages its fix installs. */
export interface Checked {
  finding: Finding;
  packages: readonly string[];
  /** Names the cause, when a message or the facts alone can establish the same one (FactCause.covers). */
  key?: string;
}

export interface TextSide {
  code: FindingCode;
  /** The cause as the text's messages name it, from the events of this code. */
  named?: (ctx: ExplainContext, events: ErrorEvent[]) => TextCause | undefined;
  factsAlone?: readonly FactCause[];
  checked: readonly Checked[];
  /** How a check reads over a paste alone (the paste not showing a GPU is not "no GPU here"). */
  pasted?: (f: Finding) => Finding;
}

export function textFinding(input: RuleInput, side: TextSide): RuleFinding | undefined {
  const ctx = contextOf(input);
  let mine: RuleFinding | undefined;
  let covers: string | undefined;
  const events = eventsFor(input, side.code);
  const named = events.length ? side.named?.(ctx, events) : undefined;
  if (named && named.fit > 0) {
    mine = namedByMessage(input, side.code, events, named);
    covers = named.covers;
  }
  for (const c of mine ? [] : (side.factsAlone ?? [])) {
    const r = c.find(ctx);
    if (!r || r.fit <= 0) continue;
    mine = fromFactsAlone(r, c.slot);
    covers = r.covers;
    break;
  }
  const checks = bySeverity(side.checked.map((c) => ({ ...c.finding, check: c }))).filter((f) => !covers || f.check.key !== covers);
  for (const { check: c } of checks) {
    const f = input.origin === 'paste' && side.pasted ? side.pasted(c.finding) : c.finding;
    if (!mine) mine = fromCheck(f);
    else {
      mine = confirmedBy(mine, 1);
      confirm(mine, f, c.packages);
    }
  }
  if (!mine) mine = guessFinding(input, side.code);
  if (!mine) return undefined;
  // A line of the text that matched two signatures is one fact.
  mine.evidence = mine.evidence.filter((e, i, all) => !all.slice(0, i).some((x) => sameFact(x, e)));
  namedCuda(mine, input);
  return mine;
}

/** The facts of a check the finding lacks, and its plan for packages the finding does not install yet. */
function confirm(mine: Finding, check: Finding, packages: readonly string[]): void {
  for (const e of check.evidence) if (!mine.evidence.some((x) => sameFact(x, e))) mine.evidence.push(e);
  if (packages.some((p) => installs(mine.fix, p))) return;
  for (const line of check.fix) if (!mine.fix.includes(line)) mine.fix.push(line);
}

/**
 * One fact in two wordings: a package's version ("torch" and "torch in (pasted environment)"), the same line, or the
 * same value read from the same place ("driver" and "NVIDIA driver"). Two packages are two facts, whatever their versions.
 */
function sameFact(a: Evidence, b: Evidence): boolean {
  if (a.fact === b.fact && a.value === b.value) return true;
  const pa = packageOf(a.fact);
  const pb = packageOf(b.fact);
  if (pa !== undefined && pb !== undefined) return pa === pb && version(a.value) === version(b.value);
  return a.value === b.value && a.source === b.source;
}

/** "torch in /opt/env" → "torch"; a bare lower-case package name is itself. */
function packageOf(fact: string): string | undefined {
  const m = /^([a-z0-9][a-z0-9._-]*)(?: in .+)?$/.exec(fact);
  return m?.[1];
}

const version = (v: string) => v.split(' ')[0];

/** Some command of the fix installs this package ("pip install torch==…", "conda install pytorch=…", "jax[cuda12]"). */
export function installs(fix: readonly string[], pkg: string): boolean {
  const names = pkg === 'torch' ? 'torch|pytorch' : pkg.replace(/[.+]/g, '\\$&');
  const re = new RegExp(`(?:^|[\\s"'])(?:${names})(?:[=<>\\[\\s"']|$)`);
  return fix.some((l) => {
    const cmd = l.split('#')[0] ?? '';
    return /\binstall\b/.test(cmd) && re.test(cmd);
  });
}
