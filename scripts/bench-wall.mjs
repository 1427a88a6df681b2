// Runs one command and records its wall time: stdout to PREFIX.out, stderr to PREFIX.err with each line
// stamped by the seconds since the start (a timeline of the progress lines), and one summary line.
// Usage: node scripts/bench-wall.mjs PREFIX -- COMMAND [ARGS…]   → prints {"label", "wallS", "exit"} as JSON
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

const sep = process.argv.indexOf('--');
const prefix = process.argv[2];
if (!prefix || sep < 0 || sep + 1 >= process.argv.length) {
  console.error('usage: node scripts/bench-wall.mjs PREFIX -- COMMAND [ARGS…]');
  process.exit(2);
}
const [cmd, ...args] = process.argv.slice(sep + 1);
const out = createWriteStream(`${prefix}.out`);
const err = createWriteStream(`${prefix}.err`);
const t0 = performance.now();
const stamp = () => ((performance.now() - t0) / 1000).toFixed(3).padStart(7);
const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
child.stdout.pipe(out);
let partial = '';
child.stderr.setEncoding('utf8').on('data', (c) => {
  const lines = (partial + c).split(/\r|\n/);
  partial = lines.pop() ?? '';
  for (const l of lines) if (l.trim()) err.write(`${stamp()} ${l}\n`);
});
const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
child.on('close', (code, signal) => {
  clearTimeout(timer);
  const wallS = Math.round(performance.now() - t0) / 1000;
  if (partial.trim()) err.write(`${stamp()} ${partial}\n`);
  err.end(`${stamp()} [exit ${code ?? signal}]\n`);
  console.log(JSON.stringify({ label: prefix.split('/').pop(), command: [cmd, ...args].join(' '), wallS, exit: code ?? signal }));
});
