// One tool call: the command itself runs in this process in its --json form, so a tool's result is the command's JSON
// document byte for byte (one producer per document), bounded in time, and every failure becomes a message.
import { ExitError, UsageError } from '../errors.js';
import { findCommand } from '../commands/registry.js';
import type { CommandContext, Io } from '../commands/types.js';
import { msg } from './messages.js';
import { assertReadOnly, type CommandCall } from './tools.js';

export interface InvokeBase {
  /** The server's machine: the live host or its --root tree (or a fixture in tests). */
  system: CommandContext['system'];
  root: string | undefined;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

export type Outcome = { ok: true; text: string; json: unknown; stderr: string } | { ok: false; message: string };

/** Thrown by the limit and by a client's cancellation; the command's own promise is left to settle unobserved. */
class Stopped extends Error {}

export async function invokeCommand(tool: string, call: CommandCall, base: InvokeBase, limitMs: number, signal?: AbortSignal): Promise<Outcome> {
  let out = '';
  let err = '';
  const io: Io = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    color: false,
    stderrIsTTY: false,
    cwd: base.cwd,
    env: base.env,
    stdin: async function* () {
      if (call.stdin !== undefined) yield Buffer.from(call.stdin, 'utf8');
    },
  };
  try {
    assertReadOnly(call);
    const spec = findCommand(call.command);
    if (!spec) throw new Error(msg('error.noCommand', { command: call.command }));
    const mod = await spec.load();
    const ctx: CommandContext = {
      values: call.values,
      positionals: call.positionals,
      globals: { root: base.root, json: true },
      io,
      system: base.system,
    };
    const code = await bounded(mod.run(ctx), tool, limitMs, signal);
    let json: unknown;
    try {
      json = JSON.parse(out);
    } catch {
      const detail = err.trim() ? `: ${err.trim().slice(0, 2000)}` : '';
      return { ok: false, message: msg('error.noOutput', { tool, code, detail }) };
    }
    return { ok: true, text: out, json, stderr: err };
  } catch (error) {
    return { ok: false, message: messageOf(error, tool) };
  }
}

function messageOf(error: unknown, tool: string): string {
  if (error instanceof Stopped) return error.message;
  if (error instanceof UsageError) return error.hint ? `${error.message}\n${error.hint}` : error.message;
  if (error instanceof ExitError) return error.message;
  return msg('error.internal', { tool, message: String((error as Error)?.message ?? error) });
}

async function bounded<T>(work: Promise<T>, tool: string, limitMs: number, signal?: AbortSignal): Promise<T> {
  // A command that goes on after the limit must not surface later as an unhandled rejection.
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Stopped(msg('error.timeout', { tool, seconds: limitMs / 1000 }))), limitMs);
    onAbort = () => reject(new Stopped(msg('error.cancelled', { tool })));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
