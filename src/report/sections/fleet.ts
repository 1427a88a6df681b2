// The fleet: a node × check matrix built from fleet report's own analysis (fleet/report.ts: drift groups, hardware
// counters, findings, bench outliers), sortable by a click on a header, a node's value marked where it is not the
// baseline's (the majority, or the lock's). The detail tables follow: drift groups as host lists, counters, outliers.
import type { Severity } from '../../findings.js';
import { counterLabel, KEYS, keyLabel, type FleetReport } from '../../fleet/report.js';
import { type Html, html } from '../escape.js';
import { msg } from '../messages.js';

export interface FleetInput {
  /** The folders as the user named them. */
  dirs: string[];
  report: FleetReport;
  unreadable: { file: string; reason: string }[];
}

const SEVERITIES: string[] = ['error', 'warning', 'info'];
/** The must-match keys, from fleet report's own list. */
const MUST_MATCH = KEYS.filter((k) => k.mustMatch).map((k) => k.key);

export function fleetSection(f: FleetInput): Html {
  const r = f.report;
  // Columns: every key that differs, and the must-match keys even when all agree (what an admin checks first).
  const columns = [
    ...r.drift.map((d) => ({ key: d.key, mustMatch: d.mustMatch, value: (node: string) => d.groups.find((g) => g.nodes.includes(node)), base: d.groups[0] })),
    ...r.same
      .filter((s) => MUST_MATCH.includes(s.key))
      .map((s) => ({ key: s.key, mustMatch: true, value: () => ({ value: s.value, nodes: r.nodes, hostlist: '' }), base: undefined })),
  ];
  const head = html`<tr><th>${msg('fleet.node')}</th>${columns.map((c) => html`<th title="${c.mustMatch ? msg('fleet.mustMatch') : msg('fleet.reported')}">${keyLabel(c.key)}${c.mustMatch ? ' ★' : ''}</th>`)}<th>${msg('fleet.hardware')}</th><th>${msg('sev.errors')}</th><th>${msg('sev.warnings')}</th><th>${msg('fleet.outliers')}</th></tr>`;
  const body = r.nodes.map((node) => {
    const cells = columns.map((c) => {
      const g = c.value(node);
      if (!g) return html`<td class="note" data-sort="">${r.withoutSnapshot.includes(node) ? msg('fleet.noSnapshot') : '—'}</td>`;
      const odd = c.base !== undefined && g !== c.base;
      return html`<td class="${odd ? `odd${c.mustMatch ? ' must' : ''}` : ''}"${odd ? html` title="${msg('fleet.oddCell', { value: c.base!.value, hostlist: c.base!.hostlist })}"` : ''}>${g.value}</td>`;
    });
    const hw = r.hardware.filter((h) => h.node === node);
    const errs = r.findings.filter((x) => x.severity === 'error' && x.nodes.includes(node));
    const warns = r.findings.filter((x) => x.severity === 'warning' && x.nodes.includes(node));
    const outs = r.outliers.filter((o) => o.node === node);
    // The count sorts; the first few names say what it counts, the tooltip lists them all.
    const counted = (n: number, what: string[], cls: string) =>
      html`<td class="count${n > 0 ? ` ${cls}` : ''}" data-sort="${n}"${what.length > 0 ? html` title="${what.join('\n')}"` : ''}>${n}${
        what.length > 0 && html`<span class="note">${what.slice(0, 3).join(', ')}${what.length > 3 ? ', …' : ''}</span>`
      }</td>`;
    return html`<tr data-node="${node}"><th scope="row">${node}</th>${cells}${counted(
      hw.length,
      hw.map((h) => `GPU ${h.gpu < 0 ? '?' : h.gpu} ${counterLabel(h.counter)}`),
      'bad',
    )}${counted(
      errs.length,
      errs.map((x) => x.code),
      'bad',
    )}${counted(
      warns.length,
      warns.map((x) => x.code),
      'odd',
    )}${counted(
      outs.length,
      outs.map((o) => `GPU ${o.gpu} ${o.what} ${o.size}`),
      'bad',
    )}</tr>`;
  });
  const mustDrift = r.drift.filter((d) => d.mustMatch).length;
  return html`<section id="gpuenv-fleet" class="fleet"><h2>${msg('fleet.title', { nodes: r.nodes.length })}</h2>
<p class="meta">${msg('fleet.dir', { dir: f.dirs.join(', ') })}</p>
<ul class="tally">${(
    [
      ['fleet.tallyMust', mustDrift],
      ['fleet.tallyDrift', r.drift.length],
      ['fleet.tallyHw', new Set(r.hardware.map((h) => h.node)).size],
      ['fleet.tallyFindings', r.findings.length],
      ['fleet.tallyOutliers', r.outliers.length],
      ['fleet.tallyUnreadable', f.unreadable.length],
    ] as const
  ).map(([key, n]) => html`<li${n > 0 && key !== 'fleet.tallyFindings' ? html` class="bad"` : ''}>${msg(key)}: <b>${n}</b></li>`)}</ul>
<p class="note">${msg('fleet.sortHint')}</p>
<div class="scroll"><table class="sortable matrix"><thead>${head}</thead><tbody>${body}</tbody></table></div>
${drift(r)}${same(r)}${hardware(r)}${findings(r)}${outliers(r)}${unreadable(f)}</section>`;
}

