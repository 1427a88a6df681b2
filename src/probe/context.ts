// Shared by all probes: the machine, the time limit for external calls, and the log of what was tried.
import type { ProbeRecord } from '../snapshot/types.js';
import type { RunResult, System } from '../system/types.js';
import { msg } from './messages.js';

export interface ProbeContext {
  sys: System;
  timeoutMs: number;
  records: ProbeRecord[];
}

export function createProbeContext(sys: System, timeoutMs: number): ProbeContext {
  return { sys, timeoutMs, records: [] };
}

/** Runs a command through the System and logs the attempt (timeouts become facts, not hangs). */
export async function runLogged(ctx: ProbeContext, name: string, command: string, args: string[]): Promise<RunResult> {
  const r = await ctx.sys.run(command, args, { timeoutMs: ctx.timeoutMs });
  const record: ProbeRecord = { name, ok: !r.failed, durationMs: r.durationMs };
  if (r.timedOut) {
    record.timedOut = true;
    record.detail = msg('killed', { ms: ctx.timeoutMs });
  } else if (r.notFound) record.detail = 'not found';
  else if (r.failed) record.detail = `exit ${r.exitCode ?? r.signal}${firstLine(r.stderr || r.stdout)}`;
  ctx.records.push(record);
  return r;
}

function firstLine(text: string): string {
  const line = text
    .split('\n')
    .find((l) => l.trim())
    ?.trim();
  return line ? `: ${line.slice(0, 200)}` : '';
}

/** Reads a file and logs nothing: absent files are normal and are not worth a record each. */
export async function readText(ctx: ProbeContext, path: string): Promise<string | undefined> {
  return ctx.sys.readFile(path);
}

export async function exists(ctx: ProbeContext, path: string): Promise<boolean> {
  return (await ctx.sys.stat(path)) !== undefined;
}
