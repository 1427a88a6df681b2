// The PyTorch wheel indexes and builds that exist, read from the torch table (knowledge/data/torch.ts): which
// download.pytorch.org/whl/<tag> folders there are, and the real build nearest to a CUDA version — never a tag made
// by arithmetic ("cu" + major + minor names folders that were never published: cu112, cu122, cu125 …).
import { torchReleases } from '../knowledge/torch.js';
import type { TorchPlatform, TorchRelease, TorchVariant } from '../knowledge/torch.js';
import { compareVersions, versionHasPrefix, versionParts } from '../knowledge/version.js';

/** CPU wheels exist for every release (knowledge/data/torch.ts header) and are not listed per row. */
export const TORCH_CPU_INDEX = 'https://download.pytorch.org/whl/cpu';
export const TORCH_STABLE_HTML = 'https://download.pytorch.org/whl/torch_stable.html';

export interface TorchBuild {
  release: TorchRelease;
  variant: TorchVariant;
}

/** The index a tag is served from: the variant's own URL for a CUDA tag, `whl/cpu`, `whl/rocmX.Y`. */
export function torchIndexUrl(tag: string): string {
  for (const r of torchReleases()) {
    const v = r.cudaVariants.find((x) => x.tag === tag);
    if (v) return v.indexUrl;
  }
  return `https://download.pytorch.org/whl/${tag}`;
}

/** Every CUDA tag of the table, with the releases built for it (oldest first). */
export function cudaTags(): Map<string, TorchRelease[]> {
  const out = new Map<string, TorchRelease[]>();
  for (const r of torchReleases()) for (const v of r.cudaVariants) out.set(v.tag, [...(out.get(v.tag) ?? []), r]);
  return out;
}

/** `rocm<stable ROCm>` of each release: the only ROCm builds the table names. */
export function rocmTags(): Map<string, TorchRelease[]> {
  const out = new Map<string, TorchRelease[]>();
  for (const r of torchReleases()) if (r.rocm) out.set(`rocm${r.rocm}`, [...(out.get(`rocm${r.rocm}`) ?? []), r]);
  return out;
}

/** Tags the nightly channel builds: those of the unreleased rows and of the newest release, and cpu. */
export function nightlyTags(): Set<string> {
  const rows = torchReleases();
  const newest = rows.filter((r) => !r.unreleased).at(-1);
  const tags = new Set<string>(['cpu']);
  for (const r of rows) if (r.unreleased || r === newest) for (const v of r.cudaVariants) tags.add(v.tag);
  return tags;
}

export type TorchIndexRef =
  | { kind: 'tag'; tag: string; nightly: boolean }
  /** `whl/torch_stable.html` (and `whl/<tag>/torch_stable.html`): the flat page of every build, used with -f. */
  | { kind: 'stable-html'; tag?: string }
  | { kind: 'other'; path: string };

/** A download.pytorch.org/whl URL, or undefined for any other host. */
export function parseTorchIndexUrl(url: string): TorchIndexRef | undefined {
  const m = /^https?:\/\/download\.pytorch\.org\/whl\/?(.*)$/i.exec(url.trim());
  if (!m) return undefined;
  const parts = m[1]!.split('/').filter(Boolean);
  if (parts[0] === 'torch_stable.html') return { kind: 'stable-html' };
  const nightly = parts[0] === 'nightly';
  const rest = nightly ? parts.slice(1) : parts;
  const tag = rest[0];
  if (!tag || !/^(cu\d+|cpu|rocm[\d.]+|xpu)$/.test(tag)) return { kind: 'other', path: m[1]! };
  if (rest[1] === 'torch_stable.html') return { kind: 'stable-html', tag };
  if (rest[1] && rest[1] !== 'torch' && !rest[1].endsWith('.whl')) return { kind: 'other', path: m[1]! };
  return { kind: 'tag', tag, nightly };
}

/**
 * Whether a release has wheels for this Python (major.minor). Its experimental builds (3.13t, 3.15) count only when
 * asked: they exist, so a command naming them works, but gpuenv does not choose them.
 */
