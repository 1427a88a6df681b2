// Messages of the node-health rules (Xid errors, missing GPUs, fabric manager, modes, capped clocks, a hung driver).
// Commands stay in the fix lines themselves; only the sentences around them are translated.
import { defineMessages } from '../../i18n/index.js';

export const m = defineMessages({
  en: {
    evXid: 'Xid {code} in the kernel log',
    evKernelLog: 'kernel log',
    evExpected: 'GPUs expected',
    evSeen: 'GPUs the driver shows',
    evPciBound: 'NVIDIA GPUs on the PCI bus bound to the nvidia driver',
    evNvswitch: 'NVSwitch devices on the PCI bus',
    evFm: 'nv-fabricmanager running',
    evFabric: 'GPU {index} fabric state',
    evCudaInit: 'cuInit',
    evPersistence: 'persistence mode',
    evComputeMode: 'compute mode',
    evMig: 'MIG mode (current / pending)',
    evPowerLimit: 'power limit (set / default)',
    evAppClocks: 'application clocks graphics/memory (set / default)',
    evProbe: 'probe',

    xidTitle: 'GPU {gpu}: Xid {code} ({name}) logged {count}× since boot',
    xidTitleUnknown: 'GPU {gpu}: Xid {code} logged {count}× since boot',
    xidCause: 'The NVIDIA driver logged Xid {code} for the GPU at PCI {bus}: {meaning} Last line: "{text}".',
    xidCauseUnknown: 'The NVIDIA driver logged Xid {code} for the GPU at PCI {bus}; gpuenv has no entry for this code. Last line: "{text}".',
    xidTitleApps: 'Programs hit GPU errors since boot: {list}',
    xidCauseApps:
      'These Xid codes are reported when a program does something wrong on the GPU (bad memory access, an exception); the program dies, the node is not at fault. {list}.',
    xidFixRead: '# read the full Xid lines, with times:',
    xidFixAction: '# NVIDIA recommends: {action}',
    xidFixReport: '# if it recurs, collect a bug report for NVIDIA or your vendor:',

    missTitle: '{seen} of {expected} GPUs visible',
    missCause:
      'This node should have {expected} GPU(s) ({source}) but the driver shows {seen}. A GPU that fell off the bus, failed to initialise, or was taken by another driver leaves jobs that ask for every GPU unable to start.',
    missTitleBus: '{bound} GPUs on the PCI bus use the nvidia driver, but it shows only {seen}',
    missCauseBus: 'A GPU bound to the nvidia driver that NVML does not list failed to initialise (see the kernel log for RmInitAdapter or Xid 79).',
    missFixList: '# compare the driver view with the PCI bus:',
    missFixLog: '# look for the reason in the kernel log:',
    missFixReboot: '# a GPU that fell off the bus comes back only after a reboot (or a reseat, if it falls off again)',

    fmTitle: 'NVSwitch system without a running fabric manager',
    fmCause:
      'This machine has {n} NVSwitch device(s): its GPUs talk over NVLink through them, and CUDA refuses to start (error 802, "system not yet initialized") until NVIDIA Fabric Manager has set up the fabric. No nv-fabricmanager process is running.',
    fmTitleCuda: 'CUDA reports the system is not ready (error 802)',
    fmCauseCuda:
      'cuInit failed with {error}: on NVSwitch systems this means NVIDIA Fabric Manager is not running or has not finished; its version must match the driver ({driver}).',
    fmTitleState: 'GPU {index}: NVLink fabric registration {state}',
    fmCauseState: 'The GPU has not joined the NVLink fabric (state {state}, status {status}); CUDA work on it fails until the fabric manager completes.',
    fmFixStart: '# start the fabric manager (its package version must equal the driver version):',
    fmFixLog: '# if it does not start, read why:',

    pmTitle: 'GPU {index} ({name}): persistence mode is off',
    pmCause:
      'Without persistence the driver tears the GPU down when the last program exits and sets it up again for the next one: each job start pays seconds, and settings such as application clocks are lost. NVIDIA recommends the nvidia-persistenced daemon on data-centre GPUs.',
    pmFix: '# keep the driver loaded with the persistence daemon:',
    pmFixLegacy: '# or, where the daemon is not installed, the older per-GPU switch (until the next reboot):',

    cmTitleProhibited: 'GPU {index} ({name}): compute mode is Prohibited',
    cmCauseProhibited: 'No program can create a CUDA context on a GPU in Prohibited compute mode: every job that lands on it fails.',
    cmTitleExclusive: 'GPU {index} ({name}): compute mode is {mode}',
    cmCauseExclusive:
      'Only one process at a time may use this GPU: a second process (a DataLoader worker touching CUDA, a monitoring tool, a second rank) fails with "all CUDA-capable devices are busy or unavailable".',
    cmFixDefault: '# set the default (shared) compute mode:',
    migTitlePending: 'GPU {index} ({name}): MIG mode change waits for a GPU reset',
    migCausePending:
      'MIG mode is {current} but {pending} was requested; the change takes effect only after the GPU is reset or the machine rebooted, and until then the GPU is not in the state the admin configured.',
    migFixReset: '# stop every process on GPU {index}, then reset it:',

    capTitlePower: 'GPU {index} ({name}): power limit lowered to {limit} W (default {default} W)',
    capCausePower: 'Someone set a power limit below the board default; under load the GPU slows down to stay under it (sw_power_cap).',
    capFixPower: '# restore the default power limit:',
    capTitleClocks: 'GPU {index} ({name}): application clocks lowered to {graphics} MHz (default {default} MHz)',
    capCauseClocks: 'The application clocks were set below their default, which caps every job on this GPU.',
    capFixClocks: '# reset the application clocks to their defaults:',

    hungTitle: 'The GPU driver does not answer',
    hungCause:
      'The NVML / CUDA driver probe did not finish within its time limit ({detail}); a driver that hangs on simple queries hangs jobs too. Usually a GPU in a bad state (Xid 79, 119) or a stuck kernel thread.',
    hungTitleLost: 'GPU {index}: NVML reports the GPU is lost',
    hungCauseLost: 'NVML answered {error} for GPU {index}: the GPU stopped responding on the bus.',
    hungFixSmi: '# see whether nvidia-smi answers (it may hang too):',
    hungFixReboot: '# a lost GPU needs a reboot; check the kernel log first:',
  },
  'zh-CN': {
    xidTitle: 'GPU {gpu}：自开机以来记录了 {count} 次 Xid {code}（{name}）',
    xidTitleUnknown: 'GPU {gpu}：自开机以来记录了 {count} 次 Xid {code}',
    xidTitleApps: '开机以来有程序触发了 GPU 错误：{list}',
    missTitle: '可见 GPU {seen} 块，应有 {expected} 块',
    fmTitle: 'NVSwitch 系统上没有运行 Fabric Manager',
    fmTitleCuda: 'CUDA 报告系统尚未就绪（错误 802）',
    pmTitle: 'GPU {index}（{name}）：持久模式未开启',
    cmTitleProhibited: 'GPU {index}（{name}）：计算模式为 Prohibited',
    migTitlePending: 'GPU {index}（{name}）：MIG 模式变更等待 GPU 重置',
    capTitlePower: 'GPU {index}（{name}）：功耗上限被调低到 {limit} W（默认 {default} W）',
    capTitleClocks: 'GPU {index}（{name}）：应用时钟被调低到 {graphics} MHz（默认 {default} MHz）',
    hungTitle: 'GPU 驱动无响应',
  },
});
