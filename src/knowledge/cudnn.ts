// Queries over the cuDNN table.
import { CUDNN_BUILDS } from './data/cudnn.js';
import type { CudnnBuild } from './data/cudnn.js';
import { closestVersions, compareVersions, versionParts } from './version.js';

export type { CudnnBuild } from './data/cudnn.js';

export interface CudnnRelease {
  version: string;
  /** The matrix rows, newest CUDA major first (a major can have several rows, in the matrix's order). */
  builds: CudnnBuild[];
  confirmed: boolean;
}

export function cudnnReleases(): readonly CudnnRelease[] {
  const versions = [...new Set(CUDNN_BUILDS.map((b) => b.version))].sort(compareVersions);
  return versions.map((v) => release(v));
}

/** "9.10.2", "9.10" (newest 9.10.x), "9.10.2.21" (build number ignored), "8" (newest 8.x). */
export function cudnnRelease(version: string): CudnnRelease | undefined {
  const want = versionParts(version.trim()).slice(0, 3);
  const matches = [...new Set(CUDNN_BUILDS.map((b) => b.version))].filter((v) => {
    const p = versionParts(v);
    return want.every((x, i) => p[i] === x);
  });
  const best = matches.sort(compareVersions).at(-1);
  return best ? release(best) : undefined;
}

/** cuDNN builds usable with a CUDA toolkit minor ("12.4"). */
export function cudnnForCuda(cuda: string): CudnnBuild[] {
  const [maj, min] = versionParts(cuda);
  const minor = `${maj}.${min ?? 0}`;
  return CUDNN_BUILDS.filter((b) => b.cudaMajor === maj && (b.cudaVersions.length === 0 || b.cudaVersions.includes(minor)));
}

export function closestCudnnReleases(version: string, n = 4): string[] {
  return closestVersions(version, [...new Set(CUDNN_BUILDS.map((b) => b.version))], n);
}

function release(version: string): CudnnRelease {
  const builds = CUDNN_BUILDS.filter((b) => b.version === version).sort((a, b) => b.cudaMajor - a.cudaMajor);
  return { version, builds, confirmed: builds.every((b) => b.confirmed) };
}
