import { describe, expect, it } from 'vitest';
import { chooseTorch } from '../../src/install/torch.js';

const drv = (version: string) => ({ version, cuda: null, source: 'nvml' });

describe('chooseTorch', () => {
  it('RTX 5090 (sm_120) + driver 570.86.10 + torch 2.11 → cu128, not cu126 or cu130', () => {
    const r = chooseTorch({ ccs: ['12.0'], driver: drv('570.86.10'), python: '3.12.3', platform: 'linux-x86_64', preferVersion: '2.11.0' });
    expect(r.choice?.variant.tag).toBe('cu128');
    expect(r.choice?.release.version).toBe('2.11.0');
  });
  it('RTX 5090 + driver 570.86.10 with an old torch → the newest release with a full-support cu128', () => {
    const r = chooseTorch({ ccs: ['12.0'], driver: drv('570.86.10'), python: '3.12.3', platform: 'linux-x86_64', preferVersion: '2.5.1' });
    expect(r.choice?.variant.tag).toBe('cu128');
    expect(r.choice?.release.version).toBe('2.11.0');
  });
  it('GTX 1080 Ti (sm_61) + driver 580.95.05 → cu126', () => {
    const r = chooseTorch({ ccs: ['6.1'], driver: drv('580.95.05'), python: '3.12.3', platform: 'linux-x86_64', preferVersion: '2.11.0' });
    expect(r.choice?.variant.tag).toBe('cu126');
    expect(r.choice?.release.version).toBe('2.11.0');
  });
  it('RTX 3060 (sm_86) + driver 525.60.13 + torch 2.0 → cu118', () => {
    const r = chooseTorch({ ccs: ['8.6'], driver: drv('525.60.13'), python: '3.10.12', platform: 'linux-x86_64', preferVersion: '2.0.1' });
    expect(r.choice?.variant.tag).toBe('cu118');
    expect(r.choice?.release.version).toBe('2.0.1');
  });
  it('RTX 5090 + driver 550 → nothing fits; a driver upgrade to the 12.x floor unlocks cu128', () => {
    const r = chooseTorch({ ccs: ['12.0'], driver: drv('470.256.02'), python: '3.12.3', platform: 'linux-x86_64', preferVersion: '2.11.0' });
    expect(r.choice).toBeUndefined();
    expect(r.withNewerDriver?.variant.tag).toBeDefined();
  });
  it('Kepler sm_35 has no wheel at all', () => {
    const r = chooseTorch({ ccs: ['3.5'], driver: drv('470.256.02'), python: '3.10.0', platform: 'linux-x86_64' });
    expect(r).toEqual({});
  });
});
