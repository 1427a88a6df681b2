// `health --format prom` / `--prom-textfile`: the node-exporter textfile format. gpuenv's own facts under a
// gpuenv_ prefix (dcgm-exporter owns telemetry and renamed its series in 4.9), base units, no sample timestamps,
// low label cardinality (no paths, no processes). Checked by `promtool check metrics` in the tests.
import { Metrics } from '../render/prom-text.js';
import type { Gpu } from '../snapshot/types.js';
import { VERSION } from '../version.js';
import type { HealthResult } from './types.js';

const STATUS_VALUE: Record<HealthResult['status'], number> = { ok: 0, warning: 0, error: 1, unknown: 2 };

export function renderProm(r: HealthResult, now: Date): string {
  const m = new Metrics();
  const s = r.snapshot;
  m.add(
    'gpuenv_health_status',
    'gauge',
    'Node health from the last gpuenv health run: 0 keep in service, 1 a node-scoped error (drain), 2 could not decide.',
    {},
    STATUS_VALUE[r.status],
  );
  m.add(
    'gpuenv_info',
    'gauge',
    'gpuenv and driver versions on this node (always 1).',
    {
      gpuenv_version: VERSION,
      driver_version: s?.driver.version?.value ?? '',
      cuda_driver_version: s?.driver.cudaVersion?.value ?? '',
      kernel: s?.os.kernel?.value ?? '',
    },
    1,
  );
  for (const sev of ['error', 'warning', 'info'] as const) {
    m.add('gpuenv_findings', 'gauge', 'Findings of the last health run, by severity.', { severity: sev }, r.findings.filter((f) => f.severity === sev).length);
  }
  for (const f of r.findings) {
    const gpu = /^gpu:(\d+)$/.exec(f.subject ?? '')?.[1];
    m.add(
      'gpuenv_finding',
      'gauge',
      'Findings of the last health run by code, severity and GPU (usually 1).',
      { code: f.code, severity: f.severity, gpu: gpu ?? '' },
      1,
    );
  }
  for (const c of r.checks) {
    m.add(
      'gpuenv_check_status',
      'gauge',
      'Each health check: 0 ok, 1 warning, 2 error, -1 skipped (could not run).',
      { check: c.name },
      { ok: 0, warning: 1, error: 2, skipped: -1 }[c.status],
    );
  }
  if (s) {
    m.add('gpuenv_gpus', 'gauge', 'GPUs the driver shows.', {}, s.gpus.length);
    m.add('gpuenv_gpus_expected', 'gauge', 'GPUs this node should have (--expect-gpus or Slurm Gres).', {}, s.expectedGpus?.value);
    m.add('gpuenv_kernel_log_readable', 'gauge', 'Whether the kernel log could be read for Xid errors.', {}, s.kernelLog?.readable);
    for (const x of s.kernelLog?.xids ?? []) {
      m.add(
        'gpuenv_xid_events',
        'gauge',
        'Xid lines of the NVIDIA driver in the kernel log since boot, by code and GPU.',
        { code: x.code, gpu: x.gpuIndex ?? '', pci_bus_id: x.pciBusId },
        x.count,
      );
    }
    for (const g of s.gpus) gpuMetrics(m, g);
  }
  m.add('gpuenv_run_duration_seconds', 'gauge', 'How long the last health run took.', {}, r.durationMs / 1000);
  m.add('gpuenv_last_run_timestamp_seconds', 'gauge', 'When the last health run finished (Unix time).', {}, Math.round(now.getTime() / 1000));
  return m.text();
}

function gpuMetrics(m: Metrics, g: Gpu): void {
  const id = { gpu: g.index, uuid: g.uuid ?? '' };
  m.add(
    'gpuenv_gpu_info',
    'gauge',
    'One GPU (always 1): product, VBIOS and PCI bus id.',
    { ...id, name: g.name, vbios: g.vbios ?? '', pci_bus_id: g.pciBusId ?? '' },
    1,
  );
  const e = g.ecc;
  m.add('gpuenv_gpu_ecc_errors_uncorrected_volatile_total', 'counter', 'Uncorrectable ECC errors since the driver loaded.', id, e.volatileUncorrected);
  m.add('gpuenv_gpu_ecc_errors_uncorrected_aggregate_total', 'counter', 'Uncorrectable ECC errors over the GPU lifetime.', id, e.aggregateUncorrected);
  m.add('gpuenv_gpu_ecc_errors_corrected_volatile_total', 'counter', 'Corrected ECC errors since the driver loaded.', id, e.volatileCorrected);
  m.add('gpuenv_gpu_remapped_rows', 'gauge', 'Remapped memory rows, by cause.', { ...id, cause: 'correctable' }, e.remappedRowsCorrectable);
  m.add('gpuenv_gpu_remapped_rows', 'gauge', 'Remapped memory rows, by cause.', { ...id, cause: 'uncorrectable' }, e.remappedRowsUncorrectable);
  m.add('gpuenv_gpu_row_remap_pending', 'gauge', 'A row remap waits for a GPU reset (1).', id, e.remappingPending);
  m.add('gpuenv_gpu_row_remap_failed', 'gauge', 'A row remap failed (1): the GPU needs replacing.', id, e.remappingFailed);
  m.add('gpuenv_gpu_retired_pages', 'gauge', 'Memory pages retired, by cause (GPUs before Ampere).', { ...id, cause: 'single_bit' }, g.retiredPages?.singleBit);
  m.add('gpuenv_gpu_retired_pages', 'gauge', 'Memory pages retired, by cause (GPUs before Ampere).', { ...id, cause: 'double_bit' }, g.retiredPages?.doubleBit);
  m.add('gpuenv_gpu_persistence_mode', 'gauge', 'Persistence mode on (1) or off (0).', id, g.persistenceMode);
  m.add('gpuenv_gpu_pcie_link_width', 'gauge', 'PCIe link width in lanes, current and maximum.', { ...id, link: 'current' }, g.pcie.currentWidth);
  m.add('gpuenv_gpu_pcie_link_width', 'gauge', 'PCIe link width in lanes, current and maximum.', { ...id, link: 'max' }, g.pcie.maxWidth);
  m.add('gpuenv_gpu_pcie_link_generation', 'gauge', 'PCIe link generation, current and maximum.', { ...id, link: 'current' }, g.pcie.currentGen);
  m.add('gpuenv_gpu_pcie_link_generation', 'gauge', 'PCIe link generation, current and maximum.', { ...id, link: 'max' }, g.pcie.maxGen);
  m.add('gpuenv_gpu_power_limit_watts', 'gauge', 'Power limit set, in watts.', id, g.power.limitW);
  m.add('gpuenv_gpu_power_default_limit_watts', 'gauge', 'Default power limit of the board, in watts.', id, g.power.defaultLimitW);
}
