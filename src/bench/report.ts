// Turns a recorded run into table rows (median against expectation), findings and a verdict per GPU. Pure:
// tests replay recorded H200 runs through it. Every row gets the expectation that fits it: small copies the
// latency measured in the same run plus their size at the link's rate, pageable copies the host's own memcpy
// (same run) in series with the link, the seed guide's checks the catalogue's figures for this GPU.
import type { Finding } from '../findings.js';
import { matchGpu } from '../knowledge/gpus.js';
import { copyExpectation, type Expectation, gemmExpectation, p2pExpectation, specFor } from './expect.js';
import { msg } from './messages.js';
import { median } from './stats.js';
import type { BenchRun, ClockSample, CopyKind, GpuLink, GpuStatic, P2pResult } from './types.js';

/** p2p: a peer copy src → dst (bandwidth, or µs for the 4 KiB latency); allreduce: one size of the NCCL sweep. */
export type RowKind = 'copy' | 'latency' | 'gemm' | 'seed' | 'p2p' | 'allreduce';

export interface Row {
  gpu: number;
  what: string;
  size: string;
  value: number;
  /** µs and ms rows are times (lower is better); the others rates. */
  unit: 'GB/s' | 'TFLOP/s' | 'µs' | 'ms';
  expected: number | null;
  /** Percent of the expectation (for times: expected ÷ measured, so 100 % or more is as fast as it should be). */
  pct: number | null;
  basis: string | null;
  /** GEMM rows: the result check. */
  check?: { ok: boolean; relError: number | null; tolerance: number };
  /** Added with bench schema 2. */
  kind?: RowKind;
  /** ok / low against the expectation; none: nothing to judge against (latency rows, unknown GPUs, small GEMMs). */
  status?: 'ok' | 'low' | 'none';
  /** The seed guide's own figure for this check. */
  seed?: string;
  /** p2p rows: the destination GPU (gpu is the source) and the link between them as topo -m names it. */
  peer?: number;
  link?: string | null;
  /** allreduce rows: the GPUs taking part. */
  gpus?: number[];
}

/**
 * Below these shares of the expectation a row is low. Pageable copies (and x.cpu(), one into fresh memory) are judged
 * by the host's own memcpy measured seconds apart, which drifts: on the healthy H200 host, ten runs of 2026-12-02
 * (bench --quick/--full, both engines) put pageable H2D 256 MiB at 76–103 % of that model and x.cpu() at 88–121 %
 * (77 % once), so 80 % called a healthy host slow one run in five. 60 % still catches a host at half its speed.
 */
export const LOW = { copy: 0.8, pageable: 0.6, gemm: 0.85 } as const;
/**
 * A GEMM that takes less than this at the expected rate does not keep a large GPU busy (waves, tails): shown, not
 * judged. On the H200 (2026-11-30, 2026-12-02) the 4096³ fp8 (0.09 ms) and 2048³ GEMMs reached 50–86 %, every longer one 88 % or more.
 */
export const GEMM_JUDGED_MS = 0.25;
/** The seed guide: x.cpu() of a 10000×10000 fp32 tensor "should be above 1 GB/s". */
export const SEED_XCPU_GBS = 1;
/** The seed guide: torch.matmul of two 10000×10000 fp32 tensors "about 50 ms on an RTX 3090". */
export const SEED_MATMUL_MS_3090 = 50;
const MiB = 1024 * 1024;
/** Sizes from which copies reach the large-copy rate on the H200 (2026-11-30 and 2026-12-02 runs): PCIe 16 MiB (98 %), HBM 256 MiB (96 %). */
export const SATURATED = { pcie: 16 * MiB, d2d: 256 * MiB } as const;

const sizeOf = (bytes: number) => (bytes >= MiB ? `${bytes / MiB} MiB` : `${bytes / 1024} KiB`);
const r1 = (x: number) => Math.round(x * 10) / 10;

