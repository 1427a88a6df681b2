// `fleet report`: one JSON per node (a Snapshot, `doctor --json` or `bench --json`) merged into what an
// admin acts on: keys whose value differs between nodes (grouped, the majority as the baseline), hardware
// counters that are not zero, and every finding with the nodes that have it.
import type { Finding } from '../findings.js';
import type { Lock } from '../lock/types.js';
import { xidInfo } from '../knowledge/xid.js';
import type { Snapshot } from '../snapshot/types.js';
import { hostlist } from './hostlist.js';
import { msg } from './messages.js';
import { benchOutliers, type NodeBench, type Outlier } from './outliers.js';

export interface NodeResult {
  node: string;
  /** The file it came from. */
  file: string;
  snapshot: Snapshot | null;
  findings: Finding[];
  /** From a `bench --json` result: its rows and the GPU products they ran on. */
  bench?: Omit<NodeBench, 'node'>;
}

export interface DriftKey {
  key: string;
  /** A difference here breaks jobs that span nodes (exit 1); others are reported. */
  mustMatch: boolean;
  /** Value → nodes having it: the baseline's value first when it is held, then most nodes first. */
  groups: { value: string; nodes: string[]; hostlist: string }[];
  /** The lock's value (--baseline), when it has one for this key; else the majority is the baseline. */
  baseline?: string;
}

export interface FleetReport {
  nodes: string[];
  drift: DriftKey[];
  /** Keys every node agrees on, with the value. */
  same: { key: string; value: string }[];
  hardware: { node: string; gpu: number; counter: string; value: number | boolean }[];
  findings: { code: string; severity: string; title: string; nodes: string[]; hostlist: string }[];
  /** Bench rows below their GPU product's peers (fleet/outliers.ts). */
  outliers: Outlier[];
  /** Nodes none of whose files held a Snapshot (bench results only): no key could be read. */
  withoutSnapshot: string[];
}

const NONE = '—';

type KeyFn = (s: Snapshot) => string | null;
const gpuSummary = (s: Snapshot, f: (g: Snapshot['gpus'][number]) => string | null): string | null => {
  if (s.gpus.length === 0) return null;
  const vals = [...new Set(s.gpus.map((g) => f(g) ?? NONE))];
  return vals.join(' | ');
};
const defaultTorch = (s: Snapshot): string | null => {
  for (const e of s.python) {
    const t = e.packages.find((p) => p.name === 'torch');
    if (t) return `${t.version}${t.build?.cpuOnly ? ' (CPU)' : t.build?.cuda ? ` (CUDA ${t.build.cuda})` : ''}`;
  }
  return null;
};
const library =
  (name: 'cudnn' | 'nccl'): KeyFn =>
  (s) => {
    const vs = [
      ...new Set(
        s.libraries
          .filter((l) => l.name === name)
          .map((l) => l.version?.value)
          .filter((v): v is string => !!v),
      ),
    ].sort();
    return vs.length ? vs.join(', ') : null;
  };
const onOff = (b: boolean | null) => (b === null ? null : b ? 'on' : 'off');

type Label = Parameters<typeof msg>[0];

/** The keys compared across nodes, in report order. `key` is the stable id (JSON, --prom, --baseline); `label`
 * the catalogue entry it is shown as. */
export const KEYS: { key: string; label: Label; mustMatch: boolean; of: KeyFn }[] = [
  { key: 'driver', label: 'key.driver', mustMatch: true, of: (s) => s.driver.version?.value ?? s.driver.kernelModule?.value ?? null },
  { key: 'driver CUDA', label: 'key.driverCuda', mustMatch: true, of: (s) => s.driver.cudaVersion?.value ?? null },
  { key: 'GPU product', label: 'key.gpuProduct', mustMatch: true, of: (s) => gpuSummary(s, (g) => g.name) },
  { key: 'GPU count', label: 'key.gpuCount', mustMatch: true, of: (s) => String(s.gpus.length) },
  { key: 'ECC mode', label: 'key.eccMode', mustMatch: true, of: (s) => gpuSummary(s, (g) => onOff(g.ecc.enabled)) },
  { key: 'MIG mode', label: 'key.migMode', mustMatch: true, of: (s) => gpuSummary(s, (g) => onOff(g.migMode.current)) },
  { key: 'persistence mode', label: 'key.persistenceMode', mustMatch: false, of: (s) => gpuSummary(s, (g) => onOff(g.persistenceMode)) },
  {
    key: 'PCIe link',
    label: 'key.pcieLink',
    mustMatch: false,
    of: (s) => gpuSummary(s, (g) => (g.pcie.currentGen ? `Gen${g.pcie.maxGen ?? g.pcie.currentGen} x${g.pcie.maxWidth ?? g.pcie.currentWidth ?? '?'}` : null)),
  },
  { key: 'VBIOS', label: 'key.vbios', mustMatch: false, of: (s) => (s.gpus.some((g) => g.vbios) ? gpuSummary(s, (g) => g.vbios ?? null) : null) },
  {
    key: 'fabric manager',
    label: 'key.fabricManager',
    mustMatch: false,
    of: (s) => (s.fabric?.managerRunning ? (s.fabric.managerRunning.value ? 'running' : 'not running') : null),
  },
  { key: 'kernel', label: 'key.kernel', mustMatch: false, of: (s) => s.os.kernel?.value ?? null },
  { key: 'OS', label: 'key.os', mustMatch: false, of: (s) => s.os.prettyName?.value ?? null },
  { key: 'cuDNN', label: 'key.cudnn', mustMatch: false, of: library('cudnn') },
  { key: 'NCCL', label: 'key.nccl', mustMatch: false, of: library('nccl') },
  { key: 'torch', label: 'key.torch', mustMatch: false, of: defaultTorch },
];

