// Bench outliers among GPUs of one product across nodes: a row below the group's median by more than
// 10 %, or with a robust z-score (median absolute deviation, at least 1 % of the median) below -3.5. Only slow counts: a GPU faster
// than its peers is not a node problem. Groups of fewer than three GPUs say nothing.
import { median } from '../bench/stats.js';

export interface BenchRowIn {
  gpu: number;
  what: string;
  size: string;
  value: number;
  unit: string;
}

export interface NodeBench {
  node: string;
  rows: BenchRowIn[];
  /** GPU index → product name, as the bench recorded it. */
  products: Record<number, string | null>;
}

export interface Outlier {
  node: string;
  gpu: number;
  product: string;
  what: string;
  size: string;
  unit: string;
  value: number;
  median: number;
  /** How far below the median, percent. */
  belowPct: number;
  /** Robust z-score: 0.6745 (x − median) / MAD, the MAD at least 1 % of the median. */
  z: number;
}

export const BELOW_MEDIAN = 0.1;
export const ROBUST_Z = 3.5;
const MIN_GROUP = 3;

export function benchOutliers(nodes: NodeBench[]): Outlier[] {
  const groups = new Map<string, { node: string; gpu: number; product: string; row: BenchRowIn }[]>();
  for (const n of nodes) {
    for (const row of n.rows) {
      const product = n.products[row.gpu];
      // Times (latency in µs, the seed guide's matmul in ms) are lower-is-better: not judged against peers here.
      if (!product || !Number.isFinite(row.value) || row.unit === 'µs' || row.unit === 'ms') continue;
      const key = `${product}\u0000${row.what}\u0000${row.size}\u0000${row.unit}`;
      groups.set(key, [...(groups.get(key) ?? []), { node: n.node, gpu: row.gpu, product, row }]);
    }
  }
  const out: Outlier[] = [];
  for (const members of groups.values()) {
    if (members.length < MIN_GROUP) continue;
    const values = members.map((m) => m.row.value);
    const med = median(values);
    if (!(med > 0)) continue;
    // A MAD floor of 1 % of the median: peers agreeing to 0.1 % would otherwise turn run-to-run noise
    // of a healthy GPU into a z-score far beyond 3.5.
    const mad = Math.max(median(values.map((v) => Math.abs(v - med))), 0.01 * med);
    for (const m of members) {
      const below = (med - m.row.value) / med;
      const z = (0.6745 * (m.row.value - med)) / mad;
      if (below > BELOW_MEDIAN || z < -ROBUST_Z) {
        out.push({
          node: m.node,
          gpu: m.gpu,
          product: m.product,
          what: m.row.what,
          size: m.row.size,
          unit: m.row.unit,
          value: m.row.value,
          median: Math.round(med * 10) / 10,
          belowPct: Math.round(below * 1000) / 10,
          z: Math.round(z * 10) / 10,
        });
      }
    }
  }
  return out.sort((a, b) => b.belowPct - a.belowPct);
}
