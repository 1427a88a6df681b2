// Which nvidia/cuda base image to build on: a tag that exists and is still maintained, CUDA no newer than
// the target driver runs, runtime vs devel by need, cuDNN only when no wheel brings it.
import { UsageError } from '../errors.js';
import { formatCudaImageTag, imageOsSupport, parseCudaImageTag, SUPPORT_POLICY, type ImageFlavor } from '../knowledge/containers.js';
import { maxCudaForDriver } from '../knowledge/cuda.js';
import { compareVersions, versionParts } from '../knowledge/version.js';

/**
 * The newest point release of each CUDA minor published as nvidia/cuda images (NVIDIA maintains only the
 * newest point release of each minor). Seen as pulled tags in public Dockerfiles and compose files, 2026-11-30.
 * `eol`: the driver branch the release shipped with has reached end of life, so the tags stop being updated
 * and are deleted six months later (SUPPORT_POLICY).
 */
export interface PublishedImage {
  cuda: string;
  /** Driver branch the release shipped with. */
  branch: string;
  eol: boolean;
  /** OS suffixes seen for this release. */
  oses: readonly string[];
  cudnn: 'cudnn' | 'cudnn8' | null;
  confirmed: boolean;
  note?: string;
}

const U22_24 = ['ubuntu22.04', 'ubuntu24.04'];

export const PUBLISHED_IMAGES: readonly PublishedImage[] = [
  { cuda: '11.8.0', branch: 'R520', eol: true, oses: ['ubuntu20.04', 'ubuntu22.04'], cudnn: 'cudnn8', confirmed: false, note: 'R520 is end of life; the tags may be deleted at any time.' },
  { cuda: '12.1.1', branch: 'R530', eol: true, oses: ['ubuntu20.04', 'ubuntu22.04'], cudnn: 'cudnn8', confirmed: false },
  { cuda: '12.2.2', branch: 'R535', eol: false, oses: ['ubuntu20.04', 'ubuntu22.04'], cudnn: 'cudnn8', confirmed: false, note: 'R535 is a long-term-support branch.' },
  { cuda: '12.3.2', branch: 'R545', eol: true, oses: ['ubuntu20.04', 'ubuntu22.04'], cudnn: 'cudnn', confirmed: false },
  { cuda: '12.4.1', branch: 'R550', eol: false, oses: ['ubuntu20.04', 'ubuntu22.04'], cudnn: 'cudnn', confirmed: false, note: 'Published and widely pulled; branch end-of-life date not read from NVIDIA.' },
  { cuda: '12.5.1', branch: 'R555', eol: true, oses: ['ubuntu20.04', ...U22_24], cudnn: 'cudnn', confirmed: false },
  { cuda: '12.6.3', branch: 'R560', eol: false, oses: ['ubuntu20.04', ...U22_24], cudnn: 'cudnn', confirmed: false },
  { cuda: '12.8.1', branch: 'R570', eol: false, oses: ['ubuntu20.04', ...U22_24], cudnn: 'cudnn', confirmed: false },
  { cuda: '12.9.1', branch: 'R575', eol: false, oses: ['ubuntu20.04', ...U22_24], cudnn: 'cudnn', confirmed: false },
  { cuda: '13.0.3', branch: 'R580', eol: false, oses: U22_24, cudnn: 'cudnn', confirmed: false, note: 'R580 is a long-term-support branch.' },
  { cuda: '13.1.1', branch: 'R590', eol: false, oses: U22_24, cudnn: 'cudnn', confirmed: false },
  { cuda: '13.2.1', branch: 'R595', eol: false, oses: U22_24, cudnn: 'cudnn', confirmed: false },
];

