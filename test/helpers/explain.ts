// What the explain failure-class tests share: explain with every doctor rule, and a finding's text as the scorer
// reads it (scripts/eval-explain.mjs: title, cause, fix and evidence).
import { RULES } from '../../src/diagnose/rules/index.js';
import { explainText, type RankedFinding } from '../../src/explain/index.js';

export const explain = (text: string) => explainText(text, { rules: RULES });
export const all = (f: RankedFinding) => [f.title, f.cause, ...f.fix, ...f.evidence.map((e) => `${e.fact} ${e.value}`)].join('\n');
export const topTwo = (r: { findings: RankedFinding[] }) => r.findings.slice(0, 2).map((f) => f.code);
export const find = (r: { findings: RankedFinding[] }, code: string) => r.findings.find((f) => f.code === code);
