// Shared by the explainers: the events a finding rests on, the facts it names, and small checks several causes use.
import { tensorflowRelease, type TensorflowRelease } from '../knowledge/tensorflow.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import type { Evidence, Finding, FindingCode } from '../findings.js';
import type { ErrorEvent } from '../parse/types.js';
import { signatureById, type SignatureId } from '../knowledge/error-signatures.js';
import type { ExplainContext } from './context.js';
import { msg } from './explainers/messages.js';

export interface Explained {
  finding: Finding;
  /** How well the pasted facts support this cause: 1 neutral, up to 2 confirmed, below 1 doubtful. */
  fit: number;
}

export type Explainer = (ctx: ExplainContext, events: ErrorEvent[]) => Explained | undefined;

export const has = (events: ErrorEvent[], ...ids: SignatureId[]) => events.some((e) => ids.includes(e.signature));
/** Some event's message names this cause first: a finding may then stand on the message alone, without facts. */
export const primary = (events: ErrorEvent[], code: FindingCode) => events.some((e) => signatureById(e.signature)?.causes[0]?.code === code);
/** The paste shows WSL: there is no nvidia kernel module, so bare-metal driver fixes do not apply. */
export const inWsl = (ctx: ExplainContext) => ctx.snapshot.os.wsl?.value === true;
export const first = (events: ErrorEvent[], ...ids: SignatureId[]) => events.find((e) => ids.includes(e.signature));

export function lineEvidence(events: ErrorEvent[]): Evidence[] {
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const e of events) {
    if (seen.has(e.signature) || out.length >= 3) continue;
    seen.add(e.signature);
    out.push({ fact: msg('evLine', { line: e.line }), value: e.text.slice(0, 300), source: `pasted (signature ${e.signature})` });
  }
  return out;
}

export function gpuEvidence(ctx: ExplainContext): Evidence[] {
  return ctx.gpus.slice(0, 4).map((g) => ({ fact: msg('evGpu'), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source }));
}

export function driverEvidence(ctx: ExplainContext): Evidence[] {
  const d = ctx.driver;
  if (!d) return [];
  const out: Evidence[] = [];
  if (d.version) out.push({ fact: msg('evDriver'), value: d.version, source: d.source });
  if (d.cuda) out.push({ fact: msg('evDriverCuda'), value: d.cuda, source: ctx.snapshot.driver.cudaVersion?.source ?? d.source });
  return out;
}

export function torchEvidence(ctx: ExplainContext): Evidence[] {
  const t = ctx.torch;
  if (!t || t.version === '?') return t?.cuda ? [{ fact: 'torch.version.cuda', value: t.cuda, source: t.pkg.location }] : [];
  return [{ fact: msg('evTorch'), value: t.pkg.version + (t.cuda && !t.pkg.version.includes('+') ? ` (CUDA ${t.cuda})` : ''), source: t.pkg.location }];
}

export function torchLabel(ctx: ExplainContext): string | undefined {
  const t = ctx.torch;
  if (!t) return undefined;
  if (t.version === '?') return t.cuda ? `torch (CUDA ${t.cuda})` : 'torch';
  return t.tag && !t.pkg.version.includes('+') ? `torch ${t.version}+${t.tag}` : `torch ${t.pkg.version}`;
}

export const pip = (args: string) => `pip install ${args}`;

export function finding(code: FindingCode, severity: Finding['severity'], title: string, cause: string, evidence: Evidence[], fix: string[]): Finding {
  return { code, severity, title, cause, evidence, fix };
}

// ---- frameworks (TensorFlow on native Windows: tensorflow-windows.ts) ------------------------------------------

/**
 * The TensorFlow row whose fixes are pip installs (`tensorflow[and-cuda]==…`): builds for CUDA 11 and later (TF 2.4 on).
 * Older releases load a system CUDA 9/10 (sonames with major.minor, no nvidia-* wheels): their row gives only the CUDA
 * and cuDNN to install.
 */
export function tfPipRelease(version: string): TensorflowRelease | undefined {
  const r = tensorflowRelease(version);
  return r && compareVersions(r.cuda, '11') >= 0 ? r : undefined;
}

/** A CUDA library package (conda "libcusparse 12.0.0.76", pip "nvidia-cusparse-cu12") of another CUDA major than `cuda`. */
export function foreignCudaLib(name: string, version: string, cuda: string): boolean {
  const major = versionParts(cuda)[0];
  const pip = /^nvidia-(?:cublas|cusparse|cufft|curand|cusolver|cuda-runtime|cuda-nvrtc|nvjitlink)-cu(\d{2})$/.exec(name);
  if (pip) return Number(pip[1]) !== major;
  // conda's nvidia channel versions these libraries by their own numbering (libcusparse 11.7.x for CUDA 11.7, 12.x for 12.0):
  // the first number follows the CUDA major for cublas/cusparse/cusolver/nvjitlink.
  if (/^lib(?:cublas|cusparse|cusolver|nvjitlink)(?:-dev)?$/.test(name)) return versionParts(version)[0] !== major;
  return false;
}

/** Before CUDA 11 the sonames carry major.minor (libcudart.so.10.1): a different minor is another library. From 11 on, the major. */
export function cudaDiffers(want: string, have: string): boolean {
  const [wa, wb] = versionParts(want);
  const [ha, hb] = versionParts(have);
  if (wa !== ha) return true;
  return (wa ?? 0) < 11 && wb !== undefined && hb !== undefined && wb !== hb;
}

// ---- shadowing ------------------------------------------------------------------------------------------

export function moduleEventOf(events: ErrorEvent[]): boolean {
  return has(events, 'modprobe-no-nvidia', 'dkms-error', 'kernel-module-prose', 'version-magic', 'nvrm-gpu-unsupported', 'nvrm-bar');
}
