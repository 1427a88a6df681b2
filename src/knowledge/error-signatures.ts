// Queries over the error-signature table: which signatures a line matches, fast enough for 8 MB logs.
import { ERROR_SIGNATURES, type ErrorSignature, type SignatureId } from './data/error-signatures/index.js';

export type { ErrorSignature, SignatureCause, SignatureId } from './data/error-signatures/index.js';

export function errorSignatures(): readonly ErrorSignature<SignatureId>[] {
  return ERROR_SIGNATURES;
}

export function signatureById(id: SignatureId): ErrorSignature<SignatureId> | undefined {
  return ERROR_SIGNATURES.find((s) => s.id === id);
}

/** One linear pass over the hints decides whether any pattern needs to run on a line. */
const HINTS = [...new Set(ERROR_SIGNATURES.flatMap((s) => s.hints))];
const HINT_RE = new RegExp(HINTS.map(escapeRegExp).join('|'), 'i');

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export interface SignatureMatch {
  signature: ErrorSignature<SignatureId>;
  groups: Record<string, string>;
  /** Where the match starts in the line. */
  index: number;
}

/** Whether any signature could match this line (a cheap literal test). */
export function hasHint(line: string): boolean {
  return HINT_RE.test(line);
}

/**
 * Every signature the line matches (a line can carry two: "NCCL WARN … unhandled system error"). `hinted`: the caller
 * has already run hasHint on this line and it said yes (the hint test is most of the time on large logs).
 */
export function matchSignatures(line: string, hinted = false): SignatureMatch[] {
  if (!hinted && !HINT_RE.test(line)) return [];
  const lower = line.toLowerCase();
  const out: SignatureMatch[] = [];
  for (const s of ERROR_SIGNATURES) {
    if (!s.hints.some((h) => lower.includes(h))) continue;
    const m = s.pattern.exec(line);
    if (!m) continue;
    const groups: Record<string, string> = {};
    for (const [k, v] of Object.entries(m.groups ?? {})) if (v !== undefined) groups[k.replace(/\d+$/, '')] = v;
    out.push({ signature: s, groups, index: m.index });
  }
  return out;
}
