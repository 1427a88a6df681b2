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
  writeFileSync(join(dir, 'gpu03.json'), JSON.stringify(node('gpu03', (s) => {
    s.driver.version.value = '570.86.10';
    s.gpus[0].ecc.volatileUncorrected = 3;
  })));
  // A doctor --json result of another node, and a file a node wrote half of.
  writeFileSync(join(dir, 'gpu05.json'), JSON.stringify({ schemaVersion: 1, node: { name: 'gpu05' }, snapshot: node('gpu05'), findings: [{ code: 'forward-compat-shadowing', severity: 'info', title: 'a compat libcuda' }], ruleErrors: [] }));
  writeFileSync(join(dir, 'gpu06.json'), '{"schemaVersion": 1, "gpus": [');

  it('groups the odd driver, lists the ECC count, keeps the readable nodes and names the broken file; exit 1', async () => {
    const r = await report([dir, '--json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.out);
    expect(doc.nodes).toEqual(['gpu01', 'gpu02', 'gpu03', 'gpu04', 'gpu05']);
    const driver = doc.drift.find((d: { key: string }) => d.key === 'driver');
    expect(driver).toMatchObject({ mustMatch: true, groups: [{ value: '580.159.04', hostlist: 'gpu[01-02,04-05]' }, { value: '570.86.10', hostlist: 'gpu03' }] });
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
