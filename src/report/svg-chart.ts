// Line charts as inline SVG, drawn from numbers alone: no chart library, nothing loaded. Each series is one <path>
// (its vertex count is the number of points, which the browser tests count) and, when asked, one <circle> per point
// with a native <title> tooltip. Colours come from the page's CSS classes s0…s7, so the SVG carries no style.
import { type Html, html } from './escape.js';

export interface Point {
  x: number;
  y: number;
  /** Tooltip of the point's marker. */
  label?: string;
}

export interface Series {
  name: string;
  points: Point[];
  /** Expected values: a dashed line without markers. */
  dashed?: boolean;
  /** One circle per point (the measurements); time series of hundreds of samples draw the line only. */
  markers?: boolean;
  /** Colour slot (0…7): an expectation shares its measurement's colour. */
  color?: number;
}

export interface ChartSpec {
  /** Identifies the chart in the page (data-chart), for tests and links. */
  id: string;
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  /** log2 x axis (sizes); linear otherwise (time). */
  xLog?: boolean;
  /** One legend entry for every dashed (expected) series instead of one each. */
  dashedLegend?: string;
  /** Tick labels for the x axis; default: five linear ticks. */
  xTicks?: { x: number; label: string }[];
}

const W = 640;
const H = 280;
const M = { left: 56, right: 16, top: 16, bottom: 44 };
const COLORS = 8;

/** A round step for about `count` ticks up to `max`. */
export function niceStep(max: number, count = 5): number {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * mag;
}

const num = (v: number) => (Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100));
const fixed = (v: number) => (Math.round(v * 10) / 10).toString();

export function lineChart(spec: ChartSpec): Html {
  const pts = spec.series.flatMap((s) => s.points).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  if (pts.length === 0) return html``;
  const fx = spec.xLog ? (x: number) => Math.log2(x) : (x: number) => x;
  const xs = pts.map((p) => fx(p.x));
  let x0 = Math.min(...xs);
  let x1 = Math.max(...xs);
  if (x0 === x1) {
    x0 -= 1;
    x1 += 1;
  }
  const step = niceStep(Math.max(...pts.map((p) => p.y)));
  const y1 = Math.max(step, Math.ceil(Math.max(...pts.map((p) => p.y)) / step) * step);
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const sx = (x: number) => M.left + ((fx(x) - x0) / (x1 - x0)) * pw;
  const sy = (y: number) => M.top + ph - (y / y1) * ph;

  const yTicks: Html[] = [];
  for (let v = 0; v <= y1 + step / 1000; v += step) {
    const y = fixed(sy(v));
    yTicks.push(
      html`<line class="grid" x1="${M.left}" x2="${W - M.right}" y1="${y}" y2="${y}"/><text class="tick" x="${M.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${num(v)}</text>`,
    );
  }
  const xTickList =
    spec.xTicks ??
    (() => {
      const s = niceStep(x1 - x0, 5);
      const out: { x: number; label: string }[] = [];
      for (let v = Math.ceil(x0 / s) * s; v <= x1 + s / 1000; v += s) out.push({ x: v, label: num(v) });
      return out;
    })();
  const xTicks = xTickList.map((t) => {
    const x = fixed(sx(t.x));
    return html`<line class="grid" x1="${x}" x2="${x}" y1="${M.top}" y2="${M.top + ph}"/><text class="tick" x="${x}" y="${M.top + ph + 16}" text-anchor="middle">${t.label}</text>`;
  });

  const drawn = spec.series.map((s, i) => {
    const color = (s.color ?? i) % COLORS;
    const points = s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)).sort((a, b) => a.x - b.x);
    const d = points.map((p, j) => `${j === 0 ? 'M' : 'L'}${fixed(sx(p.x))} ${fixed(sy(p.y))}`).join(' ');
    const marks =
      s.markers &&
      points.map(
        (p) =>
          html`<circle class="pt s${color}" cx="${fixed(sx(p.x))}" cy="${fixed(sy(p.y))}" r="3.5"><title>${s.name}: ${p.label ?? num(p.y)}</title></circle>`,
      );
    return html`<g class="series" data-series="${s.name}" data-points="${points.length}"><path class="line s${color}${s.dashed ? ' dashed' : ''}" d="${d}"/>${marks}</g>`;
  });
  const named = spec.dashedLegend ? spec.series.map((s, i) => ({ s, i })).filter((x) => !x.s.dashed) : spec.series.map((s, i) => ({ s, i }));
  const legend = named.map(({ s, i }) => html`<li><span class="swatch s${(s.color ?? i) % COLORS}${s.dashed ? ' dashed' : ''}"></span>${s.name}</li>`);
  if (spec.dashedLegend && spec.series.some((s) => s.dashed)) legend.push(html`<li><span class="swatch s7 dashed"></span>${spec.dashedLegend}</li>`);
  return html`<figure class="chart" data-chart="${spec.id}"><figcaption>${spec.title}</figcaption><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${spec.title}">${yTicks}${xTicks}<line class="axis" x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + ph}"/><line class="axis" x1="${M.left}" x2="${W - M.right}" y1="${M.top + ph}" y2="${M.top + ph}"/><text class="label" x="${M.left + pw / 2}" y="${H - 6}" text-anchor="middle">${spec.xLabel}</text><text class="label" x="14" y="${M.top + ph / 2}" text-anchor="middle" transform="rotate(-90 14 ${M.top + ph / 2})">${spec.yLabel}</text>${drawn}</svg><ul class="legend">${legend}</ul></figure>`;
}
