// Text and JSON of a benchmark run; the JSON keeps every sample.
import { msg } from './messages.js';
import type { Finding } from '../findings.js';
import { table, type Style } from '../render/style.js';
import { LOW, linkOf, linkVerdicts, pcieText, rows, throttle, verdicts, viaText, type Row } from './report.js';
import { median } from './stats.js';
import type { BenchRun } from './types.js';

/** 2 (2026-12): rows carry kind, status and seed; latency, host memcpy, seed checks, phases and verdicts added. */
export const BENCH_SCHEMA_VERSION = 2;

export function benchJson(run: BenchRun, found: Finding[]) {
  const all = rows(run);
  return {
    schemaVersion: BENCH_SCHEMA_VERSION,
    ok: true,
    rows: all,
    verdicts: verdicts(run, found, all),
    linkVerdicts: linkVerdicts(run, all),
    findings: found,
    run,
  };
}

export function renderBenchText(run: BenchRun, found: Finding[], s: Style): string {
  const lines: string[] = [];
  for (const g of run.before) {
    lines.push(
      s.bold(
        msg('head', { index: g.index, name: g.name ?? '?', link: `Gen${g.pcie.maxGen ?? '?'} x${g.pcie.maxWidth ?? '?'}`, cc: g.computeCapability ?? '?' }),
      ),
    );
  }
  const libs = Object.entries(run.result.libraries)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
  if (libs) lines.push(s.dim(msg('libs', { libs })));
  lines.push('');
  const header = msg('col').split('|');
  const all = rows(run);
  const table_ = all.filter((r) => r.kind !== 'seed' && r.kind !== 'p2p' && r.kind !== 'allreduce');
  const body = table_.map((r) => [
    String(r.gpu),
    r.what,
    r.size,
    `${fmt(r.value)} ${r.unit}`,
    r.expected === null ? '—' : `${fmt(r.expected)} ${r.unit}`,
    r.pct === null ? '—' : colorPct(r, s),
    r.check
      ? r.check.ok
        ? s.green(msg('checkOk', { err: String(r.check.relError), tol: r.check.tolerance }))
        : s.red(msg('checkBad', { err: String(r.check.relError), tol: r.check.tolerance }))
      : '',
  ]);
  lines.push(...table([header.map((h) => s.bold(h)), ...body]));
  const seed = all.filter((r) => r.kind === 'seed');
  if (seed.length > 0) {
    lines.push('', s.bold(msg('seed.head')));
    for (const r of seed) {
      const line = msg('seed.line', {
        what: r.what,
        size: r.size,
        value: fmt(r.value),
        unit: r.unit,
        expected: r.expected === null ? '?' : fmt(r.expected),
        basis: r.basis ?? '—',
        seed: r.seed ?? '',
      });
      lines.push(
        `  GPU ${r.gpu} ${r.status === 'low' ? s.red(line) : line}${r.check && !r.check.ok ? ` ${s.red(msg('checkBad', { err: String(r.check.relError), tol: r.check.tolerance }))}` : ''}`,
      );
    }
  }
  for (const k of run.result.skipped) lines.push(s.dim(`  ${msg('skipped', { dtype: k.dtype, gpu: k.gpu, reason: k.reason })}`));
  const multi = [...pairTable(run, all, s), ...allReduceTable(run, s)];
  if (multi.length > 0) lines.push(...multi, '');
  for (const g of run.gpus) {
    const samples = run.clocks.filter((c) => c.gpu === g);
    if (!samples.length) continue;
    const t = throttle(samples);
    const max = (xs: (number | null)[]) => Math.max(...xs.filter((x): x is number => x !== null));
    const sm = samples.map((c) => c.smMHz).filter((x): x is number => x !== null);
    lines.push(
      s.dim(
        `  GPU ${g} ${msg('clocks', { sm: sm.length ? median(sm) : '?', max: run.before.find((b) => b.index === g)?.maxSmMHz ?? '?', power: max(samples.map((c) => c.powerW)), temp: max(samples.map((c) => c.temperatureC)), reasons: t.masks.join(' ') || '?' })}`,
      ),
    );
  }
  if (run.result.errors.length) {
    lines.push('', s.yellow(msg('errors')));
    for (const e of run.result.errors) lines.push(`  ${e}`);
  }
  lines.push('');
  if (found.length) {
    lines.push(s.bold(msg('findings')));
    for (const f of found) {
      const tag = f.severity === 'error' ? s.red(msg('sev.error')) : f.severity === 'warning' ? s.yellow(msg('sev.warning')) : s.cyan(msg('sev.info'));
      lines.push(`  ${tag} [${f.code}] ${f.title}`, `    ${f.cause}`, ...f.fix.map((x) => `    ${x}`));
    }
    lines.push('');
  }
  // Last, the answer to "is this GPU all right?": one line per GPU.
  for (const v of verdicts(run, found, all)) {
    const head = { index: v.gpu, name: v.name };
    if (!v.normal) lines.push(s.red(msg('verdict.bad', { ...head, problems: v.problems.join(' ') })));
    else if (v.judged === 0) lines.push(s.yellow(msg('verdict.unknown', head)));
    else lines.push(s.green(msg('verdict.normal', { ...head, judged: v.judged, copy: LOW.copy * 100, gemm: LOW.gemm * 100 })));
  }
  for (const v of linkVerdicts(run, all)) lines.push(!v.normal ? s.red(v.text) : v.judged ? s.green(v.text) : s.yellow(v.text));
  return `${lines.join('\n')}\n`;
}

