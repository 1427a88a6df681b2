// Pure queries over the PyTorch release table, plus the SASS/PTX coverage rule shared by every framework.
import { compareVersions } from './version.js';
import { TORCH_RELEASES, type ArchSet, type TorchPlatform, type TorchRelease, type TorchVariant } from './data/torch.js';

export type { ArchSet, TorchPlatform, TorchRelease, TorchVariant } from './data/torch.js';

export interface ParsedTorchVersion {
  /** Public version without the local part: "2.11.0", "2.13.0.dev20260427". */
  version: string;
  /** Local version label after "+": "cu130", "cpu", "rocm6.2.4". */
  local?: string;
  /** CUDA tag when the local label is one: "cu130". */
  cudaTag?: string;
}

/** "2.11.0+cu130" → { version: "2.11.0", local: "cu130", cudaTag: "cu130" }; "2.5.1" → { version: "2.5.1" }. */
export function parseTorchVersion(s: string): ParsedTorchVersion {
  const [pub = '', local] = s.trim().replace(/^v/i, '').split('+', 2);
  const out: ParsedTorchVersion = { version: pub };
  if (local) {
    out.local = local;
    if (/^cu\d{3,}$/.test(local)) out.cudaTag = local;
  }
  return out;
}

/** All releases, oldest first (unreleased rows included: see torchReleaseStatus). */
export function torchReleases(): readonly TorchRelease[] {
  return TORCH_RELEASES;
}

export type TorchReleaseStatus = 'released' | 'unreleased' | 'unconfirmed';

/** 'unreleased': only nightlies or an RFC exist; 'unconfirmed': released, but the row (or a field of it) is not confirmed. */
export function torchReleaseStatus(r: TorchRelease): TorchReleaseStatus {
  if (r.unreleased) return 'unreleased';
  return r.confirmed === false || (r.unconfirmedFields?.length ?? 0) > 0 ? 'unconfirmed' : 'released';
}

/** Whether a release may be chosen by default (plan, export, fixes): every row but the unreleased ones. */
export function isTorchReleased(r: TorchRelease): boolean {
  return r.unreleased !== true;
}

/**
 * The release a version names: "2.5.1" and "2.5.1+cu124" → 2.5.1; "2.5" → the newest 2.5.x.
 * Pre-releases and nightlies ("2.13.0.dev…", "2.12.0rc1", "2.12.0a0") are not releases: undefined.
 */
export function torchRelease(version: string): TorchRelease | undefined {
  const pub = parseTorchVersion(version).version;
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(pub);
  if (!m) return undefined;
  if (m[3] !== undefined) return TORCH_RELEASES.find((r) => compareVersions(r.version, pub) === 0);
  const prefix = `${m[1]}.${m[2]}.`;
  let best: TorchRelease | undefined;
  for (const r of TORCH_RELEASES) {
    if (r.version.startsWith(prefix) && (!best || compareVersions(r.version, best.version) > 0)) best = r;
  }
  return best;
}

/** The CUDA variant `tag` ("cu124") of a release, or undefined when that release has no such wheel. */
export function torchVariant(version: string, tag: string): TorchVariant | undefined {
  return torchRelease(version)?.cudaVariants.find((v) => v.tag === tag.toLowerCase());
}

/** The arch set a variant ships on one platform (linux-x86_64 when not given). */
export function variantArchSet(variant: TorchVariant, platform: TorchPlatform = 'linux-x86_64'): ArchSet {
  return variant.byPlatform?.[platform] ?? variant;
}

// Tegra (Jetson) compute capabilities: NVIDIA guarantees no binary compatibility between desktop and Tegra
// parts, so a Tegra GPU needs SASS for its exact capability (or PTX).
const TEGRA = new Set(['5.3', '6.2', '7.2', '8.7', '10.1', '11.0']);

interface Target {
  major: number;
  minor: number;
  /** '' plain, 'a' arch-specific, 'f' family-specific. */
  suffix: '' | 'a' | 'f';
}

/** "8.6", "86", "sm_86", "compute_90a", "12.0" → numbers; undefined when not a capability. */
function parseTarget(s: string): Target | undefined {
  const t = s
    .trim()
    .toLowerCase()
    .replace(/^(sm|compute)_/, '');
  let m = /^(\d+)\.(\d+)([af]?)$/.exec(t);
  if (m) return { major: Number(m[1]), minor: Number(m[2]), suffix: (m[3] ?? '') as Target['suffix'] };
  m = /^(\d+)(\d)([af]?)$/.exec(t);
  if (m) return { major: Number(m[1]), minor: Number(m[2]), suffix: (m[3] ?? '') as Target['suffix'] };
  return undefined;
}

/**
 * Whether a build can run on a GPU of compute capability `cc` ("8.6", "sm_86"):
 * - 'sass': a cubin runs natively. Rule (CUDA C Programming Guide, "Binary Compatibility"): a cubin built
 *   for X.y runs on X.z for z >= y; never across majors. Exceptions: 'a' (arch-specific, e.g. sm_90a) cubins
 *   run only on exactly X.y; 'f' (family-specific, CUDA 12.9+) cubins run on X.z for z >= y, like plain ones
 *   (Blackwell Compatibility Guide, "family-specific features"); Tegra parts need their exact capability.
 * - 'ptx': no cubin fits, but embedded PTX for compute_XY with XY <= cc can be JIT-compiled by the driver
 *   ("Application Compatibility": PTX runs on any GPU of equal or higher capability; 'a'/'f' PTX does not
 *   carry forward). The first launch is slow and the driver must support the PTX ISA version.
 * - 'none': neither; kernels fail with "no kernel image is available for execution on the device".
 */
export function variantCoversCapability(variant: ArchSet, cc: string): 'sass' | 'ptx' | 'none' {
  const gpu = parseTarget(cc);
  if (!gpu) return 'none';
  const tegra = TEGRA.has(`${gpu.major}.${gpu.minor}`);
  for (const a of variant.archList) {
    const t = parseTarget(a);
    if (!t || t.major !== gpu.major) continue;
    if (t.minor === gpu.minor) return 'sass';
    if (t.suffix !== 'a' && !tegra && t.minor < gpu.minor) return 'sass';
  }
  for (const p of variant.ptx) {
    const t = parseTarget(p);
    if (!t) continue;
    if (t.suffix !== '' && (t.major !== gpu.major || t.minor !== gpu.minor)) continue;
    if (t.major < gpu.major || (t.major === gpu.major && t.minor <= gpu.minor)) return 'ptx';
  }
  return 'none';
}
