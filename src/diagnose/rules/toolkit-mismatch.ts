// toolkit-mismatch: the toolkit a CUDA extension build would use (snapshot/cuda-home.ts: what torch.utils.cpp_extension
// finds — CUDA_HOME, else the folder above the nvcc first on PATH, else /usr/local/cuda) against the CUDA torch was built
// with: flash-attn, xformers, apex and DeepSpeed ops builds fail or mismatch. Over a text, what nvcc and the build's own
// checks said (another CUDA than torch's, an architecture or a gcc this nvcc does not know) comes first, and the same
// check of the facts confirms it: one finding, one toolkit to point builds at.
import { condaCudaAvailable } from '../../install/conda-cuda.js';
import { FINDING_CODES, SEVERITY_ORDER, type Evidence, type Finding } from '../../findings.js';
import { cudaRelease, firstCudaForCc, smToCc } from '../../knowledge/cuda.js';
import { signatureById } from '../../knowledge/error-signatures.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { companionsIn, torchPipLine } from '../../install/torch.js';
import type { ErrorEvent } from '../../parse/types.js';
import { buildToolkitOf, cudaHomeOf, toolkitVersion, type CudaHome } from '../../snapshot/cuda-home.js';
import { cudaToolkitInstallLines } from '../../install/system.js';
import { buildCudaOf, findPackage, isCpuBuild, platformOf } from '../../snapshot/queries.js';
import type { PythonEnv, PythonPackage, Snapshot, Toolkit } from '../../snapshot/types.js';
import { cudaCoversCc } from '../arch-gap.js';
import { contextOf, driverMaxCuda, type ExplainContext } from '../context.js';
import { packageEvidence } from '../evidence.js';
import { first, gpuEvidence, has, lineEvidence, torchEvidence } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { guessFinding } from '../guess.js';
import { namedCuda } from '../named-cuda.js';
import { codeOrder, eventBase, eventsFor } from '../rank.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';

const CODE = 'toolkit-mismatch';
const mm = (v: string) => versionParts(v).slice(0, 2).join('.');

export const rule: Rule = {
  code: CODE,
  scope: 'environment',
  check(input) {
    const checks = toolkitChecks(input.snapshot, input.origin === 'paste');
    if (input.origin === 'machine') return checks.map((c) => c.finding);
    const f = fromText(input, checks);
    return f ? [f] : [];
  },
};

// ---- the Snapshot check ---------------------------------------------------------------------------------------------

/** One environment whose torch the build toolkit does not match, and the CUDA its fix points builds at. */
interface ToolkitCheck {
  finding: Finding;
  /** torch's CUDA ("12.4"): the toolkit the fix installs or switches to. */
  cuda: string;
}

/**
 * Every environment whose torch was built with another CUDA than the toolkit a build would use, or whose builds would
 * take a CUDA_HOME that is no toolkit. `pasted`: a paste names toolkits by version, not by folder, so the nvcc it shows
 * stands for the build's toolkit.
 */
export function toolkitChecks(snapshot: Snapshot, pasted = false): ToolkitCheck[] {
  const home = cudaHomeOf(snapshot);
  if (!home) return [];
  const t = home.toolkit ?? (pasted ? buildToolkitOf(snapshot) : undefined);
  const out: ToolkitCheck[] = [];
  for (const env of snapshot.python ?? []) {
    const torch = findPackage(env, 'torch');
    if (!torch || isCpuBuild(torch)) continue;
    const cuda = buildCudaOf(torch);
    if (!cuda) continue;
    if (!t) {
      if (!pasted) out.push({ finding: notAToolkit(snapshot, home, env, torch, cuda), cuda });
      continue;
    }
    const tk = toolkitVersion(t);
    if (!tk || mm(cuda) === mm(tk)) continue;
    out.push({ finding: mismatch(snapshot, home, t, tk, env, torch, cuda), cuda });
  }
  return out;
}

function howFound(home: CudaHome): { how: string; source: string } {
  if (home.via === 'CUDA_HOME') return { how: msg('framework.tkHowCudaHome'), source: 'env:CUDA_HOME' };
  if (home.via === 'CUDA_PATH') return { how: msg('toolkits.tkHowCudaPath'), source: 'env:CUDA_PATH' };
  if (home.via === 'nvcc') return { how: msg('framework.tkHowPath'), source: 'env:PATH' };
  return { how: msg('framework.tkHowSymlink'), source: 'file:/usr/local/cuda' };
}

