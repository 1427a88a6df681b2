// Text and JSON of a benchmark run; the JSON keeps every sample.
import { benchMessages as m } from './messages.js';
import type { Finding } from '../findings.js';
import { table, type Style } from '../render/style.js';
import { rows, throttle } from './report.js';
import { median } from './stats.js';
import type { BenchRun } from './types.js';

export const BENCH_SCHEMA_VERSION = 1;

export function benchJson(run: BenchRun, found: Finding[]) {
  return { schemaVersion: BENCH_SCHEMA_VERSION, ok: true, rows: rows(run), findings: found, run };
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
  const body = rows(run).map((r) => [
    String(r.gpu),
    r.what,
    r.size,
    `${r.value.toFixed(1)} ${r.unit}`,
    r.expected === null ? '—' : `${r.expected} ${r.unit}`,
    r.pct === null ? '—' : colorPct(r.pct, s),
    r.check
      ? r.check.ok
        ? s.green(m('checkOk', { err: String(r.check.relError), tol: r.check.tolerance }))
        : s.red(m('checkBad', { err: String(r.check.relError), tol: r.check.tolerance }))
      : '',
  ]);
  lines.push(...table([header.map((h) => s.bold(h)), ...body]));
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
  } else if (!run.result.errors.length && run.result.gemms.every((g) => g.check.ok)) {
    lines.push(s.green(m('allGood')));
  }
  return `${lines.join('\n')}\n`;
}

function colorPct(pct: number, s: Style): string {
  const text = `${pct}%`;
  return pct >= 90 ? s.green(text) : pct >= 75 ? s.yellow(text) : s.red(text);
}
