#!/usr/bin/env node
// Writes test/fixtures/snapshots/<machine>.json: the Snapshot of a machine fixture with a fixed clock, so
// tests of commands that read `--snapshot FILE` (and the hostile variants in test/fixtures/hostile/)
// start from a real document. Run after `npm run build`: node scripts/make-fixture-snapshots.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { takeSnapshot } from '../dist/probe/take.js';
import { loadMachine } from '../dist/system/fixture.js';

const machines = ['h200', 'torch-cpu-only'];
const out = new URL('../test/fixtures/snapshots/', import.meta.url);
mkdirSync(out, { recursive: true });
for (const name of machines) {
  const sys = await loadMachine(new URL(`../test/fixtures/machines/${name}`, import.meta.url).pathname);
  const snap = await takeSnapshot(sys, { timeoutMs: 1_000, now: () => new Date('2026-11-30T00:00:00.000Z') });
  writeFileSync(new URL(`${name}.json`, out), `${JSON.stringify(snap, null, 2)}\n`);
  console.log(`test/fixtures/snapshots/${name}.json`);
}
