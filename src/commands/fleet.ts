// `gpuenv fleet report|run|manifests|slurm-conf`: the fleet commands. report merges one JSON per node into drift,
// hardware counters and findings; run builds and runs the engine's own fan-out (srun, pdsh, clush, kubectl);
// manifests and slurm-conf print configuration for the admin to apply. Thin: the work is in src/fleet/.
import { UsageError } from '../errors.js';
import { msg } from '../fleet/messages.js';
import { readResults } from '../fleet/read-results.js';
import { renderReportMarkdown, renderReportText } from '../fleet/render.js';
import { resolve } from 'node:path';
import { baselineOf, fleetReport, reportFails } from '../fleet/report.js';
import { parseLock, readText } from '../lock/read.js';
import { makeStyle } from '../render/style.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: [
    'fleet report DIR|FILE… [--baseline LOCK] [--json|--markdown|--prom]',
    '       gpuenv fleet run --via slurm|pdsh|clush|k8s [-N COUNT] [-w HOSTLIST] [-p PARTITION] [-C FEATURE] [--gpus-per-node N] [-R ssh|exec] [--namespace NS] [-l SELECTOR] [--image IMAGE] [--gpuenv PATH] --out-dir DIR [--timeout SECONDS] [--dry-run] -- COMMAND…',
    '       gpuenv fleet manifests --k8s daemonset|job|npd-plugin [--image IMAGE] [--namespace NS] [--interval DURATION] [-w NODE…]',
    '       gpuenv fleet slurm-conf [--gpuenv PATH] [--interval SECONDS]',
  ].join('\n'),
  help: () => [
    msg('opt.inputs'),
    msg('opt.baseline'),
    msg('opt.markdown'),
    msg('opt.prom'),
    msg('opt.via'),
    msg('opt.engine'),
    msg('opt.gpuenv'),
    msg('opt.outDir'),
    msg('opt.dryRun'),
    msg('opt.k8s'),
    msg('opt.interval'),
  ],
  examples: [
    'gpuenv fleet report results/',
    'gpuenv fleet report results/ --markdown > fleet.md',
    'gpuenv fleet report results/ --baseline gpuenv.lock.json',
    'gpuenv fleet run --via slurm -N 40 --gpuenv /shared/bin/gpuenv-linux-x64 --out-dir /shared/gpuenv/today -- doctor',
    'gpuenv fleet run --via pdsh -w gpu[01-08] --out-dir results -- snapshot',
    'gpuenv fleet run --via slurm -w gpu[01-04] --out-dir results --dry-run -- health',
    'gpuenv fleet manifests --k8s daemonset --image registry.example/gpuenv:0.1.0 > gpuenv-health.yaml',
    'gpuenv fleet slurm-conf --gpuenv /shared/bin/gpuenv-linux-x64',
  ],
  options: {
    markdown: { type: 'boolean' },
    prom: { type: 'boolean' },
    baseline: { type: 'string' },
    via: { type: 'string' },
    nodes: { type: 'string', short: 'N' },
    nodelist: { type: 'string', short: 'w', multiple: true },
    partition: { type: 'string', short: 'p' },
    constraint: { type: 'string', short: 'C' },
    'gpus-per-node': { type: 'string' },
    rcmd: { type: 'string', short: 'R' },
    namespace: { type: 'string' },
    selector: { type: 'string', short: 'l' },
    image: { type: 'string' },
    gpuenv: { type: 'string' },
    'out-dir': { type: 'string' },
    timeout: { type: 'string' },
    'dry-run': { type: 'boolean' },
    k8s: { type: 'string' },
    interval: { type: 'string' },
  },
  allowPositionals: true,
};

export async function run(ctx: CommandContext): Promise<number> {
  const [sub, ...inputs] = ctx.positionals;
  if (sub === 'run') return (await import('./fleet-run.js')).fleetRun(ctx, inputs);
  if (sub === 'manifests' || sub === 'slurm-conf') return (await import('./fleet-config.js')).fleetConfig(ctx, sub, inputs);
  if (sub !== 'report') throw new UsageError(msg('usage.sub'), `gpuenv ${details.usage}`);
  if (inputs.length === 0) throw new UsageError(msg('usage.inputs'));
  if ([ctx.values.markdown, ctx.globals.json, ctx.values.prom].filter(Boolean).length > 1) throw new UsageError(msg('usage.oneFormat'));
  const { results, unreadable } = await readResults(ctx.io.cwd, inputs);
  const lockFile = typeof ctx.values.baseline === 'string' ? ctx.values.baseline : undefined;
  const baseline = lockFile ? baselineOf(await parseLock(await readText(resolve(ctx.io.cwd, lockFile), 'lock'), lockFile)) : {};
  const report = fleetReport(results, baseline);
  if (ctx.globals.json) ctx.io.out(`${JSON.stringify({ ...report, unreadable }, null, 2)}\n`);
  else if (ctx.values.markdown) ctx.io.out(renderReportMarkdown(report, unreadable));
  else if (ctx.values.prom) ctx.io.out((await import('../fleet/report-prom.js')).renderReportProm(report, unreadable));
  else ctx.io.out(renderReportText(report, unreadable, makeStyle(ctx.io.color)));
  return reportFails(report) || unreadable.length > 0 ? 1 : 0;
}
