// Xid codes of the NVIDIA kernel driver that a node health check acts on: what each means and whether it is the node's fault.
import type { Sourced } from '../types.js';

/** hardware/driver/nvlink/fabric: the node is at fault; application: a program's own error (its process died), not the node's. */
export type XidScope = 'hardware' | 'driver' | 'nvlink' | 'application';
/** What a health check does when the Xid was logged since boot: error = drain the node, warning = report, info = note. */
export type XidSeverity = 'error' | 'warning' | 'info';

export interface XidRow extends Sourced {
  code: number;
  /** NVIDIA's short name, e.g. "GPU has fallen off the bus". */
  name: string;
  /** One sentence in plain words for a cluster admin: what happened. */
  meaning: string;
  scope: XidScope;
  severity: XidSeverity;
  /** What to do, in NVIDIA's recommended order, one short sentence (e.g. "Reset the GPU (nvidia-smi -r); if it recurs, reboot; then RMA."). */
  action: string;
}

const CHECKED = '2026-12-01';
/** NVIDIA's Xid catalog page (Ampere and newer); its table could only be read in part here. */
const CATALOG = 'https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html';
/** NVIDIA's own machine-readable export of the catalog's code, mnemonic and immediate-action bucket. */
const BUCKETS = 'NVIDIA/NVSentinel@6f8b0fcf distros/kubernetes/nvsentinel/charts/gpu-health-monitor/xiderrorsmapping.csv';
/** Code numbers and mnemonics as the driver defines them. */
const NVERROR = 'NVIDIA/open-gpu-kernel-modules@df1c9a3d (595.45.04) src/common/sdk/nvidia/inc/nverror.h';
const DPR = 'https://docs.nvidia.com/deploy/dynamic-page-retirement/visibility.html';
const RECOVERY = 'https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/error-recovery-and-response-flags.html';
/** The driver text for the "name" was not read on docs.nvidia.com; it is the catalog description as other projects quote it. */
const NAME_NOTE =
  'Code, mnemonic and NVIDIA immediate-action bucket read in NVIDIA sources; the short name is the catalog description as quoted by aws/eks-node-monitoring-agent (pkg/monitor/dcgm) and other catalog copies, not read on the NVIDIA page itself.';

const RESET_GPU = 'Stop GPU processes and reset the GPU (nvidia-smi -r); if it persists, reboot the node; if it persists after reboot, RMA.';
const RESTART_APP = 'Restart the application; no node action unless it recurs across jobs or comes with hardware Xids.';

function src(mnemonic: string, bucket: string, extra = ''): string {
  return `${CATALOG} (bucket ${bucket}); ${BUCKETS} (${mnemonic}); ${NVERROR}${extra ? `; ${extra}` : ''}`;
}

