// `gpuenv diff A B`: two Snapshots or locks (in any mix) side by side; exit 1 when they differ, like diff(1).
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { diffLocks, renderDiffTable } from '../lock/diff.js';
import { msg } from './messages.js';
import { msg as lockMsg } from '../lock/messages.js';
import { parseLockOrSnapshot, readText } from '../lock/read.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'diff A.json B.json [--env PATH|NAME] [--json]',
  help: () => [msg('export.diff.args'), msg('export.lock.env'), msg('export.diff.json')],
  examples: ['gpuenv diff gpuenv.lock.json teammate.json', 'gpuenv diff monday.json friday.json --json'],
  options: { env: { type: 'string' } },
  allowPositionals: true,
};

export async function run(ctx: CommandContext): Promise<number> {
  const { io, globals, values } = ctx;
  const [a, b, ...rest] = ctx.positionals;
  if (!a || !b || rest.length) throw new UsageError('diff: give two files, e.g. gpuenv diff gpuenv.lock.json teammate.json');
  const env = typeof values.env === 'string' ? values.env : undefined;
  const da = await parseLockOrSnapshot(await readText(resolve(io.cwd, a), 'diff'), a, env);
  const db = await parseLockOrSnapshot(await readText(resolve(io.cwd, b), 'diff'), b, env);
  const rows = diffLocks(da.lock, db.lock);
  const differ = rows.some((r) => !r.same);
  if (globals.json) io.out(`${JSON.stringify({ a: { file: a, kind: da.kind }, b: { file: b, kind: db.kind }, same: !differ, rows }, null, 2)}\n`);
  else io.out(`${renderDiffTable(rows, a, b, '—', lockMsg('diff.header'))}${differ ? '' : `${lockMsg('diff.same')}\n`}`);
  return differ ? 1 : 0;
}
