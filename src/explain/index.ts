// `explain`: pasted text → the doctor's rules over the partial facts + error-event explainers → ranked, deduplicated Findings.
import { runRules } from '../diagnose/index.js';
import type { Finding, FindingCode, Rule } from '../diagnose/types.js';
import { signatureById } from '../knowledge/error-signatures.js';
import { parsePaste, type ParsedPaste } from '../parse/index.js';
import type { ErrorEvent } from '../parse/types.js';
import type { Snapshot } from '../snapshot/types.js';
import { makeContext, type ExplainContext } from './context.js';
import { platformOf } from '../diagnose/framework.js';
import { torchReleases, torchVariant, variantArchSet, variantCoversCapability } from '../knowledge/torch.js';
import { versionParts } from '../knowledge/version.js';
import { toolkitSupportsCc } from '../knowledge/cuda.js';
import { EXPLAINERS, condaNoSuchBuild, driverBelowNamedCuda, gpuMemoryHeld, tfCpuNextToGpu, tfWindowsExplained, wslFromFacts, type Explainer } from './explainers.js';
import { em } from './messages.js';
import { guessesFromCues } from './fallback.js';
import { onnxruntimeFromFacts } from './onnxruntime.js';
import { snapshotFromFacts } from './snapshot.js';

export interface RankedFinding extends Finding {
  /** Higher is more likely the root cause; findings are sorted by it. */
  score: number;
}

export interface Explanation {
  parsed: ParsedPaste;
  snapshot: Snapshot;
  findings: RankedFinding[];
  ruleErrors: { code: string; message: string }[];
}

export interface ExplainOptions {
  rules?: readonly Rule[];
  /** This machine's Snapshot (`--here`): its facts win over the paste's. */
  here?: Snapshot;
}

const RANK_WEIGHT = [1, 0.6, 0.45, 0.35];
const RULE_SCORE = { error: 0.55, warning: 0.25, info: 0.1 } as const;

export async function explainText(input: Uint8Array | string, options: ExplainOptions = {}): Promise<Explanation> {
  const rules = options.rules ?? (await import('../diagnose/rules/index.js')).RULES;
  return explainParsed(parsePaste(input), rules, options.here);
}