export const XID_ROWS: readonly XidRow[] = [
  {
    code: 13,
    name: 'Graphics Engine Exception',
    meaning: "A GPU program hit an exception (for example an out-of-range memory access or illegal instruction); usually the application's bug.",
    scope: 'application',
    severity: 'info',
    action: RESTART_APP,
    source: src('ROBUST_CHANNEL_GR_EXCEPTION', 'RESTART_APP; investigatory WORKFLOW_XID_13'),
    checked: CHECKED,
    confirmed: true,
  },
  {
    code: 31,
    name: 'GPU memory page fault',
    meaning: 'A GPU program accessed memory it had not mapped (an MMU fault); almost always an application bug.',
    scope: 'application',
    severity: 'info',
    action: RESTART_APP,
    source: src('ROBUST_CHANNEL_FIFO_ERROR_MMU_ERR_FLT', 'RESTART_APP'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  {
    code: 43,
    name: 'GPU stopped processing',
    meaning: "The driver stopped a channel after a program's own fault; the GPU itself stays usable.",
    scope: 'application',
    severity: 'info',
    action: 'None for the node (NVIDIA bucket IGNORE); look at the Xid logged just before it.',
    source: src('ROBUST_CHANNEL_RESETCHANNEL_VERIF_ERROR', 'IGNORE'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  {
    code: 45,
    name: 'Preemptive cleanup, due to previous errors',
    meaning: 'The driver killed GPU work as clean-up after an earlier error (often an Xid 48 or 79); it is a consequence, not a cause.',
    scope: 'application',
    severity: 'info',
    action: 'Act on the Xid that preceded it; alone it needs no node action.',
    source: src('ROBUST_CHANNEL_PREEMPTIVE_REMOVAL', 'WORKFLOW_XID_45'),
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} The WORKFLOW_XID_45 steps (reported elsewhere as "solo: RESTART_FM, otherwise IGNORE") were not read in an NVIDIA source.`,
  },
  {
    code: 48,
    name: 'Double Bit ECC Error',
    meaning: 'The GPU found an uncorrectable (double-bit) memory error; work on that GPU was stopped and the bad page or row must be retired or remapped.',
    scope: 'hardware',
    severity: 'error',
    action: 'Drain, reset the GPU (nvidia-smi -r) to retire/remap the memory; if Xid 63/64 follow or it recurs, run field diagnostics and RMA.',
    source: src('ROBUST_CHANNEL_GPU_ECC_DBE', 'WORKFLOW_XID_48', `${DPR} ("XID 48: A DBE has occurred.")`),
    checked: CHECKED,
    confirmed: true,
    note: 'The steps inside WORKFLOW_XID_48 (solo: reset; with 63/64: drain and reset; check the SRAM threshold flag) come from catalog copies, not the NVIDIA page itself.',
  },
  {
    code: 61,
    name: 'Internal micro-controller breakpoint/warning',
    meaning: 'A GPU-internal micro-controller (PMU) hit a breakpoint or warning; the driver may recover, but it can precede a halt (Xid 62).',
    scope: 'driver',
    severity: 'warning',
    action: 'Report to NVIDIA with nvidia-bug-report.sh; reset the GPU if it is followed by Xid 62 or the GPU misbehaves.',
    source: src('PMU_BREAKPOINT', 'UNEXPECTED_ERR_REPORT_ISSUE (FATAL)'),
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} NVIDIA's export marks it FATAL with "report issue" and no reset; 'warning' here is this project's call.`,
  },
  {
    code: 62,
    name: 'Internal micro-controller halt',
    meaning: 'A GPU-internal micro-controller (PMU, on newer drivers reported through GSP) halted; the GPU cannot be used until it is reset.',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    source: src('PMU_HALT_ERROR', 'RESET_GPU'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  {
    code: 63,
    name: 'ECC page retirement or row remapping recording event',
    meaning:
      'The driver recorded a bad memory page (pre-Ampere) or row (Ampere and newer) for retirement/remapping; it takes effect at the next GPU reset or reboot.',
    scope: 'hardware',
    severity: 'warning',
    action: 'No immediate action (NVIDIA bucket IGNORE); reset the GPU or reboot when convenient to activate the retirement/remap; RMA if Xid 64 follows.',
    source: src('INFOROM_PAGE_RETIREMENT_EVENT / INFOROM_DRAM_RETIREMENT_EVENT', 'IGNORE', `${DPR} ("XID 63: A page has successfully been retired.")`),
    checked: CHECKED,
    confirmed: true,
    note: "NVIDIA's immediate bucket is IGNORE; 'warning' here (reset soon to activate) follows the pending-remap/pending-retirement flags NVML reports.",
  },
  {
    code: 64,
    name: 'ECC page retirement or row remapper recording failure',
    meaning: 'The driver could not record a bad page/row (retirement or remapping failed, e.g. no spare rows); the memory fault stays active.',
    scope: 'hardware',
    severity: 'error',
    action: RESET_GPU,
    source: src(
      'INFOROM_PAGE_RETIREMENT_FAILURE / INFOROM_DRAM_RETIREMENT_FAILURE',
      'RESET_GPU',
      `${DPR} ("XID 64: A page has failed retirement due to an error.")`,
    ),
    checked: CHECKED,
    confirmed: true,
  },
  {
    code: 68,
    name: 'NVDEC0 Exception',
    meaning: "The video decoder engine hit an error while running a program's decode work; usually the application or its input.",
    scope: 'application',
    severity: 'info',
    action: RESTART_APP,
    source: src('ROBUST_CHANNEL_NVDEC0_ERROR', 'RESTART_APP'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  {
    code: 69,
    name: 'Graphics Engine class error',
    meaning: 'A program sent the graphics/compute engine a method it does not accept; an application or driver-usage error.',
    scope: 'application',
    severity: 'info',
    action: RESTART_APP,
    source: src('ROBUST_CHANNEL_GR_CLASS_ERROR', 'RESTART_APP'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  {
    code: 74,
    name: 'NVLink Error',
    meaning: 'An NVLink link of this GPU reported a fatal error or failed to train; multi-GPU traffic over it is broken.',
    scope: 'nvlink',
    severity: 'error',
    action: 'Drain, reset the GPU or reboot the node; check links with nvidia-smi nvlink; if it recurs, RMA (board or NVSwitch tray).',
    source: src(
      'NVLINK_ERROR',
      'WORKFLOW_NVLINK_ERR',
      'driver text "NVLink: failed to train link %d to remote PCI:..." in src/nvidia/src/kernel/gpu/nvlink/kernel_nvlinkcorelibtrain.c (same commit)',
    ),
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} The steps inside WORKFLOW_NVLINK_ERR come from catalog copies.`,
  },
  {
    code: 79,
    name: 'GPU has fallen off the bus',
    meaning: 'The GPU stopped answering on PCIe; nothing on it works until the node is power-cycled.',
    scope: 'hardware',
    severity: 'error',
    action: 'Drain and power-cycle the node (NVIDIA bucket RESTART_BM); check PCIe seating, power and thermals; RMA if it recurs.',
    source: src(
      'ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS',
      'RESTART_BM',
      'driver text "GPU has fallen off the bus." in src/nvidia/arch/nvalloc/unix/src/osinit.c (same commit)',
    ),
    checked: CHECKED,
    confirmed: true,
  },
  {
    code: 92,
    name: 'High single-bit ECC error rate',
    meaning: 'The GPU is correcting single-bit memory errors at an unusually high rate; data is still correct but the memory may be degrading.',
    scope: 'hardware',
    severity: 'warning',
    action: 'No immediate action (NVIDIA bucket IGNORE); watch ECC and remapping counters and plan a reset; RMA if remapping fails.',
    source: src('EXCESSIVE_SBE_INTERRUPTS', 'IGNORE'),
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} NVIDIA's immediate bucket is IGNORE; 'warning' is this project's call.`,
  },
  {
    code: 94,
    name: 'Contained ECC error',
    meaning: 'An uncorrectable memory error was contained to the program that touched it; that program was killed, others keep running.',
    scope: 'application',
    severity: 'info',
    action: 'Restart the application (NVIDIA bucket RESTART_APP); reset the GPU when it is idle to remap the row; RMA if contained errors recur.',
    source: src(
      'ROBUST_CHANNEL_CONTAINED_ERROR',
      'RESTART_APP',
      'log format "Xid (PCI:...): 94, pid=..., Contained: ... RST: No, D-RST: No" in src/nvidia/src/kernel/gpu/arch/ampere/kern_gpu_error_cont_ga100.c (same commit)',
    ),
    checked: CHECKED,
    confirmed: true,
    note: 'Scope is the killed process, but the cause is a GPU memory fault: a health check should still report it.',
  },
  {
    code: 95,
    name: 'Uncontained ECC error',
    meaning: 'An uncorrectable memory error could not be contained; every program on the GPU is affected and the GPU needs a reset.',
    scope: 'hardware',
    severity: 'error',
    action: RESET_GPU,
    source: src(
      'ROBUST_CHANNEL_UNCONTAINED_ERROR',
      'RESET_GPU',
      'log format "Xid (PCI:...): 95, pid=..., Uncontained: ... RST: Yes, D-RST: No" in kern_gpu_error_cont_ga100.c (same commit)',
    ),
    checked: CHECKED,
    confirmed: true,
  },
  {
    code: 109,
    name: 'Context Switch Timeout Error',
    meaning: 'The GPU did not finish switching between contexts in time; the GPU may be hung.',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    source: `${CATALOG} (bucket RESET_GPU); ${BUCKETS} (ROBUST_CHANNEL_CTXSW_TIMEOUT_ERROR)`,
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} Code 109 is not defined in nverror.h of 595.45.04.`,
  },
  {
    code: 119,
    name: 'GSP RPC Timeout',
    meaning: 'The driver timed out waiting for the GPU System Processor (GSP firmware); the GPU is not usable until reset.',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    source: src('GSP_RPC_TIMEOUT', 'RESET_GPU'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  {
    code: 120,
    name: 'GSP Error',
    meaning: 'The GPU System Processor (GSP firmware) reported an error; the GPU is not usable until reset.',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    source: src('GSP_ERROR', 'RESET_GPU'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  {
    code: 121,
    name: 'C2C Link corrected error',
    meaning: 'The chip-to-chip (C2C) link between Grace CPU and GPU corrected an error; no work was lost.',
    scope: 'hardware',
    severity: 'info',
    action: 'None (NVIDIA bucket IGNORE); watch for a rising rate.',
    source: src('C2C_ERROR', 'IGNORE'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  {
    code: 140,
    name: 'Unrecovered ECC Error',
    meaning: 'An uncorrectable ECC error escaped normal handling (driver text: "possible firmware handling failure"); the GPU needs a reset.',
    scope: 'hardware',
    severity: 'error',
    action: RESET_GPU,
    source: src(
      'UNRECOVERABLE_ECC_ERROR_ESCAPE',
      'RESET_GPU',
      'driver text "An uncorrectable ECC error detected (possible firmware handling failure)" in src/nvidia/src/kernel/gpu/arch/turing/kern_gpu_tu102.c (same commit)',
    ),
    checked: CHECKED,
    confirmed: true,
  },
  {
    code: 143,
    name: 'GPU Initialization Failure',
    meaning: 'The GPU failed to initialise, so it cannot be used.',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    source: src('GPU_INIT_ERROR', 'RESET_GPU'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
  },
  ...(
    [
      [144, 'NVLINK_SAW_ERROR', 'NVLink SAW error'],
      [145, 'NVLINK_RLW_ERROR', 'NVLink RLW error'],
      [146, 'NVLINK_TLW_ERROR', 'NVLink TLW error'],
      [147, 'NVLINK_TREX_ERROR', 'NVLink TREX error'],
      [148, 'NVLINK_NVLPW_CTRL_ERROR', 'NVLink NVLPW_CTRL error'],
      [149, 'NVLINK_NETIR_ERROR', 'NVLink NETIR error'],
      [150, 'NVLINK_MSE_ERROR', 'NVLink MSE error'],
    ] as const
  ).map(
    ([code, mnemonic, name]): XidRow => ({
      code,
      name,
      meaning:
        'A fifth-generation NVLink (Blackwell) unit of this GPU reported an error; how serious it is depends on the error status the driver logs with it.',
      scope: 'nvlink',
      severity: 'error',
      action: "Drain and follow NVIDIA's NVLink-5 decode for the logged status (reset the GPU, or reboot/RMA); also act on any Xid 154 that follows.",
      source: src(mnemonic, 'WORKFLOW_NVLINK5_ERR (resolved per status in the catalog sheet "Xid 144-150 Decode")'),
      checked: CHECKED,
      confirmed: false,
      note: 'Code and mnemonic confirmed in nverror.h, bucket in the NVIDIA export; the short name is built from the mnemonic. Some decoded statuses are non-fatal, so "error" for every row is conservative.',
    }),
  ),
  {
    code: 154,
    name: 'GPU recovery action changed',
    meaning:
      'The driver changed what it says must be done to recover this GPU (none, GPU reset, node reboot, drain P2P, drain and reset); the line names the new action.',
    scope: 'driver',
    severity: 'warning',
    action: 'Do what the new action says: GPU Reset Required → nvidia-smi -r; Node Reboot Required → reboot; Drain P2P / Drain and Reset → drain, then reset.',
    source: `${CATALOG} ("Xid 154 linkage" column); ${BUCKETS} (GPU_RECOVERY_ACTION_CHANGED, "Follow guidance as it aapplies to another Xid"); ${NVERROR}; message "GPU recovery action changed from 0x%x (%s) to 0x%x (%s)" in src/nvidia/src/kernel/gpu/gpu.c (same commit); ${RECOVERY}`,
    checked: CHECKED,
    confirmed: true,
    note: 'Severity depends on the new action: a checker should treat \'to ... (None)\' as info and GPU Reset / Node Reboot / Drain as error. Action names differ by driver: 595.45.04 prints "GPU Reset Required"/"Node Reboot Required"; R610 logs show "PF FLR" and "OS Reboot".',
  },
];
