// `gpuenv health` for a person: the verdict, each check on one line, then what is wrong and the first fix line.
import type { Style } from '../render/style.js';
import { padEndDisplay } from '../render/width.js';
import { msg } from './messages.js';
import type { SlurmAction } from './slurm.js';
import { CHECK_NAMES, type CheckName, type HealthResult } from './types.js';

const MARK: Record<string, string> = { ok: 'ok', warning: 'warn', error: 'FAIL', skipped: 'skip' };

export function renderHealthText(r: HealthResult, style: Style, slurm: SlurmAction | null): string {
  const verdict = {
    ok: style.green(msg('verdict.ok')),
    warning: style.yellow(msg('verdict.warning')),
    error: style.red(msg('verdict.error')),
    unknown: style.yellow(msg('verdict.unknown')),
  }[r.status];
  const lines = [msg('text.head', { verdict, node: r.node.name, seconds: (r.durationMs / 1000).toFixed(1) })];
  if (r.failure) lines.push(`  ${r.failure}`);
  for (const c of r.checks) {
    const mark = padEndDisplay(MARK[c.status]!, 4);
    const paint = c.status === 'error' ? style.red : c.status === 'warning' ? style.yellow : c.status === 'skipped' ? style.dim : style.green;
    lines.push(`  ${paint(mark)} ${padEndDisplay(checkLabel(c.name), 13)} ${c.detail}`);
  }
  const shown = r.findings.filter((f) => f.severity !== 'info' || r.findings.length < 6);
  if (shown.length) lines.push('');
  for (const f of shown) {
    const sev = msg(`text.severity.${f.severity}`);
    lines.push(`${f.severity === 'error' ? style.red(sev) : f.severity === 'warning' ? style.yellow(sev) : sev} [${f.code}] ${f.title}`);
    const fix = f.fix.find((l) => !l.startsWith('# '));
    if (fix) lines.push(`    ${style.dim(msg('text.fix'))} ${fix}`);
  }
  if (r.retried.length) lines.push('', style.dim(msg('text.retried', { probes: r.retried.join(', ') })));
  if (slurm) lines.push('', msg('text.slurm', { action: actionLabel(slurm.action), node: slurm.node, detail: slurm.detail }));
  if (r.findings.length) lines.push('', style.dim(msg('text.doctor')));
  return `${lines.join('\n')}\n`;
}

/** A check as shown; its name stays the stable id in the JSON. One another version wrote, as it is. */
export function checkLabel(name: string): string {
  return (CHECK_NAMES as readonly string[]).includes(name) ? msg(`check.${name as CheckName}`) : name;
}

export function actionLabel(action: SlurmAction['action']): string {
  return msg(`action.${action}`);
}
