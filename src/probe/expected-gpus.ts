// How many GPUs this node should have: the admin's --expect-gpus, else what Slurm's configuration gives the
// node (Gres=gpu:8, gpu:h100:8(S:0-1), several gpu entries summed). Without either, nothing is expected.
import type { Fact } from '../snapshot/types.js';
import { type ProbeContext, runLogged } from './context.js';

export async function probeExpectedGpus(ctx: ProbeContext, expect: number | undefined, askSlurm = true): Promise<Fact<number> | null> {
  if (expect !== undefined) return { value: expect, source: '--expect-gpus' };
  const node = ctx.sys.env.SLURMD_NODENAME?.trim();
  if (!askSlurm || !node || ctx.sys.isForeignRoot || !(await ctx.sys.which('scontrol'))) return null;
  const r = await runLogged(ctx, 'scontrol show node', 'scontrol', ['show', 'node', '-o', node]);
  if (r.failed) return null;
  const count = gresGpuCount(r.stdout);
  return count === null ? null : { value: count, source: `command:scontrol show node ${node} (Gres)` };
}

/** The GPU count in a `scontrol show node -o` line's Gres= field; null when the node has no gpu gres. */
export function gresGpuCount(line: string): number | null {
  const gres = /(?:^|\s)Gres=(\S+)/.exec(line)?.[1];
  if (!gres || gres === '(null)') return null;
  let total: number | null = null;
  // Entries are comma-separated, but a socket list "(S:0-1)" may hold commas too: cut those first.
  for (const entry of gres.replace(/\([^)]*\)/g, '').split(',')) {
    const parts = entry.split(':');
    if (parts[0] !== 'gpu') continue;
    // MIG profiles as Gres types (gpu:1g.10gb:7) count instances, not the physical GPUs NVML lists.
    if (parts.some((p) => /^\d+g\.\d+gb$/i.test(p))) return null;
    const n = Number(parts.at(-1));
    // "gpu:h100" without a count means one.
    total = (total ?? 0) + (parts.length >= 2 && Number.isInteger(n) && /^\d+$/.test(parts.at(-1)!) ? n : 1);
  }
  return total;
}
