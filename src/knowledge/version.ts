// Dotted version comparison shared by every knowledge table: CUDA "12.4.1", drivers "535.104.05" and "452.39".

/** Numeric components of a dotted version; a local/build suffix ("2.5.1+cu121", "12.4.1-1") is ignored. */
export function versionParts(v: string): number[] {
  const core =
    v
      .trim()
      .replace(/^v/i, '')
      .split(/[+\s-]/)[0] ?? '';
  return core.split('.').map((p) => {
    const n = Number.parseInt(p, 10);
    return Number.isNaN(n) ? 0 : n;
  });
}

/**
 * Negative when a < b, 0 when equal, positive when a > b. Components compare as numbers
 * ("535.104.05" > "535.54.03"); a missing component counts as 0, so "12.4" equals "12.4.0".
 */
export function compareVersions(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  const n = Math.max(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** True when `v` starts with every component of `prefix`: "12.4.1" matches prefix "12.4" and "12". */
export function versionHasPrefix(v: string, prefix: string): boolean {
  const pv = versionParts(v);
  const pp = versionParts(prefix);
  return pp.every((x, i) => pv[i] === x);
}

/** The `n` of `versions` nearest to `version` (major first, then minor, then patch; a missing part counts as 0). */
export function closestVersions(version: string, versions: readonly string[], n = 4): string[] {
  const t = versionParts(version);
  const score = (v: string) => {
    const p = versionParts(v);
    return [0, 1, 2].reduce((acc, i) => acc + Math.abs((p[i] ?? 0) - (t[i] ?? 0)) * 1000 ** (2 - i), 0);
  };
  return [...versions].sort((a, b) => score(a) - score(b)).slice(0, n);
}