/** The P2P matrix: each ordered pair's link (as topo -m), peer access, bandwidth against the link, and latency. */
function pairTable(run: BenchRun, all: Row[], s: Style): string[] {
  if (run.result.p2p.length === 0) return [];
  const body = run.result.p2p.map((p) => {
    const link = linkOf(run, p.src, p.dst);
    const bw = all.find((r) => r.kind === 'p2p' && r.gpu === p.src && r.peer === p.dst && r.unit === 'GB/s');
    const lat = all.find((r) => r.kind === 'p2p' && r.gpu === p.src && r.peer === p.dst && r.unit === 'µs');
    const via = !link
      ? '?'
      : link.kind === 'nvlink'
        ? `${link.topo}${link.nvswitch ? ' (NVSwitch)' : ''}`
        : link.kind === 'pcie'
          ? `${link.topo} · ${pcieText(link)}`
          : '?';
    return [
      `${p.src} → ${p.dst}`,
      via,
      p.canAccess ? msg('p2p.peerOn') : s.yellow(msg('p2p.peerOff')),
      bw ? `${fmt(bw.value)} GB/s` : s.red(p.error ?? '?'),
      bw?.expected == null ? '—' : `${fmt(bw.expected)} GB/s`,
      bw?.pct == null ? '—' : colorPct(bw, s),
      lat ? `${lat.value.toFixed(1)} µs` : '—',
    ];
  });
  const size = run.result.p2p.find((p) => p.bytes !== null)?.bytes;
  const out = [
    '',
    s.bold(msg('p2p.head', { size: size ? `${size / 1024 / 1024} MiB` : '?' })),
    ...table([
      msg('p2p.col')
        .split('|')
        .map((h) => s.bold(h)),
      ...body,
    ]),
  ];
  // Where a pair has no expectation, say why once per reason (PCIe paths, GPUs the NVLink table does not know).
  const reasons = new Set(all.filter((r) => r.kind === 'p2p' && r.unit === 'GB/s' && r.expected === null && r.basis).map((r) => r.basis!));
  for (const r of reasons) out.push(s.dim(`  ${r}`));
  return out;
}

/** The NCCL sweep: time, algbw and busbw per size, and what ran it. */
function allReduceTable(run: BenchRun, s: Style): string[] {
  const ar = run.result.allReduce;
  if (!ar) return run.result.allReduceSkipped ? ['', s.dim(msg('ar.skipped', { why: run.result.allReduceSkipped }))] : [];
  const head = s.bold(msg('ar.head', { n: ar.gpus, via: viaText(ar) }));
  const sizes = ar.sizes?.length
    ? ar.sizes
    : ar.samplesMs.length
      ? [{ bytes: ar.bytes, medianMs: median(ar.samplesMs), algbwGBs: ar.algbwGBs, busbwGBs: ar.busbwGBs }]
      : [];
  const body = sizes.map((x) => [
    x.bytes >= 1024 * 1024 ? `${x.bytes / 1024 / 1024} MiB` : `${x.bytes / 1024} KiB`,
    `${x.medianMs.toFixed(3)} ms`,
    `${fmt(x.algbwGBs)} GB/s`,
    `${fmt(x.busbwGBs)} GB/s`,
  ]);
  const out = [
    '',
    head,
    ...table([
      msg('ar.col')
        .split('|')
        .map((h) => s.bold(h)),
      ...body,
    ]),
  ];
  if (ar.gpus < 2) out.push(s.dim(`  ${msg('ar.oneGpu')}`));
  if (!ar.ok) out.push(s.red(`  ${ar.error ?? msg('verdict.arWrong')}`));
  return out;
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
