import { describe, expect, it } from 'vitest';
import { ARCH_SUPPORT, CUDA_RELEASES, MVC_FLOORS, PTX_ISA } from '../../src/knowledge/data/cuda.js';
import { ccToSm, cudaArchitectures, cudaRelease, maxCudaForDriver, minDriverFor, mvcMajorsForDriver, ptxIsaFor, smToCc } from '../../src/knowledge/cuda.js';
import { compareVersions } from '../../src/knowledge/version.js';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

describe('CUDA table invariants', () => {
  const rows = [...CUDA_RELEASES, ...MVC_FLOORS, ...PTX_ISA, ...ARCH_SUPPORT];
  it('every row has a source, a checked date and a confirmed flag; unconfirmed rows say why', () => {
    for (const r of rows) {
      expect(r.source.length, JSON.stringify(r)).toBeGreaterThan(10);
      expect(r.checked).toMatch(ISO);
      expect(typeof r.confirmed).toBe('boolean');
      if (!r.confirmed) expect(r.note, JSON.stringify(r)).toBeTruthy();
    }
  });

  it('releases are unique and in ascending order, from 7.0 on', () => {
    const versions = CUDA_RELEASES.map((r) => r.version);
    expect(new Set(versions).size).toBe(versions.length);
    for (let i = 1; i < versions.length; i++) expect(compareVersions(versions[i - 1]!, versions[i]!)).toBeLessThan(0);
    expect(versions[0]).toBe('7.0.28');
    expect(CUDA_RELEASES.find((r) => r.minor === '7.0')?.minDriver.linux).toBe('346.46');
    expect(CUDA_RELEASES.find((r) => r.minor === '9.0' && r.ga)?.minDriver.linux).toBe('384.81');
  });

  it('every minor has exactly one GA row', () => {
    const minors = new Set(CUDA_RELEASES.map((r) => r.minor));
    for (const m of minors) expect(CUDA_RELEASES.filter((r) => r.minor === m && r.ga).length, m).toBe(1);
  });

  for (const os of ['linux', 'windows'] as const) {
    it(`minimum ${os} driver never decreases as the toolkit version grows`, () => {
      let prev: string | undefined;
      for (const r of CUDA_RELEASES) {
        const d = r.minDriver[os];
        if (d === null) continue;
        if (prev) expect(compareVersions(d, prev), `${r.version} ${d} < ${prev}`).toBeGreaterThanOrEqual(0);
        prev = d;
      }
    });
  }

  it('every GA or update has a Linux driver unless marked unconfirmed', () => {
    for (const r of CUDA_RELEASES) if (r.minDriver.linux === null) expect(r.confirmed).toBe(false);
  });

  it('the driver floor of each release is at least the MVC floor of its major', () => {
    for (const r of CUDA_RELEASES) {
      const major = Number(r.minor.split('.')[0]);
      const f = MVC_FLOORS.find((x) => x.major === major);
      if (!f || r.minDriver.linux === null) continue;
      expect(compareVersions(r.minDriver.linux, f.min)).toBeGreaterThanOrEqual(0);
    }
  });

  it('every architecture is a well-formed, known SASS name and ranges are sane', () => {
    for (const a of ARCH_SUPPORT) {
      expect(a.arch).toMatch(/^sm_\d{2,3}[af]?$/);
      if (a.removedIn) expect(compareVersions(a.removedIn, a.since)).toBeGreaterThan(0);
      if (/[af]$/.test(a.arch))
        expect(
          ARCH_SUPPORT.some((b) => b.arch === a.arch.slice(0, -1)),
          a.arch,
        ).toBe(true);
    }
    expect(new Set(ARCH_SUPPORT.map((a) => a.arch)).size).toBe(ARCH_SUPPORT.length);
  });

  it('every release builds for at least one architecture and has a PTX ISA row', () => {
    // Architecture and PTX ISA rows start at 10.0; the 7.0–9.2 rows carry driver floors only.
    for (const r of CUDA_RELEASES.filter((x) => compareVersions(x.version, '10.0') >= 0)) {
      expect(cudaArchitectures(r.version).length, r.version).toBeGreaterThan(3);
      expect(ptxIsaFor(r.version), r.version).toBeDefined();
    }
  });
});

