// `gpuenv bench`: prove the GPU works and performs as it should. Options in, a supervised benchmark child
// (native engine in a worker thread, or the user's torch), a table against expectations and findings out.
import { EXIT, ExitError, UsageError } from '../errors.js';
import { renderBenchText, benchJson } from '../bench/render.js';
import { planConfig } from '../bench/plan.js';
import { findings, linkVerdicts, verdicts } from '../bench/report.js';
import { superviseBench } from '../bench/supervise.js';
import { planSteps, startProgress } from '../bench/progress.js';
import { nodeIdentity } from '../probe/node-identity.js';
import { NODE_OPTIONS, nodeOptionValues, writeNodeResult } from '../fleet/out-dir.js';
import { msg } from './messages.js';
import { msg as benchMsg } from '../bench/messages.js';
import type { Engine, Mode } from '../bench/types.js';
import { makeStyle } from '../render/style.js';
import { takeSnapshot } from '../probe/take.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'bench [--quick|--full] [--engine native|torch] [--gpu INDEX]… [--json] [--timeout SECONDS] [--python PATH] [--out-dir DIR] [--node-name NAME]',
  help: () => [
    benchMsg('opt.quick'),
    benchMsg('opt.full'),
    benchMsg('opt.engine'),
    benchMsg('opt.gpu'),
    benchMsg('opt.timeout'),
    benchMsg('opt.python'),
    msg('cli.fleet.opt.outDir'),
    msg('cli.fleet.opt.nodeName'),
  ],
  examples: ['gpuenv bench --quick', 'gpuenv bench --engine torch --gpu 0', 'gpuenv bench --full --json > bench.json'],
  options: {
    quick: { type: 'boolean' },
    full: { type: 'boolean' },
    engine: { type: 'string' },
    gpu: { type: 'string', multiple: true },
    timeout: { type: 'string' },
    python: { type: 'string' },
    ...NODE_OPTIONS,
  },
  allowPositionals: false,
};

