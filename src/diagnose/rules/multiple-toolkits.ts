// multiple-toolkits: PATH's nvcc, CUDA_HOME, /usr/local/cuda and LD_LIBRARY_PATH point at different toolkits.
// The fix is the seed's 3.2 exports, computed for this machine and agreeing on one toolkit. Over a text: the toolkits
// it names by place (/usr/local/cuda-X.Y, an `ls` row, the /usr/local/cuda link, conda's cudatoolkit, the HPC SDK's
// cuda/X.Y) and the nvcc that answers — two or more, with nvcc or the link on one of them, is the "wrong nvcc /
// wrong CUDA_HOME" pattern.
import { condaCudaAvailable } from '../../install/conda-cuda.js';
import { compareVersions } from '../../knowledge/version.js';
import type { ErrorEvent, ToolkitMention } from '../../parse/types.js';
import { cudaHomeOf } from '../../snapshot/cuda-home.js';
import { buildCudaOf, findPackage, isCpuBuild } from '../../snapshot/queries.js';
import type { Snapshot, Toolkit } from '../../snapshot/types.js';
import { packageEvidence } from '../evidence.js';
import type { Evidence, Finding } from '../../findings.js';
import { FINDING_CODES, SEVERITY_ORDER } from '../../findings.js';
import { signatureById } from '../../knowledge/error-signatures.js';
import { contextOf, type ExplainContext } from '../context.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { guessFinding } from '../guess.js';
import { namedCuda } from '../named-cuda.js';
import { codeOrder, eventBase, eventsFor } from '../rank.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';
import { isUnder, withoutEntries } from '../system-facts.js';

const CODE = 'multiple-toolkits';

const short = (t: Toolkit): string => {
  const v = t.version?.value ?? t.nvcc?.version?.value ?? '?';
  return v.split('.').slice(0, 2).join('.');
};
const fullVersion = (t: Toolkit): string => t.version?.value ?? t.nvcc?.version?.value ?? '0';
const roots = (t: Toolkit): string[] => [t.path, ...t.aliases];
const owns = (t: Toolkit, p: string): boolean => roots(t).some((r) => isUnder(p, r));

export const rule: Rule = {
  code: CODE,
  scope: 'environment',
  check(input) {
    // A paste names toolkits by version, without their folders, PATH entries or links: the text side reads them.
    const checks = input.origin === 'paste' ? [] : toolkitCheck(input.snapshot);
    if (input.origin === 'machine') return checks;
    const f = fromText(input, checks);
    return f ? [f] : [];
  },
};

/**
 * The Snapshot check: the settings that pick a toolkit point at different ones. When CUDA_HOME (or CUDA_PATH) and the
 * first nvcc on PATH are toolkits of two versions, that split is the cause named: build systems take different ones
 * (torch.utils.cpp_extension reads CUDA_HOME, CMake and Make the nvcc on PATH). The toolkit they should agree on is
 * the one a framework here was built with when it is installed; toolkit-mismatch says when the build toolkit is not.
 */
