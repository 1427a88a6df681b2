// Issue 23 offline: the P2P matrix (bandwidth, latency, link, peer access, expectation), the NCCL all-reduce sweep,
// their verdicts and JSON, on a two-GPU run built from recorded H200 figures (two-gpu.ts), and the paths without them.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { NVLINK_PER_LINK, p2pExpectation, specFor } from '../../src/bench/expect.js';
import { describeLink, type NvLinkReading, sameBusId } from '../../src/bench/links.js';
import { busBandwidth, ncclVersionString } from '../../src/bench/nccl.js';
import { ncclDirs, planConfig } from '../../src/bench/plan.js';
import { benchJson, renderBenchText } from '../../src/bench/render.js';
import { findings, linkVerdicts, rows } from '../../src/bench/report.js';
import type { BenchRun } from '../../src/bench/types.js';
import { setLang } from '../../src/i18n/index.js';
import { makeStyle } from '../../src/render/style.js';
import { NV18, oneGpuRun, twoGpuRun } from './two-gpu.js';

afterEach(() => setLang('en'));
const text = (run: BenchRun) => renderBenchText(run, findings(run), makeStyle(false));
const MiB = 1024 * 1024;

describe('two GPUs joined by NV18', () => {
  const run = twoGpuRun();
  it('P2P rows each way: bandwidth against 18 × NVLink 4 25 GB/s × 0.87, latency unjudged', () => {
    const p2p = rows(run).filter((r) => r.kind === 'p2p');
    expect(p2p.map((r) => `${r.what} ${r.size} ${r.unit} ${r.status}`)).toEqual([
      'p2p 0→1 256 MiB GB/s ok',
      'p2p 0→1 4 KiB µs none',
      'p2p 1→0 256 MiB GB/s ok',
      'p2p 1→0 4 KiB µs none',
    ]);
    const bw = p2p[0]!;
    expect(bw.expected).toBeCloseTo(391.5, 1);
    expect(bw.pct).toBe(100);
    expect(bw.basis).toBe('NV18: 18 × NVLink 4 25 GB/s = 450 GB/s × 0.87');
    expect(bw.link).toBe('NV18');
    expect(bw.peer).toBe(1);
  });
  it('all-reduce rows per size carry busbw; the per-GPU verdicts are not changed by them', () => {
    const ar = rows(run).filter((r) => r.kind === 'allreduce');
    expect(ar.map((r) => r.size)).toEqual(['64 KiB', '1 MiB', '16 MiB', '256 MiB']);
    expect(ar.at(-1)).toMatchObject({ what: 'all-reduce busbw ×2', value: 288.114, gpus: [0, 1], status: 'none' });
    const j = benchJson(run, findings(run));
    expect(j.verdicts.map((v) => v.normal)).toEqual([true, true]);
    expect(j.verdicts[0]!.judged).toBe(benchJson(oneGpuRun(), findings(oneGpuRun())).verdicts[0]!.judged);
  });
  it('verdicts: P2P normal, all-reduce normal against the slowest peer copy', () => {
    expect(linkVerdicts(run).map((v) => [v.what, v.normal, v.judged])).toEqual([
      ['p2p', true, true],
      ['allreduce', true, true],
    ]);
  });
  it('text: the P2P matrix and the NCCL sweep, verdicts last', () => {
    const t = text(run);
    expect(t).toMatchSnapshot();
    expect(t.trimEnd().split('\n').at(-1)).toMatch(/^NCCL all-reduce over 2 GPUs: normal\. busbw 288\.114 GB\/s at 256 MiB, 73 % of the slowest peer copy/);
  });
  it('JSON: rows, linkVerdicts and the run with links (schema 2, additions only)', () => {
    const j = benchJson(run, findings(run));
    expect(j.schemaVersion).toBe(2);
    expect({
      pairRows: j.rows.filter((r) => r.kind === 'p2p' || r.kind === 'allreduce'),
      linkVerdicts: j.linkVerdicts,
      links: j.run.links,
      allReduce: { ...j.run.result.allReduce, sizes: j.run.result.allReduce?.sizes?.length },
    }).toMatchSnapshot();
  });
  it('in Chinese', () => {
    setLang('zh-CN');
    const t = text(run);
    expect(t).toContain('GPU 间 P2P（cuMemcpyPeerAsync，256 MiB');
    expect(t).toContain('P2P：正常。2 对 GPU 经 NV18 达到 393.2–393.3 GB/s');
    expect(t).toContain('2 块 GPU 的 NCCL all-reduce：正常。');
  });
});

