// CUDA on WSL 2: the WSL kernel it needs, and a known break between Windows drivers and container toolkits.
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';

/** Oldest WSL 2 kernel for CUDA, by source: the two guides disagree (they were written for different WSL eras). */
export const WSL_KERNEL_FLOORS: readonly (Sourced & { kernel: string; by: string })[] = [
  {
    kernel: '4.19.121',
    by: 'NVIDIA CUDA on WSL User Guide',
    source: 'https://docs.nvidia.com/cuda/archive/11.4.4/wsl-user-guide/index.html (2.1 "Ensure you are on the latest WSL Kernel or at least 4.19.121+")',
    checked: CHECKED,
    confirmed: true,
  },
  {
    kernel: '5.10.43.3',
    by: 'Microsoft "Enable NVIDIA CUDA on WSL" guide',
    source: "https://github.com/vllm-project/vllm/issues/6184 (the reporter quotes Microsoft's guide: kernel 5.10.43.3 or higher)",
    checked: CHECKED,
    confirmed: false,
    note: 'Microsoft\'s page itself is not in the stored sources; the figure is as quoted in the thread, where updating the WSL kernel fixed "Found no NVIDIA driver".',
    noteZh: '存档来源中没有 Microsoft 的原页面；该数值按帖子中的引用给出，帖子里更新 WSL 内核解决了 "Found no NVIDIA driver"。',
  },
];

/**
 * Windows drivers 555.xx and newer added libnvdxgdmal.so.1, which older container toolkits do not mount into WSL 2
 * containers: CUDA fails with error 500 ("named symbol not found").
 */
export const WSL_DRIVER_555: Sourced & { fromBranch: number; toolkitFixed: string; dockerDesktopFixed: string; library: string } = {
  fromBranch: 555,
  toolkitFixed: '1.14.4',
  dockerDesktopFixed: '4.31.0',
  library: 'libnvdxgdmal.so.1',
  source:
    'https://github.com/NVIDIA/nvidia-container-toolkit/issues/520 (cliffwoolley, NVIDIA, 2024-05-29: "fixed in nvidia-container-toolkit 1.14.4 and in 1.15.0"; "For Docker Desktop users the fix has been released as part of the Docker Desktop 4.31.0 update")',
  checked: CHECKED,
  confirmed: true,
};
