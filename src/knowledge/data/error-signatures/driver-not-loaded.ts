// Driver not reachable: nvidia-smi and NVML failing, no GPU visible to the process or container.
import { CHECKED_1202, RUNTIME_ERRORS, sig } from './types.js';

export const DRIVER_NOT_LOADED_SIGNATURES = [
  // The CUDA container images' start banner: the container runs without the host driver (no --gpus / NVIDIA runtime).
  sig(
    'container-no-driver',
    ['nvidia driver was not detected'],
    /The NVIDIA Driver was not detected\.?\s{0,3}GPU functionality will not be available/i,
    [
      { code: 'no-gpu', when: 'the container was started without GPU access: docker run --gpus all (NVIDIA Container Toolkit), or a host/Space with no GPU' },
      { code: 'driver-not-loaded', when: 'the host has no working NVIDIA driver to pass in' },
    ],
    1,
    'https://gitlab.com/nvidia/container-images/cuda (entrypoint banner of the CUDA images)',
    { confirmed: false, note: 'nvidia_entrypoint.sh wording', noteZh: '措辞取自 nvidia_entrypoint.sh' },
  ),
  // A virtual machine's emulated display adapter. Context only: a VM with a GPU passed through lists one too; with a
  // "no GPU" message and no NVIDIA device named, no-gpu explains it (the NVIDIA card is not passed through).
  sig(
    'vm-display-adapter',
    ['vmware svga', 'virtualbox graphics', 'hyper-v video', 'qxl', 'virtio gpu', 'basic render', 'bochs'],
    /\b(?:VMware SVGA(?: II)?(?: Adapter)?|VirtualBox Graphics Adapter|Hyper-V Video|Red Hat,? Inc\.? (?:QXL|Virtio) GPU|QXL paravirtual graphic card|Virtio GPU|Microsoft Basic Render Driver|Bochs\/?QEMU)\b/i,
    [],
    0.1,
    'https://github.com/allenai/allennlp/issues/3193',
    { confirmed: false, note: 'lspci names of emulated adapters; context only', noteZh: '模拟显卡在 lspci 中显示的名称；仅作上下文' },
  ),
  sig(
    'smi-failed',
    ['nvidia-smi has failed', 'communicate with'],
    /NVIDIA-SMI has failed because it couldn'?t communicate with the NVIDIA driver|nvidia-smi`?\s(?:cannot|can'?t|could not|couldn'?t|fails? to|is unable to|unable to) communicate with (?:the )?(?:nvidia )?drivers?/i,
    [
      { code: 'driver-not-loaded', when: 'the nvidia kernel module is not loaded (kernel update without DKMS rebuild)' },
      { code: 'secure-boot', when: 'dmesg: "Key was rejected by service" or Lockdown' },
      { code: 'nouveau', when: 'nouveau is loaded' },
      {
        code: 'wsl',
        when: "in WSL there is no kernel module: a Linux driver or nvidia-utils installed inside WSL shadows the Windows driver's /usr/lib/wsl/lib",
      },
      { code: 'no-gpu', when: 'inside a container started without the NVIDIA runtime (--gpus): the host driver is not passed in' },
    ],
    1,
    'https://github.com/Oneflow-Inc/oneflow/issues/3106',
    {
      confirmed: false,
      note: "thread cited in reference/anchor-tools.md; the message is nvidia-smi's own",
      noteZh: '该帖在 reference/anchor-tools.md 中被引用；消息是 nvidia-smi 自身的输出',
    },
  ),
  sig(
    'smi-not-found',
    ['nvidia-smi: command not found', "'nvidia-smi' is not recognized", 'nvidia-smi not found', 'nvidia-smi: not found'],
    /nvidia-smi:? (command )?not found|'nvidia-smi' is not recognized/i,
    [
      { code: 'driver-not-loaded', when: 'no NVIDIA driver is installed (or the container has no NVIDIA runtime)' },
      { code: 'wsl', when: 'WSL: nvidia-smi lives in /usr/lib/wsl/lib' },
      { code: 'no-gpu', when: 'inside a container started without --gpus (the NVIDIA runtime mounts nvidia-smi only then)' },
    ],
    0.8,
    'https://github.com/microsoft/WSL/issues/9134',
  ),
  sig(
    'torch-no-driver',
    ['found no nvidia driver on your system'],
    /Found no NVIDIA driver on your system/i,
    [
      { code: 'driver-not-loaded', when: 'the driver is not installed or not loaded' },
      { code: 'no-gpu', when: 'no NVIDIA GPU in the machine or container' },
    ],
    1,
    'https://github.com/pytorch/pytorch/issues/4546',
    {
      confirmed: false,
      note: 'the message text is from torch/csrc/cuda/Module.cpp; thread is a representative report',
      noteZh: '消息文本取自 torch/csrc/cuda/Module.cpp；该帖为一例代表性报告',
    },
  ),
  sig(
    'no-cuda-gpus',
    ['no cuda gpus are available', 'no cuda-capable device is detected', 'cuda_error_no_device'],
    /(No CUDA GPUs are available|no CUDA-capable device is detected|CUDA_ERROR_NO_DEVICE)/i,
    [
      { code: 'no-gpu', when: 'no GPU in the machine, or the container was started without --gpus' },
      { code: 'gpus-hidden', when: 'CUDA_VISIBLE_DEVICES (NVIDIA_VISIBLE_DEVICES in a container) is empty or names no GPU that exists' },
      { code: 'driver-not-loaded', when: 'the GPU is there but the driver is not loaded' },
    ],
    1,
    `${RUNTIME_ERRORS} cudaErrorNoDevice = 100`,
    { checked: CHECKED_1202 },
  ),
  sig(
    'invalid-device-ordinal',
    ['invalid device ordinal'],
    /invalid device ordinal/i,
    [{ code: 'no-gpu', when: 'the code asks for a GPU index >= the number of visible GPUs (CUDA_VISIBLE_DEVICES, --gpus, local_rank)' }],
    1,
    `${RUNTIME_ERRORS} cudaErrorInvalidDevice = 101`,
  ),
  // cudaErrorDevicesUnavailable: every visible GPU is in an exclusive (or prohibited) compute mode and already held.
  sig(
    'cuda-devices-busy',
    ['all cuda-capable devices are busy or unavailable', 'cuda_error_devices_unavailable'],
    /all CUDA-capable devices are busy or unavailable|CUDA_ERROR_DEVICES_UNAVAILABLE|cudaErrorDevicesUnavailable/i,
    [
      { code: 'gpu-busy', when: 'another process already holds a GPU in Exclusive_Process compute mode (nvidia-smi lists it)' },
      { code: 'compute-mode', when: 'the GPU is in Prohibited or an exclusive compute mode set by an admin' },
    ],
    1,
    `${RUNTIME_ERRORS} cudaErrorDevicesUnavailable = 46`,
    { checked: CHECKED_1202 },
  ),
  sig(
    'docker-no-gpu-driver',
    ['could not select device driver'],
    /could not select device driver "[^"\n]{0,40}" with capabilities: \[\[gpu\]\]/i,
    [{ code: 'no-gpu', when: 'the NVIDIA Container Toolkit is not installed or Docker was not restarted after installing it' }],
    1,
    'https://github.com/NVIDIA/nvidia-docker/issues/1034',
  ),
  sig(
    'nvml-unknown-error',
    ['failed to initialize nvml: unknown error'],
    /Failed to initialize NVML: Unknown Error/i,
    [
      { code: 'no-gpu', when: 'in a container after `systemctl daemon-reload`: the cgroup lost the device nodes' },
      { code: 'driver-not-loaded', when: 'on the host' },
    ],
    1,
    'https://github.com/NVIDIA/nvidia-container-toolkit/issues/48',
  ),
  sig(
    'cuda-unknown-error',
    ['cuda unknown error'],
    /CUDA unknown error - this may be due to an incorrectly set up environment/i,
    [{ code: 'driver-not-loaded', when: 'nvidia_uvm not loaded or broken after suspend/resume (reload nvidia_uvm)' }],
    0.9,
    'https://github.com/pytorch/pytorch/issues/49081',
    { confirmed: false, note: 'representative report; message from c10/cuda', noteZh: '代表性报告；消息取自 c10/cuda' },
  ),
  sig(
    'libnvidia-ml-missing',
    ['libnvidia-ml.so'],
    /libnvidia-ml\.so(\.1)?: cannot open shared object file/i,
    [
      { code: 'driver-not-loaded', when: "the driver's user-space libraries are not installed (or not mounted in the container)" },
      { code: 'wsl', when: 'WSL: /usr/lib/wsl/lib is not on the loader path' },
    ],
    0.9,
    'https://github.com/ollama/ollama/issues/1888',
  ),
  sig(
    'nvml-not-loadable',
    ['could not load nvml library', "couldn't find libnvidia-ml.so"],
    /(could not load NVML library|NVIDIA-SMI couldn'?t find libnvidia-ml\.so library)/i,
    [
      { code: 'driver-not-loaded', when: "the driver's user-space libraries are not installed (or not mounted in the container)" },
      { code: 'wsl', when: 'WSL: libnvidia-ml comes from the Windows driver in /usr/lib/wsl/lib, which is not on the loader path or is shadowed' },
      {
        code: 'no-gpu',
        when: "in a container or Kubernetes pod: the NVIDIA runtime did not inject the driver libraries (docker's default-runtime is not nvidia, no --gpus)",
      },
    ],
    0.9,
    'https://github.com/microsoft/WSL/issues/11888',
  ),
  sig(
    'smi-device-handle-unknown',
    ['unable to determine the device handle'],
    /Unable to determine the device handle for GPU\s?\d{0,2}:?[^\n]{0,40}?: (?<why>Unknown Error|GPU is lost|[\w ]{3,40})/i,
    [
      { code: 'driver-not-loaded', when: 'the driver cannot talk to the GPU (fallen off the bus, driver state)' },
      { code: 'wsl', when: 'WSL: a GPU in TCC mode (not WDDM) is not supported by WSL and breaks the others too' },
    ],
    0.9,
    'https://github.com/microsoft/WSL/issues/13027',
    { confirmed: false, note: 'nvidia-smi wording', noteZh: '措辞取自 nvidia-smi' },
  ),
  // Another vendor's GPU named: CUDA builds cannot use it.
  sig(
    'amd-gpu',
    ['amd', 'radeon'],
    /\b(?:I have an? |my |with an? |only an? )(?<gpu>AMD(?: Radeon)?(?: RX ?\d{3,4}\w{0,3})?|Radeon(?: RX ?\d{3,4}\w{0,3})?)(?: GPU| card| graphics)?\b/i,
    [{ code: 'no-gpu', when: "the machine's GPU is not an NVIDIA one" }],
    0.4,
    'https://huggingface.co/TheBloke/Mistral-7B-Instruct-v0.1-GPTQ/discussions/9',
    { confirmed: false, note: 'prose', noteZh: '匹配的是用户的文字描述，而非工具输出' },
  ),
];
