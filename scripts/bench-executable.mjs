#!/usr/bin/env node
// Start-up of the standalone executable against `node dist/cli.js`, interleaved in one run so that load
// on the machine hits both alike. Usage: node scripts/bench-executable.mjs [runs=30] [executable]
// Prints medians and the ratio; exits 1 when the executable's --version median is above 1.2× node's.
import { spawnSync } from 'node:child_process';
import { arch } from 'node:process';

const runs = Number(process.argv[2] ?? 30);
const exe = process.argv[3] ?? new URL(`../release/gpuenv-linux-${arch}`, import.meta.url).pathname;
const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const cases = [
  ['node dist/cli.js --version', process.execPath, [cli, '--version']],
  ['executable --version', exe, ['--version']],
  ['node dist/cli.js --help', process.execPath, [cli, '--help']],
  ['executable --help', exe, ['--help']],
  ['node dist/cli.js compat cuda 12.4', process.execPath, [cli, 'compat', 'cuda', '12.4']],
  ['executable compat cuda 12.4', exe, ['compat', 'cuda', '12.4']],
];
const samples = cases.map(() => []);
for (let r = 0; r < runs; r++) {
  cases.forEach(([name, cmd, args], i) => {
    const t = process.hrtime.bigint();
    const res = spawnSync(cmd, args, { stdio: 'ignore' });
    if (res.status !== 0) throw new Error(`${name} exited ${res.status}`);
    samples[i].push(Number(process.hrtime.bigint() - t) / 1e6);
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${runs} interleaved runs each, median wall time; node is ${process.version}`);
const m = samples.map(median);
cases.forEach(([name], i) => {
  const ratio = i % 2 === 1 ? `  ${(m[i] / m[i - 1]).toFixed(2)}× node` : '';
  console.log(`${name.padEnd(36)} ${m[i].toFixed(1).padStart(7)} ms${ratio}`);
});
const ratio = m[1] / m[0];
if (ratio > 1.2) {
  console.log(`executable --version is ${ratio.toFixed(2)}× node dist/cli.js --version: above the 1.2× target`);
  process.exit(1);
}
