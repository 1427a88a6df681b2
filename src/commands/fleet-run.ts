// `gpuenv fleet run`: options → plan → (dry run: print it) → run the engine → per-node results → summary.
import { UsageError } from '../errors.js';
import type { CommandContext } from './types.js';
import { msg } from '../fleet/messages.js';
import { executeFleetRun } from '../fleet/run/execute.js';
import { k8sNodes, k8sPlan } from '../fleet/run/k8s.js';
import { shellWord } from '../cuda/shell.js';
import { ENGINES, parallelShellArgv, slurmArgv, type Engine, type FleetRunOptions } from '../fleet/run/plan.js';
import { renderRunSummary, runFailed } from '../fleet/run/render.js';

const DEFAULT_TIMEOUT_S = 600;

function options(ctx: CommandContext, command: string[]): FleetRunOptions {
  const v = ctx.values;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const engine = str('via') as Engine | undefined;
  if (!engine || !ENGINES.includes(engine)) throw new UsageError(msg('run.via', { engine: engine ?? '?', engines: ENGINES.join(', ') }));
  const outDir = str('out-dir');
  if (!outDir) throw new UsageError(msg('run.outDir'));
  const int = (k: string, flag: string): number | undefined => {
    const t = str(k);
    if (t === undefined) return undefined;
    if (!/^\d{1,5}$/.test(t) || Number(t) === 0) throw new UsageError(msg('run.wholeNumber', { flag, value: t }));
    return Number(t);
  };
  const lists = Array.isArray(v.nodelist) ? v.nodelist.map(String) : [];
  const timeout = str('timeout');
  const timeoutS = timeout === undefined ? DEFAULT_TIMEOUT_S : Number(timeout);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0 || timeoutS > 86400) throw new UsageError(msg('run.timeout', { value: String(timeout) }));
  const rcmd = str('rcmd');
  if (rcmd !== undefined && rcmd !== 'ssh' && rcmd !== 'exec') throw new UsageError(msg('run.rcmd', { value: rcmd }));
  const o: FleetRunOptions = { engine, gpuenv: str('gpuenv') ?? 'gpuenv', command, outDir, timeoutS };
  const nodes = int('nodes', '-N');
  const gpus = int('gpus-per-node', '--gpus-per-node');
  if (nodes !== undefined) o.nodes = nodes;
  if (lists.length) o.nodelist = lists.join(',');
  if (str('partition')) o.partition = str('partition')!;
  if (str('constraint')) o.constraint = str('constraint')!;
  if (gpus !== undefined) o.gpusPerNode = gpus;
  if (rcmd) o.rcmd = rcmd;
  if (str('namespace')) o.namespace = str('namespace')!;
  if (str('selector')) o.selector = str('selector')!;
  if (str('image')) o.image = str('image')!;
  return o;
}

export async function fleetRun(ctx: CommandContext, command: string[]): Promise<number> {
  try {
    return await fleetRunChecked(ctx, command);
  } catch (error) {
    // The manifest generators refuse bad names, namespaces and images with a RangeError: the user's input, exit 2.
    if (error instanceof RangeError) throw new UsageError(`fleet run: ${error.message}`);
    throw error;
  }
}

async function fleetRunChecked(ctx: CommandContext, command: string[]): Promise<number> {
  const o = options(ctx, command);
  if (ctx.values['dry-run']) {
    if (o.engine === 'k8s') {
      const nodes = o.nodelist ? await k8sNodes(o) : ['NODE'];
      const plan = k8sPlan(o, nodes);
      ctx.io.out(`${plan.yaml}\n# ${msg('run.then')}\n${plan.commands.map((c) => `# ${c.map(shellWord).join(' ')}`).join('\n')}\n`);
      return 0;
    }
    const argv = o.engine === 'slurm' ? slurmArgv(o) : parallelShellArgv(o);
    ctx.io.out(`${argv.map(shellWord).join(' ')}\n`);
    return 0;
  }
  const summary = await executeFleetRun(ctx.io.cwd, o);
  if (ctx.globals.json) ctx.io.out(`${JSON.stringify(summary, null, 2)}\n`);
  else ctx.io.out(renderRunSummary(summary));
  return runFailed(summary) ? 1 : 0;
}
