// `gpuenv health` core: a node-scoped Snapshot (no Python environments), the node-scoped rules only, and the checks
// they group. A native probe that times out is asked once more before it counts: one slow answer must not drain a node.
import { runRules } from '../diagnose/index.js';
import type { Finding } from '../findings.js';
import type { Rule } from '../diagnose/types.js';
import { nodeIdentity, type NodeIdentity } from '../probe/node-identity.js';
import { takeSnapshot, type TakeOptions } from '../probe/take.js';
import { NATIVE_PROBE, type Snapshot } from '../snapshot/types.js';
import type { System } from '../system/types.js';
import { msg } from './messages.js';
import type { CheckName, HealthCheck, HealthResult } from './types.js';

export interface HealthOptions {
  timeoutMs: number;
  nativeTimeoutMs: number;
  expectGpus?: number;
  nodeName?: string;
  /** false in --prolog: no scontrol call. */
  askSlurm?: boolean;
  now?: () => Date;
}

/** Which finding codes each check groups, in the order the report lists them. */
const CHECKS: ReadonlyArray<{ name: CheckName; codes: string[] }> = [
  { name: 'driver', codes: ['no-gpu', 'driver-not-loaded', 'driver-library-mismatch', 'gpu-unresponsive', 'secure-boot', 'nouveau', 'wsl'] },
  { name: 'gpus', codes: ['gpu-missing'] },
  { name: 'memory-errors', codes: ['ecc-errors'] },
  { name: 'kernel-log', codes: ['xid-errors'] },
  { name: 'fabric', codes: ['fabric-manager'] },
  { name: 'modes', codes: ['persistence-off', 'compute-mode'] },
  // Memory or an exclusive GPU held by processes at the time of the check (a job's leftovers, or another job).
  { name: 'processes', codes: ['gpu-busy'] },
  { name: 'performance', codes: ['pcie-degraded', 'gpu-throttled', 'clocks-capped'] },
];

export async function nodeRules(): Promise<Rule[]> {
  const { RULES } = await import('../diagnose/rules/index.js');
  return RULES.filter((r) => r.scope === 'node');
}

export async function checkHealth(sys: System, o: HealthOptions): Promise<HealthResult> {
  const started = performance.now();
  const take: TakeOptions = {
    timeoutMs: o.timeoutMs,
    nativeTimeoutMs: o.nativeTimeoutMs,
    nodeOnly: true,
    askSlurm: o.askSlurm ?? true,
    ...(o.nodeName ? { nodeName: o.nodeName } : {}),
    ...(o.expectGpus !== undefined ? { expectGpus: o.expectGpus } : {}),
    ...(o.now ? { now: o.now } : {}),
  };
  let snapshot = await takeSnapshot(sys, take);
  const retried: string[] = [];
  if (snapshot.probes.some((p) => p.name === NATIVE_PROBE && p.timedOut)) {
    retried.push(NATIVE_PROBE);
    snapshot = await takeSnapshot(sys, take);
  }
  return judgeHealth(snapshot, { retried, started, fallbackNode: nodeIdentity(sys.env, sys.hostname(), o.nodeName) });
}

/** The verdict over a Snapshot (taken now, or saved: `health --snapshot`). */
export async function judgeHealth(
  snapshot: Snapshot,
  o: { retried: string[]; started: number; fallbackNode: NodeIdentity; expectGpus?: number },
): Promise<HealthResult> {
  if (o.expectGpus !== undefined) snapshot = { ...snapshot, expectedGpus: { value: o.expectGpus, source: '--expect-gpus' } };
  const { findings, ruleErrors } = runRules(snapshot, await nodeRules());
  const base = {
    kind: 'gpuenv-health' as const,
    schemaVersion: 1 as const,
    node: snapshot.node ?? o.fallbackNode,
    takenAt: snapshot.takenAt,
    durationMs: Math.round(performance.now() - o.started),
    checks: checksOf(snapshot, findings),
    findings,
    drain: [...new Set(findings.filter((f) => f.severity === 'error').map((f) => f.code))],
    retried: o.retried,
    snapshot,
  };
  // A rule that threw is a gpuenv bug: the node's state is not known, which is not the node's fault.
  if (ruleErrors.length > 0) {
    return { ...base, status: 'unknown', overallSeverity: worst(findings), failure: ruleErrors.map((e) => `rule ${e.code}: ${e.message}`).join('; ') };
  }
  return { ...base, status: statusOf(findings), overallSeverity: worst(findings) };
}

