// arch-unsupported: a framework's kernels (SASS, or PTX the driver can JIT) must cover every GPU's compute capability.
// The doctor checks the Snapshot's packages; over a text, the messages that name the cause come first and the same
// check confirms them: one finding, each fact once, one wheel to install.
import { FINDING_CODES, SEVERITY_ORDER, type Evidence, type Finding } from '../../findings.js';
import { msg } from './messages.js';
import { msg as installMsg } from '../../install/messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { pipInstall, pipUninstall } from '../../install/python.js';
import { chooseTorch, companionsIn, torchFixLines, torchPipLine, torchSpecs, type TorchChoice } from '../../install/torch.js';
import { ccToSm, cudaDroppingCc, firstCudaForCc, smToCc } from '../../knowledge/cuda.js';
import { signatureById } from '../../knowledge/error-signatures.js';
import { jaxCudaExtra } from '../../knowledge/jax.js';
import { rapidsFloors } from '../../knowledge/rapids.js';
import { tensorflowRelease, tensorflowReleases } from '../../knowledge/tensorflow.js';
import { torchVariant, variantArchSet, variantCoversCapability, type ArchSet } from '../../knowledge/torch.js';
import { compareVersions } from '../../knowledge/version.js';
import { cudaNumber } from '../../parse/framework-logs.js';
import type { ErrorEvent } from '../../parse/types.js';
import { buildToolkitOf, toolkitVersion } from '../../snapshot/cuda-home.js';
import {
  canonicalName,
  cudaTagOf,
  distinctCapabilities,
  driverOf,
  isCpuBuild,
  isFramework,
  isTensorflow,
  managerOf,
  platformOf,
  publicVersion,
  pythonOf,
  type GpuCapability,
} from '../../snapshot/queries.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { archGap, cudaCoversCc, isOldTorch, keplerUnderNccl } from '../arch-gap.js';
import { contextOf, firstWheel, safe, tagOf, type ExplainContext } from '../context.js';
import { driverEvidence, packageEvidence } from '../evidence.js';
import { first, gpuEvidence, has, lineEvidence, pip, torchEvidence, torchLabel } from '../explain-helpers.js';
import { guessFinding } from '../guess.js';
import { codeOrder, eventBase, eventsFor, scoreOf } from '../rank.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';
import { ncclFailureFor } from './nccl-failure.js';
import { noteOf } from '../../knowledge/localized.js';

interface Coverage {
  set: ArchSet;
  source: string;
  unconfirmed?: string;
}

function coverageOf(snapshot: Snapshot, p: PythonPackage): Coverage | undefined {
  if (p.archs && (p.archs.sass.length > 0 || p.archs.ptx.length > 0)) {
    return { set: { archList: p.archs.sass, ptx: p.archs.ptx }, source: p.archs.source };
  }
  const name = canonicalName(p.name);
  if (name === 'torch') {
    const tag = cudaTagOf(p);
    const v = tag ? torchVariant(p.version, tag) : undefined;
    if (!v) return undefined;
    return {
      set: variantArchSet(v, platformOf(snapshot)),
      source: msg('framework.archFromKnowledge', { version: publicVersion(p.version), tag: v.tag, source: v.source ?? 'torch table' }),
      ...(v.confirmed === false
        ? {
            unconfirmed: msg('framework.archTorchUnconfirmed', {
              version: publicVersion(p.version),
              tag: v.tag,
              note: noteOf(v) ?? msg('framework.archUnconfirmedNote'),
            }),
          }
        : {}),
    };
  }
  if (isTensorflow(p)) {
    const r = tensorflowRelease(p.version);
    if (!r?.computeCapabilities) return undefined;
    return {
      set: tfSet(r.computeCapabilities),
      source: msg('framework.archTfSource', { version: r.version, source: r.source }),
      ...(r.unconfirmedFields?.includes('computeCapabilities') || !r.confirmed
        ? { unconfirmed: msg('framework.archTfUnconfirmed', { version: r.version }) }
        : {}),
    };
  }
  const jax = /^jax-cuda(\d+)-plugin$/.exec(canonicalName(p.name));
  if (jax) {
    const extra = jaxCudaExtra(`cuda${jax[1]}`);
    if (!extra) return undefined;
    // The floor is all the docs give: treat it as SASS from the minimum capability up to the newest major.
    return { set: { archList: [], ptx: [`compute_${extra.minComputeCapability.replace('.', '')}`] }, source: extra.source };
  }
  return undefined;
}

