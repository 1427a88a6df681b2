// The native engine's NCCL all-reduce on its own, through the same child and worker as `gpuenv bench` (dist/):
// a check of the libnccl path that also runs on one GPU (the engine's minGpus 1; busbw is 0 there by definition,
// algbw is measured). Not a user flag: scripts/device-bench.sh and device-multi-gpu.sh call it.
// Usage: node scripts/bench-native-nccl.mjs [--gpus 0,1] [--nccl-dir DIR]… [--kib 64,1024,16384,262144] [--iters 20]
//        [--python PATH (torchrun fallback)] [--timeout S]   → one JSON line: the run's result and links
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    gpus: { type: 'string', default: '0' },
    'nccl-dir': { type: 'string', multiple: true, default: [] },
    kib: { type: 'string', default: '64,1024,16384,262144' },
    iters: { type: 'string', default: '20' },
    python: { type: 'string' },
    timeout: { type: 'string', default: '120' },
  },
});
const gpus = values.gpus.split(',').map(Number);
const sizes = values.kib.split(',').map((k) => Number(k) * 1024);
if (gpus.some((g) => !Number.isInteger(g) || g < 0) || sizes.some((b) => !(b > 0))) {
  console.error('usage: node scripts/bench-native-nccl.mjs [--gpus 0,1] [--nccl-dir DIR]… [--kib 64,1024] [--iters 20]');
  process.exit(2);
}
const { superviseBench } = await import(new URL('../dist/bench/supervise.js', import.meta.url).href);
const config = {
  mode: 'quick',
  gpus,
  copySizes: [],
  copyIters: 3,
  gemmSizes: [],
  gemmIters: 1,
  dtypes: [],
  cublasDirs: [],
  p2p: gpus.length >= 2,
  seedIters: 0,
  allReduce: { sizes, iters: Number(values.iters), warmup: 5, minGpus: 1 },
  ncclDirs: values['nccl-dir'],
};
const t0 = performance.now();
const outcome = await superviseBench({
  start: { engine: 'native', config, python: values.python ?? null, allReduce: true, pythonTimeoutMs: 60_000, sampleEveryMs: 500 },
  timeoutMs: Number(values.timeout) * 1000,
  onProgress: (text) => process.stderr.write(`${text}\n`),
});
const wallS = Math.round(performance.now() - t0) / 1000;
if (!outcome.ok) {
  console.log(JSON.stringify({ ok: false, wallS, reason: outcome.reason, detail: outcome.detail }));
  process.exit(1);
}
const r = outcome.run.result;
console.log(
  JSON.stringify({
    ok: true,
    wallS,
    gpus,
    libraries: r.libraries,
    allReduce: r.allReduce,
    allReduceSkipped: r.allReduceSkipped,
    p2p: r.p2p,
    links: outcome.run.links,
    ncclEnv: outcome.run.ncclEnv,
    errors: r.errors,
    phasesMs: r.phasesMs,
  }),
);
process.exit(r.allReduce?.ok ? 0 : 1);
