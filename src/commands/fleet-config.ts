// `gpuenv fleet manifests` and `gpuenv fleet slurm-conf`: print configuration for the admin to review and apply.
// gpuenv applies nothing itself (no cluster credentials needed, nothing changed behind the admin's back).
import { UsageError } from '../errors.js';
import type { CommandContext } from './types.js';
import { msg } from '../fleet/messages.js';
import { parseDuration } from '../system/duration.js';
import { renderJobs, renderManifest } from '../fleet/manifests.js';
import { renderSlurmConf } from '../fleet/slurm-conf.js';

const KINDS = ['daemonset', 'job', 'npd-plugin'] as const;

export async function fleetConfig(ctx: CommandContext, sub: 'manifests' | 'slurm-conf', rest: string[]): Promise<number> {
  try {
    return print(ctx, sub, rest);
  } catch (error) {
    // The generators refuse bad names and paths with a RangeError: that is the user's input, exit 2.
    if (error instanceof RangeError) throw new UsageError(`fleet ${sub}: ${error.message}`);
    throw error;
  }
}

function print(ctx: CommandContext, sub: 'manifests' | 'slurm-conf', rest: string[]): number {
  const v = ctx.values;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  if (rest.length) throw new UsageError(msg('cfg.unexpected', { sub, arg: rest[0]! }));
  if (sub === 'slurm-conf') {
    const interval = str('interval') === undefined ? 300 : parseDuration(str('interval')!, '--interval', 86400);
    ctx.io.out(renderSlurmConf({ gpuenv: str('gpuenv') ?? '/usr/local/bin/gpuenv', interval: Math.round(interval) }));
    return 0;
  }
  const kind = str('k8s') as (typeof KINDS)[number] | undefined;
  if (!kind || !KINDS.includes(kind)) throw new UsageError(msg('cfg.kind', { kind: kind ?? '?', kinds: KINDS.join(', ') }));
  const interval = str('interval') ?? '5m';
  parseDuration(interval, '--interval');
  const o = { ...(str('image') ? { image: str('image')! } : {}), namespace: str('namespace') ?? 'gpuenv', interval };
  if (kind === 'job') {
    const nodes = Array.isArray(v.nodelist) ? v.nodelist.map(String) : [];
    if (nodes.length === 0) throw new UsageError(msg('cfg.jobNodes'));
    ctx.io.out(renderJobs(nodes, o));
    return 0;
  }
  ctx.io.out(renderManifest(kind, o));
  return 0;
}
