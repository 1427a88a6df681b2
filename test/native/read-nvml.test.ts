import type { LibraryHandle } from 'koffi';
import { describe, expect, it } from 'vitest';
import { readCudaFrom } from '../../src/native/read-cuda.js';
import { readNvmlFrom } from '../../src/native/read-nvml.js';
import type { LibraryLoadReport } from '../../src/native/report.js';

type Impl = (...args: any[]) => unknown;

/** A LibraryHandle over JS functions: `func(prototype)` binds by the C name, as koffi does. */
function fakeLib(impls: Record<string, Impl>): LibraryHandle {
  return {
    func(prototype: string) {
      const name = /(\w+)\s*\(/.exec(prototype)?.[1] ?? '';
      const impl = impls[name];
      if (!impl) throw new Error(`Cannot find function '${name}' in shared library`);
      return Object.assign((...args: unknown[]) => impl(...args), { info: { name }, async: () => undefined });
    },
  } as unknown as LibraryHandle;
}

const library: LibraryLoadReport = { soname: 'libnvidia-ml.so.1', candidates: [], loadedPath: '/fake/libnvidia-ml.so.1', refused: [], error: null };
const put = (out: unknown[], value: unknown) => {
  out[0] = value;
  return 0;
};
const text = (value: string) => (buf: Buffer) => {
  buf.write(`${value}\0`);
  return 0;
};

// An older driver: no _v2 memory, no TemperatureV, no ClocksEvent names; ECC unsupported.
const olderDriver: Record<string, Impl> = {
  nvmlInit_v2: () => 0,
  nvmlShutdown: () => 0,
  nvmlSystemGetDriverVersion: text('470.256.02'),
  nvmlSystemGetNVMLVersion: text('11.470.256.02'),
  nvmlSystemGetCudaDriverVersion_v2: (out: number[]) => put(out, 11040),
  nvmlDeviceGetCount_v2: (out: number[]) => put(out, 1),
  nvmlDeviceGetHandleByIndex_v2: (_i: number, out: bigint[]) => put(out, 0x1234n),
  nvmlDeviceGetName: (_d: bigint, buf: Buffer) => text('Tesla T4')(buf),
  nvmlDeviceGetMemoryInfo: (_d: bigint, m: Record<string, number>) => Object.assign(m, { total: 16e9, free: 15e9, used: 1e9 }) && 0,
  nvmlDeviceGetTemperature: (_d: bigint, _s: number, out: number[]) => put(out, 51),
  nvmlDeviceGetCurrentClocksThrottleReasons: (_d: bigint, out: unknown[]) => put(out, 0x4n),
  nvmlDeviceGetEccMode: () => 3,
  nvmlDeviceGetTotalEccErrors: () => 3,
  nvmlDeviceGetPowerUsage: (_d: bigint, out: number[]) => put(out, 70000),
};

describe('readNvmlFrom', async () => {
  const koffi = await import('koffi');

  it('falls back to the older symbols and reads every field on its own', () => {
    const report = readNvmlFrom(koffi, fakeLib(olderDriver), { ...library });
    expect(report).toMatchObject({ initRc: 0, driverVersion: '470.256.02', nvmlVersion: '11.470.256.02', cudaDriverVersion: 11040, deviceCount: 1 });
    const d = report.devices[0]!;
    expect(d.name).toBe('Tesla T4');
    expect(d.memory).toEqual({ total: 16e9, free: 15e9, used: 1e9, reserved: null });
    expect(d.temperatureC).toBe(51);
    expect(d.clockEventReasons).toBe('0x4');
    expect(d.powerDrawMw).toBe(70000);
    // NOT_SUPPORTED on ECC hides nothing else, and is recorded with NVML's name.
    expect(d.ecc.current).toBeNull();
    expect(d.errors).toContainEqual({ call: 'nvmlDeviceGetEccMode', rc: 3, name: 'NVML_ERROR_NOT_SUPPORTED' });
    expect(d.errors).toContainEqual({ call: 'nvmlDeviceGetTotalEccErrors(UNCORRECTED,VOLATILE)', rc: 3, name: 'NVML_ERROR_NOT_SUPPORTED' });
    // Symbols the library lacks are FUNCTION_NOT_FOUND; a fallback that answered leaves no error behind.
    expect(d.errors).toContainEqual({ call: 'nvmlDeviceGetUUID', rc: 13, name: 'NVML_ERROR_FUNCTION_NOT_FOUND' });
    expect(d.errors.map((e) => e.call)).not.toContain('nvmlDeviceGetMemoryInfo_v2');
    expect(d.errors.map((e) => e.call)).not.toContain('nvmlDeviceGetTemperatureV');
  });

  it('passes the struct version in and reads v2 memory when the driver has it', () => {
    let versionSeen = 0;
    const lib = fakeLib({
      ...olderDriver,
      nvmlDeviceGetMemoryInfo_v2: (_d: bigint, m: Record<string, number>) => {
        versionSeen = m.version ?? 0;
        Object.assign(m, { total: 150754820096, reserved: 644939776, free: 150109880320, used: 0 });
        return 0;
      },
    });
    const d = readNvmlFrom(koffi, lib, { ...library }).devices[0]!;
    expect(versionSeen).toBe(0x02000028);
    expect(d.memory).toEqual({ total: 150754820096, free: 150109880320, used: 0, reserved: 644939776 });
  });

  it('stops at a failed nvmlInit with its name (the stub answers DRIVER_NOT_LOADED)', () => {
    const report = readNvmlFrom(koffi, fakeLib({ nvmlInit_v2: () => 9 }), { ...library });
    expect(report).toMatchObject({ initRc: 9, initError: 'NVML_ERROR_DRIVER_NOT_LOADED', deviceCount: null, devices: [] });
  });

  it('turns 64-bit BigInt outputs into JSON-safe values', () => {
    const lib = fakeLib({
      ...olderDriver,
      nvmlDeviceGetCurrentClocksEventReasons: (_d: bigint, out: unknown[]) => put(out, 0x1n),
      nvmlDeviceGetEccMode: (_d: bigint, c: number[], p: number[]) => put(c, 1) + put(p, 1),
      nvmlDeviceGetTotalEccErrors: (_d: bigint, _t: number, _c: number, out: unknown[]) => put(out, 2n ** 40n),
    });
    const d = readNvmlFrom(koffi, lib, { ...library }).devices[0]!;
    expect(d.clockEventReasons).toBe('0x1');
    expect(d.ecc.aggregateUncorrected).toBe(2 ** 40);
    expect(() => JSON.stringify(d)).not.toThrow();
  });
});

describe('readCudaFrom', () => {
  it('names the stub library error even though the stub cuGetErrorName names nothing', () => {
    const lib = fakeLib({
      cuInit: () => 34,
      cuDriverGetVersion: (out: number[]) => put(out, 13000),
      cuGetErrorName: () => 1,
    });
    const report = readCudaFrom(lib, { ...library, soname: 'libcuda.so.1' });
    expect(report).toMatchObject({ initRc: 34, initError: 'CUDA_ERROR_STUB_LIBRARY', driverVersion: 13000, deviceCount: null });
  });

  it('reads device attributes', () => {
    const attrs: Record<number, number> = { 75: 9, 76: 0, 16: 132, 13: 1980000, 36: 3201000, 37: 6016, 38: 62914560, 40: 3, 32: 1 };
    const lib = fakeLib({
      cuInit: () => 0,
      cuDriverGetVersion: (out: number[]) => put(out, 13000),
      cuDeviceGetCount: (out: number[]) => put(out, 1),
      cuDeviceGet: (out: number[]) => put(out, 0),
      cuDeviceGetName: (buf: Buffer) => text('NVIDIA H200')(buf),
      cuDeviceGetPCIBusId: (buf: Buffer) => text('0000:00:06.0')(buf),
      cuDeviceGetAttribute: (out: number[], a: number) => (a in attrs ? put(out, attrs[a]) : 1),
      cuDeviceTotalMem_v2: (out: number[]) => put(out, 150109880320),
    });
    const report = readCudaFrom(lib, { ...library, soname: 'libcuda.so.1' });
    expect(report.devices[0]).toEqual({
      ordinal: 0,
      name: 'NVIDIA H200',
      pciBusId: '0000:00:06.0',
      computeCapability: [9, 0],
      multiprocessors: 132,
      totalMemory: 150109880320,
      clockRateKHz: 1980000,
      memoryClockRateKHz: 3201000,
      memoryBusWidth: 6016,
      l2CacheBytes: 62914560,
      asyncEngines: 3,
      eccEnabled: 1,
    });
    expect(report.errors).toEqual([]);
  });
});

describe('the recorded H200 report', async () => {
  const { default: outcome } = await import('../fixtures/native/h200-native.json', { with: { type: 'json' } });
  it('is a full answer from both libraries', () => {
    expect(outcome.ok).toBe(true);
    const r = outcome.report;
    expect(r.nvml.library.loadedPath).toBe('/usr/local/nvidia/lib64/libnvidia-ml.so.580.159.04');
    expect(r.nvml.devices[0]?.name).toBe('NVIDIA H200');
    expect(r.cuda.devices[0]?.multiprocessors).toBe(132);
  });
});
