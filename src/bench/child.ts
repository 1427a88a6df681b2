// The bench child process: samples NVML on its main thread while the engine runs (native: in one Worker;
// torch: in the user's Python), then optionally an NCCL all-reduce. A crash or hang here costs the CLI
// one failed benchmark, never itself. Messages go to the parent over IPC; nothing on stdout.
import { spawn } from 'node:child_process';
import { type Lang, setLang } from '../i18n/index.js';
import { loadKoffi } from '../native/koffi.js';
import { killAll, track } from '../process/children.js';
import { startWorker } from '../process/self.js';
import { msg as benchMsg } from './messages.js';
import { ALLREDUCE_PY, TORCH_BENCH_PY } from './torch-script.js';
import type { AllReduceResult, BenchRun, ClockSample, EngineConfig, EngineMessage, EngineResult, Engine } from './types.js';

export interface ChildStart {
  type: 'start';
  /** The CLI's language: the child's errors and notes, and its engine thread's, are written in it. */
  lang?: Lang;
  engine: Engine;
  config: EngineConfig;
  /** Python with torch, for --engine torch and the all-reduce. */
  python: string | null;
  allReduce: boolean;
  /** Limit for the Python engine and for torchrun, ms. */
  pythonTimeoutMs: number;
  sampleEveryMs: number;
  /** Tests: a module exporting runNativeEngine, used instead of the real one. */
  engineModule?: string;
  /** How long the native NCCL all-reduce may take before the engine thread is given up (default 120 s). */
  allReduceTimeoutMs?: number;
}

export type ChildOut = { type: 'progress'; text: string; step?: string } | { type: 'done'; run: BenchRun } | { type: 'fatal'; message: string };

function send(m: ChildOut): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(m, undefined, {}, () => resolve()) : resolve()));
}

async function main(start: ChildStart): Promise<void> {
  if (start.lang) setLang(start.lang);
  // Node's start-up until this module ran, then each part of the child's own work.
  const phasesMs: Record<string, number> = { 'child: Node start': Math.round(performance.now()) };
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phasesMs[name] = Math.round(now - mark);
    mark = now;
  };
  const koffi = await loadKoffi().catch(() => undefined);
  const { openSampler } = await import('./sampler.js');
  const sampler = koffi ? await openSampler(koffi, start.config.gpus).catch((e: unknown) => String(e)) : benchMsg('child.noKoffi');
  phase('child: koffi + NVML');
  const clocks: ClockSample[] = [];
  const t0 = performance.now();
  const tick = () => {
    if (typeof sampler !== 'string') clocks.push(...sampler.sample(Math.round(performance.now() - t0)));
  };
  tick();
  const timer = setInterval(tick, start.sampleEveryMs);
  const progress = (text: string, step?: string) => void send({ type: 'progress', text, ...(step ? { step } : {}) });
  let result: EngineResult;
  let abandoned = false;
  try {
    const out = start.engine === 'native' ? await runWorker(start, progress) : { result: await runTorch(start, progress), abandoned: false };
    result = out.result;
    abandoned = out.abandoned;
    phase(`child: ${start.engine} engine`);
    const minGpus = start.config.allReduce?.minGpus ?? 2;
    if (start.allReduce && start.config.gpus.length >= minGpus && !result.allReduce && !abandoned) {
      // The native engine ran NCCL itself when it found libnccl; otherwise (and for the torch engine) torchrun.
      const why = result.allReduceSkipped;
      if (start.python) {
        progress(`NCCL all-reduce over ${start.config.gpus.length} GPUs (torchrun)`, 'allreduce');
        result.allReduce = { ...(await runAllReduce(start)), ...(why ? { fallback: why } : {}) };
        delete result.allReduceSkipped;
      } else result.allReduceSkipped = why ? benchMsg('child.noNcclNoTorch', { why }) : benchMsg('child.noTorchAllReduce');
      phase('child: all-reduce');
    }
  } finally {
    clearInterval(timer);
  }
  tick();
  if (typeof sampler === 'string') result.errors.push(`NVML: ${sampler}`);
  const run: BenchRun = {
    mode: start.config.mode,
    engine: start.engine,
    gpus: start.config.gpus,
    result,
    clocks,
    before: typeof sampler === 'string' ? [] : sampler.gpus,
    eccAfter: Object.fromEntries(start.config.gpus.map((g) => [g, typeof sampler === 'string' ? null : sampler.ecc(g)])),
    phasesMs,
  };
  const ncclEnv = Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('NCCL_') && e[1] !== undefined);
  if (ncclEnv.length > 0 && start.config.gpus.length >= 2) run.ncclEnv = Object.fromEntries(ncclEnv);
  if (typeof sampler !== 'string') {
    const links = sampler.links();
    if (links.length > 0) run.links = links;
    sampler.close();
  }
  await send({ type: 'done', run });
  // A thread stuck in a native call keeps the process alive: the result is sent, so end it hard.
  if (abandoned) process.kill(process.pid, 'SIGKILL');
}

