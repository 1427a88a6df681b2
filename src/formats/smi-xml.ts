// nvidia-smi -q -x: the XML nvidia-smi writes, read into Snapshot GPUs. The probe falls back to it when NVML
// cannot be loaded by us (but nvidia-smi still answers), and `gpuenv explain` reads it from pasted text.
import type { ComputeMode, Gpu, GpuProcess } from '../snapshot/types.js';
import { CLOCK_EVENT_REASONS } from './clock-event-reasons.js';
import { addProcess, processName, processType } from './gpu-process.js';
import { type XmlNode, child, numberOf, parseXml, textOf } from './xml.js';

export interface SmiXmlFacts {
  driverVersion: string | null;
  cudaVersion: string | null;
  gpus: Gpu[];
}

/** Driver version, the driver's CUDA version and the GPUs of one `nvidia-smi -q -x` document. */
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
    ...smiProcesses(child(g, 'processes')),
    source: 'nvidia-smi -q -x',
    unavailable: {},
  };
}

/**
 * `<processes>` holds one `<process_info>` per process (pid, type C/G/C+G/M, process_name, used_memory "1234 MiB"),
 * and is empty on an idle GPU. Absent (older nvidia-smi, a cut paste): nothing said. A text instead of entries
 * ("N/A"): the list could not be read. nvidia-smi leaves out processes whose names it cannot read (other PID
 * namespaces: NVIDIA/nvidia-docker#1460), so an empty list inside a container is not proof of an idle GPU.
 */
function smiProcesses(node: XmlNode | undefined): { processes?: GpuProcess[] | null } {
  if (!node) return {};
  const infos = node.children.filter((c) => c.name === 'process_info');
  if (infos.length === 0 && node.text.trim() !== '') return { processes: null };
  const out: GpuProcess[] = [];
  for (const p of infos) {
    const pid = numberOf(p, 'pid');
    const type = processType(textOf(p, 'type') ?? '');
    if (pid === null || !Number.isInteger(pid) || pid < 0 || !type) continue;
    const mib = numberOf(p, 'used_memory');
    addProcess(out, { pid, name: processName(textOf(p, 'process_name')), usedBytes: mib === null ? null : mib * MIB, type });
  }
  return { processes: out };
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
      else if (
        kind === 'correctable' ? /(^|_)correctable$|single_bit/.test(c.name) && !/uncorrectable/.test(c.name) : /uncorrectable|double_bit/.test(c.name)
      ) {
        const v = Number(c.text.trim());
        if (Number.isFinite(v) && c.text.trim() !== '') total = (total ?? 0) + v;
      }
    }
  };
  walk(node);
  return total;
}