/** Pinned and device copies: the latency of a small copy plus the size at the large-copy rate. */
function latencyBound(e: Expectation, latencyUs: number | undefined, moved: number): Expectation & { latencyShare?: number } {
  if (latencyUs === undefined) return e;
  const seconds = latencyUs / 1e6 + moved / (e.expected * 1e9);
  const expected = moved / seconds / 1e9;
  // Where the latency costs less than 2 % the basis stays the large-copy one.
  if (expected > 0.98 * e.expected) return e;
  const latencyShare = latencyUs / 1e6 / seconds;
  return { expected, ceiling: e.ceiling, basis: msg('basis.latency', { basis: e.basis, us: latencyUs }), latencyShare };
}

/**
 * A copy whose expected time is mostly the fixed latency (a 1 MiB device copy: ~6 µs of latency, 0.5 µs of moving)
 * varies with that latency from run to run (245–371 GB/s on the H200, 2026-12-02): shown with its expectation, not judged.
 */
export const LATENCY_DOMINATED = 0.5;

export function rows(run: BenchRun): Row[] {
  const out: Row[] = [];
  const lat = (gpu: number, kind: CopyKind) => run.result.latencies?.find((l) => l.gpu === gpu && l.kind === kind)?.medianUs;
  const memcpy = (bytes: number, into: 'warm' | 'fresh') =>
    run.result.hostMemcpy?.find((h) => h.into === into && (into === 'fresh' || h.bytes === bytes))?.medianGBs;
  const pinnedAt = (gpu: number, kind: CopyKind, bytes: number): Expectation | null => {
    const g = staticOf(run, gpu);
    const e = copyExpectation(kind, g, specFor(g));
    return e && latencyBound(e, lat(gpu, kind), bytes);
  };
  for (const c of run.result.copies) {
    let e: Expectation | null;
    if (c.kind === 'h2d-pageable' || c.kind === 'd2h-pageable') {
      // Staging in series: the driver copies pageable memory through pinned buffers (a memcpy) and DMAs those.
      const link = pinnedAt(c.gpu, c.kind === 'h2d-pageable' ? 'h2d-pinned' : 'd2h-pinned', c.bytes);
      const mem = memcpy(c.bytes, 'warm');
      const us = lat(c.gpu, c.kind);
      e =
        link && mem && us !== undefined
          ? {
              expected: c.bytes / (us / 1e6 + c.bytes / (mem * 1e9) + c.bytes / (link.expected * 1e9)) / 1e9,
              ceiling: link.ceiling,
              basis: msg('basis.pageable', { us, memcpy: mem, link: r1(link.expected) }),
            }
          : null;
    } else e = pinnedAt(c.gpu, c.kind, (c.kind === 'd2d' ? 2 : 1) * c.bytes);
    const latencyDominated = ((e as { latencyShare?: number } | null)?.latencyShare ?? 0) > LATENCY_DOMINATED;
    const pageableKind = c.kind === 'h2d-pageable' || c.kind === 'd2h-pageable';
    // A run recorded before latencies were measured: a copy below saturation has nothing fair to be judged by.
    const unjudged = e !== null && !pageableKind && lat(c.gpu, c.kind) === undefined && c.bytes < (c.kind === 'd2d' ? SATURATED.d2d : SATURATED.pcie);
    // Small pageable copies: the driver stages them in chunks, each with its own wait; the H200 reached 51–89 % of
    // the series model at 1 MiB (2026-12-02) and 84–190 % from 32 MiB on. Shown against it, judged from 16 MiB on.
    const smallPageable = e !== null && pageableKind && c.bytes < SATURATED.pcie;
    out.push({
      gpu: c.gpu,
      what: c.kind,
      size: sizeOf(c.bytes),
      value: c.medianGBs,
      unit: 'GB/s',
      ...pct(c.medianGBs, e),
      ...(unjudged && e
        ? { basis: msg('basis.noLatency', { basis: e.basis }), status: 'none' as const }
        : smallPageable && e
          ? { basis: msg('basis.smallPageable', { basis: e.basis }), status: 'none' as const }
          : latencyDominated && e
            ? { basis: msg('basis.latencyDominated', { basis: e.basis }), status: 'none' as const }
            : judge(c.medianGBs, e, pageableKind ? LOW.pageable : LOW.copy)),
      kind: 'copy',
    });
  }
  for (const r of run.result.gemms) {
    const g = staticOf(run, r.gpu);
    const e = gemmExpectation(r.dtype, specFor(g));
    const judged = e !== null && (2 * r.m * r.n * r.k) / (e.expected * 1e12) >= GEMM_JUDGED_MS / 1e3;
    out.push({
      gpu: r.gpu,
      what: `gemm ${r.dtype}`,
      size: `${r.m}³`,
      value: r.medianTflops,
      unit: 'TFLOP/s',
      ...pct(r.medianTflops, e),
      ...(e && !judged ? { basis: msg('basis.smallGemm', { basis: e.basis, ms: GEMM_JUDGED_MS }) } : {}),
      check: { ok: r.check.ok, relError: r.check.relError, tolerance: r.check.tolerance },
      kind: 'gemm',
      ...(judged ? judge(r.medianTflops, e, LOW.gemm) : { status: 'none' as const }),
    });
  }
  for (const l of run.result.latencies ?? []) {
    out.push({
      gpu: l.gpu,
      what: l.kind,
      size: sizeOf(l.bytes),
      value: l.medianUs,
      unit: 'µs',
      expected: null,
      pct: null,
      basis: msg('basis.latencyRow'),
      kind: 'latency',
      status: 'none',
    });
  }
  for (const x of run.result.seed?.xcpu ?? []) {
    const link = pinnedAt(x.gpu, 'd2h-pinned', x.bytes);
    const fresh = memcpy(x.bytes, 'fresh');
    const e =
      link && fresh
        ? {
            expected: x.bytes / (x.bytes / (fresh * 1e9) + x.bytes / (link.expected * 1e9)) / 1e9,
            ceiling: link.ceiling,
            basis: msg('basis.xcpu', { fresh, link: r1(link.expected) }),
          }
        : null;
    const j = judge(x.medianGBs, e, LOW.pageable);
    out.push({
      gpu: x.gpu,
      what: 'x.cpu()',
      size: '10000² fp32',
      value: x.medianGBs,
      unit: 'GB/s',
      ...pct(x.medianGBs, e),
      kind: 'seed',
      status: x.medianGBs < SEED_XCPU_GBS ? 'low' : j.status,
      seed: msg('seed.xcpu', { gbs: SEED_XCPU_GBS }),
    });
  }
  for (const r of run.result.seed?.matmul ?? []) {
    const g = staticOf(run, r.gpu);
    const flop = 2 * r.m * r.n * r.k;
    const ms = flop / (r.medianTflops * 1e12) / 1e-3;
    const e = gemmExpectation('fp32', specFor(g));
    const expectedMs = e ? flop / (e.expected * 1e12) / 1e-3 : null;
    const p = expectedMs === null ? null : Math.round((100 * expectedMs) / ms);
    out.push({
      gpu: r.gpu,
      what: 'matmul fp32',
      size: `${r.m}³`,
      value: Math.round(ms * 100) / 100,
      unit: 'ms',
      expected: expectedMs === null ? null : r1(expectedMs),
      pct: p,
      basis: e ? msg('basis.matmul', { basis: e.basis }) : null,
      check: { ok: r.check.ok, relError: r.check.relError, tolerance: r.check.tolerance },
      kind: 'seed',
      status: p === null ? 'none' : p < LOW.gemm * 100 ? 'low' : 'ok',
      seed: seedMatmulNote(),
    });
  }
  out.push(...pairRows(run), ...allReduceRows(run));
  return out;
}

