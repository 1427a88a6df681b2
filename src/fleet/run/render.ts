// The summary `fleet run` prints: who returned a result, who did not and why, and what to run next.
import { shellWord } from '../../cuda/shell.js';
import type { FleetRunSummary } from './execute.js';
import { hostlist } from '../hostlist.js';

export function renderRunSummary(s: FleetRunSummary): string {
  const ok = s.nodes.filter((n) => n.ok);
  const bad = s.nodes.filter((n) => !n.ok);
  const lines = [`fleet run --via ${s.engine}: ${ok.length} of ${s.expectedCount ?? s.nodes.length} node(s) returned a result in ${s.outDir}`];
  if (ok.length) lines.push(`  ok: ${hostlist(ok.map((n) => n.node))}`);
  for (const n of bad) lines.push(`  no result from ${n.node}: ${n.error ?? '?'}`);
  if (s.missing.length) lines.push(`  nothing at all from: ${hostlist(s.missing)}`);
  if (s.expectedCount !== null && s.missing.length === 0 && s.nodes.length < s.expectedCount)
    lines.push(`  ${s.expectedCount - s.nodes.length} node(s) wrote nothing`);
  if (s.engineError) lines.push(`  ${s.argv[0]}: ${s.engineError}`);
  lines.push('', `next: gpuenv fleet report ${shellWord(s.outDir)}`);
  return `${lines.join('\n')}\n`;
}

/** What returned nothing: missing nodes, nodes without a readable result, fewer files than -N asked. */
export function runFailed(s: FleetRunSummary): boolean {
  return s.missing.length > 0 || s.nodes.some((n) => !n.ok) || (s.expectedCount !== null && s.nodes.filter((n) => n.ok).length < s.expectedCount);
}
