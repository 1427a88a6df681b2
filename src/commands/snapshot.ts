// `gpuenv snapshot`: read this machine (or a --root tree) and print or write the Snapshot.
import { UsageError } from '../errors.js';
import { msg } from './messages.js';
import { msg as renderMsg } from '../render/messages.js';
import { renderSnapshotText } from '../render/snapshot-text.js';
import { makeStyle } from '../render/style.js';
import { takeSnapshot } from '../probe/take.js';
import { parseTimeout } from '../system/duration.js';
import { isStdout, writeOutput } from '../system/output-file.js';
import { NODE_OPTIONS, nodeOptionValues, writeNodeResult } from '../fleet/out-dir.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'snapshot [--json] [--root DIR] [-o FILE [--force] | --out-dir DIR] [--node-name NAME] [--timeout SECONDS]',
  help: () => [
    msg('cli.snapshot.opt.json'),
    msg('cli.snapshot.opt.output'),
    msg('cli.snapshot.opt.force'),
    msg('cli.fleet.opt.outDir'),
    msg('cli.fleet.opt.nodeName'),
    msg('cli.snapshot.opt.root'),
    msg('cli.snapshot.opt.timeout'),
  ],
  examples: ['gpuenv snapshot', 'gpuenv snapshot --json -o h200.json', 'gpuenv snapshot --root /mnt/image --json'],
  options: { output: { type: 'string', short: 'o' }, force: { type: 'boolean' }, timeout: { type: 'string' }, ...NODE_OPTIONS },
  allowPositionals: false,
};

export async function run(ctx: CommandContext): Promise<number> {
  const timeoutMs = parseTimeout(ctx.values.timeout);
  const { outDir, nodeName } = nodeOptionValues(ctx.values);
  if (outDir !== undefined && ctx.values.output !== undefined) throw new UsageError('-o FILE and --out-dir DIR: choose one');
  const sys = await ctx.system();
  const snap = await takeSnapshot(sys, { timeoutMs, ...(nodeName ? { nodeName } : {}) });
  if (outDir !== undefined) {
    const file = await writeNodeResult(ctx.io.cwd, outDir, snap.node!, snap);
    ctx.io.err(`${msg('cli.fleet.written', { file })}\n`);
    return 0;
  }
  const json = `${JSON.stringify(snap, null, 2)}\n`;
  const output = ctx.values.output;
  if (typeof output === 'string' && !isStdout(output)) {
    // The file is the Snapshot JSON whatever the flags; stdout stays empty, so `-o` composes in scripts.
    await writeOutput(ctx.io.cwd, output, json, ctx.values.force === true);
    ctx.io.err(`${renderMsg('snap.written', { file: output })}\n`);
    return 0;
  }
  if (output === '-') {
    ctx.io.out(json);
    return 0;
  }
  ctx.io.out(ctx.globals.json ? json : renderSnapshotText(snap, makeStyle(ctx.io.color)));
  return 0;
}
