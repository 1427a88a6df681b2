// The result of `gpuenv health`: node-scoped checks only, with the verdict a scheduler acts on.
// Public JSON (docs/fleet.md, "health --json"): add fields, never rename.
import type { Finding } from '../findings.js';
import type { NodeIdentity, Snapshot } from '../snapshot/types.js';

/** ok: keep in service (warnings allowed); error: a node-scoped error (drain-worthy); unknown: gpuenv could not decide. */
export type HealthStatus = 'ok' | 'warning' | 'error' | 'unknown';

/** The checks, in the order the report lists them (their names are stable ids: JSON, Prometheus labels). */
export const CHECK_NAMES = ['driver', 'gpus', 'memory-errors', 'kernel-log', 'fabric', 'modes', 'processes', 'performance'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export interface HealthCheck {
  /** One of CHECK_NAMES (a result of another version may hold others). */
  name: string;
  status: 'ok' | 'warning' | 'error' | 'skipped';
  /** What was seen, or why the check could not run. */
  detail: string;
  /** Finding codes this check groups. */
  codes: string[];
}

export interface HealthResult {
  kind: 'gpuenv-health';
  schemaVersion: 1;
  node: NodeIdentity;
  takenAt: string;
  durationMs: number;
  status: HealthStatus;
  /** The worst severity among the findings, 'none' when there are none (what prolog wrappers read). */
  overallSeverity: 'error' | 'warning' | 'info' | 'none';
  checks: HealthCheck[];
  findings: Finding[];
  /** The codes of the error findings: the drain-worthy subset. */
  drain: string[];
  /** Probes that timed out once and were asked again before counting. */
  retried: string[];
  /** Set when status is unknown: what failed inside gpuenv. */
  failure?: string;
  snapshot: Snapshot | null;
}
