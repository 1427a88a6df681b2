// Loads a machine fixture from test/fixtures/machines/<name> and takes its Snapshot with a fixed clock.
import { join } from 'node:path';
import { takeSnapshot } from '../../src/probe/take.js';
import { loadMachine } from '../../src/system/fixture.js';
import type { System } from '../../src/system/types.js';

export const machinesDir = join(import.meta.dirname, '../fixtures/machines');

export function machine(name: string): Promise<System> {
  return loadMachine(join(machinesDir, name));
}

export const FIXED_NOW = () => new Date('2026-11-30T00:00:00.000Z');

export async function snapshotOf(name: string, timeoutMs = 1_000) {
  return takeSnapshot(await machine(name), { timeoutMs, now: FIXED_NOW });
}
