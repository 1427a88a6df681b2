// Issue-19 corrections, second part (2026-12-02): rows asserted against the values recorded from their sources in
// test/fixtures/knowledge/issue19-sources.json; see docs/knowledge-audit.md.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseTorch } from '../../src/install/torch.js';
import { maxCudaForDriver, cudaRelease } from '../../src/knowledge/cuda.js';
import { cudnnRelease } from '../../src/knowledge/cudnn.js';
import { ncclRelease, ncclReleases } from '../../src/knowledge/nccl.js';
import { tensorflowRelease } from '../../src/knowledge/tensorflow.js';
import { isTorchReleased, torchRelease, torchReleases, torchReleaseStatus, torchVariant, variantArchSet } from '../../src/knowledge/torch.js';
import { compareVersions } from '../../src/knowledge/version.js';

const SRC = JSON.parse(readFileSync(new URL('../fixtures/knowledge/issue19-sources.json', import.meta.url), 'utf8'));
const smList = (s: string) => s.split(';').map((x) => `sm_${x.replace('+PTX', '').replace('.', '')}`);

describe('issue-19 part 2: torch linux-aarch64 cu128/cu129 arch lists (2.8–2.11)', () => {
  it('every cu128/cu129 variant of 2.8–2.11 on aarch64 is the script list sm_80 sm_90 sm_100 sm_120, no PTX', () => {
    let seen = 0;
    for (const r of torchReleases()) {
      if (compareVersions(r.version, '2.8') < 0 || compareVersions(r.version, '2.12') >= 0) continue;
      for (const v of r.cudaVariants) {
        if (!['cu128', 'cu129'].includes(v.tag) || !v.platforms.includes('linux-aarch64')) continue;
        const set = variantArchSet(v, 'linux-aarch64');
        expect(set.archList, `${r.version}+${v.tag}`).toEqual(smList(SRC.pytorchAarch64.torchCudaArchList[v.cuda]));
        expect(set.ptx, `${r.version}+${v.tag}`).toEqual([]);
        expect(v.source).toContain('aarch64_ci_build.sh');
        expect(v.checked).toBe('2026-12-02');
        seen++;
      }
    }
    // 2.8.0+cu128 has no linux-aarch64 wheel (h6 follow-up, 2026-12-02): seven variants, not eight.
    expect(seen).toBeGreaterThanOrEqual(7);
  });
  it('the x86 lists are unchanged (2.8 cu128 keeps sm_70; 2.11 cu128 starts at sm_75)', () => {
    expect(variantArchSet(torchVariant('2.8.0', 'cu128')!).archList).toContain('sm_70');
    expect(variantArchSet(torchVariant('2.11.0', 'cu128')!).archList[0]).toBe('sm_75');
  });
  it('the aarch64 filter of build_cuda.sh gives the same SASS list for 12.9 (its +PTX disagreement is in the note)', () => {
    const f = SRC.pytorchAarch64.buildCudaAarch64Filter;
    const kept = f['12.9']
      .split(';')
      .filter((a: string) => !f.removes.includes(a.replace('+PTX', '')))
      .join(';');
    expect(smList(kept)).toEqual(variantArchSet(torchVariant('2.10.0', 'cu129')!, 'linux-aarch64').archList);
    expect(torchVariant('2.10.0', 'cu129')!.note).toMatch(/12\.0\+PTX/);
  });
});

describe('issue-19 part 2: confirmed from the wheel metadata', () => {
  it('torch 2.11 cu128 pins cuDNN 9.19.0.56 and NCCL 2.28.9 with CUDA 12.8.1', () => {
    const v = torchVariant('2.11.0', 'cu128')!;
    const md = SRC.torch211cu128Metadata.requiresDist;
    expect(v).toMatchObject({ cudnn: md['nvidia-cudnn-cu12'], nccl: md['nvidia-nccl-cu12'], cudaFull: md['cuda-toolkit'], confirmed: true });
    expect(torchRelease('2.11.0')!.triton).toBe(md.triton);
    expect(v.source).toContain('Requires-Dist');
  });
});

