#!/usr/bin/env node
// Compares every NVML field of a native probe report with `nvidia-smi -q -x` taken in the same run,
// and cross-checks NVML against the CUDA driver API where both answer the same question.
// Usage: node scripts/compare-nvml-smi.mjs native.json smi_qx.xml   (exit 1 when a stable field differs)
import { readFileSync } from 'node:fs';

const [nativePath, smiPath] = process.argv.slice(2);
if (!nativePath || !smiPath) {
  console.error('usage: compare-nvml-smi.mjs NATIVE.json SMI_QX.xml');
  process.exit(2);
}
const raw = JSON.parse(readFileSync(nativePath, 'utf8'));
// Accept runNativeProbe's outcome or a bare NativeReport.
const report = raw.report ?? raw.partial ?? raw;
const xml = readFileSync(smiPath, 'utf8');

/** Text of the first <tag> under `scope` (a path of nested tags). */
function tag(text, ...path) {
  let scope = text;
  for (const name of path) {
    const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(scope);
    if (!m) return undefined;
    scope = m[1];
  }
  return scope.trim();
}
const num = (s) => (s === undefined || s === 'N/A' ? undefined : Number.parseFloat(s));
const onOff = (s) => (s === 'Enabled' ? 1 : s === 'Disabled' ? 0 : undefined);
const yesNo = (s) => (s === 'Yes' ? 1 : s === 'No' ? 0 : undefined);
const MiB = 1024 * 1024;

const ARCH = { 2: 'Kepler', 3: 'Maxwell', 4: 'Pascal', 5: 'Volta', 6: 'Turing', 7: 'Ampere', 8: 'Ada Lovelace', 9: 'Hopper', 10: 'Blackwell', 13: 'Rubin' };
const BRAND = {
  0: 'Unknown',
  1: 'Quadro',
  2: 'Tesla',
  3: 'NVS',
  4: 'Grid',
  5: 'GeForce',
  6: 'Titan',
  7: 'NVIDIA Virtual Applications',
  8: 'NVIDIA Virtual PC',
  9: 'NVIDIA Virtual Compute Server',
  10: 'NVIDIA RTX Virtual Workstation',
  11: 'NVIDIA Cloud Gaming',
  12: 'Quadro RTX',
  13: 'NVIDIA RTX',
  14: 'NVIDIA',
  15: 'GeForce RTX',
  16: 'Titan RTX',
};
const COMPUTE_MODE = { 0: 'Default', 1: 'Exclusive_Thread', 2: 'Prohibited', 3: 'Exclusive_Process' };
// nvidia-smi's <clocks_event_reasons> children and their NVML bits.
const REASON_BITS = {
  clocks_event_reason_gpu_idle: 0x1n,
  clocks_event_reason_applications_clocks_setting: 0x2n,
  clocks_event_reason_sw_power_cap: 0x4n,
  clocks_event_reason_hw_slowdown: 0x8n,
  clocks_event_reason_sync_boost: 0x10n,
  clocks_event_reason_sw_thermal_slowdown: 0x20n,
  clocks_event_reason_hw_thermal_slowdown: 0x40n,
  clocks_event_reason_hw_power_brake_slowdown: 0x80n,
  clocks_event_reason_display_clocks_setting: 0x100n,
};

const rows = [];
/**
 * kind: 'stable' must be equal (within tol); 'live' is sampled at a different instant, so it may
 * drift (within tol it is '≈', beyond it 'drift', never a failure).
 */
function row(field, native, smi, { kind = 'stable', tol = 0, note = '' } = {}) {
  let verdict;
  if (native === null || native === undefined || smi === undefined) verdict = 'n/a';
  else if (typeof native === 'number' && typeof smi === 'number') {
    const d = Math.abs(native - smi);
    verdict = d === 0 ? '=' : d <= tol ? '≈' : kind === 'live' ? 'drift' : '≠';
  } else verdict = String(native) === String(smi) ? '=' : kind === 'live' ? 'drift' : '≠';
  rows.push({ field, native: fmt(native), smi: fmt(smi), verdict, note });
}
const fmt = (v) => (v === null ? 'null' : v === undefined ? '—' : String(v));

const nvml = report.nvml;
if (nvml?.initRc !== 0) {
  console.error(`NVML did not answer: ${JSON.stringify(nvml?.library ?? report.unavailable)}`);
  process.exit(1);
}
row('driverVersion', nvml.driverVersion, tag(xml, 'driver_version'));
const cv = nvml.cudaDriverVersion;
row('cudaDriverVersion', cv === null ? null : `${Math.floor(cv / 1000)}.${(cv % 1000) / 10}`, tag(xml, 'cuda_version'));
row('deviceCount', nvml.deviceCount, num(tag(xml, 'attached_gpus')));

