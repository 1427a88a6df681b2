import { describe, expect, it } from 'vitest';
import { nvmlTypes } from '../../src/native/nvml.js';

// Layouts from nvml.h (LP64), as koffi computed them on the H200 (shared/fixtures/h200-cuda13/ffi-*.json).
describe('NVML struct layouts through koffi', async () => {
  const koffi = await import('koffi');
  const t = nvmlTypes(koffi);
  const offsets = (type: typeof t.memory) => Object.fromEntries(Object.entries(type.members ?? {}).map(([k, m]) => [k, m.offset]));

  it('nvmlMemory_t and nvmlMemory_v2_t', () => {
    expect(t.memory.size).toBe(24);
    expect(t.memoryV2.size).toBe(40);
    expect(offsets(t.memoryV2)).toEqual({ version: 0, total: 8, reserved: 16, free: 24, used: 32 });
    expect(t.memoryV2Version).toBe(0x02000028);
  });

  it('nvmlPciInfo_t', () => {
    expect(t.pciInfo.size).toBe(68);
    expect(offsets(t.pciInfo)).toEqual({ busIdLegacy: 0, domain: 16, bus: 20, device: 24, pciDeviceId: 28, pciSubSystemId: 32, busId: 36 });
  });

  it('nvmlTemperature_v1_t, nvmlUtilization_t, nvmlDeviceAttributes_t', () => {
    expect(t.temperatureV1.size).toBe(12);
    expect(t.temperatureV1Version).toBe(0x0100000c);
    expect(t.utilization.size).toBe(8);
    expect(t.attributes.size).toBe(40);
    expect(t.attributes.members?.memorySizeMB?.offset).toBe(32);
  });

  it('declares the types once: a second call reuses them', () => {
    expect(nvmlTypes(koffi)).toBe(t);
  });
});
