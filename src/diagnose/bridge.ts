// Transitional: folds a code's explainer (the paste side, diagnose/explainers/) into its Snapshot rule, so each code
// has one producer while the explainers are moved into the rule files family by family. Reproduces the ranking the
// explain engine used (a cause named by a message, then facts alone, then a Snapshot check that confirms it).
import { FINDING_CODES, SEVERITY_ORDER, type Finding, type FindingCode } from '../findings.js';
import { toolkitSupportsCc } from '../knowledge/cuda.js';
import { signatureById } from '../knowledge/error-signatures.js';
import { torchReleases, torchVariant, variantArchSet, variantCoversCapability } from '../knowledge/torch.js';
import { versionParts } from '../knowledge/version.js';
import { platformOf } from '../snapshot/queries.js';
import type { Snapshot } from '../snapshot/types.js';
import { contextOf, type ExplainContext } from './context.js';
import { EXPLAINERS, condaNoSuchBuild, driverBelowNamedCuda, gpuMemoryHeld, tfCpuNextToGpu, tfWindowsExplained, wslFromFacts, type Explainer } from './explainers/explainers.js';
import { em } from './explainers/messages.js';
import { onnxruntimeFromFacts } from './explainers/onnxruntime.js';
import { guessFinding } from './guess.js';
import { namedCuda } from './named-cuda.js';
import { codeOrder, eventBase, eventsFor, scoreOf } from './rank.js';
import type { Rule, RuleFinding, RuleInput, RuleScope, SnapshotRule } from './types.js';

/** A cause from facts alone ranks below one a message names (a signature of weight 1 scores 1 × fit). */
const FACT_WEIGHT = 0.4;
const FACT_FIRST: readonly [FindingCode, Explainer][] = [
  ['multiple-toolkits', (ctx, events) => EXPLAINERS['multiple-toolkits']?.(ctx, events)],
  ['cpu-only-build', tfWindowsExplained],
  ['library-shadowing', (ctx, events) => EXPLAINERS['library-shadowing']?.(ctx, events)],
  ['cpu-only-build', tfCpuNextToGpu],
  ['cpu-only-build', condaNoSuchBuild],
  ['out-of-memory', gpuMemoryHeld],
  ['wsl', wslFromFacts],
  ['framework-cuda-mismatch', onnxruntimeFromFacts],
  ['driver-too-old', driverBelowNamedCuda],
];

/** In WSL there is no nvidia kernel module: module, Secure Boot and nouveau findings would send the user to dkms/modprobe/mokutil. */
const BARE_METAL = new Set<FindingCode>(['driver-not-loaded', 'secure-boot', 'nouveau']);

/** One Rule for a code: its Snapshot checks and its explainer. */
export function bridge(code: FindingCode, scope: RuleScope, parts: readonly SnapshotRule[]): Rule {
  const machine = (s: Snapshot): Finding[] => parts.flatMap((p) => p.check(s));
  return {
    code,
    scope,
    check(input) {
      if (input.origin === 'machine') return machine(input.snapshot);
      const mine = fromText(code, input, machine);
      return mine ? [mine] : [];
    },
  };
}

function fromText(code: FindingCode, input: RuleInput, machine: (s: Snapshot) => Finding[]): RuleFinding | undefined {
  const ctx = contextOf(input);
  let mine: RuleFinding | undefined;
  const events = eventsFor(input, code);
  const explainer = EXPLAINERS[code];
  if (events.length && explainer) {
    const r = explainer(ctx, events);
    if (r && r.fit > 0) {
      const { event } = eventBase(events, code);
      const sig = event ? signatureById(event.signature) : undefined;
      const unconfirmed = sig && !sig.confirmed ? em('unconfirmedSignature', { id: sig.id }) : undefined;
      mine = { ...r.finding, ...(unconfirmed ? { unconfirmed } : {}), rank: { events, fit: r.fit, phase: 0, index: codeOrder(input.events).indexOf(code) } };
    }
  }
  if (!mine) {
    FACT_FIRST.some(([c, explain], i) => {
      if (c !== code) return false;
      const r = explain(ctx, []);
      if (!r || r.fit <= 0) return false;
      mine = { ...r.finding, rank: { events: [], fit: r.fit, prior: FACT_WEIGHT, phase: 1, index: i } };
      return true;
    });
  }
  if (code === 'arch-unsupported') mine = archFromFacts(ctx, input, mine);
  const wsl = input.snapshot.os.wsl?.value === true;
  // Most severe first (the doctor's order), so the finding a check adds to is its strongest.
  const raw = wsl && BARE_METAL.has(code) ? [] : machine(input.snapshot).sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  for (const r of raw) {
    const f = input.origin === 'paste' ? pastedOnly(r, input.snapshot) : r;
    if (mine) {
      // Same cause seen by a check of the facts: one finding, with the check's facts and commands added.
      const rank = mine.rank ?? { events: [], fit: 1, phase: 3 as const, index: 0 };
      mine.rank = { ...rank, confirmations: (rank.confirmations ?? 0) + 1 };
      for (const e of f.evidence) if (!mine.evidence.some((x) => x.fact === e.fact && x.value === e.value)) mine.evidence.push(e);
      for (const line of f.fix) if (!mine.fix.includes(line)) mine.fix.push(line);
      continue;
    }
    mine = { ...f, evidence: [...f.evidence], fix: [...f.fix], rank: { events: [], fit: 1, phase: 3, index: SEVERITY_ORDER[f.severity] * 100 + FINDING_CODES.indexOf(code) } };
  }
  if (!mine) mine = guessFinding(input, code);
  if (mine) namedCuda(mine, input);
  return mine;
}