const gpus = [...xml.matchAll(/<gpu id="([^"]+)">([\s\S]*?)<\/gpu>/g)].map((m) => ({ id: m[1], body: m[2] }));
for (const d of nvml.devices) {
  const g = gpus.find((x) => x.id === d.pciBusId) ?? gpus[d.index];
  const p = `gpu${d.index}.`;
  if (!g) {
    rows.push({ field: `${p}*`, native: d.pciBusId, smi: '—', verdict: '≠', note: 'no such GPU in nvidia-smi' });
    continue;
  }
  const x = g.body;
  row(`${p}name`, d.name, tag(x, 'product_name'));
  row(`${p}uuid`, d.uuid, tag(x, 'uuid'));
  row(`${p}pciBusId`, d.pciBusId, tag(x, 'pci', 'pci_bus_id'));
  row(`${p}pciDeviceId`, hex8(d.pciDeviceId), tag(x, 'pci', 'pci_device_id'));
  row(`${p}pciSubSystemId`, hex8(d.pciSubSystemId), tag(x, 'pci', 'pci_sub_system_id'));
  row(`${p}architecture`, d.architecture === null ? null : (ARCH[d.architecture] ?? d.architecture), tag(x, 'product_architecture'));
  row(`${p}brand`, d.brand === null ? null : (BRAND[d.brand] ?? d.brand), tag(x, 'product_brand'));
  // nvidia-smi prints MiB, rounded; used/free move as processes come and go.
  const fb = (k) => num(tag(x, 'fb_memory_usage', k)?.replace(' MiB', ''));
  const mem = d.memory ?? {};
  row(`${p}memory.total MiB`, mib(mem.total), fb('total'), { tol: 1 });
  row(`${p}memory.reserved MiB`, mib(mem.reserved), fb('reserved'), { tol: 1 });
  row(`${p}memory.used MiB`, mib(mem.used), fb('used'), { kind: 'live', tol: 2 });
  row(`${p}memory.free MiB`, mib(mem.free), fb('free'), { kind: 'live', tol: 2 });
  const link = (k) => num(tag(x, 'pci_gpu_link_info', 'pcie_gen', k));
  row(`${p}pcie.currGen`, d.pcie.currGen, link('current_link_gen'), { kind: 'live', note: 'drops when idle (power saving)' });
  row(`${p}pcie.maxGen`, d.pcie.maxGen, link('max_link_gen'));
  row(`${p}pcie.gpuMaxGen`, d.pcie.gpuMaxGen, link('max_device_link_gen'));
  const width = (k) => num(tag(x, 'pci_gpu_link_info', 'link_widths', k)?.replace('x', ''));
  row(`${p}pcie.currWidth`, d.pcie.currWidth, width('current_link_width'), { kind: 'live' });
  row(`${p}pcie.maxWidth`, d.pcie.maxWidth, width('max_link_width'));
  const mhz = (s, k) => num(tag(x, s, k)?.replace(' MHz', ''));
  row(`${p}clocks.graphics MHz`, d.clocks.graphics, mhz('clocks', 'graphics_clock'), { kind: 'live', note: 'moves with load' });
  row(`${p}clocks.sm MHz`, d.clocks.sm, mhz('clocks', 'sm_clock'), { kind: 'live' });
  row(`${p}clocks.mem MHz`, d.clocks.mem, mhz('clocks', 'mem_clock'), { kind: 'live' });
  row(`${p}clocks.maxGraphics MHz`, d.clocks.maxGraphics, mhz('max_clocks', 'graphics_clock'));
  row(`${p}clocks.maxSm MHz`, d.clocks.maxSm, mhz('max_clocks', 'sm_clock'));
  row(`${p}clocks.maxMem MHz`, d.clocks.maxMem, mhz('max_clocks', 'mem_clock'));
  row(`${p}temperatureC`, d.temperatureC, num(tag(x, 'temperature', 'gpu_temp')), { kind: 'live', tol: 2 });
  const watts = (k) => num(tag(x, 'gpu_power_readings', k)?.replace(' W', ''));
  const w = (mw) => (mw === null || mw === undefined ? mw : mw / 1000);
  // nvidia-smi prints an instant and a 1 s average reading; which one NVML's power usage matches
  // depends on the GPU generation, so both are shown (live values: a drift is no failure).
  row(`${p}powerDraw W (instant)`, w(d.powerDrawMw), watts('instant_power_draw'), { kind: 'live', tol: 15 });
  row(`${p}powerDraw W (average)`, w(d.powerDrawMw), watts('average_power_draw'), { kind: 'live', tol: 15 });
  row(`${p}powerLimit W`, w(d.powerLimitMw), watts('requested_power_limit'));
  row(`${p}enforcedPowerLimit W`, w(d.enforcedPowerLimitMw), watts('current_power_limit'));
  row(`${p}clockEventReasons`, d.clockEventReasons, smiReasons(tag(x, 'clocks_event_reasons')), { kind: 'live' });
  row(`${p}ecc.current`, d.ecc.current, onOff(tag(x, 'ecc_mode', 'current_ecc')));
  row(`${p}ecc.pending`, d.ecc.pending, onOff(tag(x, 'ecc_mode', 'pending_ecc')));
  const ecc = (scope, keys) => sum(keys.map((k) => num(tag(x, 'ecc_errors', scope, k))));
  const corr = ['sram_correctable', 'dram_correctable'];
  const unc = ['sram_uncorrectable_parity', 'sram_uncorrectable_secded', 'dram_uncorrectable'];
  row(`${p}ecc.volatileCorrected`, d.ecc.volatileCorrected, ecc('volatile', corr));
  row(`${p}ecc.volatileUncorrected`, d.ecc.volatileUncorrected, ecc('volatile', unc));
  row(`${p}ecc.aggregateCorrected`, d.ecc.aggregateCorrected, ecc('aggregate', corr));
  row(`${p}ecc.aggregateUncorrected`, d.ecc.aggregateUncorrected, ecc('aggregate', unc));
  row(`${p}ecc.remappedCorrectable`, d.ecc.remappedCorrectable, num(tag(x, 'remapped_rows', 'remapped_row_corr')));
  row(`${p}ecc.remappedUncorrectable`, d.ecc.remappedUncorrectable, num(tag(x, 'remapped_rows', 'remapped_row_unc')));
  row(`${p}ecc.remappingPending`, d.ecc.remappingPending, yesNo(tag(x, 'remapped_rows', 'remapped_row_pending')));
  row(`${p}ecc.remappingFailed`, d.ecc.remappingFailed, yesNo(tag(x, 'remapped_rows', 'remapped_row_failure')));
  row(`${p}persistenceMode`, d.persistenceMode, onOff(tag(x, 'persistence_mode')));
  row(`${p}migMode.current`, d.migMode?.current, onOff(tag(x, 'mig_mode', 'current_mig')));
  row(`${p}migMode.pending`, d.migMode?.pending, onOff(tag(x, 'mig_mode', 'pending_mig')));
  row(
    `${p}performanceState`,
    d.performanceState === undefined || d.performanceState === null ? d.performanceState : `P${d.performanceState}`,
    tag(x, 'performance_state'),
    { kind: 'live' },
  );
  row(`${p}computeMode`, d.computeMode === undefined || d.computeMode === null ? d.computeMode : COMPUTE_MODE[d.computeMode], tag(x, 'compute_mode'));
  row(`${p}utilization.gpu %`, d.utilization?.gpu, num(tag(x, 'utilization', 'gpu_util')), { kind: 'live', tol: 5 });
  row(`${p}utilization.memory %`, d.utilization?.memory, num(tag(x, 'utilization', 'memory_util')), { kind: 'live', tol: 5 });

  // Facts nvidia-smi -q -x does not print: cross-check with the CUDA driver API instead.
  const c = report.cuda?.devices?.find((cd) => sameBus(cd.pciBusId, d.pciBusId));
  if (c) {
    const q = `${p}(vs CUDA) `;
    row(`${q}name`, d.name, c.name);
    row(`${q}computeCapability`, d.computeCapability?.join('.'), c.computeCapability?.join('.'));
    row(`${q}memoryBusWidth bits`, d.memoryBusWidth, c.memoryBusWidth);
    row(`${q}maxSm MHz`, d.clocks.maxSm, c.clockRateKHz / 1000);
    row(`${q}maxMem MHz`, d.clocks.maxMem, c.memoryClockRateKHz / 1000);
    row(`${q}eccEnabled`, d.ecc.current, c.eccEnabled);
    row(`${q}multiprocessors`, d.multiprocessors, c.multiprocessors, { note: 'NVML answers this only for MIG devices' });
  }
}

