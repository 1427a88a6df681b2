// Turns a recorded run into table rows (median against expectation) and findings. Pure: tests replay
// recorded H200 runs through it.
import type { Finding } from '../findings.js';
import { copyExpectation, gemmExpectation, specFor } from './expect.js';
import { m } from './messages.js';
import { median } from './stats.js';
import type { BenchRun, ClockSample, GpuStatic } from './types.js';

export interface Row {
  gpu: number;
  what: string;
  size: string;
  value: number;
  unit: 'GB/s' | 'TFLOP/s';
  expected: number | null;
  /** value / expected, percent. */
  pct: number | null;
  basis: string | null;
  /** GEMM rows: the result check. */
  check?: { ok: boolean; relError: number | null; tolerance: number };
}

export function rows(run: BenchRun): Row[] {
  const out: Row[] = [];
  for (const c of run.result.copies) {
    const g = staticOf(run, c.gpu);
    const e = copyExpectation(c.kind, g, specFor(g));
    out.push({ gpu: c.gpu, what: c.kind, size: `${c.bytes / 1024 / 1024} MiB`, value: c.medianGBs, unit: 'GB/s', ...pct(c.medianGBs, e) });
  }
  for (const r of run.result.gemms) {
    const g = staticOf(run, r.gpu);
    const e = gemmExpectation(r.dtype, specFor(g));
    out.push({
      gpu: r.gpu,
      what: `gemm ${r.dtype}`,
      size: `${r.m}³`,
      value: r.medianTflops,
      unit: 'TFLOP/s',
      ...pct(r.medianTflops, e),
      check: { ok: r.check.ok, relError: r.check.relError, tolerance: r.check.tolerance },
    });
  }
  return out;
}

function pct(value: number, e: { expected: number; basis: string } | null) {
  if (!e) return { expected: null, pct: null, basis: null };
  return { expected: Math.round(e.expected * 10) / 10, pct: Math.round((100 * value) / e.expected), basis: e.basis };
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
      { fact: 'PCIe link under load / max', value: `${seen} / ${max}`, source: 'nvml' },
    ];
    const inspect = [
      m('pcieFixInspect'),
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
        title: m('pcieLowTitle', { index: gpu, name, got: worst.value.toFixed(1), pct: worst.pct!, expected: worst.expected!, link: max }),
        cause: m('pcieLowCause', { seen }),
        evidence: evidence(low.map((r) => ({ fact: `${r.what} ${r.size}`, value: `${r.value} GB/s (${r.basis})` }))),
        fix: [...inspect, m('pcieFixReseat')],
      });
    } else if (linkLow) {
      out.push({
        code: 'pcie-degraded',
        severity: 'warning',
        subject,
        title: m('pcieLinkTitle', { index: gpu, name, seen, max }),
        cause: m('pcieLinkCause'),
        evidence: evidence([]),
        fix: [...inspect, m('pcieFixReseat')],
      });
    }
    const thr = throttle(samples);
    if (thr.harmful.length > 0) {
      const fix = [m('thrFixInspect'), `nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i ${gpu}`];
      if (thr.harmful.some((r) => /thermal/.test(r))) fix.push(m('thrFixCooling'));
      out.push({
        code: 'gpu-throttled',
        severity: 'warning',
        subject,
        title: m('thrTitle', { index: gpu, name, reasons: thr.harmful.join(', ') }),
        cause: m('thrCause', { reasons: thr.harmful.join(', '), share: thr.share, count: samples.length, sm: thr.smMedian ?? '?', max: g.maxSmMHz ?? '?' }),
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
        title: m('thrPowerInfo', { index: gpu, name }),
        cause: m('thrPowerCause', { pct: worst ?? '?' }),
        evidence: [{ fact: 'clock event reasons seen', value: thr.masks.join(', '), source: 'nvml' }],
        fix: [m('thrFixInspect'), `nvidia-smi -q -d PERFORMANCE,POWER -i ${gpu}`],
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
          title: m('eccTitle', { index: gpu, name, what: du > 0 ? 'uncorrectable' : 'corrected' }),
          cause: m('eccCause', {
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
          fix: [m('eccFixInspect'), `nvidia-smi -q -d ECC,ROW_REMAPPER -i ${gpu}`],
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
