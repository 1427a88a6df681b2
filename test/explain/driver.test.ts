// explain, the GPU and the driver: no GPU, the kernel module not loaded, user space and module of two releases, Secure Boot, nouveau, a forward-compat libcuda.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per Finding code. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const driverLibraryMismatch: ExplainRow[] = [
  {
    name: 'Driver/library mismatch with both versions from dmesg',
    text: 'Failed to initialize NVML: Driver/library version mismatch\nNVRM: API mismatch: the client has the version 535.154.05, but this kernel module has the version 535.129.03.',
    top: 'driver-library-mismatch',
    title: { contains: ['535.129.03', '535.154.05'] },
  },
  {
    name: 'dpkg nvidia-smi row + /proc version → both versions in the title',
    text: 'Failed to initialize NVML: Driver/library version mismatch\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Tue Oct 31 2023\nii  nvidia-smi     535.161.07-1  amd64   NVIDIA System Management Interface',
    top: 'driver-library-mismatch',
    title: { contains: ['535.129.03', '535.161.07'] },
  },
  {
    name: "apt's history of an unattended driver upgrade",
    text: [
      'Failed to initialize NVML: Driver/library version mismatch',
      'Upgrade: nvidia-compute-utils-535:amd64 (535.104.05-0ubuntu0.22.04.1, 535.113.01-0ubuntu0.22.04.1)',
    ],
    top: 'driver-library-mismatch',
    contains: ['535.113.01', '535.104.05'],
  },
  {
    name: 'an NVRM API mismatch wrapped over three prefixed lines, with the client named',
    text: [
      "[    4.100000] NVRM: API mismatch: the client 'Xorg' (pid 812)",
      '               NVRM: has the version 570.144, but this kernel module has',
      '               NVRM: the version 570.133.07.  Please make sure that this',
    ],
    top: 'driver-library-mismatch',
    contains: ['570.144', '570.133.07'],
  },
  {
    name: '"Failed to initialize NVML: Function Not Found": check which libnvidia-ml loads',
    text: '$ nvidia-smi\nFailed to initialize NVML: Function Not Found',
    top: 'driver-library-mismatch',
    contains: ['libnvidia-ml'],
  },
  {
    name: 'NVRM API mismatch with the versions elided',
    text: 'NVRM: API mismatch: the client has the version <x>, but',
    top: 'driver-library-mismatch',
  },
  {
    name: 'NVRM API mismatch with the versions on the next lines',
    text: [
      "NVRM: API mismatch: the client 'Xwayland' (pid 77)",
      'NVRM: has the version 550.90.07, but this kernel module has',
      'NVRM: the version 550.78.  Please make sure',
    ],
    contains: ['550.90.07', '550.78'],
  },
  {
    name: 'the user-space wording of an API mismatch names both versions',
    text: 'Error: API mismatch: the NVIDIA kernel module has version 470.57.02,\nbut this NVIDIA driver component has version 470.42.01. Please make\nsure that the kernel module and all NVIDIA driver components\nhave the same version.',
    top: 'driver-library-mismatch',
    contains: ['470.57.02', '470.42.01'],
  },
  {
    name: 'error 804 right after a driver upgrade also offers the reboot',
    text: 'nvidia-container-cli: initialization error: cuda error: forward compatibility was attempted on non supported hw',
    about: 'driver-library-mismatch',
    contains: ['reboot'],
  },
];

const secureBoot: ExplainRow[] = [
  {
    name: 'NVIDIA-SMI failed + Key was rejected: secure-boot ranks above driver-not-loaded',
    text: "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\nmodprobe: ERROR: could not insert 'nvidia': Key was rejected by service",
    top: 'secure-boot',
    has: ['driver-not-loaded'],
  },
  {
    name: '"NVIDIA kernel module missing" alone: driver-not-loaded and secure-boot in the top two',
    text: 'After installing the driver from RPM Fusion I get "NVIDIA kernel module missing. Falling back to nouveau" at login.',
    topTwo: ['secure-boot', 'driver-not-loaded'],
  },
  {
    name: 'with "Secure Boot: enabled" stated, secure-boot comes first',
    text: '$ mokutil --sb-state\nSecureBoot enabled\nNvidia kernel module missing',
    top: 'secure-boot',
    contains: ['mokutil'],
  },
  {
    name: 'with Secure Boot stated off, no secure-boot finding',
    text: 'Secure boot is disabled in the BIOS.\nNVIDIA kernel module missing',
    lacks: ['secure-boot'],
  },
  {
    name: 'modprobe "Operation not permitted" → secure-boot first',
    text: "$ sudo modprobe nvidia\nmodprobe: ERROR: could not insert 'nvidia': Operation not permitted",
    top: 'secure-boot',
  },
  {
    name: "the .run installer's nvidia-drm load failure → secure-boot and nouveau",
    text: "ERROR: Unable to load the 'nvidia-drm' kernel module.",
    topTwo: ['secure-boot'],
    has: ['nouveau'],
  },
  {
    name: '"Required key not available" alone: Secure Boot',
    text: 'modules not loading after the kernel update (Required key not available)',
    top: 'secure-boot',
  },
];

