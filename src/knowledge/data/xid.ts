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
  /** `meaning` in Simplified Chinese, the same facts. */
  meaningZh: string;
  scope: XidScope;
  severity: XidSeverity;
  /** What to do, in NVIDIA's recommended order, one short sentence (e.g. "Reset the GPU (nvidia-smi -r); if it recurs, reboot; then RMA."). */
  action: string;
  /** `action` in Simplified Chinese, the same facts. */
  actionZh: string;
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
const NAME_NOTE_ZH =
  '代码、助记符和 NVIDIA 的立即处置类别（bucket）均读自 NVIDIA 来源；简称取自 aws/eks-node-monitoring-agent (pkg/monitor/dcgm) 及其他目录转载副本所引用的目录描述，未在 NVIDIA 页面本身读到。';

const RESET_GPU = 'Stop GPU processes and reset the GPU (nvidia-smi -r); if it persists, reboot the node; if it persists after reboot, RMA.';
const RESTART_APP = 'Restart the application; no node action unless it recurs across jobs or comes with hardware Xids.';
const RESET_GPU_ZH = '停止该 GPU 上的进程并复位 GPU（nvidia-smi -r）；若问题仍在，重启节点；重启后仍存在，则 RMA。';
const RESTART_APP_ZH = '重启应用程序；除非在多个作业中反复出现或伴随硬件类 Xid，否则节点无需处理。';

function src(mnemonic: string, bucket: string, extra = ''): string {
  return `${CATALOG} (bucket ${bucket}); ${BUCKETS} (${mnemonic}); ${NVERROR}${extra ? `; ${extra}` : ''}`;
}

