// Pure queries over the TensorFlow release table.
import { compareVersions } from './version.js';
import { TENSORFLOW_RELEASES, type TensorflowRelease } from './data/tensorflow.js';

export type { TensorflowRelease } from './data/tensorflow.js';

/** All releases, oldest first. */
export function tensorflowReleases(): readonly TensorflowRelease[] {
  return TENSORFLOW_RELEASES;
}

/**
 * The tested configuration for a version: "2.15" → the 2.15 row; "2.16.2" → the 2.16.1 row (patch releases
 * share their minor's tested configuration). Undefined for minors not in the table.
 */
export function tensorflowRelease(version: string): TensorflowRelease | undefined {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(version.trim());
  if (!m) return undefined;
  const exact = m[3] !== undefined ? TENSORFLOW_RELEASES.find((r) => compareVersions(r.version, `${m[1]}.${m[2]}.${m[3]}`) === 0) : undefined;
  if (exact) return exact;
  const prefix = `${m[1]}.${m[2]}.`;
  return TENSORFLOW_RELEASES.filter((r) => r.version.startsWith(prefix)).at(-1);
}
