// Issue-19 missing rows (2026-12-02): rows asserted against the values recorded from their sources in
// test/fixtures/knowledge/issue19-missing-sources.json, and a few `gpuenv compat` answers; see docs/knowledge-audit.md.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { PUBLISHED_IMAGES, imageOsSupport } from '../../src/knowledge/containers.js';
import { cudaRelease, maxCudaForDriver } from '../../src/knowledge/cuda.js';
import { cudnnForCuda, cudnnRelease } from '../../src/knowledge/cudnn.js';
import { matchGpu } from '../../src/knowledge/gpus.js';
import { jaxCudaExtra, jaxExtraFor, jaxRelease, jaxReleases } from '../../src/knowledge/jax.js';
import { ncclRelease } from '../../src/knowledge/nccl.js';
import { compareVersions } from '../../src/knowledge/version.js';
import { fakeIo } from '../helpers/io.js';

const SRC = JSON.parse(readFileSync(new URL('../fixtures/knowledge/issue19-missing-sources.json', import.meta.url), 'utf8'));

interface JaxTag {
  version: string;
  released: string | null;
  python_requires: string;
  python_max: string;
  cuda12_extra_jaxlib_pin: string;
  nvidia_cudnn_cu12_pin: string;
  nvidia_cudnn_cu13_pin: string | null;
}
const TAGS: JaxTag[] = SRC.jax.tags;

/** "jaxlib==0.4.36" → "0.4.36"; "jaxlib>=0.7.2,<=0.7.2" → "0.7.2" (the extra allows one version). */
function pinnedJaxlib(spec: string): string {
  const m = /^jaxlib(?:==|>=)([\d.]+)/.exec(spec);
  if (!m?.[1]) throw new Error(`unparsed pin ${spec}`);
  return m[1];
}

/** ">=9.1,<10.0" → { min: "9.1", below: "10.0" }; ">=8.9.2.26,<9.0" → min "8.9" (major.minor, as the rows spell floors). */
function cudnnFloor(pin: string): { min: string; below: string } {
  const m = /^>=([\d.]+),<([\d.]+)$/.exec(pin);
  if (!m?.[1] || !m[2]) throw new Error(`unparsed pin ${pin}`);
  return { min: m[1].split('.').slice(0, 2).join('.'), below: m[2] };
}

