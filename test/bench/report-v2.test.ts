// Issue 20 over recorded H200 runs (2026-12-02, bench schema 2): an expectation for every row, the seed guide's
// checks, the verdict per GPU, and older recordings read without judging what they cannot support.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { countNonFinite, makePool } from '../../src/bench/gemm-data.js';
import { renderBenchText } from '../../src/bench/render.js';
import { findings, rows, seedMatmulNote, verdicts } from '../../src/bench/report.js';
import type { BenchRun } from '../../src/bench/types.js';
import { CUDA_R } from '../../src/native/cublaslt.js';
import { setLang } from '../../src/i18n/index.js';
import { makeStyle } from '../../src/render/style.js';

const load = (name: string) => {
  const doc = JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
  return (doc.run ?? doc) as BenchRun;
};
const quick = load('h200-quick-v2.json');
const torch = load('h200-quick-torch-v2.json');
const old = load('h200-native.json');
const row = (run: BenchRun, what: string, size: string) => rows(run).find((r) => r.what === what && r.size === size)!;

afterEach(() => setLang('en'));

describe('an expectation for every row', () => {
  it('every copy, GEMM and seed row of a schema-2 run has one', () => {
    const r = rows(quick).filter((x) => x.kind !== 'latency');
    expect(r.length).toBeGreaterThan(20);
    for (const x of r) expect(x.expected, `${x.what} ${x.size}`).not.toBeNull();
  });
  it('a 1 MiB pinned copy is judged against latency + size at the link rate, not the large-copy figure', () => {
    const lat = quick.result.latencies!.find((l) => l.kind === 'h2d-pinned')!.medianUs;
    const big = row(quick, 'h2d-pinned', '256 MiB').expected!;
    const small = row(quick, 'h2d-pinned', '1 MiB');
    const want = 1048576 / (lat / 1e6 + 1048576 / (big * 1e9)) / 1e9;
    expect(small.expected).toBeCloseTo(want, 0);
    expect(small.expected!).toBeLessThan(big);
    expect(small.basis).toContain('latency-bound');
    expect(small.status).toBe('ok');
  });
  it('a 1 MiB device copy is mostly latency: shown with its expectation, not judged', () => {
    const d = row(quick, 'd2d', '1 MiB');
    expect(d.expected).not.toBeNull();
    expect(d.status).toBe('none');
    expect(row(quick, 'd2d', '256 MiB').status).toBe('ok');
  });
  it('pageable copies: latency + this host memcpy (same run) + the link, in series', () => {
    const r = row(quick, 'h2d-pageable', '256 MiB');
    const mem = quick.result.hostMemcpy!.find((h) => h.into === 'warm' && h.bytes === 256 * 1024 * 1024)!.medianGBs;
    const us = quick.result.latencies!.find((l) => l.kind === 'h2d-pageable')!.medianUs;
    const link = row(quick, 'h2d-pinned', '256 MiB').expected!;
    const b = 256 * 1024 * 1024;
    expect(r.expected).toBeCloseTo(b / (us / 1e6 + b / (mem * 1e9) + b / (link * 1e9)) / 1e9, 0);
    expect(r.basis).toContain(`${mem} GB/s`);
    expect(row(quick, 'd2h-pageable', '1 MiB').status).toBe('none');
  });
  it('pageable copies and x.cpu() are low below 60 % of their host-bound model, pinned copies below 80 %', () => {
    // The same recorded run with one copy slowed to a share of its expectation.
    const slowed = (kind: string, bytes: number, share: number) => {
      const run = structuredClone(quick);
      const want = row(quick, kind, `${bytes / 1048576} MiB`).expected!;
      const c = run.result.copies.find((x) => x.kind === kind && x.bytes === bytes)!;
      c.medianGBs = want * share;
      return row(run, kind, `${bytes / 1048576} MiB`).status;
    };
    const b = 256 * 1024 * 1024;
    expect(slowed('h2d-pageable', b, 0.7)).toBe('ok');
    expect(slowed('h2d-pageable', b, 0.55)).toBe('low');
    expect(slowed('h2d-pinned', b, 0.75)).toBe('low');
    const run = structuredClone(quick);
    const x = run.result.seed!.xcpu[0]!;
    const want = rows(quick).find((r) => r.what === 'x.cpu()')!.expected!;
    expect(want * 0.7).toBeGreaterThan(1); // above the seed guide's bar, so only the model judges
    x.medianGBs = want * 0.7;
    expect(rows(run).find((r) => r.what === 'x.cpu()')!.status).toBe('ok');
    x.medianGBs = 0.9; // below the seed guide's 1 GB/s
    expect(rows(run).find((r) => r.what === 'x.cpu()')!.status).toBe('low');
  });
  it('the torch engine records the same shape and gets the same kinds of rows', () => {
    const kinds = (run: BenchRun) => rows(run).map((x) => `${x.kind} ${x.what} ${x.size}`);
    expect(kinds(torch)).toEqual(kinds(quick));
  });
});