/**
 * No message names the architecture, but the facts show a gap (a GPU older than every kernel of the named build), or
 * NCCL fails on a Kepler (or older) GPU that no named torch release still covers: the architecture first.
 */
function archFromFacts(ctx: ExplainContext, input: RuleInput, mine: RuleFinding | undefined): RuleFinding | undefined {
  const explain = EXPLAINERS['arch-unsupported'];
  if (!explain) return mine;
  if (!mine && archGap(ctx)) {
    const r = explain(ctx, []);
    if (r && r.fit > 0) mine = { ...r.finding, rank: { events: [], fit: Math.max(r.fit, 1.2), prior: 0.5, phase: 2, index: 0 } };
  }
  const ncclEvents = eventsFor(input, 'nccl-failure');
  const nccl = ncclEvents.length ? EXPLAINERS['nccl-failure']?.(ctx, ncclEvents) : undefined;
  if (nccl && nccl.fit > 0 && keplerUnderNccl(ctx)) {
    const r = explain(ctx, ncclEvents);
    if (r && r.fit > 0) {
      const ncclScore = scoreOf({ events: ncclEvents, fit: nccl.fit, phase: 0, index: 0 }, 'nccl-failure', nccl.finding.severity);
      const prev = mine?.rank ? scoreOf(mine.rank, 'arch-unsupported', mine.severity) : 0;
      const at = mine?.rank ?? { phase: 2 as const, index: 1 };
      mine = { ...r.finding, rank: { events: ncclEvents, fit: r.fit, fixed: Math.max(prev, ncclScore + 0.1), phase: at.phase, index: at.index } };
    }
  }
  return mine;
}

/**
 * The pasted GPU has no kernels in the pasted build: a Fermi (sm_2x) GPU, which no CUDA >= 9.0 build covers; a build
 * whose CUDA predates the GPU (10.2 and sm_80); a GPU older than the oldest architecture of the torch release (the
 * torch table's arch lists; 1.3–1.12 shipped sm_37 and newer — PyTorch dropped sm_35 in 1.3:
 * https://github.com/pytorch/pytorch/issues/30532, soumith in pytorch/pytorch#24205); or, with only a wheel tag
 * named ("torch (cu128)"), no release's build of that tag covering it.
 */
function archGap(ctx: ExplainContext): boolean {
  const g = ctx.gpus[0];
  const t = ctx.torch;
  if (!g) return false;
  const cc = Number(g.cc);
  if (!Number.isFinite(cc)) return false;
  // Fermi and older (sm_2x): CUDA 9.0 dropped them, so no framework build of the last years has their kernels.
  if (cc < 3) return true;
  if (!t || t.cpuOnly) return false;
  // The build's CUDA predates the GPU (torch 1.5 for CUDA 10.2 on an A100, sm_80 arrived with CUDA 11.0).
  if (t.cuda && !safeSupports(t.cuda, g.cc)) return true;
  if (t.version === '?') {
    // Only the wheel tag is named ("torch (cu128)"): a gap when no release's build of that tag covers the GPU.
    if (!t.tag) return false;
    const builds = torchReleases().flatMap((r) => r.cudaVariants.filter((v) => v.tag === t.tag));
    return builds.length > 0 && builds.every((v) => variantCoversCapability(variantArchSet(v, platformOf(ctx.snapshot)), g.cc) === 'none');
  }
  const [major, minor] = versionParts(t.version);
  if (major === 1 && minor !== undefined && minor >= 3 && minor <= 12) return cc < 3.7;
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
function keplerUnderNccl(ctx: ExplainContext): boolean {
  const g = ctx.gpus[0];
  if (!g || !(Number(g.cc) < 5)) return false;
  const t = ctx.torch;
  return !t || t.version === '?' || archGap(ctx);
}

function safeSupports(cuda: string, cc: string): boolean {
  try {
    return toolkitSupportsCc(cuda, cc);
  } catch {
    return true;
  }
}

/**
 * A rule finding over a paste alone: the paste not showing a GPU is not "no GPU here" — this machine was not
 * looked at (that is `--here`). Such a cause is reworded to what the paste does show.
 */
function pastedOnly(f: Finding, snapshot: Snapshot): Finding {
  if (f.code === 'cpu-only-build' && snapshot.gpus.length === 0 && f.severity === 'info') {
    return { ...f, severity: 'warning', cause: em('cpuCausePasted', { title: f.title }) };
  }
  return f;
}
