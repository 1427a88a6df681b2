// GPU facts from NVML (first choice), in the Snapshot shape formats/smi-xml.ts gives nvidia-smi's XML (the fallback).
import type { CudaReport, NvmlDeviceReport, NvmlReport } from '../native/report.js';
import { nvmlReturnName } from '../native/nvml.js';
import { reasonNames } from '../formats/clock-event-reasons.js';
import { pciBusKey } from '../formats/pci-bus.js';
import type { ComputeMode, FabricState, Gpu } from '../snapshot/types.js';

// nvml.h NVML_DEVICE_ARCH_*.
const NVML_ARCH: Record<number, string> = {
  2: 'Kepler',
  3: 'Maxwell',
  4: 'Pascal',
  5: 'Volta',
  6: 'Turing',
  7: 'Ampere',
  8: 'Ada Lovelace',
  9: 'Hopper',
  10: 'Blackwell',
  13: 'Rubin',
};

const onOff = (v: number | null | undefined): boolean | null => (v === null || v === undefined ? null : v === 1);

// nvml.h NVML_COMPUTEMODE_* and NVML_GPU_FABRIC_STATE_*.
const COMPUTE_MODES: Record<number, ComputeMode> = { 0: 'default', 1: 'exclusive-thread', 2: 'prohibited', 3: 'exclusive-process' };
const FABRIC_STATES: Record<number, FabricState> = { 0: 'not-supported', 1: 'not-started', 2: 'in-progress', 3: 'completed' };
const watts = (mw: number | null | undefined): number | null => (mw === null || mw === undefined ? null : mw / 1000);

/** GPUs from NVML; the SM count NVML lacks on non-MIG GPUs comes from the CUDA driver API, matched by PCI bus id. */
export function gpusFromNvml(report: NvmlReport, cuda: CudaReport | null = null): Gpu[] {
  return report.devices.map((d) => {
    const gpu = gpuFromNvmlDevice(d);
    if (gpu.multiprocessors === null && cuda) {
      const twin = cuda.devices.find((c) => c.pciBusId !== null && gpu.pciBusId !== null && sameBusId(c.pciBusId, gpu.pciBusId));
      if (twin?.multiprocessors) gpu.multiprocessors = twin.multiprocessors;
    }
    return gpu;
  });
}

/** NVML prints "00000000:00:06.0", CUDA "0000:00:06.0": compare the numbers, not the text. */
export function sameBusId(a: string, b: string): boolean {
  // Both print the function number; a text without one is compared as text.
  const norm = (s: string) => (/\.[0-9a-f]+$/i.test(s.trim()) ? pciBusKey(s, true) : null) ?? s.toLowerCase();
  return norm(a) === norm(b);
}

