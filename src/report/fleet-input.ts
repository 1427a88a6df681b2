// Reads `--fleet DIR` through fleet report's own reader and analysis (fleet/read-results.ts, fleet/report.ts): the
// page shows what `gpuenv fleet report DIR --json` computes, never a second derivation.
import { UsageError } from '../errors.js';
import { readResults } from '../fleet/read-results.js';
import { fleetReport } from '../fleet/report.js';
import { msg } from './messages.js';
import type { FleetInput } from './sections/fleet.js';

/** `--fleet DIR` may repeat: a doctor and a bench run across the nodes land in two --out-dir folders. */
export async function readFleet(dirs: string[], cwd: string): Promise<FleetInput> {
  let read: Awaited<ReturnType<typeof readResults>>;
  try {
    read = await readResults(cwd, dirs);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`--fleet ${error.message}`);
    throw error;
  }
  if (read.results.length === 0 && read.unreadable.length === 0) throw new UsageError(msg('err.fleetEmpty', { dir: dirs.join(' ') }));
  return { dirs, report: fleetReport(read.results), unreadable: read.unreadable };
}
