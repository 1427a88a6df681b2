// Runs the native probe in a child process under a watchdog: a driver call that hangs or segfaults
// costs the user one failed fact, never a frozen or crashed CLI.
import type { ChildProcess } from 'node:child_process';
import { getLang } from '../i18n/index.js';
import { track } from '../process/children.js';
import { forkSelf } from '../process/self.js';
import type { ChildMessage } from './child.js';
import { msg } from './messages.js';
import type { NativeProbeResult, NativeReport } from './report.js';

export interface RunNativeProbeOptions {
  timeoutMs: number;
  /** Environment of the child (LD_LIBRARY_PATH, CUDA_VISIBLE_DEVICES matter). Default: this process's. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Script to fork instead of child.js next to this module (tests). */
  childScript?: string;
}

/** A failed run may still carry what NVML said before the CUDA part crashed or hung. */
export type NativeProbeOutcome = NativeProbeResult & { partial?: NativeReport };

const TAIL_BYTES = 2048;
const CLOSE_GRACE_MS = 250;

export function runNativeProbe(options: RunNativeProbeOptions): Promise<NativeProbeOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = forkSelf('native-probe', options.childScript ?? new URL('./child.js', import.meta.url), {
        // The child writes its failures in this run's language (--lang is not in the environment).
        env: { ...definedOnly(options.env ?? process.env), GPUENV_LANG: getLang() },
        // stdout is drained and dropped (stub banners); stderr is kept for the crash detail.
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        // The child must not inherit --inspect or test-runner loaders of the parent.
        execArgv: [],
        serialization: 'json',
      });
    } catch (error) {
      resolve({ ok: false, reason: 'error', detail: msg('run.cannotStart', { why: message(error) }), durationMs: elapsed() });
      return;
    }
    track(child, false);
    let finalReport: NativeReport | undefined;
    let partial: NativeReport | undefined;
    let stderr = '';
    let settled = false;
    const finish = (outcome: NativeProbeOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(watchdog);
      child.removeAllListeners('message');
      resolve(outcome);
    };
    const withPartial = (outcome: NativeProbeOutcome): NativeProbeOutcome => (partial && !outcome.ok ? { ...outcome, partial } : outcome);

    const watchdog = setTimeout(() => {
      child.kill('SIGKILL');
      finish(withPartial({ ok: false, reason: 'timeout', detail: msg('run.timeout', { ms: options.timeoutMs }), durationMs: elapsed() }));
    }, options.timeoutMs);

    child.stdout?.resume();
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-TAIL_BYTES);
    });
    child.on('message', (raw: unknown) => {
      const msg = raw as Partial<ChildMessage>;
      if (!msg || typeof msg !== 'object' || !msg.report) return;
      if (msg.type === 'partial') partial = msg.report;
      if (msg.type === 'report') finalReport = msg.report;
    });
    child.on('error', (error) => {
      // Spawn failures (ENOENT of the node binary, EAGAIN) land here, not in fork().
      finish(withPartial({ ok: false, reason: 'error', detail: msg('run.process', { why: message(error) }), durationMs: elapsed() }));
    });
    // 'close' comes after the IPC channel and pipes are drained, so a report sent just before exit
    // is not lost to 'exit' arriving first; the grace timer covers a grandchild holding a pipe open.
    let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    const conclude = () => {
      const durationMs = elapsed();
      if (finalReport) {
        if (finalReport.unavailable !== null) {
          finish({ ok: false, reason: 'unavailable', detail: finalReport.unavailable, durationMs });
        } else {
          finish({ ok: true, report: finalReport, durationMs });
        }
        return;
      }
      const tail = stderr.trim() ? msg('run.tail', { stderr: stderr.trim().split('\n').slice(-5).join(' | ') }) : '';
      const detail = exitInfo?.signal
        ? msg('run.killed', { signal: exitInfo.signal, tail })
        : msg('run.noReport', { code: exitInfo?.code ?? msg('run.unknownCode'), tail });
      finish(withPartial({ ok: false, reason: 'crashed', detail, durationMs }));
    };
    child.on('exit', (code, signal) => {
      exitInfo = { code, signal };
      setTimeout(conclude, CLOSE_GRACE_MS).unref();
    });
    child.on('close', conclude);
  });
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
