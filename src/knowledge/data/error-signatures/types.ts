// The shape of an error signature and the helper every family file builds its rows with.
import type { FindingCode } from '../../../findings.js';
import type { Sourced } from '../../types.js';

export const CHECKED = '2026-11-30';
/** The date of rows added or changed with issues 18 and 26 (their own `checked`). */
export const CHECKED_1202 = '2026-12-02';

export interface SignatureCause {
  code: FindingCode;
  /** The fact that points to this cause rather than the others. */
  when: string;
}

export interface ErrorSignature<I extends string = string> extends Sourced {
  id: I;
  /** Lower-case literals: a line is tested against `pattern` only when it contains one of them. */
  hints: readonly string[];
  pattern: RegExp;
  causes: readonly SignatureCause[];
  /** How strongly the line points at a root cause: 1 the failing error itself, 0.3 a side warning. */
  weight: number;
  /**
   * Groups a whole message carries. A line that matches without one of them (the message goes on over the next
   * lines) is tried again joined with the lines that follow.
   */
  complete?: readonly string[];
}

export function sig<const I extends string>(
  id: I,
  hints: string[],
  pattern: RegExp,
  causes: SignatureCause[],
  weight: number,
  source: string,
  extra: Partial<Sourced> & { complete?: readonly string[] } = {},
): ErrorSignature<I> {
  return { id, hints, pattern, causes, weight, source, checked: CHECKED, confirmed: true, ...extra };
}

export const RUNTIME_ERRORS = 'https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html (cudaError enum)';
export const DRIVER_ERRORS = 'https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html (CUresult enum)';