describe("the seed guide's checks", () => {
  it('x.cpu() of 10000×10000 fp32: GB/s against first-touch memcpy in series with the link, and the 1 GB/s bar', () => {
    const x = row(quick, 'x.cpu()', '10000² fp32');
    const fresh = quick.result.hostMemcpy!.find((h) => h.into === 'fresh')!.medianGBs;
    expect(x.unit).toBe('GB/s');
    expect(x.value).toBeGreaterThan(1);
    expect(x.expected!).toBeLessThan(fresh);
    expect(x.seed).toContain('above 1 GB/s');
  });
  it('the 10000³ fp32 matmul in ms, expected from the catalogue (67 TFLOP/s × 0.76 → 39.3 ms)', () => {
    const mm = row(quick, 'matmul fp32', '10000³');
    expect(mm.unit).toBe('ms');
    expect(mm.expected).toBeCloseTo(39.3, 1);
    expect(mm.value).toBeCloseTo((2e12 / (quick.result.seed!.matmul[0]!.medianTflops * 1e12)) * 1e3, 1);
    expect(mm.check?.ok).toBe(true);
    // The seed's 50 ms on an RTX 3090, next to what the catalogue's RTX 3090 row gives (35.6 × 0.76 → 74 ms).
    expect(seedMatmulNote()).toMatch(/about 50 ms on an RTX 3090 .*74 ms; that row is unconfirmed/);
  });
  it('the text report lists both with what this GPU should reach', () => {
    const text = renderBenchText(quick, findings(quick), makeStyle(false));
    expect(text).toContain('The seed guide checks:');
    expect(text).toMatch(/x\.cpu\(\) 10000² fp32: 1\.6 GB\/s; this GPU should reach 1\.8 GB\/s/);
    expect(text).toMatch(/matmul fp32 10000³: 38\.1 ms; this GPU should reach 39\.3 ms/);
  });
});

