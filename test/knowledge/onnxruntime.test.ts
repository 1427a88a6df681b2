import { describe, expect, it } from 'vitest';
import {
  onnxruntimeCuda,
  onnxruntimeForCuda,
  onnxruntimeLibraries,
  onnxruntimeRelease,
  onnxruntimeReleases,
  parseOnnxruntimeVersion,
} from '../../src/knowledge/onnxruntime.js';
import { ORT_CUDA_LIBRARIES } from '../../src/knowledge/data/onnxruntime.js';
import { compareVersions } from '../../src/knowledge/version.js';

describe('onnxruntime table', () => {
  it('rows are sourced, dated, ascending; unconfirmed rows say why', () => {
    const rows = onnxruntimeReleases();
    expect(rows[0]!.version).toBe('1.7');
    for (const r of [...rows, ...ORT_CUDA_LIBRARIES]) {
      expect(r.source.length).toBeGreaterThan(10);
      expect(r.checked).toBe('2026-11-30');
      if (!r.confirmed || ('unconfirmedFields' in r && r.unconfirmedFields)) expect(r.note).toBeTruthy();
    }
    for (let i = 1; i < rows.length; i++) expect(compareVersions(rows[i - 1]!.version, rows[i]!.version)).toBe(-1);
  });

  it('each series has exactly one PyPI default per patch and consistent majors', () => {
    for (const r of onnxruntimeReleases()) {
      const patches = new Set(r.builds.flatMap((b) => b.patches ?? []));
      for (const p of patches.size ? [...patches] : [undefined]) {
        const builds = p ? onnxruntimeRelease(p)!.builds : r.builds;
        expect(
          builds.filter((b) => b.pypiDefault),
          `${r.version} ${p ?? ''}`,
        ).toHaveLength(1);
      }
      for (const b of r.builds) {
        expect(b.cuda.startsWith(`${b.cudaMajor}.`), r.version).toBe(true);
        if (b.cudaMajor >= 12 && compareVersions(r.version, '1.19') >= 0) expect(b.cudnnMajor).toBe(9);
        if (b.cudaMajor === 11) expect(b.cudnnMajor).toBe(8);
      }
    }
  });

  it('parses versions', () => {
    expect(parseOnnxruntimeVersion('1.19.2')).toEqual({ series: '1.19', patch: '1.19.2' });
    expect(parseOnnxruntimeVersion('onnxruntime-gpu==1.18.1')).toEqual({ series: '1.18', patch: '1.18.1' });
    expect(parseOnnxruntimeVersion('1.17')).toEqual({ series: '1.17' });
    expect(parseOnnxruntimeVersion('garbage')).toBeUndefined();
    expect(onnxruntimeRelease('1.6')).toBeUndefined();
    expect(onnxruntimeRelease('1.9')?.confirmed).toBe(false);
  });

  it('PyPI default: CUDA 11 up to 1.18, CUDA 12 + cuDNN 9 from 1.19, CUDA 13 at 1.27', () => {
    expect(onnxruntimeCuda('1.10.0')?.pypiDefault).toMatchObject({ cuda: '11.4', cudnnMajor: 8 });
    expect(onnxruntimeCuda('1.14.1')?.pypiDefault).toMatchObject({ cuda: '11.6', cudnnExact: { windows: '8.5.0.96' } });
    const o17 = onnxruntimeCuda('1.17.1')!;
    expect(o17.pypiDefault).toMatchObject({ cuda: '11.8', cudnnMajor: 8 });
    expect(o17.alternatives).toEqual([expect.objectContaining({ cuda: '12.2', cudnnMajor: 8 })]);
    expect(onnxruntimeCuda('1.18.0')!.alternatives).toEqual([expect.objectContaining({ cudaMajor: 12, cudnnMajor: 8 })]);
    expect(onnxruntimeCuda('1.18.1')!.alternatives).toEqual([expect.objectContaining({ cudaMajor: 12, cudnnMajor: 9 })]);
    const o19 = onnxruntimeCuda('1.19.2')!;
    expect(o19.pypiDefault).toMatchObject({ cudaMajor: 12, cudnnMajor: 9 });
    expect(o19.alternatives[0]).toMatchObject({ cuda: '11.8', cudnnMajor: 8, pypiDefault: false });
    expect(o19.confirmed).toBe(true);
    expect(onnxruntimeCuda('1.22.0')?.pypiDefault?.cudaMajor).toBe(12);
    expect(onnxruntimeCuda('1.27.0')).toMatchObject({ pypiDefault: { cudaMajor: 13, cudnnMajor: 9 }, alternatives: [], confirmed: true });
    expect(onnxruntimeCuda('1.26.0')?.confirmed).toBe(false);
  });

  it('newest series for a CUDA/cuDNN pair', () => {
    expect(onnxruntimeForCuda(11)?.release.version).toBe('1.20');
    expect(onnxruntimeForCuda(11, 8)?.build.where).toContain('onnxruntime-cuda-11');
    expect(onnxruntimeForCuda(12, 8)?.release.version).toBe('1.18');
    expect(onnxruntimeForCuda(12, 9)?.release.version).toBe('1.26');
    expect(onnxruntimeForCuda(13)?.build.pypiDefault).toBe(true);
    expect(onnxruntimeForCuda(10)).toBeUndefined();
    expect(onnxruntimeForCuda(11, 9)).toBeUndefined();
  });

  it('library names follow the CUDA and cuDNN majors', () => {
    const l19 = onnxruntimeLibraries(onnxruntimeCuda('1.19')!.pypiDefault!);
    expect(l19.linux).toEqual(expect.arrayContaining(['libcublasLt.so.12', 'libcudnn.so.9']));
    expect(l19.windows).toEqual(expect.arrayContaining(['cublasLt64_12.dll', 'cudnn64_9.dll']));
    expect(l19.confirmed).toBe(true);
    const l16 = onnxruntimeLibraries(onnxruntimeCuda('1.16')!.pypiDefault!);
    expect(l16.linux).toEqual(expect.arrayContaining(['libcublasLt.so.11', 'libcudnn.so.8']));
    expect(l16.windows).toEqual(expect.arrayContaining(['cublasLt64_11.dll', 'cudnn64_8.dll']));
    expect(onnxruntimeLibraries({ cudaMajor: 13, cudnnMajor: 9 }).linux).toContain('libcudart.so.13');
  });
});
