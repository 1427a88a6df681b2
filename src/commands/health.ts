// `gpuenv health`: node-scoped checks (driver, GPUs, memory errors, kernel log, fabric, modes, clocks) with the exit
// contract schedulers act on: 0 keep in service, 1 a node-scoped error, 2 usage, 3 gpuenv failed (never a drain unless
// --fail-closed). One run feeds every format: JSON, the Prometheus textfile, the NFD feature file, an NPD line, a drain.
import { UsageError } from '../errors.js';
import { NODE_OPTIONS, nodeOptionValues, writeNodeResult } from '../fleet/out-dir.js';
import { nodeIdentity, nonBlank } from '../probe/node-identity.js';
import { checkHealth, failedHealth, judgeHealth } from '../health/check.js';
import { renderNfd } from '../health/nfd.js';
import { npdExit, renderNpd } from '../health/npd.js';
import { renderProm } from '../health/prom.js';
import { msg } from './messages.js';
import { msg as healthMsg } from '../health/messages.js';
import { actionLabel, renderHealthText } from '../health/render.js';
import { applySlurmDrain, type SlurmAction } from '../health/slurm.js';
import type { HealthResult } from '../health/types.js';
import { makeStyle } from '../render/style.js';
import { readSnapshotFile } from '../snapshot/read.js';
import { parseDuration, parseTimeout } from '../system/duration.js';
import { writeOutput } from '../system/output-file.js';
import type { CommandContext, CommandDetails } from './types.js';

const FORMATS = ['human', 'json', 'prom', 'npd'] as const;
type Format = (typeof FORMATS)[number];

/** Per-probe limit: a HealthCheckProgram is killed at 60 s and NHC's watchdog is 30 s; the whole run stays ≤ 10 s. */
const DEFAULT_TIMEOUT_MS = 3_000;

export const details: CommandDetails = {
  usage:
    'health [--json|--format human|json|prom|npd] [--prom-textfile FILE] [--nfd-features FILE [--nfd-ttl DURATION]] [--expect-gpus N] [--slurm-drain|--prolog] [--fail-closed] [--warn-exit 0|1] [--every DURATION] [--snapshot FILE] [--timeout SECONDS] [--out-dir DIR] [--node-name NAME]',
  help: () => [
    healthMsg('opt.format'),
    healthMsg('opt.promTextfile'),
    healthMsg('opt.nfdFeatures'),
    healthMsg('opt.nfdTtl'),
    healthMsg('opt.expectGpus'),
    healthMsg('opt.slurmDrain'),
    healthMsg('opt.prolog'),
    healthMsg('opt.failClosed'),
    healthMsg('opt.warnExit'),
    healthMsg('opt.every'),
    healthMsg('opt.snapshot'),
    healthMsg('opt.timeout'),
    msg('cli.fleet.opt.outDir'),
    msg('cli.fleet.opt.nodeName'),
  ],
  examples: [
    'gpuenv health',
    'gpuenv health --json --expect-gpus 8',
    'gpuenv health --format prom --prom-textfile /var/lib/prometheus/node-exporter/gpuenv.prom',
    'gpuenv health --slurm-drain',
    'gpuenv health --format npd',
  ],
  options: {
    format: { type: 'string' },
    'prom-textfile': { type: 'string' },
    'nfd-features': { type: 'string' },
    'nfd-ttl': { type: 'string' },
    'expect-gpus': { type: 'string' },
    'slurm-drain': { type: 'boolean' },
    prolog: { type: 'boolean' },
    'fail-closed': { type: 'boolean' },
    'warn-exit': { type: 'string' },
    every: { type: 'string' },
    snapshot: { type: 'string' },
    timeout: { type: 'string' },
    ...NODE_OPTIONS,
  },
  allowPositionals: false,
  // In a Prolog any non-zero exit drains the node: gpuenv's own failures (a bad flag, a crash) must not, unless asked.
  failureExit: (code, args) => {
    if (args.includes('--fail-closed')) return 1;
    if (args.includes('--prolog')) return 0;
    return args.includes('--format=npd') || args.join(' ').includes('--format npd') ? 2 : code;
  },
};

interface Settings {
  format: Format;
  promFile: string | undefined;
  nfdFile: string | undefined;
  nfdTtl: number;
  expectGpus: number | undefined;
  drain: boolean;
  prolog: boolean;
  failClosed: boolean;
  warnExit: boolean;
  every: number | undefined;
  snapshotFile: string | undefined;
  timeoutMs: number;
  outDir: string | undefined;
  nodeName: string | undefined;
}

