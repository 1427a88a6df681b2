// The driver named in prose, package rows and tool output: its version ("driver 470.82", "驱动版本: 450.102.04",
// "ii  nvidia-utils-550 …", "NVML library version: 535.104.05"), its branch ("the 470 driver") and the CUDA
// nvidia-smi shows, said in prose. The first version found wins, in the order below.
import { pasted, type PartialSnapshot } from './types.js';

const SRC = pasted('text');

export interface DriverState {
  /** A driver branch named in prose: the driver version only when nothing names the full one. */
  branchProse?: string | undefined;
}

export function driverLine(raw: string, facts: PartialSnapshot, state: DriverState): void {
  let m: RegExpExecArray | null;
  if ((m = /\b(?:Nvidia |NVIDIA )?driver(?: version)?\s{0,3}(?:is|:|：|=|version)?\s{0,3}v?(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/i.exec(raw)))
    facts.driver.version ??= { value: m[1]!, source: SRC };
  // "the current Nvidia Driver from 2024-05-21 (version 555.85)".
  else if ((m = /\bdriver\b[^\n()]{0,40}\(version (\d{3}\.\d{1,3}(?:\.\d{1,3})?)\)/i.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
  // Chinese prose: "驱动版本: 450.102.04" (driver version).
  else if ((m = /驱动(?:版本|程序版本)?\s{0,2}(?:[:：]|为|是)\s{0,2}v?(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/.exec(raw)))
    facts.driver.version ??= { value: m[1]!, source: SRC };
  // "The version of the driver installed on the compute nodes … is 418.87.00."
  else if ((m = /\bversion of the (?:nvidia |NVIDIA )?driver\b[^\n]{0,80}?\bis\s(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/i.exec(raw)))
    facts.driver.version ??= { value: m[1]!, source: SRC };
  // A Windows driver file version: "23.21.13.9135" is NVIDIA 391.35, "31.0.15.3623" is 536.23 (the last five digits).
  else if ((m = /\b(?:版本|version|DriverVersion|Driver Version)\s{0,2}[:：=]?\s{0,2}\d{2}\.\d{1,2}\.1(\d)\.(\d{2})(\d{2})\b/i.exec(raw)))
    facts.driver.version ??= { value: `${m[1]}${m[2]}.${m[3]}`, source: pasted('Windows driver file version') };
  // "Building DKMS module: nvidia-570.133.07", "nvidia-570.133.07 (akmod)": the driver named by its package.
  else if ((m = /\bnvidia-(\d{3}\.\d{1,3}\.\d{1,3})\b/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
  // "396.44的库" / "396.44 的驱动" (Chinese: the 396.44 libraries / driver).
  else if ((m = /\b(\d{3}\.\d{2,3}(?:\.\d{2,3})?)\s?的?(?:库|驱动)/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: SRC };
  // "460.73 version driver is installed", "sudo dkms install -m nvidia -v 470.86", "dkms install nvidia/470.86".
  else if (
    (m = /\b(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\s(?:version\s|dev\s|beta\s)?(?:nvidia\s)?driver\b/i.exec(raw)) ||
    (m = /\bGL_VERSION\s{0,4}=\s{0,4}[\d.]{3,10} NVIDIA (\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/.exec(raw)) ||
    (m = /\bdkms\s(?:install|build|add)\s(?:-m\s)?nvidia(?:\/|\s-v\s)(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/i.exec(raw))
  )
    facts.driver.version ??= { value: m[1]!, source: SRC };
  // dpkg -l / rpm -q / pacman rows of the user-space driver: "ii  nvidia-smi  525.85.12-1  amd64", "nvidia-utils: 460.80-1".
  if (
    (m =
      /^\s{0,4}(?:ii|hi|rc)?\s{0,4}(?:nvidia-smi|nvidia-utils(?:-\d{3})?|libnvidia-compute(?:-\d{3})?|nvidia-driver(?:-\d{3})?)(?::\w+)?\s{1,20}(\d{3}\.\d{1,3}(?:\.\d{1,3})?)-/.exec(
        raw,
      ))
  )
    facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
  // Any other NVIDIA driver package row with a driver-shaped version: "ii  xserver-xorg-video-nvidi 390.48-0ubuntu3".
  else if ((m = /^\s{0,4}(?:ii|hi|rc)\s{1,4}[\w.:+-]{0,40}nvidi[\w.:+-]{0,40}\s{1,30}(?:\d:)?(\d{3}\.\d{1,3}(?:\.\d{1,3})?)[-~+]/.exec(raw)))
    facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
  else if ((m = /^[\w &-]{0,80}\bnvidia-utils\b[\w &-]{0,80}:\s{0,3}(\d{3}\.\d{1,3}(?:\.\d{1,3})?)-\d/.exec(raw)))
    facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
  // rpm -qa rows (Fedora/RPM Fusion): "akmod-nvidia-565.77-1.fc41.x86_64", "xorg-x11-drv-nvidia-565.77-3.fc41.x86_64".
  if ((m = /^\s{0,4}(?:akmod|kmod|xorg-x11-drv|nvidia-driver)-nvidia(?:-[\w.+]{1,60}?)?-(\d{3}\.\d{1,3}(?:\.\d{1,3})?)-\d{1,3}\.(?:fc|el)\d/.exec(raw)))
    facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
  // The installed driver package ("nvidia-driver-550:amd64 550.107.02-0ubuntu…", dpkg/apt lines): the user-space driver.
  if ((m = /\bnvidia-(?:driver|utils|compute-utils|kernel-common|dkms)-\d{3}(?:-open|-server)?(?::\w+)?\s{1,4}(\d{3}\.\d{1,3}(?:\.\d{1,3})?)[-~+]/.exec(raw)))
    facts.driver.version ??= { value: m[1]!, source: pasted('package list') };
  if ((m = /NVML library version: (\d{3}\.\d{1,3}(?:\.\d{1,3})?)/.exec(raw))) facts.driver.version ??= { value: m[1]!, source: pasted('nvidia-smi') };
  // "nvidia-smi claims I'm using CUDA 10.1", "nvidia-smi shows CUDA 12.2": the driver's CUDA, in prose.
  if ((m = /\bnvidia-smi`?\s[^\n]{0,40}?\bCUDA\s?(?:version\s)?(\d{1,2}\.\d)\b(?!\d|\.\d)/i.exec(raw)) && !/\|/.test(raw))
    facts.driver.cudaVersion ??= { value: m[1]!, source: SRC };
  // "No Kernel Module found in 460 driver", "the 470 driver": a driver branch named in prose.
  if (
    ((m = /(?<!(?:GTX|RTX|GT|MX|Quadro|Tesla|[A-Za-z])\s?)\b(\d{3})(?:\.\d{1,3}){0,2}\s(?:nvidia\s)?drivers?\b/i.exec(raw)) ||
      (m = /\bdriver version (\d{3})\b(?!\d|\.\d)/i.exec(raw)) ||
      (m = /\b(?:the )?driver (?:is |= ?|: ?)?(\d{3})\b(?!\d|\.\d)/i.exec(raw))) &&
    Number(m[1]) >= 300 &&
    Number(m[1]) < 800
  )
    state.branchProse ??= m[1]!;
}

export function finishDriver(facts: PartialSnapshot, state: DriverState): void {
  if (state.branchProse) facts.driver.version ??= { value: state.branchProse, source: SRC };
}
