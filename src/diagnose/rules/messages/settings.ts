// Messages of the rules about settings in the environment: build architecture lists (arch-list-mismatch) and
// variables that switch off fast paths (slow-settings). Commands stay in the fix lines themselves.
import { section } from '../../../i18n/index.js';

export const settings = section({
  en: {
    evGpuCc: 'GPU {index} ({name}) compute capability',
    evBuildNvcc: 'nvcc a build would use',

    alTitleMissing: '{name}="{value}" has no kernels for compute capability {ccs} ({gpus})',
    alTitleToolkit: '{name}="{value}" names {archs}, which CUDA {cuda} cannot compile',
    alTitleUnreadable: '{name}="{value}" cannot be read by the build',
    alTitlePtx: '{name}="{value}" reaches compute capability {ccs} ({gpus}) only through PTX',
    alCauseMissing:
      'CUDA code built now with this list gets {what}. A cubin runs only on GPUs of its own major version with an equal or higher minor, and PTX only on GPUs at or above its version: nothing in the list runs on compute capability {cc} ({gpus}). Extensions built this way fail here with "no kernel image is available for execution on the device".',
    alCausePtx:
      'No cubin in the list fits compute capability {cc} ({gpus}), but the PTX for {ptxFor} does: the driver compiles it for this GPU when a program first loads it. It runs, but the first start is slower (seconds to minutes for large extensions; the driver caches the result) and the code is not built for this GPU.',
    alCauseToolkit:
      'The CUDA {cuda} compiler a build would use cannot compile for {archs} ({why}): the build stops with "nvcc fatal : Unsupported gpu architecture".',
    alWhyNew: '{arch} arrived with CUDA {since}',
    alWhyRemoved: 'CUDA {removed} dropped {arch}',
    alWhyUnknown: 'gpuenv knows no toolkit that compiles {arch}',
    alCauseUnreadableTorch:
      'torch.utils.cpp_extension stops with "Unknown CUDA arch ({first}) or GPU not supported" on {entries}: it takes capabilities such as 8.6, 8.6+PTX or 9.0a and names such as Ampere or Hopper, separated by ";" or by spaces (";;" and "; " leave an empty entry, which it rejects too).',
    alCauseUnreadableCmake: 'CMake takes numbers such as 80, 80-real, 90-virtual or 90a, or one of all, all-major and native: {entries} is none of these.',
    alCauseCmakeEnv:
      'CMake itself reads CUDAARCHS from the environment, not CMAKE_CUDA_ARCHITECTURES: this one counts where a build script passes it on (-DCMAKE_CUDA_ARCHITECTURES=$CMAKE_CUDA_ARCHITECTURES).',
    alCubins: 'machine code (cubins) for {archs}',
    alNoCubins: 'no machine code (cubins)',
    alPtxFor: 'PTX for {archs}',
    alNoPtx: 'no PTX',
    alAnd: ' and ',
    alFixExport: "# build for this machine's GPUs too, the highest also as PTX (newer GPUs can JIT it):",
    alFixExportPtx: "# to skip the JIT at start-up, build for this GPU's own capability too:",
    alFixExportDrop: '# and leave out what this toolkit cannot compile:',
    alFixNoToolkit: '# CUDA {cuda} cannot build for compute capability {cc}: that needs a toolkit >= {min}',
    alFixRebuild:
      '# then rebuild every extension that was built with the old list: pip install --no-build-isolation --force-reinstall --no-cache-dir <its package name>, or its setup.py / CMake build',
    alFixCmakeCache:
      '# CMake keeps the value of the first configure in CMakeCache.txt: configure a fresh build folder, or pass -DCMAKE_CUDA_ARCHITECTURES="{list}"',
    alFixWhere: '# find where it is set, to change it for good:',
    alFixArchList: "# the flags for this machine's GPUs alone (TORCH_CUDA_ARCH_LIST, CMake, nvcc):",

    ssTitleSlow: 'Settings that slow GPU work down: {list}',
    ssTitleInfo: 'Debugging and tuning settings in the environment: {list}',
    ssIntro: 'These environment variables switch off fast paths or force a choice the libraries would make better themselves:',
    ssP2pDisable:
      '{name}={value}: NCCL does not use NVLink or PCIe peer-to-peer between GPUs; their traffic goes through host memory instead, at a fraction of the bandwidth.',
    ssP2pLoc: '{name}={value}: the same as switching P2P off (LOC: never use P2P); traffic between GPUs goes through host memory.',
    ssP2pLevel:
      '{name}={value}: NCCL uses P2P only between GPUs {reach}; pairs joined by a longer PCIe path go through host memory. gpuenv does not record how the GPUs are connected: nvidia-smi topo -m shows it.',
    ssReachNvl: 'joined by NVLink',
    ssReachPix: 'behind the same PCIe switch',
    ssReachPxb: 'joined through PCIe switches without passing the CPU',
    ssOneGpu: ' With one GPU here it changes nothing until a job spans several GPUs of one machine.',
    ssShmDisable:
      '{name}={value}: where P2P is not possible (across CPU sockets, P2P off), NCCL cannot fall back to shared host memory and sends the traffic between GPUs of this machine over the network (InfiniBand or TCP sockets).',
    ssShmWithP2p: ' With P2P off as well, every transfer between GPUs of this machine takes the network.',
    ssIbDisable:
      '{name}={value}: NCCL does not use InfiniBand or RoCE and falls back to TCP sockets between machines, many times slower where such adapters exist. It matters only on a machine that has them, which gpuenv does not record: ls /sys/class/infiniband lists them.',
    ssNetSocket:
      '{name}={value}: NCCL uses TCP sockets between machines even where InfiniBand or RoCE adapters exist (it matters only on a machine that has them; ls /sys/class/infiniband lists them).',
    ssAlgo:
      "{name}={value}: NCCL's algorithm choice is forced. NVIDIA lists it among the debugging settings that should not stay set: kept, they may give lower speed, crashes or hangs.",
    ssProto:
      "{name}={value}: NCCL's protocol choice is forced (the same caveat); disabling one protocol (^LL128) is the usual workaround for a suspected NCCL bug, to be removed once it is fixed.",
    ssDebug: '{name}={value}: NCCL logs the set-up of every communicator (TRACE: every call); useful while debugging, large logs at scale.',
    ssBlockingWait:
      "{name}={value}: every wait on a collective blocks its CPU thread until the collective finishes; PyTorch's documentation notes the performance overhead. It is meant for turning timeouts into exceptions.",
    ssLaunchBlocking:
      '{name}={value}: every kernel launch waits until the kernel has finished, so the CPU no longer queues work ahead of the GPU. A debugging setting (it makes the stack trace of a CUDA error point at the right line) that costs a large share of speed when left on.',
    ssNoCaching:
      "{name}={value}: PyTorch's caching allocator is off, so every tensor allocation and free is a cudaMalloc or cudaFree, which synchronise with the GPU. It is meant for compute-sanitizer runs.",
    ssNoCachingOld: ' torch {version} (before 2.7) turns caching off whenever the variable is set, even to 0 (pytorch/pytorch#145661).',
    ssCacheDisable:
      '{name}={value}: the driver keeps no JIT-compiled PTX on disk, so every program start compiles again the kernels that reach this GPU only as PTX.',
    ssMaxConnections:
      '{name}={value}: one hardware work queue per GPU instead of 8, so kernels of different streams wait behind each other. Megatron-LM sets it on purpose (it keeps communication kernels ahead of computation for tensor- and sequence-parallel overlap); elsewhere it costs concurrency.',
    ssFixUnset: '# for this shell:',
    ssFixWhere: '# then remove the line that sets it; look for where it is set:',
    ssFixNcclConf:
      '# NCCL also reads /etc/nccl.conf, and ~/.nccl.conf (before NCCL 2.23) or $NCCL_CONF_FILE: a line there takes effect again once the variable is unset',
    ssFixContainer: '# in a container it may come from the image (ENV in its Dockerfile) or from docker run -e; in a batch job, from the job script',
    ssFixTopo: '# how the GPUs are connected (NV# = NVLink, PIX/PXB = PCIe switches, PHB/NODE/SYS = through the CPU):',
    ssFixIb: '# InfiniBand / RoCE adapters of this machine, if any:',
  },
  'zh-CN': {
    evGpuCc: 'GPU {index}（{name}）的算力',
    evBuildNvcc: '编译时会用到的 nvcc',

    alTitleMissing: '{name}="{value}" 没有为算力 {ccs}（{gpus}）生成内核',
    alTitleToolkit: '{name}="{value}" 包含 {archs}，CUDA {cuda} 无法为其编译',
    alTitleUnreadable: '构建工具无法解析 {name}="{value}"',
    alTitlePtx: '{name}="{value}" 只能通过 PTX 覆盖算力 {ccs}（{gpus}）',
    alCauseMissing:
      '按这个列表编译的 CUDA 代码只有{what}。cubin 只能在主版本相同、次版本相同或更高的 GPU 上运行，PTX 只能在不低于其版本的 GPU 上运行：列表中没有任何一项能在算力 {cc}（{gpus}）上运行。这样编译的扩展在本机会报错 "no kernel image is available for execution on the device"。',
    alCausePtx:
      '列表中没有适用于算力 {cc}（{gpus}）的 cubin，但 {ptxFor} 的 PTX 可以：程序第一次加载时由驱动为这块 GPU 即时编译。能运行，但首次启动更慢（大型扩展需要几秒到几分钟，驱动会缓存结果），而且代码并非针对这块 GPU 编译。',
    alCauseToolkit: '编译时会用到的 CUDA {cuda} 编译器无法为 {archs} 编译（{why}）：构建会以 "nvcc fatal : Unsupported gpu architecture" 中止。',
    alWhyNew: '{arch} 从 CUDA {since} 起才支持',
    alWhyRemoved: 'CUDA {removed} 已移除 {arch}',
    alWhyUnknown: 'gpuenv 不知道有哪个工具包能编译 {arch}',
    alCauseUnreadableTorch:
      'torch.utils.cpp_extension 遇到 {entries} 会报错 "Unknown CUDA arch ({first}) or GPU not supported"：它接受 8.6、8.6+PTX、9.0a 这样的算力以及 Ampere、Hopper 这样的架构名，用 ";" 或空格分隔（";;" 和 "; " 会留下空项，同样会被拒绝）。',
    alCauseUnreadableCmake: 'CMake 接受 80、80-real、90-virtual、90a 这样的数字，或 all、all-major、native 之一：{entries} 都不是。',
    alCauseCmakeEnv:
      'CMake 本身从环境变量中读取的是 CUDAARCHS，而不是 CMAKE_CUDA_ARCHITECTURES：只有构建脚本把它传下去时（-DCMAKE_CUDA_ARCHITECTURES=$CMAKE_CUDA_ARCHITECTURES）它才起作用。',
    alCubins: ' {archs} 的机器码（cubin）',
    alNoCubins: '没有机器码（cubin）',
    alPtxFor: ' {archs} 的 PTX',
    alNoPtx: '没有 PTX',
    alAnd: '，',
    alFixExport: '# 同时为本机的 GPU 编译，最高的一项也生成 PTX（更新的 GPU 可以即时编译）：',
    alFixExportPtx: '# 若想省去启动时的即时编译，把这块 GPU 自己的算力也加进去：',
    alFixExportDrop: '# 并去掉这个工具包无法编译的项：',
    alFixNoToolkit: '# CUDA {cuda} 无法为算力 {cc} 编译：需要 >= {min} 的工具包',
    alFixRebuild:
      '# 然后重新编译所有用旧列表编译过的扩展：pip install --no-build-isolation --force-reinstall --no-cache-dir <它的包名>，或重新运行它的 setup.py / CMake 构建',
    alFixCmakeCache: '# CMake 会把第一次配置时的值保存在 CMakeCache.txt 中：在新的构建目录中重新配置，或传入 -DCMAKE_CUDA_ARCHITECTURES="{list}"',
    alFixWhere: '# 找到设置它的位置，以便彻底修改：',
    alFixArchList: '# 只针对本机 GPU 的编译参数（TORCH_CUDA_ARCH_LIST、CMake、nvcc）：',

    ssTitleSlow: '拖慢 GPU 运行的设置：{list}',
    ssTitleInfo: '环境中的调试和调优设置：{list}',
    ssIntro: '这些环境变量关闭了快速路径，或强制指定了本应由库自行做出的选择：',
    ssP2pDisable: '{name}={value}：NCCL 不在 GPU 之间使用 NVLink 或 PCIe 点对点（P2P）传输，数据改经主机内存中转，带宽只剩一小部分。',
    ssP2pLoc: '{name}={value}：等同于关闭 P2P（LOC：从不使用 P2P），GPU 之间的数据经主机内存中转。',
    ssP2pLevel:
      '{name}={value}：NCCL 只在{reach}的 GPU 之间使用 P2P，PCIe 路径更长的 GPU 对改经主机内存中转。gpuenv 没有记录 GPU 之间的连接方式：nvidia-smi topo -m 可以查看。',
    ssReachNvl: '通过 NVLink 相连',
    ssReachPix: '位于同一个 PCIe 交换芯片下',
    ssReachPxb: '经 PCIe 交换芯片相连且不经过 CPU',
    ssOneGpu: '本机只有一块 GPU，在作业使用同一台机器上的多块 GPU 之前，它不会产生影响。',
    ssShmDisable:
      '{name}={value}：在无法使用 P2P 时（跨 CPU 插槽、P2P 已关闭），NCCL 不能退回到共享主机内存，本机 GPU 之间的数据会改走网络（InfiniBand 或 TCP 套接字）。',
    ssShmWithP2p: '由于 P2P 也已关闭，本机 GPU 之间的每次传输都要走网络。',
    ssIbDisable:
      '{name}={value}：NCCL 不使用 InfiniBand 或 RoCE，机器之间退回到 TCP 套接字，在有这类网卡的机器上会慢很多倍。只有在装有这类网卡的机器上才有影响，gpuenv 没有记录网卡：ls /sys/class/infiniband 可以列出。',
    ssNetSocket:
      '{name}={value}：即使有 InfiniBand 或 RoCE 网卡，NCCL 在机器之间也使用 TCP 套接字（只有在装有这类网卡的机器上才有影响；ls /sys/class/infiniband 可以列出）。',
    ssAlgo: '{name}={value}：强制指定了 NCCL 的算法。NVIDIA 把它列为不应长期保留的调试设置：一直保留可能导致速度下降、崩溃或挂起。',
    ssProto: '{name}={value}：强制指定了 NCCL 的协议（同样的注意事项）；禁用某个协议（^LL128）是怀疑 NCCL 有缺陷时的常用临时办法，问题修复后应去掉。',
    ssDebug: '{name}={value}：NCCL 会记录每个通信器的建立过程（TRACE：每一次调用）；调试时有用，规模大时日志很多。',
    ssBlockingWait: '{name}={value}：每次等待集合通信都会阻塞所在的 CPU 线程直到完成；PyTorch 文档指出这有性能开销。它的用途是把超时变成可捕获的异常。',
    ssLaunchBlocking:
      '{name}={value}：每次启动内核都要等内核执行完毕，CPU 不再提前为 GPU 排队任务。这是调试设置（让 CUDA 错误的调用栈指向正确的行），一直开着会损失很大一部分速度。',
    ssNoCaching:
      '{name}={value}：PyTorch 的缓存分配器被关闭，每次分配和释放张量都是一次 cudaMalloc 或 cudaFree，会与 GPU 同步。它是为 compute-sanitizer 检查准备的。',
    ssNoCachingOld: 'torch {version}（2.7 之前）只要设置了这个变量就会关闭缓存，即使值为 0（pytorch/pytorch#145661）。',
    ssCacheDisable: '{name}={value}：驱动不在磁盘上保存即时编译的 PTX 结果，每次启动程序都要重新编译只能以 PTX 形式运行在这块 GPU 上的内核。',
    ssMaxConnections:
      '{name}={value}：每块 GPU 只有一个硬件工作队列（默认 8 个），不同流的内核只能排队依次执行。Megatron-LM 有意这样设置（让通信内核排在计算之前，以便张量并行和序列并行重叠）；在其他场景下会损失并发。',
    ssFixUnset: '# 对当前 shell：',
    ssFixWhere: '# 然后删除设置它的那一行；查找设置它的位置：',
    ssFixNcclConf: '# NCCL 还会读取 /etc/nccl.conf，以及 ~/.nccl.conf（NCCL 2.23 之前）或 $NCCL_CONF_FILE：环境变量取消后，那里的设置会重新生效',
    ssFixContainer: '# 在容器中，它可能来自镜像（Dockerfile 中的 ENV）或 docker run -e；在批处理作业中，来自作业脚本',
    ssFixTopo: '# GPU 之间的连接方式（NV# = NVLink，PIX/PXB = PCIe 交换芯片，PHB/NODE/SYS = 经过 CPU）：',
    ssFixIb: '# 本机的 InfiniBand / RoCE 网卡（如果有）：',
  },
});
