import { describe, expect, it } from 'vitest';
import { architectureForCapability, gpuByPciDeviceId, gpuCatalogue, gpusByPciDeviceId, matchGpu, normalizePciDeviceId } from '../../src/knowledge/gpus.js';
import type { GpuSpec } from '../../src/knowledge/gpus.js';

const gpus = gpuCatalogue();

function byName(name: string): GpuSpec {
  const g = gpus.find((x) => x.name === name);
  if (!g) throw new Error(`no row ${name}`);
  return g;
}

function matched(query: string): string | undefined {
  return matchGpu(query).match?.name;
}

// PCI ids that pci.ids itself gives to several products (told apart by subsystem id or memory size).
const SHARED_PCI_IDS = new Set(['0x25b6', '0x1e30', '0x1e78', '0x17fd']);

describe('GPU catalogue invariants', () => {
  it('is broad: every family from Maxwell to Blackwell, every segment', () => {
    expect(gpus.length).toBeGreaterThan(150);
    for (const a of ['Maxwell', 'Pascal', 'Volta', 'Turing', 'Ampere', 'Ada Lovelace', 'Hopper', 'Blackwell']) {
      expect(
        gpus.some((g) => g.architecture === a),
        a,
      ).toBe(true);
    }
    for (const s of ['geforce', 'workstation', 'datacenter', 'jetson', 'laptop']) {
      expect(
        gpus.some((g) => g.segment === s),
        s,
      ).toBe(true);
    }
  });

  it('every row is sourced and dated; unconfirmed rows say which fields and why', () => {
    for (const g of gpus) {
      expect(g.source.length, g.name).toBeGreaterThan(10);
      expect(g.checked, g.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const unc = g.unconfirmedFields ?? [];
      expect(g.confirmed, `${g.name}: confirmed iff no unconfirmed fields`).toBe(unc.length === 0);
      expect(new Set(unc).size, g.name).toBe(unc.length);
    }
  });

  it('compute capability agrees with the architecture', () => {
    for (const g of gpus) {
      expect(g.computeCapability, g.name).toMatch(/^\d+\.\d$/);
      expect(architectureForCapability(g.computeCapability), g.name).toBe(g.architecture);
    }
  });

  it('names are unique and aliases identify one row (short forms may be shared)', () => {
    const seen = new Map<string, string>();
    for (const g of gpus) {
      for (const n of [g.name, ...g.aliases]) {
        const k = n.toLowerCase();
        expect(seen.get(k) ?? g.name, `${n} is on ${seen.get(k)} and ${g.name}`).toBe(g.name);
        seen.set(k, g.name);
      }
    }
    // Every name and alias finds its own row.
    for (const g of gpus) for (const n of [g.name, ...g.aliases]) expect(matched(n), n).toBe(g.name);
  });

  it('short forms are really shared, or at least not someone else’s name', () => {
    for (const g of gpus) {
      for (const s of g.shortForms ?? []) {
        const m = matchGpu(s);
        expect(m.match === undefined ? m.candidates : [m.match], s).toContain(g);
      }
    }
  });

  it('PCI ids are well-formed and unique except ids pci.ids itself shares', () => {
    const owner = new Map<string, string>();
    for (const g of gpus) {
      for (const id of g.pciDeviceIds) {
        expect(id, g.name).toMatch(/^0x[0-9a-f]{4}$/);
        const prev = owner.get(id);
        if (prev && prev !== g.name) expect(SHARED_PCI_IDS.has(id), `${id}: ${prev} and ${g.name}`).toBe(true);
        owner.set(id, g.name);
      }
    }
  });

  it('figures are positive where present and plausible for the architecture', () => {
    for (const g of gpus) {
      expect(g.memoryGiB, g.name).toBeGreaterThan(0);
      if (g.memoryBandwidthGBs !== null) expect(g.memoryBandwidthGBs, g.name).toBeGreaterThan(0);
      if (g.smCount !== null) expect(g.smCount, g.name).toBeGreaterThan(0);
      if (g.tdpW !== null) expect(g.tdpW, g.name).toBeGreaterThan(0);
      if (g.pcie) {
        expect([1, 2, 3, 4, 5, 6], g.name).toContain(g.pcie.gen);
        expect([1, 2, 4, 8, 16], g.name).toContain(g.pcie.width);
      } else {
        expect(g.interconnect, `${g.name}: no PCIe means the interconnect is described`).toBeTruthy();
      }
      for (const [k, v] of Object.entries(g.peakTflops)) if (v !== null) expect(v, `${g.name} ${k}`).toBeGreaterThan(0);
      const t = g.peakTflops;
      // Dtype paths by architecture: TF32/BF16 from Ampere, FP8 from Ada/Hopper.
      if (['Maxwell', 'Pascal', 'Volta', 'Turing'].includes(g.architecture)) {
        expect(t.tf32, g.name).toBeNull();
        expect(t.bf16, g.name).toBeNull();
      }
      if (['Maxwell', 'Pascal', 'Volta', 'Turing', 'Ampere'].includes(g.architecture)) expect(t.fp8, g.name).toBeNull();
      // Tensor-core GPUs: FP16 at least FP32, BF16 = FP16, TF32 between FP32-ish and FP16, FP8 = 2 x FP16.
      const tensor = g.architecture !== 'Maxwell' && g.architecture !== 'Pascal' && !/^TU11[67]$/.test(g.chip);
      if (tensor && t.fp16 !== null && t.fp32 !== null) expect(t.fp16, g.name).toBeGreaterThanOrEqual(t.fp32);
      if (t.bf16 !== null && t.fp16 !== null) expect(t.bf16, g.name).toBe(t.fp16);
      if (t.tf32 !== null && t.fp16 !== null) expect(t.tf32, g.name).toBeLessThanOrEqual(t.fp16);
      if (t.fp8 !== null && t.fp16 !== null) expect(t.fp8 / t.fp16, g.name).toBeCloseTo(2, 1);
      if (g.tflopsBasis === 'derived') expect(g.smCount !== null && g.boostClockMHz !== null, g.name).toBe(true);
    }
  });

  it('bandwidth per watt and per SM stays inside what real parts do (catches unit slips)', () => {
    for (const g of gpus) {
      if (g.memoryBandwidthGBs !== null) expect(g.memoryBandwidthGBs, g.name).toBeLessThan(10_000);
      if (g.peakTflops.fp32 !== null && g.smCount !== null && g.boostClockMHz !== null) {
        const perSmPerClock = (g.peakTflops.fp32 * 1e6) / (g.smCount * g.boostClockMHz);
        expect(perSmPerClock, g.name).toBeGreaterThan(100);
        expect(perSmPerClock, g.name).toBeLessThan(300);
      }
    }
  });
});

describe('matchGpu', () => {
  it.each(['3060', 'RTX 3060', 'rtx3060', 'GeForce RTX 3060', 'NVIDIA GeForce RTX 3060', 'nvidia geforce rtx 3060'])('%s is the desktop RTX 3060', (q) =>
    expect(matched(q)).toBe('NVIDIA GeForce RTX 3060'),
  );

  it('laptop, Ti and SUPER variants are different GPUs', () => {
    expect(matched('NVIDIA GeForce RTX 3060 Laptop GPU')).toBe('NVIDIA GeForce RTX 3060 Laptop GPU');
    expect(matched('RTX 3060 Mobile')).toBe('NVIDIA GeForce RTX 3060 Laptop GPU');
    expect(matched('3060 laptop')).toBe('NVIDIA GeForce RTX 3060 Laptop GPU');
    expect(matched('3060 ti')).toBe('NVIDIA GeForce RTX 3060 Ti');
    expect(matched('RTX 3060 Ti')).toBe('NVIDIA GeForce RTX 3060 Ti');
    expect(matched('4070 super')).toBe('NVIDIA GeForce RTX 4070 SUPER');
    expect(matched('4090')).toBe('NVIDIA GeForce RTX 4090');
    expect(matched('RTX 4090 Laptop GPU')).toBe('NVIDIA GeForce RTX 4090 Laptop GPU');
    expect(byName('NVIDIA GeForce RTX 3060 Laptop GPU').memoryGiB).not.toBe(byName('NVIDIA GeForce RTX 3060').memoryGiB);
  });

  it('"A100" alone is ambiguous and lists every A100', () => {
    const m = matchGpu('A100');
    expect(m.match).toBeUndefined();
    expect(m.candidates.map((g) => g.name).sort()).toEqual(
      ['NVIDIA A100 80GB PCIe', 'NVIDIA A100-PCIE-40GB', 'NVIDIA A100-SXM4-40GB', 'NVIDIA A100-SXM4-80GB'].sort(),
    );
    const m80 = matchGpu('A100 80GB');
    expect(m80.match).toBeUndefined();
    expect(m80.candidates.map((g) => g.name).sort()).toEqual(['NVIDIA A100 80GB PCIe', 'NVIDIA A100-SXM4-80GB']);
    expect(matched('A100 SXM 80GB')).toBe('NVIDIA A100-SXM4-80GB');
    expect(matched('A100-SXM4-40GB')).toBe('NVIDIA A100-SXM4-40GB');
  });

  it('data-center NVML names', () => {
    expect(matched('H100 80GB HBM3')).toBe('NVIDIA H100 80GB HBM3');
    expect(matched('NVIDIA H100 80GB HBM3')).toBe('NVIDIA H100 80GB HBM3');
    expect(matched('H100 SXM')).toBe('NVIDIA H100 80GB HBM3');
    expect(matched('NVIDIA H100 PCIe')).toBe('NVIDIA H100 PCIe');
    expect(matchGpu('H100').match).toBeUndefined();
    expect(matched('NVIDIA H200')).toBe('NVIDIA H200');
    expect(matched('Tesla V100-SXM2-32GB')).toBe('Tesla V100-SXM2-32GB');
    expect(matched('Tesla T4')).toBe('Tesla T4');
    expect(matched('T4')).toBe('Tesla T4');
    expect(matched('L40')).toBe('NVIDIA L40');
    expect(matched('L40S')).toBe('NVIDIA L40S');
    expect(matched('A10')).toBe('NVIDIA A10');
    expect(matchGpu('V100').match).toBeUndefined();
    expect(matchGpu('V100').candidates.length).toBeGreaterThanOrEqual(4);
  });

  it('old driver names without the NVIDIA prefix, and Jetson CUDA names', () => {
    expect(matched('GeForce GTX 1080 Ti')).toBe('NVIDIA GeForce GTX 1080 Ti');
    expect(matched('1080 ti')).toBe('NVIDIA GeForce GTX 1080 Ti');
    expect(matched('TITAN Xp')).toBe('NVIDIA TITAN Xp');
    expect(matched('NVIDIA Tegra X2')).toBe('NVIDIA Jetson TX2');
    const orin = matchGpu('Orin');
    expect(orin.match).toBeUndefined();
    expect(orin.candidates.length).toBe(4);
  });

  it('unknown names give the closest few, not a match', () => {
    const m = matchGpu('RTX 3065');
    expect(m.match).toBeUndefined();
    expect(m.candidates.length).toBeGreaterThan(0);
    expect(m.candidates.length).toBeLessThanOrEqual(5);
    expect(m.candidates.some((g) => g.name.includes('3060'))).toBe(true);
    expect(matchGpu('Radeon RX 7900 XTX').match).toBeUndefined();
    expect(matchGpu('').match).toBeUndefined();
  });
});

describe('PCI ids', () => {
  it('accepts the spellings NVML, lspci and people use', () => {
    expect(normalizePciDeviceId('0x2335')).toBe('0x2335');
    expect(normalizePciDeviceId('2335')).toBe('0x2335');
    expect(normalizePciDeviceId('0x233510DE')).toBe('0x2335');
    expect(normalizePciDeviceId('10de:2335')).toBe('0x2335');
    expect(normalizePciDeviceId('0x23351002')).toBeUndefined();
    expect(normalizePciDeviceId('hello')).toBeUndefined();
    for (const id of ['0x2335', '2335', '0x233510de']) expect(gpuByPciDeviceId(id)?.name).toBe('NVIDIA H200');
    expect(gpuByPciDeviceId('0x2684')?.name).toBe('NVIDIA GeForce RTX 4090');
    expect(gpuByPciDeviceId('0x2b85')?.name).toBe('NVIDIA GeForce RTX 5090');
    expect(gpuByPciDeviceId('0x2805')?.name).toBe('NVIDIA GeForce RTX 4060 Ti 16GB');
    expect(gpuByPciDeviceId('0xffff')).toBeUndefined();
  });

  it('shared ids answer undefined alone and every owner in the list', () => {
    expect(gpuByPciDeviceId('0x25b6')).toBeUndefined();
    expect(
      gpusByPciDeviceId('0x25b6')
        .map((g) => g.name)
        .sort(),
    ).toEqual(['NVIDIA A16', 'NVIDIA A2']);
  });
});

describe('architectureForCapability', () => {
  it.each([
    ['8.6', 'Ampere'],
    ['8.0', 'Ampere'],
    ['8.7', 'Ampere'],
    ['8.9', 'Ada Lovelace'],
    ['9.0', 'Hopper'],
    ['10.0', 'Blackwell'],
    ['10.3', 'Blackwell'],
    ['11.0', 'Blackwell'],
    ['12.0', 'Blackwell'],
    ['12.1', 'Blackwell'],
    ['7.5', 'Turing'],
    ['7.0', 'Volta'],
    ['7.2', 'Volta'],
    ['6.0', 'Pascal'],
    ['6.1', 'Pascal'],
    ['6.2', 'Pascal'],
    ['5.0', 'Maxwell'],
    ['5.2', 'Maxwell'],
    ['5.3', 'Maxwell'],
    ['3.7', 'Kepler'],
    ['sm_86', 'Ampere'],
    ['sm_120', 'Blackwell'],
    ['90', 'Hopper'],
  ])('%s → %s', (cc, arch) => expect(architectureForCapability(cc)).toBe(arch));

  it('unknown capabilities are undefined', () => {
    for (const cc of ['8.8', '13.0', '4.0', 'x', '']) expect(architectureForCapability(cc), cc).toBeUndefined();
  });
});

describe('spot checks', () => {
  it.each([
    ['3060', '8.6', 12, 'Ampere'],
    ['RTX 4090', '8.9', 24, 'Ada Lovelace'],
    ['GTX 1080 Ti', '6.1', 11, 'Pascal'],
    ['RTX 5090', '12.0', 32, 'Blackwell'],
    ['NVIDIA H200', '9.0', 141, 'Hopper'],
    ['Tesla T4', '7.5', 16, 'Turing'],
    ['Tesla V100-SXM2-32GB', '7.0', 32, 'Volta'],
    ['NVIDIA A100-SXM4-80GB', '8.0', 80, 'Ampere'],
    ['GTX 980 Ti', '5.2', 6, 'Maxwell'],
    ['NVIDIA B200', '10.0', 180, 'Blackwell'],
  ])('%s: CC %s, %d GB, %s', (q, cc, mem, arch) => {
    const g = matchGpu(q).match;
    expect(g, q).toBeDefined();
    expect(g?.computeCapability).toBe(cc);
    expect(g?.memoryGiB).toBe(mem);
    expect(g?.architecture).toBe(arch);
  });

  it('H200 row agrees with the test server (fixtures/h200-cuda13)', () => {
    const h = byName('NVIDIA H200');
    expect(h.pciDeviceIds).toContain('0x2335');
    expect(h.smCount).toBe(132);
    expect(h.memoryType).toBe('HBM3e');
    expect(h.tdpW).toBe(700);
    expect(h.nvmlMemoryBytes).toBe(150754820096);
    expect((h.nvmlMemoryBytes ?? 0) / 2 ** 30).toBeCloseTo(140.4, 1);
    expect(h.peakTflops.bf16).toBeCloseTo(989.5, 0);
    expect(h.peakTflops.fp8).toBeCloseTo(1979, 0);
    expect(h.confirmed).toBe(true);
  });

  it("GeForce figures use FP32 accumulate (half NVIDIA's FP16-accumulate number)", () => {
    // RTX 4090: NVIDIA quotes 330.3 dense FP16 tensor TFLOPS with FP16 accumulate, 165.2 with FP32.
    expect(byName('NVIDIA GeForce RTX 4090').peakTflops.fp16).toBeCloseTo(165.2, 0);
    expect(byName('NVIDIA GeForce RTX 4090').peakTflops.fp32).toBeCloseTo(82.6, 0);
    // RTX 5090: 838 sparse FP16-accumulate → 209.5 dense FP32-accumulate.
    expect(byName('NVIDIA GeForce RTX 5090').peakTflops.fp16).toBeCloseTo(209.5, 0);
    expect(byName('NVIDIA A100-SXM4-80GB').peakTflops.tf32).toBe(156);
  });
});