/** The link NVML saw between two GPUs (stored once per unordered pair). */
export function linkOf(run: BenchRun, a: number, b: number): GpuLink | undefined {
  return run.links?.find((l) => (l.a === a && l.b === b) || (l.a === b && l.b === a));
}

function pairRows(run: BenchRun): Row[] {
  const out: Row[] = [];
  for (const p of run.result.p2p) {
    const link = linkOf(run, p.src, p.dst);
    const e = link ? p2pExpectation(link, specFor(staticOf(run, p.src)), specFor(staticOf(run, p.dst))) : null;
    const base = { gpu: p.src, peer: p.dst, what: `p2p ${p.src}→${p.dst}`, link: link?.topo ?? null, kind: 'p2p' as const };
    if (p.medianGBs !== null && p.bytes !== null) {
      out.push({
        ...base,
        size: sizeOf(p.bytes),
        value: p.medianGBs,
        unit: 'GB/s',
        ...pct(p.medianGBs, e),
        ...(e ? {} : { basis: pairBasis(link, p) }),
        ...judge(p.medianGBs, e, LOW.copy),
      });
    }
    if (p.latency) {
      out.push({
        ...base,
        size: sizeOf(p.latency.bytes),
        value: p.latency.medianUs,
        unit: 'µs',
        expected: null,
        pct: null,
        basis: msg('basis.p2pLatency'),
        status: 'none',
      });
    }
  }
  return out;
}

