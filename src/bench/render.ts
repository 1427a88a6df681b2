// Text and JSON of a benchmark run; the JSON keeps every sample.
import { benchMessages as m } from './messages.js';
import type { Finding } from '../findings.js';
import { table, type Style } from '../render/style.js';
import { LOW, rows, throttle, verdicts, type Row } from './report.js';
import { median } from './stats.js';
import type { BenchRun } from './types.js';

/** 2 (2026-12): rows carry kind, status and seed; latency, host memcpy, seed checks, phases and verdicts added. */
export const BENCH_SCHEMA_VERSION = 2;

export function benchJson(run: BenchRun, found: Finding[]) {
  const all = rows(run);
  return { schemaVersion: BENCH_SCHEMA_VERSION, ok: true, rows: all, verdicts: verdicts(run, found, all), findings: found, run };
}

export function renderBenchText(run: BenchRun, found: Finding[], s: Style): string {
  const lines: string[] = [];
  for (const g of run.before) {
    lines.push(
      s.bold(m('head', { index: g.index, name: g.name ?? '?', link: `Gen${g.pcie.maxGen ?? '?'} x${g.pcie.maxWidth ?? '?'}`, cc: g.computeCapability ?? '?' })),
    );
  }
  const libs = Object.entries(run.result.libraries)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
  if (libs) lines.push(s.dim(m('libs', { libs })));
  lines.push('');
  const header = m('col').split('|');
  const all = rows(run);
  const table_ = all.filter((r) => r.kind !== 'seed');
  const body = table_.map((r) => [
    String(r.gpu),
    r.what,
    r.size,
    `${fmt(r.value)} ${r.unit}`,
    r.expected === null ? '—' : `${fmt(r.expected)} ${r.unit}`,
    r.pct === null ? '—' : colorPct(r, s),
    r.check
      ? r.check.ok
        ? s.green(m('checkOk', { err: String(r.check.relError), tol: r.check.tolerance }))
        : s.red(m('checkBad', { err: String(r.check.relError), tol: r.check.tolerance }))
      : '',
  ]);
  lines.push(...table([header.map((h) => s.bold(h)), ...body]));
  const seed = all.filter((r) => r.kind === 'seed');
  if (seed.length > 0) {
    lines.push('', s.bold(m('seed.head')));
    for (const r of seed) {
      const line = m('seed.line', {
        what: r.what,
        size: r.size,
        value: fmt(r.value),
        unit: r.unit,
        expected: r.expected === null ? '?' : fmt(r.expected),
        basis: r.basis ?? '—',
        seed: r.seed ?? '',
      });
      lines.push(
        `  GPU ${r.gpu} ${r.status === 'low' ? s.red(line) : line}${r.check && !r.check.ok ? ` ${s.red(m('checkBad', { err: String(r.check.relError), tol: r.check.tolerance }))}` : ''}`,
      );
    }
  }
  for (const k of run.result.skipped) lines.push(s.dim(`  ${m('skipped', { dtype: k.dtype, gpu: k.gpu, reason: k.reason })}`));
  for (const p of run.result.p2p) {
    lines.push(
      `  ${m('p2p', { src: p.src, dst: p.dst, bw: p.medianGBs === null ? (p.error ?? '?') : `${p.medianGBs} GB/s`, can: p.canAccess ? 'yes' : 'no' })}`,
    );
  }
  const ar = run.result.allReduce;
  if (ar)
    lines.push(
      `  ${m('allReduce', { gpus: ar.gpus, size: `${ar.bytes / 1024 / 1024} MiB`, alg: ar.algbwGBs, bus: ar.busbwGBs, ok: ar.ok ? '' : ` — ${ar.error ?? 'wrong result'}` })}`,
    );
  for (const g of run.gpus) {
    const samples = run.clocks.filter((c) => c.gpu === g);
    if (!samples.length) continue;
    const t = throttle(samples);
    const max = (xs: (number | null)[]) => Math.max(...xs.filter((x): x is number => x !== null));
    const sm = samples.map((c) => c.smMHz).filter((x): x is number => x !== null);
    lines.push(
      s.dim(
        `  GPU ${g} ${m('clocks', { sm: sm.length ? median(sm) : '?', max: run.before.find((b) => b.index === g)?.maxSmMHz ?? '?', power: max(samples.map((c) => c.powerW)), temp: max(samples.map((c) => c.temperatureC)), reasons: t.masks.join(' ') || '?' })}`,
      ),
    );
  }
  if (run.result.errors.length) {
    lines.push('', s.yellow(m('errors')));
    for (const e of run.result.errors) lines.push(`  ${e}`);
  }
  lines.push('');
  if (found.length) {
    lines.push(s.bold(m('findings')));
    for (const f of found) {
      const tag = f.severity === 'error' ? s.red('error') : f.severity === 'warning' ? s.yellow('warning') : s.cyan('info');
      lines.push(`  ${tag} [${f.code}] ${f.title}`, `    ${f.cause}`, ...f.fix.map((x) => `    ${x}`));
    }
    lines.push('');
  }
  // Last, the answer to "is this GPU all right?": one line per GPU.
  for (const v of verdicts(run, found, all)) {
    const head = { index: v.gpu, name: v.name };
    if (!v.normal) lines.push(s.red(m('verdict.bad', { ...head, problems: v.problems.join(' ') })));
    else if (v.judged === 0) lines.push(s.yellow(m('verdict.unknown', head)));
    else lines.push(s.green(m('verdict.normal', { ...head, judged: v.judged, copy: LOW.copy * 100, gemm: LOW.gemm * 100 })));
  }
  return `${lines.join('\n')}\n`;
}

/** Coloured by the row's judgement: red when low, dim when not judged (small GEMMs, no expectation). */
function colorPct(r: Row, s: Style): string {
  const text = `${r.pct}%`;
  if (r.status === 'none') return s.dim(text);
  if (r.status === 'low') return s.red(text);
  return r.status === 'ok' || r.pct! >= 90 ? s.green(text) : r.pct! >= 75 ? s.yellow(text) : s.red(text);
}

function fmt(x: number): string {
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
}
