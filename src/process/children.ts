// Every process gpuenv starts is known here, so Ctrl-C or SIGTERM ends them all: the probes run in
// their own process groups (a timeout must reach their grandchildren), which a terminal's Ctrl-C does
// not reach, and a SIGTERM from Slurm or kill reaches gpuenv alone.
import type { ChildProcess } from 'node:child_process';

interface Tracked {
  child: ChildProcess;
  /** Started with detached: true, so its pid is its process group. */
  group: boolean;
}

const live = new Set<Tracked>();

/** Registers a started child; the returned function forgets it (call it when the child is gone). */
export function track(child: ChildProcess, group: boolean): () => void {
  const entry = { child, group };
  live.add(entry);
  const forget = () => void live.delete(entry);
  child.once('exit', forget);
  child.once('error', forget);
  return forget;
}

export function killAll(): void {
  for (const { child, group } of live) {
    try {
      if (group && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  live.clear();
}

const EXIT_ON: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** In the process's entry point only: on INT/TERM/HUP, end every child, then exit 128+signal. */
export function exitOnSignals(): void {
  for (const [signal, code] of Object.entries(EXIT_ON)) {
    process.once(signal as NodeJS.Signals, () => {
      killAll();
      process.exit(code);
    });
  }
}
