// arch-list-mismatch: an architecture list in the environment (TORCH_CUDA_ARCH_LIST, CUDAARCHS,
// CMAKE_CUDA_ARCHITECTURES) that leaves out this machine's GPUs, reaches them only through PTX, names an
// architecture the build's nvcc cannot compile, or cannot be read at all. Nothing is wrong yet: the next extension
// built here is, and it fails at its first kernel with "no kernel image is available".
import type { Evidence, Finding, Severity } from '../../findings.js';
import { cudaRelease, firstCudaForCc, toolkitSupportsCc } from '../../knowledge/cuda.js';
import { ARCH_SUPPORT } from '../../knowledge/data/cuda.js';
import { variantCoversCapability, type ArchSet } from '../../knowledge/torch.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { buildToolkitOf, toolkitVersion } from '../../snapshot/cuda-home.js';
import { distinctCapabilities, platformOf, type GpuCapability } from '../../snapshot/queries.js';
import type { Snapshot } from '../../snapshot/types.js';
import { envSource } from '../env-evidence.js';
import { factFindings } from '../rank.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';
import { msg } from './messages.js';
import { noteOf } from '../../knowledge/localized.js';

export const rule: Rule = {
  code: 'arch-list-mismatch',
  scope: 'environment',
  check(input) {
    const checked = VARIABLES.flatMap((v) => {
      const value = input.snapshot.env?.[v.name];
      return value?.trim() ? check(input, v, value) : [];
    });
    const ranked = factFindings(
      input,
      checked.map((c) => c.finding),
    );
    // Over a text, "no kernel image" next to a list that leaves out the GPU is the message this setting causes: the
    // likelier reading than a framework build without the GPU (no signature lists the code yet).
    const noKernel = input.events.some((e) => e.signature === 'no-kernel-image');
    return ranked.map((f, i): RuleFinding => (noKernel && f.rank && checked[i]!.uncovered ? { ...f, rank: { ...f.rank, fit: 2 } } : f));
  },
};

// ---- the lists, as their readers read them -------------------------------------------------------------------

/** One entry of a list: a compute capability ("8.6", "9.0a") with cubins (real) and/or PTX (virtual). */
interface Entry {
  cc: string;
  real: boolean;
  virtual: boolean;
}

interface ParsedList {
  entries: Entry[];
  /** Entries the reader rejects, as written ("" for an empty one). */
  unreadable: string[];
  /** CMake's all / all-major / native, or a false value (OFF: no flags at all): nothing to compare. */
  special: boolean;
}

interface Variable {
  name: 'TORCH_CUDA_ARCH_LIST' | 'CUDAARCHS' | 'CMAKE_CUDA_ARCHITECTURES';
  kind: 'torch' | 'cmake';
  parse(value: string): ParsedList;
}

const VARIABLES: readonly Variable[] = [
  { name: 'TORCH_CUDA_ARCH_LIST', kind: 'torch', parse: parseTorchList },
  // CUDAARCHS initialises CMAKE_CUDA_ARCHITECTURES on a build folder's first configure (CMake >= 3.20,
  // https://cmake.org/cmake/help/latest/envvar/CUDAARCHS.html). CMake does not read CMAKE_CUDA_ARCHITECTURES from the
  // environment; build scripts that forward it (-DCMAKE_CUDA_ARCHITECTURES=$CMAKE_CUDA_ARCHITECTURES) do.
  { name: 'CUDAARCHS', kind: 'cmake', parse: parseCmakeList },
  { name: 'CMAKE_CUDA_ARCHITECTURES', kind: 'cmake', parse: parseCmakeList },
];

/**
 * torch.utils.cpp_extension `_get_cuda_arch_flags` (pytorch/pytorch torch/utils/cpp_extension.py): spaces become ";",
 * named architectures are replaced as substrings (combined names first), the result is split on ";" and every entry
 * must be "X.Y", "X.Ya" or either with "+PTX" — anything else, an empty entry included, raises "Unknown CUDA arch".
 * "X.Y" gives -gencode arch=compute_XY,code=sm_XY; "+PTX" adds code=compute_XY. The names are those of current
 * torch; releases before 2.8 had Blackwell = "10.0;12.0+PTX" and Blackwell+Tegra = "10.1", the same coverage for the
 * GPUs of the catalogue (a 10.0 cubin runs on 10.3, a 12.0 cubin on 12.1).
 */
