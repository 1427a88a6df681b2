// Whole machines: the Python probe's environments through every framework rule.
import { describe, expect, it } from 'vitest';
import { createProbeContext } from '../../../src/probe/context.js';
import { readLdCache } from '../../../src/probe/libraries.js';
import { probePythonEnvs } from '../../../src/probe/python/index.js';
import { machineInput } from '../../../src/diagnose/index.js';
import type { Rule } from '../../../src/diagnose/types.js';
import { rule as arch } from '../../../src/diagnose/rules/arch-unsupported.js';
import { rule as cpu } from '../../../src/diagnose/rules/cpu-only-build.js';
import { rule as drv } from '../../../src/diagnose/rules/driver-too-old.js';
import { rule as fcm } from '../../../src/diagnose/rules/framework-cuda-mismatch.js';
import { rule as cudnn } from '../../../src/diagnose/rules/cudnn-mismatch.js';
import { rule as tk } from '../../../src/diagnose/rules/toolkit-mismatch.js';
import { rule as mix } from '../../../src/diagnose/rules/mixed-package-managers.js';
import { rule as sh } from '../../../src/diagnose/rules/library-shadowing.js';
import { rule as lnf } from '../../../src/diagnose/rules/library-not-found.js';
import { machine, snapshotOf } from '../../helpers/machines.js';

/** Rules that read their whole input (facts and events). */
const DIRECT: Rule[] = [cudnn, sh, lnf, cpu, fcm, mix, drv, arch, tk];

async function findings(name: string) {
  const sys = await machine(name);
  const snap = await snapshotOf(name);
  const ctx = createProbeContext(sys, 1000);
  const python = await probePythonEnvs(ctx, { ldCache: await readLdCache(ctx), extraPythons: [], deep: false });
  const s = { ...snap, python };
  return DIRECT.flatMap((r) => r.check(machineInput(s)));
}

const FIX: Record<string, string> = {
  'torch-cpu-only': '-m pip install torch==2.5.1 torchvision==0.20.1 --index-url https://download.pytorch.org/whl/cu124',
  'torch-cu118-old-driver': '-m pip install torch==2.5.1 --index-url https://download.pytorch.org/whl/cu118',
  'torch-sm120-cu126': 'torch==2.11.0 --index-url https://download.pytorch.org/whl/cu128',
  'conda-pip-mixed': 'conda remove -p /home/kim/miniconda3/envs/dl --force',
  'cudnn-shadowed': 'unset LD_LIBRARY_PATH',
  'tf-no-cudnn': '-m pip install "tensorflow[and-cuda]==2.15.*"',
  'toolkit-mismatch': 'export CUDA_HOME=/usr/local/cuda-12.4',
};

describe('framework rules on whole machines', () => {
  it.each([
    ['torch-cpu-only', 'cpu-only-build'],
    ['torch-cu118-old-driver', 'driver-too-old'],
    ['torch-sm120-cu126', 'arch-unsupported'],
    ['conda-pip-mixed', 'mixed-package-managers'],
    ['cudnn-shadowed', 'cudnn-mismatch'],
    ['tf-no-cudnn', 'library-not-found'],
    ['toolkit-mismatch', 'toolkit-mismatch'],
  ])('%s → %s', async (name, code) => {
    const fs = await findings(name);
    expect(fs.map((f) => f.code)).toContain(code);
    expect(fs.find((f) => f.code === code)?.fix.join('\n')).toContain(FIX[name] ?? '');
  });

  it('the healthy H200 gives no framework error or warning', async () => {
    const fs = await findings('h200');
    expect(fs.filter((f) => f.severity !== 'info').map((f) => `${f.code}: ${f.title}`)).toEqual([]);
  });
});
