// The Prometheus text exposition format, as node-exporter's textfile collector reads it: HELP and TYPE once per
// metric, each metric's samples together, label values escaped, no sample timestamps.

export type Labels = Record<string, string | number>;

/** Samples grouped per metric (the exposition format wants each metric's lines together), one per label set. */
export class Metrics {
  private readonly metrics = new Map<string, { head: string[]; samples: Map<string, number> }>();

  add(name: string, type: 'gauge' | 'counter', help: string, labels: Labels, value: number | boolean | null | undefined): void {
    if (value === null || value === undefined) return;
    const m = this.metrics.get(name) ?? { head: [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`], samples: new Map<string, number>() };
    this.metrics.set(name, m);
    const v = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    const key = labelText(labels);
    // Two findings with the same labels (one code twice on one GPU) are one sample: their count.
    m.samples.set(key, (m.samples.get(key) ?? 0) + v);
  }

  text(): string {
    const lines: string[] = [];
    for (const [name, m] of this.metrics) {
      lines.push(...m.head);
      for (const [labels, v] of m.samples) lines.push(`${name}${labels} ${Number.isFinite(v) ? v : 'NaN'}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

/** Label values escaped as the exposition format asks: backslash, double quote and newline. */
export function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  const esc = (v: string | number) => String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  return `{${entries.map(([k, v]) => `${k}="${esc(v)}"`).join(',')}}`;
}