describe('the verdict per GPU', () => {
  it('a healthy H200 is "normal", said last', () => {
    const v = verdicts(quick, findings(quick));
    expect(v).toEqual([expect.objectContaining({ gpu: 0, name: 'NVIDIA H200', normal: true, problems: [] })]);
    const text = renderBenchText(quick, findings(quick), makeStyle(false)).trimEnd();
    expect(text.split('\n').at(-1)).toMatch(/^GPU 0 \(NVIDIA H200\): normal\. \d+ measurements reached what this GPU should/);
  });
  it('slow pinned copies and a link at x8 under load: NOT normal, with the finding as the reason', () => {
    const slow: BenchRun = structuredClone(quick);
    for (const c of slow.result.copies) if (c.kind.endsWith('pinned')) c.medianGBs /= 2;
    for (const s of slow.clocks) s.pcieWidth = 8;
    const [v] = verdicts(slow, findings(slow));
    expect(v!.normal).toBe(false);
    expect(v!.problems[0]).toMatch(/^h2d-pinned 1 MiB 50 %, d2h-pinned 1 MiB \d+ %, .* below expectation: GPU 0 \(NVIDIA H200\): host↔device copies reach/);
  });
  it('a wrong GEMM result and a slow matmul are named', () => {
    const bad: BenchRun = structuredClone(quick);
    bad.result.gemms[1]!.check = { ...bad.result.gemms[1]!.check, ok: false, relError: 0.7 };
    bad.result.seed!.matmul[0]!.medianTflops /= 2;
    const [v] = verdicts(bad, findings(bad));
    expect(v!.problems).toContain('WRONG results from gemm tf32 8192³: the GPU computed wrong numbers (see the check column).');
    expect(v!.problems.some((p) => p.startsWith('matmul fp32 10000³ 51 % below expectation: compute is below'))).toBe(true);
  });
  it('in Chinese', () => {
    setLang('zh-CN');
    const bad: BenchRun = structuredClone(quick);
    bad.result.seed!.xcpu[0]!.medianGBs = 0.5;
    const text = renderBenchText(bad, findings(bad), makeStyle(false));
    expect(text).toContain('GPU 0（NVIDIA H200）：不正常。x.cpu() 10000² fp32 28 % 低于预期：拷入新分配的主机内存偏慢（指南要求 1 GB/s 以上）');
    expect(renderBenchText(quick, findings(quick), makeStyle(false))).toContain('GPU 0（NVIDIA H200）：正常。');
  });
  it('an unknown GPU has nothing to be judged by, and says so', () => {
    const unknown: BenchRun = structuredClone(quick);
    unknown.before[0]!.name = 'Some Future GPU';
    unknown.before[0]!.pciDeviceId = '0xffff10de';
    unknown.before[0]!.pcie = { currentGen: null, maxGen: null, gpuMaxGen: null, currentWidth: null, maxWidth: null };
    expect(renderBenchText(unknown, findings(unknown), makeStyle(false))).toContain('no expectation is known for this GPU');
  });
});

describe('recordings from before schema 2', () => {
  it('copies below saturation without a measured latency are shown, not judged; the rest as before', () => {
    expect(row(old, 'h2d-pinned', '1 MiB').status).toBe('none');
    expect(row(old, 'd2d', '32 MiB').status).toBe('none');
    expect(row(old, 'h2d-pinned', '256 MiB').status).toBe('ok');
    expect(row(old, 'h2d-pageable', '256 MiB').expected).toBeNull();
    // fp8 4096³ takes 0.09 ms at the expected rate: too short to keep the GPU busy, not judged.
    expect(row(old, 'gemm fp8', '4096³').status).toBe('none');
    expect(verdicts(old, findings(old))[0]!.normal).toBe(true);
  });
});

describe('the result scan', () => {
  it('counts NaN and Inf in fp32, fp16 and bf16 outputs (poison 0xFF… is NaN in all three)', () => {
    const f32 = new Float32Array([1, Number.NaN, 2, Number.POSITIVE_INFINITY, -3]);
    expect(countNonFinite(CUDA_R.F32, new Uint8Array(f32.buffer))).toBe(2);
    // fp16: 0x3c00 = 1, 0x7c00 = Inf, 0xffff = NaN; an odd count exercises the last half-word.
    expect(countNonFinite(CUDA_R.F16, new Uint8Array(new Uint16Array([0x3c00, 0x7c00, 0xffff, 0x3c00, 0x3c00]).buffer))).toBe(2);
    // bf16: 0x3f80 = 1, 0x7f80 = Inf; 0x7c00 is an ordinary bf16 number.
    expect(countNonFinite(CUDA_R.BF16, new Uint8Array(new Uint16Array([0x3f80, 0x7c00, 0x7f80, 0xffff]).buffer))).toBe(2);
  });
  it('pools decode through tables exactly as the slow formula did', () => {
    const p = makePool('fp16', 3, 4099);
    expect(p.values.every((v) => Number.isFinite(v) && Math.abs(v) <= 1)).toBe(true);
  });
});
