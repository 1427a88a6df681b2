// `health --slurm-drain`: Slurm only logs a HealthCheckProgram's exit code, so the program drains the node itself,
// as LBNL NHC does: reason "gpuenv: <code> <cause>", never over a reason an admin wrote (one not starting with
// "gpuenv:"), and resume only nodes gpuenv drained, once they pass. Down, rebooting or powering nodes are left alone.
// scontrol is run for real (not through the System read): the machine judged may be a saved Snapshot.
import { runCommand } from '../system/run.js';
import type { RunResult } from '../system/types.js';
import { msg } from './messages.js';
import { cut } from './npd.js';
import type { HealthResult } from './types.js';

export const REASON_PREFIX = 'gpuenv:';
const REASON_MAX = 100;
const SCONTROL_TIMEOUT_MS = 10_000;

export interface SlurmAction {
  action: 'drained' | 'resumed' | 'kept-admin-reason' | 'skipped' | 'none' | 'failed';
  node: string;
  detail: string;
}

export interface NodeState {
  /** "IDLE+DRAIN", "MIXED", "DOWN*+DRAIN" … */
  state: string;
  reason: string | null;
}

export type Runner = (command: string, args: string[]) => Promise<RunResult>;
const realRunner: Runner = (command, args) => runCommand(command, args, { timeoutMs: SCONTROL_TIMEOUT_MS });

/** `scontrol show node -o NAME`: State= and Reason= (the reason runs to "[user@time]" or the line's end). */
export function parseNodeLine(text: string): NodeState | null {
  // One node, one line; scontrol ends it with a newline, which `$` in JS does not skip.
  const line = text.trim().split('\n')[0] ?? '';
  const state = /(?:^|\s)State=(\S+)/.exec(line)?.[1];
  if (!state) return null;
  const reason = /(?:^|\s)Reason=(.*?)(?:\s\[[^\]]*\])?(?:\s+\w+=.*)?$/.exec(line)?.[1]?.trim();
  return { state, reason: reason && reason !== '(null)' ? reason : null };
}

/** The reason written: `gpuenv: <code> <title>`, one line, no quotes, at most 100 characters. */
export function drainReason(r: HealthResult): string {
  const first = r.findings.find((f) => f.severity === 'error');
  const what = first ? `${first.code} ${first.title}` : `unknown ${r.failure ?? ''}`;
  const more = r.drain.length > 1 ? ` (+${r.drain.length - 1} more)` : '';
  return cut(
    `${REASON_PREFIX} ${what}${more}`
      .replace(/["'\n\r\t]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    REASON_MAX,
  );
}

const SKIP_STATES = /DOWN|REBOOT|POWER|FUTURE|MAINT/;
const DRAINED = /DRAIN/;

/** Drains on an error (or, with failClosed, on unknown), resumes a gpuenv drain on a pass. */
export async function applySlurmDrain(r: HealthResult, node: string, failClosed: boolean, run: Runner = realRunner): Promise<SlurmAction> {
  if (!/^[A-Za-z0-9._-]+$/.test(node)) return { action: 'failed', node, detail: msg('slurm.noNodeName') };
  const shown = await run('scontrol', ['show', 'node', '-o', node]);
  if (shown.failed) return { action: 'failed', node, detail: `scontrol show node ${node}: ${why(shown)}` };
  const st = parseNodeLine(shown.stdout);
  // Asked for one node, read that node: never another one's state.
  const shownName = /(?:^|\s)NodeName=(\S+)/.exec(shown.stdout)?.[1];
  if (st && shownName !== node)
    return { action: 'failed', node, detail: shownName ? msg('slurm.otherNode', { node, other: shownName }) : msg('slurm.noNode', { node }) };
  if (!st) return { action: 'failed', node, detail: msg('slurm.noState', { node }) };
  const bad = r.status === 'error' || (failClosed && r.status === 'unknown');
  const ours = st.reason?.startsWith(REASON_PREFIX) ?? false;
  if (bad) {
    if (SKIP_STATES.test(st.state)) return { action: 'skipped', node, detail: msg('slurm.nodeIs', { state: st.state }) };
    if (st.reason && !ours) return { action: 'kept-admin-reason', node, detail: msg('slurm.adminReason', { reason: st.reason }) };
    const reason = drainReason(r);
    if (DRAINED.test(st.state) && st.reason === reason) return { action: 'none', node, detail: msg('slurm.alreadyDrained', { reason }) };
    const u = await run('scontrol', ['update', `nodename=${node}`, 'state=drain', `reason=${reason}`]);
    return u.failed ? { action: 'failed', node, detail: `scontrol update: ${why(u)}` } : { action: 'drained', node, detail: reason };
  }
  if (r.status === 'unknown') return { action: 'none', node, detail: msg('slurm.undecided') };
  if (DRAINED.test(st.state) && ours && SKIP_STATES.test(st.state)) return { action: 'skipped', node, detail: msg('slurm.notResumed', { state: st.state }) };
  if (DRAINED.test(st.state) && ours) {
    const u = await run('scontrol', ['update', `nodename=${node}`, 'state=resume']);
    return u.failed
      ? { action: 'failed', node, detail: `scontrol update: ${why(u)}` }
      : { action: 'resumed', node, detail: msg('slurm.was', { reason: st.reason ?? '' }) };
  }
  return { action: 'none', node, detail: st.reason ? msg('slurm.otherReason', { reason: st.reason }) : msg('slurm.healthy') };
}

function why(r: RunResult): string {
  if (r.timedOut) return msg('slurm.timeout', { seconds: SCONTROL_TIMEOUT_MS / 1000 });
  if (r.notFound) return msg('slurm.notFound');
  return (r.stderr.trim().split('\n')[0] ?? '').slice(0, 200) || `exit ${r.exitCode}`;
}