async function compat(...args: string[]) {
  const io = fakeIo();
  const code = await main(['compat', ...args], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('issue-19 missing rows: JAX releases against their tags', () => {
  it('every tag from jax-v0.4.26 to jax-v0.11.0 has a row with the tag’s Python range, jaxlib pin and date', () => {
    expect(TAGS.length).toBeGreaterThanOrEqual(35);
    for (const t of TAGS) {
      const r = jaxRelease(t.version);
      expect(r, t.version).toBeDefined();
      expect(r!.version).toBe(t.version);
      expect(r!.python, t.version).toEqual({ min: t.python_requires.replace('>=', ''), max: t.python_max });
      expect(r!.jaxlib, t.version).toBe(pinnedJaxlib(t.cuda12_extra_jaxlib_pin));
      if (t.released) expect(r!.released, t.version).toBe(t.released);
      expect(r!.extras, t.version).toContain('cuda12');
      expect(r!.checked, t.version).toBe('2026-12-02');
    }
  });

  it('no minor between 0.4.26 and the newest row is missing (0.5 … 0.11)', () => {
    const minors = new Set(jaxReleases().map((r) => r.version.split('.').slice(0, 2).join('.')));
    for (const m of ['0.4', '0.5', '0.6', '0.7', '0.8', '0.9', '0.10', '0.11']) expect(minors.has(m), m).toBe(true);
    const versions = jaxReleases().map((r) => r.version);
    for (const t of TAGS) expect(versions, t.version).toContain(t.version);
  });

  it('cuDNN floors of releases before 0.6.0 are the plugin pins; from 0.6.0 the extra’s 9.8', () => {
    for (const t of TAGS) {
      const r = jaxRelease(t.version)!;
      const want = cudnnFloor(t.nvidia_cudnn_cu12_pin);
      const e = jaxExtraFor(r, jaxCudaExtra('cuda12')!);
      expect({ min: e.requires.cudnnMin, below: e.requires.cudnnBelow }, t.version).toEqual(want);
      if (compareVersions(t.version, '0.6.0') < 0) expect(r.cudnn, t.version).toEqual(want);
      else expect(r.cudnn, t.version).toBeUndefined();
    }
  });

  it('cuda13 wheels from 0.7.2 on; 0.7.0/0.7.1 declare the extra without wheels, so their extras stay unconfirmed', () => {
    const from = SRC.jax.cuda13WheelsFrom.version;
    for (const t of TAGS) {
      const r = jaxRelease(t.version)!;
      expect(r.extras.includes('cuda13'), t.version).toBe(compareVersions(t.version, from) >= 0);
      // The cu13 cuDNN pin appears in the same tag as the first cuda13 wheels.
      expect(t.nvidia_cudnn_cu13_pin !== null, t.version).toBe(compareVersions(t.version, from) >= 0);
    }
    for (const v of ['0.7.0', '0.7.1']) expect(jaxRelease(v)!.unconfirmedFields).toContain('extras');
  });

  it('JAX dropped CUDA 11 in jaxlib 0.4.26 and 0.7.x needs Python >= 3.11 (confirmed from the CHANGELOG and setup.py)', () => {
    expect(SRC.jax.changelog['jaxlib 0.4.26']).toMatch(/Support for CUDA 11\.8 has been dropped/);
    const r426 = jaxRelease('0.4.26')!;
    expect(r426.confirmed).toBe(true);
    expect(r426.extras).toEqual(['cuda12']);
    expect(r426.unconfirmedFields ?? []).toEqual([]);
    const c11 = jaxCudaExtra('cuda11')!;
    const last = SRC.jax.cuda11LastRelease;
    expect(c11).toMatchObject({ current: false, confirmed: true, minDriverLinux: last.minDriverLinux, minComputeCapability: last.minComputeCapability });
    expect(c11.builtWith).toEqual({ cuda: '11.8', cudnn: '8.6', nccl: '2.16' });
    expect(c11.source).toContain('jax-v0.4.25');
    for (const v of ['0.7.0', '0.7.1', '0.7.2']) {
      expect(jaxRelease(v)!.python?.min, v).toBe('3.11');
      expect(jaxRelease(v)!.unconfirmedFields ?? [], v).not.toContain('python.min');
    }
    expect(jaxRelease('0.11.0')!.python?.min).toBe('3.12');
  });

  it('jax-only patch releases install the previous jaxlib; four-part versions are found', () => {
    expect(jaxRelease('0.4.37')!.jaxlib).toBe('0.4.36');
    expect(jaxRelease('0.5.2')!.jaxlib).toBe('0.5.1');
    expect(jaxRelease('0.9.0.1')!.version).toBe('0.9.0.1');
    expect(jaxRelease('0.9.0')!.version).toBe('0.9.0');
    expect(jaxRelease('0.9')!.version).toBe('0.9.2');
  });

  it('0.11.1 is seen only in third-party pins: unconfirmed, with both extras', () => {
    const r = jaxRelease('0.11.1')!;
    expect(r.confirmed).toBe(false);
    expect(r.extras).toEqual(SRC.jax.thirdParty['0.11.1'].extras);
    expect(r.note).toMatch(/third-party/);
  });
});

describe('issue-19 missing rows: cuDNN, NCCL, CUDA 13.3, images, GPUs', () => {
  it('cuDNN 9.25 and 9.26 exist for CUDA 12 and 13, unconfirmed because no matrix was read', () => {
    expect(SRC.cudnn.supportMatrixRead).toBe(false);
    for (const want of SRC.cudnn.releases) {
      const r = cudnnRelease(want.version)!;
      expect(r.version, want.version).toBe(want.version);
      expect(r.builds.map((b) => b.cudaMajor).sort(), want.version).toEqual(want.cudaMajors);
      expect(r.confirmed, want.version).toBe(false);
      for (const b of r.builds) {
        expect(b.cudaVersions, want.version).toEqual([]);
        expect(b.note, want.version).toMatch(/Support-matrix row not read/);
        expect(b.note, want.version).toContain(want.build);
        expect(b.checked).toBe('2026-12-02');
      }
    }
    expect(cudnnRelease('9.26')!.version).toBe('9.26.0');
    expect(cudnnRelease('9.25')!.version).toBe('9.25.1');
    expect(cudnnRelease('9.26.0.51')!.version).toBe('9.26.0');
    expect(cudnnForCuda('13.3').some((b) => b.version === '9.26.0')).toBe(true);
  });

  it('NCCL 2.31.2 and 2.32.3 list the CUDA builds seen as packages', () => {
    for (const want of SRC.nccl) {
      const r = ncclRelease(want.version)!;
      expect(r.version).toBe(want.version);
      expect(r.cudaBuilds).toEqual(want.packages.map((p: string) => p.replace(/^.*\+cuda/, '')));
      expect(r.source).toContain(want.tagCommit);
      expect(r.confirmed).toBe(false);
    }
    expect(ncclRelease('2.32')!.version).toBe('2.32.3');
    expect(ncclRelease('v2.31.2-1')!.version).toBe('2.31.2');
  });

  it('CUDA 13.3 GA and Update 1 need driver >= 610.43.02, confirmed by two copies of Table 3', () => {
    const t3 = SRC.cuda133Table3.rows;
    for (const [v, label] of [
      ['13.3.0', 'CUDA 13.3 GA'],
      ['13.3.1', 'CUDA 13.3 Update 1'],
    ] as const) {
      const r = cudaRelease(v)!;
      expect(`>=${r.minDriver.linux}`).toBe(t3[label]);
      expect(r.confirmed, v).toBe(true);
      expect(r.checked).toBe('2026-12-02');
    }
    // The same copy agrees with rows read earlier from NVIDIA's own table.
    expect(`>=${cudaRelease('13.2.1')!.minDriver.linux}`).toBe(t3['CUDA 13.2 Update 1']);
    expect(`>=${cudaRelease('13.0.2')!.minDriver.linux}`).toBe(t3['CUDA 13.0 Update 2']);
    expect(maxCudaForDriver('610.43.02')?.minor).toBe('13.3');
  });

  it('nvidia/cuda images on ubuntu26.04 from CUDA 13.3.0, none before', () => {
    const seen: string[] = SRC.containers.ubuntu2604Tags;
    const first = seen.map((t) => t.split('-')[0]!).sort(compareVersions)[0]!;
    expect(first).toBe(SRC.containers.noUbuntu2604Before);
    expect(imageOsSupport('ubuntu26.04', '13.3.0').inRange).toBe(true);
    expect(imageOsSupport('ubuntu26.04', '13.2.1').inRange).toBe(false);
    const row = PUBLISHED_IMAGES.find((r) => r.cuda === '13.3.1')!;
    for (const t of [...seen, ...SRC.containers.other1331Tags].filter((x) => x.startsWith('13.3.1-'))) expect(row.oses).toContain(t.replace(/^.*-/, ''));
  });

  it('the three GPUs: compute capability, NVML name (or its absence) and memory', () => {
    const [se, a3000, a3000_12, t4000] = SRC.gpus;
    const s = matchGpu(se.name).match!;
    expect(s).toMatchObject({ name: se.name, computeCapability: se.computeCapability, memoryGiB: se.vendor.memoryGB, pciDeviceIds: [se.pciDeviceId] });
    expect(s.nvmlMemoryBytes).toBe(se.nvidiaSmi.memoryTotalMiB * 1024 * 1024);
    expect(s.smCount).toBe(se.vendor.cudaCores / 128);
    expect(s.unconfirmedFields).not.toContain('name');
    const a = matchGpu('RTX A3000').match!;
    expect(a).toMatchObject({ name: a3000.name, computeCapability: a3000.computeCapability, smCount: a3000.hashcat.sms, pciDeviceIds: [a3000.pciDeviceId] });
    expect(a.nvmlMemoryBytes).toBe(a3000.nvidiaSmi.memoryTotalMiB * 1024 * 1024);
    expect(matchGpu(a3000_12.name).match?.pciDeviceIds).toEqual(a3000_12.pciDeviceIds);
    const t = matchGpu('Jetson T4000').match!;
    expect(t).toMatchObject({
      name: t4000.name,
      computeCapability: t4000.computeCapability,
      memoryGiB: t4000.blog.memoryGB,
      smCount: t4000.blog.cudaCores / 128,
    });
    expect(t.unconfirmedFields).toContain('name');
    // "RTX PRO 4500" alone names two cards.
    expect(matchGpu('RTX PRO 4500').candidates.map((g) => g.name)).toEqual(expect.arrayContaining([se.name, 'NVIDIA RTX PRO 4500 Blackwell']));
  });
});

describe('issue-19 missing rows through gpuenv compat', () => {
  it('compat jax 0.6.0 answers (it said "unknown JAX release" before)', async () => {
    const r = await compat('jax', '0.6.0', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ version: '0.6.0', python: { min: '3.10', max: '3.13' }, extras: ['cuda12'], jaxlib: '0.6.0', cuda: '12.8' });
    expect(j.extraDetails[0].requires.cudnnMin).toBe('9.8');
    const old = JSON.parse((await compat('jax', '0.5.3', '--json')).out);
    expect(old.extraDetails[0].requires).toMatchObject({ cudnnMin: '9.1', cudnnBelow: '10.0' });
  });
  it('compat cudnn 9.26, nccl 2.32.3 and gpu "RTX A3000" answer, marked unconfirmed where they are', async () => {
    const c = JSON.parse((await compat('cudnn', '9.26', '--json')).out);
    expect(c.version).toBe('9.26.0');
    expect(c.confirmed).toBe(false);
    const n = await compat('nccl', '2.32.3', '--json');
    expect(n.code).toBe(0);
    expect(JSON.parse(n.out)).toMatchObject({ version: '2.32.3', cudaBuilds: ['12.9', '13.4'], confirmed: false });
    const g = await compat('gpu', 'RTX A3000', '--json');
    expect(g.code).toBe(0);
    expect(JSON.parse(g.out)).toMatchObject({ name: 'NVIDIA RTX A3000 Laptop GPU', computeCapability: '8.6' });
    const text = await compat('cuda', '13.3');
    expect(text.out).toMatch(/min driver \(Linux\)\s+610\.43\.02\n/);
    // The row's mark sits on its version line; it is gone now (the PTX ISA line is a separate fact).
    expect(text.out).toMatch(/^version\s+13\.3\.0\n/);
  });
});
