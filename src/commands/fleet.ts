// `gpuenv fleet report DIR|FILES…`: one JSON per node merged into drift, hardware counters and findings.
import { UsageError } from '../errors.js';
import { fm } from '../fleet/messages.js';
import { readResults } from '../fleet/read-results.js';
import { renderReportMarkdown, renderReportText } from '../fleet/render.js';
import { resolve } from 'node:path';
import { baselineOf, fleetReport, reportFails } from '../fleet/report.js';
import { parseLock, readText } from '../lock/read.js';
import { makeStyle } from '../render/style.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'fleet report DIR|FILE… [--baseline LOCK] [--json|--markdown]',
  help: () => [fm('opt.inputs'), fm('opt.baseline'), fm('opt.markdown')],
  examples: ['gpuenv fleet report results/', 'gpuenv fleet report results/ --markdown > fleet.md', 'gpuenv fleet report gpu01.json gpu02.json --json', 'gpuenv fleet report results/ --baseline gpuenv.lock.json'],
  options: { markdown: { type: 'boolean' }, baseline: { type: 'string' } },
  allowPositionals: true,
};

export async function run(ctx: CommandContext): Promise<number> {
  const [sub, ...inputs] = ctx.positionals;
  if (sub !== 'report') throw new UsageError(fm('usage.sub'), `gpuenv ${details.usage}`);
  if (inputs.length === 0) throw new UsageError(fm('usage.inputs'));
  if (ctx.values.markdown && ctx.globals.json) throw new UsageError('--json and --markdown: choose one');
  const { results, unreadable } = await readResults(ctx.io.cwd, inputs);
  const lockFile = typeof ctx.values.baseline === 'string' ? ctx.values.baseline : undefined;
  const baseline = lockFile ? baselineOf(await parseLock(await readText(resolve(ctx.io.cwd, lockFile), 'lock'), lockFile)) : {};
  const report = fleetReport(results, baseline);
  if (ctx.globals.json) ctx.io.out(`${JSON.stringify({ ...report, unreadable }, null, 2)}\n`);
  else if (ctx.values.markdown) ctx.io.out(renderReportMarkdown(report, unreadable));
  else ctx.io.out(renderReportText(report, unreadable, makeStyle(ctx.io.color)));
  return reportFails(report) || unreadable.length > 0 ? 1 : 0;
}
