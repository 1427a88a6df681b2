// Symptoms a paste states in prose ("falls back to CPU", "only the CPU is listed", "GPU not detected", "very slow",
// "hangs"; 只用CPU, 检测不到GPU, 没有使用GPU, 很慢, 卡住) are events like any message: the words are the symptom rows
// of the error-signature table (knowledge/data/error-signatures/symptoms.ts), matched once by parse/errors.ts. This
// file is the typed view the rules, the cue counter and the ranking read. A symptom names no cause by itself: the
// facts of the paste say which of the causes its row lists it is (diagnose/rank.ts).
import type { FindingCode } from '../findings.js';
import { signatureById, type SignatureId } from '../knowledge/error-signatures.js';
import type { ErrorEvent } from './types.js';

/** The symptom rows: ids of the signature table. */
export const SYMPTOMS = ['gpu-not-used', 'gpu-not-detected', 'slow', 'hang', 'memory-held'] as const satisfies readonly SignatureId[];
export type Symptom = (typeof SYMPTOMS)[number];

/** Messages a framework prints that show one of the symptoms itself (they name causes of their own, and stay messages). */
const SHOWN_BY: Partial<Record<SignatureId, Symptom>> = {
  'cuda-not-available': 'gpu-not-detected',
  'gpu-stopped-working': 'gpu-not-detected',
  'tf-cpu-device-only': 'gpu-not-used',
  'jax-cpu-fallback': 'gpu-not-used',
  'multi-gpu-hang': 'hang',
};

/**
 * The area a symptom points explain's last-resort guess at (parse/cues.ts): a GPU that is not used or not found is,
 * most often, a CPU build of the framework (the first cause of both rows).
 */
export const SYMPTOM_CUE: Partial<Record<Symptom, FindingCode>> = { 'gpu-not-used': 'cpu-only-build', 'gpu-not-detected': 'cpu-only-build' };

export function isSymptom(id: SignatureId): id is Symptom {
  return (SYMPTOMS as readonly string[]).includes(id);
}

export type SymptomEvent = ErrorEvent & { signature: Symptom };

/** The events that are prose symptoms. */
export function symptomEvents(events: readonly ErrorEvent[]): SymptomEvent[] {
  return events.filter((e): e is SymptomEvent => isSymptom(e.signature));
}

/** The symptoms the events show, stated in prose or by a framework's own message, each once in order of first line. */
export function symptomsIn(events: readonly ErrorEvent[]): Symptom[] {
  const out: Symptom[] = [];
  for (const e of events) {
    const s = isSymptom(e.signature) ? e.signature : SHOWN_BY[e.signature];
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

export function hasSymptom(events: readonly ErrorEvent[], ...which: Symptom[]): boolean {
  return symptomsIn(events).some((s) => which.includes(s));
}

/** The causes a symptom row lists (most likely first): the codes a finding must have for the symptom to confirm it. */
export function symptomCauses(s: Symptom): FindingCode[] {
  return signatureById(s)?.causes.map((c) => c.code) ?? [];
}
