// Sizes and repeats per mode, and where to look for cuBLASLt (toolkits, pip nvidia-* wheels, frameworks).
import type { Snapshot } from '../snapshot/types.js';
import { DTYPES, type EngineConfig, type Mode } from './types.js';

const MiB = 1024 * 1024;

export function planConfig(mode: Mode, gpus: number[], snap: Pick<Snapshot, 'libraries' | 'python' | 'toolkits'> | null): EngineConfig {
  const sizes = {
    // ≥ 32 MiB is where pinned copies reach the link's rate; 1 MiB shows the per-copy overhead.
    // seedIters: the seed guide's x.cpu() (400 MB, ~0.3 s each on the H200's host) and 10000³ matmul.
    // allReduce: KiB, powers of 4 as nccl-tests' -f 4 sweeps; the largest is where NVLink busbw levels off.
    quick: { copy: [1, 32, 256], gemm: [8192], copyIters: 10, gemmIters: 10, seedIters: 3, allReduce: [64, 1024, 16384, 262144], allReduceIters: 20 },
    normal: {
      copy: [1, 4, 32, 256, 1024],
      gemm: [4096, 8192],
      copyIters: 20,
      gemmIters: 20,
      seedIters: 5,
      allReduce: [16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576],
      allReduceIters: 20,
    },
    full: {
      copy: [1, 4, 16, 64, 256, 1024],
      gemm: [2048, 4096, 8192, 16384],
      copyIters: 30,
      gemmIters: 30,
      seedIters: 10,
      allReduce: [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576],
      allReduceIters: 50,
    },
  }[mode];
  return {
    mode,
    gpus,
    copySizes: sizes.copy.map((s) => s * MiB),
    copyIters: sizes.copyIters,
    gemmSizes: sizes.gemm,
    gemmIters: sizes.gemmIters,
    dtypes: [...DTYPES],
    cublasDirs: snap ? cublasDirs(snap) : [],
    p2p: gpus.length >= 2,
    seedIters: sizes.seedIters,
    allReduce: gpus.length >= 2 ? { sizes: sizes.allReduce.map((k) => k * 1024), iters: sizes.allReduceIters, warmup: 5, minGpus: 2 } : null,
    ncclDirs: snap ? ncclDirs(snap) : [],
  };
}

/** Where libnccl.so.2 is looked for before the loader path: the Python environments' NCCL wheel (the copy torch loads), then copies the Snapshot found. */
export function ncclDirs(snap: Pick<Snapshot, 'libraries' | 'python'>): string[] {
  const dirs: string[] = [];
  const withTorch = (e: Snapshot['python'][number]) => (e.packages?.some((p) => p.name === 'torch') ? 0 : 1);
  for (const env of [...snap.python].sort((a, b) => withTorch(a) - withTorch(b))) {
    for (const sp of env.sitePackages) dirs.push(`${sp}/nvidia/nccl/lib`, `${sp}/nvidia/cu13/lib`);
  }
  for (const l of snap.libraries) if (l.name === 'nccl') dirs.push(l.dir);
  return [...new Set(dirs)].filter((d) => !d.split('/').includes('stubs'));
}

/** cuBLAS copies the Snapshot found (toolkit first, then pip wheels and frameworks), then the wheels' usual folders. */
export function cublasDirs(snap: Pick<Snapshot, 'libraries' | 'python' | 'toolkits'>): string[] {
  const rank = { toolkit: 0, system: 1, 'pip-wheel': 2, conda: 3, unknown: 4 } as const;
  const dirs = snap.libraries
    .filter((l) => l.name === 'cublas')
    .sort((a, b) => rank[a.origin] - rank[b.origin])
    .map((l) => l.dir);
  for (const t of snap.toolkits) dirs.push(`${t.path}/lib64`, `${t.path}/targets/x86_64-linux/lib`, `${t.path}/targets/sbsa-linux/lib`);
  for (const env of snap.python) {
    for (const sp of env.sitePackages) {
      dirs.push(`${sp}/nvidia/cu13/lib`, `${sp}/nvidia/cublas/lib`, `${sp}/torch/lib`);
    }
  }
  return [...new Set(dirs)].filter((d) => !d.split('/').includes('stubs'));
}
