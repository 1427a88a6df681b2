// Runs a program with a hard timeout and returns the outcome as data; never throws, never hangs.
import { spawn } from 'node:child_process';
import { track } from '../process/children.js';
import type { RunOptions, RunResult } from './types.js';

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_BUFFER = 4 * 1024 * 1024;

export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBuffer = options.maxBuffer ?? DEFAULT_MAX_BUFFER;
  const started = performance.now();
  return new Promise((resolve) => {
    let child;
    const base = { command, args };
    try {
      child = spawn(command, args, {
        env: options.env ? stripUndefined(options.env) : process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Own process group, so a timeout kills grandchildren too (nvidia-smi wrappers, shells).
        detached: true,
      });
    } catch (error) {
      resolve(notStarted(base, error, started));
      return;
    }
    const forget = track(child, true);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outLen = 0;
    let errLen = 0;
    let timedOut = false;
    let settled = false;
    child.stdout.on('data', (b: Buffer) => {
      if (outLen < maxBuffer) out.push(b);
      outLen += b.length;
    });
    child.stderr.on('data', (b: Buffer) => {
      if (errLen < maxBuffer) err.push(b);
      errLen += b.length;
    });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
      // A process stuck in uninterruptible sleep (D state, common with a wedged GPU) may never report
      // its exit: give up waiting shortly after the kill.
      setTimeout(() => finish(null, 'SIGKILL'), 500).unref();
    }, timeoutMs);
    timer.unref();
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      forget();
      const stdout = Buffer.concat(out).subarray(0, maxBuffer).toString('utf8');
      const stderr = Buffer.concat(err).subarray(0, maxBuffer).toString('utf8');
      resolve({
        ...base,
        exitCode: code,
        signal,
        stdout,
        stderr,
        failed: timedOut || code !== 0,
        timedOut,
        notFound: false,
        durationMs: Math.round(performance.now() - started),
      });
    };
    child.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(notStarted(base, error, started));
    });
    child.on('close', finish);
  });
}

function notStarted(base: { command: string; args: string[] }, error: unknown, started: number): RunResult {
  const e = error as NodeJS.ErrnoException;
  return {
    ...base,
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: e?.code === 'ENOENT' ? `${base.command}: not found` : String(e?.message ?? error),
    failed: true,
    timedOut: false,
    notFound: true,
    durationMs: Math.round(performance.now() - started),
  };
}

function stripUndefined(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
