// Runs every rule over one input and orders the Findings: errors first, then by the code's order in DESIGN.md.
import { FINDING_CODES, SEVERITY_ORDER, type Finding } from '../findings.js';
import type { Snapshot } from '../snapshot/types.js';
import { guardFix } from './fix-guard.js';
import type { Rule, RuleFinding, RuleInput } from './types.js';

export interface Diagnosis {
  findings: Finding[];
  /** A rule that threw is a bug in gpuenv: kept apart so the rest of the report still stands. */
  ruleErrors: { code: string; message: string }[];
}

export async function diagnose(snapshot: Snapshot, rules?: readonly Rule[]): Promise<Diagnosis> {
  const list = rules ?? (await import('./rules/index.js')).RULES;
  return runRules(snapshot, list);
}

/** The input of a live diagnosis: a probed machine, no text. */
export function machineInput(snapshot: Snapshot): RuleInput {
  return { snapshot, events: [], text: null, cues: [], trouble: false, origin: 'machine' };
}

/** Every rule over the input, findings as the rules made them (with their rank), in rule order. */
export function judge(input: RuleInput, rules: readonly Rule[]): { findings: RuleFinding[]; ruleErrors: Diagnosis['ruleErrors'] } {
  const findings: RuleFinding[] = [];
  const ruleErrors: Diagnosis['ruleErrors'] = [];
  const run = (rule: Rule, given: RuleInput) => {
    try {
      findings.push(...rule.check(given));
    } catch (error) {
      ruleErrors.push({ code: rule.code, message: String((error as Error)?.message ?? error) });
    }
  };
  for (const rule of rules) if (!rule.last) run(rule, input);
  // Rules of last resort see what the others found (a copy: each sees the same list, not one another's).
  const before = [...findings];
  for (const rule of rules) if (rule.last) run(rule, { ...input, found: before });
  // No fix line leaves the rules unchecked: a command the knowledge tables contradict is withheld (fix-guard.ts).
  return { findings: findings.map((f) => guardFix(f, input.snapshot)), ruleErrors };
}

export function runRules(snapshot: Snapshot, rules: readonly Rule[]): Diagnosis {
  const { findings, ruleErrors } = judge(machineInput(snapshot), rules);
  return { findings: sortFindings(findings.map(withoutRank)), ruleErrors };
}

export function withoutRank(f: RuleFinding): Finding {
  const { rank: _rank, ...finding } = f;
  return finding;
}

export function sortFindings(findings: Finding[]): Finding[] {
  const order = (c: string) => FINDING_CODES.indexOf(c as (typeof FINDING_CODES)[number]);
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || order(a.code) - order(b.code));
}

export function hasErrors(findings: Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
