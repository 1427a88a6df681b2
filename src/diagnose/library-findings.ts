// How the library rules (library-not-found, cudnn-mismatch, library-shadowing) turn what a message names and what a
// check of the Snapshot finds into one finding per subject, and the evidence lines both sides share.
import { SEVERITY_ORDER, type Evidence, type Finding, type FindingCode } from '../findings.js';
import type { ErrorEvent } from '../parse/types.js';
import type { LoadedCopy } from '../snapshot/library-copies.js';
import { lineEvidence } from './explain-helpers.js';
import { guessFinding } from './guess.js';
import { namedCuda } from './named-cuda.js';
import { confirmedBy, fromCheck, fromFactsAlone, namedByMessage } from './from-text.js';
import { msg } from './rules/messages.js';
import type { RuleFinding, RuleInput } from './types.js';

/** A finding of a check of the Snapshot, with the libraries (sonames) it is about. */
export interface Checked {
  finding: Finding;
  libs: readonly string[];
}

/** A finding the text establishes: named by `events` (a message), or by the pasted facts alone when there are none. */
export interface Told {
  finding: Finding;
  fit: number;
  events: readonly ErrorEvent[];
  /** The libraries the text names; empty when it names none (then any check of the code is about the same cause). */
  libs: readonly string[];
  /** Facts alone: the tie order among such causes. */
  factIndex?: number;
}

/**
 * The lines of the messages a finding rests on, up to three, each line once: one line that two signatures match
 * ("… libcusparse.so.12: undefined symbol: __nvJitLink…, version libnvJitLink.so.12") is one fact.
 */
export function messageLines(events: readonly ErrorEvent[]): Evidence[] {
  const out: Evidence[] = [];
  const seen = new Set<string>();
  for (const e of events) {
    if (out.length >= 3) break;
    const shown = lineEvidence([e])[0];
    if (!shown || seen.has(e.signature) || out.some((x) => x.fact === shown.fact && x.value === shown.value)) continue;
    seen.add(e.signature);
    out.push(shown);
  }
  return out;
}

/** A library the loader does not find: one wording whether a probe or a text says so. */
export function missingEvidence(soname: string, source: string, detail?: string | null): Evidence {
  return { fact: msg('libraries.evResolves', { soname }), value: detail ?? msg('libraries.notFound'), source };
}

/** The copy of a library that loads (snapshot/library-copies.ts): its file when known, else its version. */
export function loadedEvidence(fact: string, copy: LoadedCopy): Evidence {
  if (copy.path && copy.soname)
    return { fact: msg('libraries.evResolves', { soname: copy.soname }), value: `${copy.path}${copy.version ? ` (${copy.version})` : ''}`, source: copy.via };
  return { fact, value: copy.version ?? '?', source: copy.source };
}

/**
 * The findings of one library code. A live diagnosis: the checks as they are. Over a text: the cause the text tells,
 * and when a check of the machine (explain --here) finds the same library, that check's finding — it knows the
 * environment, the path and the exact pin — with the message's lines in front; every other check is its own finding;
 * with nothing else, the guess from the words of the text.
 */
export function unite(input: RuleInput, code: FindingCode, told: Told | undefined, checks: readonly Checked[]): RuleFinding[] {
  if (input.origin === 'machine') return checks.map((c) => c.finding);
  const rest = [...checks].sort((a, b) => SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity]);
  const out: RuleFinding[] = [];
  if (told) {
    const i = rest.findIndex((c) => told.libs.length === 0 || c.libs.some((l) => told.libs.includes(l)));
    const same = i >= 0 ? rest.splice(i, 1)[0] : undefined;
    const f = same ? together(told, same) : told.finding;
    out.push(
      confirmedBy(
        told.events.length
          ? namedByMessage(input, f.code, told.events, { finding: f, fit: told.fit })
          : fromFactsAlone({ finding: f, fit: told.fit }, told.factIndex ?? 0),
        same ? 1 : 0,
      ),
    );
  }
  out.push(...rest.map((c) => fromCheck(c.finding)));
  const guess = out.length ? undefined : guessFinding(input, code);
  if (guess) out.push(guess);
  for (const f of out) namedCuda(f, input);
  return out;
}

/** The check's finding, with the message's lines first and the text's other facts the check does not state. */
function together(told: Told, c: Checked): Finding {
  const lines = messageLines(told.events);
  const facts = told.finding.evidence.filter((e) => !lines.some((l) => l.fact === e.fact && l.value === e.value));
  const stated = (e: Evidence) => c.finding.evidence.some((x) => x.fact === e.fact || x.value === e.value);
  return { ...c.finding, evidence: [...lines, ...c.finding.evidence, ...facts.filter((e) => !stated(e))], fix: [...c.finding.fix] };
}
