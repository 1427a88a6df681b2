// What every printed command list goes through (findings' fixes, plan steps, export's RUN lines): a line the
// knowledge tables contradict is withheld — replaced by a "# " line saying why, never printed as a command; a line
// the tables cannot check keeps a "# " note before it (after it, for a "# " instruction) and is listed as unchecked.
import type { UncheckedLine } from '../findings.js';
import type { Snapshot } from '../snapshot/types.js';
import { checkLines, type CheckContext, type LineCheck } from './check.js';
import { msg } from './messages.js';

export interface GuardedLines {
  lines: string[];
  unchecked: UncheckedLine[];
  /** The lines withheld, with why: a bug of whatever wrote them. */
  withheld: UncheckedLine[];
}

const whys = (c: LineCheck, verdict: 'wrong' | 'unknown') => [...new Set(c.issues.filter((i) => i.verdict === verdict).map((i) => i.why))].join('; ');

export function guardLines(lines: readonly string[], snapshot: Snapshot | undefined, python?: string): GuardedLines {
  const ctx: CheckContext = { ...(snapshot ? { snapshot } : {}), ...(python ? { python } : {}) };
  const checks = checkLines(lines, ctx);
  const out: GuardedLines = { lines: [], unchecked: [], withheld: [] };
  lines.forEach((line, i) => {
    const c = checks[i]!;
    if (c.verdict === 'wrong') {
      const why = whys(c, 'wrong');
      out.withheld.push({ line, why });
      out.lines.push(`# ${msg('check.guardWithheld', { why })}`);
    } else if (c.verdict === 'unknown') {
      const why = whys(c, 'unknown');
      out.unchecked.push({ line, why });
      if (line.startsWith('#')) out.lines.push(`${line}   ${msg('check.guardUncheckedAfter', { why })}`);
      else out.lines.push(`# ${msg('check.guardUnchecked', { why })}`, line);
    } else out.lines.push(line);
  });
  return out;
}

/** Whether a line is one the guard wrote in place of a withheld command (in the current language). */
export function isWithheld(line: string): boolean {
  const prefix = msg('check.guardWithheld', { why: '\u0000' }).split('\u0000')[0]!;
  return line.startsWith(`# ${prefix}`);
}