export function explainParsed(parsed: ParsedPaste, rules: readonly Rule[], here?: Snapshot): Explanation {
  const snapshot = snapshotFromFacts(parsed.facts, here);
  const ctx = makeContext(snapshot, parsed.facts, parsed.events, parsed.trouble);
  const byCode = new Map<FindingCode, { events: ErrorEvent[]; base: number; unconfirmed?: string }>();
  for (const e of parsed.events) {
    const sig = signatureById(e.signature);
    if (!sig) continue;
    sig.causes.forEach((c, i) => {
      const base = sig.weight * (RANK_WEIGHT[i] ?? 0.3);
      const cur = byCode.get(c.code) ?? { events: [], base: 0 };
      cur.events.push(e);
      if (base > cur.base) {
        cur.base = base;
        cur.unconfirmed = sig.confirmed ? undefined : em('unconfirmedSignature', { id: sig.id });
      }
      byCode.set(c.code, cur);
    });
  }
  const out = new Map<FindingCode, RankedFinding>();
  const ruleErrors: Explanation['ruleErrors'] = [];
  for (const [code, { events, base, unconfirmed }] of byCode) {
    const explainer = EXPLAINERS[code];
    if (!explainer) continue;
    try {
      const r = explainer(ctx, events);
      if (!r || r.fit <= 0) continue;
      const repeats = Math.min(4, new Set(events.map((e) => e.signature)).size - 1) * 0.03;
      out.set(code, { ...r.finding, score: round(base * r.fit + repeats), ...(unconfirmed ? { unconfirmed } : {}) });
    } catch (error) {
      ruleErrors.push({ code: `explain:${code}`, message: String((error as Error)?.message ?? error) });
    }
  }
  // Causes the pasted facts establish without any message naming them (FACT_FIRST), ranked below message-named ones.
  for (const [code, explain] of FACT_FIRST) {
    if (out.has(code)) continue;
    try {
      const r = explain(ctx, []);
      if (r && r.fit > 0) out.set(code, { ...r.finding, score: round(FACT_WEIGHT * r.fit) });
    } catch (error) {
      ruleErrors.push({ code: `explain:${code}`, message: String((error as Error)?.message ?? error) });
    }
  }
  // No message at all, but a named GPU older than every kernel of the named torch release: the answer an expert gives.
  if (!out.has('arch-unsupported') && archGap(ctx)) {
    const r = EXPLAINERS['arch-unsupported']?.(ctx, []);
    if (r && r.fit > 0) out.set('arch-unsupported', { ...r.finding, score: round(0.5 * Math.max(r.fit, 1.2)) });
  }
  // NCCL failing on a Kepler (or older) GPU, with no torch release that still covers it: the architecture first, the network second.
  const nccl = out.get('nccl-failure');
  if (nccl && keplerUnderNccl(ctx)) {
    const ncclEvents = parsed.events.filter((e) => signatureById(e.signature)?.causes.some((c) => c.code === 'nccl-failure'));
    const r = EXPLAINERS['arch-unsupported']?.(ctx, ncclEvents);
    if (r && r.fit > 0) {
      const prev = out.get('arch-unsupported');
      out.set('arch-unsupported', { ...r.finding, score: round(Math.max(prev?.score ?? 0, nccl.score + 0.1)) });
    }
  }
  const diagnosis = runRules(snapshot, rules);
  ruleErrors.push(...diagnosis.ruleErrors);
  // In WSL there is no nvidia kernel module: module, Secure Boot and nouveau findings would send the user to dkms/modprobe/mokutil.
  const wsl = snapshot.os.wsl?.value === true;
  for (const raw of diagnosis.findings) {
    if (wsl && BARE_METAL.has(raw.code)) continue;
    const f = here ? raw : pastedOnly(raw, snapshot);
    const mine = out.get(f.code);
    if (mine) {
      // Same cause seen by a rule: one finding, with the rule's facts and commands added.
      mine.score = round(mine.score + 0.15);
      for (const e of f.evidence) if (!mine.evidence.some((x) => x.fact === e.fact && x.value === e.value)) mine.evidence.push(e);
      for (const line of f.fix) if (!mine.fix.includes(line)) mine.fix.push(line);
      continue;
    }
    out.set(f.code, { ...f, score: RULE_SCORE[f.severity] });
  }
  // Nothing named a cause: up to two guesses from the words of the paste, marked as guesses.
  if (out.size === 0 && !here) for (const g of guessesFromCues(ctx, parsed.cues)) out.set(g.code, g);
  const findings = [...out.values()].sort((a, b) => b.score - a.score);
  for (const f of findings) namedCuda(f, parsed, snapshot);
  return { parsed, snapshot, findings, ruleErrors };
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

const BARE_METAL = new Set<FindingCode>(['driver-not-loaded', 'secure-boot', 'nouveau']);

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

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function safeSupports(cuda: string, cc: string): boolean {
  try {
    return toolkitSupportsCc(cuda, cc);
  } catch {
    return true;
  }
}

/** Causes about which CUDA is where: every CUDA version the paste names goes into the evidence, when the finding's text lacks it. */
const CUDA_CODES = new Set<FindingCode>(['driver-too-old', 'framework-cuda-mismatch', 'toolkit-mismatch', 'multiple-toolkits', 'cudnn-mismatch', 'library-not-found', 'forward-compat-shadowing']);

function namedCuda(f: RankedFinding, parsed: ParsedPaste, snapshot: Snapshot): void {
  if (!CUDA_CODES.has(f.code)) return;
  const named = new Set<string>();
  for (const t of snapshot.toolkits) if (t.version?.value) named.add(versionParts(t.version.value).slice(0, 2).join('.'));
  for (const t of parsed.facts.toolkitMentions) named.add(t.value);
  if (snapshot.driver.cudaVersion?.value) named.add(snapshot.driver.cudaVersion.value);
  if (parsed.facts.torchCuda?.value && parsed.facts.torchCuda.value !== 'None') named.add(parsed.facts.torchCuda.value);
  const text = [f.title, f.cause, ...f.fix, ...f.evidence.map((e) => e.value)].join('\n');
  const missing = [...named].filter((v) => /^\d{1,2}\.\d$/.test(v) && !new RegExp(`(?<![\\d.])${v.replace('.', '\\.')}(?![\\d])`).test(text));
  if (missing.length) f.evidence.push({ fact: em('evCudaNamed'), value: missing.join(', '), source: 'pasted' });
}