export function toolkitCheck(s: Snapshot): Finding[] {
  if (s.toolkits.length < 2) return [];
  const active = s.toolkits.filter((t) => t.active.path || t.active.cudaHome || t.active.symlink || t.active.ldLibraryPath);
  if (active.length < 2) return [];
  const pathDirs = (s.env.PATH ?? '').split(':');
  const ldDirs = (s.env.LD_LIBRARY_PATH ?? '').split(':');
  const parts: Array<{ kind: 'path' | 'home' | 'link' | 'ld'; text: string; toolkit: Toolkit }> = [];
  const evidence: Evidence[] = [];
  const nvccDir = (t: Toolkit) => pathDirs.find((d) => owns(t, d)) ?? `${t.path}/bin`;
  const homeVar = s.env.CUDA_HOME ? 'CUDA_HOME' : 'CUDA_PATH';
  const homeValue = s.env.CUDA_HOME ?? s.env.CUDA_PATH ?? '';
  for (const t of active) {
    const v = short(t);
    if (t.active.path) {
      const dir = nvccDir(t);
      parts.push({ kind: 'path', text: msg('system.mtPartPath', { v, path: `${dir}/nvcc` }), toolkit: t });
      evidence.push({ fact: 'PATH', value: `${dir}/nvcc → ${t.path} (${fullVersion(t)})`, source: t.nvcc?.version?.source ?? 'env:PATH' });
    }
    if (t.active.cudaHome) {
      parts.push({ kind: 'home', text: msg('system.mtPartCudaHome', { v, path: homeValue || t.path }), toolkit: t });
      evidence.push({ fact: homeVar, value: `${homeValue} → ${t.path} (${fullVersion(t)})`, source: `env:${homeVar}` });
    }
    if (t.active.symlink) {
      parts.push({ kind: 'link', text: msg('system.mtPartSymlink', { v }), toolkit: t });
      evidence.push({ fact: '/usr/local/cuda', value: `→ ${t.path}`, source: 'file:/usr/local/cuda' });
    }
    if (t.active.ldLibraryPath) {
      const dir = ldDirs.find((d) => owns(t, d)) ?? `${t.path}/lib64`;
      parts.push({ kind: 'ld', text: msg('system.mtPartLd', { v, path: dir }), toolkit: t });
      evidence.push({ fact: msg('system.evLdLibraryPath'), value: `${dir} → ${t.path}`, source: 'env:LD_LIBRARY_PATH' });
    }
  }
  const split = pathHomeSplit(s);
  const framework = frameworkToolkit(s);
  if (framework) evidence.push({ fact: framework.fact, value: framework.version, source: framework.source });
  const bySymlink = s.toolkits.find((t) => t.active.symlink);
  const newest = [...s.toolkits].sort((a, b) => compareVersions(fullVersion(b), fullVersion(a)))[0]!;
  const target = framework?.toolkit ?? split?.home ?? bySymlink ?? newest;
  const v = short(target);
  const why = framework
    ? msg('toolkits.mtWhyFramework', { pkg: framework.label })
    : split
      ? msg('toolkits.mtWhyHome', { var: homeVar })
      : bySymlink
        ? msg('system.mtWhySymlink')
        : msg('system.mtWhyNewest');
  const exports = exportsFor(s, target, target.active.symlink);
  if (!split) {
    return [
      {
        code: 'multiple-toolkits',
        severity: 'warning',
        title: msg('system.mtTitle', { summary: active.map(short).join(' vs ') }),
        cause: msg('system.mtCause', { parts: parts.map((p) => p.text).join('; ') }),
        evidence,
        fix: [msg('system.mtFixWhy', { v, why }), ...exports, msg('system.mtFixPersist', { v })],
        subject: target.path,
      } satisfies Finding,
    ];
  }
  const vars = { var: homeVar, homeV: short(split.home), pathV: short(split.nvcc) };
  // CUDA_HOME alone points away from the toolkit torch was built with, which PATH already has: that is toolkit-mismatch's
  // one cause (its finding names PATH's nvcc too), and its fix is the same.
  if (framework?.toolkit === split.nvcc && !parts.some((p) => (p.kind === 'link' || p.kind === 'ld') && p.toolkit !== target)) return [];
  return [
    {
      code: 'multiple-toolkits',
      severity: 'warning',
      title: msg('toolkits.mtSplitTitle', vars),
      cause: `${msg('system.mtCause', { parts: parts.map((p) => p.text).join('; ') })} ${homeVar === 'CUDA_PATH' ? msg('toolkits.mtSplitBuildsCudaPath', vars) : msg('toolkits.mtSplitBuilds', vars)}`,
      evidence,
      fix: [msg('system.mtFixWhy', { v, why }), ...exports, 'hash -r; nvcc -V', `# ${msg('toolkits.mtFixCmake')}`, msg('system.mtFixPersist', { v })],
      subject: target.path,
    } satisfies Finding,
  ];
}

/** CUDA_HOME (or CUDA_PATH) and the first nvcc on PATH are toolkits of two versions (snapshot/cuda-home.ts: torch's order). */
function pathHomeSplit(s: Snapshot): { home: Toolkit; nvcc: Toolkit } | undefined {
  const home = cudaHomeOf(s);
  if (!home?.toolkit || (home.via !== 'CUDA_HOME' && home.via !== 'CUDA_PATH')) return undefined;
  const nvcc = s.toolkits.find((t) => t.active.path);
  if (!nvcc || nvcc === home.toolkit || short(nvcc) === short(home.toolkit)) return undefined;
  return { home: home.toolkit, nvcc };
}

/** The installed toolkit of the CUDA a framework here was built with (the active environment's torch first). */
function frameworkToolkit(s: Snapshot): { toolkit: Toolkit; label: string; fact: string; version: string; source: string } | undefined {
  const envs = [...(s.python ?? [])].sort((a, b) => Number(b.active) - Number(a.active));
  for (const env of envs) {
    const torch = findPackage(env, 'torch');
    if (!torch || isCpuBuild(torch)) continue;
    const cuda = buildCudaOf(torch);
    const t = cuda ? s.toolkits.find((k) => short(k) === mm(cuda)) : undefined;
    if (t && cuda) {
      const e = packageEvidence(env, torch);
      return { toolkit: t, label: `torch ${torch.version}`, fact: e.fact, version: e.value, source: e.source };
    }
  }
  return undefined;
}

