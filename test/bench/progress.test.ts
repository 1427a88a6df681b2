// The progress of `gpuenv bench` on stderr: one line rewritten in place on a terminal, plain lines otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { planConfig } from '../../src/bench/plan.js';
import { planSteps, progressLine, startProgress } from '../../src/bench/progress.js';
import { setLang } from '../../src/i18n/index.js';

const config = planConfig('quick', [0], null);
const steps = planSteps(config, 'native', false);

afterEach(() => setLang('en'));

/** Drives a reporter through a fake clock: [ms after start, step key or undefined, text]. */
function drive(tty: boolean, events: [number, string | undefined, string][]) {
  let now = 0;
  const lines: string[] = [];
  const status: string[] = [];
  const p = startProgress({
    steps,
    engine: 'native',
    write: (t) => lines.push(t),
    ...(tty ? { status: (t) => status.push(t) } : {}),
    now: () => now,
    refreshS: 0,
  });
  for (const [t, key, text] of events) {
    now = t;
    p.update(key, text);
  }
  p.done();
  return { lines, status };
}

const run: [number, string | undefined, string][] = [
  [0, 'start', 'start'],
  [600, undefined, 'cublasLt 13.1.0: /usr/local/cuda/lib64/libcublasLt.so.13'],
  [900, 'copies:0:1048576', 'gpu 0: copies 1 MiB'],
  [2000, 'gemm:0:bf16:8192', 'gpu 0: bf16 GEMM 8192³'],
  [3000, 'matmul:0', 'gpu 0: fp32 matmul'],
];

describe('bench progress', () => {
  it('plans the steps the engines announce, in their order', () => {
    expect(steps.map((s) => s.key)).toEqual([
      'start',
      'copies:0:1048576',
      'copies:0:33554432',
      'copies:0:268435456',
      'host:0',
      'xcpu:0',
      'gemm:0:fp32:8192',
      'gemm:0:tf32:8192',
      'gemm:0:fp16:8192',
      'gemm:0:bf16:8192',
      'gemm:0:fp8:8192',
      'matmul:0',
    ]);
  });
  it('not a terminal: one plain line per step, notes indented, nothing rewritten', () => {
    const { lines, status } = drive(false, run);
    expect(status).toEqual([]);
    expect(lines.join('')).toMatchInlineSnapshot(`
      "  [1/12] starting the native engine (CUDA context, libraries) · about 5 s left
          cublasLt 13.1.0: /usr/local/cuda/lib64/libcublasLt.so.13
        [2/12] GPU 0: copies of 1 MiB · about 6 s left
        [10/12] GPU 0: bf16 GEMM 8192³ · about 1 s left
        [12/12] GPU 0: fp32 matmul 10000³ (the seed guide check) · about 1 s left
      "
    `);
    expect(lines.join('')).not.toMatch(/[\r\x1b]/);
  });
  it('a terminal: the status line only (no newline, no note), cleared at the end', () => {
    const { lines, status } = drive(true, run);
    expect(lines).toEqual([]);
    expect(status).toMatchInlineSnapshot(`
      [
        "[1/12] starting the native engine (CUDA context, libraries) · about 5 s left",
        "[2/12] GPU 0: copies of 1 MiB · about 6 s left",
        "[10/12] GPU 0: bf16 GEMM 8192³ · about 1 s left",
        "[12/12] GPU 0: fp32 matmul 10000³ (the seed guide check) · about 1 s left",
        "",
      ]
    `);
  });
  it('the time left scales the plan by how fast the run went so far', () => {
    const slow = drive(false, [
      [0, 'start', ''],
      [5000, 'copies:0:1048576', ''],
    ]);
    const fast = drive(false, [
      [0, 'start', ''],
      [700, 'copies:0:1048576', ''],
    ]);
    const left = (t: string) => Number(/about (\d+) s left/.exec(t)?.[1]);
    expect(left(slow.lines[1]!)).toBeGreaterThan(3 * left(fast.lines[1]!));
  });
  it('cut to the terminal width, and in Chinese', () => {
    expect(progressLine({ step: 3, steps: 12, text: 'GPU 0: copies of 256 MiB', leftS: 4.4 }, 24)).toBe('[3/12] GPU 0: copies o…');
    setLang('zh-CN');
    expect(progressLine({ step: 3, steps: 12, text: 'GPU 0：256 MiB 拷贝', leftS: 4.4 }, null)).toBe('[3/12] GPU 0：256 MiB 拷贝 · 约剩 4 秒');
  });
});
