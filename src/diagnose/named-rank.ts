// How a rule that reads its whole input ranks what it finds in a text (explain): named by a message, established by
// the facts alone, or a check of the Snapshot. The same ranks as from-text.ts (namedByMessage, fromFactsAlone,
// fromCheck), which the run-time rules use; kept while library-findings.ts and library-shadowing.ts import it.
import { FINDING_CODES, SEVERITY_ORDER, type Finding } from '../findings.js';
import { signatureById } from '../knowledge/error-signatures.js';
import type { ErrorEvent } from '../parse/types.js';
import { em } from './explainers/messages.js';
import { FACT_PRIOR } from './from-text.js';
import { codeOrder, eventBase } from './rank.js';
import type { Rank, RuleFinding, RuleInput } from './types.js';

export { envSource } from './env-evidence.js';

/**
 * A finding a message names: its events and fit, ordered among ties by where the events first name the code;
 * `confirmed` when a check of the Snapshot shows the same cause (+0.15). Notes a signature row that is not confirmed.
 */
export function named(input: RuleInput, f: Finding, events: readonly ErrorEvent[], fit: number, confirmed = false): RuleFinding {
  const { event } = eventBase(events, f.code);
  const sig = event ? signatureById(event.signature) : undefined;
  const rank: Rank = { events, fit, phase: 0, index: codeOrder(input.events).indexOf(f.code), ...(confirmed ? { confirmations: 1 } : {}) };
  return { ...f, ...(sig && !sig.confirmed ? { unconfirmed: em('unconfirmedSignature', { id: sig.id }) } : {}), rank };
}

/** A cause the pasted facts establish without a message naming it; `index` orders ties among such causes. */
export function fromFacts(f: Finding, fit: number, index: number, confirmed = false): RuleFinding {
  return { ...f, rank: { events: [], fit, prior: FACT_PRIOR, phase: 1, index, ...(confirmed ? { confirmations: 1 } : {}) } };
}

/** A check of the Snapshot alone: ranked by its severity. */
export function checked(f: Finding): RuleFinding {
  return { ...f, rank: { events: [], fit: 1, phase: 3, index: SEVERITY_ORDER[f.severity] * 100 + FINDING_CODES.indexOf(f.code) } };
}
