// Messages of the node rules' readings of a text (explain): CUDA's own error codes and the driver's lines that name
// a node cause (802 fabric manager, 216 exclusive compute mode, a container hook timing out, a GPU off the bus),
// nouveau in an lsmod listing, and TensorFlow next to a system cuDNN of another major.
import { section } from '../../../i18n/index.js';

export const readings = section({
  en: {
    evNvswitchGpu: 'GPU of an NVSwitch (HGX/DGX) board',
    evLsmod: 'kernel modules listed (lsmod)',
    evCudnnSystem: 'cuDNN the paste shows',
    evTorchWarning: 'warning torch printed',
    fmTextTitle: 'CUDA says the system is not ready (error 802): NVIDIA Fabric Manager',
    fmTextCause:
      'CUDA error 802 ("system not yet initialized") is what CUDA returns on an NVSwitch system (HGX/DGX boards with SXM GPUs{gpus}) until NVIDIA Fabric Manager has set up the NVLink fabric: the nvidia-fabricmanager service is not running, failed to start, or is of another version than the driver{driver}.',
    fmTextFixStatus: '# is the fabric manager running, and why not:',
    fmTextFixVersion: '# its version must equal the driver version:',
    cmTextTitle: 'The GPU is in an exclusive compute mode: another process or thread already holds it (CUDA error 216)',
    cmTextCause:
      'CUDA error 216 (CUDA_ERROR_CONTEXT_ALREADY_IN_USE / cudaErrorDeviceAlreadyInUse) means the GPU accepts one context at a time: its compute mode is Exclusive_Process (or the old Exclusive_Thread), set by an administrator or a scheduler, and another process — a second worker, a DataLoader worker that touched CUDA, a leftover job — holds it.',
    cmTextFixShow: '# the compute mode of each GPU ("Compute M." in nvidia-smi) and who holds it:',
    cmTextFixDefault: '# where you own the machine: set the shared (default) compute mode again',
    cmTextFixShared: '# on a shared cluster the mode is set on purpose: one process per GPU, or ask for the GPU in shared mode',
    pmTextTitle: 'nvidia-container-cli timed out waiting for the driver: persistence mode is off',
    pmTextCause:
      'The NVIDIA container hook waits for the driver to initialise the GPUs. Without persistence mode (the nvidia-persistenced daemon) the driver tears every GPU down when no program uses it and sets it up again at each container start, which on large or virtualised nodes takes longer than the hook waits. NVIDIA recommends running nvidia-persistenced.',
    pmTextFixCheck: '# check: "Persistence-M" in nvidia-smi (Off = the cause), then start the daemon',
    pmTextFixAgain: '# then start the container again:',
    xidTextTitle: 'The GPU has fallen off the bus (Xid 79){gpu}',
    xidTextCause:
      'The NVIDIA driver lost the GPU{bus}: Xid 79, "GPU has fallen off the bus". {meaning} No software change brings it back: the GPU answers again only after a reset or a reboot, and if it falls off again the cause is the hardware — power supply or cables, the riser or slot, or overheating.',
    nvLsmodCause:
      'The lsmod listing shows the open-source nouveau module loaded{nvidia}. nouveau takes the GPU at boot, so the NVIDIA driver cannot load or find it: blacklist nouveau, rebuild the initramfs and reboot.',
    nvLsmodNoNvidia: ' and no nvidia module',
    fcmTfCudnnTitle: 'tensorflow {version} is built for cuDNN {want}, but the cuDNN here is {have}',
    fcmTfCudnnCause:
      'TensorFlow {version} was built and tested with CUDA {cuda} and cuDNN {want} (tensorflow.org tested build configurations). It loads cuDNN by its major version (libcudnn.so.{major}); the cuDNN this paste shows is {have}, another major, so TensorFlow does not find the one it needs and runs on the CPU (or fails at the first convolution).',
  },
  'zh-CN': {
    evNvswitchGpu: 'NVSwitch（HGX/DGX）板卡上的 GPU',
    evLsmod: '已加载的内核模块（lsmod）',
    evCudnnSystem: '粘贴内容里的 cuDNN',
    evTorchWarning: 'torch 打印的警告',
    fmTextTitle: 'CUDA 报告系统尚未就绪（错误 802）：NVIDIA Fabric Manager',
    fmTextCause:
      'CUDA 错误 802（"system not yet initialized"）出现在 NVSwitch 系统上（带 SXM GPU 的 HGX/DGX 板卡{gpus}）：在 NVIDIA Fabric Manager 完成 NVLink fabric 初始化之前 CUDA 都会返回它。nvidia-fabricmanager 服务没有运行、启动失败，或者版本与驱动不一致{driver}。',
    fmTextFixStatus: '# 查看 fabric manager 是否在运行，以及没起来的原因：',
    fmTextFixVersion: '# 它的版本必须与驱动版本完全相同：',
    cmTextTitle: 'GPU 处于独占计算模式：已有别的进程或线程占着它（CUDA 错误 216）',
    cmTextCause:
      'CUDA 错误 216（CUDA_ERROR_CONTEXT_ALREADY_IN_USE / cudaErrorDeviceAlreadyInUse）表示这块 GPU 同一时间只接受一个上下文：它的计算模式被管理员或调度器设成了 Exclusive_Process（或旧的 Exclusive_Thread），而另一个进程——第二个 worker、碰了 CUDA 的 DataLoader worker、没退出的旧作业——正占着它。',
    cmTextFixShow: '# 查看每块 GPU 的计算模式（nvidia-smi 里的 "Compute M."）以及谁在占用：',
    cmTextFixDefault: '# 机器归你管的话：把计算模式设回共享（默认）模式',
    cmTextFixShared: '# 共享集群上这是有意设置的：每块 GPU 只跑一个进程，或者申请共享模式的 GPU',
    pmTextTitle: 'nvidia-container-cli 等驱动超时：持久模式未开启',
    pmTextCause:
      'NVIDIA 容器 hook 要等驱动把 GPU 初始化好。没有开持久模式（nvidia-persistenced 守护进程）时，没有程序用 GPU 驱动就会把它释放，每次启动容器都要重新初始化；在卡多或虚拟化的节点上这比 hook 等待的时间还长。NVIDIA 建议运行 nvidia-persistenced。',
    pmTextFixCheck: '# 检查 nvidia-smi 里的 "Persistence-M"（Off 就是原因），然后启动守护进程',
    pmTextFixAgain: '# 然后重新启动容器：',
    xidTextTitle: 'GPU 掉卡了（Xid 79，fallen off the bus）{gpu}',
    xidTextCause:
      'NVIDIA 驱动与 GPU 失去了联系{bus}：Xid 79，"GPU has fallen off the bus"。{meaning}改软件救不回来：只有复位或重启后 GPU 才会重新响应；如果反复掉卡，原因在硬件——电源或供电线、转接卡或插槽、过热。',
    nvLsmodCause:
      'lsmod 的输出显示开源的 nouveau 内核模块已加载{nvidia}。nouveau 在开机时就占住了 GPU，NVIDIA 驱动无法加载或找不到显卡：需要屏蔽 nouveau、重建 initramfs 并重启。',
    nvLsmodNoNvidia: '，而没有 nvidia 模块',
    fcmTfCudnnTitle: 'tensorflow {version} 是按 cuDNN {want} 编译的，但这里的 cuDNN 是 {have}',
    fcmTfCudnnCause:
      'TensorFlow {version} 是用 CUDA {cuda} 和 cuDNN {want} 编译和测试的（tensorflow.org 的已测试构建配置）。它按主版本号加载 cuDNN（libcudnn.so.{major}）；粘贴内容显示的 cuDNN 是 {have}，主版本不同，TensorFlow 找不到它需要的那个，于是只用 CPU（或者在第一次卷积时报错）。',
  },
});
