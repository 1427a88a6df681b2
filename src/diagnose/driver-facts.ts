// The driver as the driver rules state it: its version, or only the newest CUDA it runs when that is all a source
// shows — never the CUDA printed where the driver's version belongs.
import type { Evidence } from '../findings.js';
import { ccToSm } from '../knowledge/cuda.js';
import { torchFixLines } from '../install/torch.js';
import { driverOf, type DriverFact } from '../snapshot/queries.js';
import type { PythonEnv, Snapshot } from '../snapshot/types.js';
import { msg } from './rules/messages.js';

/**
 * The driver as evidence: its version (`fact`), else the CUDA it supports. `cudaSource` (where the CUDA it reports was
 * read): that CUDA as well, where it is a fact of its own (a 470 driver reporting CUDA 12.1 is a forward-compat libcuda).
 */
export function driverFacts(d: DriverFact | null, fact: string, cudaSource?: string): Evidence[] {
  if (!d) return [];
  if (!d.version) return d.cuda ? [{ fact: msg('driver.evDriverCuda'), value: d.cuda, source: d.source }] : [];
  return [
    { fact, value: d.version, source: d.source },
    ...(d.cuda && cudaSource ? [{ fact: msg('driver.evDriverCuda'), value: d.cuda, source: cudaSource }] : []),
  ];
}

/**
 * The torch wheel this driver runs, as install/torch.ts chooses it; where only the driver's CUDA is known, the line
 * that names the driver says that (torchFixLines would print the CUDA version as the driver's).
 */
export function torchAlternative(snapshot: Snapshot, env: PythonEnv, opts: { ccs: string[]; preferVersion?: string }): ReturnType<typeof torchFixLines> {
  const t = torchFixLines(snapshot, env, opts);
  const d = driverOf(snapshot);
  const c = t.choice;
  if (d?.version || !d?.cuda || !c || t.lines.length === 0 || !t.lines[0]?.startsWith('# ')) return t;
  const sms = opts.ccs.length ? opts.ccs.map(ccToSm).join(', ') : 'sm_*';
  const line = msg('driver.dtoTorchPick', {
    version: c.release.version,
    tag: c.variant.tag,
    cuda: c.variant.cuda,
    sms,
    floor: c.driverFloor ?? '?',
    max: d.cuda,
  });
  return { ...t, lines: [`# ${line}`, ...t.lines.slice(1)] };
}