const NAMED_ARCHES: readonly (readonly [string, string])[] = [
  ['Kepler+Tesla', '3.7'],
  ['Kepler', '3.5+PTX'],
  ['Maxwell+Tegra', '5.3'],
  ['Maxwell', '5.0;5.2+PTX'],
  ['Pascal', '6.0;6.1+PTX'],
  ['Volta+Tegra', '7.2'],
  ['Volta', '7.0+PTX'],
  ['Turing', '7.5+PTX'],
  ['Ampere+Tegra', '8.7'],
  ['Ampere', '8.0;8.6+PTX'],
  ['Ada', '8.9+PTX'],
  ['Hopper', '9.0+PTX'],
  ['Blackwell+Tegra', '11.0'],
  ['Blackwell', '10.0;10.3;12.0;12.1+PTX'],
];

export function parseTorchList(value: string): ParsedList {
  let list = value.replaceAll(' ', ';');
  for (const [name, archs] of NAMED_ARCHES) list = list.replaceAll(name, archs);
  const out: ParsedList = { entries: [], unreadable: [], special: false };
  for (const item of list.split(';')) {
    const e = /^(\d+\.\d[af]?)(\+PTX)?$/.exec(item);
    if (!e) out.unreadable.push(item);
    else out.entries.push({ cc: e[1]!, real: true, virtual: e[2] !== undefined });
  }
  return out;
}

/**
 * CMake CUDA_ARCHITECTURES (https://cmake.org/cmake/help/latest/prop_tgt/CUDA_ARCHITECTURES.html): a ";" list of
 * numbers, "-real" for cubins only, "-virtual" for PTX only, no suffix for both; all, all-major (3.23) and native (3.24)
 * choose for themselves; a false value (OFF) passes no architecture flags at all.
 */
export function parseCmakeList(value: string): ParsedList {
  const items = value.split(';').map((s) => s.trim());
  const special = (s: string) => /^(all|all-major|native)$/i.test(s) || /^(off|0|false|no|n|ignore|notfound|.*-notfound)$/i.test(s);
  if (items.some(special)) return { entries: [], unreadable: [], special: true };
  const out: ParsedList = { entries: [], unreadable: [], special: false };
  for (const item of items) {
    const e = /^(\d+)(\d)([af]?)(?:-(real|virtual))?$/.exec(item);
    if (!e) out.unreadable.push(item);
    else out.entries.push({ cc: `${e[1]}.${e[2]}${e[3]}`, real: e[4] !== 'virtual', virtual: e[4] !== 'real' });
  }
  return out;
}

function archSet(entries: readonly Entry[]): ArchSet {
  return {
    archList: entries.filter((e) => e.real).map((e) => `sm_${e.cc.replace('.', '')}`),
    ptx: entries.filter((e) => e.virtual).map((e) => `compute_${e.cc.replace('.', '')}`),
  };
}

// ---- the check -------------------------------------------------------------------------------------------------

interface Toolkit {
  /** "12.4" */
  cuda: string;
  version: string;
  source: string;
}

function buildToolkit(s: Snapshot): Toolkit | undefined {
  const t = buildToolkitOf(s);
  const version = t ? toolkitVersion(t) : undefined;
  if (!t || !version) return undefined;
  const [maj, min] = versionParts(version);
  const cuda = `${maj}.${min ?? 0}`;
  // A toolkit newer than the table may compile architectures gpuenv does not know of: never claim a gap for it.
  if (!cudaRelease(cuda)) return undefined;
  return { cuda, version, source: t.nvcc?.version?.source ?? t.version?.source ?? 'toolkit' };
}

/** Whether nvcc of CUDA `cuda` compiles for the entry's capability; the knowledge row it rests on. */
function compiles(cuda: string, cc: string): { ok: boolean; row: (typeof ARCH_SUPPORT)[number] | undefined } {
  const sm = `sm_${cc.replace('.', '')}`;
  const row = ARCH_SUPPORT.find((a) => a.arch === sm);
  return { ok: row !== undefined && toolkitSupportsCc(cuda, cc), row };
}