/** The exports that make PATH, CUDA_HOME and LD_LIBRARY_PATH agree on one toolkit, other toolkits' folders dropped. */
export function exportsFor(s: Snapshot, target: Toolkit, viaSymlink: boolean): string[] {
  const home = viaSymlink ? '/usr/local/cuda' : target.path;
  const others = s.toolkits.filter((t) => t !== target);
  const foreign = (d: string): boolean => others.some((t) => owns(t, d)) || owns(target, d);
  const path = withoutEntries(s.env.PATH ?? '/usr/bin:/bin', foreign);
  const ld = withoutEntries(s.env.LD_LIBRARY_PATH ?? '', foreign);
  return [`export CUDA_HOME=${home}`, `export PATH=${home}/bin${path ? `:${path}` : ''}`, `export LD_LIBRARY_PATH=${home}/lib64${ld ? `:${ld}` : ''}`];
}

// ---- over a text ----------------------------------------------------------------------------------------------------

const WHERE: Record<string, string> = {
  'pasted:path': '/usr/local/cuda-{v}',
  'pasted:listing': '/usr/local/cuda-{v}',
  'pasted:link': '/usr/local/cuda → cuda-{v}',
  'pasted:conda': 'conda cudatoolkit {v}',
  'pasted:hpc-sdk': 'HPC SDK cuda/{v}',
  'pasted:windows-path': 'CUDA\\v{v}',
  'pasted:nvcc': 'nvcc {v}',
  'pasted:image': 'image nvidia/cuda:{v}',
};

/** Where a named toolkit lives: its nvcc path when the paste shows it, else the kind of mention. */
const place = (n: ToolkitMention) => (n.path ? `${n.path} → ${n.value}` : (WHERE[n.source] ?? '{v}').replace('{v}', n.value));
/** Mentions that say a toolkit is installed somewhere (not an alternative someone tried with conda, not an image). */
const INSTALLED = new Set(['pasted:path', 'pasted:listing', 'pasted:link', 'pasted:hpc-sdk', 'pasted:windows-path', 'pasted:nvcc']);
const mm = (v: string) => v.split('.').slice(0, 2).join('.');

/**
 * A text's one finding: the cause a message names (the HPC SDK's missing CUDA, ptxas of another toolkit), else the
 * toolkits the text names in two versions (a cause the facts establish alone), else the Snapshot check of this machine
 * (`explain --here`), which confirms it and adds only what the finding does not state.
 */
function fromText(input: RuleInput, checks: readonly Finding[]): RuleFinding | undefined {
  const ctx = contextOf(input);
  const events = eventsFor(input, CODE);
  let mine: RuleFinding | undefined;
  const r = events.length ? namedToolkits(ctx, events) : undefined;
  if (r && r.fit > 0) {
    const { event } = eventBase(events, CODE);
    const sig = event ? signatureById(event.signature) : undefined;
    const unconfirmed = sig && !sig.confirmed ? explainersMsg('unconfirmedSignature', { id: sig.id }) : undefined;
    mine = { ...r.finding, ...(unconfirmed ? { unconfirmed } : {}), rank: { events, fit: r.fit, phase: 0, index: codeOrder(input.events).indexOf(CODE) } };
  } else {
    // Facts alone rank below a cause a message names (a signature of weight 1 scores 1 × fit).
    const f = namedToolkits(ctx, []);
    if (f && f.fit > 0) mine = { ...f.finding, rank: { events: [], fit: f.fit, prior: 0.4, phase: 1, index: 0 } };
  }
  for (const c of checks) {
    if (!mine) {
      mine = {
        ...c,
        evidence: [...c.evidence],
        fix: [...c.fix],
        rank: { events: [], fit: 1, phase: 3, index: SEVERITY_ORDER[c.severity] * 100 + FINDING_CODES.indexOf(CODE) },
      };
      continue;
    }
    const rank = mine.rank ?? { events: [], fit: 1, phase: 3 as const, index: 0 };
    mine.rank = { ...rank, confirmations: (rank.confirmations ?? 0) + 1 };
    for (const e of c.evidence) if (!mine.evidence.some((x) => x.value === e.value)) mine.evidence.push(e);
    // One toolkit to agree on: a finding that already sets CUDA_HOME keeps its own exports.
    if (!mine.fix.some((l) => l.startsWith('export CUDA_HOME='))) for (const line of c.fix) if (!mine.fix.includes(line)) mine.fix.push(line);
  }
  mine ??= guessFinding(input, CODE);
  if (mine) namedCuda(mine, input);
  return mine;
}