describe('issue-19 part 2: R615/R616 drivers run CUDA 13.4', () => {
  it('615.71.09 and an R616 driver answer 13.4, an R610 driver 13.3', () => {
    expect(maxCudaForDriver(SRC.driver615.driver)?.minor).toBe(SRC.driver615.cuda);
    expect(maxCudaForDriver('616.00')?.minor).toBe('13.4');
    expect(maxCudaForDriver('610.43.02')?.minor).toBe('13.3');
  });
  it('the 13.4 GA floor says it is an observed driver, not Table 3; 13.4 Update 1 and 13.5 say their floor is unknown', () => {
    const ga = cudaRelease('13.4')!;
    expect(ga.minDriver.linux).toBe('615.71.09');
    expect(ga.confirmed).toBe(false);
    expect(ga.note).toMatch(/not NVIDIA's Table 3/);
    expect(ga.note).toMatch(/616\.00/);
    for (const v of ['13.4.2', '13.5.0']) {
      expect(cudaRelease(v)!.minDriver.linux, v).toBeNull();
      expect(cudaRelease(v)!.note, v).toMatch(/floor unknown/);
    }
  });
});

describe('issue-19 part 2: cuDNN 9.10.2 has two CUDA 12.x rows', () => {
  it('matches the support matrix row by row', () => {
    const r = cudnnRelease('9.10.2')!;
    const want = SRC.cudnn9102Matrix.rows as { cudaMajor: number; cuda: string[]; linux: string; windows: string; cc: string[] }[];
    expect(r.builds).toHaveLength(want.length);
    want.forEach((w, i) => {
      const b = r.builds[i]!;
      expect(b.cudaMajor).toBe(w.cudaMajor);
      expect([...b.cudaVersions].sort(compareVersions)).toEqual([...w.cuda].sort(compareVersions));
      expect(b.minDriver).toEqual({ linux: w.linux, windows: w.windows });
      expect([...b.computeCapabilities].sort(compareVersions)).toEqual([...w.cc].sort(compareVersions));
    });
  });
  it('no 9.10.2 row claims Blackwell below driver 570', () => {
    for (const b of cudnnRelease('9.10.2')!.builds) {
      if (b.computeCapabilities.includes('10.0')) expect(compareVersions(b.minDriver.linux!, '570.26')).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('issue-19 part 2: TensorFlow 2.12–2.15 compute capabilities', () => {
  it('2.12–2.14 carry sm_35 … sm_75 + compute_80, 2.15 the same without sm_35; all unconfirmed with the reason', () => {
    for (const v of ['2.12', '2.13', '2.14'])
      expect(tensorflowRelease(v)!.computeCapabilities, v).toEqual(['sm_35', 'sm_50', 'sm_60', 'sm_70', 'sm_75', 'compute_80']);
    expect(tensorflowRelease('2.15')!.computeCapabilities).toEqual(['sm_50', 'sm_60', 'sm_70', 'sm_75', 'compute_80']);
    for (const v of ['2.12', '2.13', '2.14', '2.15']) {
      const r = tensorflowRelease(v)!;
      expect(r.unconfirmedFields, v).toContain('computeCapabilities');
      expect(r.note, v).toMatch(/could not be read here/);
      expect(r.checked, v).toBe('2026-12-02');
    }
    expect(tensorflowRelease('2.16')!.computeCapabilities).toEqual(['sm_50', 'sm_60', 'sm_70', 'sm_80', 'compute_90']);
  });
});

describe('issue-19 part 2: torch 2.15 is unreleased', () => {
  it('is marked unreleased, and only it', () => {
    const r = torchRelease('2.15.0')!;
    expect(r.unreleased).toBe(true);
    expect(torchReleaseStatus(r)).toBe('unreleased');
    expect(isTorchReleased(r)).toBe(false);
    expect(
      torchReleases()
        .filter((x) => x.unreleased)
        .map((x) => x.version),
    ).toEqual(['2.15.0']);
    expect(torchReleaseStatus(torchRelease('2.11.0')!)).toBe('released');
    expect(torchReleaseStatus(torchRelease('2.14.1')!)).toBe('unconfirmed');
  });
  it('chooseTorch never picks it by default, even when nothing released fits; torch@2.15 still can', () => {
    const base = { ccs: ['12.0'], driver: { version: '610.43.02', cuda: '13.3', source: 'test' }, python: '3.12', platform: 'linux-x86_64' as const };
    const res = chooseTorch(base as Parameters<typeof chooseTorch>[0]);
    expect(res.choice?.release.version).not.toBe('2.15.0');
    expect(chooseTorch({ ...base, newestFirst: true } as Parameters<typeof chooseTorch>[0]).choice?.release.version).not.toBe('2.15.0');
    // A GPU no released row covers: the fallback must not be the unreleased row.
    const none = chooseTorch({ ...base, ccs: ['15.0'] } as Parameters<typeof chooseTorch>[0]);
    expect(none.choice?.release.version ?? none.withNewerDriver?.release.version ?? 'none').not.toBe('2.15.0');
    expect(chooseTorch({ ...base, onlyVersion: '2.15' } as Parameters<typeof chooseTorch>[0]).choice?.release.version).toBe('2.15.0');
  });
});

describe('issue-19 part 2: NCCL queries', () => {
  it('finds releases by version and prefix, oldest first', () => {
    expect(ncclRelease('2.30.7')?.cudaBuilds).toEqual(['12.9', '13.3']);
    expect(ncclRelease('2.29')?.version).toBe('2.29.7');
    expect(ncclRelease('2.28.9-1+cuda12.9')?.version).toBe('2.28.9');
    expect(ncclRelease('banana')).toBeUndefined();
    const v = ncclReleases().map((r) => r.version);
    expect([...v].sort(compareVersions)).toEqual(v);
  });
});
