#!/usr/bin/env node
// Times `explain` on a large training log in-process (steadier than the CLI's wall time on a shared VM): a generated
// 600 000-line log with one "no kernel image" line in the middle, cut to its first and last 4 MB as the CLI does (so
// the middle line is not read: the figure is the cost of reading, not of explaining).
// Usage: npm run build && node scripts/bench-explain.mjs [CHECKOUT] [--runs N]   (CHECKOUT: a built tree, default this one)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 6) : 6;
const root = resolve(args.find((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1)) ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const { explainText } = await import(join(root, 'dist/explain/index.js'));
const { MAX_BYTES } = await import(join(root, 'dist/parse/text.js'));

const log = join(tmpdir(), 'gpuenv-bench-600k.log');
if (!existsSync(log)) {
  const lines = [];
  for (let i = 0; i < 600_000; i++) {
    if (i === 300_000) lines.push('RuntimeError: CUDA error: no kernel image is available for execution on the device');
    lines.push(
      `2024-01-01 12:00:00 INFO step ${i} loss ${(0.3 + ((i * 7919) % 1000) / 1700).toFixed(4)} lr 0.0001 some text about training progress and GPU utilisation`,
    );
  }
  writeFileSync(log, `${lines.join('\n')}\n`);
}
const buf = readFileSync(log);
const half = MAX_BYTES / 2;
const bytes = buf.length > MAX_BYTES ? Buffer.concat([buf.subarray(0, half), Buffer.from('\n'), buf.subarray(buf.length - half)]) : buf;
const times = [];
let codes = '';
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  const r = await explainText(bytes);
  times.push(performance.now() - t);
  codes = r.findings.map((f) => f.code).join(', ');
}
times.sort((a, b) => a - b);
console.log(
  `${root}: ${(buf.length / 1e6).toFixed(1)} MB log, ${(bytes.length / 1e6).toFixed(1)} MB read; explain min ${times[0].toFixed(0)} ms, median ${times[Math.floor(runs / 2)].toFixed(0)} ms over ${runs} runs; findings: ${codes || '-'}`,
);
