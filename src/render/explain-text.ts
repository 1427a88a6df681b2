// The findings of `gpuenv explain` as people read them: one short title (the rest of a long one opens the cause), and
// none of gpuenv's notes about its own tables (that an error-signature row rests on a representative thread). --json
// keeps the rule's own title and those notes as evidence.
import { SIGNATURE_NOTE_SOURCE } from '../diagnose/from-text.js';
import type { Finding } from '../findings.js';
import { shortTitle } from './explain-title.js';
import { findingsSection } from './findings-text.js';
import type { Style } from './style.js';

export function forPeople<F extends Finding>(f: F): F {
  return { ...f, ...shortTitle(f.title, f.cause), evidence: f.evidence.filter((e) => !e.source.startsWith(SIGNATURE_NOTE_SOURCE)) };
}

export function explainFindingsSection(findings: readonly Finding[], st: Style, width: number): string[] {
  return findingsSection(findings.map(forPeople), st, width);
}
