// `gpuenv verify [LOCK]`: this machine (or a Snapshot) against a lock; a Finding per difference, exit 1 on a breaking one.
import { resolve } from 'node:path';
import { msg } from './messages.js';
import { msg as lockMsg } from '../lock/messages.js';
import { parseLock, readText } from '../lock/read.js';
import { verifyLock } from '../lock/verify.js';
import { findingsSection } from '../render/findings-text.js';
import { makeStyle } from '../render/style.js';
import { outputWidth } from '../render/wrap.js';
import { snapshotWithEnv } from '../probe/with-env.js';
import { UsageError } from '../errors.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'verify [gpuenv.lock.json] [--env PATH|NAME] [--snapshot FILE] [--json]',
  help: () => [msg('export.verify.lock'), msg('export.verify.env'), msg('export.verify.snapshot')],
  examples: ['gpuenv verify', 'gpuenv verify gpuenv.lock.json --json', 'gpuenv verify team.lock.json --snapshot new-hire.json'],
  options: { env: { type: 'string' }, snapshot: { type: 'string' } },
  allowPositionals: true,
};

export async function run(ctx: CommandContext): Promise<number> {
  const { values, io, globals } = ctx;
  if (ctx.positionals.length > 1) throw new UsageError(msg('export.verify.tooMany', { count: ctx.positionals.length }));
  const file = ctx.positionals[0] ?? 'gpuenv.lock.json';
  const lock = await parseLock(await readText(resolve(io.cwd, file), 'lock'), file);
  const { snapshot: snap, env } = await snapshotWithEnv(ctx.system, {
    snapshotFile: typeof values.snapshot === 'string' ? values.snapshot : undefined,
    env: typeof values.env === 'string' ? values.env : undefined,
    cwd: io.cwd,
  });
  const findings = verifyLock(lock, snap, env);
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (globals.json) {
    io.out(`${JSON.stringify({ lockVersion: lock.lockVersion, lock: file, ok: errors === 0, findings }, null, 2)}\n`);
  } else {
    const st = makeStyle(io.color);
    const head = findings.length ? lockMsg('verify.summary', { errors, warnings: findings.length - errors, file }) : lockMsg('verify.ok', { file });
    const body = findings.length ? findingsSection(findings, st, outputWidth(io)) : [];
    io.out(`${[st.bold(`gpuenv verify: ${head}`), ...(body.length ? ['', ...body] : [])].join('\n')}\n`);
  }
  return errors > 0 ? 1 : 0;
}