function drift(r: FleetReport): Html | false {
  return (
    r.drift.length > 0 &&
    html`<h3>${msg('fleet.drift')}</h3><div class="scroll"><table class="drift"><thead><tr><th>${msg('fleet.key')}</th><th>${msg('value')}</th><th>${msg('fleet.nodes')}</th></tr></thead><tbody>${r.drift.map(
      (d) =>
        d.groups.map(
          (g, i) =>
            html`<tr>${i === 0 && html`<th rowspan="${d.groups.length}">${keyLabel(d.key)}${d.mustMatch ? ' ★' : ''}${d.baseline !== undefined && html`<br><span class="note">${msg('fleet.baseline', { value: d.baseline })}</span>`}</th>`}<td class="${i > 0 ? `odd${d.mustMatch ? ' must' : ''}` : ''}">${g.value}</td><td class="mono">${g.hostlist} (${g.nodes.length})</td></tr>`,
        ),
    )}</tbody></table></div>`
  );
}

function same(r: FleetReport): Html | false {
  return (
    r.same.length > 0 && html`<h3>${msg('fleet.same')}</h3><dl class="facts">${r.same.map((s) => html`<dt>${keyLabel(s.key)}</dt><dd>${s.value}</dd>`)}</dl>`
  );
}

function hardware(r: FleetReport): Html | false {
  return (
    r.hardware.length > 0 &&
    html`<h3>${msg('fleet.hardwareTitle')}</h3><div class="scroll"><table class="sortable hardware"><thead><tr><th>${msg('fleet.node')}</th><th>GPU</th><th>${msg('fleet.counter')}</th><th>${msg('value')}</th></tr></thead><tbody>${r.hardware.map(
      (h) =>
        html`<tr><td>${h.node}</td><td class="num">${h.gpu < 0 ? '?' : h.gpu}</td><td>${counterLabel(h.counter)}</td><td class="num bad">${String(h.value)}</td></tr>`,
    )}</tbody></table></div>`
  );
}

function findings(r: FleetReport): Html | false {
  return (
    r.findings.length > 0 &&
    html`<h3>${msg('findings.title')}</h3><div class="scroll"><table class="sortable fleet-findings"><thead><tr><th>${msg('fleet.code')}</th><th>${msg('fleet.severity')}</th><th>${msg('fleet.findingTitle')}</th><th>${msg('fleet.nodes')}</th></tr></thead><tbody>${r.findings.map(
      (x) =>
        html`<tr><td class="mono">${x.code}</td><td data-sort="${{ error: 0, warning: 1, info: 2 }[x.severity] ?? 3}"><span class="badge ${x.severity}">${SEVERITIES.includes(x.severity) ? msg(`sev.${x.severity as Severity}`) : x.severity}</span></td><td>${x.title}</td><td class="mono" data-sort="${x.nodes.length}">${x.hostlist} (${x.nodes.length})</td></tr>`,
    )}</tbody></table></div>`
  );
}

function outliers(r: FleetReport): Html | false {
  return (
    r.outliers.length > 0 &&
    html`<h3>${msg('fleet.outliers')}</h3><div class="scroll"><table class="sortable outliers"><thead><tr><th>${msg('fleet.node')}</th><th>GPU</th><th>${msg('fleet.product')}</th><th>${msg('bench.what')}</th><th>${msg('bench.size')}</th><th>${msg('bench.measured')}</th><th>${msg('fleet.median')}</th><th>${msg('fleet.below')}</th><th>z</th></tr></thead><tbody>${r.outliers.map(
      (o) =>
        html`<tr><td>${o.node}</td><td class="num">${o.gpu}</td><td>${o.product}</td><td>${o.what}</td><td>${o.size}</td><td class="num bad">${o.value} ${o.unit}</td><td class="num">${o.median} ${o.unit}</td><td class="num">${o.belowPct} %</td><td class="num">${o.z}</td></tr>`,
    )}</tbody></table></div>`
  );
}

function unreadable(f: FleetInput): Html | false {
  return (
    f.unreadable.length > 0 &&
    html`<h3>${msg('fleet.unreadable')}</h3><ul>${f.unreadable.map((u) => html`<li><span class="mono">${u.file}</span>: ${u.reason}</li>`)}</ul>`
  );
}