/** Why a pair has no expectation: PCIe (and through what), or a GPU the NVLink table does not know. */
function pairBasis(link: GpuLink | undefined, p: P2pResult): string {
  if (!link) return msg('basis.noLink');
  if (link.kind === 'pcie') return msg(p.canAccess ? 'basis.p2pPcie' : 'basis.p2pStaged', { path: pcieText(link) });
  return msg('basis.p2pUnknownRate', { topo: link.topo ?? '?' });
}

/** "PCIe through the CPU (PHB)" … as topo -m's legend says it. */
export function pcieText(link: Pick<GpuLink, 'pcie'>): string {
  return link.pcie ? msg(`pcie.${link.pcie}`) : '?';
}

function allReduceRows(run: BenchRun): Row[] {
  const ar = run.result.allReduce;
  if (!ar) return [];
  const sizes = ar.sizes?.length ? ar.sizes : ar.samplesMs.length ? [{ bytes: ar.bytes, busbwGBs: ar.busbwGBs, algbwGBs: ar.algbwGBs }] : [];
  // One GPU: busbw is 0 by definition (2(n−1)/n), so the row carries algbw, the figure that was measured.
  const bus = ar.gpus >= 2;
  return sizes.map((x) => ({
    gpu: run.gpus[0] ?? 0,
    gpus: [...run.gpus],
    what: bus ? `all-reduce busbw ×${ar.gpus}` : `all-reduce algbw ×${ar.gpus}`,
    size: sizeOf(x.bytes),
    value: bus ? x.busbwGBs : x.algbwGBs,
    unit: 'GB/s' as const,
    expected: null,
    pct: null,
    basis: msg(bus ? 'basis.busbw' : 'basis.algbw'),
    kind: 'allreduce' as const,
    status: 'none' as const,
  }));
}

/** Below this share of the slowest peer copy measured in the same run, an all-reduce's busbw is low (2× H200: 288 of 393 GB/s through torchrun, 0.73). */
export const ALLREDUCE_OF_P2P = 0.5;

export interface LinkVerdict {
  /** p2p: the pairs; allreduce: the NCCL sweep. */
  what: 'p2p' | 'allreduce';
  normal: boolean;
  /** Judged against an expectation (false: shown, nothing to judge it by). */
  judged: boolean;
  /** One sentence: what was found, and for a problem why it usually happens. */
  text: string;
}

