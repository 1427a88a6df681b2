#!/usr/bin/env node
// Start-up cost of the commands people run in scripts, against bare `node -e 0`, interleaved so that load
// on the machine hits every command alike. Usage: node scripts/bench-startup.mjs [runs=30]
import { spawnSync } from 'node:child_process';

const runs = Number(process.argv[2] ?? 30);
const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const cases = [
  ['node -e 0', ['-e', '0']],
  ['gpuenv --version', [cli, '--version']],
  ['gpuenv --help', [cli, '--help']],
  ['gpuenv compat cuda 12.4', [cli, 'compat', 'cuda', '12.4']],
  ['gpuenv compat driver 535.104.05', [cli, 'compat', 'driver', '535.104.05']],
  ['gpuenv compat gpu "RTX 3060"', [cli, 'compat', 'gpu', 'RTX 3060']],
  ['gpuenv compat torch 2.5.1 --json', [cli, 'compat', 'torch', '2.5.1', '--json']],
];
const samples = cases.map(() => []);
for (let r = 0; r < runs; r++) {
  cases.forEach(([, args], i) => {
    const t = process.hrtime.bigint();
    const res = spawnSync(process.execPath, args, { stdio: 'ignore' });
    if (res.status !== 0) throw new Error(`${cases[i][0]} exited ${res.status}`);
    samples[i].push(Number(process.hrtime.bigint() - t) / 1e6);
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(samples[0]);
console.log(`${runs} interleaved runs each, median wall time (Node ${process.version})`);
cases.forEach(([name], i) => {
  const m = median(samples[i]);
  console.log(`${name.padEnd(36)} ${m.toFixed(1).padStart(7)} ms   ${i === 0 ? '' : `+${(m - base).toFixed(1)} ms over node`}`);
});