function hex8(n) {
  return n === null || n === undefined ? n : (n >>> 0).toString(16).toUpperCase().padStart(8, '0');
}
function mib(bytes) {
  return bytes === null || bytes === undefined ? bytes : Math.round(bytes / MiB);
}
function sum(values) {
  return values.some((v) => v === undefined || Number.isNaN(v)) ? undefined : values.reduce((a, b) => a + b, 0);
}
function smiReasons(block) {
  if (block === undefined) return undefined;
  let mask = 0n;
  for (const [name, bit] of Object.entries(REASON_BITS)) if (tag(block, name) === 'Active') mask |= bit;
  return `0x${mask.toString(16)}`;
}
function sameBus(cudaId, nvmlId) {
  // CUDA prints a 4-digit domain ("0000:00:06.0"), NVML an 8-digit one ("00000000:00:06.0").
  const norm = (s) => (s ?? '').toLowerCase().replace(/^0+/, '');
  return norm(cudaId) === norm(nvmlId);
}

const widths = ['field', 'native', 'smi', 'verdict'].map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
const line = (r) => ['field', 'native', 'smi', 'verdict'].map((k, i) => String(r[k]).padEnd(widths[i])).join('  ') + (r.note ? `  ${r.note}` : '');
console.log(line({ field: 'field', native: 'native (NVML)', smi: 'nvidia-smi -q -x', verdict: 'verdict' }).replace('native (NVML)', 'native'));
for (const r of rows) console.log(line(r));
const count = (v) => rows.filter((r) => r.verdict === v).length;
console.log(
  `\n${rows.length} fields: ${count('=')} equal, ${count('≈')} within rounding, ${count('drift')} live drift, ${count('n/a')} n/a, ${count('≠')} differ`,
);
process.exit(count('≠') > 0 ? 1 : 0);
