// The report pages the tests look at, built from the repository's real captures: the H200's Snapshot, `doctor --json`
// and `bench --full --json` (test/fixtures/captures/h200-bench/, 2026-12-02), and the 4-node fleet of
// scripts/make-fixture-fleet-report.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnose } from '../../src/diagnose/index.js';
import { benchFromDoc } from '../../src/report/bench-input.js';
import { readFleet } from '../../src/report/fleet-input.js';
import { renderReport } from '../../src/report/index.js';
import { parseSnapshot } from '../../src/snapshot/read.js';

export const FIXTURES = join(import.meta.dirname, '../fixtures');
export const H200_CAPTURES = join(FIXTURES, 'captures/h200-bench');
export const H200_SNAPSHOT = join(H200_CAPTURES, 'snapshot-v2.json');
export const H200_BENCH = join(H200_CAPTURES, 'bench-full-v2.json');
export const FLEET = join(FIXTURES, 'fleet-report');
/** A fixed time: the page of the same inputs is the same page. */
export const AT = '2026-12-02T00:00:00.000Z';

/**
 * The H200 with the findings its own `doctor --json` recorded: a rule added later does not move the screenshots.
 * `live` runs today's rules instead.
 */
export async function h200Input(live = false) {
  const snapshot = await parseSnapshot(readFileSync(H200_SNAPSHOT, 'utf8'), 'snapshot.json');
  const bench = benchFromDoc(JSON.parse(readFileSync(H200_BENCH, 'utf8')), 'bench-full-v2.json');
  const stored = JSON.parse(readFileSync(join(H200_CAPTURES, 'doctor-v2.json'), 'utf8'));
  const diagnosis = live ? await diagnose(snapshot) : { findings: stored.findings, ruleErrors: stored.ruleErrors };
  return { machine: { snapshot, diagnosis }, bench, generatedAt: AT };
}

export async function h200Page(fragment = false): Promise<string> {
  return renderReport({ ...(await h200Input()), fragment });
}

export async function fleetInput() {
  // Relative names: the page shows them, and must not depend on where the checkout lies.
  return readFleet(['fleet-report/doctor', 'fleet-report/bench'], FIXTURES);
}

export async function fleetPage(): Promise<string> {
  return renderReport({ fleet: await fleetInput(), generatedAt: AT });
}
