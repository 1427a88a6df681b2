// The conda CUDA lines a fix may print (issue 26, after round 22): NVIDIA's cuda-* packages, the older cudatoolkit,
// pytorch-cuda — each checked against knowledge/data/conda-cuda.ts — and the names of the CUDA 13 library wheels.
import { describe, expect, it } from 'vitest';
import { checkLine } from '../../src/install/check.js';
import { nvidiaWheelFor } from '../../src/install/wheels.js';
import { condaCudaPublished, condaCudaRow } from '../../src/knowledge/conda-cuda.js';
import { wheelForSoname } from '../../src/knowledge/wheels.js';

const verdict = (line: string) => checkLine(line).verdict;

describe('conda CUDA packages', () => {
  it.each([
    'conda install -c nvidia cuda-nvcc=11.8',
    'conda install -c nvidia cuda-toolkit=12.4',
    'conda install -c nvidia/label/cuda-12.1.0 cuda-nvcc=12.1.105',
    'conda install -c conda-forge cudatoolkit=11.2',
    'conda install -c conda-forge cudatoolkit=10.2.89',
    'conda install pytorch==2.1.2 pytorch-cuda=12.1 -c pytorch -c nvidia',
  ])('%s: published', (line) => expect(verdict(line)).toBe('ok'));

  it.each([
    ['conda install -c nvidia cuda-nvcc=12.7', 'never published'],
    ['conda install -c nvidia cuda-toolkit=11.2', 'never published'],
    ['conda install -c conda-forge cudatoolkit=12.1', 'never published'],
    ['conda install pytorch-cuda=12.6 -c pytorch -c nvidia', 'never published'],
  ])('%s: wrong', (line, why) => {
    const c = checkLine(line);
    expect(c.verdict).toBe('wrong');
    expect(c.issues.map((i) => i.why).join(' ')).toContain(why);
  });

  it('a version past the table of a package still published, or one it does not track, is unchecked, not wrong', () => {
    expect(verdict('conda install -c nvidia cuda-nvcc=13.9')).toBe('unknown');
    expect(verdict('conda install -c anaconda cudatoolkit=8.0')).toBe('unknown');
    expect(verdict('conda install -c nvidia cuda-nsight=12.4')).toBe('unknown');
    expect(verdict('conda install -c conda-forge cudnn=8.1.0')).toBe('unknown');
  });

  it('the rows are sourced and dated', () => {
    for (const n of ['pytorch-cuda', 'cuda-nvcc', 'cudatoolkit']) {
      const r = condaCudaRow(n)!;
      expect(r.source).toMatch(/anaconda\.org/);
      expect(r.checked).toBe('2026-12-02');
    }
    expect(condaCudaPublished(condaCudaRow('cuda-nvcc')!, '12.8.*')).toBe('yes');
  });
});

describe('CUDA 13 wheel names', () => {
  it('toolkit components drop the suffix, libraries released apart keep it (a real torch 2.11.0+cu130 install)', () => {
    expect(wheelForSoname('libcublas.so.13', 13)).toBe('nvidia-cublas');
    expect(wheelForSoname('libcudart.so.13', 13)).toBe('nvidia-cuda-runtime');
    expect(wheelForSoname('libnvJitLink.so.13', 13)).toBe('nvidia-nvjitlink');
    expect(wheelForSoname('libcudnn.so.9', 13)).toBe('nvidia-cudnn-cu13');
    expect(wheelForSoname('libnccl.so.2', 13)).toBe('nvidia-nccl-cu13');
    expect(wheelForSoname('libcusparseLt.so.0', 13)).toBe('nvidia-cusparselt-cu13');
    expect(wheelForSoname('libcublas.so.12', 12)).toBe('nvidia-cublas-cu12');
    expect(nvidiaWheelFor('libcudnn.so.9', 13)).toBe('nvidia-cudnn-cu13');
  });
  it('an invented nvidia-cublas-cu13 is wrong; nvidia-cudnn-cu13 is checked as before', () => {
    const c = checkLine('pip install nvidia-cublas-cu13');
    expect(c.verdict).toBe('wrong');
    expect(c.issues[0]!.why).toContain('nvidia-cublas');
    expect(verdict('pip install "nvidia-cudnn-cu13==9.*"')).not.toBe('wrong');
  });
});
