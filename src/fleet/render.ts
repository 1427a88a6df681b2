// Text and Markdown forms of a fleet report.
import { table, type Style } from '../render/style.js';
import { msg } from './messages.js';
import { counterLabel, keyLabel, type FleetReport } from './report.js';

/** A severity as shown; one another version wrote, as it is. */
const severity = (sev: string) => (sev === 'error' || sev === 'warning' || sev === 'info' ? msg(`report.severity.${sev}`) : sev);

export function failReasons(r: FleetReport, unreadable: number): string[] {
  const why: string[] = [];
  const keys = r.drift.filter((d) => d.mustMatch).map((d) => keyLabel(d.key));
  if (keys.length) why.push(msg('report.whyDrift', { keys: keys.join(', ') }));
  if (r.hardware.length) why.push(msg('report.whyHardware', { nodes: [...new Set(r.hardware.map((h) => h.node))].join(', ') }));
  if (r.outliers.length) why.push(msg('report.whyOutliers', { nodes: [...new Set(r.outliers.map((o) => o.node))].join(', ') }));
  if (unreadable) why.push(msg('report.whyUnreadable', { count: unreadable }));
  return why;
}

export function renderReportText(r: FleetReport, unreadable: { file: string; reason: string }[], st: Style): string {
  const out = [st.bold(msg('report.title', { count: r.nodes.length })), ''];
  if (r.drift.length) {
    out.push(st.bold(msg('report.drift')));
    const rows: string[][] = [];
    for (const d of r.drift) {
      d.groups.forEach((g, i) =>
        rows.push([
          i === 0 ? (d.mustMatch ? st.red(`≠ ${keyLabel(d.key)}`) : st.yellow(`≠ ${keyLabel(d.key)}`)) : '',
          i === 0 && d.mustMatch ? msg('report.mustMatch') : '',
          g.value,
          `${g.nodes.length}`,
          g.hostlist,
        ]),
      );
      if (d.baseline !== undefined && d.groups[0]?.value !== d.baseline) rows.push(['', '', msg('report.baseline', { value: d.baseline }), '0', '']);
    }
    out.push(...table(rows), '');
  }
  if (r.same.length) {
    out.push(st.bold(msg('report.same')), ...table(r.same.map((s) => [keyLabel(s.key), s.value])), '');
  }
  if (r.hardware.length) {
    out.push(st.bold(msg('report.hardware')), ...table(r.hardware.map((h) => [h.node, `GPU ${h.gpu}`, counterLabel(h.counter), String(h.value)])), '');
  }
  if (r.outliers.length) {
    out.push(
      st.bold(msg('report.outliers')),
      ...table(
        r.outliers.map((o) => [
          o.node,
          `GPU ${o.gpu}`,
          o.product,
          `${o.what} ${o.size}`,
          `${o.value} ${o.unit}`,
          msg('report.belowMedian', { pct: o.belowPct, median: o.median }),
        ]),
      ),
      '',
    );
  }
  if (r.findings.length) {
    out.push(st.bold(msg('report.findings')), ...table(r.findings.map((f) => [severity(f.severity), f.code, `${f.nodes.length}`, f.hostlist, f.title])), '');
  }
  if (r.withoutSnapshot.length) out.push(msg('report.noSnapshot', { nodes: r.withoutSnapshot.join(', ') }), '');
  if (unreadable.length) out.push(st.bold(msg('report.unreadable')), ...table(unreadable.map((u) => [u.file, u.reason])), '');
  const why = failReasons(r, unreadable.length);
  out.push(why.length ? st.red(msg('report.fail', { why: why.join(msg('report.whySep')) })) : st.green(msg('report.ok')));
  return `${out.join('\n')}\n`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');
/** A Markdown header row: catalogue keys (md.*) looked up, anything else (GPU) as it is. */
type MdKey = Extract<Parameters<typeof msg>[0], `md.${string}`>;
const row = (heads: (MdKey | 'GPU')[]) => `| ${heads.map((h) => (h === 'GPU' ? h : msg(h))).join(' | ')} |`;

export function renderReportMarkdown(r: FleetReport, unreadable: { file: string; reason: string }[]): string {
  const out = [`## ${msg('report.title', { count: r.nodes.length })}`, ''];
  if (r.drift.length) {
    out.push(`### ${msg('report.drift')}`, '', row(['md.key', 'md.value', 'md.nodes', 'md.hosts']), '| --- | --- | ---: | --- |');
    for (const d of r.drift) {
      d.groups.forEach((g, i) =>
        out.push(
          `| ${i === 0 ? cell(d.mustMatch ? msg('report.mustMatchKey', { key: keyLabel(d.key) }) : keyLabel(d.key)) : ''} | ${cell(g.value)} | ${g.nodes.length} | ${cell(g.hostlist)} |`,
        ),
      );
      if (d.baseline !== undefined && d.groups[0]?.value !== d.baseline) out.push(`| | ${cell(msg('report.baseline', { value: d.baseline }))} | 0 | |`);
    }
    out.push('');
  }
  if (r.hardware.length) {
    out.push(`### ${msg('report.hardware')}`, '', row(['md.node', 'GPU', 'md.counter', 'md.value']), '| --- | ---: | --- | ---: |');
    for (const h of r.hardware) out.push(`| ${cell(h.node)} | ${h.gpu} | ${cell(counterLabel(h.counter))} | ${String(h.value)} |`);
    out.push('');
  }
  if (r.outliers.length) {
    out.push(
      `### ${msg('report.outliers')}`,
      '',
      row(['md.node', 'GPU', 'md.product', 'md.row', 'md.value', 'md.median', 'md.below']),
      '| --- | ---: | --- | --- | ---: | ---: | ---: |',
    );
    for (const o of r.outliers)
      out.push(`| ${cell(o.node)} | ${o.gpu} | ${cell(o.product)} | ${o.what} ${o.size} | ${o.value} ${o.unit} | ${o.median} | ${o.belowPct} % |`);
    out.push('');
  }
  if (r.findings.length) {
    out.push(`### ${msg('report.findings')}`, '', row(['md.severity', 'md.code', 'md.nodes', 'md.hosts', 'md.title']), '| --- | --- | ---: | --- | --- |');
    for (const f of r.findings) out.push(`| ${severity(f.severity)} | \`${f.code}\` | ${f.nodes.length} | ${cell(f.hostlist)} | ${cell(f.title)} |`);
    out.push('');
  }
  if (unreadable.length) {
    out.push(`### ${msg('report.unreadable')}`, '');
    for (const u of unreadable) out.push(`- \`${u.file}\`: ${cell(u.reason)}`);
    out.push('');
  }
  const why = failReasons(r, unreadable.length);
  out.push(why.length ? msg('report.fail', { why: why.join(msg('report.whySep')) }) : msg('report.ok'));
  return `${out.join('\n')}\n`;
}