function tfSet(ccs: readonly string[]): ArchSet {
  return { archList: ccs.filter((c) => c.startsWith('sm_')), ptx: ccs.filter((c) => c.startsWith('compute_')) };
}

/** One package whose kernels miss a GPU, as the doctor reports it; `choice` is the torch wheel its fix installs. */
export interface ArchCheck {
  finding: Finding;
  pkg: string;
  /** Where the package's arch list comes from (a fatbin read, the torch table row). */
  archSource: string;
  choice?: TorchChoice;
}

/** The Snapshot check: every framework package whose kernels (SASS, or PTX the driver JITs) miss a GPU. */
export function archChecks(snapshot: Snapshot): ArchCheck[] {
  const gpus = distinctCapabilities(snapshot);
  if (gpus.length === 0) return [];
  const out: ArchCheck[] = [];
  for (const env of snapshot.python ?? []) {
    const torchUncovered = new Set<string>();
    for (const p of env.packages ?? []) {
      if (!isFramework(p) || isCpuBuild(p)) continue;
      const name = canonicalName(p.name);
      // torchvision/torchaudio follow torch: one finding for the stack.
      if ((name === 'torchvision' || name === 'torchaudio') && torchUncovered.size > 0) continue;
      const cov = coverageOf(snapshot, p);
      if (!cov) continue;
      const missing = gpus.filter((g) => variantCoversCapability(cov.set, g.cc) === 'none');
      if (missing.length === 0) continue;
      if (name === 'torch') for (const g of missing) torchUncovered.add(g.cc);
      out.push({ ...finding(snapshot, env, p, cov, missing, gpus), pkg: name, archSource: cov.source });
    }
  }
  return out;
}

export const rule: Rule = {
  code: 'arch-unsupported',
  scope: 'environment',
  check(input) {
    const checks = archChecks(input.snapshot);
    if (input.origin === 'machine') return checks.map((c) => c.finding);
    const f = archFromText(input, checks);
    return f ? [f] : [];
  },
};

