// Queries over the NCCL release table.
import { NCCL_RELEASES } from './data/nccl.js';
import type { NcclRelease } from './data/nccl.js';
import { compareVersions, versionParts } from './version.js';

export type { NcclRelease } from './data/nccl.js';

/** All releases, oldest first. */
export function ncclReleases(): readonly NcclRelease[] {
  return [...NCCL_RELEASES].sort((a, b) => compareVersions(a.version, b.version));
}

/** "2.28.9" → that release; "2.28" → the newest 2.28.x; "2.28.9-1" (a package revision) → 2.28.9. */
export function ncclRelease(version: string): NcclRelease | undefined {
  const want = versionParts(version.trim().replace(/^v/i, '').replace(/-\d+$/, '').replace(/\+.*$/, '')).slice(0, 3);
  if (want.length < 2) return undefined;
  return ncclReleases()
    .filter((r) => want.every((x, i) => versionParts(r.version)[i] === x))
    .at(-1);
}

export function closestNcclReleases(version: string, n = 4): string[] {
  const t = versionParts(version);
  const score = (v: string) => {
    const p = versionParts(v);
    return Math.abs((p[0] ?? 0) - (t[0] ?? 0)) * 10000 + Math.abs((p[1] ?? 0) - (t[1] ?? 0)) * 100 + Math.abs((p[2] ?? 0) - (t[2] ?? 0));
  };
  return ncclReleases()
    .map((r) => r.version)
    .sort((a, b) => score(a) - score(b))
    .slice(0, n);
}
