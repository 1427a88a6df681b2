// Shared by the explainers: the events a finding rests on, the facts it names, and small checks several causes use.
import { toolkitSupportsCc } from '../knowledge/cuda.js';
import { tensorflowRelease, tensorflowReleases, type TensorflowRelease } from '../knowledge/tensorflow.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import type { Evidence, Finding, FindingCode } from '../findings.js';
import type { ErrorEvent } from '../parse/types.js';
import { dllCuda } from '../parse/framework-logs.js';
import { signatureById, type SignatureId } from '../knowledge/error-signatures.js';
import type { ExplainContext } from './context.js';
import { em as m } from './explainers/messages.js';

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
    out.push({ fact: m('evLine', { line: e.line }), value: e.text.slice(0, 300), source: `pasted (signature ${e.signature})` });
  }
  return out;
}

export function gpuEvidence(ctx: ExplainContext): Evidence[] {
  return ctx.gpus.slice(0, 4).map((g) => ({ fact: m('evGpu'), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source }));
}

export function driverEvidence(ctx: ExplainContext): Evidence[] {
  const d = ctx.driver;
  if (!d) return [];
  const out: Evidence[] = [];
  if (d.version) out.push({ fact: m('evDriver'), value: d.version, source: d.source });
  if (d.cuda) out.push({ fact: m('evDriverCuda'), value: d.cuda, source: ctx.snapshot.driver.cudaVersion?.source ?? d.source });
  return out;
}

export function torchEvidence(ctx: ExplainContext): Evidence[] {
  const t = ctx.torch;
  if (!t || t.version === '?') return t?.cuda ? [{ fact: 'torch.version.cuda', value: t.cuda, source: t.pkg.location }] : [];
  return [{ fact: m('evTorch'), value: t.pkg.version + (t.cuda && !t.pkg.version.includes('+') ? ` (CUDA ${t.cuda})` : ''), source: t.pkg.location }];
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

// ---- arch-unsupported -----------------------------------------------------------------------------------

export function safeSupports(cuda: string, cc: string): boolean {
  try {
    return toolkitSupportsCc(cuda, cc);
  } catch {
    return false;
  }
}

// ---- cpu-only-build -------------------------------------------------------------------------------------

/** "2.10" → "2.11" */
export function bumpMinor(v: string): string {
  const [a, b] = versionParts(v);
  return `${a}.${(b ?? 0) + 1}`;
}

export interface MissingLib {
  name: string;
  kind: 'cudnn' | 'cuda' | 'driver' | 'dll-cuda' | 'dll-cudnn' | 'other';
  major: string | undefined;
  component: string;
}

export function classify(lib: string): MissingLib {
  let r: RegExpExecArray | null;
  if ((r = /^libcudnn\w*\.so\.(\d+)/.exec(lib))) return { name: lib, kind: 'cudnn', major: r[1], component: 'cuDNN' };
  if ((r = /^cudnn\w*64_(\d+)\.dll$/i.exec(lib))) return { name: lib, kind: 'dll-cudnn', major: r[1], component: 'cuDNN' };
  if (/\.dll$/i.test(lib)) return { name: lib, kind: 'dll-cuda', major: dllCuda(lib), component: /^(\w+?)64/.exec(lib)?.[1] ?? 'CUDA' };
  if (/^lib(cuda|nvidia-ml)\.so/.test(lib)) return { name: lib, kind: 'driver', major: undefined, component: 'driver' };
  if ((r = /^lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink|nvToolsExt|cupti|nccl)\.so\.(\d+)(?:\.(\d+))?/.exec(lib))) {
    // Up to CUDA 10.0 every library's soname carried the CUDA major.minor (libcublas.so.10.0, libcufft.so.9.2); later
    // ones carry their own major only (libcublas.so.12, libcufft.so.11), except libcudart's.
    return { name: lib, kind: 'cuda', major: r[3] !== undefined && (r[1] === 'cudart' || Number(r[2]) <= 10) ? `${r[2]}.${r[3]}` : r[2], component: r[1]! };
  }
  return { name: lib, kind: 'other', major: undefined, component: 'library' };
}

export function missingLibs(ctx: ExplainContext): MissingLib[] {
  return ctx.facts.missingLibraries.map((f) => classify(f.value)).filter((l) => l.kind !== 'other' || /cuda|cudnn|nccl|nv/i.test(l.name));
}

export function cudnnPresent(ctx: ExplainContext): string | undefined {
  const lib = ctx.snapshot.libraries.find((l) => l.name === 'cudnn' && l.version);
  if (lib?.version) return lib.version.value;
  const p = ctx.env?.packages.find((x) => /^nvidia-cudnn-cu\d+$/.test(x.name) || x.name === 'cudnn');
  if (p) return p.version;
  if (ctx.torch && ctx.torch.version !== '?' && compareVersions(ctx.torch.version, '2.4.0') >= 0 && ctx.torch.cuda) return '9 (bundled with torch >= 2.4)';
  return undefined;
}

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

/** TensorFlow newer than the last release with GPU support on native Windows, on native Windows (not WSL). */
export function tfWindowsNoGpu(ctx: ExplainContext, version: string): string | undefined {
  if (ctx.snapshot.os.id?.value !== 'windows' || ctx.snapshot.os.wsl?.value === true) return undefined;
  const last = [...tensorflowReleases()].filter((r) => r.windowsNativeGpu).at(-1);
  if (!last || compareVersions(version, last.version) <= 0) return undefined;
  return last.version.split('.').slice(0, 2).join('.');
}

// ---- shadowing ------------------------------------------------------------------------------------------

export function moduleEventOf(events: ErrorEvent[]): boolean {
  return has(events, 'modprobe-no-nvidia', 'dkms-error', 'kernel-module-prose', 'version-magic', 'nvrm-gpu-unsupported', 'nvrm-bar');
}
