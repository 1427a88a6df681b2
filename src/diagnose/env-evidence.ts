// A variable of the Snapshot's environment as evidence: the pasted text, or this machine's environment, says so.
import type { RuleInput } from './types.js';

/** Where a variable of the Snapshot's environment came from: the pasted text, or this machine's environment. */
export function envSource(input: RuleInput, name: string): string {
  const v = input.snapshot.env[name];
  return v !== undefined && input.text?.env[name] === v ? 'pasted' : `env:${name}`;
}
