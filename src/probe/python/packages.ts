// The GPU-relevant distributions of one environment, read from .dist-info / .egg-info folders and
// conda-meta records; who installed each (INSTALLER file, or conda when conda-meta lists it).
import type { ProbeContext } from '../context.js';

export interface RawPackage {
  name: string;
  version: string;
  installer: string;
  location: string;
  sitePackages: string | null;
  /** conda's build string (py3.11_cuda12.4_cudnn9.1.0_0), for build facts. */
  condaBuild?: string;
}

const WANTED = [
  /^torch$/,
  /^torchvision$/,
  /^torchaudio$/,
  /^tensorflow(-cpu|-gpu|-intel)?$/,
  /^tf-nightly(-cpu|-gpu)?$/,
  /^jax$/,
  /^jaxlib$/,
  /^jax-cuda\d+-(plugin|pjrt)$/,
  /^cupy(-cuda\w+)?$/,
  /^xformers$/,
  /^flash-attn$/,
  /^bitsandbytes$/,
  /^vllm$/,
  /^triton$/,
  /^deepspeed$/,
  /^onnxruntime-gpu$/,
  /^nvidia-/,
];
// Conda-only packages that decide which CUDA libraries a conda env carries.
const CONDA_ONLY = [/^cudatoolkit$/, /^cuda-toolkit$/, /^cuda-runtime$/, /^cuda-cudart$/, /^cudnn$/, /^nccl$/, /^pytorch-cuda$/, /^cuda-version$/];
// conda names for the same distributions.
const CONDA_ALIAS: Record<string, string> = { pytorch: 'torch', 'pytorch-gpu': 'torch', 'tensorflow-base': 'tensorflow' };

export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

export function isWanted(name: string): boolean {
  return WANTED.some((re) => re.test(name));
}

/** The .dist-info / .egg-info folders of site-packages, in sys.path order: name (normalised) and version. */
async function metadataFolders(
  ctx: ProbeContext,
  sitePackages: string[],
): Promise<{ name: string; version: string; location: string; sitePackages: string; distInfo: boolean }[]> {
  const out = [];
  for (const sp of sitePackages) {
    for (const e of (await ctx.sys.readDir(sp)) ?? []) {
      const m = /^(.+?)-(\d[^-]*?)(?:-py\d+\.\d+)?\.(dist-info|egg-info)$/.exec(e.name);
      if (!m?.[1] || !m[2]) continue;
      out.push({ name: normalizeName(m[1]), version: m[2], location: `${sp}/${e.name}`, sitePackages: sp, distInfo: m[3] === 'dist-info' });
    }
  }
  return out;
}

export async function readPackages(ctx: ProbeContext, prefix: string, sitePackages: string[]): Promise<RawPackage[]> {
  const out = new Map<string, RawPackage>();
  for (const d of await metadataFolders(ctx, sitePackages)) {
    if (!isWanted(d.name) || out.has(d.name)) continue; // the first site-packages on sys.path wins
    const installer = d.distInfo ? (await ctx.sys.readFile(`${d.location}/INSTALLER`, 1024))?.trim() || 'unknown' : 'unknown';
    out.set(d.name, { name: d.name, version: d.version, installer: installer.toLowerCase(), location: d.location, sitePackages: d.sitePackages });
  }
  // conda-meta: <name>-<version>-<build>.json; a record for a distribution found above means conda put it there.
  const metaDir = `${prefix}/conda-meta`;
  for (const e of (await ctx.sys.readDir(metaDir)) ?? []) {
    const m = /^(.+)-([^-]+)-([^-]+)\.json$/.exec(e.name);
    if (!m?.[1] || !m[2] || !m[3]) continue;
    const condaName = m[1].toLowerCase();
    const name = CONDA_ALIAS[condaName] ?? normalizeName(condaName);
    if (!isWanted(name) && !CONDA_ONLY.some((re) => re.test(name))) continue;
    const location = `${metaDir}/${e.name}`;
    const known = out.get(name);
    if (known) {
      // pip installing over a conda package leaves the conda record; the dist-info's INSTALLER tells who wrote last.
      if (known.installer === 'conda' || known.installer === 'unknown') {
        known.installer = 'conda';
        known.condaBuild = m[3];
      }
      continue;
    }
    out.set(name, { name, version: m[2], installer: 'conda', location, sitePackages: sitePackages[0] ?? null, condaBuild: m[3] });
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** One installed distribution, whatever it is: what `pip freeze` would list, for export and lock. */
export interface Distribution {
  name: string;
  version: string;
  installer: string;
  /** Installed from a local folder, a VCS or a URL (PEP 610 direct_url.json): no index serves it. */
  direct: boolean;
}

/** Every distribution in the site-packages folders (the first one on sys.path wins), sorted by name. */
export async function readDistributions(ctx: ProbeContext, sitePackages: string[]): Promise<Distribution[]> {
  const out = new Map<string, Distribution>();
  for (const d of await metadataFolders(ctx, sitePackages)) {
    if (out.has(d.name)) continue;
    const installer = d.distInfo ? (await ctx.sys.readFile(`${d.location}/INSTALLER`, 1024))?.trim().toLowerCase() || 'unknown' : 'unknown';
    const direct = d.distInfo && (await ctx.sys.stat(`${d.location}/direct_url.json`)) !== undefined;
    out.set(d.name, { name: d.name, version: d.version, installer, direct });
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}
