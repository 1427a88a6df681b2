// Follow-ups of the 2026-12-02 knowledge audit (docs/knowledge-audit-2026-12-02.md, "Observations outside the sample"
// and the unconfirmable #4, #26): values as read from the sources named in the rows, checked 2026-12-02.
import { describe, expect, it } from 'vitest';
import { cudnnForCuda, cudnnRelease } from '../../src/knowledge/cudnn.js';
import { torchRelease, torchReleaseStatus, torchVariant } from '../../src/knowledge/torch.js';

// pytorch#190386 (NCCL per release branch) and RELEASE.md / pytorch#173677 (cuDNN): the torch 2.10.0 wheel pins.
const PINS_210 = {
  cu126: { cudnn: '9.10.2.21', nccl: '2.27.5' },
  cu128: { cudnn: '9.10.2.21', nccl: '2.27.5' },
  cu130: { cudnn: '9.15.1.9', nccl: '2.28.9' },
} as const;

describe('torch 2.10.0 cuDNN / NCCL pins (release/2.10, not main after the branch cut)', () => {
  it.each(Object.entries(PINS_210))('%s pins cuDNN and NCCL as the release branch does', (tag, pins) => {
    const v = torchVariant('2.10.0', tag)!;
    expect({ cudnn: v.cudnn, nccl: v.nccl }).toEqual(pins);
    expect(v.source).toContain('pytorch/pull/190386');
    expect(v.checked).toBe('2026-12-02');
  });
  it('the 9.17.1.4 / 2.28.9 copy of the build matrix is named and explained, not used', () => {
    const v = torchVariant('2.10.0', 'cu128')!;
    expect(v.confirmed).toBe(true);
    expect(v.note).toMatch(/9\.17\.1\.4/);
    expect(v.note).toMatch(/main after the 2\.10 branch cut/);
  });
  it('cu129 of 2.10 takes the CUDA 12 NCCL pin and stays unconfirmed (its cuDNN is not read)', () => {
    const v = torchVariant('2.10.0', 'cu129')!;
    expect(v.nccl).toBe('2.27.5');
    expect(v.cudnn).toBeUndefined();
    expect(v.confirmed).toBe(false);
  });
});

describe('torch 2.8.0 on linux-aarch64', () => {
  it('2.8.0+cu128 has no linux-aarch64 wheel (the index lists x86_64 and win_amd64 only)', () => {
    const v = torchVariant('2.8.0', 'cu128')!;
    expect(v.platforms).toEqual(['linux-x86_64', 'windows']);
    expect(v.byPlatform).toBeUndefined();
    expect(v.source).toContain('OpenRAL/openral/issues/88');
    expect(v.note).toMatch(/pytorch#160162/);
  });
  it('the cu126 aarch64 wheel of 2.8.0 is marked unconfirmed, cu129 keeps aarch64', () => {
    const r = torchRelease('2.8.0')!;
    expect(r.unconfirmedFields).toContain('cudaVariants.cu126.linux-aarch64');
    expect(torchReleaseStatus(r)).toBe('unconfirmed');
    expect(torchVariant('2.8.0', 'cu129')!.platforms).toContain('linux-aarch64');
  });
});

describe('torch 2.9.0+cu130 PTX', () => {
  it('stays as RELEASE.md says, unconfirmed, with both sides of the disagreement in the note', () => {
    const v = torchVariant('2.9.0', 'cu130')!;
    expect(v.ptx).toEqual(['compute_120']);
    expect(v.confirmed).toBe(false);
    expect(v.note).toMatch(/pytorch#188914/);
    expect(v.note).toMatch(/pytorch#175567/);
    expect(v.checked).toBe('2026-12-02');
  });
});

describe('cuDNN 9.27.0', () => {
  it('exists for CUDA 12 and 13 (build 9.27.0.42), unconfirmed because no support matrix was read', () => {
    const r = cudnnRelease('9.27.0.42')!;
    expect(r.version).toBe('9.27.0');
    expect(r.builds.map((b) => b.cudaMajor)).toEqual([13, 12]);
    expect(r.confirmed).toBe(false);
    for (const b of r.builds) {
      expect(b.source).toContain('redistrib_9.27.0.json');
      expect(b.note).toMatch(/9\.27\.0\.42/);
      expect(b.computeCapabilities[0]).toBe('7.5');
      expect(b.checked).toBe('2026-12-02');
    }
    expect(cudnnRelease('9')!.version).toBe('9.27.0');
    expect(cudnnForCuda('13.4').some((b) => b.version === '9.27.0')).toBe(true);
  });
});
