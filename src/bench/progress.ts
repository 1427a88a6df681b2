// Progress of a benchmark on stderr: the steps a config will run (each engine names the step it starts by key),
// a time-left estimate from planned costs scaled by how fast this machine went so far, and the line itself:
// one line rewritten in place on a terminal (Io.status), plain lines otherwise. stdout never sees any of it.
import { truncateDisplay } from '../render/width.js';
import { msg } from './messages.js';
import type { Dtype, Engine, EngineConfig } from './types.js';

export interface PlannedStep {
  /** The key an engine posts when it starts the step ("copies:0:1048576", "gemm:0:bf16:8192" …). */
  key: string;
  /** Rough cost on a current datacenter GPU, ms; only the ratios matter once the run is under way. */
  costMs: number;
}

/** Rough TFLOP/s for the planned cost of a GEMM (H200-class; the running calibration absorbs other GPUs). */
const PLAN_TFLOPS: Record<Dtype, number> = { fp32: 50, tf32: 400, fp16: 750, bf16: 750, fp8: 1400 };
const MiB = 1024 * 1024;

export function planSteps(config: EngineConfig, engine: Engine, allReduce: boolean): PlannedStep[] {
  const steps: PlannedStep[] = [{ key: 'start', costMs: engine === 'torch' ? 4500 : 700 }];
  for (const g of config.gpus) {
    for (const b of config.copySizes) steps.push({ key: `copies:${g}:${b}`, costMs: 40 + (2.3 * b) / MiB });
    steps.push({ key: `host:${g}`, costMs: 300 });
    if (config.seedIters > 0) steps.push({ key: `xcpu:${g}`, costMs: 350 * (config.seedIters + 1) });
    for (const dtype of config.dtypes) {
      for (const n of config.gemmSizes) {
        const launch = (2 * n ** 3) / (PLAN_TFLOPS[dtype] * 1e9);
        steps.push({ key: `gemm:${g}:${dtype}:${n}`, costMs: 60 + (n * n) / 4e5 + launch * (config.gemmIters + 6) });
      }
    }
    if (config.seedIters > 0) steps.push({ key: `matmul:${g}`, costMs: 300 + 42 * (config.seedIters + 6) });
  }
  if (config.p2p && config.gpus.length >= 2) steps.push({ key: 'p2p', costMs: 300 * config.gpus.length * (config.gpus.length - 1) });
  if (allReduce && config.gpus.length >= 2) steps.push({ key: 'allreduce', costMs: 8000 });
  return steps;
}

/** What a step key says, in the user's language. */
export function stepText(key: string, engine: Engine): string {
  const [what, gpu = '', a = '', b = ''] = key.split(':');
  switch (what) {
    case 'start':
      return msg('step.start', { engine });
    case 'copies':
      return msg('step.copies', { gpu, size: sizeText(Number(a)) });
    case 'host':
      return msg('step.host', { gpu });
    case 'xcpu':
      return msg('step.xcpu', { gpu });
    case 'gemm':
      return msg('step.gemm', { gpu, dtype: a, n: b });
    case 'matmul':
      return msg('step.matmul', { gpu });
    case 'p2p':
      return msg('step.p2p');
    case 'allreduce':
      return msg('step.allreduce');
    default:
      return key;
  }
}

export function sizeText(bytes: number): string {
  return bytes >= MiB ? `${bytes / MiB} MiB` : `${bytes / 1024} KiB`;
}

export interface ProgressState {
  step: number;
  steps: number;
  text: string;
  /** Seconds left, or null before there is anything to go by. */
  leftS: number | null;
}

/** The line for a state: `[k/n] text · about N s left`, cut to the terminal's width on a TTY. */
export function progressLine(state: ProgressState, columns: number | null): string {
  const left = state.leftS === null ? '' : msg('progress.left', { s: Math.max(1, Math.round(state.leftS)) });
  const line = msg('progress.line', { k: state.step, n: state.steps, what: state.text, left });
  return columns === null ? line : truncateDisplay(line, Math.max(11, columns - 1));
}

export interface ProgressOptions {
  steps: PlannedStep[];
  engine: Engine;
  /** Plain lines (stderr is not a terminal). */
  write: (text: string) => void;
  /** stderr is a terminal: the one line, rewritten in place and refreshed every second (Io.status). */
  status?: (line: string) => void;
  columns?: number;
  now?: () => number;
  /** Seconds between refreshes of the line on a terminal (the countdown); 0: none (tests). */
  refreshS?: number;
}

export interface Progress {
  /** A step started (its key), or a free-text note from the engine. */
  update(key: string | undefined, text: string): void;
  /** Clears the line on a terminal; call before anything else is written. */
  done(): void;
}

export function startProgress(o: ProgressOptions): Progress {
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const index = new Map(o.steps.map((s, i) => [s.key, i]));
  const total = o.steps.reduce((a, s) => a + s.costMs, 0);
  let current = -1;
  let stepStarted = t0;
  let text = '';
  let shown = false;
  const planned = (upTo: number) => o.steps.slice(0, upTo).reduce((a, s) => a + s.costMs, 0);
  const state = (): ProgressState => {
    const k = Math.max(0, current);
    const doneMs = planned(k);
    const inStep = Math.min(now() - stepStarted, o.steps[k]?.costMs ?? 0);
    // Planned work left, scaled by how this machine compares with the plan so far.
    const scale = doneMs + inStep > 500 ? (now() - t0) / (doneMs + inStep) : 1;
    const leftS = current < 0 ? null : ((total - doneMs - inStep) * scale) / 1000;
    return { step: k + 1, steps: o.steps.length, text, leftS };
  };
  const draw = () => {
    if (current < 0) return;
    if (o.status) {
      o.status(progressLine(state(), o.columns ?? null));
      shown = true;
    } else o.write(`  ${progressLine(state(), null)}\n`);
  };
  const timer = o.status && (o.refreshS ?? 1) > 0 ? setInterval(draw, (o.refreshS ?? 1) * 1000) : undefined;
  timer?.unref();
  return {
    update(key, note) {
      const i = key === undefined ? undefined : index.get(key);
      if (i === undefined) {
        // A note that is not a step (the library a run uses): a line of its own where lines are kept.
        if (!o.status) o.write(`    ${note}\n`);
        return;
      }
      current = i;
      stepStarted = now();
      text = stepText(key!, o.engine);
      draw();
    },
    done() {
      if (timer) clearInterval(timer);
      if (o.status && shown) o.status('');
    },
  };
}