/** The lines after the per-GPU verdicts: the P2P pairs (problems one by one, the rest summed up) and the all-reduce. */
export function linkVerdicts(run: BenchRun, all: Row[] = rows(run)): LinkVerdict[] {
  const out: LinkVerdict[] = [];
  const p2pRows = all.filter((r) => r.kind === 'p2p' && r.unit === 'GB/s');
  const good: Row[] = [];
  const unjudged: string[] = [];
  for (const p of run.result.p2p) {
    const pair = `${p.src} → ${p.dst}`;
    const link = linkOf(run, p.src, p.dst);
    const row = p2pRows.find((r) => r.gpu === p.src && r.peer === p.dst);
    const topo = link?.topo ?? '?';
    if (p.error || !row) {
      out.push({ what: 'p2p', normal: false, judged: true, text: msg('verdict.p2pFailed', { pair, error: p.error ?? '?' }) });
    } else if (link?.kind === 'nvlink' && !p.canAccess) {
      out.push({ what: 'p2p', normal: false, judged: true, text: msg('verdict.p2pNoPeer', { pair, topo, value: row.value }) });
    } else if (row.status === 'low') {
      out.push({
        what: 'p2p',
        normal: false,
        judged: true,
        text: msg('verdict.p2pLow', { pair, value: row.value, pct: row.pct ?? '?', expected: row.expected ?? '?', topo }),
      });
    } else if (row.status === 'ok') good.push(row);
    else if (!p.canAccess) unjudged.push(msg('verdict.p2pStaged', { pair, value: row.value, path: link ? pcieText(link) : '?' }));
    else unjudged.push(msg('verdict.p2pUnjudged', { pair, value: row.value, topo }));
  }
  if (good.length > 0) {
    const values = good.map((r) => r.value);
    const range = Math.min(...values) === Math.max(...values) ? `${values[0]}` : `${Math.min(...values)}–${Math.max(...values)}`;
    const links = [...new Set(good.map((r) => r.link ?? '?'))].join(', ');
    out.push({ what: 'p2p', normal: true, judged: true, text: msg('verdict.p2pNormal', { n: good.length, links, range, low: LOW.copy * 100 }) });
  }
  for (const text of unjudged) out.push({ what: 'p2p', normal: true, judged: false, text });
  const ar = run.result.allReduce;
  const via = ar ? viaText(ar) : '';
  if (!ar) {
    if (run.result.allReduceSkipped)
      out.push({ what: 'allreduce', normal: true, judged: false, text: msg('verdict.arSkipped', { why: run.result.allReduceSkipped }) });
  } else if (!ar.ok) {
    out.push({ what: 'allreduce', normal: false, judged: true, text: msg('verdict.arFailed', { n: ar.gpus, via, error: ar.error ?? msg('verdict.arWrong') }) });
  } else if (ar.gpus < 2) {
    out.push({ what: 'allreduce', normal: true, judged: false, text: msg('verdict.arOne', { alg: ar.algbwGBs, size: sizeOf(ar.bytes), via }) });
  } else {
    // A ring all-reduce runs at its slowest hop: judged against the slowest pair (staged ones included, as NCCL's would be).
    const peers = run.result.p2p.filter((p) => p.medianGBs !== null).map((p) => p.medianGBs!);
    const floor = peers.length > 0 ? Math.min(...peers) : null;
    const env = Object.entries(run.ncclEnv ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    const args = { n: ar.gpus, bus: ar.busbwGBs, size: sizeOf(ar.bytes), via, p2p: floor ?? '?', pct: floor ? Math.round((100 * ar.busbwGBs) / floor) : '?' };
    if (floor === null) out.push({ what: 'allreduce', normal: true, judged: false, text: msg('verdict.arUnjudged', args) });
    else if (ar.busbwGBs < ALLREDUCE_OF_P2P * floor)
      out.push({
        what: 'allreduce',
        normal: false,
        judged: true,
        text: msg('verdict.arLow', { ...args, share: ALLREDUCE_OF_P2P * 100, env: env ? msg('verdict.arEnv', { env }) : '' }),
      });
    else out.push({ what: 'allreduce', normal: true, judged: true, text: msg('verdict.arNormal', args) });
  }
  return out;
}

/** "NCCL 2.28.9 loaded by gpuenv" or "torchrun, NCCL 2.28.9 (libnccl not found: …)". */
export function viaText(ar: NonNullable<BenchRun['result']['allReduce']>): string {
  if (ar.via === 'nccl') return msg('via.nccl', { version: ar.nccl ?? '?' });
  if (ar.via === 'torchrun')
    return ar.fallback ? msg('via.torchrunFallback', { version: ar.nccl ?? '?', why: ar.fallback }) : msg('via.torchrun', { version: ar.nccl ?? '?' });
  return msg('via.unknown');
}

/** The seed's 3090 figure next to what the catalogue's RTX 3090 row gives for the same matmul. */
export function seedMatmulNote(): string {
  const spec = matchGpu('NVIDIA GeForce RTX 3090').match;
  const e = gemmExpectation('fp32', spec);
  const ms = e ? Math.round((2 * 1e12) / (e.expected * 1e12) / 1e-3) : null;
  return msg('seed.matmul', { ms: SEED_MATMUL_MS_3090, ours: ms ?? '?', confirmed: spec?.confirmed === false ? msg('seed.unconfirmed') : '' });
}

function pct(value: number, e: { expected: number; basis: string } | null) {
  if (!e) return { expected: null, pct: null, basis: null };
  return { expected: r1(e.expected), pct: Math.round((100 * value) / e.expected), basis: e.basis };
}

function judge(value: number, e: { expected: number } | null, low: number): { status: 'ok' | 'low' | 'none' } {
  return { status: e === null ? 'none' : value < low * e.expected ? 'low' : 'ok' };
}

export interface Verdict {
  gpu: number;
  name: string;
  normal: boolean;
  /** Rows judged against an expectation. */
  judged: number;
  /** What is not normal, and why, one sentence each. */
  problems: string[];
}

/** Per GPU: normal, or what is not and why (the findings' titles, else what usually causes it). */
export function verdicts(run: BenchRun, found: Finding[], all: Row[] = rows(run)): Verdict[] {
  return run.gpus.map((gpu) => {
    const g = staticOf(run, gpu);
    // Pair and all-reduce rows have verdicts of their own (linkVerdicts).
    const mine = all.filter((r) => r.gpu === gpu && r.kind !== 'p2p' && r.kind !== 'allreduce');
    const problems: string[] = [];
    const its = (code: string) => found.find((f) => f.subject === `gpu:${gpu}` && f.code === code && f.severity !== 'info');
    const low = (test: (r: Row) => boolean) => mine.filter((r) => r.status === 'low' && test(r));
    const list = (rs: Row[]) => rs.map((r) => `${r.what} ${r.size} ${r.pct ?? '?'} %`).join(', ');
    const say = (rs: Row[], why: string) => rs.length > 0 && problems.push(msg('verdict.low', { rows: list(rs), why }));
    const lowPinned = low((r) => r.kind === 'copy' && r.what.endsWith('pinned'));
    const lowGemm = low((r) => r.kind === 'gemm' || r.what === 'matmul fp32');
    say(lowPinned, its('pcie-degraded')?.title ?? msg('why.pcie'));
    say(
      low((r) => r.what === 'd2d'),
      msg('why.memory'),
    );
    say(
      low((r) => r.kind === 'copy' && r.what.endsWith('pageable')),
      msg('why.pageable'),
    );
    say(lowGemm, its('gpu-throttled')?.title ?? msg('why.gemm'));
    say(
      low((r) => r.what === 'x.cpu()'),
      msg('why.xcpu', { gbs: SEED_XCPU_GBS }),
    );
    const wrong = mine.filter((r) => r.check && !r.check.ok);
    if (wrong.length > 0) problems.push(msg('verdict.wrong', { rows: wrong.map((r) => `${r.what} ${r.size}`).join(', ') }));
    // Findings not already given as the reason of a low row (a link trained below its maximum, ECC, throttling).
    for (const f of found) {
      if (f.subject !== `gpu:${gpu}` || f.severity === 'info') continue;
      if ((f.code === 'pcie-degraded' && lowPinned.length > 0) || (f.code === 'gpu-throttled' && lowGemm.length > 0)) continue;
      problems.push(f.title);
    }
    if (run.result.errors.length > 0) problems.push(msg('verdict.errors', { n: run.result.errors.length }));
    return { gpu, name: g.name ?? '?', normal: problems.length === 0, judged: mine.filter((r) => r.status === 'ok' || r.status === 'low').length, problems };
  });
}

function staticOf(run: BenchRun, gpu: number): GpuStatic {
  return (
    run.before.find((g) => g.index === gpu) ?? {
      index: gpu,
      name: null,
      pciDeviceId: null,
      computeCapability: null,
      pcie: { currentGen: null, maxGen: null, gpuMaxGen: null, currentWidth: null, maxWidth: null },
      maxSmMHz: null,
      maxMemMHz: null,
      ecc: null,
    }
  );
}

/** Below this share of the expected PCIe bandwidth a copy result is a finding. */
export const PCIE_LOW = 0.8;
const HARMFUL: Record<number, string> = { 0x8: 'hw_slowdown', 0x20: 'sw_thermal_slowdown', 0x40: 'hw_thermal_slowdown', 0x80: 'hw_power_brake_slowdown' };
const SW_POWER_CAP = 0x4;

export function findings(run: BenchRun): Finding[] {
  const out: Finding[] = [];
  const all = rows(run);
  for (const gpu of run.gpus) {
    const g = staticOf(run, gpu);
    const name = g.name ?? '?';
    const samples = run.clocks.filter((s) => s.gpu === gpu);
    const subject = `gpu:${gpu}`;
    // PCIe: link seen under load (the highest reading; idle power saving drops the generation).
    const loaded = samples.filter((s) => s.pcieGen !== null);
    const seenGen = loaded.length ? Math.max(...loaded.map((s) => s.pcieGen!)) : g.pcie.currentGen;
    const seenWidth = loaded.length ? Math.max(...loaded.map((s) => s.pcieWidth ?? 0)) : g.pcie.currentWidth;
    const seen = `Gen${seenGen ?? '?'} x${seenWidth ?? '?'}`;
    const max = `Gen${g.pcie.maxGen ?? '?'} x${g.pcie.maxWidth ?? '?'}`;
    const evidence = (extra: { fact: string; value: string }[]) => [
      ...extra.map((e) => ({ ...e, source: `gpuenv bench (${run.engine})` })),
      { fact: msg('fact.pcieLink'), value: `${seen} / ${max}`, source: 'nvml' },
    ];
    const inspect = [
      msg('pcieFixInspect'),
      `nvidia-smi --query-gpu=index,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max --format=csv -i ${gpu}`,
    ];
    const linkLow =
      (seenGen !== null && g.pcie.maxGen !== null && seenGen < g.pcie.maxGen) ||
      (seenWidth !== null && g.pcie.maxWidth !== null && seenWidth < g.pcie.maxWidth);
    const pinned = all.filter((r) => r.gpu === gpu && (r.what === 'h2d-pinned' || r.what === 'd2h-pinned') && r.expected !== null);
    const biggest = pinned.filter((r) => r.size === pinned.at(-1)?.size);
    const low = biggest.filter((r) => r.pct !== null && r.pct < PCIE_LOW * 100);
    if (low.length > 0) {
      const worst = low.reduce((a, b) => (a.value < b.value ? a : b));
      out.push({
        code: 'pcie-degraded',
        severity: 'warning',
        subject,
        title: msg('pcieLowTitle', { index: gpu, name, got: worst.value.toFixed(1), pct: worst.pct!, expected: worst.expected!, link: max }),
        cause: msg('pcieLowCause', { seen }),
        evidence: evidence(low.map((r) => ({ fact: `${r.what} ${r.size}`, value: `${r.value} GB/s (${r.basis})` }))),
        fix: [...inspect, msg('pcieFixReseat')],
      });
    } else if (linkLow) {
      out.push({
        code: 'pcie-degraded',
        severity: 'warning',
        subject,
        title: msg('pcieLinkTitle', { index: gpu, name, seen, max }),
        cause: msg('pcieLinkCause'),
        evidence: evidence([]),
        fix: [...inspect, msg('pcieFixReseat')],
      });
    }
    const thr = throttle(samples);
    if (thr.harmful.length > 0) {
      const fix = [msg('thrFixInspect'), `nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i ${gpu}`];
      if (thr.harmful.some((r) => /thermal/.test(r))) fix.push(msg('thrFixCooling'));
      out.push({
        code: 'gpu-throttled',
        severity: 'warning',
        subject,
        title: msg('thrTitle', { index: gpu, name, reasons: thr.harmful.join(', ') }),
        cause: msg('thrCause', { reasons: thr.harmful.join(', '), share: thr.share, count: samples.length, sm: thr.smMedian ?? '?', max: g.maxSmMHz ?? '?' }),
        evidence: [{ fact: 'clock event reasons seen', value: thr.masks.join(', '), source: 'nvml' }],
        fix,
      });
    } else if (thr.powerCap) {
      // Small GEMMs do not fill the chip: judge the power cap on each dtype's largest size only.
      const gemms = all.filter((r) => r.gpu === gpu && r.unit === 'TFLOP/s' && r.pct !== null);
      const largest = Math.max(...gemms.map((r) => parseInt(r.size, 10)));
      const gemmPct = gemms.filter((r) => parseInt(r.size, 10) === largest).map((r) => r.pct!);
      const worst = gemmPct.length ? Math.min(...gemmPct) : null;
      out.push({
        code: 'gpu-throttled',
        severity: worst !== null && worst < 85 ? 'warning' : 'info',
        subject,
        title: msg('thrPowerInfo', { index: gpu, name }),
        cause: msg('thrPowerCause', { pct: worst ?? '?' }),
        evidence: [{ fact: 'clock event reasons seen', value: thr.masks.join(', '), source: 'nvml' }],
        fix: [msg('thrFixInspect'), `nvidia-smi -q -d PERFORMANCE,POWER -i ${gpu}`],
      });
    }
    const before = g.ecc;
    const after = run.eccAfter[gpu] ?? null;
    if (before && after) {
      const dc = (after.volatileCorrected ?? 0) - (before.volatileCorrected ?? 0);
      const du = (after.volatileUncorrected ?? 0) - (before.volatileUncorrected ?? 0);
      if (dc > 0 || du > 0) {
        out.push({
          code: 'ecc-errors',
          severity: du > 0 ? 'error' : 'warning',
          subject,
          title: msg('eccTitle', { index: gpu, name, what: du > 0 ? 'uncorrectable' : 'corrected' }),
          cause: msg('eccCause', {
            before: before.volatileCorrected ?? '?',
            after: after.volatileCorrected ?? '?',
            ubefore: before.volatileUncorrected ?? '?',
            uafter: after.volatileUncorrected ?? '?',
          }),
          evidence: [
            {
              fact: 'volatile ECC (corrected / uncorrectable) before → after',
              value: `${before.volatileCorrected}/${before.volatileUncorrected} → ${after.volatileCorrected}/${after.volatileUncorrected}`,
              source: 'nvml',
            },
          ],
          fix: [msg('eccFixInspect'), `nvidia-smi -q -d ECC,ROW_REMAPPER -i ${gpu}`],
        });
      }
    }
  }
  return out;
}

export function throttle(samples: ClockSample[]): { harmful: string[]; powerCap: boolean; share: number; masks: string[]; smMedian: number | null } {
  const harmful = new Set<string>();
  let powerCap = false;
  let hit = 0;
  const masks = new Set<string>();
  for (const s of samples) {
    if (s.reasons === null) continue;
    const v = Number(BigInt(s.reasons));
    masks.add(s.reasons);
    let bad = false;
    for (const [bit, name] of Object.entries(HARMFUL)) {
      if (v & Number(bit)) {
        harmful.add(name);
        bad = true;
      }
    }
    if (v & SW_POWER_CAP) powerCap = true;
    if (bad) hit++;
  }
  const sm = samples.map((s) => s.smMHz).filter((x): x is number => x !== null);
  return {
    harmful: [...harmful],
    powerCap,
    share: samples.length ? Math.round((100 * hit) / samples.length) : 0,
    masks: [...masks],
    smMedian: sm.length ? median(sm) : null,
  };
}