function mismatch(snapshot: Snapshot, home: CudaHome, t: Toolkit, tk: string, env: PythonEnv, torch: PythonPackage, cuda: string): Finding {
  const { how, source } = howFound(home);
  const major = versionParts(cuda)[0] !== versionParts(tk)[0];
  const vars = { tk: mm(tk), tversion: torch.version, cuda: mm(cuda), how, path: t.path, prefix: env.prefix };
  // CUDA_HOME picks the build toolkit while PATH's nvcc (what `nvcc -V` shows) is another: the title names the variable.
  const onPath = home.via === 'CUDA_HOME' || home.via === 'CUDA_PATH' ? snapshot.toolkits.find((k) => k.active.path && k !== t) : undefined;
  const pathV = onPath ? toolkitVersion(onPath) : undefined;
  const shown = onPath && pathV && mm(pathV) !== mm(tk) ? { t: onPath, v: pathV } : undefined;
  return {
    code: CODE,
    severity: 'warning',
    title: shown ? msg('toolkits.tkTitleHome', { ...vars, var: home.via }) : msg('framework.tkTitle', vars),
    cause: major ? msg('framework.tkCauseMajor', vars) : msg('framework.tkCauseMinor', vars),
    evidence: [
      packageEvidence(env, torch),
      { fact: msg('framework.evToolkit'), value: `${t.path} (${tk})`, source: t.nvcc?.version?.source ?? t.version?.source ?? source },
      ...(shown
        ? [
            {
              fact: msg('toolkits.evNvccOnPath'),
              value: `${home.nvccOnPath ?? shown.t.nvcc?.path ?? shown.t.path} → ${shown.t.path} (${shown.v})`,
              source: 'env:PATH',
            },
          ]
        : []),
    ],
    fix: [...pointBuildsAt(snapshot, env, cuda), 'nvcc --version'],
    subject: env.prefix,
  };
}

/** Builds would take a CUDA_HOME with no toolkit in it: a wrapper nvcc's parent folder, or a CUDA_HOME set to another place. */
function notAToolkit(snapshot: Snapshot, home: CudaHome, env: PythonEnv, torch: PythonPackage, cuda: string): Finding {
  const nvccTk = snapshot.toolkits.find((t) => t.active.path);
  const vars = {
    path: home.path,
    nvcc: home.nvccOnPath ?? 'nvcc',
    real: nvccTk?.nvcc?.path ?? nvccTk?.path ?? '?',
    via: home.via,
    tversion: torch.version,
    cuda: mm(cuda),
    prefix: env.prefix,
  };
  const evidence: Evidence[] = [
    packageEvidence(env, torch),
    {
      fact: msg('toolkits.evCudaHome'),
      value: home.path,
      source: home.via === 'nvcc' ? 'env:PATH' : home.via === 'symlink' ? 'file:/usr/local/cuda' : `env:${home.via}`,
    },
  ];
  if (home.nvccOnPath && nvccTk) {
    const v = toolkitVersion(nvccTk);
    evidence.push({
      fact: msg('toolkits.evNvccOnPath'),
      value: `${home.nvccOnPath} → ${nvccTk.path}${v ? ` (${v})` : ''}`,
      source: nvccTk.nvcc?.version?.source ?? 'env:PATH',
    });
  }
  return {
    code: CODE,
    severity: 'warning',
    title: msg('toolkits.tkHomeNotToolkitTitle', vars),
    cause: home.via === 'nvcc' && nvccTk ? msg('toolkits.tkHomeFromNvccCause', vars) : msg('toolkits.tkHomeNotToolkitCause', vars),
    evidence,
    fix: [...pointBuildsAt(snapshot, env, cuda), 'nvcc --version'],
    subject: env.prefix,
  };
}

