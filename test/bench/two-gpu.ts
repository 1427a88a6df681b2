// A two-GPU run for the renderers, built from the recorded one-GPU H200 run (2026-12-02, h200-quick-v2.json):
// GPU 1 is a copy of GPU 0. The P2P bandwidths (393.3 / 393.2 GB/s) and the NV18 link are the figures of the
// 2026-11-30 run on nvidia-h200-x2 (docs/benchmarks.md "Two GPUs"); the P2P latencies and the NCCL sweep below
// 256 MiB are SYNTHETIC (not measured: that machine has not been lent since), chosen only to look plausible.
import { readFileSync } from 'node:fs';
import type { BenchRun, GpuLink } from '../../src/bench/types.js';

const MiB = 1024 * 1024;

export function oneGpuRun(): BenchRun {
  const doc = JSON.parse(readFileSync(new URL('./fixtures/h200-quick-v2.json', import.meta.url), 'utf8'));
  return (doc.run ?? doc) as BenchRun;
}

export const NV18: GpuLink = { a: 0, b: 1, topo: 'NV18', kind: 'nvlink', nvlinks: 18, nvswitch: false, pcie: 'SYS', p2pRead: 'ok', p2pNvlink: 'ok' };

export function twoGpuRun(): BenchRun {
  const run = oneGpuRun();
  const r = run.result;
  const twin = <T extends { gpu: number }>(xs: T[]) => [...xs, ...xs.map((x) => ({ ...structuredClone(x), gpu: 1 }))];
  r.copies = twin(r.copies);
  r.gemms = twin(r.gemms);
  r.latencies = twin(r.latencies ?? []);
  r.seed = { xcpu: twin(r.seed?.xcpu ?? []), matmul: twin(r.seed?.matmul ?? []) };
  run.gpus = [0, 1];
  run.before = [run.before[0]!, { ...structuredClone(run.before[0]!), index: 1 }];
  run.eccAfter = { 0: run.eccAfter[0] ?? null, 1: run.eccAfter[0] ?? null };
  run.clocks = twin(run.clocks);
  r.p2p = [
    {
      src: 0,
      dst: 1,
      canAccess: true,
      bytes: 256 * MiB,
      samplesGBs: [393.1, 393.3, 393.4],
      medianGBs: 393.3,
      latency: { bytes: 4096, samplesUs: [2.4, 2.5, 2.6], medianUs: 2.5 },
    },
    {
      src: 1,
      dst: 0,
      canAccess: true,
      bytes: 256 * MiB,
      samplesGBs: [393.0, 393.2, 393.3],
      medianGBs: 393.2,
      latency: { bytes: 4096, samplesUs: [2.5, 2.5, 2.7], medianUs: 2.5 },
    },
  ];
  const size = (bytes: number, ms: number) => {
    const alg = Math.round((bytes / (ms / 1e3) / 1e9) * 1000) / 1000;
    return { bytes, samplesMs: [ms, ms, ms], medianMs: ms, algbwGBs: alg, busbwGBs: alg };
  };
  const sizes = [size(64 * 1024, 0.012), size(MiB, 0.021), size(16 * MiB, 0.09), size(256 * MiB, 0.9317)];
  const last = sizes.at(-1)!;
  r.allReduce = {
    gpus: 2,
    bytes: last.bytes,
    algbwGBs: last.algbwGBs,
    busbwGBs: last.busbwGBs,
    samplesMs: last.samplesMs,
    ok: true,
    via: 'nccl',
    nccl: '2.28.9',
    library: '/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib/libnccl.so.2',
    sizes,
  };
  r.libraries.nccl = 'NCCL 2.28.9 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib/libnccl.so.2)';
  run.links = [structuredClone(NV18)];
  return run;
}
