// `gpuenv arch-list`: build flags (TORCH_CUDA_ARCH_LIST, CMake, nvcc) for the GPUs named or found,
// checked against the toolkit that is active on this machine.
import { EXIT, ExitError, UsageError } from '../errors.js';
import { archSupportFor, ccToSm, cudaArchitectures, smToCc } from '../knowledge/cuda.js';
import { ARCH_SUPPORT } from '../knowledge/data/cuda.js';
import { compareVersions } from '../knowledge/version.js';
import type { Toolkit } from '../snapshot/types.js';
import { msg } from './messages.js';
import type { CommandContext, CommandDetails } from './types.js';
import { noteOf } from '../knowledge/localized.js';

export const details: CommandDetails = {
  usage: 'arch-list [--gpu NAME]… [--json] [--root DIR]',
  help: () => [msg('cli.archList.help')],
  examples: ['gpuenv arch-list', 'gpuenv arch-list --gpu "RTX 4090" --gpu A100'],
  options: { gpu: { type: 'string', multiple: true }, ptx: { type: 'boolean' } },
  allowPositionals: false,
};

export interface ArchTarget {
  /** What the user named, or the GPU's name on this machine. */
  gpu: string;
  /** "8.6" */
  computeCapability: string;
}

export interface ArchListResult {
  targets: ArchTarget[];
  /** Unique capabilities, ascending: ["8.6", "9.0"]. */
  computeCapabilities: string[];
  torchCudaArchList: string;
  cmakeCudaArchitectures: string;
  nvccFlags: string[];
  toolkit: { version: string; path: string } | null;
  warnings: string[];
}

export async function run(ctx: CommandContext): Promise<number> {
  const names = toList(ctx.values.gpu);
  const ptx = ctx.values.ptx === true;
  let targets: ArchTarget[];
  let toolkits: Toolkit[];
  if (names.length) {
    targets = await targetsFromNames(names);
    toolkits = await probeToolkitsOnly(ctx);
  } else {
    const { takeSnapshot } = await import('../probe/take.js');
    const snap = await takeSnapshot(await ctx.system(), {});
    targets = snap.gpus.filter((g) => g.computeCapability).map((g) => ({ gpu: g.name, computeCapability: g.computeCapability! }));
    toolkits = snap.toolkits;
    if (!targets.length) throw new ExitError(EXIT.problems, msg('archList.noGpu'));
  }
  const result = buildArchList(targets, activeToolkit(toolkits), ptx);
  if (ctx.globals.json) ctx.io.out(`${JSON.stringify(result, null, 2)}\n`);
  else ctx.io.out(render(result));
  for (const w of ctx.globals.json ? [] : result.warnings) ctx.io.err(`warning: ${w}\n`);
  return EXIT.ok;
}

/** The pure part: flags for the capabilities, and what the toolkit cannot build. */
export function buildArchList(targets: ArchTarget[], toolkit: { version: string; path: string } | null, ptx: boolean): ArchListResult {
  const ccs = [...new Set(targets.map((t) => normaliseCc(t.computeCapability)))].sort(compareVersions);
  const newest = ccs.at(-1);
  const torch = ccs.map((cc) => (ptx && cc === newest ? `${cc}+PTX` : cc)).join(';');
  // CMake: "86-real" is SASS only, "90" is SASS + PTX; keep PTX to the newest architecture like TORCH_CUDA_ARCH_LIST.
  const cmake = ccs.map((cc) => `${cc.replace('.', '')}${ptx && cc === newest ? '' : '-real'}`).join(';');
  const nvcc = ccs.map((cc) => `-gencode arch=compute_${cc.replace('.', '')},code=sm_${cc.replace('.', '')}`);
  if (ptx && newest) nvcc.push(`-gencode arch=compute_${newest.replace('.', '')},code=compute_${newest.replace('.', '')}`);
  const warnings: string[] = [];
  if (toolkit) {
    const can = new Set(cudaArchitectures(toolkit.version));
    for (const cc of ccs) {
      const sm = ccToSm(cc);
      const gpu = targets
        .filter((t) => normaliseCc(t.computeCapability) === cc)
        .map((t) => t.gpu)
        .join(', ');
      if (!can.has(sm)) warnings.push(msg('archList.cannotBuild', { cuda: toolkit.version, sm, gpu, why: why(sm) }));
      const row = archSupportFor(toolkit.version).find((a) => a.arch === sm);
      if (row && !row.confirmed) warnings.push(msg('archList.unconfirmedArch', { sm, note: noteOf(row) ?? row.source }));
    }
  }
  return { targets, computeCapabilities: ccs, torchCudaArchList: torch, cmakeCudaArchitectures: cmake, nvccFlags: nvcc, toolkit, warnings };
}