/** CUDA_HOME and PATH on the installed toolkit of this CUDA, else the install of one (this distribution's package). */
function pointBuildsAt(snapshot: Snapshot, env: PythonEnv, cuda: string): string[] {
  const vars = { cuda: mm(cuda) };
  const match = (snapshot.toolkits ?? []).find((t) => {
    const v = toolkitVersion(t);
    return v && mm(v) === mm(cuda);
  });
  if (match) return [`# ${msg('framework.tkFixSwitch', vars)}`, `export CUDA_HOME=${match.path}`, 'export PATH=$CUDA_HOME/bin:$PATH'];
  // The toolkit package of this OS (apt / dnf / zypper, WSL-Ubuntu, the Windows installer): src/install/system.ts.
  const fix = [`# ${msg('framework.tkFixInstall', vars)}`, ...cudaToolkitInstallLines(snapshot, mm(cuda))];
  fix.push(`export CUDA_HOME=/usr/local/cuda-${mm(cuda)}`, 'export PATH=$CUDA_HOME/bin:$PATH');
  if (env.kind === 'conda' && condaCudaAvailable('cuda-toolkit', mm(cuda))) {
    const full = cudaRelease(mm(cuda))?.minor ?? mm(cuda);
    fix.push(`# ${msg('framework.tkFixConda')}`, `conda install -p ${env.prefix} -c nvidia cuda-toolkit=${full}`, `export CUDA_HOME=${env.prefix}`);
  }
  return fix;
}

// ---- over a text ----------------------------------------------------------------------------------------------------

/** The finding a text's messages name, and whether its fix is the check's plan (then the check adds no second one). */
interface FromText {
  finding: Finding;
  fit: number;
  /** The torch CUDA whose toolkit the fix points builds at, when it does. */
  plans?: string;
}

function fromText(input: RuleInput, checks: readonly ToolkitCheck[]): RuleFinding | undefined {
  const ctx = contextOf(input);
  const events = eventsFor(input, CODE);
  let mine: RuleFinding | undefined;
  let plans: string | undefined;
  if (events.length) {
    const r = fromMessages(ctx, events, checks[0]);
    if (r && r.fit > 0) {
      const { event } = eventBase(events, CODE);
      const sig = event ? signatureById(event.signature) : undefined;
      const unconfirmed = sig && !sig.confirmed ? explainersMsg('unconfirmedSignature', { id: sig.id }) : undefined;
      mine = { ...r.finding, ...(unconfirmed ? { unconfirmed } : {}), rank: { events, fit: r.fit, phase: 0, index: codeOrder(input.events).indexOf(CODE) } };
      plans = r.plans;
    }
  }
  for (const c of [...checks].sort((a, b) => SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity])) {
    if (!mine) {
      mine = {
        ...c.finding,
        evidence: [...c.finding.evidence],
        fix: [...c.finding.fix],
        rank: { events: [], fit: 1, phase: 3, index: SEVERITY_ORDER[c.finding.severity] * 100 + FINDING_CODES.indexOf(CODE) },
      };
      plans = c.cuda;
      continue;
    }
    const rank = mine.rank ?? { events: [], fit: 1, phase: 3 as const, index: 0 };
    mine.rank = { ...rank, confirmations: (rank.confirmations ?? 0) + 1 };
    // One toolkit to point builds at: a finding that already sets CUDA_HOME keeps its plan.
    confirm(mine, c, plans === c.cuda || mine.fix.some((l) => l.startsWith('export CUDA_HOME=')));
  }
  mine ??= guessFinding(input, CODE);
  if (mine) namedCuda(mine, input);
  return mine;
}

/**
 * The facts of a check the finding does not state yet — the build toolkit is one line however it was read, a package
 * version one line — and its commands only when the finding does not already point builds at the same toolkit.
 */
function confirm(mine: Finding, c: ToolkitCheck, planned: boolean): void {
  const nvccLine = mine.evidence.find((x) => x.fact === explainersMsg('evNvcc'));
  for (const e of c.finding.evidence) {
    if (e.fact === msg('framework.evToolkit') && nvccLine && mm(/\(([\d.]+)\)$/.exec(e.value)?.[1] ?? '') === mm(nvccLine.value)) continue;
    if (mine.evidence.some((x) => x.value === e.value || x.value.startsWith(`${e.value} `))) continue;
    mine.evidence.push(e);
  }
  if (planned) return;
  for (const line of c.finding.fix) if (!mine.fix.includes(line)) mine.fix.push(line);
}

