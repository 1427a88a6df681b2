// Text and Markdown forms of a fleet report.
import { table, type Style } from '../render/style.js';
import { fm } from './messages.js';
import type { FleetReport } from './report.js';

export function failReasons(r: FleetReport, unreadable: number): string[] {
  const why: string[] = [];
  const keys = r.drift.filter((d) => d.mustMatch).map((d) => d.key);
  if (keys.length) why.push(fm('report.whyDrift', { keys: keys.join(', ') }));
  if (r.hardware.length) why.push(fm('report.whyHardware', { nodes: [...new Set(r.hardware.map((h) => h.node))].join(', ') }));
  if (r.outliers.length) why.push(fm('report.whyOutliers', { nodes: [...new Set(r.outliers.map((o) => o.node))].join(', ') }));
  if (unreadable) why.push(fm('report.whyUnreadable', { count: unreadable }));
  return why;
}

export function renderReportText(r: FleetReport, unreadable: { file: string; reason: string }[], st: Style): string {
  const out = [st.bold(fm('report.title', { count: r.nodes.length })), ''];
  if (r.drift.length) {
    out.push(st.bold(fm('report.drift')));
    const rows: string[][] = [];
    for (const d of r.drift) {
      d.groups.forEach((g, i) =>
        rows.push([
          i === 0 ? (d.mustMatch ? st.red(`≠ ${d.key}`) : st.yellow(`≠ ${d.key}`)) : '',
          i === 0 && d.mustMatch ? fm('report.mustMatch') : '',
          g.value,
          `${g.nodes.length}`,
          g.hostlist,
        ]),
      );
      if (d.baseline !== undefined && d.groups[0]?.value !== d.baseline) rows.push(['', '', fm('report.baseline', { value: d.baseline }), '0', '']);
    }
    out.push(...table(rows), '');
  }
  if (r.same.length) {
    out.push(st.bold(fm('report.same')), ...table(r.same.map((s) => [s.key, s.value])), '');
  }
  if (r.hardware.length) {
    out.push(st.bold(fm('report.hardware')), ...table(r.hardware.map((h) => [h.node, `GPU ${h.gpu}`, h.counter, String(h.value)])), '');
  }
  if (r.outliers.length) {
    out.push(
      st.bold(fm('report.outliers')),
      ...table(
        r.outliers.map((o) => [
          o.node,
          `GPU ${o.gpu}`,
          o.product,
          `${o.what} ${o.size}`,
          `${o.value} ${o.unit}`,
          fm('report.belowMedian', { pct: o.belowPct, median: o.median }),
        ]),
      ),
      '',
    );
  }
  if (r.findings.length) {
    out.push(st.bold(fm('report.findings')), ...table(r.findings.map((f) => [f.severity, f.code, `${f.nodes.length}`, f.hostlist, f.title])), '');
  }
  if (r.withoutSnapshot.length) out.push(fm('report.noSnapshot', { nodes: r.withoutSnapshot.join(', ') }), '');
  if (unreadable.length) out.push(st.bold(fm('report.unreadable')), ...table(unreadable.map((u) => [u.file, u.reason])), '');
  const why = failReasons(r, unreadable.length);
  out.push(why.length ? st.red(fm('report.fail', { why: why.join('; ') })) : st.green(fm('report.ok')));
  return `${out.join('\n')}\n`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function renderReportMarkdown(r: FleetReport, unreadable: { file: string; reason: string }[]): string {
  const out = [`## ${fm('report.title', { count: r.nodes.length })}`, ''];
  if (r.drift.length) {
    out.push(`### ${fm('report.drift')}`, '', '| key | value | nodes | hosts |', '| --- | --- | ---: | --- |');
    for (const d of r.drift) {
      d.groups.forEach((g, i) =>
        out.push(
          `| ${i === 0 ? `${cell(d.key)}${d.mustMatch ? ` (${fm('report.mustMatch')})` : ''}` : ''} | ${cell(g.value)} | ${g.nodes.length} | ${cell(g.hostlist)} |`,
        ),
      );
      if (d.baseline !== undefined && d.groups[0]?.value !== d.baseline) out.push(`| | ${cell(fm('report.baseline', { value: d.baseline }))} | 0 | |`);
    }
    out.push('');
  }
  if (r.hardware.length) {
    out.push(`### ${fm('report.hardware')}`, '', '| node | GPU | counter | value |', '| --- | ---: | --- | ---: |');
    for (const h of r.hardware) out.push(`| ${cell(h.node)} | ${h.gpu} | ${h.counter} | ${String(h.value)} |`);
    out.push('');
  }
  if (r.outliers.length) {
    out.push(`### ${fm('report.outliers')}`, '', '| node | GPU | product | row | value | median | below |', '| --- | ---: | --- | --- | ---: | ---: | ---: |');
    for (const o of r.outliers)
      out.push(`| ${cell(o.node)} | ${o.gpu} | ${cell(o.product)} | ${o.what} ${o.size} | ${o.value} ${o.unit} | ${o.median} | ${o.belowPct} % |`);
    out.push('');
  }
  if (r.findings.length) {
    out.push(`### ${fm('report.findings')}`, '', '| severity | code | nodes | hosts | title |', '| --- | --- | ---: | --- | --- |');
    for (const f of r.findings) out.push(`| ${f.severity} | \`${f.code}\` | ${f.nodes.length} | ${cell(f.hostlist)} | ${cell(f.title)} |`);
    out.push('');
  }
  if (unreadable.length) {
    out.push(`### ${fm('report.unreadable')}`, '');
    for (const u of unreadable) out.push(`- \`${u.file}\`: ${cell(u.reason)}`);
    out.push('');
  }
  const why = failReasons(r, unreadable.length);
  out.push(why.length ? fm('report.fail', { why: why.join('; ') }) : fm('report.ok'));
  return `${out.join('\n')}\n`;
}
