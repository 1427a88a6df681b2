// `health --format npd`: one line of at most 80 characters for a node-problem-detector custom plugin, whose
// contract is exit 0 OK, 1 NonOK (a problem), anything else Unknown.
import type { HealthResult } from './types.js';

export const NPD_MAX = 80;

export function renderNpd(r: HealthResult): string {
  const line = (() => {
    if (r.status === 'unknown') return `gpuenv could not decide: ${r.failure ?? 'unknown failure'}`;
    const errors = r.findings.filter((f) => f.severity === 'error');
    if (errors.length === 0) return `gpuenv: healthy (${r.snapshot?.gpus.length ?? 0} GPUs)`;
    const first = errors[0]!;
    const more = errors.length > 1 ? ` (+${errors.length - 1})` : '';
    return `${first.code}: ${first.title}${more}`;
  })();
  return `${cut(line.replace(/\s+/g, ' '), NPD_MAX)}\n`;
}

/** At most n characters, an ellipsis marking the cut. */
export function cut(text: string, n: number): string {
  const chars = [...text];
  return chars.length <= n ? text : `${chars.slice(0, n - 1).join('')}…`;
}

/** NPD reads the exit code: 0 OK, 1 NonOK, 2 Unknown. */
export function npdExit(r: HealthResult): number {
  return r.status === 'unknown' ? 2 : r.status === 'error' ? 1 : 0;
}
