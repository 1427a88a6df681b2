// Sizes and repeats per mode, and where to look for cuBLASLt (toolkits, pip nvidia-* wheels, frameworks).
import type { Snapshot } from '../snapshot/types.js';
import { DTYPES, type EngineConfig, type Mode } from './types.js';

const MiB = 1024 * 1024;

export function planConfig(mode: Mode, gpus: number[], snap: Pick<Snapshot, 'libraries' | 'python' | 'toolkits'> | null): EngineConfig {
  const sizes = {
    // ≥ 32 MiB is where pinned copies reach the link's rate; 1 MiB shows the per-copy overhead.
    // seedIters: the seed guide's x.cpu() (400 MB, ~0.3 s each on the H200's host) and 10000³ matmul.
    quick: { copy: [1, 32, 256], gemm: [8192], copyIters: 10, gemmIters: 10, seedIters: 3 },
    normal: { copy: [1, 4, 32, 256, 1024], gemm: [4096, 8192], copyIters: 20, gemmIters: 20, seedIters: 5 },
    full: { copy: [1, 4, 16, 64, 256, 1024], gemm: [2048, 4096, 8192, 16384], copyIters: 30, gemmIters: 30, seedIters: 10 },
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
  };
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