export const IMAGE_TABLE_SOURCE =
  'nvidia/cuda tags pulled in public Dockerfiles, compose and CI files (checked 2026-11-30); EOL and deletion rules: ' + SUPPORT_POLICY.source;

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
  if (!row) throw new UsageError(`no nvidia/cuda image gpuenv knows for CUDA ${want}; known: ${PUBLISHED_IMAGES.map((r) => r.cuda).join(', ')}`);
  if (ceiling && compareVersions(minorOf(row.cuda), ceiling) > 0) {
    // The container toolkit refuses images whose NVIDIA_REQUIRE_CUDA exceeds the driver's CUDA.
    const older = candidates.find((r) => compareVersions(minorOf(r.cuda), ceiling) <= 0);
    if (older) row = older;
    else warnings.push(`the target driver runs CUDA ${ceiling} at most; CUDA ${minorOf(row.cuda)} images need a newer driver (or a cuda-compat package on data-centre GPUs)`);
  }
  if (needs.cuda && minorOf(row.cuda) !== needs.cuda) reasons.push(`CUDA ${row.cuda}: no maintained ${needs.cuda} image; ${minorOf(row.cuda)} runs the CUDA ${needs.cuda} wheels (same major, minor version compatibility)`);
  else reasons.push(`CUDA ${row.cuda}: the newest point release of CUDA ${minorOf(row.cuda)} (NVIDIA maintains only the newest point release of each minor)${needs.cuda ? `, matching the ${needs.cuda} wheels` : ''}`);
  if (ceiling) reasons.push(`the target driver runs CUDA ≤ ${ceiling}${needs.driver?.version ? ` (driver ${needs.driver.version})` : ''}`);
  if (row.eol) warnings.push(`CUDA ${row.cuda} images are end of life (driver branch ${row.branch}): NVIDIA deletes such tags ${SUPPORT_POLICY.deleteAfterMonths} months after EOL; move to a newer CUDA or pin the image by digest and mirror it`);

  let flavor: ImageFlavor;
  if (needs.flavor) {
    flavor = needs.flavor;
    reasons.push(`${flavor}: asked for with --flavor`);
  } else if (needs.buildsExtensions.length) {
    flavor = 'devel';
    reasons.push(`devel: ${needs.buildsExtensions.join(', ')} compile CUDA code and need nvcc and the headers`);
  } else if (needs.usesSystemCuda.length || needs.needsSystemCudnn) {
    flavor = 'runtime';
    reasons.push(`runtime: ${[...needs.usesSystemCuda].join(', ') || 'a package'} loads the image's CUDA libraries; nothing is compiled, so no devel`);
  } else {
    flavor = 'runtime';
    reasons.push('runtime: nothing is compiled (no nvcc needed); the framework wheels bring their own CUDA libraries');
  }
  const cudnn = needs.needsSystemCudnn && row.cudnn !== null;
  reasons.push(cudnn ? `${row.cudnn}: a package needs cuDNN that no wheel in the stack provides` : 'no cudnn variant: the wheels bring cuDNN (nvidia-cudnn-*) or do not use it');

  const os = needs.os ?? ([...row.oses].filter((o) => o.startsWith('ubuntu')).sort().at(-1) ?? row.oses[0] ?? 'ubuntu22.04');
  if (!row.oses.includes(os)) {
    const support = imageOsSupport(os, row.cuda);
    if (support.inRange === false || !support.row) throw new UsageError(`nvidia/cuda ${row.cuda} has no ${os} images (it has ${row.oses.join(', ')})`);
    warnings.push(`${os} images for CUDA ${row.cuda} are not in gpuenv's list of seen tags; check with \`docker manifest inspect\``);
  }
  const tag = formatCudaImageTag({ cuda: row.cuda, flavor, ...(cudnn && row.cudnn ? { cudnn: row.cudnn } : {}), os });
  if (!parseCudaImageTag(tag)) throw new Error(`built an invalid tag ${tag}`);
  return { image: `nvidia/cuda:${tag}`, tag, row, flavor, cudnn, os, reasons, warnings };
}

/** Whether a tag is one gpuenv knows to be published (the test's and verify's check). */
export function isPublishedTag(tag: string): boolean {
  const t = parseCudaImageTag(tag.replace(/^nvidia\/cuda:/, ''));
  if (!t?.os) return false;
  const row = PUBLISHED_IMAGES.find((r) => r.cuda === t.cuda);
  if (!row || !row.oses.includes(t.os)) return false;
  return !t.cudnn || t.cudnn === row.cudnn;
}
