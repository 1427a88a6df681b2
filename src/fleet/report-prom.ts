// `fleet report --prom`: the merged view as Prometheus metrics (drift per key and value, hardware counters and
// bench outliers per node, findings per code), for a textfile collector on the machine that merges the results.
import type { FleetReport } from './report.js';

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function renderReportProm(r: FleetReport, unreadable: { file: string }[]): string {
  const out: string[] = [];
  const metric = (name: string, help: string, rows: Array<[Record<string, string>, number]>) => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
    for (const [labels, v] of rows) {
      const l = Object.entries(labels).map(([k, x]) => `${k}="${esc(x)}"`).join(',');
      out.push(`${name}${l ? `{${l}}` : ''} ${v}`);
    }
  };
  metric('gpuenv_fleet_nodes', 'Nodes in the merged results.', [[{}, r.nodes.length]]);
  metric('gpuenv_fleet_unreadable_results', 'Result files that could not be read.', [[{}, unreadable.length]]);
  metric('gpuenv_fleet_drift_values', 'Distinct values of a key across nodes (1 means no drift); must_match keys break multi-node jobs.',
    [...r.drift.map((d): [Record<string, string>, number] => [{ key: d.key, must_match: String(d.mustMatch) }, d.groups.length]), ...r.same.map((s): [Record<string, string>, number] => [{ key: s.key, must_match: 'false' }, 1])]);
  metric('gpuenv_fleet_drift_nodes', 'Nodes holding each value of a drifting key.', r.drift.flatMap((d) => d.groups.map((g): [Record<string, string>, number] => [{ key: d.key, value: g.value.slice(0, 120) }, g.nodes.length])));
  const hw = new Map<string, number>();
  for (const h of r.hardware) hw.set(h.node, (hw.get(h.node) ?? 0) + 1);
  metric('gpuenv_fleet_hardware_error_counters', 'Hardware error counters that are not zero, per node.', r.nodes.map((n): [Record<string, string>, number] => [{ node: n }, hw.get(n) ?? 0]));
  metric('gpuenv_fleet_finding_nodes', 'Nodes with each finding code.', r.findings.map((f): [Record<string, string>, number] => [{ code: f.code, severity: f.severity }, f.nodes.length]));
  const ol = new Map<string, number>();
  for (const o of r.outliers) ol.set(o.node, (ol.get(o.node) ?? 0) + 1);
  metric('gpuenv_fleet_bench_outliers', 'Bench rows below their GPU product peers, per node.', r.nodes.map((n): [Record<string, string>, number] => [{ node: n }, ol.get(n) ?? 0]));
  return `${out.join('\n')}\n`;
}