function gpuFromNvmlDevice(d: NvmlDeviceReport): Gpu {
  const unavailable: Record<string, string> = {};
  for (const e of d.errors) unavailable[e.call] = e.name;
  const pciDevice = d.pciDeviceId === null ? null : `0x${((d.pciDeviceId >>> 16) & 0xffff).toString(16).padStart(4, '0')}`;
  const mask = d.clockEventReasons === null ? null : BigInt(d.clockEventReasons);
  const mem = d.memory;
  return {
    index: d.index,
    name: d.name ?? 'unknown NVIDIA GPU',
    uuid: d.uuid,
    pciBusId: d.pciBusId,
    pciDeviceId: pciDevice,
    pciSubsystemId: d.pciSubSystemId === null ? null : `0x${(d.pciSubSystemId >>> 0).toString(16).padStart(8, '0')}`,
    computeCapability: d.computeCapability ? `${d.computeCapability[0]}.${d.computeCapability[1]}` : null,
    architecture: d.architecture === null ? null : (NVML_ARCH[d.architecture] ?? null),
    memory: mem
      ? {
          totalBytes: mem.total,
          // NVML v1 "used" includes the driver's reservation; v2 reports it apart (see native notes).
          usedBytes: mem.used,
          reservedBytes: mem.reserved,
          freeBytes: mem.free,
        }
      : { totalBytes: null, usedBytes: null, reservedBytes: null, freeBytes: null },
    pcie: {
      currentGen: d.pcie.currGen,
      maxGen: d.pcie.maxGen,
      gpuMaxGen: d.pcie.gpuMaxGen,
      currentWidth: d.pcie.currWidth,
      maxWidth: d.pcie.maxWidth,
    },
    clocks: {
      graphicsMHz: d.clocks.graphics,
      smMHz: d.clocks.sm,
      memoryMHz: d.clocks.mem,
      maxGraphicsMHz: d.clocks.maxGraphics,
      maxSmMHz: d.clocks.maxSm,
      maxMemoryMHz: d.clocks.maxMem,
    },
    temperatureC: d.temperatureC,
    power: {
      drawW: d.powerDrawMw === null ? null : d.powerDrawMw / 1000,
      limitW: d.powerLimitMw === null ? null : d.powerLimitMw / 1000,
      enforcedLimitW: d.enforcedPowerLimitMw === null ? null : d.enforcedPowerLimitMw / 1000,
      defaultLimitW: watts(d.defaultPowerLimitMw),
    },
    clockEventReasons: mask === null ? null : { active: reasonNames(mask), bitmask: `0x${mask.toString(16)}` },
    ecc: {
      enabled: onOff(d.ecc.current),
      pendingEnabled: onOff(d.ecc.pending),
      volatileCorrected: d.ecc.volatileCorrected,
      volatileUncorrected: d.ecc.volatileUncorrected,
      aggregateCorrected: d.ecc.aggregateCorrected,
      aggregateUncorrected: d.ecc.aggregateUncorrected,
      remappedRowsCorrectable: d.ecc.remappedCorrectable,
      remappedRowsUncorrectable: d.ecc.remappedUncorrectable,
      remappingPending: onOff(d.ecc.remappingPending),
      remappingFailed: onOff(d.ecc.remappingFailed),
    },
    persistenceMode: onOff(d.persistenceMode),
    migMode: d.migMode ? { current: d.migMode.current === 1, pending: d.migMode.pending === 1 } : { current: null, pending: null },
    multiprocessors: d.multiprocessors,
    vbios: d.vbios ?? null,
    computeMode: d.computeMode === null || d.computeMode === undefined ? null : (COMPUTE_MODES[d.computeMode] ?? null),
    retiredPages: {
      singleBit: d.retiredPages?.singleBit ?? null,
      doubleBit: d.retiredPages?.doubleBit ?? null,
      pending: onOff(d.retiredPages?.pending),
    },
    applicationsClocks: {
      graphicsMHz: d.applicationsClocks?.graphics ?? null,
      memoryMHz: d.applicationsClocks?.mem ?? null,
      defaultGraphicsMHz: d.applicationsClocks?.defaultGraphics ?? null,
      defaultMemoryMHz: d.applicationsClocks?.defaultMem ?? null,
    },
    fabric: d.fabric
      ? { state: FABRIC_STATES[d.fabric.state] ?? 'not-supported', status: d.fabric.state === 0 ? null : nvmlReturnName(d.fabric.status) }
      : null,
    // Absent in reports recorded before processes were read (fixtures' native.json): the Snapshot then says nothing.
    ...(d.processes !== undefined ? { processes: d.processes?.map((p) => ({ pid: p.pid, name: p.name, usedBytes: p.usedBytes, type: p.type })) ?? null } : {}),
    source: 'nvml',
    unavailable,
  };
}

/** `nvidia-smi --query-gpu=index,pci.bus_id,compute_cap --format=csv,noheader`: fills compute capability. */
export function parseComputeCapCsv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [, bus, cc] = line.split(',').map((s) => s.trim());
    if (bus && cc && /^\d+\.\d+$/.test(cc)) out.set(bus.toUpperCase(), cc);
  }
  return out;
}
