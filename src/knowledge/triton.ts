// Pure queries over the triton table, joined with the torch rows' `triton` pins (the one place that fact lives).
import { cudaArchitectures, smToCc } from './cuda.js';
import { TRITON_NIGHTLY, TRITON_RELEASES, type TritonRelease } from './data/triton.js';
import { torchReleases } from './torch.js';
import { closestVersions, compareVersions } from './version.js';

export type { TritonRelease } from './data/triton.js';
export { TRITON_NIGHTLY } from './data/triton.js';

/** All releases, oldest first. */
export function tritonReleases(): readonly TritonRelease[] {
  return TRITON_RELEASES;
}

/** "3.7.1" and "3.7.1+git5d6048aa" → 3.7.1; "3.7" → the newest 3.7.x; anything else → undefined. */
export function tritonRelease(version: string): TritonRelease | undefined {
  const pub = tritonPublicVersion(version);
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(pub);
  if (!m) return undefined;
  if (m[3] !== undefined) return TRITON_RELEASES.find((r) => compareVersions(r.version, pub) === 0);
  const prefix = `${m[1]}.${m[2]}.`;
  return TRITON_RELEASES.filter((r) => r.version.startsWith(prefix)).at(-1);
}

/** The version without its local label: "3.8.0+gitc01b6774" → "3.8.0". */
export function tritonPublicVersion(version: string): string {
  return version.trim().replace(/^v/i, '').split('+', 1)[0] ?? '';
}

/** The torch releases whose Linux wheels pin exactly this triton (`triton==X`), oldest first. */
export function torchPinning(tritonVersion: string): string[] {
  return torchReleases()
    .filter((r) => r.triton !== undefined && compareVersions(r.triton, tritonVersion) === 0)
    .map((r) => r.version);
}

/** CUDA minor a ptxas version comes from: "12.8.93" → "12.8"; "12.4" → "12.4". */
export function ptxasCuda(ptxas: string): string {
  return ptxas.split('.').slice(0, 2).join('.');
}

/**
 * Compute capabilities the bundled ptxas can assemble for, from the supported floor up: plain targets ("8.0", "9.0",
 * "12.0") of the CUDA each bundled ptxas comes from. Empty when no ptxas version is known.
 */
export function tritonTargets(r: TritonRelease): string[] {
  const tools = [r.ptxas, r.ptxasBlackwell].filter((p): p is string => typeof p === 'string');
  const ccs = new Set<string>();
  for (const p of tools) {
    for (const sm of cudaArchitectures(ptxasCuda(p))) {
      if (!/^sm_\d+$/.test(sm)) continue;
      const cc = smToCc(sm);
      if (compareVersions(cc, r.minComputeCapability) >= 0) ccs.add(cc);
    }
  }
  return [...ccs].sort(compareVersions);
}

/** Up to n known releases nearest to a version, for "closest:" hints. */
export function closestTritonReleases(version: string, n = 4): string[] {
  return closestVersions(
    tritonPublicVersion(version),
    TRITON_RELEASES.map((r) => r.version),
    n,
  );
}

/** Where nightly torch gets triton (not a PyPI release). */
export function tritonNightly(): typeof TRITON_NIGHTLY {
  return TRITON_NIGHTLY;
}
