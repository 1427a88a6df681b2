// The lines of a text a finding rests on. One line can match several signatures (a PyTorch OOM line is torch-oom and
// cuda-oom-generic): it is quoted once.
import type { Evidence } from '../findings.js';
import type { ErrorEvent } from '../parse/types.js';
import { msg } from './explainers/messages.js';

/** Up to three lines, one per signature and each line once, in the order of the text. */
export function quotedLines(events: readonly ErrorEvent[]): Evidence[] {
  const signatures = new Set<string>();
  const lines = new Set<number>();
  const out: Evidence[] = [];
  for (const e of events) {
    if (signatures.has(e.signature) || lines.has(e.line) || out.length >= 3) continue;
    signatures.add(e.signature);
    lines.add(e.line);
    out.push({ fact: msg('evLine', { line: e.line }), value: e.text.slice(0, 300), source: `pasted (signature ${e.signature})` });
  }
  return out;
}
