import { describe, expect, it } from 'vitest';
import { IMAGE_OSES, SUPPORT_POLICY, TAG_GRAMMAR } from '../../src/knowledge/data/containers.js';
import { formatCudaImageTag, imageOsSupport, parseCudaImageTag } from '../../src/knowledge/containers.js';

describe('nvidia/cuda tags', () => {
  it('parses and formats the documented shapes', () => {
    for (const t of TAG_GRAMMAR.examples) {
      const parsed = parseCudaImageTag(t);
      expect(parsed, t).toBeDefined();
      expect(formatCudaImageTag(parsed!)).toBe(t);
    }
    expect(parseCudaImageTag('nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04')).toEqual({ cuda: '12.4.1', flavor: 'devel', cudnn: 'cudnn', os: 'ubuntu22.04' });
    expect(parseCudaImageTag('10.2-cudnn7-devel-ubuntu18.04')?.cudnn).toBe('cudnn7');
  });
  it('rejects tags that do not exist by construction', () => {
    expect(parseCudaImageTag('latest')).toBeUndefined();
    expect(parseCudaImageTag('12.4.1-cudnn-base-ubuntu22.04')).toBeUndefined();
    expect(parseCudaImageTag('12.4.1-full-ubuntu22.04')).toBeUndefined();
  });
  it('knows OS ranges from the README', () => {
    expect(imageOsSupport('centos7', '12.4.1').inRange).toBe(false);
    expect(imageOsSupport('centos7', '12.4.0').inRange).toBe(true);
    expect(imageOsSupport('ubuntu24.04', '12.4.1').inRange).toBe(false);
    expect(imageOsSupport('ubuntu24.04', '13.0.0').inRange).toBe(true);
    expect(imageOsSupport('plan9', '12.0.0').row).toBeUndefined();
  });
  it('every row is sourced; policy says six months', () => {
    for (const r of [...IMAGE_OSES, SUPPORT_POLICY, TAG_GRAMMAR]) {
      expect(r.source.length).toBeGreaterThan(10);
      if (!r.confirmed) expect(r.note).toBeTruthy();
    }
    expect(SUPPORT_POLICY.deleteAfterMonths).toBe(6);
  });
});
