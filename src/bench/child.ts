// The bench child process: samples NVML on its main thread while the engine runs (native: in one Worker;
// torch: in the user's Python), then optionally an NCCL all-reduce. A crash or hang here costs the CLI
// one failed benchmark, never itself. Messages go to the parent over IPC; nothing on stdout.
import { spawn } from 'node:child_process';
import { loadKoffi } from '../native/koffi.js';
import { killAll, track } from '../process/children.js';
import { startWorker } from '../process/self.js';
import { ALLREDUCE_PY, TORCH_BENCH_PY } from './torch-script.js';
import type { AllReduceResult, BenchRun, ClockSample, EngineConfig, EngineMessage, EngineResult, Engine } from './types.js';

export interface ChildStart {
  type: 'start';
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
}

export type ChildOut = { type: 'progress'; text: string; step?: string } | { type: 'done'; run: BenchRun } | { type: 'fatal'; message: string };

function send(m: ChildOut): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(m, undefined, {}, () => resolve()) : resolve()));
}

async function main(start: ChildStart): Promise<void> {
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
  const sampler = koffi ? await openSampler(koffi, start.config.gpus).catch((e: unknown) => String(e)) : 'koffi could not be loaded';
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
  try {
    result = start.engine === 'native' ? await runWorker(start, progress) : await runTorch(start, progress);
    phase(`child: ${start.engine} engine`);
    if (start.allReduce && start.config.gpus.length >= 2) {
      progress(`NCCL all-reduce over ${start.config.gpus.length} GPUs (torchrun)`, 'allreduce');
      result.allReduce = start.python ? await runAllReduce(start) : null;
      if (!start.python) result.errors.push('all-reduce: no Python with torch found');
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
  if (typeof sampler !== 'string') sampler.close();
  await send({ type: 'done', run });
}

function runWorker(start: ChildStart, progress: (t: string, step?: string) => void): Promise<EngineResult> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./worker.js', import.meta.url), { workerData: { config: start.config, engineModule: start.engineModule } });
    let done = false;
    worker.on('message', (m: EngineMessage) => {
      if (m.type === 'progress') progress(m.text, m.step);
      else if (m.type === 'result') {
        done = true;
        resolve(m.result);
      } else {
        done = true;
        reject(new Error(m.message));
      }
    });
    worker.on('error', (e) => {
      done = true;
      reject(e);
    });
    worker.on('exit', (code) => {
      if (!done) reject(new Error(`benchmark thread exited with code ${code} without a result`));
    });
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
  if (!start.python) throw new Error('no Python environment with torch was found');
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
  const why = r.timedOut ? `timed out after ${start.pythonTimeoutMs} ms` : `exited with ${r.code}`;
  throw new Error(`torch engine (${start.python}) ${why}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
}

function stepOf(line: string): string | undefined {
  try {
    const v = (JSON.parse(line) as { step?: unknown }).step;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

async function runAllReduce(start: ChildStart): Promise<AllReduceResult> {
  const n = start.config.gpus.length;
  const bytes = 256 * 1024 * 1024;
  const r = await runPython(
    start.python!,
    ['-m', 'torch.distributed.run', '--standalone', `--nproc-per-node=${n}`, '--no-python', start.python!, '-c', ALLREDUCE_PY, String(bytes), '20'],
    start.pythonTimeoutMs,
  );
  const out = lastJson<AllReduceResult>(r.stdout);
  if (out) return out;
  const why = r.timedOut ? `timed out after ${start.pythonTimeoutMs} ms` : `exited with ${r.code}`;
  return { gpus: n, bytes, algbwGBs: 0, busbwGBs: 0, samplesMs: [], ok: false, error: `torchrun ${why}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}` };
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