/** What nvcc, the build's version check or the loader said, against the toolkit the facts show and torch's CUDA. */
function fromMessages(ctx: ExplainContext, events: ErrorEvent[], check: ToolkitCheck | undefined): FromText | undefined {
  const evidence = [...lineEvidence(events)];
  const build = buildToolkitOf(ctx.snapshot);
  const nvcc = build ? toolkitVersion(build) : undefined;
  const nvccSource = build?.nvcc?.version?.source ?? build?.version?.source ?? 'pasted';
  const made = (fit: number, severity: Finding['severity'], title: string, cause: string, ev: Evidence[], fix: string[], plans?: string): FromText => ({
    fit,
    finding: { code: CODE, severity, title, cause, evidence: ev, fix },
    ...(plans ? { plans } : {}),
  });
  const archEvent = first(events, 'nvcc-unsupported-arch');
  if (archEvent?.groups.arch) {
    const arch = archEvent.groups.arch.replace(/[af]$/, '');
    const cc = smToCc(arch.replace('compute_', 'sm_'));
    const min = firstCudaForCc(cc) ?? '?';
    const vars = { arch, cc, min, nvcc: nvcc ?? explainersMsg('unknown') };
    if (nvcc) evidence.push({ fact: explainersMsg('evNvcc'), value: nvcc, source: nvccSource });
    // The CUDA named in the paste does support the architecture: the nvcc that ran is another, older one.
    if (nvcc && cudaCoversCc(mm(nvcc), cc) === true) {
      return made(1.5, 'error', explainersMsg('tkArchOtherTitle', vars), explainersMsg('tkArchOtherCause', vars), evidence, [
        `which -a nvcc; nvcc --version; echo "CUDA_HOME=$CUDA_HOME"   # ${msg('toolkits.fxNvccFirst')}`,
        `export CUDA_HOME=/usr/local/cuda-${mm(nvcc)}`,
        'export PATH=$CUDA_HOME/bin:$PATH',
        'hash -r; nvcc --version',
      ]);
    }
    // torch's CUDA builds the architecture too: one toolkit for both, the one the check of torch points at.
    if (check && cudaCoversCc(mm(check.cuda), cc) === true) {
      return made(
        1.5,
        'error',
        explainersMsg('tkArchTitle', vars),
        explainersMsg('tkArchCause', vars),
        evidence,
        [`# ${msg('toolkits.tkArchTorchCuda', { min, arch, cuda: mm(check.cuda) })}`, ...check.finding.fix],
        check.cuda,
      );
    }
    return made(1.5, 'error', explainersMsg('tkArchTitle', vars), explainersMsg('tkArchCause', vars), evidence, [
      `# CUDA >= ${min}`,
      `export CUDA_HOME=/usr/local/cuda-${min}`,
      'export PATH=$CUDA_HOME/bin:$PATH',
      'nvcc --version',
    ]);
  }
  const gccEvent = first(events, 'nvcc-unsupported-gcc');
  if (gccEvent) {
    const gcc = gccEvent.groups.gcc ?? '?';
    if (nvcc) evidence.push({ fact: explainersMsg('evNvcc'), value: nvcc, source: nvccSource });
    return made(1.6, 'error', explainersMsg('tkGccTitle', { gcc }), explainersMsg('tkGccCause', { gcc }), evidence, [
      `sudo apt-get install -y gcc-${gcc} g++-${gcc}`,
      `export NVCC_CCBIN=/usr/bin/g++-${gcc} CC=gcc-${gcc} CXX=g++-${gcc}`,
      'nvcc --version; gcc --version',
      `# ${msg('toolkits.fxGccNewerCuda')}`,
    ]);
  }
  const torchCuda = ctx.torch?.cuda;
  const det = first(events, 'detected-cuda-mismatch', 'installed-cuda-not-torch', 'ext-cuda-mismatch-warning', 'ext-cuda-mismatch-cut');
  const nv = det?.groups.nvcc ?? nvcc;
  // The check cut before it names torch's CUDA: a plain pip torch is its release's default PyPI build (an inference).
  const tc = det?.groups.torch ?? torchCuda ?? (det ? ctx.torch?.pypiCuda : undefined);
  // The check of torch points builds at the same CUDA: its commands (this machine's toolkits, distribution, env) are the plan.
  const plan = check && tc && mm(check.cuda) === mm(tc) ? check : undefined;
  if (has(events, 'cuda-home-not-set')) {
    const want = tc ?? '12.x';
    evidence.push(...torchEvidence(ctx));
    const fix = plan
      ? [...plan.finding.fix]
      : [
          condaCudaAvailable('cuda-nvcc', want) || want === '12.x'
            ? `# CUDA ${want}: conda install -c nvidia cuda-nvcc=${want} / ${msg('toolkits.fxOrRunfile')}`
            : `# CUDA ${want}: ${msg('toolkits.fxOrRunfile')}`,
          `export CUDA_HOME=/usr/local/cuda-${want}`,
          'export PATH=$CUDA_HOME/bin:$PATH',
          'nvcc --version',
        ];
    return made(1.3, 'error', explainersMsg('tkHomeTitle'), explainersMsg('tkHomeCause', { torch: want }), evidence, fix, plan?.cuda);
  }
  // Without a message saying they differ, the facts must: nvcc 13.0.88 and torch's 13.0 are one CUDA release.
  if (nv && tc && (det || mm(nv) !== mm(tc))) {
    const vars = { nvcc: nv, torch: tc };
    evidence.push(
      { fact: explainersMsg('evNvcc'), value: nv, source: det ? 'pasted:error message' : nvccSource },
      { fact: 'torch.version.cuda', value: tc, source: ctx.torch?.pkg.location ?? 'pasted:error message' },
    );
    const majorsDiffer = versionParts(nv)[0] !== versionParts(tc)[0];
    // A torch built with nvcc's CUDA major and no newer minor (extensions must match torch's major): the real build
    // nearest to it, never a "cu" + nvcc tag that PyTorch may not publish (cu122, cu123 …); none: no such line.
    const driverMax = driverMaxCuda(ctx.driver);
    const cap = driverMax && compareVersions(driverMax, nv) < 0 ? driverMax : nv;
    const line = torchPipLine(
      { major: versionParts(nv)[0]!, maxCuda: cap, python: ctx.env?.version?.value ?? null, platform: platformOf(ctx.snapshot) },
      { companions: companionsIn(ctx.env) },
    );
    const other = line ? [`# ${msg('toolkits.fxOr', { cmd: line })}`] : [];
    const fix = plan
      ? [...plan.finding.fix, ...other]
      : [
          condaCudaAvailable('cuda-nvcc', tc)
            ? `conda install -c nvidia cuda-nvcc=${tc} cuda-cudart-dev=${tc}   # ${msg('toolkits.fxOrToolkit', { cuda: tc })}`
            : `# ${msg('toolkits.fxInstallToolkit', { cuda: tc })}`,
          `export CUDA_HOME=/usr/local/cuda-${tc}`,
          'export PATH=$CUDA_HOME/bin:$PATH',
          ...other,
        ];
    return made(det ? 2 : majorsDiffer ? 1.3 : 0.5, 'error', explainersMsg('tkTitle', vars), explainersMsg('tkCause', vars), evidence, fix, plan?.cuda);
  }
  // The check names torch's CUDA but the nvcc version is cut off or not pasted: still the same cause.
  if (det && tc) {
    const vars = { torch: tc };
    evidence.push({ fact: 'torch.version.cuda', value: tc, source: ctx.torch?.pkg.location ?? 'pasted:error message' });
    return made(1.5, 'error', explainersMsg('tkTitleNoNvcc', vars), explainersMsg('tkCauseNoNvcc', vars), evidence, [
      `nvcc --version; echo $CUDA_HOME   # ${msg('toolkits.fxBuildToolkit')}`,
      `export CUDA_HOME=/usr/local/cuda-${tc}   # ${condaCudaAvailable('cuda-nvcc', tc) ? msg('toolkits.fxInstallFirst', { cuda: tc }) : msg('toolkits.fxInstallToolkit', { cuda: tc })}`,
      'export PATH=$CUDA_HOME/bin:$PATH',
      `# ${msg('toolkits.fxTorchForNvcc', { cmd: 'pip install torch --index-url https://download.pytorch.org/whl/cu<nvcc>' })}`,
    ]);
  }
  // With torch known, arch-unsupported speaks of its build and, when that covers the GPU, of the extension.
  if (has(events, 'no-kernel-image') && !ctx.torch) {
    const g = ctx.gpus[0];
    return made(
      0.7,
      'warning',
      explainersMsg('tkExtTitle'),
      explainersMsg('archExt', { cc: g?.cc ?? '<cc>' }),
      [...evidence, ...gpuEvidence(ctx)],
      [`TORCH_CUDA_ARCH_LIST="${g?.cc ?? '<cc>'}" pip install --no-build-isolation --force-reinstall --no-cache-dir <extension>`],
    );
  }
  return undefined;
}