describe('one GPU', () => {
  it('no P2P, no all-reduce, no error and no extra verdict lines', () => {
    const run = oneGpuRun();
    expect(rows(run).some((r) => r.kind === 'p2p' || r.kind === 'allreduce')).toBe(false);
    expect(linkVerdicts(run)).toEqual([]);
    const t = text(run);
    expect(t).not.toContain('P2P');
    expect(t).not.toContain('all-reduce');
    expect(planConfig('quick', [0], null).allReduce).toBeNull();
  });
  it('the one-GPU NCCL check recorded on the H200 (minGpus 1): algbw shown, busbw 0 by definition, unjudged', () => {
    const cap = JSON.parse(readFileSync(new URL('../fixtures/captures/h200-bench/nccl-native-1gpu.json', import.meta.url), 'utf8'));
    expect(cap.allReduce).toMatchObject({ gpus: 1, via: 'nccl', nccl: '2.28.9', ok: true, busbwGBs: 0 });
    const run = oneGpuRun();
    run.result.allReduce = cap.allReduce;
    const ar = rows(run).filter((r) => r.kind === 'allreduce');
    expect(ar.map((r) => r.size)).toEqual(['64 KiB', '1 MiB', '16 MiB', '256 MiB']);
    expect(ar.at(-1)).toMatchObject({ what: 'all-reduce algbw ×1', value: 2072.861 });
    expect(linkVerdicts(run)).toEqual([expect.objectContaining({ normal: true, judged: false })]);
    const t = text(run);
    expect(t).toContain('NCCL all-reduce over 1 GPU(s), float32 sum (NCCL 2.28.9, loaded by gpuenv):');
    expect(t).toContain('busbw = algbw × 2(n−1)/n is 0 by definition');
  });
});

describe('P2P not possible, NCCL missing, problems', () => {
  it('PCIe across sockets without peer access: staged through host memory, said plainly, not a fault', () => {
    const run = twoGpuRun();
    run.links = [{ ...NV18, topo: 'SYS', kind: 'pcie', nvlinks: 0, pcie: 'SYS', p2pRead: 'chipset-not-supported', p2pNvlink: 'not-supported' }];
    for (const p of run.result.p2p) Object.assign(p, { canAccess: false, medianGBs: 11.9, samplesGBs: [11.9] });
    run.result.allReduce = {
      ...run.result.allReduce!,
      via: 'torchrun',
      fallback: 'libnccl.so.2: not found in LD_LIBRARY_PATH',
      sizes: [],
      busbwGBs: 9.5,
      algbwGBs: 9.5,
    };
    const r = rows(run).find((x) => x.kind === 'p2p' && x.unit === 'GB/s')!;
    expect(r).toMatchObject({ expected: null, status: 'none' });
    expect(r.basis).toContain('PCIe across CPU sockets (NUMA nodes), no peer access');
    const v = linkVerdicts(run);
    // The all-reduce is judged against the staged copies: NCCL goes through host memory as well.
    expect(v.map((x) => [x.what, x.normal, x.judged])).toEqual([
      ['p2p', true, false],
      ['p2p', true, false],
      ['allreduce', true, true],
    ]);
    expect(v[0]!.text).toContain('P2P 0 → 1: not possible here (PCIe across CPU sockets (NUMA nodes))');
    const t = text(run);
    expect(t).toContain('SYS · PCIe across CPU sockets (NUMA nodes)');
    expect(t).toContain('off (staged through host memory)');
    expect(t).toContain('torchrun, NCCL 2.28.9; gpuenv could not load libnccl: libnccl.so.2: not found');
  });
  it('NCCL missing and no Python with torch: a clear skip, not an error', () => {
    const run = twoGpuRun();
    run.result.allReduce = null;
    run.result.allReduceSkipped = 'no libnccl.so.2 (libnccl.so.2: not found) and no Python with torch for torchrun';
    expect(linkVerdicts(run).at(-1)).toMatchObject({ what: 'allreduce', normal: true, judged: false });
    expect(text(run)).toContain('NCCL all-reduce skipped: no libnccl.so.2');
    expect(run.result.errors).toEqual([]);
  });
  it('NVLink with peer access off, a slow pair, and an all-reduce under NCCL_P2P_DISABLE=1: NOT normal, each with why', () => {
    const run = twoGpuRun();
    run.result.p2p[0]!.canAccess = false;
    run.result.p2p[1]!.medianGBs = 150;
    run.result.allReduce!.busbwGBs = 20.1;
    run.ncclEnv = { NCCL_P2P_DISABLE: '1' };
    const v = linkVerdicts(run);
    expect(v.filter((x) => !x.normal).map((x) => x.text.slice(0, 30))).toEqual([
      'P2P 0 → 1: NOT normal. The GPU',
      'P2P 1 → 0: NOT normal. 150 GB/',
      'NCCL all-reduce over 2 GPUs: N',
    ]);
    expect(v.at(-1)!.text).toContain('This run had NCCL_P2P_DISABLE=1.');
  });
});