const driverNotLoaded: ExplainRow[] = [
  {
    name: 'bare-metal "NVIDIA-SMI has failed" still gets the kernel-module answer',
    text: "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.",
    top: 'driver-not-loaded',
  },
  {
    name: 'the same libcuda error on bare metal is not WSL',
    text: 'RuntimeError: Failed to dlopen libcuda.so',
    top: 'driver-not-loaded',
    lacks: ['wsl'],
  },
  {
    name: 'modprobe names the kernel the module is missing for',
    text: 'modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.8.0-31-generic',
    top: 'driver-not-loaded',
    contains: ['6.8.0-31-generic', 'linux-headers-6.8.0-31-generic'],
  },
  {
    name: 'a failed dkms build names the kernel and the driver',
    text: ['$ sudo dkms install nvidia/550.54.14', 'Error! Bad return status for module build on kernel: 6.11.0-rc1 (x86_64)'],
    about: 'driver-not-loaded',
    contains: ['6.11.0-rc1', '550.54.14'],
  },
  {
    name: 'a GPU the installed driver release does not support',
    text: [
      'NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2684)',
      'NVRM: installed in this system is not supported by the 470.223.02',
      'NVRM: NVIDIA Linux driver release.',
    ],
    top: 'driver-not-loaded',
    contains: ['470.223.02'],
  },
  {
    name: 'a 64-bit BAR the bridge cannot map',
    text: 'NVRM: This is a 64-bit BAR mapped above 4GB by the system',
    top: 'driver-not-loaded',
    contains: ['Above 4G Decoding'],
  },
  {
    name: 'nvidia-smi "cannot communicate with drivers" in prose',
    text: 'after the upgrade `nvidia-smi` cannot communicate with drivers',
    top: 'driver-not-loaded',
    contains: ['linux-headers'],
  },
  {
    name: "the module's version magic names the running kernel",
    text: "kernel: nvidia: version magic '6.1.0-17-amd64 SMP preempt mod_unload modversions ' should be '6.1.0-18-amd64 SMP preempt mod_unload modversions '",
    top: 'driver-not-loaded',
    contains: ['6.1.0-18-amd64'],
  },
  {
    name: 'a failed DKMS build names the package version and the kernel in prose',
    text: ['After installing the 6.15 kernel:', 'Building DKMS module: nvidia-575.64.05... FAILED!'],
    about: 'driver-not-loaded',
    contains: ['575.64.05', '6.15'],
  },
  {
    name: 'the module build stopped at the compiler check: both gcc versions named',
    text: [
      'Compiler version check failed:',
      '',
      'The major and minor number of the compiler used to',
      'compile the kernel:',
      '',
      'gcc version 13.2.0 (GCC)',
      '',
      'does not match the compiler used here:',
      '',
      'cc (GCC) 12.3.1 20230508',
    ],
    top: 'driver-not-loaded',
    contains: ['13.2.0', '12.3.1'],
  },
  {
    name: 'the open kernel module on a Pascal board: the proprietary module, not nouveau',
    text: [
      '[   12.1] NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:1b80)',
      '          NVRM: installed in this system is not supported by open',
      '          NVRM: nvidia.ko because it does not include the required GPU',
      '          NVRM: System Processor (GSP).',
      '[   12.2] NVRM: The NVIDIA probe routine failed for 1 device(s).',
    ],
    top: 'driver-not-loaded',
    lacks: ['nouveau'],
    contains: ['proprietary'],
  },
  {
    name: 'prime-select\'s "alias nvidia off": driver-not-loaded naming prime-select',
    text: "modprobe: ERROR: could not insert 'off': Unknown symbol in module, or unknown parameter",
    top: 'driver-not-loaded',
    contains: ['prime-select'],
  },
];

