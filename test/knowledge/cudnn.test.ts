import { describe, expect, it } from 'vitest';
import { CUDA_RELEASES, ARCH_SUPPORT } from '../../src/knowledge/data/cuda.js';
import { CUDNN_BUILDS } from '../../src/knowledge/data/cudnn.js';
import { NCCL_RELEASES } from '../../src/knowledge/data/nccl.js';
import { cudnnForCuda, cudnnRelease, cudnnReleases } from '../../src/knowledge/cudnn.js';
import { cudaRelease } from '../../src/knowledge/cuda.js';
import { compareVersions } from '../../src/knowledge/version.js';

describe('cuDNN table invariants', () => {
  it('every row is sourced, dated and flagged; unconfirmed rows say why', () => {
    for (const r of [...CUDNN_BUILDS, ...NCCL_RELEASES]) {
      expect(r.source.length).toBeGreaterThan(10);
      expect(r.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (!r.confirmed) expect(r.note, r.version).toBeTruthy();
    }
  });
  it('every CUDA major and minor named exists in the toolkit table', () => {
    const majors = new Set(CUDA_RELEASES.map((r) => Number(r.minor.split('.')[0])));
    for (const b of CUDNN_BUILDS) {
      expect(majors.has(b.cudaMajor), `${b.version} cuda ${b.cudaMajor}`).toBe(true);
      for (const v of b.cudaVersions) {
        expect(cudaRelease(v), `${b.version}: CUDA ${v}`).toBeDefined();
        expect(Number(v.split('.')[0])).toBe(b.cudaMajor);
      }
    }
  });
  it('every compute capability is one a toolkit can target', () => {
    const known = new Set(ARCH_SUPPORT.map((a) => a.arch));
    for (const b of CUDNN_BUILDS) for (const cc of b.computeCapabilities) expect(known.has(`sm_${cc.replace('.', '')}`), `${b.version} ${cc}`).toBe(true);
  });
  it('the driver floor of a build is at least the MVC floor of its CUDA major', () => {
    const floors: Record<number, string> = { 10: '410.48', 11: '450', 12: '525.60.13', 13: '580.65.06' };
    for (const b of CUDNN_BUILDS) if (b.minDriver.linux) expect(compareVersions(b.minDriver.linux, floors[b.cudaMajor]!)).toBeGreaterThanOrEqual(0);
  });
  it('releases are sorted and unique', () => {
    const v = cudnnReleases().map((r) => r.version);
    expect([...v].sort(compareVersions)).toEqual(v);
  });
});

describe('cuDNN spot checks (support matrix)', () => {
  it('9.10.2 is the last with CUDA 11.x and covers Blackwell on 12.8+', () => {
    const r = cudnnRelease('9.10.2')!;
    expect(r.builds.map((b) => b.cudaMajor)).toEqual([12, 12, 11]);
    expect(r.builds[0]!.computeCapabilities).toContain('12.0');
    expect(r.builds[2]!.minDriver).toEqual({ linux: '450.80.02', windows: '452.39' });
  });
  it('9.17.0 for CUDA 13 needs 580.65.06 and starts at Turing', () => {
    const b13 = cudnnRelease('9.17')!.builds.find((b) => b.cudaMajor === 13)!;
    expect(b13.minDriver.linux).toBe('580.65.06');
    expect(b13.minDriver.windows).toBeNull();
    expect(b13.computeCapabilities).not.toContain('7.0');
    expect(b13.computeCapabilities[0]).toBe('7.5');
  });
  it('accepts build numbers and prefixes', () => {
    expect(cudnnRelease('9.10.2.21')?.version).toBe('9.10.2');
    expect(cudnnRelease('8')?.version).toBe('8.9.7');
    expect(cudnnRelease('6.0')).toBeUndefined();
  });
  it('finds cuDNN for a toolkit', () => {
    expect(cudnnForCuda('12.4').map((b) => b.version)).toContain('9.5.1');
    expect(cudnnForCuda('10.2').map((b) => b.version)).toContain('7.6.5');
  });
});