function whyNot(cuda: string, cc: string): string {
  const arch = `sm_${cc.replace('.', '')}`;
  const row = ARCH_SUPPORT.find((a) => a.arch === arch);
  if (!row) return msg('settings.alWhyUnknown', { arch });
  if (row.removedIn && compareVersions(cuda, row.removedIn) >= 0) return msg('settings.alWhyRemoved', { removed: row.removedIn, arch });
  return msg('settings.alWhyNew', { arch, since: row.since });
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function check(input: RuleInput, v: Variable, value: string): { finding: Finding; uncovered: boolean }[] {
  const s = input.snapshot;
  const parsed = v.parse(value);
  if (parsed.special) return [];
  const gpus = distinctCapabilities(s);
  const set = archSet(parsed.entries);
  const cover = gpus.map((g) => ({ g, how: variantCoversCapability(set, g.cc) }));
  const missing = cover.filter((c) => c.how === 'none').map((c) => c.g);
  const ptxOnly = cover.filter((c) => c.how === 'ptx').map((c) => c.g);
  const tk = buildToolkit(s);
  const uncompilable = tk ? [...new Set(parsed.entries.map((e) => e.cc))].filter((cc) => !compiles(tk.cuda, cc).ok) : [];
  if (!missing.length && !ptxOnly.length && !uncompilable.length && !parsed.unreadable.length) return [];

  const shown = value.length > 80 ? `${value.slice(0, 77)}…` : value;
  const base = { name: v.name, value: shown };
  const ccList = (gs: GpuCapability[]) => gs.map((g) => g.cc).join(', ');
  const gpuList = (gs: GpuCapability[]) => [...new Set(gs.map((g) => g.gpu.name))].join(', ');
  const archs = uncompilable.map((cc) => `sm_${cc.replace('.', '')}`).join(', ');
  const causes: string[] = [];
  let severity: Severity = 'info';
  let title = '';
  const worse = (sev: Severity, t: string) => {
    if (!title || SEVERITY_RANK[sev] < SEVERITY_RANK[severity]) {
      severity = sev;
      title = t;
    }
  };
  if (missing.length) {
    const cubins = set.archList.length ? msg('settings.alCubins', { archs: set.archList.join(' ') }) : msg('settings.alNoCubins');
    const ptx = set.ptx.length ? msg('settings.alPtxFor', { archs: set.ptx.join(' ') }) : msg('settings.alNoPtx');
    causes.push(msg('settings.alCauseMissing', { what: `${cubins}${msg('settings.alAnd')}${ptx}`, cc: ccList(missing), gpus: gpuList(missing) }));
    worse('warning', msg('settings.alTitleMissing', { ...base, ccs: ccList(missing), gpus: gpuList(missing) }));
  }
  if (uncompilable.length && tk) {
    causes.push(msg('settings.alCauseToolkit', { cuda: tk.version, archs, why: uncompilable.map((cc) => whyNot(tk.cuda, cc)).join('; ') }));
    worse('warning', msg('settings.alTitleToolkit', { ...base, archs, cuda: tk.cuda }));
  }
  if (parsed.unreadable.length) {
    const entries = parsed.unreadable.map((u) => `"${u}"`).join(', ');
    causes.push(
      v.kind === 'torch'
        ? msg('settings.alCauseUnreadableTorch', { entries, first: parsed.unreadable[0]! })
        : msg('settings.alCauseUnreadableCmake', { entries }),
    );
    worse('warning', msg('settings.alTitleUnreadable', base));
  }
  if (ptxOnly.length) {
    const ptxFor = set.ptx.join(' ');
    causes.push(msg('settings.alCausePtx', { cc: ccList(ptxOnly), gpus: gpuList(ptxOnly), ptxFor }));
    worse('info', msg('settings.alTitlePtx', { ...base, ccs: ccList(ptxOnly), gpus: gpuList(ptxOnly) }));
  }
  if (v.name === 'CMAKE_CUDA_ARCHITECTURES') causes.push(msg('settings.alCauseCmakeEnv'));

  const evidence: Evidence[] = [
    { fact: v.name, value, source: envSource(input, v.name) },
    ...[...missing, ...ptxOnly].map((g) => ({ fact: msg('settings.evGpuCc', { index: g.gpu.index, name: g.gpu.name }), value: g.cc, source: g.source })),
    ...(tk && uncompilable.length ? [{ fact: msg('settings.evBuildNvcc'), value: tk.version, source: tk.source }] : []),
  ];
  // A row is unconfirmed for its first toolkit (the floors before CUDA 10.0); a removal cites the release notes.
  const unconfirmed = uncompilable
    .map((cc) => compiles(tk!.cuda, cc).row)
    .filter((r) => r && r.confirmed === false && !(r.removedIn && compareVersions(tk!.cuda, r.removedIn) >= 0))
    .map((r) => `${r!.arch}: ${noteOf(r) ?? r!.source}`);
  const finding: Finding = {
    code: 'arch-list-mismatch',
    severity,
    title,
    cause: causes.join(' '),
    evidence,
    fix: fixLines(input, v, parsed, gpus, tk, uncompilable, missing.length > 0),
    subject: `env:${v.name}`,
    ...(unconfirmed.length ? { unconfirmed: unconfirmed.join('; ') } : {}),
  };
  return [{ finding, uncovered: missing.length > 0 }];
}

// ---- the fix ---------------------------------------------------------------------------------------------------

const ccKey = (cc: string): number => {
  const [maj, min] = cc.split('.');
  return Number(maj) * 10 + Number.parseInt(min ?? '0', 10);
};

function fixLines(
  input: RuleInput,
  v: Variable,
  parsed: ParsedList,
  gpus: GpuCapability[],
  tk: Toolkit | undefined,
  uncompilable: string[],
  missing: boolean,
): string[] {
  const fix: string[] = [];
  // What the list keeps (what this nvcc can compile) plus this machine's capabilities, ascending.
  const keep = new Set(parsed.entries.map((e) => e.cc).filter((cc) => !uncompilable.includes(cc)));
  for (const g of gpus) {
    if (tk && !compiles(tk.cuda, g.cc).ok) {
      fix.push(msg('settings.alFixNoToolkit', { cuda: tk.cuda, cc: g.cc, min: firstCudaForCc(g.cc) ?? '?' }));
      continue;
    }
    keep.add(g.cc);
  }
  const ccs = [...keep].sort((a, b) => ccKey(a) - ccKey(b) || (a < b ? -1 : 1));
  // PTX of the highest plain capability: arch-specific (9.0a) PTX does not run on any other GPU.
  const ptxOn = [...ccs].reverse().find((cc) => /^\d+\.\d$/.test(cc));
  const list =
    v.kind === 'torch'
      ? ccs.map((cc) => (cc === ptxOn ? `${cc}+PTX` : cc)).join(';')
      : ccs.map((cc) => `${cc.replace('.', '')}${cc === ptxOn ? '' : '-real'}`).join(';');
  const windows = platformOf(input.snapshot) === 'windows';
  if (ccs.length) {
    fix.push(
      missing
        ? msg('settings.alFixExport')
        : uncompilable.length || parsed.unreadable.length
          ? msg('settings.alFixExportDrop')
          : msg('settings.alFixExportPtx'),
    );
    fix.push(windows ? `$env:${v.name}="${list}"` : `export ${v.name}="${list}"`);
    if (v.kind === 'cmake') fix.push(msg('settings.alFixCmakeCache', { list }));
  }
  fix.push(msg('settings.alFixRebuild'));
  if (!windows) {
    fix.push(msg('settings.alFixWhere'), `grep -n ${v.name} ~/.bashrc ~/.bash_profile ~/.profile ~/.zshrc /etc/environment /etc/profile.d/*.sh 2>/dev/null`);
  }
  // `gpuenv arch-list` prints the flags for the GPUs it is given (this machine's when none): a capability is a name it takes.
  if (gpus.length) {
    const here = input.origin !== 'paste';
    fix.push(msg('settings.alFixArchList'), here ? 'gpuenv arch-list --ptx' : `gpuenv arch-list ${gpus.map((g) => `--gpu ${g.cc}`).join(' ')} --ptx`);
  }
  return fix;
}
