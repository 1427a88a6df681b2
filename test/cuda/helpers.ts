// Runs `gpuenv cuda …` against a machine fixture (or a writable copy of one) and captures the result.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli.js';
import { loadMachine } from '../../src/system/fixture.js';
import { fakeIo } from '../helpers/io.js';
import { machinesDir } from '../helpers/machines.js';

export interface CudaRun {
  code: number;
  out: string;
  err: string;
}

export async function cuda(machineDir: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<CudaRun> {
  const io = { ...fakeIo(opts.env ?? {}), cwd: opts.cwd ?? '/home/dev' };
  const sys = await loadMachine(machineDir);
  const code = await main(['cuda', ...args], { io, system: async () => sys });
  return { code, out: io.stdout(), err: io.stderr() };
}

export const fixture = (name: string): string => join(machinesDir, name);

/** A private copy of a machine, for tests that switch links. */
export function writableCopy(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `gpuenv-cuda-${name}-`));
  cpSync(fixture(name), dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}
