// Facts corrected by the issue-19 knowledge audit (2026-12-01); see docs/knowledge-audit.md.
import { describe, expect, it } from 'vitest';
import { JAX_CUDNN_98_SINCE } from '../../src/knowledge/data/jax.js';
import { jaxCudaExtra, jaxExtraFor, jaxRelease, jaxReleases } from '../../src/knowledge/jax.js';
import { torchRelease, torchReleases, torchVariant } from '../../src/knowledge/torch.js';
import { compareVersions } from '../../src/knowledge/version.js';

describe('issue-19 audit corrections', () => {
  it('torch 2.14.0 and 2.14.1 default to cu130 on PyPI, built with CUDA 13.0.3, cuDNN 9.24.0.43, NCCL 2.30.7', () => {
    for (const version of ['2.14.0', '2.14.1']) {
      const r = torchRelease(version)!;
      expect(r.pypiDefault, version).toBe('cu130');
      expect(r.checked).toMatch(/^2026-12-0[12]$/); // 2.14.0 re-checked 2026-12-02 (audit-issue19-triton.test.ts)
      expect(torchVariant(version, r.pypiDefault), version).toMatchObject({ cuda: '13.0', cudaFull: '13.0.3', cudnn: '9.24.0.43', nccl: '2.30.7' });
    }
  });

  it('torch 2.13.0 and 2.14.x cu130 wheels are built with CUDA 13.0.3', () => {
    for (const version of ['2.13.0', '2.14.0', '2.14.1']) {
      const cu130 = torchVariant(version, 'cu130')!;
      expect(cu130.cudaFull, version).toBe('13.0.3');
      expect(cu130.checked, version).toMatch(/^2026-12-0[12]$/); // 2.13.0 cu130 re-checked 2026-12-02
      expect(cu130.source, version).toContain('190355');
    }
  });

  it('no torch row lists Python 3.15 as supported; 2.13/2.14 say why in a note', () => {
    for (const r of torchReleases()) expect(compareVersions(r.python.max, '3.15'), r.version).toBeLessThan(0);
    for (const version of ['2.13.0', '2.14.0', '2.14.1']) {
      const r = torchRelease(version)!;
      expect(r.python).toMatchObject({ min: '3.10', max: '3.14' });
      expect(r.note, version).toMatch(/3\.15 wheels are experimental and Linux-only/);
      expect(r.source, version).toContain('187972');
    }
  });

  it('torch 2.15 keeps its proposed cu132 default, marked unreleased and unconfirmed', () => {
    const r = torchRelease('2.15.0');
    if (!r) return;
    expect(r.confirmed).toBe(false);
    expect(r.note).toMatch(/unreleased/);
  });

  it('jax 0.4.26 needs cuDNN 8.9, not the >= 9.8 floor of today', () => {
    const r = jaxRelease('0.4.26')!;
    expect(r.cudnn).toEqual({ min: '8.9', below: '9.0' });
    const e = jaxExtraFor(r, jaxCudaExtra('cuda12')!);
    expect(e.requires).toMatchObject({ cudnnMin: '8.9', cudnnBelow: '9.0' });
    // The shared extra row itself keeps today's floor for newer releases.
    expect(jaxCudaExtra('cuda12')!.requires.cudnnMin).toBe('9.8');
    expect(jaxExtraFor(jaxRelease('0.11.2'), jaxCudaExtra('cuda12')!).requires.cudnnMin).toBe('9.8');
  });

  it('every jax row older than 0.6.0 states its own cuDNN floor', () => {
    for (const r of jaxReleases()) if (compareVersions(r.version, JAX_CUDNN_98_SINCE) < 0) expect(r.cudnn, r.version).toBeDefined();
  });

  it('jax 0.11.2 has cuda12 and cuda13 wheels', () => {
    const r = jaxRelease('0.11.2')!;
    expect(r.extras).toEqual(expect.arrayContaining(['cuda12', 'cuda13']));
    expect(r.source).toContain('jax-cuda12-plugin');
    expect(r.source).toContain('jax-cuda12-pjrt');
    expect(jaxCudaExtra('cuda12')!.plugins).toEqual(['jax-cuda12-plugin', 'jax-cuda12-pjrt']);
    expect(jaxCudaExtra('cuda13')!.plugins).toEqual(['jax-cuda13-plugin', 'jax-cuda13-pjrt']);
  });
});
