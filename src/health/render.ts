// `gpuenv health` for a person: the verdict, each check on one line, then what is wrong and the first fix line.
import type { Style } from '../render/style.js';
import { padEndDisplay } from '../render/width.js';
import type { SlurmAction } from './slurm.js';
import type { HealthResult } from './types.js';

const MARK: Record<string, string> = { ok: 'ok', warning: 'warn', error: 'FAIL', skipped: 'skip' };

export function renderHealthText(r: HealthResult, style: Style, slurm: SlurmAction | null): string {
  const verdict = {
    ok: style.green('HEALTHY'),
    warning: style.yellow('HEALTHY, with warnings'),
    error: style.red('UNHEALTHY'),
    unknown: style.yellow('UNKNOWN (gpuenv could not decide)'),
  }[r.status];
  const lines = [`gpuenv health: ${verdict} — node ${r.node.name}, ${(r.durationMs / 1000).toFixed(1)} s`];
  if (r.failure) lines.push(`  ${r.failure}`);
  for (const c of r.checks) {
    const mark = padEndDisplay(MARK[c.status]!, 4);
    const paint = c.status === 'error' ? style.red : c.status === 'warning' ? style.yellow : c.status === 'skipped' ? style.dim : style.green;
    lines.push(`  ${paint(mark)} ${padEndDisplay(c.name, 13)} ${c.detail}`);
  }
  const shown = r.findings.filter((f) => f.severity !== 'info' || r.findings.length < 6);
  if (shown.length) lines.push('');
  for (const f of shown) {
    lines.push(`${f.severity === 'error' ? style.red('error') : f.severity === 'warning' ? style.yellow('warning') : 'info'} [${f.code}] ${f.title}`);
    const fix = f.fix.find((l) => !l.startsWith('# '));
    if (fix) lines.push(`    ${style.dim('fix:')} ${fix}`);
  }
  if (r.retried.length) lines.push('', style.dim(`asked again after a timeout: ${r.retried.join(', ')}`));
  if (slurm) lines.push('', `slurm: ${slurm.action} ${slurm.node} — ${slurm.detail}`);
  if (r.findings.length) lines.push('', style.dim('gpuenv doctor shows every finding with its evidence and full fix.'));
  return `${lines.join('\n')}\n`;
}
