// Findings are the product's language (at the base: knowledge, parse, render and every feature speak it): stable codes (public API), a cause in plain words, the facts it
// rests on, and the commands that fix it on this machine.

export const FINDING_CODES = [
  'no-gpu',
  'driver-not-loaded',
  'driver-library-mismatch',
  'driver-too-old',
  'secure-boot',
  'nouveau',
  'arch-unsupported',
  'cpu-only-build',
  'library-not-found',
  'cudnn-mismatch',
  'framework-cuda-mismatch',
  'toolkit-mismatch',
  'multiple-toolkits',
  'mixed-package-managers',
  'library-shadowing',
  'forward-compat-shadowing',
  'out-of-memory',
  'nccl-failure',
  'wsl',
  'pcie-degraded',
  'gpu-throttled',
  'ecc-errors',
  // Added with `gpuenv health` (node health facts).
  'xid-errors',
  'gpu-missing',
  'fabric-manager',
  'persistence-off',
  'compute-mode',
  'clocks-capped',
  'gpu-unresponsive',
  // Added with `gpuenv verify`: a difference from the lock that no cause above names (NCCL, Python, a pin).
  'lock-drift',
  // Added with issue 18: settings and states that break or slow a healthy machine.
  'deep-check-failed',
  'gpus-hidden',
  'arch-list-mismatch',
  'slow-settings',
  'gpu-busy',
  'container-limits',
  // Added with issue 26: an error or traceback no rule explains; says what was recognised and what to paste next.
  'unexplained-error',
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];
export type Severity = 'error' | 'warning' | 'info';

export interface Evidence {
  /** What the fact is, in words: "kernel module version". */
  fact: string;
  value: string;
  /** Where it came from (the Snapshot fact's source). */
  source: string;
}

export interface Finding {
  code: FindingCode;
  severity: Severity;
  /** One line. */
  title: string;
  /** Why, in plain words, naming the concrete versions, architectures and paths involved. */
  cause: string;
  evidence: Evidence[];
  /** Commands to run, in order; lines starting with "# " are instructions for a person. */
  fix: string[];
  /** What the finding is about, when there are several: a GPU index, an environment prefix, a toolkit path. */
  subject?: string;
  /** Set when the finding rests on knowledge marked unconfirmed; says what is unconfirmed. */
  unconfirmed?: string;
  /** Fix lines the knowledge tables cannot confirm (a build or pairing they do not list), with why (diagnose/fix-guard.ts). */
  unchecked?: UncheckedLine[];
}

/** A fix line the install checker could not confirm or found wrong, and why (install/check.ts). */
export interface UncheckedLine {
  line: string;
  why: string;
}

export const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
