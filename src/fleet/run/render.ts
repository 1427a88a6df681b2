// The summary `fleet run` prints: who returned a result, who did not and why, and what to run next.
import { shellWord } from '../../cuda/shell.js';
import type { FleetRunSummary } from './execute.js';
import { hostlist } from '../hostlist.js';
import { msg } from '../messages.js';

export function renderRunSummary(s: FleetRunSummary): string {
  const ok = s.nodes.filter((n) => n.ok);
  const bad = s.nodes.filter((n) => !n.ok);
  const lines = [msg('run.summary', { engine: s.engine, ok: ok.length, count: s.expectedCount ?? s.nodes.length, dir: s.outDir })];
  if (ok.length) lines.push(msg('run.okNodes', { nodes: hostlist(ok.map((n) => n.node)) }));
  for (const n of bad) lines.push(msg('run.noResult', { node: n.node, error: n.error ?? '?' }));
  if (s.missing.length) lines.push(msg('run.nothingFrom', { nodes: hostlist(s.missing) }));
  if (s.expectedCount !== null && s.missing.length === 0 && s.nodes.length < s.expectedCount)
    lines.push(msg('run.wroteNothing', { count: s.expectedCount - s.nodes.length }));
  if (s.engineError) lines.push(`  ${s.argv[0]}: ${s.engineError}`);
  lines.push('', msg('run.next', { command: `gpuenv fleet report ${shellWord(s.outDir)}` }));
  return `${lines.join('\n')}\n`;
}

/** What returned nothing: missing nodes, nodes without a readable result, fewer files than -N asked. */
export function runFailed(s: FleetRunSummary): boolean {
  return s.missing.length > 0 || s.nodes.some((n) => !n.ok) || (s.expectedCount !== null && s.nodes.filter((n) => n.ok).length < s.expectedCount);
}