export function pythonFits(r: TorchRelease, py: string | null | undefined, experimental = false): boolean {
  if (!py) return true;
  const [a, b] = versionParts(py);
  const mm = `${a}.${b ?? 0}`;
  if (experimental && r.python.experimental?.includes(mm)) return true;
  return compareVersions(mm, r.python.min) >= 0 && compareVersions(mm, r.python.max) <= 0;
}

export interface BuildQuery {
  /** The highest CUDA the build may use: the driver's newest CUDA, or nvcc's for an extension build. */
  maxCuda?: string;
  /** Only builds of this CUDA major (a CUDA extension must be compiled with the major torch was built with). */
  major?: number;
  /** This tag only ("cu121", the build torch itself names). */
  tag?: string;
  /** Keep this torch version: "2.5.1", or "2.5" for any 2.5.x. */
  version?: string;
  python?: string | null;
  platform?: TorchPlatform;
}

/**
 * The real build nearest to a request: the newest released torch (matching `version`, with a wheel for `python`
 * and `platform`) whose newest CUDA variant stays within `maxCuda` / `major` / `tag`. Released rows the table
 * confirms come before unconfirmed ones; a row that is only a proposal (`unreleased`) is never chosen.
 */
export function nearestTorchBuild(q: BuildQuery): TorchBuild | undefined {
  const rows = [...torchReleases()].reverse().filter((r) => !r.unreleased && pythonFits(r, q.python) && (!q.version || versionHasPrefix(r.version, q.version)));
  const ordered = [...rows.filter((r) => r.confirmed !== false), ...rows.filter((r) => r.confirmed === false)];
  for (const r of ordered) {
    const v = [...r.cudaVariants]
      .filter(
        (x) =>
          (!q.platform || x.platforms.includes(q.platform)) &&
          (!q.tag || x.tag === q.tag) &&
          (q.major === undefined || versionParts(x.cuda)[0] === q.major) &&
          (!q.maxCuda || compareVersions(x.cuda, q.maxCuda) <= 0),
      )
      .sort((a, b) => compareVersions(b.cuda, a.cuda))[0];
    if (v) return { release: r, variant: v };
  }
  return undefined;
}

export type TorchCompanion = 'torchvision' | 'torchaudio';

/** The companion version a release row names; null: no release of it pairs with this torch. */
export function pairedVersion(r: TorchRelease, name: TorchCompanion): string | null {
  return name === 'torchvision' ? r.torchvision : r.torchaudio;
}

/** Whether the row's pairing rests on a rule or a secondary source rather than a checked release. */
export function pairUnconfirmed(r: TorchRelease, name: TorchCompanion): boolean {
  return r.confirmed === false || (r.unconfirmedFields ?? []).includes(name);
}

/**
 * The requirement that installs a companion with this torch: pinned when the table confirms the pair; the bare name
 * when it does not (the companion's own metadata pins its torch, so pip resolves the pair from torch==X, and gpuenv
 * does not guess); undefined when no release pairs with it (torchaudio after 2.11).
 */
export function companionSpec(r: TorchRelease, name: TorchCompanion): string | undefined {
  const v = pairedVersion(r, name);
  if (v === null) return undefined;
  return pairUnconfirmed(r, name) ? name : `${name}==${v}`;
}

/** The tags of the table nearest to `tag` by CUDA version, for a message. */
export function nearestTags(tag: string, n = 3): string[] {
  const want = /^cu(\d+)(\d)$/.exec(tag);
  const tags = [...cudaTags().keys()];
  if (!want) return tags.slice(-n);
  const cuda = Number(want[1]) + Number(want[2]) / 10;
  const of = (t: string) => {
    const m = /^cu(\d+)(\d)$/.exec(t)!;
    return Number(m[1]) + Number(m[2]) / 10;
  };
  return tags
    .sort((a, b) => Math.abs(of(a) - cuda) - Math.abs(of(b) - cuda) || of(a) - of(b))
    .slice(0, n)
    .sort((a, b) => of(a) - of(b));
}
