// Whether a build can have kernels for a GPU, from the facts alone: a CUDA that predates the GPU's architecture, a GPU
// older than every kernel of the named torch, a Kepler under NCCL. Knowledge as code that the arch rule and the
// toolkit rule ask; unknown versions never claim a gap.
import { toolkitSupportsCc } from '../knowledge/cuda.js';
import { torchReleases, torchVariant, variantArchSet, variantCoversCapability } from '../knowledge/torch.js';
import { versionParts } from '../knowledge/version.js';
import { platformOf } from '../snapshot/queries.js';
import type { ExplainContext } from './context.js';

/** Whether CUDA `cuda` can emit SASS for compute capability `cc`; undefined when either is unknown to gpuenv. */
export function cudaCoversCc(cuda: string, cc: string): boolean | undefined {
  try {
    return toolkitSupportsCc(cuda, cc);
  } catch {
    return undefined;
  }
}

/** torch 1.3–1.12 binaries (older than the torch table) start at sm_37: https://github.com/pytorch/pytorch/issues/30532. */
export function isOldTorch(version: string): boolean {
  const [major, minor] = versionParts(version);
  return major === 1 && minor !== undefined && minor >= 3 && minor <= 12;
}

/**
 * The named GPU has no kernels in the named build: a Fermi (sm_2x) GPU, which no CUDA >= 9.0 build covers; a build
 * whose CUDA predates the GPU (10.2 and sm_80); a GPU older than the oldest architecture of the torch release (the
 * torch table's arch lists; 1.3–1.12 shipped sm_37 and newer — PyTorch dropped sm_35 in 1.3:
 * https://github.com/pytorch/pytorch/issues/30532, soumith in pytorch/pytorch#24205); or, with only a wheel tag
 * named ("torch (cu128)"), no release's build of that tag covering it.
 */
export function archGap(ctx: ExplainContext): boolean {
  const g = ctx.gpus[0];
  const t = ctx.torch;
  if (!g) return false;
  const cc = Number(g.cc);
  if (!Number.isFinite(cc)) return false;
  // Fermi and older (sm_2x): CUDA 9.0 dropped them, so no framework build of the last years has their kernels.
  if (cc < 3) return true;
  if (!t || t.cpuOnly) return false;
  // The build's CUDA predates the GPU (torch 1.5 for CUDA 10.2 on an A100, sm_80 arrived with CUDA 11.0).
  if (t.cuda && cudaCoversCc(t.cuda, g.cc) === false) return true;
  if (t.version === '?') {
    // Only the wheel tag is named ("torch (cu128)"): a gap when no release's build of that tag covers the GPU.
    if (!t.tag) return false;
    const builds = torchReleases().flatMap((r) => r.cudaVariants.filter((v) => v.tag === t.tag));
    return builds.length > 0 && builds.every((v) => variantCoversCapability(variantArchSet(v, platformOf(ctx.snapshot)), g.cc) === 'none');
  }
  if (isOldTorch(t.version)) return cc < 3.7;
  const tag = t.tag ?? (t.pypiCuda ? `cu${t.pypiCuda.replace('.', '')}` : undefined);
  const v = tag ? torchVariant(t.version, tag) : undefined;
  if (!v) return false;
  const set = variantArchSet(v, platformOf(ctx.snapshot));
  const sm = Number(g.sm.replace('sm_', ''));
  const lowest = Math.min(...set.archList.map((a) => Number(a.replace('sm_', ''))).filter(Number.isFinite));
  const lowestPtx = Math.min(...set.ptx.map((p) => Number(p.replace('compute_', ''))).filter(Number.isFinite));
  return Number.isFinite(lowest) && sm < lowest && !(sm >= lowestPtx);
}

/** A Kepler-or-older GPU (cc < 5.0) under NCCL, and no named torch release that still ships its kernels. */
export function keplerUnderNccl(ctx: ExplainContext): boolean {
  const g = ctx.gpus[0];
  if (!g || !(Number(g.cc) < 5)) return false;
  const t = ctx.torch;
  return !t || t.version === '?' || archGap(ctx);
}