const forwardCompatShadowing: ExplainRow[] = [
  {
    name: 'cudaErrorSystemDriverMismatch with a compat libcuda path → forward-compat-shadowing naming both versions',
    text: [
      'CUDA initialization failed: cudaErrorSystemDriverMismatch',
      'strace shows /usr/local/cuda-12.6/compat/libcuda.so.560.35.03 opened; the host driver is 550.127.05',
    ],
    top: 'forward-compat-shadowing',
    contains: ['560.35.03', '550.127.05'],
  },
];

const noGpu: ExplainRow[] = [
  {
    name: 'nvidia-smi missing inside a container while the host shows a driver',
    text: ['NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2', 'inside the container: bash: nvidia-smi: command not found'],
    about: 'no-gpu',
    contains: ['--gpus'],
  },
  {
    name: 'NVML not loadable in a Kubernetes pod: default runtime',
    text: ['kubectl logs nvidia-device-plugin-daemonset-x7', 'Failed to initialize NVML: could not load NVML library.'],
    top: 'no-gpu',
    contains: ['default-runtime'],
  },
  {
    name: 'an AMD GPU: no NVIDIA driver to load',
    text: ['I have an AMD Radeon RX 6800 card', 'RuntimeError: Found no NVIDIA driver on your system.'],
    top: 'no-gpu',
    lacks: ['driver-not-loaded'],
  },
  {
    name: 'singularity without --nv',
    text: ['$ singularity exec image.sif python -c "import torch; print(torch.cuda.is_available())"', 'False'],
    about: 'no-gpu',
    contains: ['--nv'],
  },
  {
    name: 'singularity with --nv',
    text: '$ singularity exec --nv image.sif nvidia-smi',
    lacks: ['no-gpu'],
  },
  {
    name: 'nvidia-smi failing inside a plain docker container: --gpus',
    text: ['docker run -it my-image bash', '$ nvidia-smi', "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."],
    top: 'no-gpu',
    contains: ['--gpus'],
  },
  {
    name: 'a VM with only an emulated display adapter has no GPU to find',
    text: ['RuntimeError: Found no NVIDIA driver on your system.', '00:0f.0 VGA compatible controller: VirtualBox Graphics Adapter'],
    top: 'no-gpu',
    lacks: ['driver-not-loaded'],
    contains: ['VirtualBox'],
  },
  {
    name: 'a CUDA image started without a driver: no GPU first, not an old driver',
    text: [
      'WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.',
      'CUDA error 35 at ggml-cuda.cu:5572: CUDA driver version is insufficient for CUDA runtime version',
    ],
    top: 'no-gpu',
  },
  {
    name: 'Paddle in an image started without the GPU: no GPU, and nvidia-docker is named for old setups',
    text: [
      'docker pull paddlepaddle/paddle:2.4.2-gpu-cuda11.7-cudnn8.4-trt8.4',
      'UserWarning: You are using GPU version Paddle, but your CUDA device is not set properly. CPU device will be used by default.',
    ],
    top: 'no-gpu',
    contains: ['nvidia-docker'],
  },
];

const nouveau: ExplainRow[] = [
  {
    name: 'nova_core bound to the GPU',
    text: '[   12.3] NVRM: GPU 0000:41:00.0 is already bound to NovaCore.',
    top: 'nouveau',
    contains: ['blacklist nova_core'],
  },
  {
    name: 'lspci -k with nouveau bound',
    text: ['01:00.0 VGA compatible controller: NVIDIA Corporation TU117 [GeForce GTX 1650]', '\tKernel driver in use: nouveau'],
    top: 'nouveau',
  },
];

describe('no-gpu', () => {
  for (const row of noGpu) it(row.name, () => checkExplain(row));
});

describe('driver-not-loaded', () => {
  for (const row of driverNotLoaded) it(row.name, () => checkExplain(row));
});

describe('driver-library-mismatch', () => {
  for (const row of driverLibraryMismatch) it(row.name, () => checkExplain(row));
});

describe('secure-boot', () => {
  for (const row of secureBoot) it(row.name, () => checkExplain(row));
});

describe('nouveau', () => {
  for (const row of nouveau) it(row.name, () => checkExplain(row));
});

describe('forward-compat-shadowing', () => {
  for (const row of forwardCompatShadowing) it(row.name, () => checkExplain(row));
});
