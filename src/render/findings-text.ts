// Findings for people: what is wrong, why, on which facts, and the commands to run.
import type { Finding, Severity } from '../findings.js';
import { msg } from './messages.js';
import { sourceLabel } from './source-label.js';
import type { Style } from './style.js';
import { wrapText } from './wrap.js';

const MARK: Record<Severity, string> = { error: '✗', warning: '!', info: 'i' };

/** `width`: the columns of the terminal (outputWidth); causes wrap to it. */
export function findingsSection(findings: readonly Finding[], st: Style, width: number): string[] {
  const out = [st.bold(msg('doc.findings'))];
  if (findings.length === 0) return [...out, `  ${st.green(msg('doc.noFindings'))}`];
  const color = (sev: Severity, s: string) => (sev === 'error' ? st.red(s) : sev === 'warning' ? st.yellow(s) : st.cyan(s));
  for (const f of findings) {
    out.push('', `  ${color(f.severity, `${MARK[f.severity]} ${msg(`doc.severity.${f.severity}`)}`)}  ${st.bold(f.title)}  ${st.dim(`[${f.code}]`)}`);
    out.push(...wrapText(f.cause, width, 6));
    if (f.unconfirmed) out.push(`      ${st.yellow(msg('doc.unconfirmed', { what: f.unconfirmed }))}`);
    if (f.evidence.length) {
      out.push(`      ${st.dim(`${msg('doc.evidence')}:`)}`);
      for (const e of f.evidence) out.push(`        ${e.fact}: ${e.value}  ${st.dim(`(${sourceLabel(e.source)})`)}`);
    }
    if (f.fix.length) {
      out.push(`      ${st.dim(`${msg('doc.fix')}:`)}`);
      for (const line of f.fix) out.push(line.startsWith('# ') ? `        ${st.dim(line)}` : `        $ ${line}`);
    }
  }
  const count = (s: Severity) => findings.filter((f) => f.severity === s).length;
  out.push('', `  ${msg('doc.summary', { errors: count('error'), warnings: count('warning'), infos: count('info') })}`);
  return out;
}
