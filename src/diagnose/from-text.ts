// How a rule ranks the one finding it makes over a text (explain): a cause a message names (phase 0), one the facts
// establish alone (phase 1), or a Snapshot check (phase 3); a check of the facts that sees the same cause confirms it.
import { FINDING_CODES, SEVERITY_ORDER, type Evidence, type Finding, type FindingCode } from '../findings.js';
import { signatureById } from '../knowledge/error-signatures.js';
import type { ErrorEvent } from '../parse/types.js';
import { contextOf, type ExplainContext } from './context.js';
import { lineEvidence, type Explained } from './explain-helpers.js';
import { msg } from './explainers/messages.js';
import { guessFinding } from './guess.js';
import { namedCuda } from './named-cuda.js';
import { codeOrder, eventBase, eventsFor } from './rank.js';
import type { RuleFinding, RuleInput } from './types.js';
import { noteOf } from '../knowledge/localized.js';

/** A cause from facts alone ranks below one a message names (a signature of weight 1 scores 1 × fit). */
export const FACT_PRIOR = 0.4;

/** Where an evidence line about gpuenv's own tables comes from: kept in --json, left out of the text people read. */
export const SIGNATURE_NOTE_SOURCE = 'gpuenv:error-signatures';

/**
 * The finding a message names: ranked from its events' signatures; each fact once (one line that matched two
 * signatures is one line). When the strongest rests on an unconfirmed row, the row's note is an evidence line (the
 * --json output keeps it), not the finding's `unconfirmed`: that a row rests on a representative thread is gpuenv's
 * bookkeeping, not something the reader can act on.
 */
export function namedByMessage(input: RuleInput, code: FindingCode, events: readonly ErrorEvent[], r: Explained): RuleFinding {
  const { event } = eventBase(events, code);
  const sig = event ? signatureById(event.signature) : undefined;
  const note =
    sig && !sig.confirmed
      ? [{ fact: msg('unconfirmedSignature', { id: sig.id }), value: noteOf(sig) ?? '', source: `${SIGNATURE_NOTE_SOURCE} (${sig.source})` }]
      : [];
  return {
    ...r.finding,
    evidence: eachFactOnce([...r.finding.evidence, ...note]),
    rank: { events, fit: r.fit, phase: 0, index: codeOrder(input.events).indexOf(code) },
  };
}

/** A cause the facts of a text establish without a message. `index` orders it among the other causes of its kind. */
export function fromFactsAlone(r: Explained, index: number): RuleFinding {
  return { ...r.finding, rank: { events: [], fit: r.fit, prior: FACT_PRIOR, phase: 1, index } };
}

/** A Snapshot check's finding over a text, with no message naming it: by its severity. */
export function fromCheck(f: Finding): RuleFinding {
  return {
    ...f,
    evidence: [...f.evidence],
    fix: [...f.fix],
    rank: { events: [], fit: 1, phase: 3, index: SEVERITY_ORDER[f.severity] * 100 + FINDING_CODES.indexOf(f.code) },
  };
}

/** `by` more checks of the facts saw the same cause. */
export function confirmedBy(f: RuleFinding, by: number): RuleFinding {
  if (by <= 0) return f;
  const rank = f.rank ?? { events: [], fit: 1, phase: 3 as const, index: 0 };
  return { ...f, rank: { ...rank, confirmations: (rank.confirmations ?? 0) + by } };
}

/** Evidence with each fact once: a line whose value (and source) another line already gives is left out. */
export function eachFactOnce(lines: readonly Evidence[]): Evidence[] {
  const out: Evidence[] = [];
  for (const e of lines) if (!out.some((x) => x.value === e.value && (x.fact === e.fact || x.source === e.source))) out.push(e);
  return out;
}

/** Most severe first (the doctor's order): the check a text's finding adds to is its strongest. */
export function bySeverity<T extends Finding>(findings: readonly T[]): T[] {
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

/** What a message says about a cause. `specific`: it names a cause of its own (a variant with its own fix); else a Snapshot check that sees the cause says it better. */
export interface Reading extends Explained {
  specific: boolean;
}

/**
 * The one finding of a node rule over a text: the message's reading, with the Snapshot checks that see the same cause
 * (explain --here: this machine's facts) as confirmations. Where the reading is generic, the check's finding — this
 * machine's own versions, devices and commands — speaks, after the message's lines; a specific reading keeps its
 * cause and fix and takes the check's facts. No message: the most severe check, the others as confirmations.
 */
export function oneFinding(
  input: RuleInput,
  code: FindingCode,
  checks: readonly Finding[],
  read: (ctx: ExplainContext, events: ErrorEvent[]) => Reading | undefined,
): RuleFinding[] {
  const events = eventsFor(input, code);
  const r = events.length ? read(contextOf(input), events) : undefined;
  const [c, ...more] = bySeverity(checks);
  let mine: RuleFinding | undefined;
  if (r && r.fit > 0) {
    const named = namedByMessage(input, code, events, r);
    if (!c) mine = named;
    // A check less severe than the message (a compat library not in use here, the paste's in use) does not speak for it.
    else if (r.specific || SEVERITY_ORDER[c.severity] > SEVERITY_ORDER[r.finding.severity])
      mine = confirmedBy({ ...named, evidence: eachFactOnce([...named.evidence, ...checks.flatMap((f) => f.evidence)]) }, checks.length);
    else {
      const { rank, unconfirmed } = named;
      const evidence = eachFactOnce([...lineEvidence(events), ...c.evidence, ...more.flatMap((f) => f.evidence)]);
      mine = confirmedBy({ ...c, evidence, fix: [...c.fix], ...(rank ? { rank } : {}), ...(unconfirmed ? { unconfirmed } : {}) }, checks.length);
    }
  } else if (c) {
    mine = confirmedBy(fromCheck({ ...c, evidence: eachFactOnce([...c.evidence, ...more.flatMap((f) => f.evidence)]) }), more.length);
  } else {
    mine = guessFinding(input, code);
  }
  if (mine) namedCuda(mine, input);
  return mine ? [mine] : [];
}