/** The result of a health run that could not finish: gpuenv failed, the node's state is unknown. */
export function failedHealth(sys: { env: System['env']; hostname(): string | null }, failure: string, nodeName: string | undefined, now: Date): HealthResult {
  return {
    kind: 'gpuenv-health',
    schemaVersion: 1,
    node: nodeIdentity(sys.env, sys.hostname(), nodeName),
    takenAt: now.toISOString(),
    durationMs: 0,
    status: 'unknown',
    overallSeverity: 'none',
    checks: [],
    findings: [],
    drain: [],
    retried: [],
    failure,
    snapshot: null,
  };
}

function statusOf(findings: Finding[]): HealthResult['status'] {
  if (findings.some((f) => f.severity === 'error')) return 'error';
  return findings.some((f) => f.severity === 'warning') ? 'warning' : 'ok';
}

function worst(findings: Finding[]): HealthResult['overallSeverity'] {
  for (const s of ['error', 'warning', 'info'] as const) if (findings.some((f) => f.severity === s)) return s;
  return 'none';
}

function checksOf(s: Snapshot, findings: Finding[]): HealthCheck[] {
  return CHECKS.map(({ name, codes }) => {
    const mine = findings.filter((f) => codes.includes(f.code));
    const status: HealthCheck['status'] = mine.some((f) => f.severity === 'error') ? 'error' : mine.some((f) => f.severity === 'warning') ? 'warning' : 'ok';
    const skipped = skippedBecause(s, name);
    if (skipped && mine.length === 0) return { name, status: 'skipped', detail: skipped, codes };
    return { name, status, detail: mine.length ? mine.map((f) => f.title).join('; ') : seen(s, name), codes };
  });
}

/** Why a check could not look at anything, when it could not. */
function skippedBecause(s: Snapshot, name: CheckName): string | null {
  if (name === 'kernel-log' && !s.kernelLog?.readable) return msg('detail.kernelLogUnreadable', { detail: s.kernelLog?.detail ?? msg('detail.notProbed') });
  if (name === 'fabric' && (s.fabric?.nvswitches.length ?? 0) === 0) return msg('detail.noNvswitch');
  if (name !== 'driver' && name !== 'gpus' && name !== 'fabric' && s.gpus.length === 0) return msg('detail.noGpu');
  return null;
}

/** A one-line account of a passing check: what it looked at. */
function seen(s: Snapshot, name: CheckName): string {
  const n = s.gpus.length;
  switch (name) {
    case 'driver':
      return msg('detail.driver', { version: s.driver.version?.value ?? '?', cuda: s.driver.cudaVersion?.value ?? '?' });
    case 'gpus':
      return s.expectedGpus
        ? msg('detail.gpusExpected', { count: n, expected: s.expectedGpus.value, source: s.expectedGpus.source })
        : msg('detail.gpus', { count: n });
    case 'memory-errors':
      return msg('detail.memory', { count: n });
    case 'kernel-log':
      return msg('detail.kernelLog', { source: s.kernelLog?.source ?? '?' });
    case 'fabric':
      return msg('detail.fabric', { count: s.fabric?.nvswitches.length ?? 0 });
    case 'modes':
      return msg('detail.modes');
    case 'processes':
      return msg('detail.processes');
    default:
      return msg('detail.performance');
  }
}
