// Parse, build and check nvidia/cuda image tags against the container table.
import { IMAGE_FLAVORS, IMAGE_OSES } from './data/containers.js';
import type { ImageFlavor, ImageOs } from './data/containers.js';
import { compareVersions } from './version.js';

export { IMAGE_FLAVORS, IMAGE_OSES, IMAGE_PLATFORMS, IMAGE_TABLE_SOURCE, PUBLISHED_IMAGES, SUPPORT_POLICY, TAG_GRAMMAR } from './data/containers.js';
export type { PublishedImage } from './data/containers.js';
export type { ImageFlavor, ImageOs } from './data/containers.js';

export interface CudaImageTag {
  cuda: string;
  flavor: ImageFlavor;
  /** "cudnn" (cuDNN 9 images), "cudnn8", or undefined. */
  cudnn?: string;
  /** e.g. "ubuntu22.04"; undefined for tags without an OS suffix. */
  os?: string;
}

const TAG = /^(?:nvidia\/cuda:)?(\d+\.\d+(?:\.\d+)?)-(?:(cudnn\d*)-)?(base|runtime|devel)(?:-([a-z]+[\d.]*))?$/;

export function parseCudaImageTag(tag: string): CudaImageTag | undefined {
  const m = TAG.exec(tag.trim());
  if (!m) return undefined;
  const [, cuda, cudnn, flavor, osName] = m;
  if (cudnn && flavor === 'base') return undefined; // cuDNN is only shipped in runtime and devel images
  return { cuda: cuda!, flavor: flavor as ImageFlavor, ...(cudnn ? { cudnn } : {}), ...(osName ? { os: osName } : {}) };
}

export function formatCudaImageTag(t: CudaImageTag): string {
  return [t.cuda, t.cudnn, t.flavor, t.os].filter(Boolean).join('-');
}

/** The OS row for a tag suffix, and whether the CUDA release falls inside its known range. */
export function imageOsSupport(osName: string, cuda: string): { row: ImageOs | undefined; inRange: boolean | undefined } {
  const row = IMAGE_OSES.find((o) => o.os === osName);
  if (!row) return { row, inRange: undefined };
  if (row.from && compareVersions(cuda, row.from) < 0) return { row, inRange: false };
  if (row.until && compareVersions(cuda, row.until) > 0) return { row, inRange: false };
  return { row, inRange: row.from || row.until ? true : undefined };
}

export function isFlavor(s: string): s is ImageFlavor {
  return (IMAGE_FLAVORS as readonly string[]).includes(s);
}
