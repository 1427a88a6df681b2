// Durations on the command line: "30s", "5m", "1h30m", "2d" or bare seconds ("300"), and the probes'
// --timeout (seconds) that snapshot, doctor and health share.
import { UsageError } from '../errors.js';
import { msg } from './messages.js';

const UNIT: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Seconds; a UsageError names the flag when the text is not a duration in (0, max]. */
export function parseDuration(text: string, flag: string, maxSeconds = 7 * 86400): number {
  const t = text.trim();
  let seconds = NaN;
  if (/^\d+(\.\d+)?$/.test(t)) seconds = Number(t);
  else if (/^(\d+[smhd])+$/.test(t)) seconds = [...t.matchAll(/(\d+)([smhd])/g)].reduce((sum, m) => sum + Number(m[1]) * UNIT[m[2]!]!, 0);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > maxSeconds) {
    throw new UsageError(msg('duration.bad', { flag, text, days: maxSeconds / 86400 }));
  }
  return seconds;
}

/** --timeout SECONDS of the commands that probe, as milliseconds; undefined when not given. */
export function parseTimeout(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) {
    throw new UsageError(msg('timeout.bad', { value: String(value) }));
  }
  return Math.round(seconds * 1000);
}