describe('links from NVML readings', () => {
  const up = (remoteBusId: string | null, remoteType: number | null = 0): NvLinkReading => ({ active: true, remoteBusId, remoteType });
  const base = { a: 0, b: 1, busIdA: '00000000:07:00.0', busIdB: '00000000:08:00.0', ancestor: 50, p2pRead: 0, p2pNvlink: 0 };
  it('links that lead to the other GPU are counted: NV#', () => {
    const l = describeLink({ ...base, linksA: [up('0000:08:00.0'), up('00000000:08:00.0'), up('00000000:09:00.0')], linksB: [up('00000000:07:00.0')] });
    expect(l).toMatchObject({ topo: 'NV2', kind: 'nvlink', nvlinks: 2, nvswitch: false, pcie: 'SYS', p2pRead: 'ok' });
  });
  it('NVSwitch boards: the links each GPU has into the fabric', () => {
    const sw = Array.from({ length: 18 }, () => up('00000000:a0:00.0', 2));
    expect(describeLink({ ...base, linksA: sw, linksB: sw })).toMatchObject({ topo: 'NV18', nvlinks: 18, nvswitch: true });
  });
  it('no NVLink: the PCIe path as topo -m names it; NVML P2P status in words', () => {
    const l = describeLink({ ...base, ancestor: 30, p2pRead: 1, p2pNvlink: 5, linksA: [], linksB: [] });
    expect(l).toMatchObject({ topo: 'PHB', kind: 'pcie', nvlinks: 0, p2pRead: 'chipset-not-supported', p2pNvlink: 'not-supported' });
    expect(describeLink({ ...base, ancestor: null, p2pRead: null, p2pNvlink: null, linksA: [], linksB: [] })).toMatchObject({
      kind: 'unknown',
      topo: null,
      nvlinks: null,
    });
    expect(sameBusId('00000000:07:00.0', '0000:07:00.0')).toBe(true);
    expect(sameBusId('00000000:07:00.0', null)).toBe(false);
  });
});

describe('expectations, NCCL helpers and the plan', () => {
  it('per-link NVLink rates, and no expectation where the table has none', () => {
    const h200 = specFor({ name: 'NVIDIA H200', pciDeviceId: '0x233510de' });
    expect(p2pExpectation(NV18, h200, h200)!.ceiling).toBe(450);
    expect(p2pExpectation({ kind: 'pcie', nvlinks: 0, topo: 'PIX' }, h200, h200)).toBeNull();
    const rtx = specFor({ name: 'NVIDIA GeForce RTX 3090', pciDeviceId: null });
    expect(rtx?.chip).toBe('GA102');
    expect(p2pExpectation({ kind: 'nvlink', nvlinks: 4, topo: 'NV4' }, rtx, rtx)).toBeNull();
    expect(NVLINK_PER_LINK.GB100!.gbs).toBe(50);
  });
  it('NCCL version codes and busbw as nccl-tests defines it', () => {
    expect(ncclVersionString(22809)).toBe('2.28.9');
    expect(ncclVersionString(2708)).toBe('2.7.8');
    expect(busBandwidth(100, 2)).toBe(100);
    expect(busBandwidth(100, 8)).toBe(175);
    expect(busBandwidth(100, 1)).toBe(0);
  });
  it('two GPUs plan an all-reduce sweep up to 256 MiB in quick mode; libnccl looked for in the torch environment first', () => {
    const c = planConfig('quick', [0, 1], null);
    expect(c.allReduce).toMatchObject({ minGpus: 2, iters: 20 });
    expect(Math.max(...c.allReduce!.sizes)).toBe(256 * MiB);
    const dirs = ncclDirs({
      libraries: [{ name: 'nccl', dir: '/usr/lib/x86_64-linux-gnu' }],
      python: [
        { sitePackages: ['/a/site-packages'], packages: [] },
        { sitePackages: ['/opt/torch/.venv/lib/python3.12/site-packages'], packages: [{ name: 'torch' }] },
      ],
    } as never);
    expect(dirs[0]).toBe('/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib');
    expect(dirs.at(-1)).toBe('/usr/lib/x86_64-linux-gnu');
  });
});