function finding(
  snapshot: Snapshot,
  env: PythonEnv,
  p: PythonPackage,
  cov: Coverage,
  missing: GpuCapability[],
  all: GpuCapability[],
): { finding: Finding; choice?: TorchChoice } {
  const first = missing[0] as GpuCapability;
  const name = canonicalName(p.name);
  const none = msg('framework.none');
  const vars = {
    pkg: name,
    version: p.version,
    prefix: env.prefix,
    gpu: first.gpu.name,
    cc: first.cc,
    sm: first.sm,
    sass: cov.set.archList.length ? cov.set.archList.join(' ') : none,
    ptx: cov.set.ptx.length ? cov.set.ptx.join(' ') : none,
  };
  const evidence: Evidence[] = [
    packageEvidence(env, p),
    ...missing.map((g) => ({ fact: msg('framework.evGpu', { index: g.gpu.index }), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source })),
    { fact: msg('framework.evArchs', { pkg: name }), value: `${vars.sass}; ${vars.ptx}`, source: cov.source },
  ];
  const d = driverOf(snapshot);
  if (d) evidence.push(...driverEvidence(d, msg('framework.evDriver')));
  let fix: string[];
  let choice: TorchChoice | undefined;
  let unconfirmed = cov.unconfirmed;
  const ccs = all.map((g) => g.cc);
  if (name === 'torch') {
    const t = torchFixLines(snapshot, env, { ccs, preferVersion: publicVersion(p.version) });
    fix = t.lines;
    choice = t.choice;
    unconfirmed = [unconfirmed, t.unconfirmed].filter(Boolean).join('; ') || undefined;
  } else if (isTensorflow(p)) {
    fix = tfFix(env, p, ccs);
  } else if (/^jax-cuda13-plugin$/.test(name)) {
    const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
    fix = [pipUninstall(env, mgr, ['jax-cuda13-plugin', 'jax-cuda13-pjrt']), pipInstall(env, mgr, ['-U', '"jax[cuda12]"'])];
  } else {
    const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
    const archList = [...new Set(missing.map((g) => g.cc))].join(';');
    const args =
      mgr === 'uv'
        ? ['--no-build-isolation', '--reinstall-package', name, '--no-deps', '--no-binary', name, `${name}==${publicVersion(p.version)}`]
        : ['--no-build-isolation', '--no-cache-dir', '--force-reinstall', '--no-deps', '--no-binary', name, `${name}==${publicVersion(p.version)}`];
    fix = [
      `# ${msg('framework.archRebuild', { pkg: name, sm: missing.map((g) => g.sm).join(', ') })}`,
      `TORCH_CUDA_ARCH_LIST="${archList}" ${pipInstall(env, mgr, args)}`,
    ];
  }
  return {
    finding: {
      code: 'arch-unsupported',
      severity: 'error',
      title: msg('framework.archTitle', vars),
      cause: msg('framework.archCause', vars),
      evidence,
      fix,
      subject: env.prefix,
      ...(unconfirmed ? { unconfirmed } : {}),
    },
    ...(choice ? { choice } : {}),
  };
}

/** The newest TensorFlow whose wheels cover every GPU, with its CUDA libraries. */
function tfFix(env: PythonEnv, p: PythonPackage, ccs: string[]): string[] {
  const fits = [...tensorflowReleases()]
    .filter((r) => r.andCudaExtra && r.computeCapabilities && ccs.every((cc) => variantCoversCapability(tfSet(r.computeCapabilities ?? []), cc) !== 'none'))
    .sort((a, b) => compareVersions(b.version, a.version))[0];
  if (!fits)
    return [
      `# ${installMsg('install.torchNone', { sms: ccs.map(ccToSm).join(', '), ccs: ccs.join(';'), python: env.version?.value ?? '?' })}`.replace(
        'PyTorch',
        'TensorFlow',
      ),
    ];
  const minor = fits.version.split('.').slice(0, 2).join('.');
  const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
  return [
    pipInstall(env, mgr, [`"tensorflow[and-cuda]==${minor}.*"`]),
    `${pythonOf(env)} -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"`,
  ];
}

// ---- over a text ----------------------------------------------------------------------------------------------------

const CODE = 'arch-unsupported';

/** What the Snapshot check of torch decided: the text's finding names the same wheel and installs it the same way. */
interface TorchPlan {
  choice: TorchChoice | undefined;
  fix: readonly string[];
  archSource: string;
}

interface FromText {
  finding: Finding;
  fit: number;
  /** The finding installs the torch plan of the check (so the check adds no second plan). */
  planned: boolean;
}

/**
 * A text's one finding: the cause its messages name, else a gap the facts show (a GPU older than every kernel of the
 * named build, NCCL on a Kepler), else the Snapshot check; the check of the same facts confirms a named cause and adds
 * only the facts the finding does not state yet.
 */
