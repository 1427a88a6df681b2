// The arithmetic that ranks the causes of one text: a cause named by a message starts from that message's weight
// (its signature's `weight`, less for the second and later causes it lists); facts alone start lower.
import { FINDING_CODES, SEVERITY_ORDER, type Finding, type FindingCode, type Severity } from '../findings.js';
import { signatureById } from '../knowledge/error-signatures.js';
import { isSymptom, symptomCauses, symptomEvents } from '../parse/symptoms.js';
import type { ErrorEvent } from '../parse/types.js';
import { msg } from './rules/messages.js';
import type { Rank, RuleFinding, RuleInput } from './types.js';

/** The first cause a signature lists counts fully, the next ones less. */
const RANK_WEIGHT = [1, 0.6, 0.45, 0.35];
/** A Snapshot check with no message: by severity. */
const RULE_PRIOR: Record<Severity, number> = { error: 0.55, warning: 0.25, info: 0.1 };
const CONFIRMATION = 0.15;

/**
 * The events whose signature lists this code among its causes. A symptom in prose ("GPU not used") lists causes too,
 * but names none of them: it is no message a rule reads as naming its cause (withSymptoms confirms what facts find).
 */
export function eventsFor(input: RuleInput, code: FindingCode): ErrorEvent[] {
  return input.events.filter((e) => !isSymptom(e.signature) && signatureById(e.signature)?.causes.some((c) => c.code === code));
}

/** The strongest weight the events give this code, and the event that gives it. */
export function eventBase(events: readonly ErrorEvent[], code: FindingCode): { base: number; event: ErrorEvent | undefined } {
  let base = 0;
  let event: ErrorEvent | undefined;
  for (const e of events) {
    const sig = signatureById(e.signature);
    const i = sig?.causes.findIndex((c) => c.code === code) ?? -1;
    if (!sig || i < 0) continue;
    const b = sig.weight * (RANK_WEIGHT[i] ?? 0.3);
    if (b > base) {
      base = b;
      event = e;
    }
  }
  return { base, event };
}

/** Codes in the order the events first name them (ties between equal scores keep this order). */
export function codeOrder(events: readonly ErrorEvent[]): FindingCode[] {
  const out: FindingCode[] = [];
  for (const e of events) {
    if (isSymptom(e.signature)) continue;
    for (const c of signatureById(e.signature)?.causes ?? []) if (!out.includes(c.code)) out.push(c.code);
  }
  return out;
}

export function scoreOf(rank: Rank, code: FindingCode, severity: Severity): number {
  const confirmed = (rank.confirmations ?? 0) * CONFIRMATION;
  if (rank.fixed !== undefined) return round(round(rank.fixed) + confirmed);
  if (rank.events.length) {
    const { base } = eventBase(rank.events, code);
    const repeats = Math.min(4, new Set(rank.events.map((e) => e.signature)).size - 1) * 0.03;
    return round(round(base * rank.fit + repeats) + confirmed);
  }
  return round((rank.prior ?? RULE_PRIOR[severity]) * rank.fit + confirmed);
}

export function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Findings of a check over facts alone (no message names them): ranked as such when the facts came with a text. */
export function factFindings(input: RuleInput, findings: readonly Finding[]): RuleFinding[] {
  if (input.origin === 'machine') return [...findings];
  return findings.map((f) => ({ ...f, rank: { events: [], fit: 1, phase: 3, index: SEVERITY_ORDER[f.severity] * 100 + FINDING_CODES.indexOf(f.code) } }));
}

/**
 * A symptom the paste states ("only the CPU is used", "检测不到GPU", "very slow") confirms each finding of a cause its
 * row lists (knowledge/data/error-signatures/symptoms.ts): one confirmation however many symptoms, and the line as
 * evidence. Guesses stay guesses. The same for every rule, so the facts still decide between the causes.
 */
export function withSymptoms(input: RuleInput, findings: readonly RuleFinding[]): RuleFinding[] {
  const said = symptomEvents(input.events);
  if (!said.length) return [...findings];
  return findings.map((f) => {
    if (!f.rank || f.rank.guess) return f;
    const lines = said.filter((e) => symptomCauses(e.signature).includes(f.code));
    if (!lines.length) return f;
    const evidence = [...f.evidence];
    for (const e of lines.slice(0, 2))
      if (!evidence.some((x) => x.value === e.text))
        evidence.push({ fact: msg('explain.evSymptom', { line: e.line }), value: e.text.slice(0, 300), source: 'pasted' });
    return { ...f, evidence, rank: { ...f.rank, confirmations: (f.rank.confirmations ?? 0) + 1 } };
  });
}
