import { describe, expect, it } from 'vitest';
import { compareVersions, versionHasPrefix } from '../../src/knowledge/version.js';

describe('compareVersions', () => {
  it('compares each dotted component as a number', () => {
    expect(compareVersions('535.104.05', '535.54.03')).toBe(1);
    expect(compareVersions('452.39', '452.39')).toBe(0);
    expect(compareVersions('580.95.05', '580.159.04')).toBe(-1);
    expect(compareVersions('12.10', '12.9')).toBe(1);
  });
  it('treats missing components as zero', () => {
    expect(compareVersions('12.4', '12.4.0')).toBe(0);
    expect(compareVersions('12.4', '12.4.1')).toBe(-1);
    expect(compareVersions('13', '12.9.1')).toBe(1);
  });
  it('ignores local suffixes', () => {
    expect(compareVersions('2.5.1+cu121', '2.5.1')).toBe(0);
  });
  it('sorts', () => {
    expect(['12.4.1', '11.8', '12.4', '535.54.03'].sort(compareVersions)).toEqual(['11.8', '12.4', '12.4.1', '535.54.03']);
  });
  it('matches prefixes', () => {
    expect(versionHasPrefix('12.4.1', '12.4')).toBe(true);
    expect(versionHasPrefix('12.40.1', '12.4')).toBe(false);
  });
});