export async function run(ctx: CommandContext): Promise<number> {
  const v = ctx.values;
  if (v.quick && v.full) throw new UsageError(benchMsg('usage.both'));
  const mode: Mode = v.quick ? 'quick' : v.full ? 'full' : 'normal';
  const engine = (v.engine ?? 'native') as Engine;
  if (engine !== 'native' && engine !== 'torch') throw new UsageError(benchMsg('usage.engine', { engine: String(v.engine) }));
  const gpuArgs = Array.isArray(v.gpu) ? v.gpu.map(String) : [];
  for (const g of gpuArgs) if (!/^\d+$/.test(g)) throw new UsageError(benchMsg('usage.gpu', { gpu: g }));
  const timeoutS = v.timeout === undefined ? 600 : Number(v.timeout);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new UsageError(`--timeout ${String(v.timeout)}: give seconds, e.g. --timeout 120`);
  const sys = await ctx.system();
  if (sys.isForeignRoot) throw new UsageError(benchMsg('usage.root'));
  const { outDir, nodeName } = nodeOptionValues(v);
  // --out-dir: the JSON document goes to DIR/<node>.json and stdout stays empty.
  const emit = async (doc: Record<string, unknown>) => {
    const node = nodeIdentity(sys.env, sys.hostname(), nodeName);
    const full = { ...doc, node };
    if (outDir !== undefined) ctx.io.err(`${msg('cli.fleet.written', { file: await writeNodeResult(ctx.io.cwd, outDir, node, full) })}\n`);
    else ctx.io.out(`${JSON.stringify(full, null, 2)}\n`);
  };

  const t0 = performance.now();
  const phasesMs: Record<string, number> = {};
  let mark = t0;
  const phase = (name: string) => {
    const now = performance.now();
    phasesMs[name] = Math.round(now - mark);
    mark = now;
  };
  // The cheap question first: no GPU means a clear answer in well under 2 s, before any Python probing.
  const native = await sys.probeNative({ timeoutMs: 8_000 });
  phase('native probe (NVML, CUDA)');
  const nvmlCount = native.ok ? (native.report.nvml?.initRc === 0 ? (native.report.nvml.deviceCount ?? 0) : 0) : 0;
  const cudaCount = native.ok ? (native.report.cuda?.initRc === 0 ? (native.report.cuda.deviceCount ?? 0) : 0) : 0;
  if (Math.max(nvmlCount, cudaCount) === 0) {
    const nvml = native.ok ? (native.report.nvml?.initError ?? native.report.nvml?.library.error ?? 'no devices') : native.detail;
    const cuda = native.ok ? (native.report.cuda?.initError ?? native.report.cuda?.library.error ?? 'no devices') : native.detail;
    if (ctx.globals.json || outDir !== undefined) await emit({ ok: false, error: 'no-gpu', nvml, cuda });
    throw new ExitError(EXIT.problems, `${benchMsg('noGpu')}\n${benchMsg('noGpuWhy', { nvml, cuda })}\n${benchMsg('noGpuFix')}`);
  }
  const count = Math.max(nvmlCount, cudaCount);
  const gpus = gpuArgs.length ? [...new Set(gpuArgs.map(Number))] : Array.from({ length: count }, (_, i) => i);
  for (const g of gpus) if (g >= count) throw new UsageError(benchMsg('usage.gpu', { gpu: String(g) }), `0 … ${count - 1}`);

  const extra = typeof v.python === 'string' ? [v.python] : [];
  // The Snapshot reuses that probe's answer: a second child with its own cuInit cost ~0.4 s.
  const probed = Object.create(sys, { probeNative: { value: async () => native } }) as typeof sys;
  const snap = await takeSnapshot(probed, { timeoutMs: 5_000, python: { extraPythons: extra, deep: false } });
  phase('Snapshot (libraries, Python environments)');
  const config = planConfig(mode, gpus, snap);
  const python =
    (extra[0] && engine === 'torch' ? extra[0] : null) ?? snap.python.find((p) => p.python && p.packages.some((k) => k.name === 'torch'))?.python ?? null;
  if (engine === 'torch' && !python) throw new ExitError(EXIT.problems, benchMsg('noTorch'));
  const allReduce = gpus.length >= 2;
  ctx.io.err(`${benchMsg('start', { engine, mode, gpus: gpus.join(', ') })}\n`);
  const progress = startProgress({
    steps: planSteps(config, engine, allReduce),
    engine,
    write: ctx.io.err,
    ...(ctx.io.status ? { status: ctx.io.status } : {}),
  });
  let outcome: Awaited<ReturnType<typeof superviseBench>>;
  try {
    outcome = await superviseBench({
      start: { engine, config, python, allReduce, pythonTimeoutMs: Math.max(10_000, timeoutS * 1000 - 5_000), sampleEveryMs: 200 },
      timeoutMs: timeoutS * 1000,
      onProgress: (text, step) => progress.update(step, text),
      env: ctx.io.env,
    });
  } finally {
    progress.done();
  }
  phase('benchmark child (start, engine, exit)');
  if (!outcome.ok) throw new ExitError(EXIT.problems, benchMsg('failed', { reason: outcome.reason, detail: outcome.detail }));
  outcome.run.phasesMs = { ...phasesMs, ...outcome.run.phasesMs };
  const found = findings(outcome.run);
  if (ctx.globals.json || outDir !== undefined) await emit(benchJson(outcome.run, found));
  else ctx.io.out(renderBenchText(outcome.run, found, makeStyle(ctx.io.color)));
  const wrong = outcome.run.result.gemms.some((g) => !g.check.ok);
  // Exit 1 whenever the verdict lines say NOT normal (a low row with no finding behind it included), so a script or a
  // fleet run reads the same answer a person does.
  const bad =
    found.some((f) => f.severity !== 'info') ||
    wrong ||
    outcome.run.result.errors.length > 0 ||
    verdicts(outcome.run, found).some((v) => !v.normal) ||
    linkVerdicts(outcome.run).some((v) => !v.normal);
  return bad ? EXIT.problems : EXIT.ok;
}
