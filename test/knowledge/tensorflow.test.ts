import { describe, expect, it } from 'vitest';
import { cudaRelease } from '../../src/knowledge/cuda.js';
import { tensorflowRelease, tensorflowReleases } from '../../src/knowledge/tensorflow.js';
import { compareVersions } from '../../src/knowledge/version.js';

const rows = tensorflowReleases();

describe('tensorflow table invariants', () => {
  it('starts at 1.5 and ascends strictly', () => {
    expect(rows[0]?.version).toBe('1.5.0');
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

  it('Python ranges are well formed and never go backwards', () => {
    for (const r of rows) expect(compareVersions(r.python.min, r.python.max), r.version).toBeLessThanOrEqual(0);
    for (let i = 1; i < rows.length; i++) {
      expect(compareVersions(rows[i]!.python.min, rows[i - 1]!.python.min), rows[i]!.version).toBeGreaterThanOrEqual(0);
      expect(compareVersions(rows[i]!.python.max, rows[i - 1]!.python.max), rows[i]!.version).toBeGreaterThanOrEqual(0);
    }
  });

  it('one row per minor', () => {
    const minors = rows.map((r) => r.version.split('.').slice(0, 2).join('.'));
    expect(new Set(minors).size).toBe(minors.length);
  });

  it('native-Windows GPU is a prefix of the table; the and-cuda extra a suffix', () => {
    const win = rows.map((r) => r.windowsNativeGpu);
    expect(win.indexOf(false)).toBeGreaterThan(0);
    expect(win.slice(win.indexOf(false))).not.toContain(true);
    const extra = rows.map((r) => r.andCudaExtra);
    expect(extra.slice(extra.indexOf(true))).not.toContain(false);
  });

  it('rows before CUDA 11 have no and-cuda extra and no wheel compute capabilities', () => {
    for (const r of rows.filter((x) => compareVersions(x.cuda, '11') < 0)) {
      expect(r.andCudaExtra, r.version).toBe(false);
      expect(r.computeCapabilities, r.version).toBeUndefined();
    }
  });
});

describe('tensorflow spot checks', () => {
  it('releases before 2.4 use CUDA 9.0 / 10.0 / 10.1 (tested build configurations)', () => {
    expect(tensorflowRelease('2.3')).toMatchObject({ cuda: '10.1', cudnn: '7.6', python: { min: '3.5', max: '3.8' }, confirmed: true });
    expect(tensorflowRelease('2.1')).toMatchObject({ cuda: '10.1', cudnn: '7.6' });
    expect(tensorflowRelease('2.0')).toMatchObject({ cuda: '10.0', cudnn: '7.4' });
    expect(tensorflowRelease('1.15')).toMatchObject({ cuda: '10.0', cudnn: '7.4', windowsNativeGpu: true, andCudaExtra: false, confirmed: true });
    expect(tensorflowRelease('1.12')).toMatchObject({ cuda: '9.0', cudnn: '7' });
    expect(tensorflowRelease('1.5')).toMatchObject({ cuda: '9.0', cudnn: '7' });
  });

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
    expect(tensorflowRelease('2.3.1')?.version).toBe('2.3.0');
    expect(tensorflowRelease('1.13')?.version).toBe('1.13.1');
    expect(tensorflowRelease('1.4')).toBeUndefined();
    expect(tensorflowRelease('nonsense')).toBeUndefined();
  });
});
