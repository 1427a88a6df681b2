// Every command gpuenv prints goes through the install checker (src/install/check.ts), and none may be one its tables
// contradict: a withheld line is a bug of the rule (or plan step) that wrote it. Swept over every eval case
// (eval/explain/*.jsonl through explainText), every machine fixture (through the doctor's rules), and plans for
// GPU / OS / installer combinations. All ~870 eval cases run (about 5 s here), no sampling.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardFix } from '../../src/diagnose/fix-guard.js';
import { runRules } from '../../src/diagnose/index.js';
import { RULES } from '../../src/diagnose/rules/index.js';
import { explainText } from '../../src/explain/index.js';
import type { Finding } from '../../src/findings.js';
import { checkLines } from '../../src/install/check.js';
import { isWithheld } from '../../src/install/guard.js';
import { resolve } from '../../src/plan/resolve.js';
import { buildPlan } from '../../src/plan/steps.js';
import { remoteTarget } from '../../src/plan/target.js';
import type { PlanRequest } from '../../src/plan/types.js';
import { machinesDir, snapshotOf } from '../helpers/machines.js';
import { buildSnapshot } from '../helpers/snapshot-builder.js';

const EVAL = join(import.meta.dirname, '../../eval/explain');

interface Bad {
  where: string;
  code: string;
  line: string;
}

/** Lines the guard withheld, and any line still wrong after it (a guard that let one through). */
function badLines(where: string, findings: readonly Finding[]): Bad[] {
  const out: Bad[] = [];
  for (const f of findings) {
    const checks = checkLines(f.fix);
    f.fix.forEach((line, i) => {
      if (isWithheld(line) || checks[i]!.verdict === 'wrong') out.push({ where, code: f.code, line });
    });
  }
  return out;
}

describe('no printed command contradicts the knowledge tables', () => {
  it('explain: every eval case', async () => {
    const started = Date.now();
    const bad: Bad[] = [];
    let cases = 0;
    for (const file of readdirSync(EVAL).filter((f) => f.endsWith('.jsonl'))) {
      for (const row of readFileSync(join(EVAL, file), 'utf8').split('\n')) {
        if (!row.trim()) continue;
        const { text, id } = JSON.parse(row) as { text: string; id?: string };
        cases++;
        const r = await explainText(text, { rules: RULES });
        bad.push(...badLines(`${file}:${id ?? cases}`, r.findings));
      }
    }
    expect(cases).toBeGreaterThan(800);
    expect(bad).toEqual([]);
    // Printed by the reporter, so a slow sweep is seen: ~5 s for all cases on the development machine.
    console.info(`commands sweep: ${cases} eval cases in ${Date.now() - started} ms`);
  }, 60_000);

  it('doctor: every machine fixture', async () => {
    const bad: Bad[] = [];
    for (const name of readdirSync(machinesDir)) {
      const snapshot = await snapshotOf(name);
      bad.push(...badLines(name, runRules(snapshot, RULES).findings));
    }
    expect(bad).toEqual([]);
  }, 60_000);

  const PLANS: [string, string | undefined, string, Partial<PlanRequest>][] = [
    ['RTX 5090', '570.86.10', 'ubuntu-24.04', {}],
    ['RTX 5090', '535.104.05', 'rhel-9', { via: 'uv' }],
    ['GTX 1080', '550.54.14', 'ubuntu-22.04', {}],
    ['RTX 3060', '525.60.13', 'ubuntu-22.04', { frameworks: [{ name: 'torch', version: '2.0' }], via: 'conda' }],
    ['RTX 3060', '525.60.13', 'ubuntu-22.04', { python: '3.8' }],
    ['RTX 3060', '560.94', 'windows', { frameworks: [{ name: 'tensorflow' }] }],
    ['H100 SXM', '580.95.05', 'ubuntu-24.04', { frameworks: [{ name: 'jax' }] }],
    ['H100 SXM', '580.95.05', 'ubuntu-24.04', { frameworks: [{ name: 'torch' }, { name: 'jax' }], via: 'docker' }],
    ['RTX 4090', undefined, 'ubuntu-22.04/aarch64', {}],
    ['GTX 1080 Ti', '470.82.01', 'ubuntu-20.04', { via: 'conda' }],
  ];
  it.each(PLANS)('plan: %s, driver %s, %s %o', (gpu, driver, os, req) => {
    const t = remoteTarget({ gpus: [gpu], ...(driver ? { driver } : {}), os });
    const r: PlanRequest = { frameworks: [{ name: 'torch' }], via: 'pip', ...req };
    const plan = buildPlan(t, r, resolve(t, r));
    const commands = plan.steps.flatMap((s) => s.commands);
    expect(commands.filter((c) => isWithheld(c) || checkLines([c])[0]!.verdict === 'wrong')).toEqual([]);
    // Not vacuous: a plan that works installs a framework with a checked line.
    if (plan.ok) expect(checkLines(commands).some((c) => c.verdict === 'ok')).toBe(true);
  });
});

describe('a finding leaving the rules', () => {
  it('keeps its JSON shape, with `unchecked` only where a line could not be checked', () => {
    const base: Finding = { code: 'cudnn-mismatch', severity: 'error', title: 't', cause: 'c', evidence: [], fix: ['pip install "nvidia-cudnn-cu12==9.*"'] };
    expect(guardFix(base, buildSnapshot())).toBe(base);
    const f = guardFix(
      { ...base, fix: ['pip install "nvidia-cudnn-cu12==8.9.7.29"', 'pip install torch==2.5.1 --index-url https://download.pytorch.org/whl/cu128'] },
      buildSnapshot(),
    );
    expect(f.unchecked).toEqual([{ line: 'pip install "nvidia-cudnn-cu12==8.9.7.29"', why: expect.stringContaining('8.9.7.29') }]);
    expect(f.fix).toHaveLength(3);
    expect(isWithheld(f.fix[2]!)).toBe(true);
    expect(JSON.parse(JSON.stringify(f))).toMatchObject({ code: 'cudnn-mismatch', fix: f.fix, unchecked: f.unchecked });
  });
});