/** The engine thread's result; abandoned: it hung in NCCL and what it measured before is returned instead. */
function runWorker(start: ChildStart, progress: (t: string, step?: string) => void): Promise<{ result: EngineResult; abandoned: boolean }> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./worker.js', import.meta.url), {
      workerData: { config: start.config, engineModule: start.engineModule, lang: start.lang },
    });
    let done = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const settle = (f: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(watchdog);
      f();
    };
    worker.on('message', (msg: EngineMessage) => {
      if (msg.type === 'progress') progress(msg.text, msg.step);
      else if (msg.type === 'partial') {
        const limit = start.allReduceTimeoutMs ?? 120_000;
        clearTimeout(watchdog);
        watchdog = setTimeout(() => {
          const result = msg.result;
          result.allReduce = null;
          result.errors.push(benchMsg('child.allReduceHung', { s: Math.round(limit / 1000) }));
          settle(() => resolve({ result, abandoned: true }));
        }, limit);
      } else if (msg.type === 'result') settle(() => resolve({ result: msg.result, abandoned: false }));
      else settle(() => reject(new Error(msg.message)));
    });
    worker.on('error', (e) => settle(() => reject(e)));
    worker.on('exit', (code) => settle(() => reject(new Error(benchMsg('child.threadExit', { code: String(code) })))));
  });
}

interface Proc {
  stdout: string;
  stderr: string;
  code: number | null;
  timedOut: boolean;
}

function runPython(python: string, args: string[], timeoutMs: number, onLine?: (line: string) => void): Promise<Proc> {
  return new Promise((resolve) => {
    const p = spawn(python, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    track(p, true);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const kill = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-p.pid!, 'SIGKILL');
      } catch {
        p.kill('SIGKILL');
      }
    }, timeoutMs);
    p.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    let partial = '';
    p.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-8000);
      partial += c;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) onLine?.(l.trim());
    });
    p.on('error', (e) => {
      clearTimeout(kill);
      resolve({ stdout, stderr: `${stderr}${e.message}`, code: null, timedOut });
    });
    p.on('close', (code) => {
      clearTimeout(kill);
      resolve({ stdout, stderr, code, timedOut });
    });
  });
}

function lastJson<T>(stdout: string): T | undefined {
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  try {
    return line ? (JSON.parse(line) as T) : undefined;
  } catch {
    return undefined;
  }
}

async function runTorch(start: ChildStart, progress: (t: string, step?: string) => void): Promise<EngineResult> {
  if (!start.python) throw new Error(benchMsg('noTorch'));
  progress('torch', 'start');
  // The script names each step as one JSON line on stderr; any other line (a warning) is passed on as text.
  const onLine = (l: string) => {
    const step = l.startsWith('{"step"') ? stepOf(l) : undefined;
    if (step) progress(step, step);
    else progress(`torch: ${l}`);
  };
  const r = await runPython(start.python, ['-c', TORCH_BENCH_PY, JSON.stringify(start.config)], start.pythonTimeoutMs, onLine);
  const result = lastJson<EngineResult>(r.stdout);
  if (result) return result;
  throw new Error(
    benchMsg('child.torchFailed', { python: start.python, why: why(r, start.pythonTimeoutMs), tail: r.stderr.trim().split('\n').slice(-3).join(' | ') }),
  );
}

function stepOf(line: string): string | undefined {
  try {
    const v = (JSON.parse(line) as { step?: unknown }).step;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

function why(r: Proc, timeoutMs: number): string {
  return r.timedOut ? benchMsg('child.timedOut', { ms: timeoutMs }) : benchMsg('child.exited', { code: String(r.code) });
}

async function runAllReduce(start: ChildStart): Promise<AllReduceResult> {
  const n = start.config.gpus.length;
  const ar = start.config.allReduce;
  const sizes = ar?.sizes.length ? ar.sizes : [256 * 1024 * 1024];
  const bytes = Math.max(...sizes);
  // The measured GPUs, as torchrun ranks 0 … n−1 (CUDA_VISIBLE_DEVICES narrowed to them when a subset was asked).
  const r = await runPython(
    start.python!,
    [
      '-m',
      'torch.distributed.run',
      '--standalone',
      `--nproc-per-node=${n}`,
      '--no-python',
      start.python!,
      '-c',
      ALLREDUCE_PY,
      sizes.join(','),
      String(ar?.iters ?? 20),
      start.config.gpus.join(','),
    ],
    start.pythonTimeoutMs,
  );
  const out = lastJson<AllReduceResult>(r.stdout);
  if (out) return { ...out, via: 'torchrun' };
  return {
    gpus: n,
    bytes,
    algbwGBs: 0,
    busbwGBs: 0,
    samplesMs: [],
    ok: false,
    error: benchMsg('child.torchrunFailed', { why: why(r, start.pythonTimeoutMs), tail: r.stderr.trim().split('\n').slice(-3).join(' | ') }),
    via: 'torchrun',
  };
}

// When the CLI goes (Ctrl-C, a kill, its watchdog), the IPC channel closes: take the Python engine's
// process group along rather than leave torch running on the GPU.
process.once('disconnect', () => {
  killAll();
  process.exit(143);
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 129);
  });
}

process.once('message', (m: ChildStart) => {
  main(m).then(
    () => process.exit(0),
    async (error: unknown) => {
      await send({ type: 'fatal', message: error instanceof Error ? error.message : String(error) });
      process.exit(70);
    },
  );
});
