// WSL: the GPU comes from the Windows driver through /usr/lib/wsl (dxg, dxcore); WSL 1 has none.
import { sig } from './types.js';

export const WSL_SIGNATURES = [
  sig(
    'wsl-no-adapters',
    ['wsl environment detected'],
    /WSL environment detected but no adapters were found/i,
    [{ code: 'wsl', when: "the container runtime sees WSL but no GPU adapter: Windows driver missing/too old, or Docker Desktop's WSL integration off" }],
    1,
    'https://github.com/AbdBarho/stable-diffusion-webui-docker/issues/117',
  ),
  sig(
    'wsl-libcuda-symlink',
    ['is not a symbolic link'],
    /\/usr\/lib\/wsl\/lib\/(?<lib>lib\w{2,40}\.so(?:\.\d+)?) is not a symbolic link/i,
    [{ code: 'wsl', when: 'WSL ships real files in /usr/lib/wsl/lib; ldconfig warns, harmless alone, but a Linux libcuda installed in WSL breaks the GPU' }],
    0.6,
    'https://github.com/microsoft/WSL/issues/5548',
    { confirmed: false, note: 'long-standing WSL issue for this ldconfig message', noteZh: '关于这条 ldconfig 消息的一个长期未解决的 WSL issue' },
  ),
  sig(
    'wsl-dxg',
    ['/dev/dxg'],
    /\/dev\/dxg[^\n]{0,40}(No such file|not found|failed)/i,
    [{ code: 'wsl', when: 'WSL 1 or an old WSL kernel: GPU paravirtualisation (/dev/dxg) is missing' }],
    0.9,
    'https://github.com/microsoft/WSL/issues/9134',
  ),
  sig(
    'wsl-container-mount',
    ['/usr/lib/wsl/'],
    /(?:mount error|stat failed|no such file|not found)[^\n]{0,80}\/usr\/lib\/wsl\/|\/usr\/lib\/wsl\/[^\n]{0,120}(?:no such file|not found)/i,
    [
      {
        code: 'wsl',
        when: 'the WSL driver files under /usr/lib/wsl are missing or not where the container runtime or loader looks (Windows driver too old, Docker Desktop vs Docker-in-WSL)',
      },
    ],
    1,
    'https://github.com/NVIDIA/nvidia-docker/issues/1225',
  ),
  sig(
    'wsl-dxcore',
    ['dxcore'],
    /dxcore[\w.]{0,4}:\d+\]\s*(?:Failed to query the core Nvidia libraries|No Nvidia Libraries found|Core Nvidia library \S{1,40} not found)/i,
    [
      {
        code: 'wsl',
        when: "WSL's dxcore layer finds no NVIDIA libraries for the adapter under /usr/lib/wsl/drivers: the Windows driver is missing, too old, or not a WSL-capable one",
      },
    ],
    0.9,
    'https://github.com/NVIDIA/k8s-device-plugin/issues/207',
  ),
  // In WSL 2 containers: "Failed to initialize NVML: GPU access blocked by the operating system".
  sig(
    'nvml-blocked-by-os',
    ['gpu access blocked by the operating system'],
    /GPU access blocked by the operating system/i,
    [
      {
        code: 'wsl',
        when: "WSL 2 + Docker Engine: the NVIDIA container runtime's cgroup setup (no-cgroups in /etc/nvidia-container-runtime/config.toml, cgroup v1/v2) blocks the device",
      },
      { code: 'no-gpu', when: 'the container gets no usable GPU' },
    ],
    1,
    'https://github.com/microsoft/WSL/issues/9962; https://github.com/microsoft/WSL/issues/9938 (no-cgroups true → false fixed it for several users)',
    {
      confirmed: false,
      note: 'NVML error string; the fix is from user reports, not an NVIDIA statement',
      noteZh: 'NVML 错误字符串；修复方法来自用户报告，而非 NVIDIA 官方说明',
    },
  ),
  sig(
    'wsl1',
    ['wsl 1', 'wsl1', 'wsl version 1'],
    /\bWSL\s?1\b(?!\.\d)(?!\s{0,2}(?:or|\/|and|vs\.?)\s{0,2}WSL\s?2)|\bWSL version 1\b/i,
    [{ code: 'wsl', when: 'WSL 1 has no GPU passthrough; CUDA needs WSL 2' }],
    0.9,
    'https://github.com/oobabooga/textgen/issues/458',
    { confirmed: false, note: 'NVIDIA CUDA on WSL user guide: WSL 2 only', noteZh: 'NVIDIA CUDA on WSL 用户指南：仅支持 WSL 2' },
  ),
];
