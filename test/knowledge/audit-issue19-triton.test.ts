// Issue-19 confirmations and the triton table (2026-12-02): rows asserted against the values recorded from their
// sources in test/fixtures/knowledge/issue19-torch-triton-sources.json; see docs/knowledge-audit.md.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toolkitSupportsCc } from '../../src/knowledge/cuda.js';
import { torchRelease, torchReleases, torchReleaseStatus, torchVariant, variantArchSet } from '../../src/knowledge/torch.js';
import { ptxasCuda, torchPinning, tritonRelease, tritonReleases, tritonTargets } from '../../src/knowledge/triton.js';
import { compareVersions } from '../../src/knowledge/version.js';

const SRC = JSON.parse(readFileSync(new URL('../fixtures/knowledge/issue19-torch-triton-sources.json', import.meta.url), 'utf8'));
type Pin = { torch: string; torchvision: string; triton: string; torchaudio: string; cu130?: Record<string, string> };
const PINS = SRC.releaseManagerPins.rows as Pin[];

describe('torch 2.12–2.14: torchvision, triton and torchaudio as the release manager pinned them', () => {
  it('every recorded pin matches its torch row, which is checked 2026-12-02 and no longer unconfirmed for them', () => {
    for (const p of PINS) {
      const r = torchRelease(p.torch)!;
      expect(r.torchvision, p.torch).toBe(p.torchvision);
      expect(r.triton, p.torch).toBe(p.triton);
      expect(r.torchaudio, p.torch).toBeNull();
      expect(r.checked, p.torch).toBe('2026-12-02');
      for (const f of ['torchvision', 'torchaudio', 'triton']) expect(r.unconfirmedFields ?? [], `${p.torch} ${f}`).not.toContain(f);
      expect(r.source, p.torch).toContain('vllm-project/vllm/pull/42848');
    }
  });
  it('the 2.12.1 patch release moved the triton pin 3.7.0 -> 3.7.1', () => {
    const t = SRC.pytorch186814.tritonVersionTxt;
    expect(torchRelease('2.12.0')!.triton).toBe(t.from);
    expect(torchRelease(SRC.pytorch186814.for)!.triton).toBe(t.to);
  });
  it('no torchaudio pairs with any torch after 2.11: the newest torchaudio is 2.11.0', () => {
    expect(torchRelease(SRC.noTorchaudio.latestTorchaudio)!.torchaudio).toBe(SRC.noTorchaudio.latestTorchaudio);
    for (const p of PINS) expect(p.torchaudio).toBe(SRC.noTorchaudio.latestTorchaudio);
    for (const r of torchReleases().filter((x) => compareVersions(x.version, '2.12') >= 0)) expect(r.torchaudio, r.version).toBeNull();
  });
  it('the cu130 cuDNN/NCCL pins of 2.12.0 and 2.13.0 match the table', () => {
    for (const p of PINS.filter((x) => x.cu130)) {
      const v = torchVariant(p.torch, 'cu130')!;
      expect(v.cudnn, p.torch).toBe(p.cu130!['nvidia-cudnn-cu13']);
      expect(v.nccl, p.torch).toBe(p.cu130!['nvidia-nccl-cu13']);
    }
  });
});

describe('torch 2.14: PyPI default cu130 and ROCm 7.14', () => {
  it('a plain PyPI install resolves the cu130 pins of the table, and pypiDefault is confirmed', () => {
    const f = SRC.torch214PypiFreeze.pins;
    const r = torchRelease(f.torch)!;
    expect(r.pypiDefault).toBe('cu130');
    expect(r.unconfirmedFields ?? []).not.toContain('pypiDefault');
    expect(torchReleaseStatus(r)).toBe('released');
    const v = torchVariant(f.torch, r.pypiDefault)!;
    // cuda-toolkit's PyPI version carries a fourth part: 13.0.3.0 is CUDA 13.0.3.
    expect(f['cuda-toolkit'].startsWith(`${v.cudaFull}.`)).toBe(true);
    expect(v).toMatchObject({ cudnn: f['nvidia-cudnn-cu13'], nccl: f['nvidia-nccl-cu13'] });
    expect(r.triton).toBe(f.triton);
    expect(SRC.testInfraStableCuda.stableCudaAt2_13GoLive).toBe(v.cuda);
    expect(SRC.testInfraStableCuda.changedAt2_14GoLive).toEqual(['CURRENT_STABLE_VERSION']);
    expect(r.source).toContain('test-infra/pull/8712');
  });
  it('ROCm 7.14 is one of the two ROCm builds of release/2.14, and no longer unconfirmed', () => {
    const r = torchRelease('2.14.0')!;
    expect(SRC.rocm214.rocmArches).toContain(r.rocm);
    expect(r.unconfirmedFields ?? []).not.toContain('rocm');
    expect(r.note).not.toMatch(/typo for 7\.1x/);
  });
});

