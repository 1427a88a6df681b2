import { describe, expect, it } from 'vitest';
import { cudaRelease } from '../../src/knowledge/cuda.js';
import { tensorflowRelease, tensorflowReleases } from '../../src/knowledge/tensorflow.js';
import { compareVersions } from '../../src/knowledge/version.js';

const rows = tensorflowReleases();

describe('tensorflow table invariants', () => {
  it('starts at 2.4 and ascends strictly', () => {
    expect(rows[0]?.version).toBe('2.4.0');
    for (let i = 1; i < rows.length; i++) expect(compareVersions(rows[i - 1]!.version, rows[i]!.version)).toBe(-1);
  });

  it('every row is sourced; unconfirmed rows say why', () => {
    for (const r of rows) {
      expect(r.source.length, r.version).toBeGreaterThan(10);
      expect(r.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (!r.confirmed) expect(r.note, r.version).toBeTruthy();
    }
  });

  it('every tested CUDA is a real CUDA release and never goes backwards', () => {
    for (const r of rows) expect(cudaRelease(r.cuda), `${r.version}: CUDA ${r.cuda}`).toBeDefined();
    for (let i = 1; i < rows.length; i++) expect(compareVersions(rows[i]!.cuda, rows[i - 1]!.cuda)).toBeGreaterThanOrEqual(0);
  });
});

describe('tensorflow spot checks', () => {
  it('2.15 was tested with CUDA 12.2 and cuDNN 8.9', () => {
    expect(tensorflowRelease('2.15')).toMatchObject({ cuda: '12.2', cudnn: '8.9', confirmed: true });
  });

  it('2.10 is the last release with native-Windows GPU', () => {
    expect(tensorflowRelease('2.10')?.windowsNativeGpu).toBe(true);
    expect(tensorflowRelease('2.11')?.windowsNativeGpu).toBe(false);
    const last = rows.filter((r) => r.windowsNativeGpu).at(-1);
    expect(last?.version).toBe('2.10.0');
  });

  it('the and-cuda extra starts at 2.14', () => {
    expect(tensorflowRelease('2.13')?.andCudaExtra).toBe(false);
    expect(tensorflowRelease('2.14')?.andCudaExtra).toBe(true);
  });

  it('2.17 dropped Maxwell and added sm_89', () => {
    expect(tensorflowRelease('2.17')?.computeCapabilities).toContain('sm_89');
    expect(tensorflowRelease('2.17')?.computeCapabilities).not.toContain('sm_50');
  });

  it('patch versions map to their minor row', () => {
    expect(tensorflowRelease('2.16.2')?.version).toBe('2.16.1');
    expect(tensorflowRelease('2.15.1')?.version).toBe('2.15.0');
    expect(tensorflowRelease('2.3')).toBeUndefined();
    expect(tensorflowRelease('nonsense')).toBeUndefined();
  });
});
