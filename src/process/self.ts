// How gpuenv starts parts of itself: from dist/ as Node scripts next to this module, or, in the
// standalone executable (a Node single-executable application, which has no script files), as the
// executable itself with a mode argument, and its bench thread from source embedded in it.
import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** argv[2] of a child started from the executable; honoured only with an IPC channel (see childMode). */
export const CHILD_FLAG = '--gpuenv-child';
export type ChildMode = 'native-probe' | 'bench';
const CHILD_MODES: readonly ChildMode[] = ['native-probe', 'bench'];

interface StandaloneRuntime {
  /** Source of the bench worker thread (embedded in the executable). */
  benchWorkerSource: () => string;
  /** An embedded file by its package-relative path (src/system/bundled.ts). */
  asset: (relPath: string) => string;
  /** Folder holding the verified koffi native module (koffi/<triplet>/koffi.node), made on first use. */
  koffiDir: () => string;
}

let standalone: StandaloneRuntime | undefined;

/** workerData key carrying StandaloneRuntime.koffiDir into the bench thread. */
export const WORKER_KOFFI_DIR = 'gpuenvKoffiDir';

/** Set once by the executable's entry point, before anything else runs. */
export function setStandalone(runtime: StandaloneRuntime): void {
  standalone = runtime;
}

export function standaloneRuntime(): StandaloneRuntime | undefined {
  return standalone;
}

/**
 * The mode a process of the executable was started in: a child mode only when its parent opened an
 * IPC channel (fork), so `gpuenv --gpuenv-child bench` typed by a person is just an unknown option.
 */
export function childMode(argv: readonly string[], hasIpc: boolean): ChildMode | undefined {
  if (!hasIpc || argv[0] !== CHILD_FLAG) return undefined;
  return CHILD_MODES.find((m) => m === argv[1]);
}

/** Forks a child part: `script` (a module URL beside the caller) under Node, the executable itself standalone. */
export function forkSelf(mode: ChildMode, script: URL | string, options: ForkOptions): ChildProcess {
  if (standalone && typeof script !== 'string') {
    return fork(CHILD_FLAG, [mode], { ...options, execPath: process.execPath, execArgv: [] });
  }
  return fork(typeof script === 'string' ? script : fileURLToPath(script), [], options);
}

/** Starts the bench worker thread: the module at `script` under Node, the embedded source standalone. */
export function startWorker(script: URL, options: WorkerOptions): Worker {
  if (standalone) {
    // The thread is a new realm: it learns where the verified koffi module lies from its workerData.
    const workerData = { ...(options.workerData as object | undefined), [WORKER_KOFFI_DIR]: standalone.koffiDir() };
    return new Worker(standalone.benchWorkerSource(), { ...options, workerData, eval: true });
  }
  return new Worker(script, options);
}
