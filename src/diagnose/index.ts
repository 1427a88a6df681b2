// Runs every rule over a Snapshot and orders the Findings: errors first, then by the code's order in DESIGN.md.
import type { Snapshot } from '../snapshot/types.js';
import { FINDING_CODES, SEVERITY_ORDER, type Finding, type Rule } from './types.js';

export interface Diagnosis {
  findings: Finding[];
  /** A rule that threw is a bug in gpuenv: kept apart so the rest of the report still stands. */
  ruleErrors: { code: string; message: string }[];
}

export async function diagnose(snapshot: Snapshot, rules?: readonly Rule[]): Promise<Diagnosis> {
  const list = rules ?? (await import('./rules/index.js')).RULES;
  return runRules(snapshot, list);
}

export function runRules(snapshot: Snapshot, rules: readonly Rule[]): Diagnosis {
  const findings: Finding[] = [];
  const ruleErrors: Diagnosis['ruleErrors'] = [];
  for (const rule of rules) {
    try {
      findings.push(...rule.check(snapshot));
    } catch (error) {
      ruleErrors.push({ code: rule.code, message: String((error as Error)?.message ?? error) });
    }
  }
  return { findings: sortFindings(findings), ruleErrors };
}

export function sortFindings(findings: Finding[]): Finding[] {
  const order = (c: string) => FINDING_CODES.indexOf(c as (typeof FINDING_CODES)[number]);
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || order(a.code) - order(b.code));
}

export function hasErrors(findings: Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
