// GPU facts from NVML (first choice) or from nvidia-smi's XML (fallback), in one Snapshot shape.
import type { CudaReport, NvmlDeviceReport, NvmlReport } from '../native/report.js';
import { nvmlReturnName } from '../native/nvml.js';
import { pciBusKey } from '../parse/pci-bus.js';
import type { ComputeMode, FabricState, Gpu } from '../snapshot/types.js';
import { type XmlNode, child, numberOf, parseXml, textOf } from './xml.js';

// nvml.h NVML_DEVICE_ARCH_*.
const NVML_ARCH: Record<number, string> = {
  2: 'Kepler', 3: 'Maxwell', 4: 'Pascal', 5: 'Volta', 6: 'Turing', 7: 'Ampere', 8: 'Ada Lovelace', 9: 'Hopper',
  10: 'Blackwell', 13: 'Rubin',
};

// nvml.h nvmlClocksEventReason* bits, with the names nvidia-smi prints.
export const CLOCK_EVENT_REASONS: ReadonlyArray<readonly [bigint, string]> = [
  [0x1n, 'gpu_idle'],
  [0x2n, 'applications_clocks_setting'],
  [0x4n, 'sw_power_cap'],
  [0x8n, 'hw_slowdown'],
  [0x10n, 'sync_boost'],
  [0x20n, 'sw_thermal_slowdown'],
  [0x40n, 'hw_thermal_slowdown'],
  [0x80n, 'hw_power_brake_slowdown'],
  [0x100n, 'display_clocks_setting'],
];

export function reasonNames(mask: bigint): string[] {
  return CLOCK_EVENT_REASONS.filter(([bit]) => (mask & bit) !== 0n).map(([, name]) => name);
}

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
    fabric: d.fabric ? { state: FABRIC_STATES[d.fabric.state] ?? 'not-supported', status: d.fabric.state === 0 ? null : nvmlReturnName(d.fabric.status) } : null,
    source: 'nvml',
    unavailable,
  };
}

export interface SmiXmlFacts {
  driverVersion: string | null;
  cudaVersion: string | null;
  gpus: Gpu[];
}

/** nvidia-smi -q -x: the fallback when NVML cannot be loaded by us (but nvidia-smi still answers). */
export function parseSmiXml(xml: string): SmiXmlFacts {
  const log = child(parseXml(xml), 'nvidia_smi_log');
  const gpus = (log?.children ?? []).filter((c) => c.name === 'gpu').map((g, index) => gpuFromSmi(g, index));
  return { driverVersion: textOf(log, 'driver_version') ?? null, cudaVersion: textOf(log, 'cuda_version') ?? null, gpus };
}

const MIB = 1024 * 1024;
const enabled = (t: string | undefined): boolean | null => (t === undefined ? null : /^enabled$/i.test(t));
/** Yes/No, with N/A (not applicable on this GPU) as unknown. */
const yesNoKnown = (t: string | undefined): boolean | null => (t === undefined || !/^(yes|no)$/i.test(t.trim()) ? null : /^yes$/i.test(t.trim()));
const yesNo = (t: string | undefined): boolean | null => (t === undefined ? null : /^yes$/i.test(t));

