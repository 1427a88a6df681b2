// Pure queries over the JAX GPU-extra and release tables.
import { compareVersions } from './version.js';
import { JAX_CUDA_EXTRAS, JAX_RELEASES, type JaxCudaExtra, type JaxRelease } from './data/jax.js';

export type { JaxCudaExtra, JaxRelease } from './data/jax.js';

/** All known releases, oldest first. */
export function jaxReleases(): readonly JaxRelease[] {
  return JAX_RELEASES;
}

/** The row for an exact version ("0.7.2", the patch "0.9.0.1"), or for "0.8" the newest 0.8.x row. */
export function jaxRelease(version: string): JaxRelease | undefined {
  const m = /^v?(\d+)\.(\d+)((?:\.\d+){1,2})?$/.exec(version.trim().replace(/^jax(lib)?-v?/, ''));
  if (!m) return undefined;
  // compareVersions counts a missing part as 0, so "0.9.0" is the 0.9.0 row and not 0.9.0.1.
  if (m[3] !== undefined) return JAX_RELEASES.find((r) => compareVersions(r.version, `${m[1]}.${m[2]}${m[3]}`) === 0);
  const prefix = `${m[1]}.${m[2]}.`;
  return JAX_RELEASES.filter((r) => r.version.startsWith(prefix)).at(-1);
}

/** The floors of one GPU extra ("cuda13"). */
export function jaxCudaExtra(extra: string): JaxCudaExtra | undefined {
  return JAX_CUDA_EXTRAS.find((e) => e.extra === extra);
}

/**
 * The extra as one release needs it: the extra's floors are those of today (cuDNN >= 9.8 from jax 0.6.0 on),
 * so a release with its own `cudnn` row (0.4.26: cuDNN 8.9) gets that instead.
 */
export function jaxExtraFor(release: JaxRelease | undefined, extra: JaxCudaExtra): JaxCudaExtra {
  if (!release?.cudnn) return extra;
  return { ...extra, requires: { ...extra.requires, cudnnMin: release.cudnn.min, cudnnBelow: release.cudnn.below } };
}

/** Every GPU extra, current ones first. */
export function jaxCudaExtras(): readonly JaxCudaExtra[] {
  return JAX_CUDA_EXTRAS;
}
