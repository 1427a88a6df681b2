// Messages of the run-time rules (out of memory, NCCL, WSL, PCIe and ECC as a text reports them).
// Commands stay in the fix lines themselves; only the sentences around them are translated.
import { section } from '../../../i18n/index.js';

export const runtime = section({
  en: {
    // out-of-memory
    evMemoryInUse: 'GPU {gpu} memory in use',
    oomFixOtherVllm: 'or stop the other process (another vLLM, a notebook kernel), or pick a free GPU with CUDA_VISIBLE_DEVICES',
    oomFixShmK8s: 'Kubernetes: hostIPC: true, or an emptyDir with medium: Memory mounted at /dev/shm',
    oomFixFewerWorkers: 'or fewer DataLoader workers: DataLoader(..., num_workers=0)',
    oomFixFreeGpu: 'choose a free GPU: CUDA_VISIBLE_DEVICES=<index> <your command>',
    oomFixStopOther: 'stop the other process, or choose a free GPU with CUDA_VISIBLE_DEVICES',
    oomFixSmaller: 'batch size ↓, torch.autocast("cuda", dtype=torch.bfloat16), torch.utils.checkpoint',
    // nccl-failure
    ncCauseNoVersion: 'NCCL: {what}',
    ncFixShmK8s: 'Kubernetes: mount an emptyDir with medium: Memory at /dev/shm',
    ncFixIommuBoot:
      'boot with iommu=pt (or amd_iommu=off / iommu=soft): add it to GRUB_CMDLINE_LINUX in /etc/default/grub, then sudo update-grub && sudo reboot',
    ncFixIommuBios: 'or turn IOMMU / SVM off in the BIOS',
    ncFixIommuAcs:
      'IOMMU (VT-d / AMD-Vi) on forces P2P through the root complex too: boot with intel_iommu=off or amd_iommu=off (or iommu=pt), or turn off VT-d/IOMMU in the BIOS',
    ncFixRetest: 'then re-test: all_reduce_perf -b 8 -e 256M -f 2 -g <ngpus>   (nccl-tests)',
    ncFixDriverP2p: 'or update the driver: P2P hangs were fixed in later releases (e.g. 570 vs 560)',
    ncFixFirewall: 'firewall: the ranks connect to each other on random ports — allow them between the nodes',
    // wsl (a text that shows WSL 2)
    wslTitlePaste: 'WSL 2: the GPU libraries come from the Windows driver in /usr/lib/wsl/lib',
    wslCausePaste:
      'The paste shows WSL 2. There the NVIDIA driver is the Windows one: libcuda.so, libcuda.so.1, libnvidia-ml.so.1 and nvidia-smi are files in /usr/lib/wsl/lib (listed in /etc/ld.so.conf.d/ld.wsl.conf), and there is no nvidia kernel module. Link and load from that folder; do not install a Linux NVIDIA driver inside WSL.',
    wslTitleShadow: 'WSL 2: LD_LIBRARY_PATH puts {dirs} before /usr/lib/wsl/lib',
    wslCauseShadow:
      "LD_LIBRARY_PATH ({ld}) is searched before the ld.so.conf folders, so a libcuda or libnvidia-ml in {dirs} (from a Linux driver or nvidia-utils package) loads instead of the Windows driver's copy in /usr/lib/wsl/lib; nvidia-smi and CUDA then fail.",
    wslFixLink: 'to link against the driver API (-lcuda), use the WSL copy: -L/usr/lib/wsl/lib',
    wslFixShadow: 'drop the distribution folder from LD_LIBRARY_PATH, or put /usr/lib/wsl/lib first',
    wslFixDesktop: 'Docker Desktop: update to >= {desktop} (Settings → Software updates)',
    wslFixDowngrade: 'or go back to a 552.xx Windows driver until the toolkit is updated',
    wslFixUpdate: 'PowerShell: wsl --update; wsl --shutdown',
    wslFixUpdateKernel: 'PowerShell: wsl --update; wsl --shutdown   # then in WSL: uname -r',
    // ecc-errors, pcie-degraded (a message and the counters of the same GPU)
    eccFixService: 'it repeats, or the job runs fine on another GPU: the board needs service (RMA)',
    evP2pSwitchHang: 'P2P over a PCIe switch (PIX/PXB) + hang',
  },
  'zh-CN': {
    evMemoryInUse: 'GPU {gpu} 已用显存',
    oomFixOtherVllm: '或者停掉另一个进程（另一个 vLLM、notebook 内核），或用 CUDA_VISIBLE_DEVICES 选一块空闲的 GPU',
    oomFixShmK8s: 'Kubernetes：hostIPC: true，或把 medium: Memory 的 emptyDir 挂载到 /dev/shm',
    oomFixFewerWorkers: '或减少 DataLoader worker：DataLoader(..., num_workers=0)',
    oomFixFreeGpu: '选一块空闲的 GPU：CUDA_VISIBLE_DEVICES=<序号> <你的命令>',
    oomFixStopOther: '停掉另一个进程，或用 CUDA_VISIBLE_DEVICES 选一块空闲的 GPU',
    oomFixSmaller: '减小 batch size，torch.autocast("cuda", dtype=torch.bfloat16)，torch.utils.checkpoint',
    ncCauseNoVersion: 'NCCL：{what}',
    ncFixShmK8s: 'Kubernetes：把 medium: Memory 的 emptyDir 挂载到 /dev/shm',
    ncFixIommuBoot: '以 iommu=pt（或 amd_iommu=off / iommu=soft）启动：加到 /etc/default/grub 的 GRUB_CMDLINE_LINUX 中，然后 sudo update-grub && sudo reboot',
    ncFixIommuBios: '或在 BIOS 中关闭 IOMMU / SVM',
    ncFixIommuAcs: '开启 IOMMU（VT-d / AMD-Vi）同样会让 P2P 绕经根复合体：以 intel_iommu=off 或 amd_iommu=off（或 iommu=pt）启动，或在 BIOS 中关闭 VT-d/IOMMU',
    ncFixRetest: '然后重新测试：all_reduce_perf -b 8 -e 256M -f 2 -g <GPU 数>   （nccl-tests）',
    ncFixDriverP2p: '或更新驱动：P2P 卡住的问题在较新的版本中已修复（例如 570 相对 560）',
    ncFixFirewall: '防火墙：各 rank 之间用随机端口互连，需在节点之间放行',
    wslTitlePaste: 'WSL 2：GPU 库来自 /usr/lib/wsl/lib 中的 Windows 驱动',
    wslCausePaste:
      '粘贴内容显示这是 WSL 2。其中 NVIDIA 驱动是 Windows 的：libcuda.so、libcuda.so.1、libnvidia-ml.so.1 和 nvidia-smi 位于 /usr/lib/wsl/lib（由 /etc/ld.so.conf.d/ld.wsl.conf 列出），没有 nvidia 内核模块。请从该目录链接和加载；不要在 WSL 内安装 Linux NVIDIA 驱动。',
    wslTitleShadow: 'WSL 2：LD_LIBRARY_PATH 把 {dirs} 放在 /usr/lib/wsl/lib 之前',
    wslCauseShadow:
      'LD_LIBRARY_PATH（{ld}）先于 ld.so.conf 中的目录被搜索，所以 {dirs} 中的 libcuda 或 libnvidia-ml（来自 Linux 驱动或 nvidia-utils 包）会代替 /usr/lib/wsl/lib 中 Windows 驱动的副本被加载；nvidia-smi 和 CUDA 随之失败。',
    wslFixLink: '链接驱动 API（-lcuda）时使用 WSL 的副本：-L/usr/lib/wsl/lib',
    wslFixShadow: '从 LD_LIBRARY_PATH 去掉发行版的库目录，或把 /usr/lib/wsl/lib 放在最前',
    wslFixDesktop: 'Docker Desktop：更新到 >= {desktop}（设置 → Software updates）',
    wslFixDowngrade: '或在 Container Toolkit 更新之前退回 552.xx 的 Windows 驱动',
    wslFixUpdate: 'PowerShell：wsl --update; wsl --shutdown',
    wslFixUpdateKernel: 'PowerShell：wsl --update; wsl --shutdown   # 然后在 WSL 中运行：uname -r',
    eccFixService: '如果反复出现，或同一任务在另一块 GPU 上正常：这块卡需要返修（RMA）',
    evP2pSwitchHang: '经 PCIe 交换芯片的 P2P（PIX/PXB）+ 卡住',
  },
});
