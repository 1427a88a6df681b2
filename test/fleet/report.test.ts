// fleet report over one JSON per node: drift grouped as host lists, hardware counters, findings by node.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { hostlist } from '../../src/fleet/hostlist.js';
import { fakeIo } from '../helpers/io.js';

const h200 = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/snapshots/h200.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'gpuenv-fleet-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function node(name: string, change: (s: any) => void = () => {}): unknown {
  const s = structuredClone(h200);
  s.node = { name, engine: 'slurm', jobId: '7', visibleDevices: '0' };
  s.hostname = name;
  change(s);
  return s;
}

async function report(args: string[]) {
  const io = { ...fakeIo(), cwd: work };
  const code = await main(['fleet', 'report', ...args], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('hostlist', () => {
  it('writes Slurm host lists', () => {
    expect(hostlist(['gpu01', 'gpu02', 'gpu04'])).toBe('gpu[01-02,04]');
    expect(hostlist(['gpu1', 'gpu10', 'gpu2'])).toBe('gpu[1-2],gpu10');
    expect(hostlist(['a7'])).toBe('a7');
    expect(hostlist(['login', 'gpu01', 'gpu01'])).toBe('gpu01,login');
  });
});

describe('gpuenv fleet report', () => {
  const dir = join(work, 'results');
  mkdirSync(dir);
  for (const n of ['gpu01', 'gpu02', 'gpu04']) writeFileSync(join(dir, `${n}.json`), JSON.stringify(node(n)));
  writeFileSync(
    join(dir, 'gpu03.json'),
    JSON.stringify(
      node('gpu03', (s) => {
        s.driver.version.value = '570.86.10';
        s.gpus[0].ecc.volatileUncorrected = 3;
      }),
    ),
  );
  // A doctor --json result of another node, and a file a node wrote half of.
  writeFileSync(
    join(dir, 'gpu05.json'),
    JSON.stringify({
      schemaVersion: 1,
      node: { name: 'gpu05' },
      snapshot: node('gpu05'),
      findings: [{ code: 'forward-compat-shadowing', severity: 'info', title: 'a compat libcuda' }],
      ruleErrors: [],
    }),
  );
  writeFileSync(join(dir, 'gpu06.json'), '{"schemaVersion": 1, "gpus": [');

  it('groups the odd driver, lists the ECC count, keeps the readable nodes and names the broken file; exit 1', async () => {
    const r = await report([dir, '--json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.out);
    expect(doc.nodes).toEqual(['gpu01', 'gpu02', 'gpu03', 'gpu04', 'gpu05']);
    const driver = doc.drift.find((d: { key: string }) => d.key === 'driver');
    expect(driver).toMatchObject({
      mustMatch: true,
      groups: [
        { value: '580.159.04', hostlist: 'gpu[01-02,04-05]' },
        { value: '570.86.10', hostlist: 'gpu03' },
      ],
    });
    expect(doc.hardware).toEqual([{ node: 'gpu03', gpu: 0, counter: 'ECC volatile uncorrected', value: 3 }]);
    expect(doc.findings).toEqual([{ code: 'forward-compat-shadowing', severity: 'info', title: 'a compat libcuda', nodes: ['gpu05'], hostlist: 'gpu05' }]);
    expect(doc.unreadable).toEqual([{ file: join(dir, 'gpu06.json'), reason: 'not JSON' }]);
    expect(doc.same.map((s: { key: string }) => s.key)).toContain('GPU product');
  });

  it('text and Markdown name the drift, the hosts and why it exits 1', async () => {
    const t = await report([dir]);
    expect(t.out).toMatch(/≠ driver\s+must match\s+580\.159\.04\s+4\s+gpu\[01-02,04-05\]/);
    expect(t.out).toContain('Exit 1: must-match keys differ (driver); hardware error counters on gpu03; 1 result(s) unreadable.');
    const md = await report([dir, '--markdown']);
    expect(md.out).toContain('| driver (must match) | 580.159.04 | 4 | gpu[01-02,04-05] |');
  });

  it('nodes that agree: exit 0', async () => {
    const r = await report([join(dir, 'gpu01.json'), join(dir, 'gpu02.json')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('No must-match drift and no hardware error counters.');
  });

  it('usage errors: no subcommand, no inputs, a missing folder', async () => {
    for (const args of [[], ['report'], ['report', join(work, 'nope')]]) {
      const io = { ...fakeIo(), cwd: work };
      expect(await main(['fleet', ...args], { io })).toBe(2);
    }
  });
});

describe('bench outliers among GPUs of one product', () => {
  const dir = join(work, 'bench');
  mkdirSync(dir);
  const bench = (name: string, bf16: number, product = 'NVIDIA H200') => ({
    schemaVersion: 1,
    ok: true,
    node: { name, engine: 'slurm', jobId: '9', visibleDevices: '0' },
    findings: [],
    rows: [{ gpu: 0, what: 'gemm bf16', size: '8192³', value: bf16, unit: 'TFLOP/s', expected: 791.6, pct: null, basis: null }],
    run: { before: [{ index: 0, name: product }] },
  });
  const figures: [string, number][] = [
    ['gpu01', 794.2],
    ['gpu02', 790.1],
    ['gpu03', 796.0],
    ['gpu04', 612.5],
    ['gpu05', 792.7],
  ];
  for (const [n, v] of figures) writeFileSync(join(dir, `${n}.json`), JSON.stringify(bench(n, v)));
  // Another product is its own group (and alone says nothing), a node without a GPU is a finding.
  writeFileSync(join(dir, 'l40s.json'), JSON.stringify(bench('l40s01', 300, 'NVIDIA L40S')));
  writeFileSync(
    join(dir, 'cpu.json'),
    JSON.stringify({ ok: false, error: 'no-gpu', node: { name: 'cpu01' }, nvml: 'libnvidia-ml.so.1: not found', cuda: 'x' }),
  );

  it('flags the GPU 20 % below its peers, not the other product, and exits 1', async () => {
    const r = await report([dir, '--json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.out);
    expect(doc.outliers).toEqual([
      {
        node: 'gpu04',
        gpu: 0,
        product: 'NVIDIA H200',
        what: 'gemm bf16',
        size: '8192³',
        unit: 'TFLOP/s',
        value: 612.5,
        median: 792.7,
        belowPct: 22.7,
        z: expect.any(Number),
      },
    ]);
    expect(doc.findings.find((f: { code: string }) => f.code === 'no-gpu').nodes).toEqual(['cpu01']);
    expect(doc.withoutSnapshot).toContain('gpu04');
    const t = await report([dir]);
    expect(t.out).toContain('bench outliers on gpu04');
  });

  it('five GPUs within a few percent: no outlier', async () => {
    const r = await report([...figures.filter(([n]) => n !== 'gpu04').map(([n]) => join(dir, `${n}.json`)), '--json']);
    expect(JSON.parse(r.out).outliers).toEqual([]);
    expect(r.code).toBe(0);
  });
});

describe('robust z-score', () => {
  it('peers agreeing to 0.1 % do not make a 1 % slower GPU an outlier; 6 % slower among tight peers is one', async () => {
    const { benchOutliers } = await import('../../src/fleet/outliers.js');
    const nodes = (vals: number[]) =>
      vals.map((v, i) => ({ node: `n${i}`, rows: [{ gpu: 0, what: 'd2d', size: '256 MiB', value: v, unit: 'GB/s' }], products: { 0: 'NVIDIA H200' } }));
    expect(benchOutliers(nodes([4030, 4031, 4029, 4030, 3990]))).toEqual([]);
    expect(benchOutliers(nodes([4030, 4031, 4029, 4030, 3790])).map((o) => o.node)).toEqual(['n4']);
  });
});

describe('--baseline LOCK', () => {
  it("compares with the lock: nodes that all agree on another driver have drifted; the lock's value comes first", async () => {
    const dir = join(work, 'base');
    mkdirSync(dir);
    for (const n of ['gpu11', 'gpu12']) writeFileSync(join(dir, `${n}.json`), JSON.stringify(node(n, (s) => (s.driver.version.value = '575.51.03'))));
    writeFileSync(join(dir, 'gpu13.json'), JSON.stringify(node('gpu13')));
    const io = fakeIo();
    await main(['lock', '--snapshot', join(import.meta.dirname, '../fixtures/snapshots/h200.json')], { io });
    const lock = join(work, 'h200.lock.json');
    writeFileSync(lock, io.stdout());
    const r = await report([dir, '--baseline', lock, '--json']);
    expect(r.code).toBe(1);
    const driver = JSON.parse(r.out).drift.find((d: { key: string }) => d.key === 'driver');
    expect(driver.baseline).toBe('580.159.04');
    expect(driver.groups.map((g: { value: string; hostlist: string }) => `${g.value} ${g.hostlist}`)).toEqual(['580.159.04 gpu13', '575.51.03 gpu[11-12]']);
    // Only gpu11 and gpu12, which agree with each other: still drift against the lock.
    const two = await report([join(dir, 'gpu11.json'), join(dir, 'gpu12.json'), '--baseline', lock]);
    expect(two.code).toBe(1);
    expect(two.out).toContain('baseline (lock): 580.159.04');
  });
});

describe('fleet report reads health results', () => {
  it('a health --json result counts with its findings; one that could not decide is listed as unreadable with why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuenv-health-report-'));
    const io0 = fakeIo();
    const { machine } = await import('../helpers/machines.js');
    const sys = await machine('ecc-uncorrectable');
    await main(['health', '--timeout', '0.3', '--out-dir', dir, '--node-name', 'gpu05'], { io: io0, system: async () => sys });
    writeFileSync(
      join(dir, 'gpu06.json'),
      JSON.stringify({ kind: 'gpuenv-health', schemaVersion: 1, status: 'unknown', failure: 'rule x: boom', node: { name: 'gpu06' } }),
    );
    const io = fakeIo();
    expect(await main(['fleet', 'report', dir, '--json'], { io })).toBe(1);
    const doc = JSON.parse(io.stdout());
    expect(doc.findings.find((f: { code: string }) => f.code === 'ecc-errors').nodes).toEqual(['gpu05']);
    expect(doc.unreadable).toEqual([{ file: join(dir, 'gpu06.json'), reason: 'health could not decide: rule x: boom' }]);
  });
});
