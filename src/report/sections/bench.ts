// The benchmark: measured against expected per row (bench/report.ts rows), the copy-bandwidth curve over sizes and
// GEMM rates per dtype as charts, and the SM clock, memory clock, power and temperature the sampler recorded.
import type { Row } from '../../bench/report.js';
import type { BenchRun, ClockSample, CopyKind } from '../../bench/types.js';
import type { BenchInput } from '../bench-input.js';
import { type Html, html } from '../escape.js';
import { msg } from '../messages.js';
import { lineChart, type Series } from '../svg-chart.js';

const KINDS: CopyKind[] = ['h2d-pinned', 'd2h-pinned', 'd2d', 'h2d-pageable', 'd2h-pageable'];
/** Below this share of the expectation a judged row is marked (bench/report.ts judges PCIe at 80 % too). */
const LOW_PCT = 80;

export function sizeLabel(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return mib >= 1024 ? `${Math.round((mib / 1024) * 10) / 10} GiB` : mib >= 1 ? `${Math.round(mib * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

export function benchSection(b: BenchInput): Html {
  const head = html`<h2>${msg('bench.title')}</h2><p class="meta">${msg('bench.file', { file: b.file })}${b.node && html` · ${msg('bench.node', { node: b.node })}`}</p>`;
  if (!b.run) return html`<section id="gpuenv-bench" class="bench">${head}<p>${msg('bench.noGpu', { why: b.noGpu ?? '' })}</p></section>`;
  const run = b.run;
  const gpus = run.before.map(
    (g) =>
      html`<li>${msg('bench.gpu', { index: g.index, name: g.name ?? '?', link: `Gen${g.pcie.maxGen ?? '?'} x${g.pcie.maxWidth ?? '?'}`, cc: g.computeCapability ?? '?' })}</li>`,
  );
  const libs = Object.entries(run.result.libraries);
  return html`<section id="gpuenv-bench" class="bench">${head}
<p>${msg('bench.run', { engine: run.engine, mode: run.mode, seconds: Math.round(run.result.durationMs / 100) / 10, samples: run.clocks.length })}</p>
<ul>${gpus}</ul>${libs.length > 0 && html`<dl class="facts">${libs.map(([k, v]) => html`<dt>${k}</dt><dd class="mono">${v}</dd>`)}</dl>`}
<h3>${msg('bench.rows')}</h3>${rowTable(b.rows)}
<h3>${msg('bench.charts')}</h3><div class="charts">${run.gpus.map((gpu) => html`${copyCharts(run, b.rows, gpu)}${gemmChart(run, b.rows, gpu)}`)}</div>
${skipped(run)}${p2p(run)}${clocks(run)}${run.result.errors.length > 0 && html`<h3>${msg('bench.errors')}</h3><ul>${run.result.errors.map((e) => html`<li class="mono">${e}</li>`)}</ul>`}</section>`;
}

function rowTable(rows: Row[]): Html {
  // Small transfers and GEMMs cannot fill the GPU: like bench/report.ts, only each test's largest size is judged.
  const largest = new Map<string, number>();
  for (const r of rows) largest.set(`${r.gpu} ${r.what}`, Math.max(largest.get(`${r.gpu} ${r.what}`) ?? 0, Number(sizeSort(r.size)) || 0));
  const body = rows.map((r) => {
    const judged = largest.get(`${r.gpu} ${r.what}`) === Number(sizeSort(r.size));
    const low = judged && r.pct !== null && r.pct < LOW_PCT;
    const check = r.check
      ? r.check.ok
        ? msg('bench.checkOk', { err: String(r.check.relError), tol: r.check.tolerance })
        : msg('bench.checkBad', { err: String(r.check.relError), tol: r.check.tolerance })
      : '';
    return html`<tr><td class="num">${r.gpu}</td><td>${r.what}</td><td class="num" data-sort="${sizeSort(r.size)}">${r.size}</td><td class="num">${r.value.toFixed(1)} ${r.unit}</td><td class="num">${r.expected === null ? '—' : `${r.expected} ${r.unit}`}</td><td class="num${low ? ' low' : ''}" data-sort="${r.pct ?? ''}">${r.pct === null ? '—' : html`${r.pct} % <meter min="0" max="120" value="${Math.min(r.pct, 120)}"></meter>`}</td><td class="note">${r.basis ?? ''}</td><td${r.check && !r.check.ok ? html` class="bad"` : ''}>${check}</td></tr>`;
  });
  return html`<div class="scroll"><table class="sortable rows"><thead><tr><th>GPU</th><th>${msg('bench.what')}</th><th>${msg('bench.size')}</th><th>${msg('bench.measured')}</th><th>${msg('bench.expected')}</th><th>%</th><th>${msg('bench.basis')}</th><th>${msg('bench.check')}</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

/** "256 MiB" and "8192³" sort by their number of bytes or elements. */
function sizeSort(size: string): number | string {
  const n = parseFloat(size);
  if (!Number.isFinite(n)) return size;
  return /GiB/.test(size) ? n * 1024 : /KiB/.test(size) ? n / 1024 : n;
}

/** Host ↔ device copies (PCIe) and device-to-device copies (HBM) differ a hundredfold: one chart each. */
const COPY_CHARTS: { id: string; title: 'bench.pcieChart' | 'bench.memChart'; kinds: CopyKind[] }[] = [
  { id: 'pcie', title: 'bench.pcieChart', kinds: ['h2d-pinned', 'd2h-pinned', 'h2d-pageable', 'd2h-pageable'] },
  { id: 'd2d', title: 'bench.memChart', kinds: ['d2d'] },
];

function copyCharts(run: BenchRun, rows: Row[], gpu: number): Html[] {
  // rows() lists copies first, in the run's order: the expectation of copy i is row i.
  const copies = run.result.copies.map((c, i) => ({ c, row: rows[i] })).filter((x) => x.c.gpu === gpu);
  return COPY_CHARTS.map((chart) => {
    const series: Series[] = [];
    for (const kind of chart.kinds) {
      const of = copies.filter((x) => x.c.kind === kind);
      if (of.length === 0) continue;
      const color = KINDS.indexOf(kind);
      series.push({
        name: kind,
        color,
        markers: true,
        points: of.map((x) => ({ x: x.c.bytes, y: x.c.medianGBs, label: `${sizeLabel(x.c.bytes)} ${x.c.medianGBs.toFixed(1)} GB/s` })),
      });
      const expected = of.filter((x) => x.row?.expected !== null && x.row?.expected !== undefined);
      if (expected.length > 0)
        series.push({
          name: msg('bench.expectedOf', { what: kind }),
          color,
          dashed: true,
          points: expected.map((x) => ({ x: x.c.bytes, y: x.row!.expected! })),
        });
    }
    const sizes = [...new Set(copies.filter((x) => chart.kinds.includes(x.c.kind)).map((x) => x.c.bytes))].sort((a, b) => a - b);
    return lineChart({
      id: `${chart.id}-gpu${gpu}`,
      title: msg(chart.title, { gpu }),
      xLabel: msg('bench.size'),
      yLabel: 'GB/s',
      xLog: true,
      xTicks: sizes.map((s) => ({ x: s, label: sizeLabel(s) })),
      dashedLegend: msg('bench.expectedNote'),
      series,
    });
  });
}

function gemmChart(run: BenchRun, rows: Row[], gpu: number): Html {
  const offset = run.result.copies.length;
  const gemms = run.result.gemms.map((g, i) => ({ g, row: rows[offset + i] })).filter((x) => x.g.gpu === gpu);
  const dtypes = [...new Set(gemms.map((x) => x.g.dtype))];
  const series: Series[] = [];
  dtypes.forEach((dtype, color) => {
    const of = gemms.filter((x) => x.g.dtype === dtype);
    series.push({
      name: dtype,
      color,
      markers: true,
      points: of.map((x) => ({ x: x.g.m, y: x.g.medianTflops, label: `${x.g.m}³ ${x.g.medianTflops.toFixed(1)} TFLOP/s` })),
    });
    const expected = of.filter((x) => x.row?.expected !== null && x.row?.expected !== undefined);
    if (expected.length > 0)
      series.push({ name: msg('bench.expectedOf', { what: dtype }), color, dashed: true, points: expected.map((x) => ({ x: x.g.m, y: x.row!.expected! })) });
  });
  const sizes = [...new Set(gemms.map((x) => x.g.m))].sort((a, b) => a - b);
  return lineChart({
    id: `gemm-gpu${gpu}`,
    title: msg('bench.gemmChart', { gpu }),
    xLabel: msg('bench.gemmSize'),
    yLabel: 'TFLOP/s',
    xLog: true,
    xTicks: sizes.map((s) => ({ x: s, label: `${s}³` })),
    dashedLegend: msg('bench.expectedNote'),
    series,
  });
}

function skipped(run: BenchRun): Html | false {
  return (
    run.result.skipped.length > 0 &&
    html`<h3>${msg('bench.skipped')}</h3><ul>${run.result.skipped.map((s) => html`<li>GPU ${s.gpu} ${s.dtype}: ${s.reason}</li>`)}</ul>`
  );
}

function p2p(run: BenchRun): Html | false {
  const rows = run.result.p2p.map(
    (p) =>
      html`<tr><td class="num">${p.src}</td><td class="num">${p.dst}</td><td>${p.canAccess ? 'P2P' : msg('bench.viaHost')}</td><td class="num">${p.medianGBs === null ? '—' : `${p.medianGBs.toFixed(1)} GB/s`}</td><td class="mono">${p.error ?? ''}</td></tr>`,
  );
  const ar = run.result.allReduce ?? null;
  return (
    (rows.length > 0 || ar !== null) &&
    html`<h3>${msg('bench.p2p')}</h3>${rows.length > 0 && html`<div class="scroll"><table><thead><tr><th>${msg('bench.src')}</th><th>${msg('bench.dst')}</th><th>${msg('bench.path')}</th><th>${msg('bench.measured')}</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`}${
      ar &&
      html`<p>${msg('bench.allReduce', { gpus: ar.gpus, size: sizeLabel(ar.bytes), algbw: ar.algbwGBs.toFixed(1), busbw: ar.busbwGBs.toFixed(1) })}${ar.error && html` <span class="mono">${ar.error}</span>`}</p>`
    }`
  );
}

const METRICS: {
  key: 'smMHz' | 'memMHz' | 'powerW' | 'temperatureC';
  title: 'bench.sm' | 'bench.mem' | 'bench.powerChart' | 'bench.tempChart';
  unit: string;
}[] = [
  { key: 'smMHz', title: 'bench.sm', unit: 'MHz' },
  { key: 'memMHz', title: 'bench.mem', unit: 'MHz' },
  { key: 'powerW', title: 'bench.powerChart', unit: 'W' },
  { key: 'temperatureC', title: 'bench.tempChart', unit: '°C' },
];

function clocks(run: BenchRun): Html | false {
  if (run.clocks.length === 0) return false;
  const t0 = Math.min(...run.clocks.map((s) => s.tMs));
  const gpus = [...new Set(run.clocks.map((s) => s.gpu))].sort((a, b) => a - b);
  const charts = METRICS.map((metric) =>
    lineChart({
      id: `clock-${metric.key}`,
      title: msg(metric.title),
      xLabel: msg('bench.time'),
      yLabel: metric.unit,
      series: gpus.map((gpu, color) => ({
        name: `GPU ${gpu}`,
        color,
        points: run.clocks
          .filter((s): s is ClockSample => s.gpu === gpu && s[metric.key] !== null)
          .map((s) => ({ x: (s.tMs - t0) / 1000, y: s[metric.key] as number })),
      })),
    }),
  );
  return html`<h3>${msg('bench.clocks')}</h3><p class="note">${msg('bench.clocksNote', { samples: run.clocks.length })}</p><div class="charts">${charts}</div>`;
}
