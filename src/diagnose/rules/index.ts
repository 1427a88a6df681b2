// The rule registry: every rule file of this folder, in no particular order (diagnose() sorts the findings).
// test/diagnose/registry.test.ts fails when a rule file is missing here.
import type { Rule } from '../types.js';

export const RULES: readonly Rule[] = [];
