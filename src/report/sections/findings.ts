// Findings grouped by severity, each with its cause, the evidence it rests on and the fix commands in order, a copy
// button per command (the full page only: a fragment has no script, and a button that does nothing is noise).
import type { Finding, Severity } from '../../findings.js';
import { type Html, html } from '../escape.js';
import { msg } from '../messages.js';

export interface SourcedFinding {
  finding: Finding;
  /** Which run found it: the doctor's rules or the benchmark. */
  from: 'doctor' | 'bench';
}

const ORDER: Severity[] = ['error', 'warning', 'info'];

export function findingsSection(list: SourcedFinding[], buttons: boolean): Html {
  const count = (s: Severity) => list.filter((f) => f.finding.severity === s).length;
  const summary = msg('findings.summary', { errors: count('error'), warnings: count('warning'), infos: count('info') });
  const groups = ORDER.filter((sev) => count(sev) > 0).map(
    (sev) =>
      html`<div class="severity ${sev}"><h3>${msg(`sev.${sev}s`)} (${count(sev)})</h3>${list.filter((f) => f.finding.severity === sev).map((f) => card(f, buttons))}</div>`,
  );
  return html`<section id="gpuenv-findings" class="findings"><h2>${msg('findings.title')}</h2><p class="meta">${list.length === 0 ? msg('findings.none') : summary}</p>${groups}</section>`;
}

function card({ finding: f, from }: SourcedFinding, buttons: boolean): Html {
  const unchecked = new Map((f.unchecked ?? []).map((u) => [u.line, u.why]));
  const evidence =
    f.evidence.length > 0 &&
    html`<details open><summary>${msg('findings.evidence')}</summary><div class="scroll"><table class="evidence"><thead><tr><th>${msg('fact')}</th><th>${msg('value')}</th><th>${msg('source')}</th></tr></thead><tbody>${f.evidence.map(
      (e) => html`<tr><td>${e.fact}</td><td class="path mono">${e.value}</td><td class="mono">${e.source}</td></tr>`,
    )}</tbody></table></div></details>`;
  const fix =
    f.fix.length > 0 &&
    html`<h5>${msg('findings.fix')}</h5><ol class="fix">${f.fix.map((line) => {
      const why = unchecked.get(line);
      const note = why !== undefined && html`<span class="why">${msg('findings.unchecked', { why })}</span>`;
      // Lines starting with "# " are instructions for a person: shown, never offered for copying.
      if (line.startsWith('# ')) return html`<li class="comment">${line.slice(2)}${note}</li>`;
      return html`<li class="cmd"><code>${line}</code>${buttons && html`<button type="button" class="copy" data-label="${msg('copy')}" data-done="${msg('copied')}" data-fail="${msg('copyFailed')}">${msg('copy')}</button>`}${note}</li>`;
    })}</ol>`;
  return html`<article class="finding ${f.severity}" data-code="${f.code}"><h4><span class="badge ${f.severity}">${msg(`sev.${f.severity}`)}</span> ${f.title} <code class="code">${f.code}</code>${f.subject && html` <span class="note">${f.subject}</span>`}</h4>
<p class="note">${msg(from === 'bench' ? 'findings.fromBench' : 'findings.fromDoctor')}</p>
<p class="cause">${f.cause}</p>${f.unconfirmed && html`<p class="unconfirmed">${msg('findings.unconfirmed', { what: f.unconfirmed })}</p>`}${evidence}${fix}</article>`;
}
