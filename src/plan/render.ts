// Text rendering of a plan: choices, numbered steps with their commands and checks, then the reasons.
import { makeStyle } from '../render/style.js';
import { msg } from './messages.js';
import type { Plan, PlanTarget, Via } from './types.js';

export function renderPlan(plan: Plan, t: PlanTarget, via: Via, color: boolean): string {
  const s = makeStyle(color);
  const out: string[] = [];
  const gpus = t.gpus.map((g) => `${g.name} (sm_${g.cc.replace('.', '')})`).join(', ') || '?';
  const os = t.snapshot.os.prettyName?.value ?? t.snapshot.os.id?.value ?? '?';
  out.push(s.bold(msg('planFor', { gpus, driver: t.driver?.version ?? t.driver?.cuda ?? '?', os, via })), '');
  if (!plan.ok) {
    out.push(s.red(msg('planNone')), ...plan.reasons.map((r) => `  - ${r}`), '');
    return out.join('\n');
  }
  out.push(s.bold(msg('headChoices')));
  for (const c of plan.choices)
    out.push(
      `  ${c.framework} ${c.version} ${c.variant} · Python ${c.python}${c.indexUrl ? ` · ${c.indexUrl}` : ''}${c.env !== 'gpu' ? ` · env ${c.env}` : ''}`,
    );
  out.push('', s.bold(msg('headSteps')));
  plan.steps.forEach((st, i) => {
    out.push(`  ${i + 1}. ${s.cyan(st.title)}`);
    for (const c of st.commands) out.push(`     ${c.startsWith('#') ? s.dim(c) : c}`);
    if (st.verify.length) out.push(`     ${s.green(msg('verify'))}`, ...st.verify.map((v) => `       ${v}`));
  });
  out.push('', s.bold(msg('headReasons')), ...plan.reasons.map((r) => `  - ${r}`), '');
  return out.join('\n');
}
