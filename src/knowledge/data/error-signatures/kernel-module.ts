// The nvidia kernel module: Secure Boot, nouveau, DKMS/akmods builds, NVRM and Xid messages in the kernel log.
import { CHECKED_1202, DRIVER_ERRORS, RUNTIME_ERRORS, sig } from './types.js';

export const KERNEL_MODULE_SIGNATURES = [
  // ---- Secure Boot, nouveau, kernel log -----------------------------------------------------------------
  sig(
    'key-rejected',
    ['key was rejected by service', 'required key not available'],
    /Key was rejected by service|could not insert 'nvidia[\w-]{0,12}': Required key not available/i,
    [{ code: 'secure-boot', when: 'Secure Boot is on and the nvidia module is not signed with an enrolled key (MOK)' }],
    1,
    'https://github.com/GoogleCloudDataproc/initialization-actions/issues/933',
  ),
  sig(
    'lockdown',
    ['lockdown'],
    /Lockdown: [^\n]{0,60}unsigned module loading is restricted/i,
    [{ code: 'secure-boot', when: 'kernel lockdown (Secure Boot) refuses the unsigned module' }],
    1,
    'https://github.com/NVIDIA/gds-nvidia-fs/issues/81',
  ),
  sig(
    'module-verification-failed',
    ['module verification failed'],
    /nvidia\w*: module verification failed: signature and\/or required key missing/i,
    [{ code: 'secure-boot', when: 'only a warning (the module loaded, kernel tainted) unless Secure Boot is enforcing' }],
    0.2,
    'https://github.com/NVIDIA/gds-nvidia-fs/issues/81',
  ),
  sig(
    'nouveau',
    ['nouveau', 'probe routine'],
    /(\bnouveau\b[^\n]{0,80}(fifo|DRM|bus|init|loaded|detected|PGRAPH|mmu)|NVIDIA probe routine (failed|was not called)|nouveau[^\n]{0,40}in use|Kernel driver in use: nouveau)/i,
    [{ code: 'nouveau', when: 'nouveau is bound to the GPU (blacklist it, rebuild initramfs, reboot)' }],
    0.8,
    'https://github.com/Oneflow-Inc/oneflow/issues/3106',
    { confirmed: false, note: 'cited in reference/anchor-tools.md', noteZh: '在 reference/anchor-tools.md 中被引用' },
  ),
  // modprobe's wordings for "no such module for this kernel" (kmod: "Module X not found in directory /lib/modules/<release>",
  // "could not find module by name 'X'"): the module was never built or installed for the running kernel.
  sig(
    'modprobe-no-nvidia',
    ['module nvidia', "module by name 'nvidia", 'not found in directory /lib/modules'],
    /modprobe: (?:FATAL|ERROR): (?:could not find module by name '?nvidia[\w-]{0,12}'?|(?:Module )?nvidia[\w-]{0,12} not found(?: in directory \/lib\/modules\/(?<kernel>[\w.+~-]{3,60}))?)/i,
    [
      {
        code: 'driver-not-loaded',
        when: 'no module for the running kernel: DKMS did not build it after a kernel upgrade (kernel headers missing), or the driver package only ships modules for another kernel',
      },
    ],
    1,
    'https://github.com/Witko/nvidia-xrun/issues/144',
    {
      confirmed: false,
      note: 'modprobe (kmod) wording; that thread: nvidia package built for the stock kernel, not the running zen kernel',
      noteZh: '措辞取自 modprobe（kmod）；该帖：nvidia 包是为发行版默认内核构建的，而不是正在运行的 zen 内核',
    },
  ),
  sig(
    'dkms-error',
    ['dkms', 'bad return status for module build', 'kernel headers for kernel'],
    /(?:Error! (?:Could not locate dkms\.conf|Bad return status for module build(?: on kernel:? (?<kernel>[\w.+~-]{3,60}))?|Your kernel headers for kernel (?<kernel2>[\w.+~-]{3,60}) cannot be found)|\/var\/lib\/dkms\/nvidia\/(?<driver>\d{3}\.\d{1,3}(?:\.\d{1,3})?)|dkms[^\n]{0,60}\b(?:fail(?:ed|s)?|error)\b)/i,
    [
      {
        code: 'driver-not-loaded',
        when: 'DKMS did not build the nvidia module for the running kernel (headers missing, a stale /var/lib/dkms tree, or a driver too old for the kernel)',
      },
      { code: 'secure-boot', when: 'the module was built but Secure Boot refuses it unsigned' },
    ],
    0.9,
    'https://github.com/negativo17/nvidia-driver/issues/56',
    {
      confirmed: false,
      note: 'dkms wording; that thread: a stale /var/lib/dkms/nvidia tree stopped rebuilds after kernel upgrades',
      noteZh: '措辞取自 dkms；该帖：残留的 /var/lib/dkms/nvidia 目录导致内核升级后无法重新构建',
    },
  ),
  // Prose: "`modprobe nvidia` showed that the module does not exist", "No Kernel Module found in 460 driver".
  sig(
    'kernel-module-prose',
    ['modprobe nvidia', 'kernel module'],
    /(?:modprobe nvidia\b[^\n]{0,60}?\b(?:does not exist|doesn't exist|not found|no such|failed|fails)|\b(?:no|missing) (?:nvidia )?kernel module\b|kernel module (?:is )?(?:missing|not (?:found|built|loaded))|\bNo Kernel Module found)/i,
    [{ code: 'driver-not-loaded', when: 'the nvidia kernel module was not built or installed for the running kernel' }],
    0.7,
    'https://github.com/Frogging-Family/nvidia-all/issues/70',
    { confirmed: false, note: 'that thread: the 460 module does not build for kernel 5.14', noteZh: '该帖：460 的内核模块无法针对 5.14 内核构建' },
  ),
  // DKMS refusing to build the module with another gcc than the kernel's: "Compiler version check failed" (the
  // kernel's gcc and this one are printed on the following lines).
  sig(
    'dkms-cc-mismatch',
    ['compiler version check failed', 'failed cc version check'],
    /Compiler version check failed|Failed CC version check/i,
    [{ code: 'driver-not-loaded', when: 'no nvidia module could be built for this kernel: install the gcc the kernel was built with' }],
    1,
    'https://pastebin.com/XFppdxeG',
    { confirmed: false, note: 'NVIDIA installer / conftest wording', noteZh: '措辞取自 NVIDIA 安装程序 / conftest' },
  ),
  // The open kernel module (the default from R560) on a GPU without a GSP (Maxwell, Pascal, Volta): "… is not supported
  // by open nvidia.ko because it does not include the required GPU System Processor (GSP)".
  sig(
    'nvrm-open-no-gsp',
    ['supported by open', 'gpu system processor'],
    /not supported by open\s{0,3}(?:NVRM:\s{0,2})?nvidia\.ko|does not include the required GPU\s{0,3}(?:NVRM:\s{0,2})?System Processor/i,
    [
      {
        code: 'driver-not-loaded',
        when: 'the open nvidia.ko supports Turing and newer only: install the proprietary kernel module (not -open) of the same driver',
      },
    ],
    1,
    'https://github.com/NVIDIA/open-gpu-kernel-modules (README: the open kernel modules support Turing and later GPUs); R560 made them the default',
    { confirmed: false, note: 'NVRM wording from the kernel log', noteZh: '措辞取自内核日志中的 NVRM 消息' },
  ),
  // nvidia-prime's "prime-select intel" blacklists the module with "alias nvidia off": modprobe then says
  // "could not insert 'off'".
  sig(
    'modprobe-alias-off',
    ["could not insert 'off'", 'alias nvidia off'],
    /could not insert 'off'|\balias nvidia off\b/i,
    [{ code: 'driver-not-loaded', when: 'prime-select intel (nvidia-prime) aliased the nvidia module to "off": select nvidia or on-demand' }],
    1,
    'https://github.com/canonical/nvidia-prime/issues/20',
    {
      confirmed: false,
      note: 'nvidia-prime writes /lib/modprobe.d/blacklist-nvidia.conf with "alias nvidia off"',
      noteZh: 'nvidia-prime 会写入 /lib/modprobe.d/blacklist-nvidia.conf，内容为 "alias nvidia off"',
    },
  ),
  sig(
    'xid-fallen-off-bus',
    // Users and some driver builds write "fallen off of the bus".
    ['fallen off', 'xid'],
    /(GPU has fallen off (?:of )?the bus|Xid[^\n]{0,40}\b79\b)/i,
    [
      { code: 'xid-errors', when: 'Xid 79: the driver lost the GPU (NVIDIA: drain the node, reset or reseat; check power and cooling)' },
      { code: 'gpu-unresponsive', when: 'nvidia-smi then hangs or reports the GPU lost' },
      { code: 'pcie-degraded', when: 'power, riser/cable, PCIe slot or overheating: the GPU disconnected' },
    ],
    0.9,
    'https://docs.nvidia.com/deploy/xid-errors/index.html',
    { checked: CHECKED_1202 },
  ),
  sig(
    'xid-ecc',
    ['xid'],
    /Xid[^\n]{0,40}\b(?<xid>48|63|64|92|94|95)\b/,
    [{ code: 'ecc-errors', when: 'uncorrectable ECC / row remapping events' }],
    0.9,
    'https://docs.nvidia.com/deploy/xid-errors/index.html',
  ),
  // The same hardware fault as CUDA reports it to the program: "CUDA error: uncorrectable ECC error encountered".
  sig(
    'cuda-ecc-uncorrectable',
    ['uncorrectable ecc', 'ecc_uncorrectable', 'eccuncorrectable'],
    /uncorrectable ECC error encountered|CUDA_ERROR_ECC_UNCORRECTABLE|cudaErrorECCUncorrectable/i,
    [
      {
        code: 'ecc-errors',
        when: 'the GPU memory reported an uncorrectable error: a hardware fault (retired/remapped rows, a failing board), not the software stack',
      },
    ],
    1,
    `${RUNTIME_ERRORS} cudaErrorECCUncorrectable = 214; ${DRIVER_ERRORS} CUDA_ERROR_ECC_UNCORRECTABLE = 214`,
  ),
  // ---- kernel module missing after a driver install (Fedora/akmods, the .run installer, modprobe) ---------
  sig(
    'nvidia-kmod-missing',
    ['kernel module missing'],
    /NVIDIA kernel module (?:is )?missing/i,
    [
      { code: 'driver-not-loaded', when: 'akmods has not (yet) built the module for the running kernel: kernel-devel missing, or no reboot after the build' },
      {
        code: 'secure-boot',
        when: 'Secure Boot is on (the default on most laptops; Fedora keeps it on) and the akmods-built module is unsigned or its key not enrolled',
      },
      { code: 'nouveau', when: 'the desktop fell back to nouveau' },
    ],
    1,
    'https://github.com/gridhead/nvidia-auto-installer-for-fedora-linux/issues/64',
  ),
  sig(
    'modprobe-not-permitted',
    ["could not insert 'nvidia", 'kernel module load error'],
    /(?:could not insert 'nvidia[\w-]{0,12}'|Kernel module load error): (?<why>Operation not permitted|Key was rejected by service|Required key not avail\w{0,5}|No such device|Invalid argument|Exec format error)/i,
    [
      { code: 'secure-boot', when: '"Operation not permitted" / "Key was rejected": Secure Boot (kernel lockdown) refuses the unsigned module' },
      { code: 'nouveau', when: '"No such device": nouveau holds the GPU, or the GPU is not supported by this driver branch' },
      { code: 'driver-not-loaded', when: '"Invalid argument" / "Exec format error": the module was built for another kernel' },
    ],
    1,
    'https://github.com/tomaspinho/rtl8821ce/issues/89',
    {
      confirmed: false,
      note: 'modprobe\'s own message; that thread (another out-of-tree module) establishes Secure Boot as the cause of "Operation not permitted"; no nvidia thread checked',
      noteZh: '消息是 modprobe 自身的输出；该帖（涉及另一个树外模块）确认 "Operation not permitted" 的原因是 Secure Boot；未核查 nvidia 相关的帖子',
    },
  ),
  sig(
    'installer-kmod-load-failed',
    ['kernel module'],
    /Unable to load the (?:kernel module )?['"]?nvidia(?:-drm|-modeset|-uvm|-peermem)?(?:\.ko)?['"]?(?: kernel module)?/i,
    [
      { code: 'secure-boot', when: 'the .run installer built an unsigned module and Secure Boot refuses it' },
      { code: 'nouveau', when: "nouveau is bound to the GPU (the installer's other common cause)" },
      { code: 'driver-not-loaded', when: 'kernel headers or the build of the module failed' },
    ],
    1,
    'https://github.com/NVIDIA/gpu-driver-container/issues/44',
  ),
  sig(
    'akmods-failed',
    ['akmods'],
    /akmods?[^\n]{0,80}(?:fail|error|could not)/i,
    [
      { code: 'driver-not-loaded', when: 'akmods could not build the nvidia kmod (kernel-devel for the running kernel missing)' },
      { code: 'secure-boot', when: 'the kmod was built but Secure Boot refuses it unsigned' },
    ],
    0.9,
    'https://rpmfusion.org/Howto/NVIDIA (akmods, Secure Boot section)',
  ),
  // ---- NVRM refusing the GPU; the kernel refusing the module (Secure Boot, a build for another kernel) ----------
  // After the section above: "could not insert 'nvidia': Required key not available" matches modprobe-not-permitted
  // before required-key, and "Secure Boot is enabled" next to "NVIDIA kernel module missing" nvidia-kmod-missing first.
  // NVRM refusing a GPU this driver release does not support (too new for the branch, or a legacy GPU).
  sig(
    'nvrm-gpu-unsupported',
    ['not supported by the'],
    /not supported by the (?<driver>\d{3}\.\d{1,3}(?:\.\d{1,3})?)(?:\s|$)/i,
    [{ code: 'driver-not-loaded', when: 'this driver release does not support the GPU: a newer GPU needs a newer branch, an old one a legacy branch' }],
    1,
    'https://pastebin.com/sCaps7a7',
    {
      confirmed: false,
      note: 'NVRM kernel message; the driver README appendix A lists supported GPUs per release',
      noteZh: 'NVRM 内核消息；驱动 README 的附录 A 按版本列出了支持的 GPU',
    },
  ),
  // Another kernel driver owns the GPU: "NVRM: GPU 0000:01:00.0 is already bound to NovaCore." (nova_core) / nouveau.
  sig(
    'nvrm-already-bound',
    ['already bound to'],
    /NVRM: GPU [\w:.]{4,20} is already bound to (?<owner>[\w-]{2,20})/i,
    [{ code: 'nouveau', when: 'an open-source kernel driver (nouveau, or its successor nova_core) claimed the GPU first' }],
    1,
    'https://github.com/beclab/Olares/pull/3963',
    {
      confirmed: false,
      note: 'NVRM wording; that PR blacklists nova_core/nova_drm on Ubuntu 26.04 kernels',
      noteZh: '措辞取自 NVRM；该 PR 在 Ubuntu 26.04 内核上将 nova_core/nova_drm 加入黑名单',
    },
  ),
  sig(
    'secure-boot-enabled',
    ['secure boot', 'secureboot', 'unsigned module'],
    /(?:UEFI )?Secure ?Boot (?:is )?(?:enabled|on\b|active|enforced)|SecureBoot enabled|(?:due to|because of|blocked by) (?:UEFI )?Secure ?Boot|Loading of unsigned module is rejected/i,
    [{ code: 'secure-boot', when: 'Secure Boot is on: an unsigned nvidia module is refused' }],
    0.6,
    'https://github.com/NVIDIA/gpu-operator/issues/1142',
    { confirmed: false, note: 'installer / mokutil wording', noteZh: '措辞取自安装程序 / mokutil' },
  ),
  sig(
    'nvrm-bar',
    ['64-bit bar', 'prefetchable memory window', 'bar0 is 0m'],
    /64-bit BAR mapped above 4GB|does not define a matching prefetchable memory window|BAR\d is 0M @ 0x0/i,
    [{ code: 'driver-not-loaded', when: "the GPU's BARs could not be mapped: Above 4G Decoding off, or a bridge window too small (pci=realloc)" }],
    1,
    'https://pastebin.com/ykCwG6iu',
    { confirmed: false, note: 'NVRM wording; the driver README has a 64-bit BAR section', noteZh: '措辞取自 NVRM；驱动 README 中有专门讲 64-bit BAR 的一节' },
  ),
  // The module was built for another kernel: "nvidia: version magic '5.15.0-2-MANJARO …' should be '5.15.1-1-MANJARO …'".
  sig(
    'version-magic',
    ['version magic'],
    /nvidia[\w-]{0,12}: version magic '(?<built>[\w.+~-]{3,60})[^'\n]{0,80}' should be '(?<kernel>[\w.+~-]{3,60})/i,
    [{ code: 'driver-not-loaded', when: 'the nvidia module was built for another kernel than the running one (no DKMS rebuild after a kernel update)' }],
    1,
    'https://pastebin.com/JbbyXm0w',
    { confirmed: false, note: 'kernel module loader wording', noteZh: '措辞取自内核模块加载器' },
  ),
  sig(
    'required-key',
    ['required key not available'],
    /Required key not available/i,
    [
      { code: 'secure-boot', when: 'the kernel refuses an unsigned module under Secure Boot (lockdown)' },
      { code: 'driver-not-loaded', when: 'the module is not loaded' },
    ],
    0.9,
    'https://newbetuts.com/761886-ubuntu-1604-kernel-440-21-not-loading-nvidiavboxdrv-modules-anymore-required-key-not-available',
    { confirmed: false, note: 'kernel ENOKEY message text', noteZh: '内核 ENOKEY 的消息文本' },
  ),
];