function settings(ctx: CommandContext): Settings {
  const v = ctx.values;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const format = (str('format') ?? (ctx.globals.json ? 'json' : 'human')) as Format;
  if (!FORMATS.includes(format)) throw new UsageError(healthMsg('err.format', { format, formats: FORMATS.join(', ') }));
  if (ctx.globals.json && str('format') && format !== 'json') throw new UsageError(healthMsg('err.jsonAndFormat', { format }));
  const expect = str('expect-gpus');
  if (expect !== undefined && !/^\d{1,3}$/.test(expect)) throw new UsageError(healthMsg('err.expectGpus', { value: expect }));
  const warn = str('warn-exit') ?? '0';
  if (warn !== '0' && warn !== '1') throw new UsageError(healthMsg('err.warnExit', { value: warn }));
  if (v['slurm-drain'] && v.prolog) throw new UsageError(healthMsg('err.drainAndProlog'));
  const every = str('every') === undefined ? undefined : parseDuration(str('every')!, '--every');
  const snapshotFile = str('snapshot');
  if (snapshotFile && (ctx.globals.root || every !== undefined)) throw new UsageError(healthMsg('err.snapshotLive'));
  const ttl = str('nfd-ttl');
  const { outDir, nodeName } = nodeOptionValues(v);
  return {
    format,
    promFile: str('prom-textfile'),
    nfdFile: str('nfd-features'),
    nfdTtl: ttl !== undefined ? parseDuration(ttl, '--nfd-ttl') : every !== undefined ? 3 * every : 15 * 60,
    expectGpus: expect === undefined ? undefined : Number(expect),
    drain: v['slurm-drain'] === true,
    prolog: v.prolog === true,
    failClosed: v['fail-closed'] === true,
    warnExit: warn === '1',
    every,
    snapshotFile,
    timeoutMs: parseTimeout(v.timeout) ?? DEFAULT_TIMEOUT_MS,
    outDir,
    nodeName,
  };
}

export async function run(ctx: CommandContext): Promise<number> {
  const o = settings(ctx);
  for (;;) {
    const code = await round(ctx, o);
    if (o.every === undefined) return code;
    await new Promise((r) => setTimeout(r, o.every! * 1000));
  }
}

async function round(ctx: CommandContext, o: Settings): Promise<number> {
  const { io } = ctx;
  const now = new Date();
  const result = await judge(ctx, o).catch((error: unknown): HealthResult => {
    if (error instanceof UsageError) throw error;
    return failedHealth({ env: io.env, hostname: () => null }, String((error as Error)?.message ?? error), o.nodeName, now);
  });
  if (result.status === 'unknown') io.err(healthMsg('run.undecided', { failure: result.failure ?? healthMsg('run.unknownFailure') }));
  // A file that cannot be written is reported, never a reason to skip the drain or to end an --every loop.
  const write = async (file: string, text: string) => {
    try {
      await writeOutput(io.cwd, file, text, true);
    } catch (error) {
      io.err(healthMsg('run.cannotWrite', { file, error: (error as Error).message }));
    }
  };
  if (o.promFile) await write(o.promFile, renderProm(result, new Date()));
  if (o.nfdFile) await write(o.nfdFile, renderNfd(result, new Date(), o.nfdTtl));
  let slurm: SlurmAction | null = null;
  if (o.drain) {
    // The node to act on is the one Slurm runs us on, whatever machine was judged (a saved Snapshot included).
    const node = nonBlank(o.nodeName) ?? nonBlank(io.env.SLURMD_NODENAME) ?? result.node.name;
    slurm = await applySlurmDrain(result, node, o.failClosed);
    if (slurm.action === 'failed' || slurm.action === 'kept-admin-reason')
      io.err(healthMsg('run.slurm', { action: actionLabel(slurm.action), detail: slurm.detail }));
  }
  const doc = { ...result, ...(slurm ? { slurm } : {}) };
  if (o.outDir !== undefined) {
    await writeNodeResult(io.cwd, o.outDir, result.node, doc).catch((error: Error) =>
      io.err(healthMsg('run.cannotWriteDir', { dir: o.outDir!, error: error.message })),
    );
  } else if (o.format === 'json') io.out(`${JSON.stringify(doc, null, 2)}\n`);
  else if (o.format === 'prom') io.out(renderProm(result, new Date()));
  else if (o.format === 'npd') io.out(renderNpd(result));
  else io.out(renderHealthText(result, makeStyle(io.color), slurm));
  return exitCode(result, o);
}

async function judge(ctx: CommandContext, o: Settings): Promise<HealthResult> {
  const started = performance.now();
  if (o.snapshotFile) {
    const snap = await readSnapshotFile(o.snapshotFile, ctx.io.cwd);
    const named = o.nodeName && snap.node ? { ...snap, node: { ...snap.node, name: o.nodeName } } : snap;
    return judgeHealth(named, {
      retried: [],
      started,
      fallbackNode: nodeIdentity({}, snap.hostname, o.nodeName),
      ...(o.expectGpus !== undefined ? { expectGpus: o.expectGpus } : {}),
    });
  }
  const sys = await ctx.system();
  return checkHealth(sys, {
    timeoutMs: o.timeoutMs,
    // 6 s a try by default (0.3 s on an H200): room for nvmlInit + cuInit on 8 GPUs without persistence; a hung
    // driver costs two tries, well under Slurm's 60 s kill.
    nativeTimeoutMs: 2 * o.timeoutMs,
    askSlurm: !o.prolog,
    ...(o.expectGpus !== undefined ? { expectGpus: o.expectGpus } : {}),
    ...(o.nodeName ? { nodeName: o.nodeName } : {}),
  });
}

function exitCode(r: HealthResult, o: Settings): number {
  if (r.status === 'unknown') return o.failClosed ? 1 : o.format === 'npd' ? 2 : o.prolog ? 0 : 3;
  if (o.format === 'npd') return npdExit(r) || (o.warnExit && r.status === 'warning' ? 1 : 0);
  if (r.status === 'error') return 1;
  return o.warnExit && r.status === 'warning' ? 1 : 0;
}
