// `gpuenv lock`: the environment's contract (driver floor, GPU architectures, CUDA/cuDNN/NCCL, framework
// builds, pins) as versioned JSON (schema/lock.schema.json), printed or written with -o.
import { headerDate } from '../export/write.js';
import { isStdout, writeOutput } from '../system/output-file.js';
import { snapshotWithEnv } from '../probe/with-env.js';
import { lockFromSnapshot } from '../lock/make.js';
import { msg } from './messages.js';
import { msg as lockMsg } from '../lock/messages.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'lock [-o gpuenv.lock.json [--force]] [--env PATH|NAME] [--snapshot FILE]',
  help: () => [msg('export.lock.output'), msg('export.force'), msg('export.lock.env'), msg('export.snapshot')],
  examples: ['gpuenv lock -o gpuenv.lock.json', 'gpuenv lock --snapshot h200.json --env /opt/torch/.venv'],
  options: { output: { type: 'string', short: 'o' }, force: { type: 'boolean' }, env: { type: 'string' }, snapshot: { type: 'string' } },
  allowPositionals: false,
};

export async function run(ctx: CommandContext): Promise<number> {
  const { values, io } = ctx;
  const { snapshot, env } = await snapshotWithEnv(ctx.system, {
    snapshotFile: typeof values.snapshot === 'string' ? values.snapshot : undefined,
    env: typeof values.env === 'string' ? values.env : undefined,
    cwd: io.cwd,
  });
  const lock = lockFromSnapshot(snapshot, env, headerDate(io.env));
  const json = `${JSON.stringify(lock, null, 2)}\n`;
  if (typeof values.output === 'string' && !isStdout(values.output)) {
    await writeOutput(io.cwd, values.output, json, values.force === true);
    io.err(`${lockMsg('lock.written', { file: values.output })}\n`);
  } else io.out(json);
  return 0;
}