/** How a key is shown: its catalogue entry; a key of another version's report as it is. */
export function keyLabel(key: string): string {
  const k = KEYS.find((x) => x.key === key);
  return k ? msg(k.label) : key;
}

/** The hardware counters read per GPU: stable id (JSON, --prom) → the catalogue entry it is shown as. */
const COUNTERS: Record<string, Label> = {
  'ECC volatile uncorrected': 'counter.eccVolatile',
  'ECC aggregate uncorrected': 'counter.eccAggregate',
  'remapped rows (uncorrectable)': 'counter.remappedRows',
  'row remapping pending': 'counter.remapPending',
  'row remapping failed': 'counter.remapFailed',
  'page retirement pending': 'counter.retirePending',
};

/** How a counter is shown; an Xid counter ("Xid 79 (…)", the Xid table's name) as it is. */
export function counterLabel(counter: string): string {
  const label = COUNTERS[counter];
  return label ? msg(label) : counter;
}

/** The values a lock (`--baseline`) holds for the report's keys. */
export function baselineOf(lock: Lock): Record<string, string> {
  const out: Record<string, string> = {};
  if (lock.driver.seen) out.driver = lock.driver.seen;
  if (lock.driver.cuda) out['driver CUDA'] = lock.driver.cuda;
  if (lock.gpus.count > 0) {
    out['GPU product'] = lock.gpus.names.join(' | ');
    out['GPU count'] = String(lock.gpus.count);
  }
  const torch = lock.frameworks.find((f) => f.name === 'torch');
  if (torch) out.torch = `${torch.version}${torch.cuda ? ` (CUDA ${torch.cuda})` : ' (CPU)'}`;
  return out;
}

export function fleetReport(results: NodeResult[], baseline: Record<string, string> = {}): FleetReport {
  const withSnap = results.filter((r) => r.snapshot);
  const drift: DriftKey[] = [];
  const same: FleetReport['same'] = [];
  for (const k of KEYS) {
    const by = new Map<string, string[]>();
    for (const r of withSnap) {
      const v = k.of(r.snapshot!) ?? NONE;
      by.set(v, [...(by.get(v) ?? []), r.node]);
    }
    const base = baseline[k.key];
    const groups = [...by]
      .map(([value, nodes]) => ({ value, nodes: nodes.sort(), hostlist: hostlist(nodes) }))
      .sort((a, b) => Number(b.value === base) - Number(a.value === base) || b.nodes.length - a.nodes.length || a.value.localeCompare(b.value));
    // With a lock, nodes that all agree on a value other than the lock's have drifted too.
    if (groups.length > 1 || (base !== undefined && groups[0] && groups[0].value !== base))
      drift.push({ key: k.key, mustMatch: k.mustMatch, groups, ...(base !== undefined ? { baseline: base } : {}) });
    else if (groups[0]) same.push({ key: k.key, value: groups[0].value });
  }
  const hardware: FleetReport['hardware'] = [];
  for (const r of withSnap) {
    for (const g of r.snapshot!.gpus) {
      const e = g.ecc;
      const counters: [string, number | boolean | null][] = [
        ['ECC volatile uncorrected', e.volatileUncorrected],
        ['ECC aggregate uncorrected', e.aggregateUncorrected],
        ['remapped rows (uncorrectable)', e.remappedRowsUncorrectable],
        ['row remapping pending', e.remappingPending],
        ['row remapping failed', e.remappingFailed],
        ['page retirement pending', g.retiredPages?.pending ?? null],
      ];
      for (const [counter, value] of counters)
        if (value === true || (typeof value === 'number' && value > 0)) hardware.push({ node: r.node, gpu: g.index, counter, value });
    }
    // Xid codes that are the node's fault (not a program's), per GPU: counted since boot.
    for (const x of r.snapshot!.kernelLog?.xids ?? []) {
      if (xidInfo(x.code)?.severity !== 'error') continue;
      hardware.push({ node: r.node, gpu: x.gpuIndex ?? -1, counter: `Xid ${x.code} (${xidInfo(x.code)!.name})`, value: x.count });
    }
  }
  const byCode = new Map<string, { code: string; severity: string; title: string; nodes: string[] }>();
  for (const r of results) {
    for (const f of r.findings) {
      const cur = byCode.get(f.code) ?? { code: f.code, severity: f.severity, title: f.title, nodes: [] };
      if (!cur.nodes.includes(r.node)) cur.nodes.push(r.node);
      byCode.set(f.code, cur);
    }
  }
  const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
  const findings = [...byCode.values()]
    .map((f) => ({ ...f, nodes: f.nodes.sort(), hostlist: hostlist(f.nodes) }))
    .sort((a, b) => (rank[a.severity] ?? 3) - (rank[b.severity] ?? 3) || b.nodes.length - a.nodes.length);
  const outliers = benchOutliers(results.filter((r) => r.bench).map((r) => ({ node: r.node, ...r.bench! })));
  return {
    nodes: [...new Set(results.map((r) => r.node))].sort(),
    drift,
    same,
    hardware,
    findings,
    outliers,
    // A node with a bench result and a Snapshot from another run (report --fleet DIR twice) has its keys read.
    withoutSnapshot: [...new Set(results.filter((r) => !r.snapshot && !withSnap.some((w) => w.node === r.node)).map((r) => r.node))].sort(),
  };
}

/** Exit 1 on drift of a must-match key, a hardware error counter or a bench outlier. */
export function reportFails(r: FleetReport): boolean {
  return r.drift.some((d) => d.mustMatch) || r.hardware.length > 0 || r.outliers.length > 0;
}
