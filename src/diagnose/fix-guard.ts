// The last step before a finding leaves the rules (diagnose/index.ts `judge`): its fix lines go through the install
// guard (install/guard.ts). A command the knowledge tables contradict is withheld — a bug of the rule that wrote it,
// which test/explain/commands.test.ts fails on; one they cannot check is noted and listed in `unchecked`.
import type { Finding } from '../findings.js';
import { guardLines } from '../install/guard.js';
import type { Snapshot } from '../snapshot/types.js';

export function guardFix<F extends Finding>(finding: F, snapshot: Snapshot): F {
  if (!finding.fix.length) return finding;
  const g = guardLines(finding.fix, snapshot);
  if (!g.unchecked.length && !g.withheld.length) return finding;
  return { ...finding, fix: g.lines, ...(g.unchecked.length ? { unchecked: [...(finding.unchecked ?? []), ...g.unchecked] } : {}) };
}
