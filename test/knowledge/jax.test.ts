import { describe, expect, it } from 'vitest';
import { cudaRelease } from '../../src/knowledge/cuda.js';
import { jaxCudaExtra, jaxCudaExtras, jaxRelease, jaxReleases } from '../../src/knowledge/jax.js';
import { compareVersions } from '../../src/knowledge/version.js';

describe('jax tables', () => {
  it('rows are sourced and ascending', () => {
    const rows = jaxReleases();
    for (const r of [...rows, ...jaxCudaExtras()]) {
      expect(r.source.length).toBeGreaterThan(10);
      expect(r.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (!r.confirmed) expect(r.note).toBeTruthy();
    }
    for (let i = 1; i < rows.length; i++) expect(compareVersions(rows[i - 1]!.version, rows[i]!.version)).toBe(-1);
  });

  it('every extra names real CUDA releases', () => {
    for (const e of jaxCudaExtras()) {
      expect(cudaRelease(e.requires.cuda), e.extra).toBeDefined();
      if (e.builtWith) expect(cudaRelease(e.builtWith.cuda), e.extra).toBeDefined();
    }
  });

  it('cuda13 needs driver >= 580 and sm_75; cuda12 needs 525 and sm_52; cuda11 is gone', () => {
    expect(jaxCudaExtra('cuda13')).toMatchObject({ minDriverLinux: '580', minComputeCapability: '7.5', current: true });
    expect(jaxCudaExtra('cuda12')).toMatchObject({ minDriverLinux: '525', minComputeCapability: '5.2', current: true });
    expect(jaxCudaExtra('cuda11')?.current).toBe(false);
  });

  it('finds releases', () => {
    expect(jaxRelease('0.11.2')?.extras).toContain('cuda13');
    expect(jaxRelease('0.7')?.version).toBe('0.7.2');
    expect(jaxRelease('jax-v0.7.1')?.builtWithCuda).toBe('12.9');
    expect(jaxRelease('0.1.2')).toBeUndefined();
  });
});