function archFromText(input: RuleInput, checks: readonly ArchCheck[]): RuleFinding | undefined {
  const ctx = contextOf(input);
  const events = eventsFor(input, CODE);
  const torch = checks.find((c) => c.pkg === 'torch');
  const plan: TorchPlan | undefined = torch ? { choice: torch.choice, fix: torch.finding.fix, archSource: torch.archSource } : undefined;
  let mine: (RuleFinding & { planned?: boolean }) | undefined;
  if (events.length) {
    const r = fromMessages(ctx, events, plan);
    if (r && r.fit > 0) mine = { ...named(input, events, r), planned: r.planned };
  }
  if (!mine && archGap(ctx)) {
    const r = fromMessages(ctx, [], plan);
    if (r && r.fit > 0) mine = { ...r.finding, planned: r.planned, rank: { events: [], fit: Math.max(r.fit, 1.2), prior: 0.5, phase: 2, index: 0 } };
  }
  mine = underNccl(ctx, input, mine, plan);
  for (const c of checks) {
    if (!mine) {
      mine = {
        ...c.finding,
        evidence: [...c.finding.evidence],
        fix: [...c.finding.fix],
        rank: { events: [], fit: 1, phase: 3, index: SEVERITY_ORDER.error * 100 + FINDING_CODES.indexOf(CODE) },
      };
      continue;
    }
    const rank = mine.rank ?? { events: [], fit: 1, phase: 3 as const, index: 0 };
    mine.rank = { ...rank, confirmations: (rank.confirmations ?? 0) + 1 };
    confirm(mine, c, mine.planned === true && c.pkg === 'torch');
  }
  if (!mine) return guessFinding(input, CODE);
  const { planned: _planned, ...out } = mine;
  return out;
}

/** A cause a message names, ranked from its events; a signature row that is not confirmed is said so. */
function named(input: RuleInput, events: readonly ErrorEvent[], r: FromText): RuleFinding {
  const { event } = eventBase(events, CODE);
  const sig = event ? signatureById(event.signature) : undefined;
  const unconfirmed = sig && !sig.confirmed ? explainersMsg('unconfirmedSignature', { id: sig.id }) : undefined;
  return { ...r.finding, ...(unconfirmed ? { unconfirmed } : {}), rank: { events, fit: r.fit, phase: 0, index: codeOrder(input.events).indexOf(CODE) } };
}

/**
 * The facts of a check the finding does not state yet: the same GPU, package version or driver is one line, and the
 * package's arch list is the one line the finding has. Its commands only when they are not the plan already installed.
 */
function confirm(mine: Finding, c: ArchCheck, planned: boolean): void {
  const hasArchs = mine.evidence.some((x) => x.fact === explainersMsg('evArchs'));
  for (const e of c.finding.evidence) {
    if (e.source === c.archSource && e.fact === msg('framework.evArchs', { pkg: c.pkg })) {
      if (!(c.pkg === 'torch' && hasArchs)) mine.evidence.push(e);
      continue;
    }
    if (mine.evidence.some((x) => x.value === e.value || x.value.startsWith(`${e.value} `))) continue;
    mine.evidence.push(e);
  }
  if (c.finding.unconfirmed && !mine.unconfirmed?.includes(c.finding.unconfirmed)) {
    mine.unconfirmed = [mine.unconfirmed, c.finding.unconfirmed].filter(Boolean).join('; ');
  }
  if (planned) return;
  for (const line of c.finding.fix) if (!mine.fix.includes(line)) mine.fix.push(line);
}

/**
 * NCCL fails on a Kepler (or older) GPU that no named torch release still covers: the architecture is the cause, ranked
 * just above the NCCL finding the same messages give.
 */
function underNccl(ctx: ExplainContext, input: RuleInput, mine: (RuleFinding & { planned?: boolean }) | undefined, plan: TorchPlan | undefined) {
  if (!keplerUnderNccl(ctx)) return mine;
  const nccl = ncclFailureFor(input);
  if (!nccl || nccl.fit <= 0) return mine;
  const ncclEvents = nccl.events;
  const r = fromMessages(ctx, ncclEvents, plan);
  if (!r || r.fit <= 0) return mine;
  const ncclScore = scoreOf({ events: ncclEvents, fit: nccl.fit, phase: 0, index: 0 }, 'nccl-failure', nccl.finding.severity);
  const prev = mine?.rank ? scoreOf(mine.rank, CODE, mine.severity) : 0;
  const at = mine?.rank ?? { phase: 2 as const, index: 1 };
  return {
    ...r.finding,
    planned: r.planned,
    rank: { events: ncclEvents, fit: r.fit, fixed: Math.max(prev, ncclScore + 0.1), phase: at.phase, index: at.index },
  };
}