function gpuFromSmi(g: XmlNode, index: number): Gpu {
  const mib = (path: string) => {
    const v = numberOf(g, path);
    return v === null ? null : v * MIB;
  };
  const pciId = textOf(g, 'pci/pci_device_id');
  const reasons = child(g, 'clocks_event_reasons') ?? child(g, 'clocks_throttle_reasons');
  let mask = 0n;
  const active: string[] = [];
  for (const r of reasons?.children ?? []) {
    if (!/^active$/i.test(r.text.trim())) continue;
    const name = r.name.replace(/^clocks_(event|throttle)_reason_/, '');
    const bit = CLOCK_EVENT_REASONS.find(([, n]) => n === name || n === name.replace('display_clock_setting', 'display_clocks_setting'));
    if (bit) mask |= bit[0];
    active.push(bit?.[1] ?? name);
  }
  const power = child(g, 'gpu_power_readings') ?? child(g, 'power_readings');
  return {
    index,
    name: textOf(g, 'product_name') ?? 'unknown NVIDIA GPU',
    uuid: textOf(g, 'uuid') ?? null,
    pciBusId: textOf(g, 'pci/pci_bus_id') ?? g.attrs.id ?? null,
    pciDeviceId: pciId ? `0x${pciId.slice(0, 4).toLowerCase()}` : null,
    pciSubsystemId: textOf(g, 'pci/pci_sub_system_id') ? `0x${textOf(g, 'pci/pci_sub_system_id')!.toLowerCase()}` : null,
    computeCapability: null,
    architecture: textOf(g, 'product_architecture') ?? null,
    memory: {
      totalBytes: mib('fb_memory_usage/total'),
      usedBytes: mib('fb_memory_usage/used'),
      reservedBytes: mib('fb_memory_usage/reserved'),
      freeBytes: mib('fb_memory_usage/free'),
    },
    pcie: {
      currentGen: numberOf(g, 'pci/pci_gpu_link_info/pcie_gen/current_link_gen'),
      maxGen: numberOf(g, 'pci/pci_gpu_link_info/pcie_gen/max_link_gen'),
      gpuMaxGen: numberOf(g, 'pci/pci_gpu_link_info/pcie_gen/max_device_link_gen'),
      currentWidth: numberOf(g, 'pci/pci_gpu_link_info/link_widths/current_link_width'),
      maxWidth: numberOf(g, 'pci/pci_gpu_link_info/link_widths/max_link_width'),
    },
    clocks: {
      graphicsMHz: numberOf(g, 'clocks/graphics_clock'),
      smMHz: numberOf(g, 'clocks/sm_clock'),
      memoryMHz: numberOf(g, 'clocks/mem_clock'),
      maxGraphicsMHz: numberOf(g, 'max_clocks/graphics_clock'),
      maxSmMHz: numberOf(g, 'max_clocks/sm_clock'),
      maxMemoryMHz: numberOf(g, 'max_clocks/mem_clock'),
    },
    temperatureC: numberOf(g, 'temperature/gpu_temp'),
    power: {
      drawW: numberOf(power, 'instant_power_draw') ?? numberOf(power, 'power_draw') ?? numberOf(power, 'average_power_draw'),
      limitW: numberOf(power, 'current_power_limit') ?? numberOf(power, 'power_limit'),
      enforcedLimitW: numberOf(power, 'current_power_limit') ?? numberOf(power, 'enforced_power_limit'),
      defaultLimitW: numberOf(power, 'default_power_limit'),
    },
    clockEventReasons: reasons ? { active, bitmask: `0x${mask.toString(16)}` } : null,
    ecc: {
      enabled: enabled(textOf(g, 'ecc_mode/current_ecc')),
      pendingEnabled: enabled(textOf(g, 'ecc_mode/pending_ecc')),
      volatileCorrected: sumEcc(g, 'volatile', 'correctable'),
      volatileUncorrected: sumEcc(g, 'volatile', 'uncorrectable'),
      aggregateCorrected: sumEcc(g, 'aggregate', 'correctable'),
      aggregateUncorrected: sumEcc(g, 'aggregate', 'uncorrectable'),
      remappedRowsCorrectable: numberOf(g, 'remapped_rows/remapped_row_corr'),
      remappedRowsUncorrectable: numberOf(g, 'remapped_rows/remapped_row_unc'),
      remappingPending: yesNo(textOf(g, 'remapped_rows/remapped_row_pending')),
      remappingFailed: yesNo(textOf(g, 'remapped_rows/remapped_row_failure')),
    },
    persistenceMode: enabled(textOf(g, 'persistence_mode')),
    migMode: {
      current: enabled(textOf(g, 'mig_mode/current_mig')),
      pending: enabled(textOf(g, 'mig_mode/pending_mig')),
    },
    multiprocessors: null,
    vbios: textOf(g, 'vbios_version') ?? null,
    computeMode: smiComputeMode(textOf(g, 'compute_mode')),
    retiredPages: {
      singleBit: numberOf(g, 'retired_pages/multiple_single_bit_retirement/retired_count'),
      doubleBit: numberOf(g, 'retired_pages/double_bit_retirement/retired_count'),
      pending: yesNoKnown(textOf(g, 'retired_pages/pending_retirement') ?? textOf(g, 'retired_pages/pending_blacklist')),
    },
    applicationsClocks: {
      graphicsMHz: numberOf(g, 'applications_clocks/graphics_clock'),
      memoryMHz: numberOf(g, 'applications_clocks/mem_clock'),
      defaultGraphicsMHz: numberOf(g, 'default_applications_clocks/graphics_clock'),
      defaultMemoryMHz: numberOf(g, 'default_applications_clocks/mem_clock'),
    },
    fabric: smiFabric(textOf(g, 'fabric/state'), textOf(g, 'fabric/status')),
    source: 'nvidia-smi -q -x',
    unavailable: {},
  };
}

function smiComputeMode(t: string | undefined): ComputeMode | null {
  const k = t?.trim().toLowerCase().replace(/_/g, '-');
  return k === 'default' || k === 'exclusive-thread' || k === 'prohibited' || k === 'exclusive-process' ? k : null;
}

/** nvidia-smi prints "Completed", "In Progress", "Not Started", or N/A where there is no fabric. */
function smiFabric(state: string | undefined, status: string | undefined): Gpu['fabric'] {
  const k = state?.trim().toLowerCase().replace(/\s+/g, '-');
  if (k !== 'completed' && k !== 'in-progress' && k !== 'not-started') return null;
  const st = status?.trim();
  return { state: k, status: st && st !== 'N/A' ? st : null };
}

/** Sums the ECC counters of one kind; the tag names changed across driver generations (sram_/dram_ vs device_memory). */
function sumEcc(g: XmlNode, scope: 'volatile' | 'aggregate', kind: 'correctable' | 'uncorrectable'): number | null {
  const node = child(g, `ecc_errors/${scope}`);
  if (!node) return null;
  let total: number | null = null;
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (c.children.length) walk(c);
      else if (kind === 'correctable' ? /(^|_)correctable$|single_bit/.test(c.name) && !/uncorrectable/.test(c.name) : /uncorrectable|double_bit/.test(c.name)) {
        const v = Number(c.text.trim());
        if (Number.isFinite(v) && c.text.trim() !== '') total = (total ?? 0) + v;
      }
    }
  };
  walk(node);
  return total;
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
