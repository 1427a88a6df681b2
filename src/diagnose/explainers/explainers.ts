// One explainer per Finding code (one file per family of causes): from the error events that point at it and the
// pasted facts, a Finding that names the concrete versions, sm_XX, cuXXX and driver floors, and how well the facts fit.
import type { FindingCode } from '../../findings.js';
import type { Explainer } from '../explain-helpers.js';

export type { Explained, Explainer } from '../explain-helpers.js';

export const EXPLAINERS: Partial<Record<FindingCode, Explainer>> = {
};
