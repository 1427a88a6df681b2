// `explain`: pasted text → partial facts and error events (parse/) → the doctor's rules over them (diagnose/) →
// ranked Findings. Nothing here decides a cause: the rules do, and diagnose/rank.ts scores them.
import { judge, withoutRank } from '../diagnose/index.js';
import { scoreOf, withSymptoms } from '../diagnose/rank.js';
import type { Rule, RuleFinding, RuleInput } from '../diagnose/types.js';
import type { Finding } from '../findings.js';
import { parsePaste, type ParsedPaste } from '../parse/index.js';
import { snapshotFromFacts } from '../parse/snapshot.js';
import type { Snapshot } from '../snapshot/types.js';

export interface RankedFinding extends Finding {
  /** Higher is more likely the root cause; findings are sorted by it. */
  score: number;
}

export interface Explanation {
  parsed: ParsedPaste;
  snapshot: Snapshot;
  findings: RankedFinding[];
  ruleErrors: { code: string; message: string }[];
}

export interface ExplainOptions {
  rules?: readonly Rule[];
  /** This machine's Snapshot (`--here`): its facts win over the paste's. */
  here?: Snapshot;
}

export async function explainText(input: Uint8Array | string, options: ExplainOptions = {}): Promise<Explanation> {
  const rules = options.rules ?? (await import('../diagnose/rules/index.js')).RULES;
  return explainParsed(parsePaste(input), rules, options.here);
}

export function explainParsed(parsed: ParsedPaste, rules: readonly Rule[], here?: Snapshot): Explanation {
  const snapshot = snapshotFromFacts(parsed.facts, here);
  const input: RuleInput = {
    snapshot,
    events: parsed.events,
    text: parsed.facts,
    cues: parsed.cues,
    trouble: parsed.trouble,
    origin: here ? 'paste+machine' : 'paste',
  };
  const { findings, ruleErrors } = judge(input, rules);
  return { parsed, snapshot, findings: ranked(withSymptoms(input, findings)), ruleErrors };
}

/** Most likely first; guesses from words alone only when nothing else was found. */
function ranked(findings: readonly RuleFinding[]): RankedFinding[] {
  const solid = findings.filter((f) => !f.rank?.guess);
  const shown = solid.length ? solid : findings;
  const key = (f: RuleFinding) => ({ score: f.rank ? scoreOf(f.rank, f.code, f.severity) : 0, phase: f.rank?.phase ?? 3, index: f.rank?.index ?? 0 });
  return shown
    .map((f) => ({ f, k: key(f) }))
    .sort((a, b) => b.k.score - a.k.score || a.k.phase - b.k.phase || a.k.index - b.k.index)
    .map(({ f, k }) => ({ ...forReaders(withoutRank(f)), score: k.score }));
}

/**
 * Each fact once: a line two signatures matched, a version two checks state. Two settings of the same value ("1")
 * are two facts; the same quoted line under two names is one.
 */
function forReaders(f: Finding): Finding {
  const same = (a: Finding['evidence'][number], b: Finding['evidence'][number]) => a.value === b.value && (a.fact === b.fact || a.value.length >= 40);
  return { ...f, evidence: f.evidence.filter((e, i, all) => !all.slice(0, i).some((x) => same(x, e))) };
}
