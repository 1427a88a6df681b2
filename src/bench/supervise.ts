// Runs the bench child under a watchdog and relays its progress: a hung driver call or a segfault in
// cuBLAS becomes a failed run with a reason, never a frozen or crashed CLI.
import { getLang } from '../i18n/index.js';
import { track } from '../process/children.js';
import { forkSelf } from '../process/self.js';
import type { ChildOut, ChildStart } from './child.js';
import { msg } from './messages.js';
import type { BenchRun } from './types.js';

export type SuperviseOutcome = { ok: true; run: BenchRun } | { ok: false; reason: 'timeout' | 'crashed' | 'failed'; detail: string };

export interface SuperviseOptions {
  start: Omit<ChildStart, 'type'>;
  timeoutMs: number;
  /** A step started (its key, see progress.ts) or a free-text note (step undefined). */
  onProgress?: (text: string, step?: string) => void;
  childScript?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

export function superviseBench(options: SuperviseOptions): Promise<SuperviseOutcome> {
  return new Promise((resolve) => {
    const child = forkSelf('bench', options.childScript ?? new URL('./child.js', import.meta.url), {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      execArgv: [],
      serialization: 'json',
      ...(options.env ? { env: Object.fromEntries(Object.entries(options.env).filter((e): e is [string, string] => e[1] !== undefined)) } : {}),
    });
    track(child, false);
    let settled = false;
    let stderr = '';
    let run: BenchRun | undefined;
    let fatal: string | undefined;
    const finish = (o: SuperviseOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(watchdog);
      resolve(o);
    };
    const watchdog = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ ok: false, reason: 'timeout', detail: msg('supervise.timeout', { s: Math.round(options.timeoutMs / 1000) }) });
    }, options.timeoutMs);
    child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-2048)));
    child.on('message', (m: ChildOut) => {
      if (m.type === 'progress') options.onProgress?.(m.text, m.step);
      else if (m.type === 'done') run = m.run;
      else fatal = m.message;
    });
    child.on('error', (e) => finish({ ok: false, reason: 'failed', detail: e.message }));
    child.on('exit', (code, signal) => {
      // Give the IPC channel a moment to deliver a message sent just before exit.
      setTimeout(() => {
        if (run) finish({ ok: true, run });
        else if (fatal) finish({ ok: false, reason: 'failed', detail: fatal });
        else {
          const tail = stderr.trim() ? `: ${stderr.trim().split('\n').slice(-4).join(' | ')}` : '';
          const how = signal ? msg('supervise.killed', { signal }) : msg('supervise.exited', { code: String(code) });
          finish({ ok: false, reason: 'crashed', detail: `${how}${tail}` });
        }
      }, 100);
    });
    child.send({ type: 'start', lang: getLang(), ...options.start } satisfies ChildStart);
  });
}
