// `fleet report --prom`: the merged view as Prometheus metrics (drift per key and value, hardware counters and
// bench outliers per node, findings per code), for a textfile collector on the machine that merges the results.
import { Metrics } from '../render/prom-text.js';
import type { FleetReport } from './report.js';

export function renderReportProm(r: FleetReport, unreadable: { file: string }[]): string {
  const m = new Metrics();
  const gauge = (name: string, help: string, labels: Record<string, string>, v: number) => m.add(name, 'gauge', help, labels, v);
  gauge('gpuenv_fleet_nodes', 'Nodes in the merged results.', {}, r.nodes.length);
  gauge('gpuenv_fleet_unreadable_results', 'Result files that could not be read.', {}, unreadable.length);
  const values = 'Distinct values of a key across nodes (1 means no drift); must_match keys break multi-node jobs.';
  for (const d of r.drift) gauge('gpuenv_fleet_drift_values', values, { key: d.key, must_match: String(d.mustMatch) }, d.groups.length);
  for (const s of r.same) gauge('gpuenv_fleet_drift_values', values, { key: s.key, must_match: 'false' }, 1);
  for (const d of r.drift)
    for (const g of d.groups)
      gauge('gpuenv_fleet_drift_nodes', 'Nodes holding each value of a drifting key.', { key: d.key, value: g.value.slice(0, 120) }, g.nodes.length);
  const perNode = (items: { node: string }[]) => (n: string) => items.filter((x) => x.node === n).length;
  const hw = perNode(r.hardware);
  for (const n of r.nodes) gauge('gpuenv_fleet_hardware_error_counters', 'Hardware error counters that are not zero, per node.', { node: n }, hw(n));
  for (const f of r.findings) gauge('gpuenv_fleet_finding_nodes', 'Nodes with each finding code.', { code: f.code, severity: f.severity }, f.nodes.length);
  const ol = perNode(r.outliers);
  for (const n of r.nodes) gauge('gpuenv_fleet_bench_outliers', 'Bench rows below their GPU product peers, per node.', { node: n }, ol(n));
  return m.text();
}
