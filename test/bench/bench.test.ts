import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copyExpectation, gemmExpectation, pcieRawGBs, specFor } from '../../src/bench/expect.js';
import { bf16ToFloat, e4m3ToFloat, floatToFp16, fp16ToFloat, makePool, referenceElement, relativeError, sampleIndices } from '../../src/bench/gemm-data.js';
import { cublasDirs, planConfig } from '../../src/bench/plan.js';
import { renderBenchText } from '../../src/bench/render.js';
import { findings, rows } from '../../src/bench/report.js';
import type { BenchRun } from '../../src/bench/types.js';
import { makeStyle } from '../../src/render/style.js';

const load = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as BenchRun;
const native = load('h200-native.json');
const torch = load('h200-torch.json');

describe('expectations', () => {
  it('PCIe raw bandwidth per generation and width', () => {
    expect(pcieRawGBs(5, 16)).toBeCloseTo(63.0, 1);
    expect(pcieRawGBs(4, 16)).toBeCloseTo(31.5, 1);
    expect(pcieRawGBs(3, 8)).toBeCloseTo(7.88, 2);
    expect(pcieRawGBs(9, 16)).toBeNull();
  });
  it('the H200 expectations: ~55.4 GB/s pinned, HBM practical, bf16 practical', () => {
    const g = native.before[0]!;
    const spec = specFor(g);
    expect(spec?.name).toBe('NVIDIA H200');
    expect(copyExpectation('h2d-pinned', g, spec)!.expected).toBeCloseTo(55.45, 1);
    expect(copyExpectation('h2d-pageable', g, spec)).toBeNull();
    expect(copyExpectation('d2d', g, spec)!.ceiling).toBe(4800);
    expect(gemmExpectation('bf16', spec)!.expected).toBeCloseTo(791.6, 1);
  });
  it('a link trained at x8 halves the expected pinned bandwidth', () => {
    const g = { ...native.before[0]!, pcie: { ...native.before[0]!.pcie, maxWidth: 8 } };
    expect(copyExpectation('h2d-pinned', g, specFor(g))!.expected).toBeCloseTo(27.7, 1);
  });
});

describe('GEMM operands and reference', () => {
  it('decodes the small float formats exactly', () => {
    expect(bf16ToFloat(0x3f80)).toBe(1);
    expect(fp16ToFloat(0x3c00)).toBe(1);
    expect(fp16ToFloat(floatToFp16(-0.5))).toBe(-0.5);
    expect(e4m3ToFloat(0x38)).toBe(1);
    expect(e4m3ToFloat(0x7e)).toBe(448);
    expect(Number.isNaN(e4m3ToFloat(0x7f))).toBe(true);
  });
  it('pools are random, non-zero, in range and NaN-free', () => {
    for (const dt of ['fp32', 'bf16', 'fp16', 'fp8'] as const) {
      const p = makePool(dt, 7, 10_007);
      const v = [...p.values];
      expect(v.every((x) => Number.isFinite(x) && Math.abs(x) < 2)).toBe(true);
      expect(v.filter((x) => x === 0).length).toBeLessThan(200);
    }
  });
  it('the reference is Σ A[l + i·k]·B[l + j·k] over pools that wrap', () => {
    const a = new Float32Array([1, 2, 3]);
    const b = new Float32Array([1, 1]);
    // k = 2, i = 1: A[2], A[3 mod 3] = 3, 1; j = 1: B[2 mod 2], B[3 mod 2] = 1, 1
    expect(referenceElement(a, b, 2, 1, 1)).toBe(4);
    expect(relativeError([1, 2], [1, 2])).toBe(0);
    expect(Number.isNaN(relativeError([NaN, 2], [1, 2]))).toBe(true);
    expect(sampleIndices(8192, 16)).toHaveLength(16);
    expect(sampleIndices(8192, 16).at(-1)).toBe(8191);
  });
});

describe('plan', () => {
  it('quick mode is small and the cuBLAS folders come from the Snapshot, stubs refused', () => {
    const c = planConfig('quick', [0], {
      libraries: [
        { name: 'cublas', dir: '/opt/venv/lib/python3.12/site-packages/nvidia/cu13/lib', origin: 'pip-wheel' },
        { name: 'cublas', dir: '/usr/local/cuda/lib64', origin: 'toolkit' },
        { name: 'cublas', dir: '/usr/local/cuda/lib64/stubs', origin: 'toolkit' },
      ],
      toolkits: [],
      python: [],
    } as never);
    expect(c.gemmSizes).toEqual([8192]);
    expect(c.cublasDirs[0]).toBe('/usr/local/cuda/lib64');
    expect(c.cublasDirs.some((d) => d.includes('stubs'))).toBe(false);
    expect(cublasDirs({ libraries: [], toolkits: [], python: [{ sitePackages: ['/sp'] }] } as never)).toContain('/sp/nvidia/cu13/lib');
  });
});

describe('recorded H200 runs (2026-11-30)', () => {
  it('native figures meet the issue against torch in the same run', () => {
    const med = (run: BenchRun, kind: string) => run.result.copies.find((c) => c.kind === kind && c.bytes === 1024 ** 3)!.medianGBs;
    for (const kind of ['h2d-pinned', 'd2h-pinned']) expect(med(native, kind)).toBeGreaterThanOrEqual(0.97 * med(torch, kind));
    expect(med(native, 'd2d')).toBeGreaterThanOrEqual(0.95 * med(torch, 'd2d'));
    const bf16 = (run: BenchRun) => run.result.gemms.find((g) => g.dtype === 'bf16' && g.n === 8192)!.medianTflops;
    expect(bf16(native)).toBeGreaterThanOrEqual(0.95 * bf16(torch));
    expect(native.result.gemms.map((g) => g.dtype)).toEqual(expect.arrayContaining(['fp32', 'tf32', 'fp16', 'bf16', 'fp8']));
    expect(native.result.gemms.every((g) => g.check.ok && g.check.allWritten === true)).toBe(true);
  });
  it('rows carry % of expected; a healthy H200 gives only an info for the power cap', () => {
    const r = rows(native);
    expect(r.find((x) => x.what === 'h2d-pinned' && x.size === '1024 MiB')!.pct).toBe(99);
    const f = findings(native);
    expect(f.map((x) => [x.code, x.severity])).toEqual([['gpu-throttled', 'info']]);
    const text = renderBenchText(native, f, makeStyle(false));
    expect(text).toContain('gemm bf16');
    expect(text).toContain('% of expected');
  });
  it('a link at x8 under load and low copies give pcie-degraded', () => {
    const slow: BenchRun = structuredClone(native);
    for (const c of slow.result.copies) if (c.kind.endsWith('pinned')) c.medianGBs /= 2;
    for (const s of slow.clocks) s.pcieWidth = 8;
    const f = findings(slow).filter((x) => x.code === 'pcie-degraded');
    expect(f).toHaveLength(1);
    expect(f[0]!.cause).toContain('Gen5 x8');
  });
  it('thermal slowdown and new ECC errors become findings', () => {
    const hot: BenchRun = structuredClone(native);
    hot.clocks[3]!.reasons = '0x20';
    hot.eccAfter[0] = { volatileCorrected: 0, volatileUncorrected: 2 };
    hot.before[0]!.ecc = { volatileCorrected: 0, volatileUncorrected: 0 };
    const codes = findings(hot).map((x) => `${x.code}:${x.severity}`);
    expect(codes).toContain('gpu-throttled:warning');
    expect(codes).toContain('ecc-errors:error');
  });
});
