// Messages of container-limits: /dev/shm and the locked-memory limit (RLIMIT_MEMLOCK) a container starts with.
// Commands stay in the fix lines themselves; only the sentences around them are translated.
import { section } from '../../../i18n/index.js';

export const container = section({
  en: {
    evShm: '/dev/shm size (free)',
    evMemlock: 'locked-memory limit, ulimit -l (soft / hard)',
    evMemlockMessage: 'locked-memory limit the message names',
    evRdma: 'RDMA adapters',
    evContainer: 'container',

    shmTitle: '/dev/shm is only {size}: too small for DataLoader workers and NCCL',
    shmCauseContainer:
      "This container's /dev/shm is a {size} tmpfs ({free} free){dockerDefault}. PyTorch's DataLoader workers hand every batch to the main process through shared memory, and NCCL's shared-memory transport creates a segment in /dev/shm for each pair of GPUs it connects within the node: when it is full, workers die with \"Unexpected bus error … insufficient shared memory (shm)\" and NCCL with \"Error while creating shared memory segment\". NCCL's documentation asks for at least 1 GiB in containers (--shm-size=1g); PyTorch's for --ipc=host or --shm-size.",
    shmDockerDefault: ', the size Docker, Podman and Kubernetes give a container unless told otherwise',
    shmCauseHost:
      "This machine's /dev/shm is only {size} ({free} free), where Linux mounts half of the RAM by default. PyTorch's DataLoader workers hand every batch to the main process through it, and NCCL's shared-memory transport creates a segment there for each pair of GPUs it connects: they fail with a bus error or \"Error while creating shared memory segment\" once it is full.",
    shmTitleFull: '/dev/shm is almost full: {free} of {size} left',
    shmCauseFull:
      'Only {free} of the {size} in /dev/shm are free. DataLoader workers and NCCL fail as they do with a small /dev/shm. Files that crashed programs left there (nccl-*, torch_*, sem.*) stay until someone removes them or the container (machine) restarts.',
    msgShmTitle: 'DataLoader workers ran out of shared memory: /dev/shm is {size}',
    msgShmTitleUnknown: 'DataLoader workers ran out of shared memory (/dev/shm)',
    msgShmCause:
      'The message says a DataLoader worker died of a bus error for lack of shared memory: workers hand each batch to the main process through /dev/shm, and a container gets 64 MiB of it unless it was started with --shm-size or --ipc=host.',
    msgShmCauseSize: ' Here /dev/shm is {size} ({free} free).',
    msgShmCauseBig:
      'The message says the DataLoader workers ran out of shared memory, yet /dev/shm is {size} ({free} free now): more workers × larger batches than it holds, or leftovers of crashed runs filled it at the time.',

    mlTitle: 'Locked-memory limit (ulimit -l) is {soft}: RDMA memory registration fails beyond it',
    mlCause:
      "This process may lock only {soft} of memory (hard limit {hard}){where}. The RDMA adapters here ({devices}) can move only memory registered with them, and the kernel counts registered memory against this limit: NCCL's InfiniBand transport, UCX and MPI then fail with \"ibv_reg_mr … Cannot allocate memory\" or fall back to slower transports. NCCL's documentation asks for --ulimit memlock=-1 in containers. CUDA's pinned host memory is not counted against it.",
    mlWhereContainer: ', what the container was started with',
    mlWhereSlurm: ', as Slurm passed it on from the shell that submitted the job',
    msgMlTitle: 'RDMA memory registration failed: the locked-memory limit (ulimit -l) is too small',
    msgMlCause:
      'The message says registering memory with an RDMA adapter failed with "Cannot allocate memory": the kernel refuses to pin more than RLIMIT_MEMLOCK (ulimit -l) for a process without CAP_IPC_LOCK. NCCL\'s InfiniBand transport, UCX and MPI all register their buffers this way.',
    msgMlCauseLimit: ' The limit in force: {soft}.',

    shmFixDocker: "start the container again with a larger /dev/shm, or with --ipc=host to share the host's:",
    shmFixCompose: 'docker compose: shm_size: "16gb" (or ipc: host) under the service',
    shmFixPodman: "start the container again with a larger /dev/shm, or with --ipc=host to share the host's:",
    shmFixK8s:
      "Kubernetes has no shm size setting: mount a memory-backed emptyDir at /dev/shm in the pod spec (it counts against the container's memory limit):",
    shmFixOther: "restart the {kind} container with a larger /dev/shm (its runtime's shm size setting); where the container may remount it, from inside:",
    shmFixUnknownDocker: 'a container started by Docker or Podman: start it again with a larger /dev/shm, or with --ipc=host:',
    shmFixHost: 'grow it until the next reboot (size=50% is the kernel default, half of the RAM):',
    shmFixFstab: 'to keep it after a reboot, give the /dev/shm line of /etc/fstab the size:',
    shmFixCheck: 'then check, inside the new container:',
    shmFixWorkers: 'or, without a restart: fewer DataLoader workers (num_workers=0 passes no batch through /dev/shm)',
    shmFixLeftovers: 'see what fills it: files no running process holds are leftovers of crashed runs and can be removed with rm',

    mlFixDocker: "start the container with no locked-memory limit (NCCL's advice for containers):",
    mlFixDockerDaemon:
      'or for every container: add "default-ulimits": {"memlock": {"Name": "memlock", "Soft": -1, "Hard": -1}} to /etc/docker/daemon.json, then sudo systemctl restart docker',
    mlFixPodman: 'start the container with no locked-memory limit:',
    mlFixK8s: 'Kubernetes sets no ulimit per pod: give the container CAP_IPC_LOCK, with which the kernel pins memory past RLIMIT_MEMLOCK:',
    mlFixK8sRuntime:
      "or raise the container runtime's own limit, which its containers inherit: LimitMEMLOCK=infinity in its systemd unit (sudo systemctl edit containerd), then restart it",
    mlFixSoft: 'the hard limit allows it: raise the soft limit in the job script, before the program starts:',
    mlFixHost: 'raise it for new logins (pam_limits reads /etc/security/limits.d; log in again afterwards):',
    mlFixSystemd: 'services that systemd starts do not read limits.conf: give their unit LimitMEMLOCK=infinity (sudo systemctl edit <service>)',
    mlFixSlurm:
      "Slurm gives a job the limits of the shell that ran sbatch/srun (PropagateResourceLimits=ALL by default): ask for the node's own limits instead:",
    mlFixSlurmAdmin:
      'administrators (Slurm FAQ, "memlock"): PropagateResourceLimitsExcept=MEMLOCK in slurm.conf, and LimitMEMLOCK=infinity in the slurmd unit (sudo systemctl edit slurmd):',
    mlFixCheck: 'then check the limit where the job runs:',
  },
  'zh-CN': {
    evShm: '/dev/shm 大小（剩余）',
    evMemlock: '锁定内存上限 ulimit -l（软 / 硬）',
    evMemlockMessage: '报错信息中的锁定内存上限',
    evRdma: 'RDMA 网卡',
    evContainer: '容器',

    shmTitle: '/dev/shm 只有 {size}：DataLoader worker 和 NCCL 不够用',
    shmCauseContainer:
      '本容器的 /dev/shm 是 {size} 的 tmpfs（剩余 {free}）{dockerDefault}。PyTorch DataLoader 的 worker 通过共享内存把每个批次交给主进程，NCCL 的共享内存传输也会为节点内每一对相连的 GPU 在 /dev/shm 中创建一个段：空间用满后，worker 会以 "Unexpected bus error … insufficient shared memory (shm)" 退出，NCCL 报 "Error while creating shared memory segment"。NCCL 文档要求容器内至少 1 GiB（--shm-size=1g）；PyTorch 文档建议 --ipc=host 或 --shm-size。',
    shmDockerDefault: '，这是 Docker、Podman 和 Kubernetes 默认给容器的大小',
    shmCauseHost:
      '本机的 /dev/shm 只有 {size}（剩余 {free}），而 Linux 默认挂载内存的一半。PyTorch DataLoader 的 worker 通过它把每个批次交给主进程，NCCL 的共享内存传输也在其中为每一对相连的 GPU 创建一个段：用满后会出现 bus error 或 "Error while creating shared memory segment"。',
    shmTitleFull: '/dev/shm 快满了：{size} 中只剩 {free}',
    shmCauseFull:
      '/dev/shm 的 {size} 中只剩 {free}。DataLoader worker 和 NCCL 会像 /dev/shm 太小时一样失败。崩溃的程序留下的文件（nccl-*、torch_*、sem.*）会一直留着，直到有人删除或容器（机器）重启。',
    msgShmTitle: 'DataLoader worker 的共享内存用完了：/dev/shm 为 {size}',
    msgShmTitleUnknown: 'DataLoader worker 的共享内存（/dev/shm）用完了',
    msgShmCause:
      '报错说明 DataLoader worker 因共享内存不足以 bus error 退出：worker 通过 /dev/shm 把每个批次交给主进程，而容器若未用 --shm-size 或 --ipc=host 启动，只有 64 MiB。',
    msgShmCauseSize: '这里的 /dev/shm 为 {size}（剩余 {free}）。',
    msgShmCauseBig:
      '报错说明 DataLoader worker 的共享内存用完了，但 /dev/shm 有 {size}（当前剩余 {free}）：worker 数 × 批次大小超过了它的容量，或当时被崩溃任务留下的文件占满。',

    mlTitle: '锁定内存上限（ulimit -l）只有 {soft}：超出后 RDMA 内存注册失败',
    mlCause:
      '本进程最多只能锁定 {soft} 内存（硬上限 {hard}）{where}。这里的 RDMA 网卡（{devices}）只能传输向它注册过的内存，而内核把注册的内存计入这个上限：NCCL 的 InfiniBand 传输、UCX 和 MPI 会报 "ibv_reg_mr … Cannot allocate memory"，或退回到更慢的传输方式。NCCL 文档要求容器使用 --ulimit memlock=-1。CUDA 的锁页主机内存不计入此上限。',
    mlWhereContainer: '，这是容器启动时的设置',
    mlWhereSlurm: '，是 Slurm 从提交作业的 shell 传过来的',
    msgMlTitle: 'RDMA 内存注册失败：锁定内存上限（ulimit -l）太小',
    msgMlCause:
      '报错说明向 RDMA 网卡注册内存时失败（"Cannot allocate memory"）：对没有 CAP_IPC_LOCK 的进程，内核拒绝锁定超过 RLIMIT_MEMLOCK（ulimit -l）的内存。NCCL 的 InfiniBand 传输、UCX 和 MPI 都这样注册缓冲区。',
    msgMlCauseLimit: '当前生效的上限：{soft}。',

    shmFixDocker: '用更大的 /dev/shm 重新启动容器，或用 --ipc=host 共享宿主机的：',
    shmFixCompose: 'docker compose：在服务下写 shm_size: "16gb"（或 ipc: host）',
    shmFixPodman: '用更大的 /dev/shm 重新启动容器，或用 --ipc=host 共享宿主机的：',
    shmFixK8s: 'Kubernetes 没有 shm 大小的设置：在 pod spec 中把内存型 emptyDir 挂载到 /dev/shm（计入容器的内存上限）：',
    shmFixOther: '用更大的 /dev/shm 重启 {kind} 容器（其运行时的 shm 大小设置）；若容器内允许重新挂载，可在容器内执行：',
    shmFixUnknownDocker: '由 Docker 或 Podman 启动的容器：用更大的 /dev/shm 或 --ipc=host 重新启动：',
    shmFixHost: '在下次重启前扩大它（size=50% 即内核默认值，内存的一半）：',
    shmFixFstab: '要在重启后保留，在 /etc/fstab 的 /dev/shm 一行写上大小：',
    shmFixCheck: '然后在新容器内检查：',
    shmFixWorkers: '或者不重启：减少 DataLoader worker（num_workers=0 时批次不经过 /dev/shm）',
    shmFixLeftovers: '查看是什么占满了它：没有运行中进程占用的文件是崩溃任务留下的，可用 rm 删除',

    mlFixDocker: '以不限锁定内存的方式启动容器（NCCL 对容器的建议）：',
    mlFixDockerDaemon:
      '或对所有容器：在 /etc/docker/daemon.json 中加入 "default-ulimits": {"memlock": {"Name": "memlock", "Soft": -1, "Hard": -1}}，然后 sudo systemctl restart docker',
    mlFixPodman: '以不限锁定内存的方式启动容器：',
    mlFixK8s: 'Kubernetes 不能按 pod 设置 ulimit：给容器加上 CAP_IPC_LOCK，内核便允许它锁定超过 RLIMIT_MEMLOCK 的内存：',
    mlFixK8sRuntime: '或提高容器运行时自身的上限（容器会继承）：在其 systemd 单元中设置 LimitMEMLOCK=infinity（sudo systemctl edit containerd），然后重启它',
    mlFixSoft: '硬上限允许：在作业脚本中、程序启动前提高软上限：',
    mlFixHost: '为新登录提高上限（pam_limits 读取 /etc/security/limits.d；之后重新登录）：',
    mlFixSystemd: '由 systemd 启动的服务不读 limits.conf：在其单元中设置 LimitMEMLOCK=infinity（sudo systemctl edit <service>）',
    mlFixSlurm: 'Slurm 把运行 sbatch/srun 的 shell 的资源上限传给作业（默认 PropagateResourceLimits=ALL）：改用节点自身的上限：',
    mlFixSlurmAdmin:
      '管理员（Slurm FAQ "memlock" 一节）：在 slurm.conf 中设置 PropagateResourceLimitsExcept=MEMLOCK，并在 slurmd 单元中设置 LimitMEMLOCK=infinity（sudo systemctl edit slurmd）：',
    mlFixCheck: '然后在作业运行的地方检查上限：',
  },
});