describe('CUDA spot checks (release notes Table 3)', () => {
  it('resolves X.Y to the GA and X.Y.Z exactly', () => {
    expect(cudaRelease('12.4')?.version).toBe('12.4.0');
    expect(cudaRelease('12.4.1')?.minDriver.linux).toBe('550.54.15');
    expect(cudaRelease('11.0')?.version).toBe('11.0.2');
    expect(cudaRelease('10.1')?.version).toBe('10.1.105');
    expect(cudaRelease('13.4')?.version).toBe('13.4.1');
    expect(cudaRelease('12.7')).toBeUndefined();
    expect(cudaRelease('12.4.9')).toBeUndefined();
  });
  it('knows well-known driver floors', () => {
    expect(minDriverFor('12.4')).toBe('550.54.14');
    expect(minDriverFor('12.4', 'windows')).toBe('551.61');
    expect(minDriverFor('11.8')).toBe('520.61.05');
    expect(minDriverFor('12.2.2')).toBe('535.104.05');
    expect(minDriverFor('13.0')).toBe('580.65.06');
    expect(minDriverFor('13.0', 'windows')).toBeUndefined();
    expect(minDriverFor('10.2', 'windows')).toBe('441.22');
  });
  it('maps drivers to the newest toolkit they fully support', () => {
    expect(maxCudaForDriver('535.104.05')?.minor).toBe('12.2');
    expect(maxCudaForDriver('535.54.03')?.version).toBe('12.2.0');
    expect(maxCudaForDriver('580.95.05')?.version).toBe('13.0.2');
    expect(maxCudaForDriver('452.39', 'windows')?.version).toBe('11.0.3');
    expect(maxCudaForDriver('400.00')?.version).toBe('9.2.148');
    expect(maxCudaForDriver('340.93')).toBeUndefined();
    expect(maxCudaForDriver('346.46')?.minor).toBe('7.0');
    expect(maxCudaForDriver('470.82.01')?.version).toBe('11.4.4');
    // The H200 fixture driver: R580 branch, newer than 13.0.3's bundled driver.
    expect(maxCudaForDriver('580.159.04')?.minor).toBe('13.0');
  });
  it('knows minor version compatibility', () => {
    expect(mvcMajorsForDriver('535.104.05').map((f) => f.major)).toEqual([12, 11]);
    expect(mvcMajorsForDriver('450.80.02').map((f) => f.major)).toEqual([11]);
    expect(mvcMajorsForDriver('450.51.06').map((f) => f.major)).toEqual([]);
  });
});

describe('architectures per toolkit', () => {
  it('CUDA 13 dropped Maxwell, Pascal and Volta', () => {
    const a13 = cudaArchitectures('13.0');
    for (const sm of ['sm_50', 'sm_52', 'sm_60', 'sm_61', 'sm_70', 'sm_72']) expect(a13).not.toContain(sm);
    expect(a13).toEqual(expect.arrayContaining(['sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a', 'sm_100', 'sm_103', 'sm_110', 'sm_120', 'sm_121']));
    expect(a13).not.toContain('sm_101');
  });
  it('12.x keeps sm_50 but not Kepler; 12.8 adds Blackwell', () => {
    expect(cudaArchitectures('12.4')).toContain('sm_50');
    expect(cudaArchitectures('12.4')).not.toContain('sm_35');
    expect(cudaArchitectures('11.8')).toContain('sm_35');
    expect(cudaArchitectures('12.6')).not.toContain('sm_120');
    expect(cudaArchitectures('12.8')).toEqual(expect.arrayContaining(['sm_100', 'sm_101', 'sm_120']));
    expect(cudaArchitectures('12.8')).not.toContain('sm_103');
    expect(cudaArchitectures('12.9.1')).toContain('sm_103');
  });
  it('first toolkits for Ampere/Ada/Hopper', () => {
    expect(cudaArchitectures('11.0')).toContain('sm_80');
    expect(cudaArchitectures('11.0')).not.toContain('sm_86');
    expect(cudaArchitectures('11.7')).not.toContain('sm_89');
    expect(cudaArchitectures('11.8')).toEqual(expect.arrayContaining(['sm_89', 'sm_90']));
    expect(cudaArchitectures('10.0')).toContain('sm_75');
  });
  it('PTX ISA per toolkit', () => {
    expect(ptxIsaFor('11.8')?.ptx).toBe('7.8');
    expect(ptxIsaFor('12.6.3')?.ptx).toBe('8.5');
    expect(ptxIsaFor('13.0')?.ptx).toBe('9.0');
  });
  it('converts between CC and sm names', () => {
    expect(ccToSm('8.6')).toBe('sm_86');
    expect(ccToSm('12.0')).toBe('sm_120');
    expect(ccToSm('90')).toBe('sm_90');
    expect(smToCc('sm_100a')).toBe('10.0a');
  });
});
