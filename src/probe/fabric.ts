// NVIDIA Fabric Manager on NVSwitch systems (HGX/DGX): without its daemon, CUDA refuses to start
// (cudaErrorSystemNotReady, 802). Looked for only where the PCI bus shows NVSwitches.
import type { FabricInfo } from '../snapshot/types.js';
import type { ProbeContext } from './context.js';
import { msg } from './messages.js';

// The kernel keeps 15 characters of a process name: "nv-fabricmanager" reads as "nv-fabricmanage".
const FM_COMM = /^nv-fabricmanage/;

export async function probeFabric(ctx: ProbeContext, nvswitches: FabricInfo['nvswitches']): Promise<FabricInfo> {
  if (nvswitches.length === 0 || ctx.sys.isForeignRoot) return { nvswitches, managerRunning: null };
  const started = performance.now();
  const procs = (await ctx.sys.readDir('/proc')) ?? [];
  let running = false;
  for (const p of procs) {
    if (!/^\d+$/.test(p.name)) continue;
    const comm = await ctx.sys.readFile(`/proc/${p.name}/comm`, 64);
    if (comm && FM_COMM.test(comm.trim())) {
      running = true;
      break;
    }
  }
  ctx.records.push({
    name: 'fabric manager process',
    ok: true,
    durationMs: Math.round(performance.now() - started),
    detail: msg(running ? 'fabricRunning' : 'fabricNotRunning'),
  });
  return { nvswitches, managerRunning: { value: running, source: 'file:/proc/*/comm' } };
}
