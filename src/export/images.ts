// Which nvidia/cuda base image to build on: a tag that exists and is still maintained, CUDA no newer than
// the target driver runs, runtime vs devel by need, cuDNN only when no wheel brings it.
import { UsageError } from '../errors.js';
import {
  formatCudaImageTag,
  imageOsSupport,
  parseCudaImageTag,
  PUBLISHED_IMAGES,
  SUPPORT_POLICY,
  type ImageFlavor,
  type PublishedImage,
} from '../knowledge/containers.js';
import { maxCudaForDriver } from '../knowledge/cuda.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import { msg } from './messages.js';

export interface ImageChoice {
  /** "nvidia/cuda:13.0.3-runtime-ubuntu24.04" */
  image: string;
  tag: string;
  row: PublishedImage;
  flavor: ImageFlavor;
  cudnn: boolean;
  os: string;
  /** Why each part was chosen, one line each (become Dockerfile comments). */
  reasons: string[];
  /** Problems the user must know (EOL, driver too old). */
  warnings: string[];
}

export interface ImageNeeds {
  /** CUDA minor the wheels are built for ("13.0"); null: CPU-only stack. */
  cuda: string | null;
  driver: { version: string | null; cuda: string | null } | null;
  buildsExtensions: string[];
  usesSystemCuda: string[];
  needsSystemCudnn: boolean;
  /** "ubuntu24.04"; default: the newest Ubuntu the release has. */
  os?: string;
  /** Force a flavour (--flavor). */
  flavor?: ImageFlavor;
}

function minorOf(v: string): string {
  const [a, b] = versionParts(v);
  return `${a ?? 0}.${b ?? 0}`;
}

/** The CUDA the target driver runs (its own CUDA version, else the newest toolkit whose floor it meets). */
export function driverCudaCeiling(driver: ImageNeeds['driver']): string | null {
  if (!driver) return null;
  if (driver.cuda) return minorOf(driver.cuda);
  if (driver.version) {
    const r = maxCudaForDriver(driver.version);
    return r ? r.minor : null;
  }
  return null;
}

export function chooseBaseImage(needs: ImageNeeds): ImageChoice {
  const reasons: string[] = [];
  const warnings: string[] = [];
  const ceiling = driverCudaCeiling(needs.driver);
  const want = needs.cuda ?? ceiling ?? '12.8';
  const wantMajor = versionParts(want)[0];
  // Same minor as the wheels; else the nearest older minor of the same major (minor version compatibility).
  const candidates = PUBLISHED_IMAGES.filter((r) => versionParts(r.cuda)[0] === wantMajor && compareVersions(minorOf(r.cuda), want) <= 0).sort((a, b) =>
    compareVersions(b.cuda, a.cuda),
  );
  let row = candidates.find((r) => !r.eol) ?? candidates[0];
  if (!row) throw new UsageError(msg('image.unknownCuda', { want, known: PUBLISHED_IMAGES.map((r) => r.cuda).join(', ') }));
  if (ceiling && compareVersions(minorOf(row.cuda), ceiling) > 0) {
    // The container toolkit refuses images whose NVIDIA_REQUIRE_CUDA exceeds the driver's CUDA.
    const older = candidates.find((r) => compareVersions(minorOf(r.cuda), ceiling) <= 0);
    if (older) row = older;
    else warnings.push(msg('image.driverTooOld', { ceiling, cuda: minorOf(row.cuda) }));
  }
  if (needs.cuda && minorOf(row.cuda) !== needs.cuda) reasons.push(msg('image.olderMinor', { row: row.cuda, want: needs.cuda, minor: minorOf(row.cuda) }));
  else
    reasons.push(
      msg('image.newestPoint', { row: row.cuda, minor: minorOf(row.cuda), matching: needs.cuda ? msg('image.matching', { cuda: needs.cuda }) : '' }),
    );
  if (ceiling)
    reasons.push(msg('image.ceiling', { ceiling, driver: needs.driver?.version ? msg('image.ceilingDriver', { version: needs.driver.version }) : '' }));
  if (row.eol) warnings.push(msg('image.eol', { cuda: row.cuda, branch: row.branch, months: SUPPORT_POLICY.deleteAfterMonths }));

  let flavor: ImageFlavor;
  if (needs.flavor) {
    flavor = needs.flavor;
    reasons.push(msg('image.flavorAsked', { flavor }));
  } else if (needs.buildsExtensions.length) {
    flavor = 'devel';
    reasons.push(msg('image.devel', { packages: needs.buildsExtensions.join(', ') }));
  } else if (needs.usesSystemCuda.length || needs.needsSystemCudnn) {
    flavor = 'runtime';
    reasons.push(msg('image.runtimeSystem', { packages: [...needs.usesSystemCuda].join(', ') || msg('image.aPackage') }));
  } else {
    flavor = 'runtime';
    reasons.push(msg('image.runtimeWheels'));
  }
  const cudnn = needs.needsSystemCudnn && row.cudnn !== null;
  reasons.push(cudnn ? msg('image.cudnn', { cudnn: String(row.cudnn) }) : msg('image.noCudnn'));

  const os =
    needs.os ??
    [...row.oses]
      .filter((o) => o.startsWith('ubuntu'))
      .sort()
      .at(-1) ??
    row.oses[0] ??
    'ubuntu22.04';
  if (!row.oses.includes(os)) {
    const support = imageOsSupport(os, row.cuda);
    if (support.inRange === false || !support.row) throw new UsageError(msg('image.noOs', { cuda: row.cuda, os, oses: row.oses.join(', ') }));
    warnings.push(msg('image.osUnseen', { os, cuda: row.cuda }));
  }
  const tag = formatCudaImageTag({ cuda: row.cuda, flavor, ...(cudnn && row.cudnn ? { cudnn: row.cudnn } : {}), os });
  if (!parseCudaImageTag(tag)) throw new Error(msg('image.invalidTag', { tag }));
  return { image: `nvidia/cuda:${tag}`, tag, row, flavor, cudnn, os, reasons, warnings };
}

/** Whether a tag is one gpuenv knows to be published (the test's and verify's check). */
export function isPublishedTag(tag: string): boolean {
  const t = parseCudaImageTag(tag.replace(/^nvidia\/cuda:/, ''));
  if (!t?.os) return false;
  const row = PUBLISHED_IMAGES.find((r) => r.cuda === t.cuda);
  if (!row?.oses.includes(t.os)) return false;
  return !t.cudnn || t.cudnn === row.cudnn;
}
