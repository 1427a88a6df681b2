#!/usr/bin/env node
// Writes test/fixtures/fleet-report/: a 4-node fleet as `gpuenv fleet run --out-dir` leaves it, one folder per command
// (doctor/<node>.json and bench/<node>.json; one --out-dir holds one result per node). Every node starts from the real
// H200's Snapshot and `bench --quick --json` (test/fixtures/captures/h200-bench/, 2026-12-02); two nodes are
// changed the way a fleet goes wrong: gpu03 runs another driver (570.86.10, CUDA 12.8), gpu02's GPU has uncorrectable
// ECC errors with a row remap pending. Each doctor result is made by the built CLI itself (`doctor --snapshot F
// --json --node-name N`), so findings are the rules' own. Run after `npm run build`:
//   node scripts/make-fixture-fleet-report.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchJson } from '../dist/bench/render.js';
import { findings } from '../dist/bench/report.js';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test/fixtures/fleet-report');
const captures = join(root, 'test/fixtures/captures/h200-bench');
const snapshotText = readFileSync(join(captures, 'snapshot.json'), 'utf8');
// The quick run: the fleet compares rows across nodes, and four copies of the full run would only weigh more.
const benchDoc = JSON.parse(readFileSync(join(captures, 'bench-quick.json'), 'utf8'));
const runText = JSON.stringify(benchDoc.run ?? benchDoc);

const NODES = ['gpu01', 'gpu02', 'gpu03', 'gpu04'];
const ODD_DRIVER = { node: 'gpu03', version: '570.86.10', cuda: '12.8' };
const ECC_NODE = 'gpu02';

/** The node's own copy: its name, and the driver swapped wherever the H200's version appears (paths included). */
function nodeText(text, node) {
  return node === ODD_DRIVER.node ? text.replaceAll('580.159.04', ODD_DRIVER.version) : text;
}

function snapshotOf(node) {
  const s = JSON.parse(nodeText(snapshotText, node));
  s.hostname = node;
  s.node = { name: node, engine: 'slurm', jobId: '4242', visibleDevices: '0' };
  if (node === ODD_DRIVER.node) s.driver.cudaVersion.value = ODD_DRIVER.cuda;
  if (node === ECC_NODE)
    Object.assign(s.gpus[0].ecc, { volatileUncorrected: 2, aggregateUncorrected: 2, volatileCorrected: 14, aggregateCorrected: 14, remappingPending: true });
  return s;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'doctor'), { recursive: true });
mkdirSync(join(out, 'bench'), { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'gpuenv-fleet-fixture-'));
try {
  for (const node of NODES) {
    const snap = join(tmp, `${node}.json`);
    writeFileSync(snap, JSON.stringify(snapshotOf(node)));
    // doctor exits 1 when it finds an error: the JSON on stdout is the result either way.
    const doc = spawnJson([join(root, 'dist/cli.js'), 'doctor', '--snapshot', snap, '--json', '--node-name', node]);
    writeFileSync(join(out, 'doctor', `${node}.json`), doc);
    const run = JSON.parse(nodeText(runText, node));
    const bench = { ...benchJson(run, findings(run)), node: { name: node, engine: 'slurm', jobId: '4242', visibleDevices: '0' } };
    writeFileSync(join(out, 'bench', `${node}.json`), `${JSON.stringify(bench, null, 2)}\n`);
    console.log(`test/fixtures/fleet-report/{doctor,bench}/${node}.json`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** doctor exits 1 when it finds an error: the JSON on stdout is the result either way. */
function spawnJson(args) {
  try {
    return execFileSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, GPUENV_LANG: 'en' } });
  } catch (error) {
    if (error.status !== 1) throw error;
    return error.stdout;
  }
}
