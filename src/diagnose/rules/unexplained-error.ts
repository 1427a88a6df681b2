// unexplained-error: the rule of last resort over a text. No other rule named a cause (no error, no warning, no
// guess), yet the paste shows an error line, a known message whose causes its facts cannot tell apart, or a symptom
// ("only the CPU is used"): never "No problems found" for it. An info finding with what was read (the facts, the
// line) and the outputs to paste next, for the OS and framework the paste shows (diagnose/guess.ts cannotTell).
// A probed machine has no text: the doctor never sees it.
import { UNEXPLAINED } from '../../parse/cues.js';
import { cannotTell } from '../guess.js';
import type { Rule } from '../types.js';

export const rule: Rule = {
  code: UNEXPLAINED,
  scope: 'environment',
  last: true,
  check(input) {
    const f = cannotTell(input, UNEXPLAINED);
    return f ? [f] : [];
  },
};
