// Sentences around the install commands (the commands themselves are not translated).
import { section } from '../../i18n/index.js';

export const install = section({
  en: {
    dnlFixBranch: '# {gpu} ({arch}) needs driver branch {branch} or newer{open}',
    dnlFixDebianRepo: "# add NVIDIA's CUDA repository first (cuda-keyring package, see NVIDIA Driver Installation Guide), then:",
    dnlFixOtherOs: "# install the NVIDIA driver {branch} for {os} from your distribution or from NVIDIA's repository (NVIDIA Driver Installation Guide)",
    dnlFixRhelRepo: "# add NVIDIA's CUDA repository (NVIDIA Driver Installation Guide, Red Hat / Amazon Linux), then:",
    dnlFixUbuntuAuto: '# or let Ubuntu pick the recommended package: sudo ubuntu-drivers install',
    dnlOpenRecommended: '; the open kernel modules are recommended for Turing and newer',
    dnlOpenRequired: ' with the open kernel modules (required for Blackwell)',
    dnlProprietary: ' with the proprietary kernel modules (the open ones do not support {arch})',
    nvFixFile: "# blacklist nouveau (the same file and lines NVIDIA's installation guide uses):",
    nvFixInitramfs: '# rebuild the initramfs so the blacklist applies at boot:',
    sbFixDisable: '# or: turn Secure Boot off in the firmware (BIOS/UEFI) setup',
    sbFixKey: '# {tool} signs the modules it builds with {key}; enrol that key (it exists once the driver package has been installed):',
    sbFixPassword: '# choose a one-time password; at the next boot the blue MOK Manager screen appears: Enroll MOK → Continue → Yes → enter the password',
    sbFixState: '# check the state:',
    sbFixVerify: '# after the reboot, check that the key is enrolled and the module loads:',
    driverOther: 'Install NVIDIA driver {floor} or newer for this OS (https://www.nvidia.com/Download/index.aspx or the distribution’s packages).',
    driverReboot: 'Reboot so the new kernel module loads.',
    driverWsl: 'Update the NVIDIA driver on the Windows host (WSL uses it); never install a Linux NVIDIA driver inside WSL.',
    torchNeedsDriver: 'No PyTorch wheel with kernels for {sms} runs on driver {driver}. Upgrade the driver to ≥ {floor}:',
    torchNone:
      'No PyTorch wheel known to gpuenv has kernels for {sms} with Python {python}: build PyTorch from source with TORCH_CUDA_ARCH_LIST="{ccs}", or use an older Python.',
    torchPick: 'Install PyTorch {version} built for {tag} ({cuda}): it has kernels for {sms} and needs driver ≥ {floor} (this driver: {driver}).',
    torchPickNoDriver: 'Install PyTorch {version} built for {tag} ({cuda}): it has kernels for {sms}.',
    torchThen: 'then install PyTorch {version} built for {tag}:',
    dnlFixSuseRepo: "# add NVIDIA's CUDA repository (NVIDIA Driver Installation Guide, SUSE), then install the SUSE-signed kernel module packages:",
    drvWslNever:
      'in WSL 2 the GPU driver is the Windows one (it provides /usr/lib/wsl/lib): install or update the NVIDIA driver on Windows, never a Linux NVIDIA driver inside WSL',
    drvWindows:
      'install NVIDIA driver {floor} or newer on Windows with NVIDIA’s installer (https://www.nvidia.com/Download/index.aspx or the NVIDIA App), then restart Windows',
    drvContainerHost:
      'a container uses the driver of its host: install or upgrade NVIDIA driver {floor} or newer on the host (with the host’s own packages), not in the image, then restart the container',
    drvDnfWhich:
      'Fedora: RPM Fusion’s akmod-nvidia (rpmfusion.org/Howto/NVIDIA); RHEL / Rocky / Alma: NVIDIA’s repository, then sudo dnf module enable nvidia-driver:{branch}-{flavour} (RHEL 8/9) and sudo dnf install nvidia-open (see NVIDIA Driver Installation Guide)',
    drvUnknownOs:
      'the OS is not known; these are the Ubuntu commands. Debian: NVIDIA’s repository + "sudo apt install nvidia-open" · Fedora: RPM Fusion’s akmod-nvidia · RHEL/Rocky/Alma: "sudo dnf module enable nvidia-driver:{branch}-open && sudo dnf install nvidia-open" · SUSE: nvidia-open-driver-G06-signed-cuda-kmp-default · Arch: "sudo pacman -S nvidia-open nvidia-utils" · WSL/Windows: the Windows driver',
    drvRpmFusion: 'Fedora: the driver comes from RPM Fusion (rpmfusion.org/Howto/NVIDIA); enable its free and nonfree repositories:',
    drvRpmFusionLegacy:
      'this GPU needs the {branch} legacy branch (akmod-nvidia follows the newest branch, which supports Turing and newer): install RPM Fusion’s legacy package for that branch (rpmfusion.org/Howto/NVIDIA, "Legacy GeForce")',
    drvAkmodsWait: 'akmods builds the module after the install; wait until this prints a version before rebooting:',
    drvEpel: 'DKMS comes from EPEL (and on RHEL the CodeReady Builder repository):',
    drvRhelModules: 'RHEL 8/9: sudo dnf module enable -y nvidia-driver:{branch}-{flavour} first; RHEL 10 has no module streams',
    drvTumbleweed: 'openSUSE Tumbleweed: openSUSE’s NVIDIA repository, then the packages that fit the GPU (openSUSE wiki "SDB:NVIDIA drivers"):',
    drvProprietaryModule: 'the proprietary module',
    drvArchAur: '{arch}: Arch’s nvidia-open (590 and newer) does not support it; install {pkg} from the AUR (ArchWiki "NVIDIA")',
    drvArchOtherKernel: 'nvidia-open is built for the linux kernel package; for another kernel install its headers and nvidia-open-dkms instead',
    drvArchBranches:
      'Arch ships the newest branch only (nvidia-open); older branches are AUR packages such as nvidia-580xx-dkms and nvidia-470xx-dkms (ArchWiki "NVIDIA")',
    drvUnknownBranches:
      'list the driver branches your distribution offers: Ubuntu: ubuntu-drivers devices · Debian: apt-cache search cuda-drivers · Fedora: dnf list akmod-nvidia* · RHEL: dnf module list nvidia-driver · SUSE: zypper search kmp · Arch: pacman -Ss nvidia',
    drvUbuntuProprietary: 'the proprietary module, not nvidia-driver-{branch}-open',
    drvUnknownProprietary:
      'the OS is not known; the Ubuntu command follows. Fedora (RPM Fusion): echo "%_with_kmod_nvidia_open 0" | sudo tee /etc/rpm/macros.nvidia-kmod; sudo akmods --rebuild --force · RHEL: sudo dnf module switch-to nvidia-driver:{branch}-dkms · .run installer: --kernel-module-type=proprietary',
    drvFabricUnknown:
      'install NVIDIA Fabric Manager {version} (the driver’s version): nvidia-fabricmanager-<branch> on Debian/Ubuntu, nvidia-fabric-manager on RHEL (the SUSE name is not confirmed)',
    drvFabricSuse:
      'SUSE: the Fabric Manager package name in NVIDIA’s CUDA repository is not confirmed here; find it with `zypper search -s "nvidia-fabric*"` and install the one of version {version} (NVIDIA Fabric Manager User Guide: https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/)',
    drvSuseNoProprietary:
      'SUSE: no proprietary kernel module package of the {branch} branch (G07) is documented; G07 is the open module only (https://sndirsch.github.io/nvidia/2026/02/22/nvidia-drivers-G07.html). Use the open module, or a 580 (G06) driver: sudo zypper install -y nvidia-driver-G06 nvidia-compute-utils-G06',
    nvArchKms: 'Arch: also remove kms from the HOOKS array in /etc/mkinitcpio.conf, or the initramfs still loads nouveau early',
    osArchNoHold: 'Arch does not support holding one package back (a partial upgrade): reboot after every pacman -Syu that updates nvidia-utils',
    osArchPrebuilt: 'Arch’s nvidia-open is built for the current linux package: upgrade both and boot the kernel it was built for',
    osArchToolkit: 'Arch’s cuda package is the current CUDA only; CUDA {cuda}: the runfile from {archive}, or conda',
    osContainerToolkit: 'in the image: a CUDA {cuda} base (an nvidia/cuda:{cuda}…-devel image) or the toolkit from {archive}',
    osDnfAkmods: 'Fedora with RPM Fusion: sudo akmods --force --kernels {k} && sudo dracut --force; RHEL with NVIDIA’s dkms packages:',
    osGrubEdit: 'add {param} to GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub, then:',
    osGrubUnknown:
      'add {param} to the kernel command line: Debian/Ubuntu: GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub, then sudo update-grub · Fedora/RHEL: sudo grubby --update-kernel=ALL --args="{param}" · SUSE: sudo grub2-mkconfig -o /boot/grub2/grub.cfg · Arch: sudo grub-mkconfig -o /boot/grub/grub.cfg',
    osThisSystem: 'this system',
    osUnknownContainerToolkit:
      'on the host, after adding NVIDIA’s repository (NVIDIA Container Toolkit install guide): Debian/Ubuntu: sudo apt-get install -y nvidia-container-toolkit · Fedora/RHEL: sudo dnf install -y nvidia-container-toolkit · SUSE: sudo zypper install -y nvidia-container-toolkit · Arch: sudo pacman -S nvidia-container-toolkit',
    osUnknownHeaders:
      'the OS is not known; install the kernel headers with your distribution’s tool: Debian/Ubuntu: sudo apt install linux-headers-{k} · Fedora/RHEL: sudo dnf install kernel-devel-{k} · SUSE: sudo zypper install kernel-default-devel · Arch: sudo pacman -S linux-headers',
    osUnknownHold:
      'keep the driver packages from upgrading under the running module: Debian/Ubuntu: sudo apt-mark hold <the nvidia packages> · Fedora/RHEL: sudo dnf versionlock add "*nvidia*{branch}*" · SUSE: sudo zypper addlock "*nvidia*"',
    osUnknownInitramfs: 'rebuild the initramfs: Debian/Ubuntu: sudo update-initramfs -u · Fedora/RHEL/SUSE: sudo dracut --force · Arch: sudo mkinitcpio -P',
    osWinPathPermanent:
      'for new windows too: System Properties → Advanced → Environment Variables → Path → New → {dir} (not setx PATH "%PATH%;…", which cuts PATH at 1024 characters)',
    osWinToolkit: 'install CUDA {cuda} with NVIDIA’s Windows installer: {archive}',
    osWslDefaultUbuntu: 'the distribution is not shown; WSL’s default is Ubuntu, so the apt command follows (Fedora: dnf remove, Arch: pacman -Rns)',
    osWslToolkit:
      'CUDA {cuda} from NVIDIA’s WSL-Ubuntu repository (CUDA on WSL User Guide): only cuda-toolkit-X-Y, never cuda or cuda-drivers, which pull in a Linux driver',
    ctHost: '# on the host (not in the container): the NVIDIA Container Toolkit gives containers the GPU and the driver’s libraries',
    ctRun: '# then start the container with the GPU:',
    sbArchShim:
      'Arch boots without shim unless you set it up: with shim, enrol the DKMS key below; with your own Secure Boot keys (sbctl), sign the nvidia modules with them instead',
    sbFedoraKey: 'Fedora: akmods signs the modules it builds with its own key; create it (once), enrol it, and rebuild the module after the reboot:',
    sbSuseSigned:
      'SUSE: the -signed kernel module packages (nvidia-open-driver-G06-signed…) are signed with SUSE’s key, which shim already trusts; a DKMS build uses the key below',
    sbUnknownKey:
      'the OS is not known: Ubuntu’s DKMS key follows; Debian, RHEL, SUSE and Arch use /var/lib/dkms/mok.pub, Fedora’s akmods /etc/pki/akmods/certs/public_key.der (after sudo kmodgenca -a)',
    releaseRowUnconfirmed: 'release row unconfirmed',
    variantRowUnconfirmed: 'variant row unconfirmed',
  },
  'zh-CN': {
    dnlFixBranch: '# {gpu}（{arch}）需要 {branch} 或更新的驱动分支{open}',
    dnlFixDebianRepo: '# 先添加 NVIDIA 的 CUDA 软件源（cuda-keyring 包，见 NVIDIA 驱动安装指南），然后：',
    dnlFixOtherOs: '# 从发行版或 NVIDIA 软件源为 {os} 安装 {branch} 版 NVIDIA 驱动（见 NVIDIA 驱动安装指南）',
    dnlFixRhelRepo: '# 添加 NVIDIA 的 CUDA 软件源（NVIDIA 驱动安装指南，Red Hat / Amazon Linux 一节），然后：',
    dnlFixUbuntuAuto: '# 或者让 Ubuntu 自动选择推荐的驱动：sudo ubuntu-drivers install',
    dnlOpenRecommended: '；Turing 及更新的架构推荐使用开源内核模块',
    dnlOpenRequired: '，并且必须使用开源内核模块（Blackwell 强制要求）',
    dnlProprietary: '，使用闭源内核模块（开源模块不支持 {arch}）',
    nvFixFile: '# 把 nouveau 列入黑名单（与 NVIDIA 安装指南使用的文件和内容相同）：',
    nvFixInitramfs: '# 重新生成 initramfs，让黑名单在开机时生效：',
    sbFixDisable: '# 或者：在固件（BIOS/UEFI）设置里关闭安全启动',
    sbFixKey: '# {tool} 用 {key} 给它编译的模块签名；登记这个密钥（安装驱动包后该文件即存在）：',
    sbFixPassword: '# 设置一个一次性密码；下次开机会出现蓝色的 MOK Manager 界面：Enroll MOK → Continue → Yes → 输入该密码',
    sbFixState: '# 查看状态：',
    sbFixVerify: '# 重启后确认密钥已登记、模块已加载：',
    driverOther: '为本系统安装 {floor} 或更新的 NVIDIA 驱动（https://www.nvidia.com/Download/index.aspx 或发行版的软件包）。',
    driverReboot: '重启，让新的内核模块加载。',
    driverWsl: '在 Windows 主机上更新 NVIDIA 驱动（WSL 使用它）；不要在 WSL 里安装 Linux 版 NVIDIA 驱动。',
    torchNeedsDriver: '没有一个带 {sms} 内核的 PyTorch wheel 能在驱动 {driver} 上运行。先把驱动升级到 ≥ {floor}：',
    torchNone:
      'gpuenv 已知的 PyTorch wheel 都没有适用于 Python {python} 的 {sms} 内核：用 TORCH_CUDA_ARCH_LIST="{ccs}" 从源码编译 PyTorch，或换用较旧的 Python。',
    torchPick: '安装 {tag}（{cuda}）版的 PyTorch {version}：它带有 {sms} 的内核，需要驱动 ≥ {floor}（当前驱动：{driver}）。',
    torchPickNoDriver: '安装 {tag}（{cuda}）版的 PyTorch {version}：它带有 {sms} 的内核。',
    torchThen: '然后安装 {tag} 版的 PyTorch {version}：',
    dnlFixSuseRepo: '# 添加 NVIDIA 的 CUDA 软件源（NVIDIA 驱动安装指南，SUSE 一节），然后安装 SUSE 签名的内核模块包：',
    drvWslNever:
      'WSL 2 里的 GPU 驱动就是 Windows 的驱动（由它提供 /usr/lib/wsl/lib）：在 Windows 上安装或更新 NVIDIA 驱动，不要在 WSL 里装 Linux 版 NVIDIA 驱动',
    drvWindows: '在 Windows 上用 NVIDIA 安装程序安装 {floor} 或更新的驱动（https://www.nvidia.com/Download/index.aspx 或 NVIDIA App），然后重启 Windows',
    drvContainerHost: '容器使用宿主机的驱动：在宿主机上（用宿主机自己的软件包）安装或升级到 {floor} 或更新的 NVIDIA 驱动，而不是在镜像里，然后重启容器',
    drvDnfWhich:
      'Fedora：用 RPM Fusion 的 akmod-nvidia（rpmfusion.org/Howto/NVIDIA）；RHEL / Rocky / Alma：添加 NVIDIA 软件源后执行 sudo dnf module enable nvidia-driver:{branch}-{flavour}（RHEL 8/9）和 sudo dnf install nvidia-open（见 NVIDIA 驱动安装指南）',
    drvUnknownOs:
      '无法确定操作系统；下面是 Ubuntu 的命令。Debian：NVIDIA 软件源 + "sudo apt install nvidia-open" · Fedora：RPM Fusion 的 akmod-nvidia · RHEL/Rocky/Alma："sudo dnf module enable nvidia-driver:{branch}-open && sudo dnf install nvidia-open" · SUSE：nvidia-open-driver-G06-signed-cuda-kmp-default · Arch："sudo pacman -S nvidia-open nvidia-utils" · WSL/Windows：Windows 驱动',
    drvRpmFusion: 'Fedora：驱动来自 RPM Fusion（rpmfusion.org/Howto/NVIDIA）；先启用它的 free 和 nonfree 软件源：',
    drvRpmFusionLegacy:
      '这块 GPU 需要 {branch} 旧版分支（akmod-nvidia 跟随最新分支，只支持 Turing 及更新的架构）：安装 RPM Fusion 为该分支提供的旧版驱动包（rpmfusion.org/Howto/NVIDIA 的 "Legacy GeForce" 一节）',
    drvAkmodsWait: '安装后 akmods 会编译内核模块；等下面的命令能输出版本号后再重启：',
    drvEpel: 'DKMS 来自 EPEL（RHEL 上还需要 CodeReady Builder 软件源）：',
    drvRhelModules: 'RHEL 8/9：先执行 sudo dnf module enable -y nvidia-driver:{branch}-{flavour}；RHEL 10 没有模块流',
    drvTumbleweed: 'openSUSE Tumbleweed：启用 openSUSE 的 NVIDIA 软件源，再安装适合这块 GPU 的软件包（openSUSE wiki "SDB:NVIDIA drivers"）：',
    drvProprietaryModule: '闭源内核模块',
    drvArchAur: '{arch}：Arch 的 nvidia-open（590 及更新）不支持它；从 AUR 安装 {pkg}（见 ArchWiki "NVIDIA"）',
    drvArchOtherKernel: 'nvidia-open 是为 linux 内核包编译的；其他内核请安装对应的 headers 和 nvidia-open-dkms',
    drvArchBranches: 'Arch 只提供最新分支（nvidia-open）；旧分支在 AUR，例如 nvidia-580xx-dkms、nvidia-470xx-dkms（见 ArchWiki "NVIDIA"）',
    drvUnknownBranches:
      '列出发行版提供的驱动分支：Ubuntu：ubuntu-drivers devices · Debian：apt-cache search cuda-drivers · Fedora：dnf list akmod-nvidia* · RHEL：dnf module list nvidia-driver · SUSE：zypper search kmp · Arch：pacman -Ss nvidia',
    drvUbuntuProprietary: '闭源内核模块，不是 nvidia-driver-{branch}-open',
    drvUnknownProprietary:
      '无法确定操作系统；下面是 Ubuntu 的命令。Fedora（RPM Fusion）：echo "%_with_kmod_nvidia_open 0" | sudo tee /etc/rpm/macros.nvidia-kmod; sudo akmods --rebuild --force · RHEL：sudo dnf module switch-to nvidia-driver:{branch}-dkms · .run 安装程序：--kernel-module-type=proprietary',
    drvFabricUnknown:
      '安装与驱动同版本（{version}）的 NVIDIA Fabric Manager：Debian/Ubuntu 上是 nvidia-fabricmanager-<分支>，RHEL 上是 nvidia-fabric-manager（SUSE 上的包名未确认）',
    drvFabricSuse:
      'SUSE：NVIDIA CUDA 软件源里 Fabric Manager 的包名在这里未确认；用 `zypper search -s "nvidia-fabric*"` 找到它，安装版本为 {version} 的那个（NVIDIA Fabric Manager 用户指南：https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/）',
    drvSuseNoProprietary:
      'SUSE：没有文档记载 {branch} 分支（G07）的闭源内核模块包；G07 只有开源模块（https://sndirsch.github.io/nvidia/2026/02/22/nvidia-drivers-G07.html）。请用开源模块，或 580（G06）驱动：sudo zypper install -y nvidia-driver-G06 nvidia-compute-utils-G06',
    nvArchKms: 'Arch：还要从 /etc/mkinitcpio.conf 的 HOOKS 里去掉 kms，否则 initramfs 仍会提前加载 nouveau',
    osArchNoHold: 'Arch 不支持单独锁住某个软件包（部分升级）：每次 pacman -Syu 更新了 nvidia-utils 之后都要重启',
    osArchPrebuilt: 'Arch 的 nvidia-open 是为当前的 linux 内核包编译的：两者一起升级，并用它对应的内核启动',
    osArchToolkit: 'Arch 的 cuda 包只有当前版本的 CUDA；要 CUDA {cuda}：用 {archive} 的 runfile，或用 conda',
    osContainerToolkit: '在镜像里：用 CUDA {cuda} 的基础镜像（nvidia/cuda:{cuda}…-devel），或从 {archive} 安装工具包',
    osDnfAkmods: '使用 RPM Fusion 的 Fedora：sudo akmods --force --kernels {k} && sudo dracut --force；使用 NVIDIA dkms 包的 RHEL：',
    osGrubEdit: '把 {param} 加到 /etc/default/grub 的 GRUB_CMDLINE_LINUX_DEFAULT 里，然后：',
    osGrubUnknown:
      '把 {param} 加到内核命令行：Debian/Ubuntu：改 /etc/default/grub 的 GRUB_CMDLINE_LINUX_DEFAULT，再 sudo update-grub · Fedora/RHEL：sudo grubby --update-kernel=ALL --args="{param}" · SUSE：sudo grub2-mkconfig -o /boot/grub2/grub.cfg · Arch：sudo grub-mkconfig -o /boot/grub/grub.cfg',
    osThisSystem: '本系统',
    osUnknownContainerToolkit:
      '在宿主机上添加 NVIDIA 软件源后（NVIDIA Container Toolkit 安装指南）：Debian/Ubuntu：sudo apt-get install -y nvidia-container-toolkit · Fedora/RHEL：sudo dnf install -y nvidia-container-toolkit · SUSE：sudo zypper install -y nvidia-container-toolkit · Arch：sudo pacman -S nvidia-container-toolkit',
    osUnknownHeaders:
      '无法确定操作系统；请用发行版的工具安装内核头文件：Debian/Ubuntu：sudo apt install linux-headers-{k} · Fedora/RHEL：sudo dnf install kernel-devel-{k} · SUSE：sudo zypper install kernel-default-devel · Arch：sudo pacman -S linux-headers',
    osUnknownHold:
      '防止驱动包在运行中的内核模块下被升级：Debian/Ubuntu：sudo apt-mark hold <nvidia 相关包> · Fedora/RHEL：sudo dnf versionlock add "*nvidia*{branch}*" · SUSE：sudo zypper addlock "*nvidia*"',
    osUnknownInitramfs: '重新生成 initramfs：Debian/Ubuntu：sudo update-initramfs -u · Fedora/RHEL/SUSE：sudo dracut --force · Arch：sudo mkinitcpio -P',
    osWinPathPermanent: '让新开的窗口也生效：系统属性 → 高级 → 环境变量 → Path → 新建 → {dir}（不要用 setx PATH "%PATH%;…"，它会把 PATH 截断到 1024 个字符）',
    osWinToolkit: '用 NVIDIA 的 Windows 安装程序安装 CUDA {cuda}：{archive}',
    osWslDefaultUbuntu: '文本里看不出发行版；WSL 默认是 Ubuntu，所以下面是 apt 命令（Fedora：dnf remove，Arch：pacman -Rns）',
    osWslToolkit:
      '从 NVIDIA 的 WSL-Ubuntu 软件源安装 CUDA {cuda}（CUDA on WSL 用户指南）：只装 cuda-toolkit-X-Y，不要装 cuda 或 cuda-drivers，它们会带进 Linux 驱动',
    ctHost: '# 在宿主机上（不是容器里）：NVIDIA Container Toolkit 把 GPU 和驱动的库交给容器',
    ctRun: '# 然后带上 GPU 启动容器：',
    sbArchShim: 'Arch 默认不经过 shim 启动：如果配置了 shim，登记下面的 DKMS 密钥；如果用自己的安全启动密钥（sbctl），改用它们给 nvidia 模块签名',
    sbFedoraKey: 'Fedora：akmods 用自己的密钥给编译出的模块签名；先生成密钥（只需一次）、登记，重启后重新编译模块：',
    sbSuseSigned: 'SUSE：带 -signed 的内核模块包（nvidia-open-driver-G06-signed…）用 SUSE 的密钥签名，shim 已经信任它；DKMS 编译的模块用下面的密钥',
    sbUnknownKey:
      '无法确定操作系统：下面是 Ubuntu 的 DKMS 密钥；Debian、RHEL、SUSE 和 Arch 用 /var/lib/dkms/mok.pub，Fedora 的 akmods 用 /etc/pki/akmods/certs/public_key.der（先执行 sudo kmodgenca -a）',
    releaseRowUnconfirmed: '该发行版的表行未确认',
    variantRowUnconfirmed: '该构建变体的表行未确认',
  },
});