function why(sm: string): string {
  const row = ARCH_SUPPORT.find((a) => a.arch === sm);
  if (!row) return msg('archList.why.unknown');
  if (row.removedIn) {
    const [maj, min] = row.removedIn.split('.').map(Number);
    const last = min ? `${maj}.${min - 1}` : `${(maj ?? 1) - 1}.x`;
    return msg('archList.why.removed', { removed: row.removedIn, last });
  }
  return msg('archList.why.tooNew', { since: row.since });
}

/** The toolkit a build would use: on PATH first, then CUDA_HOME, then the /usr/local/cuda link. */
export function activeToolkit(toolkits: readonly Toolkit[]): { version: string; path: string } | null {
  const order: (keyof Toolkit['active'])[] = ['path', 'cudaHome', 'symlink'];
  for (const key of order) {
    const t = toolkits.find((x) => x.active[key] && (x.version?.value ?? x.nvcc?.version?.value));
    if (t) return { version: (t.version?.value ?? t.nvcc?.version?.value)!, path: t.path };
  }
  return null;
}

// ---- GPU names ----

interface GpuModule {
  matchGpu(q: string): { match: GpuLike | undefined; candidates: GpuLike[] };
}
interface GpuLike {
  name: string;
  computeCapability?: string | null;
}
const GPUS_MODULE = '../knowledge/gpus.js';

async function targetsFromNames(names: string[]): Promise<ArchTarget[]> {
  const out: ArchTarget[] = [];
  let mod: GpuModule | undefined;
  for (const name of names) {
    // A capability given directly ("8.6", "sm_86", "86") needs no catalogue.
    const direct = /^(?:sm_)?(\d+)\.?(\d)$/.exec(name.trim());
    if (direct && /^(sm_\d+|\d+\.\d|\d{2,3})$/.test(name.trim())) {
      out.push({ gpu: name, computeCapability: `${direct[1]}.${direct[2]}` });
      continue;
    }
    mod ??= await loadGpus();
    const { match, candidates } = mod.matchGpu(name);
    const list = candidates
      .map((c) => c.name)
      .slice(0, 6)
      .join(', ');
    // "A100" names several boards of one chip: for build flags only the capability matters.
    const ccs = new Set(candidates.map((c) => c.computeCapability));
    const shared = candidates[0]?.computeCapability;
    if (!match && candidates.length > 1 && ccs.size === 1 && shared) {
      out.push({ gpu: name, computeCapability: shared });
      continue;
    }
    if (!match)
      throw new UsageError(
        msg(candidates.length > 1 ? 'archList.ambiguousGpu' : 'archList.unknownGpu', { name }),
        list ? msg('archList.closest', { list }) : undefined,
      );
    if (!match.computeCapability) throw new UsageError(msg('archList.noCc', { name: match.name }));
    out.push({ gpu: match.name, computeCapability: match.computeCapability });
  }
  return out;
}

async function loadGpus(): Promise<GpuModule> {
  try {
    return (await import(GPUS_MODULE)) as GpuModule;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') throw new UsageError(msg('archList.catalogueMissing'));
    throw error;
  }
}

async function probeToolkitsOnly(ctx: CommandContext): Promise<Toolkit[]> {
  const [{ createProbeContext }, { probeToolkits }] = await Promise.all([import('../probe/context.js'), import('../probe/toolkits.js')]);
  return probeToolkits(createProbeContext(await ctx.system(), 5_000));
}

function normaliseCc(cc: string): string {
  return cc.includes('.') ? cc.trim() : smToCc(ccToSm(cc));
}

function toList(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' ? [v] : [];
}

function render(r: ArchListResult): string {
  const lines = [
    `# ${msg('archList.gpus')}: ${r.targets.map((t) => `${t.gpu} (${t.computeCapability})`).join(', ')}`,
    `# ${msg('archList.toolkit')}: ${r.toolkit ? `CUDA ${r.toolkit.version} (${r.toolkit.path})` : msg('archList.noToolkit')}`,
    `export TORCH_CUDA_ARCH_LIST="${r.torchCudaArchList}"`,
    `-DCMAKE_CUDA_ARCHITECTURES="${r.cmakeCudaArchitectures}"`,
    r.nvccFlags.join(' '),
  ];
  return `${lines.join('\n')}\n`;
}