/** The toolkits a text names, in two or more versions, and which one answers; or the HPC SDK's missing CUDA. */
function namedToolkits(ctx: ExplainContext, events: ErrorEvent[]): { finding: Finding; fit: number } | undefined {
  const hpc = events.find((e) => e.signature === 'hpc-sdk-cuda-missing');
  const named: ToolkitMention[] = ctx.facts.toolkitMentions.filter((n) => n.source !== 'pasted:image' && n.source !== 'pasted:prose');
  for (const t of ctx.snapshot.toolkits) {
    const v = t.nvcc?.version?.value ?? t.version?.value;
    if (v && (t.nvcc?.version || /nvcc/.test(t.version?.source ?? '')) && !named.some((n) => n.source === 'pasted:nvcc' && n.value === mm(v)))
      named.push({ value: mm(v), source: 'pasted:nvcc' });
  }
  const versions = [...new Set(named.map((n) => mm(n.value)))].sort(compareVersions);
  // Two versions, at least one of them installed somewhere (conda alternatives alone are a question, not a setup).
  if (!hpc && (versions.length < 2 || !named.some((n) => INSTALLED.has(n.source)))) return undefined;
  const nvcc = named.find((n) => n.source === 'pasted:nvcc')?.value;
  const link = named.find((n) => n.source === 'pasted:link')?.value;
  const conda = named.find((n) => n.source === 'pasted:conda')?.value;
  const places = versions.map((v) => {
    const where = [...new Set(named.filter((n) => mm(n.value) === v).map(place))];
    return `${v} (${where.join(', ')})`;
  });
  const active = nvcc ?? link;
  const other = versions.find((v) => v !== active) ?? versions[0] ?? '<version>';
  const parts = [explainersMsg('mtpCause', { list: places.join('; '), active: active ? explainersMsg('mtpActive', { v: active }) : '' })];
  if (conda && nvcc && conda !== nvcc) parts.push(explainersMsg('mtpConda', { conda, nvcc }));
  if (hpc) parts.push(explainersMsg('mtpHpc', { cuda: hpc.groups.cuda ?? '?' }));
  const evidence: Evidence[] = [
    ...events
      .slice(0, 2)
      .map((e) => ({ fact: explainersMsg('evLine', { line: e.line }), value: e.text.slice(0, 300), source: `pasted (signature ${e.signature})` })),
    ...named.slice(0, 6).map((n) => ({ fact: explainersMsg('evToolkitNamed'), value: place(n), source: n.source })),
  ];
  // nvcc shown at two paths: put the other one's bin folder first on PATH.
  const paths = named.filter((n) => n.path);
  const firstPath = paths[0];
  const alt = paths.find((n) => n.path !== firstPath?.path && n.value !== firstPath?.value);
  const fix = [
    ...(alt?.path
      ? [
          `export PATH=${alt.path.replace(/\/nvcc$/, '')}:$PATH   # ${msg('toolkits.fxPathFirst', { v: alt.value, now: firstPath?.path ?? '?', nowV: firstPath?.value ?? '?' })}`,
        ]
      : []),
    'which -a nvcc; ls -ld /usr/local/cuda*; echo "CUDA_HOME=$CUDA_HOME"',
    `export CUDA_HOME=/usr/local/cuda-${other}   # ${explainersMsg('mtpPick', { list: versions.join(', ') })}`,
    'export PATH=$CUDA_HOME/bin:$PATH LD_LIBRARY_PATH=$CUDA_HOME/lib64:$LD_LIBRARY_PATH',
    'nvcc --version',
    `# ${explainersMsg('mtpPersist', { v: other })}`,
  ];
  if (conda && condaCudaAvailable('cuda-nvcc', conda)) fix.push(`conda install -c nvidia cuda-nvcc=${conda}   # ${explainersMsg('mtpCondaFix')}`);
  if (hpc) fix.push(`# ${msg('toolkits.fxHpc', { v: versions.find((v) => v !== hpc.groups.cuda) ?? 'X.Y' })}`);
  const finding: Finding = {
    code: CODE,
    severity: 'warning',
    title: explainersMsg('mtpTitle', { list: versions.join(' vs ') || (hpc?.groups.cuda ?? '') }),
    cause: parts.join(' '),
    evidence,
    fix,
  };
  return { fit: hpc ? 1.8 : active ? 1.4 : 1, finding };
}