describe('torch 2.13: cu129 exists, cu130 carries no PTX on x86_64', () => {
  const sm = (s: string) => s.split(' ');
  it('cu129 is in the release/2.13 matrix for Linux x86_64 and aarch64, not Windows, with the 13.x x86 list', () => {
    const c = SRC.torch213Cu129;
    expect(c.release213CudaArches).toContain('12.9');
    const v = torchVariant('2.13.0', 'cu129')!;
    expect(v.checked).toBe('2026-12-02');
    expect(v.source).toContain('pytorch/pull/188443');
    // Its cuDNN pin and aarch64 set were not read: the variant stays unconfirmed and says what is missing.
    expect(v.confirmed).toBe(false);
    expect(v.note).toMatch(/Not read: the cuDNN pin/);
    expect([...v.platforms]).toEqual(c.platforms);
    expect(v.archList).toEqual(c.x86_64ArchTable.map((n: number) => `sm_${n}`));
    expect(v.archList).toEqual(sm(c.measuredArchList));
    expect(v.ptx).toEqual([]);
  });
  it('cu130 x86_64: the measured get_arch_list() (no compute_120), confirmed', () => {
    const v = torchVariant('2.13.0', 'cu130')!;
    const x86 = variantArchSet(v, 'linux-x86_64');
    expect(x86.archList).toEqual(sm(SRC.torch213Cu130.measuredArchList));
    expect(x86.ptx).toEqual([]);
    expect(v.confirmed).toBe(true);
    expect(v.note).toMatch(/no PTX/);
  });
});

describe('triton table', () => {
  it('ascends, and every triton pin of a torch row has a row', () => {
    const v = tritonReleases().map((r) => r.version);
    expect([...v].sort(compareVersions)).toEqual(v);
    for (const r of torchReleases()) if (r.triton) expect(tritonRelease(r.triton)?.version, r.version).toBe(r.triton);
  });
  it('torch 2.12 and later have a triton pin, except the unreleased row', () => {
    for (const r of torchReleases().filter((x) => compareVersions(x.version, '2.12') >= 0 && !x.unreleased)) expect(r.triton, r.version).toBeDefined();
  });
  it('3.5.0–3.7.0 bundle the ptxas extracted from their wheels; sm_121a assembles exactly where the measurement says', () => {
    for (const w of SRC.tritonWheels.rows as { triton: string; ptxas: string; ptxasBlackwell: string | null; assemblesSm121a: boolean }[]) {
      const r = tritonRelease(w.triton)!;
      expect(r.ptxas, w.triton).toBe(w.ptxas);
      expect(r.ptxasBlackwell ?? null, w.triton).toBe(w.ptxasBlackwell);
      expect(r.confirmed, w.triton).toBe(true);
      expect(r.unconfirmedFields ?? [], w.triton).not.toContain('ptxas');
      // The derived targets (CUDA arch table of the bundled ptxas) agree with the measurement.
      const knows121 = [r.ptxas, r.ptxasBlackwell].some((p) => p && toolkitSupportsCc(ptxasCuda(p), '12.1'));
      expect(knows121, w.triton).toBe(w.assemblesSm121a);
      expect(tritonTargets(r).includes('12.1'), w.triton).toBe(w.assemblesSm121a);
    }
  });
  it('3.8.0: the branch ptxas (unconfirmed as such) and the wheel Requires-Python', () => {
    const r = tritonRelease('3.8.0')!;
    const b = SRC.triton38Branch;
    expect(r).toMatchObject({ ptxas: b.ptxas, ptxasBlackwell: b.ptxasBlackwell });
    expect(r.unconfirmedFields).toEqual(['ptxas', 'ptxasBlackwell']);
    const [, min, below] = /^>=(\d+\.\d+),<(\d+\.\d+)$/.exec(b.requiresPython)!;
    expect(r.python!.min).toBe(min);
    // "<3.15": the newest supported minor is the one just below.
    expect(compareVersions(r.python!.max, below!)).toBeLessThan(0);
    expect(r.python!.max).toBe(`3.${Number(below!.split('.')[1]) - 1}`);
    expect(torchPinning('3.8.0')).toEqual(['2.14.0', '2.14.1']);
  });
  it('the GPU floor is the README of the era: 7.0 before #5066, 8.0 from 3.2.0', () => {
    const f = SRC.tritonReadme;
    for (const r of tritonReleases()) {
      const want = compareVersions(r.version, f.firstReleaseAfter5066) >= 0 ? f.after5066 : f.before5066;
      expect(r.minComputeCapability, r.version).toBe(want);
    }
  });
  it('every row is sourced and checked; a row without a read ptxas is not confirmed', () => {
    for (const r of tritonReleases()) {
      expect(r.source.length, r.version).toBeGreaterThan(20);
      expect(r.checked, r.version).toBe('2026-12-02');
      if (r.ptxas === null) expect(r.confirmed, r.version).toBe(false);
    }
  });
});