/** The GPU's compute capability against what the messages and facts say the build has, and the wheel that covers it. */
function fromMessages(ctx: ExplainContext, events: ErrorEvent[], plan: TorchPlan | undefined): FromText | undefined {
  const g = ctx.gpus[0];
  const t = ctx.torch;
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx), ...torchEvidence(ctx)];
  const gpuNamed = g ? ` (${g.gpu.name}: ${g.sm})` : '';
  const made = (fit: number, title: string, cause: string, ev: Evidence[], fix: string[], planned = false): FromText => ({
    fit,
    planned,
    finding: { code: CODE, severity: 'error', title, cause, evidence: ev, fix },
  });
  // Libraries with an architecture floor of their own: the answer is the floor, not a torch wheel.
  if (has(events, 'flash-attn-ampere') && !(g && Number(g.cc) >= 8)) {
    return made(2, explainersMsg('archFlashTitle', { gpu: gpuNamed }), explainersMsg('archFlashCause', { gpu: gpuNamed }), evidence, [
      `pip uninstall -y flash-attn   # ${msg('toolkits.fxFlashUninstall')}`,
      `# transformers: AutoModel…from_pretrained(…, attn_implementation="sdpa")   # ${msg('toolkits.fxFlashSdpa')}`,
      `nvidia-smi --query-gpu=name,compute_cap --format=csv   # ${msg('toolkits.fxFlashCap')}`,
    ]);
  }
  // bf16 needs compute capability 8.0: the model's dtype, not the build, is what to change.
  const bf16 = first(events, 'bf16-min-cc');
  if (bf16) {
    const vars = { gpu: bf16.groups.gpu ?? g?.gpu.name ?? 'GPU', cc: bf16.groups.cc ?? g?.cc ?? '?', min: bf16.groups.min ?? '8.0' };
    return made(2, explainersMsg('archBf16Title', vars), explainersMsg('archBf16Cause', vars), evidence, [
      `vllm serve <model> --dtype half   # ${msg('toolkits.fxBf16Half')}`,
      'nvidia-smi --query-gpu=name,compute_cap --format=csv',
    ]);
  }
  // ptxas that does not know the GPU's architecture: new GPUs need a newer ptxas (Triton bundles its own).
  const ptxas = first(events, 'ptxas-arch-not-defined', 'nvcc-unsupported-arch');
  if (ptxas?.groups.arch) {
    const arch = ptxas.groups.arch;
    const base = arch.replace(/[af]$/, '').replace(/^compute_/, 'sm_');
    const cc = /^sm_\d{2,3}$/.test(base) ? smToCc(base) : undefined;
    const firstCuda = cc ? firstCudaForCc(cc) : undefined;
    // Old architectures (sm_30 after CUDA 11 dropped it) are the toolkit's doing: toolkit-mismatch / multiple-toolkits say so.
    const isNew = Number(arch.replace(/\D/g, '').slice(0, 3)) >= 75 && !!firstCuda;
    const triton = /triton/i.test(ptxas.text) || has(ctx.events, 'triton-context');
    const tk = buildToolkitOf(ctx.snapshot);
    const nvcc = tk ? toolkitVersion(tk) : undefined;
    const vars = { arch, first: firstCuda ?? '?', tool: ptxas.signature === 'nvcc-unsupported-arch' ? 'nvcc' : 'ptxas', have: nvcc ? ` (CUDA ${nvcc})` : '' };
    // nvcc's own message is first a toolkit-mismatch (rules/toolkit-mismatch.ts); this names the GPU side.
    const fit = !isNew ? 0.3 : ptxas.signature === 'nvcc-unsupported-arch' ? 1.2 : 2;
    return made(
      fit,
      explainersMsg('archPtxasTitle', vars),
      explainersMsg('archPtxasCause', vars) + (triton ? ` ${explainersMsg('archPtxasTriton', vars)}` : ''),
      evidence,
      [
        ...(triton
          ? [
              `export TRITON_PTXAS_PATH=/usr/local/cuda/bin/ptxas   # ${msg('toolkits.fxTritonPtxas', { first: vars.first })}`,
              `pip install -U triton   # ${msg('toolkits.fxTritonUpgrade', { arch })}`,
            ]
          : []),
        `/usr/local/cuda/bin/ptxas --version   # ${msg('toolkits.fxPtxasKnows', { first: vars.first, arch })}`,
        'which -a ptxas nvcc',
      ],
    );
  }
  const rapids = first(events, 'rapids-ptx-missing');
  if (rapids) {
    const floor = rapidsFloors();
    const vars = { gpu: gpuNamed, old: floor.old, now: floor.now, last: floor.lastOld, first: floor.firstNow };
    return made(
      g && Number(g.cc) >= 7 ? 0.8 : 2,
      explainersMsg('archRapidsTitle', vars),
      explainersMsg('archRapidsCause', vars),
      [...evidence, { fact: 'RAPIDS', value: `>= ${floor.old} (<= ${floor.lastOld}), >= ${floor.now} (${floor.firstNow}+)`, source: floor.source }],
      [
        'nvidia-smi --query-gpu=name,compute_cap --format=csv',
        `# ${msg('toolkits.fxRapidsPin', { old: floor.old, upto: (Number(floor.now) - 0.1).toFixed(1), last: floor.lastOld })}`,
        `# ${msg('toolkits.fxRapidsCpu')}`,
      ],
    );
  }
  if (!g) {
    return made(1, explainersMsg('archTitleNoGpu'), explainersMsg('archCauseNoGpu'), evidence, [
      `# ${explainersMsg('archCheck')}`,
      'nvidia-smi --query-gpu=name,compute_cap --format=csv',
      'python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_arch_list())"',
    ]);
  }
  let archs = ctx.facts.torchArchList?.value;
  let archSource = ctx.facts.torchArchList?.source;
  let ptx: readonly string[] = [];
  if (!archs && t?.tag && t.version !== '?') {
    const v = torchVariant(t.version, t.tag);
    if (v) {
      const set = variantArchSet(v, platformOf(ctx.snapshot));
      archs = [...set.archList];
      ptx = set.ptx;
      archSource = plan?.archSource ?? 'gpuenv torch table';
    }
  }
  const covered = archs ? archs.includes(g.sm) || ptx.some((p) => Number(p.replace('compute_', '')) <= Number(g.sm.replace('sm_', ''))) : undefined;
  // The build has this GPU's kernels: the image that is missing belongs to an extension or another CUDA library, and
  // another torch wheel would change nothing. Said as such, not as "torch has no kernels".
  // Starts a sentence in the title and the cause; a package name ("torch 2.5.1+cu124") stays lower-case.
  const build = torchLabel(ctx) ?? explainersMsg('archBuildUnknown');
  // SASS only: PTX that a newer GPU could JIT is not proof (torch refuses sm_120 with a compute_90 PTX build), nor is
  // an arch list when torch itself says the GPU is not compatible.
  if (archs?.includes(g.sm) && !has(events, 'torch-sm-not-compatible')) {
    const vars = { build, gpu: g.gpu.name, cc: g.cc, sm: g.sm, archs: archs.join(' ') + (ptx.length ? ` + ${ptx.join(' ')}` : '') };
    return made(
      0.6,
      explainersMsg('archCoveredTitle', vars),
      explainersMsg('archCoveredCause', vars),
      [...evidence, { fact: explainersMsg('evArchs'), value: vars.archs, source: archSource ?? 'gpuenv torch table' }],
      [
        `python -c "import torch; print(torch.cuda.get_arch_list())"   # ${explainersMsg('archCoveredCheck', { sm: g.sm })}`,
        `cuobjdump --list-elf <extension>.so | grep -c ${g.sm}   # ${explainersMsg('archCoveredElf', { sm: g.sm })}`,
        `# ${explainersMsg('archExt', { cc: g.cc })}`,
        `TORCH_CUDA_ARCH_LIST="${g.cc}" pip install --no-build-isolation --force-reinstall --no-cache-dir <extension>`,
      ],
    );
  }
  const exclude = t?.tag ? [t.tag] : undefined;
  // One wheel: the one the check of the installed torch picked (and installs), else the one for these GPUs and driver.
  const choice = plan
    ? undefined
    : safe(
        () =>
          chooseTorch({
            ccs: ctx.gpus.map((x) => x.cc),
            driver: ctx.driver,
            python: ctx.env?.version?.value ?? null,
            platform: platformOf(ctx.snapshot),
            ...(t && t.version !== '?' ? { preferVersion: t.version } : {}),
            ...(exclude ? { exclude } : {}),
          }),
        {},
      );
  const c = plan ? plan.choice : (choice?.choice ?? choice?.withNewerDriver);
  const needsDriver = plan ? c?.support === 'no' : !choice?.choice;
  const firstCover = c ? firstWheel(ctx, exclude) : undefined;
  const firstText =
    firstCover && firstCover.variant.tag !== c?.variant.tag
      ? ` ${explainersMsg('archFirst', { tag: firstCover.variant.tag, version: firstCover.release.version, cuda: firstCover.variant.cuda, sm: g.sm, floor: firstCover.driverFloor ?? '?' })}`
      : '';
  const wheel = c
    ? (needsDriver
        ? explainersMsg('archWheelDriver', { cuda: c.variant.cuda, tag: c.variant.tag, version: c.release.version, sm: g.sm, floor: c.driverFloor ?? '?' })
        : explainersMsg('archWheel', { tag: c.variant.tag, version: c.release.version, cuda: c.variant.cuda, sm: g.sm, floor: c.driverFloor ?? '?' })) +
      firstText
    : explainersMsg('archNone', { sm: g.sm, cc: g.cc });
  // The build's CUDA predates the GPU: no build of that CUDA can have its kernels (CUDA 10.2 and sm_80).
  // Old torch says it itself: "requires CUDA_VERSION >= 9000 … compiled with CUDA_VERSION 8000".
  const req = first(events, 'torch-requires-cuda-version')?.groups;
  const buildCuda = t?.cuda ?? (req?.have ? cudaNumber(req.have) : undefined);
  const tooOld = buildCuda && cudaCoversCc(buildCuda, g.cc) === false ? ((req?.need ? cudaNumber(req.need) : undefined) ?? firstCudaForCc(g.cc)) : undefined;
  const oldFloor = t && t.version !== '?' && isOldTorch(t.version) ? explainersMsg('archOldFloor') : undefined;
  // Newer than the GPU's last CUDA (CUDA 12.x and sm_37) is the opposite case from older than its first.
  const dropped = tooOld && buildCuda && compareVersions(buildCuda, tooOld) >= 0 ? cudaDroppingCc(g.cc) : undefined;
  const cudaSentence = dropped
    ? explainersMsg('archCudaDropped', { cuda: buildCuda ?? '?', sm: g.sm, dropped })
    : tooOld && buildCuda
      ? explainersMsg('archCudaTooOld', { cuda: buildCuda, sm: g.sm, first: tooOld })
      : '';
  const cause =
    (cudaSentence ? `${cudaSentence} ` : '') +
    explainersMsg(archs?.length || oldFloor ? 'archCause' : 'archCauseNoList', {
      gpu: g.gpu.name,
      cc: g.cc,
      sm: g.sm,
      build,
      archs: archs?.length ? `${archs[0]} … ${archs[archs.length - 1]}` : (oldFloor ?? explainersMsg('unknown')),
      ptx: ptx.length ? ` (PTX ${ptx.join(' ')})` : '',
      wheel,
    });
  const fix: string[] = [];
  // torchvision/torchaudio kept in the environment are pinned along: another torch release breaks them at import.
  const companions = companionsIn(ctx.env);
  if (plan) fix.push(...plan.fix);
  else if (c) {
    if (needsDriver && c.driverFloor) fix.push(`# ${explainersMsg('drvUpgrade', { floor: c.driverFloor })}`);
    fix.push(pip(['--force-reinstall', ...torchSpecs(c.release, companions), '--index-url', c.variant.indexUrl].join(' ')));
  }
  if (c && firstCover && firstText) {
    fix.push(
      `# ${explainersMsg('archFirstFix', { tag: firstCover.variant.tag, floor: firstCover.driverFloor ?? '?' })}`,
      pip(['--force-reinstall', ...torchSpecs(firstCover.release, companions), '--index-url', firstCover.variant.indexUrl].join(' ')),
    );
  }
  fix.push(`# ${explainersMsg('archExt', { cc: g.cc })}`);
  if (events.some((e) => e.signature.startsWith('nccl'))) {
    const sm = g.sm.replace('sm_', '');
    fix.push(
      `# ${explainersMsg('archNccl', { sm: g.sm })}`,
      `make -j src.build NVCC_GENCODE="-gencode=arch=compute_${sm},code=sm_${sm}"   # ${msg('toolkits.fxNcclSource')}`,
    );
  }
  const suggested = first(ctx.events, 'torch-suggests-cuda')?.groups.cuda?.trim().replace(/\s+/g, ' ');
  if (suggested) {
    const tags = suggested
      .split(' ')
      .filter((v) => /^\d{1,2}\.\d$/.test(v))
      .map(tagOf);
    evidence.push({
      fact: explainersMsg('evTorchSuggests'),
      value: `CUDA ${suggested}${tags.length ? ` (${tags.join(', ')})` : ''}`,
      source: 'pasted:error message',
    });
    // The first of the CUDA versions torch names that PyTorch publishes a build of, as a real build of the table.
    const python = ctx.env?.version?.value ?? null;
    const line = tags
      .map((tag) =>
        torchPipLine({ tag, python, platform: platformOf(ctx.snapshot) }, { force: true, note: explainersMsg('archTorchSays', { cuda: suggested }) }),
      )
      .find((l) => l !== undefined);
    if (line) fix.unshift(line);
  }
  const minCc = first(ctx.events, 'torch-min-cc')?.groups.min;
  if (minCc) evidence.push({ fact: explainersMsg('evMinCc'), value: minCc, source: 'pasted:error message' });
  const range = first(ctx.events, 'torch-cc-range')?.groups;
  if (range?.min && range.max) evidence.push({ fact: explainersMsg('evCcRange'), value: `${range.min} – ${range.max}`, source: 'pasted:error message' });
  if (archs)
    evidence.push({
      fact: explainersMsg('evArchs'),
      value: archs.join(' ') + (ptx.length ? ` + ${ptx.join(' ')}` : ''),
      source: archSource ?? 'gpuenv torch table',
    });
  // Facts that refute: the build covers this GPU (then an extension is the culprit).
  const fit = covered === false ? 2 : covered === true ? 0.6 : 1.2;
  return made(fit, explainersMsg('archTitle', { build, gpu: g.gpu.name, sm: g.sm }), cause, evidence, fix, plan !== undefined);
}
