import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { resolve } from '../../src/plan/resolve.js';
import { buildPlan } from '../../src/plan/steps.js';
import { remoteTarget } from '../../src/plan/target.js';
import { mirror } from '../../src/plan/mirrors.js';
import type { PlanRequest } from '../../src/plan/types.js';
import { fakeIo } from '../helpers/io.js';

async function plan(...args: string[]) {
  const io = fakeIo();
  const code = await main(['plan', ...args], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}
function planFor(gpu: string, driver: string | undefined, req: Partial<PlanRequest> = {}, os = 'ubuntu-24.04') {
  const t = remoteTarget({ gpus: [gpu], ...(driver ? { driver } : {}), os });
  const r: PlanRequest = { frameworks: [{ name: 'torch' }], via: 'pip', ...req };
  return buildPlan(t, r, resolve(t, r));
}

describe('must-show cases', () => {
  it('RTX 5090 + 570.86.10 → cu128 (cu126 lacks sm_120, cu130 needs 580; the newer cu129 rows are unconfirmed, so the confirmed release comes first)', () => {
    const p = planFor('RTX 5090', '570.86.10');
    expect(p.choices[0]?.variant).toBe('cu128');
    expect(p.steps.some((s) => /driver/i.test(s.title))).toBe(false);
  });
  it('GTX 1080 + 550 → the newest torch with a cu126 build (sm_61 kernels, minor-version compatibility), not torch 2.7 cu118; that one is the alternative', () => {
    const p = planFor('GTX 1080', '550.54.14');
    expect(p.choices[0]).toMatchObject({ variant: 'cu126' });
    expect(p.choices[0]!.version.localeCompare('2.7.1', undefined, { numeric: true })).toBeGreaterThan(0);
    expect(p.reasons.join('\n')).toContain('With full driver support instead: PyTorch 2.7.1+cu118 (CUDA 11.8');
  });
  it('GTX 1080 Ti + 580.95.05 → cu126', () => {
    expect(planFor('GTX 1080 Ti', '580.95.05').choices[0]?.variant).toBe('cu126');
  });
  it('RTX 3060 + 525.60.13 + torch@2.0 → cu118', () => {
    const p = planFor('RTX 3060', '525.60.13', { frameworks: [{ name: 'torch', version: '2.0' }] });
    expect(p.choices[0]).toMatchObject({ version: '2.0.1', variant: 'cu118', python: '3.11' });
  });
});

describe('constraints', () => {
  it('an old driver adds a driver step with the seed pre-checks', () => {
    const p = planFor('RTX 5090', '535.104.05');
    const d = p.steps[0]!;
    expect(d.title).toMatch(/driver/i);
    expect(d.commands.join('\n')).toMatch(/blacklist-nouveau\.conf[\s\S]*update-initramfs[\s\S]*nvidia-driver-\d+-open[\s\S]*mokutil --sb-state[\s\S]*reboot/);
    expect(d.verify).toContain('nvidia-smi');
  });
  it('--cuda that excludes the GPU says which constraint to relax', () => {
    const p = planFor('GTX 1080 Ti', '580.95.05', { cuda: '12.8' });
    expect(p.ok).toBe(false);
    expect(p.reasons.join('\n')).toMatch(/sm_61 needs cu126: newest torch with cu126 is 2\.14\.0/);
  });
  it('Python version narrows the release', () => {
    expect(planFor('RTX 3060', '525.60.13', { python: '3.8' }).choices[0]?.version).toMatch(/^2\.4\./);
  });
  it('no native-Windows TensorFlow GPU after 2.10', () => {
    const p = planFor('RTX 3060', '560.94', { frameworks: [{ name: 'tensorflow' }] }, 'windows');
    expect(p.choices[0]?.version).toBe('2.10.0');
  });
  it('old TensorFlow brings toolkit and cuDNN steps (not bundled)', () => {
    const p = planFor('RTX 3060', '535.104.05', { frameworks: [{ name: 'tensorflow', version: '2.12' }] }, 'ubuntu-22.04');
    expect(p.steps.map((s) => s.title).join('|')).toMatch(/CUDA toolkit 11\.8.*cuDNN 8\.6/);
  });
  it('torch + jax agree on CUDA major or split', () => {
    const p = planFor('H100 SXM', '580.95.05', { frameworks: [{ name: 'torch' }, { name: 'jax' }] });
    const cudas = p.choices.map((c) => c.cuda.split('.')[0]);
    if (new Set(p.choices.map((c) => c.env)).size === 1) expect(new Set(cudas).size).toBe(1);
  });
  it('mirror: aliyun find-links for torch wheels', () => {
    const p = planFor('RTX 5090', '570.86.10', { mirror: mirror('aliyun')! });
    expect(p.steps.at(-1)!.commands[0]).toContain(`-f https://mirrors.aliyun.com/pytorch-wheels/${p.choices[0]!.variant}`);
  });
  it('docker: an nvidia/cuda runtime image that exists in the tag grammar', () => {
    const p = planFor('RTX 5090', '570.86.10', { via: 'docker' });
    expect(p.steps.map((s) => s.commands.join('\n')).join('\n')).toMatch(/FROM nvidia\/cuda:12\.8\.\d+-runtime-ubuntu24\.04/);
  });
});

describe('gpuenv plan command', () => {
  it('--json contract', async () => {
    const r = await plan('--gpu', 'RTX 5090', '--driver', '570.86.10', '--os', 'ubuntu-24.04', '--framework', 'torch', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(['choices', 'steps', 'reasons']);
    expect(j.choices[0]).toMatchObject({ framework: 'torch', variant: 'cu128', indexUrl: 'https://download.pytorch.org/whl/cu128' });
  });
  it('exit 2 for bad input with closest matches', async () => {
    expect((await plan('--gpu', 'RTX 9999', '--driver', '570.86.10')).code).toBe(2);
    const v = await plan('--gpu', 'RTX 3060', '--framework', 'torch@1.2');
    expect(v.code).toBe(2);
    expect(v.err).toMatch(/closest/);
    expect((await plan('--gpu', 'RTX 3060', '--framework', 'torch@2.15', '--via', 'conda')).code).toBe(2);
  });
  it('printed plans', async () => {
    const a = await plan('--gpu', 'RTX 5090', '--driver', '570.86.10', '--os', 'ubuntu-24.04', '--framework', 'torch');
    await expect(a.out).toMatchFileSnapshot('__snapshots__/rtx5090-570.txt');
    const b = await plan('--gpu', 'RTX 3060', '--driver', '525.60.13', '--framework', 'torch@2.0', '--via', 'conda');
    await expect(b.out).toMatchFileSnapshot('__snapshots__/rtx3060-torch20-conda.txt');
    const c = await plan('--gpu', 'RTX 5090', '--driver', '535.104.05', '--os', 'rhel-9', '--mirror', 'sjtu');
    await expect(c.out).toMatchFileSnapshot('__snapshots__/rtx5090-535-rhel9-sjtu.txt');
  });
});
