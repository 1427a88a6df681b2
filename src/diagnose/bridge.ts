// Transitional: folds a code's explainer (the paste side, diagnose/explainers/) into its Snapshot rule, so each code
// has one producer while the explainers are moved into the rule files family by family. Reproduces the ranking the
// explain engine used (a cause named by a message, then facts alone, then a Snapshot check that confirms it).
import { FINDING_CODES, SEVERITY_ORDER, type Finding, type FindingCode } from '../findings.js';
import { signatureById } from '../knowledge/error-signatures.js';
import type { Snapshot } from '../snapshot/types.js';
import { contextOf } from './context.js';
import { EXPLAINERS, type Explainer } from './explainers/explainers.js';
import { em } from './explainers/messages.js';
import { guessFinding } from './guess.js';
import { namedCuda } from './named-cuda.js';
import { codeOrder, eventBase, eventsFor } from './rank.js';
import type { Rule, RuleFinding, RuleInput, RuleScope, SnapshotRule } from './types.js';

/** A cause from facts alone ranks below one a message names (a signature of weight 1 scores 1 × fit). */
const FACT_WEIGHT = 0.4;
const FACT_FIRST: readonly [FindingCode, Explainer][] = [
];

/** One Rule for a code: its Snapshot checks and its explainer. */
export function bridge(code: FindingCode, scope: RuleScope, parts: readonly SnapshotRule[]): Rule {
  const machine = (s: Snapshot): Finding[] => parts.flatMap((p) => p.check(s));
  return {
    code,
    scope,
    check(input) {
      if (input.origin === 'machine') return machine(input.snapshot);
      const mine = fromText(code, input, machine);
      return mine ? [mine] : [];
    },
  };
}

function fromText(code: FindingCode, input: RuleInput, machine: (s: Snapshot) => Finding[]): RuleFinding | undefined {
  const ctx = contextOf(input);
  let mine: RuleFinding | undefined;
  const events = eventsFor(input, code);
  const explainer = EXPLAINERS[code];
  if (events.length && explainer) {
    const r = explainer(ctx, events);
    if (r && r.fit > 0) {
      const { event } = eventBase(events, code);
      const sig = event ? signatureById(event.signature) : undefined;
      const unconfirmed = sig && !sig.confirmed ? em('unconfirmedSignature', { id: sig.id }) : undefined;
      mine = { ...r.finding, ...(unconfirmed ? { unconfirmed } : {}), rank: { events, fit: r.fit, phase: 0, index: codeOrder(input.events).indexOf(code) } };
    }
  }
  if (!mine) {
    FACT_FIRST.some(([c, explain], i) => {
      if (c !== code) return false;
      const r = explain(ctx, []);
      if (!r || r.fit <= 0) return false;
      mine = { ...r.finding, rank: { events: [], fit: r.fit, prior: FACT_WEIGHT, phase: 1, index: i } };
      return true;
    });
  }
  // Most severe first (the doctor's order), so the finding a check adds to is its strongest.
  const raw = machine(input.snapshot).sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  for (const f of raw) {
    if (mine) {
      // Same cause seen by a check of the facts: one finding, with the check's facts and commands added.
      const rank = mine.rank ?? { events: [], fit: 1, phase: 3 as const, index: 0 };
      mine.rank = { ...rank, confirmations: (rank.confirmations ?? 0) + 1 };
      for (const e of f.evidence) if (!mine.evidence.some((x) => x.fact === e.fact && x.value === e.value)) mine.evidence.push(e);
      for (const line of f.fix) if (!mine.fix.includes(line)) mine.fix.push(line);
      continue;
    }
    mine = { ...f, evidence: [...f.evidence], fix: [...f.fix], rank: { events: [], fit: 1, phase: 3, index: SEVERITY_ORDER[f.severity] * 100 + FINDING_CODES.indexOf(code) } };
  }
  if (!mine) mine = guessFinding(input, code);
  if (mine) namedCuda(mine, input);
  return mine;
}