export const XID_ROWS: readonly XidRow[] = [
  {
    code: 13,
    name: 'Graphics Engine Exception',
    meaning: "A GPU program hit an exception (for example an out-of-range memory access or illegal instruction); usually the application's bug.",
    meaningZh: 'GPU 程序触发了异常（例如越界内存访问或非法指令）；通常是应用程序自身的 bug。',
    scope: 'application',
    severity: 'info',
    action: RESTART_APP,
    actionZh: RESTART_APP_ZH,
    source: src('ROBUST_CHANNEL_GR_EXCEPTION', 'RESTART_APP; investigatory WORKFLOW_XID_13'),
    checked: CHECKED,
    confirmed: true,
  },
  {
    code: 31,
    name: 'GPU memory page fault',
    meaning: 'A GPU program accessed memory it had not mapped (an MMU fault); almost always an application bug.',
    meaningZh: 'GPU 程序访问了未映射的内存（MMU 故障）；几乎总是应用程序的 bug。',
    scope: 'application',
    severity: 'info',
    action: RESTART_APP,
    actionZh: RESTART_APP_ZH,
    source: src('ROBUST_CHANNEL_FIFO_ERROR_MMU_ERR_FLT', 'RESTART_APP'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
  },
  {
    code: 43,
    name: 'GPU stopped processing',
    meaning: "The driver stopped a channel after a program's own fault; the GPU itself stays usable.",
    meaningZh: '程序自身出错后，驱动停止了对应的通道（channel）；GPU 本身仍可使用。',
    scope: 'application',
    severity: 'info',
    action: 'None for the node (NVIDIA bucket IGNORE); look at the Xid logged just before it.',
    actionZh: '节点无需处理（NVIDIA 类别 IGNORE）；查看紧挨在它之前记录的 Xid。',
    source: src('ROBUST_CHANNEL_RESETCHANNEL_VERIF_ERROR', 'IGNORE'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
  },
  {
    code: 45,
    name: 'Preemptive cleanup, due to previous errors',
    meaning: 'The driver killed GPU work as clean-up after an earlier error (often an Xid 48 or 79); it is a consequence, not a cause.',
    meaningZh: '驱动在先前的错误（常见为 Xid 48 或 79）之后做清理，终止了 GPU 上的任务；它是结果，不是原因。',
    scope: 'application',
    severity: 'info',
    action: 'Act on the Xid that preceded it; alone it needs no node action.',
    actionZh: '按它之前出现的那个 Xid 处理；单独出现时节点无需处理。',
    source: src('ROBUST_CHANNEL_PREEMPTIVE_REMOVAL', 'WORKFLOW_XID_45'),
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} The WORKFLOW_XID_45 steps (reported elsewhere as "solo: RESTART_FM, otherwise IGNORE") were not read in an NVIDIA source.`,
    noteZh: `${NAME_NOTE_ZH} WORKFLOW_XID_45 的具体步骤（其他地方记载为 "solo: RESTART_FM, otherwise IGNORE"）未在 NVIDIA 来源中读到。`,
  },
  {
    code: 48,
    name: 'Double Bit ECC Error',
    meaning: 'The GPU found an uncorrectable (double-bit) memory error; work on that GPU was stopped and the bad page or row must be retired or remapped.',
    meaningZh: 'GPU 检测到不可纠正的（双比特）显存错误；该 GPU 上的任务已停止，须对坏页做页面退役或对坏行做行重映射。',
    scope: 'hardware',
    severity: 'error',
    action: 'Drain, reset the GPU (nvidia-smi -r) to retire/remap the memory; if Xid 63/64 follow or it recurs, run field diagnostics and RMA.',
    actionZh: '排空（drain）节点，复位 GPU（nvidia-smi -r）以完成显存退役/重映射；若随后出现 Xid 63/64 或反复出现，运行现场诊断（field diagnostics）并 RMA。',
    source: src('ROBUST_CHANNEL_GPU_ECC_DBE', 'WORKFLOW_XID_48', `${DPR} ("XID 48: A DBE has occurred.")`),
    checked: CHECKED,
    confirmed: true,
    note: 'The steps inside WORKFLOW_XID_48 (solo: reset; with 63/64: drain and reset; check the SRAM threshold flag) come from catalog copies, not the NVIDIA page itself.',
    noteZh: 'WORKFLOW_XID_48 内的步骤（单独出现：复位；伴随 63/64：排空并复位；检查 SRAM 阈值标志）来自目录的转载副本，而非 NVIDIA 页面本身。',
  },
  {
    code: 61,
    name: 'Internal micro-controller breakpoint/warning',
    meaning: 'A GPU-internal micro-controller (PMU) hit a breakpoint or warning; the driver may recover, but it can precede a halt (Xid 62).',
    meaningZh: 'GPU 内部的微控制器（PMU）触发了断点或警告；驱动可能自行恢复，但它可能是停机（halt，Xid 62）的前兆。',
    scope: 'driver',
    severity: 'warning',
    action: 'Report to NVIDIA with nvidia-bug-report.sh; reset the GPU if it is followed by Xid 62 or the GPU misbehaves.',
    actionZh: '用 nvidia-bug-report.sh 收集日志并报告给 NVIDIA；若随后出现 Xid 62 或 GPU 行为异常，复位 GPU。',
    source: src('PMU_BREAKPOINT', 'UNEXPECTED_ERR_REPORT_ISSUE (FATAL)'),
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} NVIDIA's export marks it FATAL with "report issue" and no reset; 'warning' here is this project's call.`,
    noteZh: `${NAME_NOTE_ZH} NVIDIA 的导出表将其标为 FATAL，处置为 "report issue"，不要求复位；此处定为 'warning' 是本项目的判断。`,
  },
  {
    code: 62,
    name: 'Internal micro-controller halt',
    meaning: 'A GPU-internal micro-controller (PMU, on newer drivers reported through GSP) halted; the GPU cannot be used until it is reset.',
    meaningZh: 'GPU 内部的微控制器（PMU；较新的驱动经由 GSP 报告）已停机（halt）；复位之前该 GPU 无法使用。',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    actionZh: RESET_GPU_ZH,
    source: src('PMU_HALT_ERROR', 'RESET_GPU'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
  },
  {
    code: 63,
    name: 'ECC page retirement or row remapping recording event',
    meaning:
      'The driver recorded a bad memory page (pre-Ampere) or row (Ampere and newer) for retirement/remapping; it takes effect at the next GPU reset or reboot.',
    meaningZh: '驱动已记录一个待退役/重映射的坏显存页（Ampere 之前）或坏行（Ampere 及更新架构）；在下次 GPU 复位或重启时生效。',
    scope: 'hardware',
    severity: 'warning',
    action: 'No immediate action (NVIDIA bucket IGNORE); reset the GPU or reboot when convenient to activate the retirement/remap; RMA if Xid 64 follows.',
    actionZh: '无需立即处理（NVIDIA 类别 IGNORE）；方便时复位 GPU 或重启，使退役/重映射生效；若随后出现 Xid 64，RMA。',
    source: src('INFOROM_PAGE_RETIREMENT_EVENT / INFOROM_DRAM_RETIREMENT_EVENT', 'IGNORE', `${DPR} ("XID 63: A page has successfully been retired.")`),
    checked: CHECKED,
    confirmed: true,
    note: "NVIDIA's immediate bucket is IGNORE; 'warning' here (reset soon to activate) follows the pending-remap/pending-retirement flags NVML reports.",
    noteZh: "NVIDIA 的立即处置类别是 IGNORE；此处定为 'warning'（应尽快复位使其生效），依据是 NVML 报告的 pending-remap/pending-retirement 标志。",
  },
  {
    code: 64,
    name: 'ECC page retirement or row remapper recording failure',
    meaning: 'The driver could not record a bad page/row (retirement or remapping failed, e.g. no spare rows); the memory fault stays active.',
    meaningZh: '驱动未能记录坏页/坏行（退役或重映射失败，例如没有备用行）；显存故障仍然存在。',
    scope: 'hardware',
    severity: 'error',
    action: RESET_GPU,
    actionZh: RESET_GPU_ZH,
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
    meaningZh: '视频解码引擎在执行程序的解码任务时出错；通常是应用程序或其输入数据的问题。',
    scope: 'application',
    severity: 'info',
    action: RESTART_APP,
    actionZh: RESTART_APP_ZH,
    source: src('ROBUST_CHANNEL_NVDEC0_ERROR', 'RESTART_APP'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
  },
  {
    code: 69,
    name: 'Graphics Engine class error',
    meaning: 'A program sent the graphics/compute engine a method it does not accept; an application or driver-usage error.',
    meaningZh: '程序向图形/计算引擎发送了它不接受的方法（method）；属于应用程序错误或驱动使用错误。',
    scope: 'application',
    severity: 'info',
    action: RESTART_APP,
    actionZh: RESTART_APP_ZH,
    source: src('ROBUST_CHANNEL_GR_CLASS_ERROR', 'RESTART_APP'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
  },
  {
    code: 74,
    name: 'NVLink Error',
    meaning: 'An NVLink link of this GPU reported a fatal error or failed to train; multi-GPU traffic over it is broken.',
    meaningZh: '该 GPU 的一条 NVLink 链路报告了致命错误或链路训练失败；经由该链路的多 GPU 通信已中断。',
    scope: 'nvlink',
    severity: 'error',
    action: 'Drain, reset the GPU or reboot the node; check links with nvidia-smi nvlink; if it recurs, RMA (board or NVSwitch tray).',
    actionZh: '排空（drain）节点，复位 GPU 或重启节点；用 nvidia-smi nvlink 检查链路；若反复出现，RMA（GPU 板卡或 NVSwitch 托盘）。',
    source: src(
      'NVLINK_ERROR',
      'WORKFLOW_NVLINK_ERR',
      'driver text "NVLink: failed to train link %d to remote PCI:..." in src/nvidia/src/kernel/gpu/nvlink/kernel_nvlinkcorelibtrain.c (same commit)',
    ),
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} The steps inside WORKFLOW_NVLINK_ERR come from catalog copies.`,
    noteZh: `${NAME_NOTE_ZH} WORKFLOW_NVLINK_ERR 内的步骤来自目录的转载副本。`,
  },
  {
    code: 79,
    name: 'GPU has fallen off the bus',
    meaning: 'The GPU stopped answering on PCIe; nothing on it works until the node is power-cycled.',
    meaningZh: 'GPU 已从 PCIe 总线上掉线，不再响应；节点断电重启之前，该 GPU 完全不可用。',
    scope: 'hardware',
    severity: 'error',
    action: 'Drain and power-cycle the node (NVIDIA bucket RESTART_BM); check PCIe seating, power and thermals; RMA if it recurs.',
    actionZh: '排空（drain）节点并断电重启（NVIDIA 类别 RESTART_BM）；检查 PCIe 插接、供电和散热；若反复出现，RMA。',
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
    meaningZh: 'GPU 纠正单比特显存错误的频率异常高；数据仍然正确，但显存可能正在劣化。',
    scope: 'hardware',
    severity: 'warning',
    action: 'No immediate action (NVIDIA bucket IGNORE); watch ECC and remapping counters and plan a reset; RMA if remapping fails.',
    actionZh: '无需立即处理（NVIDIA 类别 IGNORE）；关注 ECC 和行重映射计数器，并安排一次复位；若重映射失败，RMA。',
    source: src('EXCESSIVE_SBE_INTERRUPTS', 'IGNORE'),
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} NVIDIA's immediate bucket is IGNORE; 'warning' is this project's call.`,
    noteZh: `${NAME_NOTE_ZH} NVIDIA 的立即处置类别是 IGNORE；定为 'warning' 是本项目的判断。`,
  },
  {
    code: 94,
    name: 'Contained ECC error',
    meaning: 'An uncorrectable memory error was contained to the program that touched it; that program was killed, others keep running.',
    meaningZh: '一个不可纠正的显存错误被限制在访问它的程序内；该程序已被终止，其他程序继续运行。',
    scope: 'application',
    severity: 'info',
    action: 'Restart the application (NVIDIA bucket RESTART_APP); reset the GPU when it is idle to remap the row; RMA if contained errors recur.',
    actionZh: '重启应用程序（NVIDIA 类别 RESTART_APP）；在 GPU 空闲时复位以重映射该行；若此类已限制（contained）的错误反复出现，RMA。',
    source: src(
      'ROBUST_CHANNEL_CONTAINED_ERROR',
      'RESTART_APP',
      'log format "Xid (PCI:...): 94, pid=..., Contained: ... RST: No, D-RST: No" in src/nvidia/src/kernel/gpu/arch/ampere/kern_gpu_error_cont_ga100.c (same commit)',
    ),
    checked: CHECKED,
    confirmed: true,
    note: 'Scope is the killed process, but the cause is a GPU memory fault: a health check should still report it.',
    noteZh: '影响范围是被终止的进程，但原因是 GPU 显存故障：健康检查仍应报告它。',
  },
  {
    code: 95,
    name: 'Uncontained ECC error',
    meaning: 'An uncorrectable memory error could not be contained; every program on the GPU is affected and the GPU needs a reset.',
    meaningZh: '一个不可纠正的显存错误未能被限制；该 GPU 上的所有程序都受影响，GPU 需要复位。',
    scope: 'hardware',
    severity: 'error',
    action: RESET_GPU,
    actionZh: RESET_GPU_ZH,
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
    meaningZh: 'GPU 未能在规定时间内完成上下文切换；GPU 可能已挂死。',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    actionZh: RESET_GPU_ZH,
    source: `${CATALOG} (bucket RESET_GPU); ${BUCKETS} (ROBUST_CHANNEL_CTXSW_TIMEOUT_ERROR)`,
    checked: CHECKED,
    confirmed: false,
    note: `${NAME_NOTE} Code 109 is not defined in nverror.h of 595.45.04.`,
    noteZh: `${NAME_NOTE_ZH} 595.45.04 的 nverror.h 中未定义代码 109。`,
  },
  {
    code: 119,
    name: 'GSP RPC Timeout',
    meaning: 'The driver timed out waiting for the GPU System Processor (GSP firmware); the GPU is not usable until reset.',
    meaningZh: '驱动等待 GPU 系统处理器（GSP 固件）响应超时；复位之前该 GPU 不可用。',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    actionZh: RESET_GPU_ZH,
    source: src('GSP_RPC_TIMEOUT', 'RESET_GPU'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
  },
  {
    code: 120,
    name: 'GSP Error',
    meaning: 'The GPU System Processor (GSP firmware) reported an error; the GPU is not usable until reset.',
    meaningZh: 'GPU 系统处理器（GSP 固件）报告了错误；复位之前该 GPU 不可用。',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    actionZh: RESET_GPU_ZH,
    source: src('GSP_ERROR', 'RESET_GPU'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
  },
  {
    code: 121,
    name: 'C2C Link corrected error',
    meaning: 'The chip-to-chip (C2C) link between Grace CPU and GPU corrected an error; no work was lost.',
    meaningZh: 'Grace CPU 与 GPU 之间的芯片间（C2C）链路纠正了一个错误；没有任务丢失。',
    scope: 'hardware',
    severity: 'info',
    action: 'None (NVIDIA bucket IGNORE); watch for a rising rate.',
    actionZh: '无需处理（NVIDIA 类别 IGNORE）；留意其出现频率是否上升。',
    source: src('C2C_ERROR', 'IGNORE'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
  },
  {
    code: 140,
    name: 'Unrecovered ECC Error',
    meaning: 'An uncorrectable ECC error escaped normal handling (driver text: "possible firmware handling failure"); the GPU needs a reset.',
    meaningZh: '一个不可纠正的 ECC 错误绕过了正常处理流程（驱动文本："possible firmware handling failure"）；GPU 需要复位。',
    scope: 'hardware',
    severity: 'error',
    action: RESET_GPU,
    actionZh: RESET_GPU_ZH,
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
    meaningZh: 'GPU 初始化失败，无法使用。',
    scope: 'driver',
    severity: 'error',
    action: RESET_GPU,
    actionZh: RESET_GPU_ZH,
    source: src('GPU_INIT_ERROR', 'RESET_GPU'),
    checked: CHECKED,
    confirmed: false,
    note: NAME_NOTE,
    noteZh: NAME_NOTE_ZH,
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
      meaningZh: '该 GPU 的一个第五代 NVLink（Blackwell）单元报告了错误；严重程度取决于驱动随之记录的错误状态。',
      scope: 'nvlink',
      severity: 'error',
      action: "Drain and follow NVIDIA's NVLink-5 decode for the logged status (reset the GPU, or reboot/RMA); also act on any Xid 154 that follows.",
      actionZh: '排空（drain）节点，按 NVIDIA 的 NVLink-5 解码表处理所记录的状态（复位 GPU，或重启/RMA）；如随后出现 Xid 154，也按其处理。',
      source: src(mnemonic, 'WORKFLOW_NVLINK5_ERR (resolved per status in the catalog sheet "Xid 144-150 Decode")'),
      checked: CHECKED,
      confirmed: false,
      note: 'Code and mnemonic confirmed in nverror.h, bucket in the NVIDIA export; the short name is built from the mnemonic. Some decoded statuses are non-fatal, so "error" for every row is conservative.',
      noteZh:
        '代码和助记符已在 nverror.h 中确认，处置类别见 NVIDIA 的导出表；简称由助记符拼成。部分解码出的状态并非致命，因此每行都定为 "error" 是偏保守的做法。',
    }),
  ),
  {
    code: 154,
    name: 'GPU recovery action changed',
    meaning:
      'The driver changed what it says must be done to recover this GPU (none, GPU reset, node reboot, drain P2P, drain and reset); the line names the new action.',
    meaningZh: '驱动更改了该 GPU 所需的恢复操作（无、GPU 复位、节点重启、排空 P2P、排空并复位）；该日志行写明了新的操作。',
    scope: 'driver',
    severity: 'warning',
    action: 'Do what the new action says: GPU Reset Required → nvidia-smi -r; Node Reboot Required → reboot; Drain P2P / Drain and Reset → drain, then reset.',
    actionZh: '按新操作执行：GPU Reset Required → nvidia-smi -r；Node Reboot Required → 重启；Drain P2P / Drain and Reset → 先排空（drain），再复位。',
    source: `${CATALOG} ("Xid 154 linkage" column); ${BUCKETS} (GPU_RECOVERY_ACTION_CHANGED, "Follow guidance as it aapplies to another Xid"); ${NVERROR}; message "GPU recovery action changed from 0x%x (%s) to 0x%x (%s)" in src/nvidia/src/kernel/gpu/gpu.c (same commit); ${RECOVERY}`,
    checked: CHECKED,
    confirmed: true,
    note: 'Severity depends on the new action: a checker should treat \'to ... (None)\' as info and GPU Reset / Node Reboot / Drain as error. Action names differ by driver: 595.45.04 prints "GPU Reset Required"/"Node Reboot Required"; R610 logs show "PF FLR" and "OS Reboot".',
    noteZh:
      '严重级别取决于新操作：检查程序应将 \'to ... (None)\' 视为 info，将 GPU Reset / Node Reboot / Drain 视为 error。操作名称随驱动而异：595.45.04 打印 "GPU Reset Required"/"Node Reboot Required"；R610 的日志显示 "PF FLR" 和 "OS Reboot"。',
  },
];
