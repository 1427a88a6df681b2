// Messages of gpu-busy: processes that hold a GPU's memory or its only context. Commands stay literal in the fix lines.
import { section } from '../../../i18n/index.js';

export const busy = section({
  en: {
    evProcess: 'process on GPU {index}',
    evMemory: 'GPU {index} memory in use / total',
    evMode: 'GPU {index} compute mode',
    evProcessesUnread: 'GPU {index} processes',
    processesUnread: 'could not be listed',
    memUnknown: 'memory not reported',
    nameUnknown: 'name unknown',
    reservedSuffix: '(+ {reserved} reserved by the driver)',

    titleExclusive: 'GPU {index} ({name}) is in {mode} mode and {pids} already holds it: a new CUDA program cannot start there',
    causeExclusive:
      'In an exclusive compute mode the GPU takes one CUDA context at a time. {list} has one open, so any other process that starts CUDA on GPU {index} fails with "all CUDA-capable devices are busy or unavailable" (cudaErrorDevicesUnavailable) until it exits.',
    titleHeavy: 'Other processes hold {held} of GPU {index} ({name}): {free} of {total} is left',
    causeHeavy:
      'When gpuenv looked, {list} held {held} of the GPU\'s {total}. A job sized for this GPU (batch size, model shards) will not fit into the {free} left and fails with "CUDA out of memory"; frameworks that reserve most of the memory at start (JAX takes 75 % by default) cannot get it.',
    titleLight: '{count} process(es) use GPU {index} ({name}): {held} of {total}',
    causeLight:
      "When gpuenv looked, {list} held {held} of the GPU's {total}. That leaves room for a job, but the GPU's compute is shared with them: a job there runs slower, and a job that needs the whole memory does not fit.",
    titleUnexplained: '{held} of GPU {index} ({name}) is in use and no process is listed for it',
    titleUnexplainedHeavy: '{held} of GPU {index} ({name}) is in use ({free} of {total} left) and no process is listed for it',
    causeUnexplained:
      "The driver counts {held} of the GPU's memory as used beyond its own reservation, but lists no process (or not enough) for it. Usual reasons: processes of other containers or PID namespaces, which nvidia-smi inside a container does not show; a process that exited but whose GPU context was not torn down yet (a zombie, or one stuck in the kernel); MIG or vGPU, where other instances are not listed.",
    titleMessage: 'Another process holds the GPU, or its compute mode lets no new program in',
    causeMessage:
      'CUDA says every GPU it may use is busy or unavailable (cudaErrorDevicesUnavailable): a GPU in Exclusive_Process mode already has a context of another process, or it is in Prohibited mode. The commands below show which processes hold each GPU and its compute mode.',
    causeUnread: 'The processes on GPU {index} could not be listed ({why}), and {held} of its {total} is in use: something else holds the GPU.',

    fixList: '# see who they are before stopping anything:',
    fixStop: '# stop them if they are yours:',
    fixContainer: '# gpuenv runs in a container ({kind}): the driver reports host PIDs, which ps here may not know; run these on the host',
    fixShareMode: '# or let several processes share the GPU again (an admin set the exclusive mode on purpose; ask first):',
    fixSlurm:
      "# under Slurm, another job's processes on your GPU mean the GPU is shared (a shard, MPS, or a job outside the cgroup): ask for an exclusive allocation, e.g. sbatch --exclusive, or a whole GPU (--gres=gpu:1) instead of a shard",
    fixK8s:
      "# under Kubernetes, another pod's processes on your GPU mean the GPU is shared (time-slicing or MPS in the device plugin): ask for an exclusive one, a whole nvidia.com/gpu in resources.limits on a node pool without sharing",
    fixHolders: '# every process holding the NVIDIA device files, also those the driver cannot name:',
    fixReset:
      '# only when nothing is listed any more and the memory stays taken (a leftover context): reset the GPU (needs root; nvidia-smi refuses while a process still uses it):',
  },
  'zh-CN': {
    evProcess: 'GPU {index} 上的进程',
    evMemory: 'GPU {index} 显存已用 / 总量',
    evMode: 'GPU {index} 计算模式',
    evProcessesUnread: 'GPU {index} 上的进程',
    processesUnread: '无法列出',
    memUnknown: '显存用量未知',
    nameUnknown: '名称未知',
    reservedSuffix: '（另有 {reserved} 由驱动预留）',

    titleExclusive: 'GPU {index}（{name}）处于 {mode} 模式，且 {pids} 已占用它：新的 CUDA 程序无法在这块 GPU 上启动',
    causeExclusive:
      '独占计算模式下，一块 GPU 同时只允许一个 CUDA 上下文。{list} 已经打开了一个，因此在它退出之前，任何其他进程在 GPU {index} 上启动 CUDA 都会报错 "all CUDA-capable devices are busy or unavailable"（cudaErrorDevicesUnavailable）。',
    titleHeavy: '其他进程占用了 GPU {index}（{name}）的 {held} 显存：{total} 中只剩 {free}',
    causeHeavy:
      'gpuenv 检查时，{list} 占用了这块 GPU {total} 显存中的 {held}。按这块 GPU 规划的任务（批大小、模型切分）放不进剩下的 {free}，会报 "CUDA out of memory"；启动时预留大部分显存的框架（JAX 默认占 75%）也拿不到所需的显存。',
    titleLight: '{count} 个进程正在使用 GPU {index}（{name}）：占用 {total} 中的 {held}',
    causeLight:
      'gpuenv 检查时，{list} 占用了这块 GPU {total} 显存中的 {held}。剩余显存仍够运行任务，但算力要与这些进程分享：任务会变慢，需要整块显存的任务也放不下。',
    titleUnexplained: 'GPU {index}（{name}）有 {held} 显存被占用，却没有列出对应的进程',
    titleUnexplainedHeavy: 'GPU {index}（{name}）有 {held} 显存被占用（{total} 中只剩 {free}），却没有列出对应的进程',
    causeUnexplained:
      '除驱动自身的预留外，驱动还把这块 GPU 的 {held} 显存记为已用，却没有列出（足够的）进程。常见原因：其他容器或其他 PID 命名空间里的进程，容器内的 nvidia-smi 看不到它们；进程已退出但其 GPU 上下文尚未释放（僵尸进程，或卡在内核里的进程）；MIG 或 vGPU 下其他实例的进程不会列出。',
    titleMessage: '有其他进程占用着 GPU，或其计算模式不允许新的程序使用',
    causeMessage:
      'CUDA 报告可用的 GPU 全部忙碌或不可用（cudaErrorDevicesUnavailable）：处于 Exclusive_Process 模式的 GPU 已有其他进程的上下文，或 GPU 处于 Prohibited 模式。下面的命令会显示每块 GPU 上有哪些进程以及其计算模式。',
    causeUnread: '无法列出 GPU {index} 上的进程（{why}），而其 {total} 显存中已有 {held} 被占用：有别的程序占着这块 GPU。',

    fixList: '# 先查看这些进程是谁，再决定是否停止：',
    fixStop: '# 如果是你自己的进程，可以停止它们：',
    fixContainer: '# gpuenv 运行在容器中（{kind}）：驱动报告的是宿主机的 PID，这里的 ps 可能查不到；请在宿主机上运行这些命令',
    fixShareMode: '# 或者让多个进程重新共享这块 GPU（独占模式通常是管理员有意设置的，请先询问）：',
    fixSlurm:
      '# 在 Slurm 下，你的 GPU 上出现其他作业的进程，说明这块 GPU 是共享的（shard、MPS，或不受 cgroup 约束的作业）：请申请独占分配，例如 sbatch --exclusive，或申请整块 GPU（--gres=gpu:1）而不是 shard',
    fixK8s:
      '# 在 Kubernetes 下，你的 GPU 上出现其他 Pod 的进程，说明设备插件开启了共享（时间片或 MPS）：请申请独占的 GPU，即在不共享的节点池上于 resources.limits 中申请整块 nvidia.com/gpu',
    fixHolders: '# 列出所有打开 NVIDIA 设备文件的进程，包括驱动无法给出名称的进程：',
    fixReset: '# 仅当已没有任何进程、显存仍被占用时（残留的上下文）：重置这块 GPU（需要 root；仍有进程使用它时 nvidia-smi 会拒绝重置）：',
  },
});
