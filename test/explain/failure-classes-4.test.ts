// Rounds 4–6: one describe per class of failure of holdout-4, -5 and -6 (docs/explain-eval.md).
// Texts written here for the tests, in other shapes than the cases; none is copied from a case file.
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { all, explain, find, topTwo } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

describe('messages cut by a terminal inside a word', () => {
  it('a cuDNN version message broken in the middle of "library"', async () => {
    const r = await explain(['E cuda_dnn.cc:363] Loaded runtime CuDNN l', 'ibrary: 8.0.4 but source was compiled with: 8.1.0.'].join('\n'));
    expect(r.findings[0]!.code).toBe('cudnn-mismatch');
    expect(all(r.findings[0]!)).toContain('8.0.4');
    expect(all(r.findings[0]!)).toContain('8.1');
  });

  it('a line that matches on its own is not also matched as a join', async () => {
    const r = await explain(['CUDA error: no kernel image is available for execution on the device', 'CUDA error: no kernel image is available for execution on the device'].join('\n'));
    expect(r.parsed.events.filter((e) => e.signature === 'no-kernel-image')).toHaveLength(2);
  });
});

describe('the kernel module, seen only through modprobe and dkms', () => {
  it('modprobe names the kernel the module is missing for', async () => {
    const r = await explain("modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.8.0-31-generic");
    expect(r.findings[0]!.code).toBe('driver-not-loaded');
    expect(all(r.findings[0]!)).toContain('6.8.0-31-generic');
    expect(all(r.findings[0]!)).toContain('linux-headers-6.8.0-31-generic');
  });

  it('a failed dkms build names the kernel and the driver', async () => {
    const r = await explain(['$ sudo dkms install nvidia/550.54.14', 'Error! Bad return status for module build on kernel: 6.11.0-rc1 (x86_64)'].join('\n'));
    const f = find(r, 'driver-not-loaded')!;
    expect(all(f)).toContain('6.11.0-rc1');
    expect(all(f)).toContain('550.54.14');
  });
});

describe('driver floors in other tools\' words', () => {
  it('old nvidia-container-cli with spaces around >=, the driver from a dpkg row', async () => {
    const r = await explain(['ii  nvidia-driver-384  384.130-0ubuntu0.16.04.1  amd64  NVIDIA driver metapackage', 'nvidia-container-cli: requirement error: unsatisfied condition: cuda >= 10.0'].join('\n'));
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('10.0');
    expect(all(r.findings[0]!)).toContain('384.130');
  });

  it("ollama's driver / required_driver pair", async () => {
    const r = await explain('level=WARN msg="NVIDIA driver too old" driver=525 required_driver="550 or newer"');
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('525');
    expect(all(r.findings[0]!)).toContain('550');
  });
});

describe('several toolkits named by place', () => {
  it('an ls listing and the /usr/local/cuda link', async () => {
    const r = await explain(['$ ls -d /usr/local/cuda*', '/usr/local/cuda  /usr/local/cuda-11.8  /usr/local/cuda-12.4', '/usr/local/cuda -> cuda-12.4', 'but my extension needs 11.8'].join('\n'));
    const f = find(r, 'multiple-toolkits')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('11.8');
    expect(all(f)).toContain('12.4');
  });

  it('two nvcc binaries print two versions: the other bin folder goes first on PATH', async () => {
    const r = await explain([
      '$ /usr/bin/nvcc --version', 'Cuda compilation tools, release 11.5, V11.5.119',
      '$ /usr/local/cuda/bin/nvcc --version', 'Cuda compilation tools, release 12.6, V12.6.85',
    ].join('\n'));
    const f = find(r, 'multiple-toolkits')!;
    expect(all(f)).toContain('/usr/bin/nvcc');
    expect(all(f)).toContain('export PATH=/usr/local/cuda/bin:$PATH');
  });

  it('conda cudatoolkit alternatives alone are not several installed toolkits', async () => {
    const r = await explain('I tried torch 1.8.0 with cudatoolkit 10.2 and then with cudatoolkit 11.1, same error');
    expect(find(r, 'multiple-toolkits')).toBeUndefined();
  });
});

describe('causes the facts establish without a message', () => {
  it('TensorFlow 2.13 on native Windows from an issue template', async () => {
    const r = await explain(['### TensorFlow version', 'tf 2.13', '### OS platform and distribution', 'Windows 11', 'GPU list is empty'].join('\n'));
    const f = find(r, 'cpu-only-build')!;
    expect(all(f)).toContain('2.10');
  });

  it('a Pascal GPU and a torch tag whose builds all start at sm_75', async () => {
    const r = await explain('Our cluster gives us Tesla P40 nodes but the image ships torch (cu128) and nothing runs');
    expect(r.findings[0]!.code).toBe('arch-unsupported');
    expect(all(r.findings[0]!)).toContain('sm_61');
  });

  it('a Fermi board: no CUDA 9+ build covers sm_20', async () => {
    const r = await explain('my GeForce GTX 580 is not used, torch.cuda.is_available() returns False');
    expect(topTwo(r)).toContain('arch-unsupported');
    expect(all(find(r, 'arch-unsupported')!)).toContain('2.0');
  });

  it('a conda cudatoolkit older than the GPU: CUDA 10.1 has no sm_86', async () => {
    const r = await explain(['RTX 3080', 'torch 1.6.0 (cudatoolkit 10.1)', 'RuntimeError: CUDA error: no kernel image is available for execution on the device'].join('\n'));
    expect(r.findings[0]!.code).toBe('arch-unsupported');
    expect(r.findings[0]!.cause).toContain('CUDA 10.1 predates sm_86');
  });

  it('conda-forge tensorflow next to tensorflow-gpu (before TF 2.1)', async () => {
    const r = await explain(['tensorflow                1.14.0                   py37_0    conda-forge', 'tensorflow-gpu            1.14.0               h0d30ee6_0    defaults'].join('\n'));
    const f = find(r, 'cpu-only-build')!;
    expect(all(f)).toContain('1.14.0');
    expect(all(f)).toContain('conda remove --force tensorflow');
  });

  it('nvidia-smi shows the memory taken while the user talks about memory', async () => {
    const r = await explain([
      'GPU memory is almost full before my job starts',
      '|   0  Tesla T4            Off  | 00000000:00:04.0 Off |                    0 |',
      '| N/A   40C    P8    10W /  70W |  14000MiB / 15360MiB |      0%      Default |',
    ].join('\n'));
    const f = find(r, 'out-of-memory')!;
    expect(all(f)).toContain('14000MiB');
    expect(all(f)).toContain('fuser');
  });
});

describe('libraries: two copies, another CUDA, onnxruntime', () => {
  it('a versioned symbol missing from the copy that loaded', async () => {
    const r = await explain('OSError: .../nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkAddData_12_1, version libnvJitLink.so.12');
    expect(r.findings[0]!.code).toBe('library-shadowing');
    expect(all(r.findings[0]!)).toContain('libnvJitLink.so.12');
  });

  it('an extension asking for another CUDA runtime than torch was built with', async () => {
    const r = await explain(['ImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory', 'torch 2.3.1+cu121'].join('\n'));
    expect(r.findings[0]!.code).toBe('framework-cuda-mismatch');
    expect(all(r.findings[0]!)).toContain('cu121');
  });

  it('onnxruntime-gpu built for CUDA 11 on a CUDA 12 machine', async () => {
    const r = await explain([
      'onnxruntime-gpu==1.16.3',
      'Cuda compilation tools, release 12.4, V12.4.131',
      '[E:onnxruntime:Default, provider_bridge_ort.cc:1480] Failed to load library libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open shared object file: No such file or directory',
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('framework-cuda-mismatch');
    expect(all(r.findings[0]!)).toContain('libcublasLt.so.11');
    expect(all(r.findings[0]!)).toMatch(/onnxruntime-gpu==1\.\d+\.\*/);
  });

  it('onnxruntime-gpu that loads cuDNN 9 where cuDNN 8 is installed', async () => {
    const r = await explain([
      'onnxruntime-gpu==1.20.1', 'cuDNN version: 8.9.7',
      'LoadLibrary failed with error 126 "" when trying to load "C:\\venv\\Lib\\site-packages\\onnxruntime\\capi\\onnxruntime_providers_cuda.dll"',
    ].join('\n'));
    expect(topTwo(r)).toContain('cudnn-mismatch');
    expect(all(find(r, 'cudnn-mismatch')!)).toContain('cuDNN 9');
  });
});

describe('containers, kernel drivers and hardware modes', () => {
  it('nvidia-smi missing inside a container while the host shows a driver', async () => {
    const r = await explain(['NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2', 'inside the container: bash: nvidia-smi: command not found'].join('\n'));
    const f = find(r, 'no-gpu')!;
    expect(all(f)).toContain('--gpus');
  });

  it('NVML not loadable in a Kubernetes pod: default runtime', async () => {
    const r = await explain(['kubectl logs nvidia-device-plugin-daemonset-x7', 'Failed to initialize NVML: could not load NVML library.'].join('\n'));
    expect(r.findings[0]!.code).toBe('no-gpu');
    expect(all(r.findings[0]!)).toContain('default-runtime');
  });

  it('nova_core bound to the GPU', async () => {
    const r = await explain('[   12.3] NVRM: GPU 0000:41:00.0 is already bound to NovaCore.');
    expect(r.findings[0]!.code).toBe('nouveau');
    expect(all(r.findings[0]!)).toContain('blacklist nova_core');
  });

  it('a GPU the installed driver release does not support', async () => {
    const r = await explain(['NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2684)', 'NVRM: installed in this system is not supported by the 470.223.02', 'NVRM: NVIDIA Linux driver release.'].join('\n'));
    expect(r.findings[0]!.code).toBe('driver-not-loaded');
    expect(all(r.findings[0]!)).toContain('470.223.02');
  });

  it('DataLoader workers killed by a bus error in a container: shm', async () => {
    const r = await explain('RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error. It is possible that dataloader\'s workers are out of shared memory.');
    expect(r.findings[0]!.code).toBe('out-of-memory');
    expect(all(r.findings[0]!)).toContain('--shm-size');
  });

  it('WSL with a GPU in TCC mode', async () => {
    const r = await explain(['running nvidia-smi inside WSL gives', 'Unable to determine the device handle for GPU0: 0000:65:00.0: Unknown Error'].join('\n'));
    expect(r.findings[0]!.code).toBe('wsl');
    expect(all(r.findings[0]!)).toContain('TCC');
    expect(all(r.findings[0]!)).toContain('WDDM');
  });

  it('P2P hang with a peer-access matrix: ACS and the IOMMU', async () => {
    const r = await explain(['all_reduce hangs forever on 4 GPUs', 'Device=0 CANNOT Access Peer Device=1'].join('\n'));
    const f = find(r, 'nccl-failure')!;
    expect(all(f)).toContain('ACS');
    expect(all(f)).toContain('iommu');
  });

  it('a long one-line log keeps the matched message in the evidence', async () => {
    const r = await explain(`${'x'.repeat(900)} RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU`);
    const f = find(r, 'driver-not-loaded')!;
    expect(all(f)).toContain('Found no NVIDIA driver');
  });
});

describe('round 7: REPL answers, loader traces, conda plans, hardware', () => {
  it('torch.version.cuda printed on the next REPL line sets the driver floor', async () => {
    const r = await explain([
      'NVIDIA-SMI 535.54.03   Driver Version: 535.54.03   CUDA Version: 12.2',
      '>>> print(torch.version.cuda)', '12.8',
      'UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12020).',
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('12.8');
    expect(all(r.findings[0]!)).toContain('570');
  });

  it('an extension that checks the capability itself', async () => {
    const r = await explain('OSError: Could not find compatible tinycudann extension for compute capability 72.');
    expect(r.findings[0]!.code).toBe('arch-unsupported');
    expect(all(r.findings[0]!)).toContain('sm_72');
  });

  it('LD_DEBUG shows the system copy loading', async () => {
    const r = await explain('     811:     calling init: /usr/local/cuda-10.1/lib64/libcublas.so.10');
    expect(r.findings[0]!.code).toBe('library-shadowing');
    expect(all(r.findings[0]!)).toContain('/usr/local/cuda-10.1/lib64');
  });

  it("conda's plan picks the CPU build", async () => {
    const r = await explain('  pytorch            pytorch/linux-64::pytorch-1.4.0-py3.6_cpu_0');
    expect(r.findings[0]!.code).toBe('cpu-only-build');
    expect(all(r.findings[0]!)).toContain('py3.6_cpu_0');
  });

  it('bitsandbytes without a binary for the CUDA it found', async () => {
    const r = await explain('CUDA SETUP: Required library version not found: libbitsandbytes_cuda124.so. Maybe you need to compile it from source?');
    expect(r.findings[0]!.code).toBe('framework-cuda-mismatch');
    expect(all(r.findings[0]!)).toContain('124');
  });

  it('a 64-bit BAR the bridge cannot map', async () => {
    const r = await explain('NVRM: This is a 64-bit BAR mapped above 4GB by the system');
    expect(r.findings[0]!.code).toBe('driver-not-loaded');
    expect(all(r.findings[0]!)).toContain('Above 4G Decoding');
  });

  it('an AMD GPU: no NVIDIA driver to load', async () => {
    const r = await explain(['I have an AMD Radeon RX 6800 card', 'RuntimeError: Found no NVIDIA driver on your system.'].join('\n'));
    expect(r.findings[0]!.code).toBe('no-gpu');
    expect(r.findings.map((f) => f.code)).not.toContain('driver-not-loaded');
  });

  it('singularity without --nv, and not when --nv is there', async () => {
    const without = await explain(['$ singularity exec image.sif python -c "import torch; print(torch.cuda.is_available())"', 'False'].join('\n'));
    expect(all(find(without, 'no-gpu')!)).toContain('--nv');
    const withNv = await explain('$ singularity exec --nv image.sif nvidia-smi');
    expect(find(withNv, 'no-gpu')).toBeUndefined();
  });

  it('GPUDirect RDMA failing: ACS', async () => {
    const r = await explain('nccl-tests hang once nvidia-peermem is loaded; without it they pass');
    const f = find(r, 'nccl-failure')!;
    expect(all(f)).toContain('ACS');
  });

  it('a Fermi laptop GPU named with its M suffix', async () => {
    const r = await explain('The NVIDIA driver on your system is too old for cuda 11.8 on my GeForce GT 555M');
    expect(all(find(r, 'arch-unsupported')!)).toContain('2.1');
  });
});

describe('conda builds that do not exist, and the last resort', () => {
  it('a pytorch release asked for with a cudatoolkit it was never built for', async () => {
    const r = await explain('conda install -c pytorch pytorch=1.10.0 torchvision cudatoolkit=11.5   # now torch.cuda.is_available() is False');
    const f = find(r, 'cpu-only-build')!;
    expect(f.title).toContain('1.10.0');
    expect(all(f)).toContain('cu113');
  });

  it('prose with no known message gets at most two guesses, marked as guesses, with the facts it states', async () => {
    const r = await explain('Since yesterday nvidia-smi does not work any more on my RTX 3060, driver 535.');
    expect(r.findings.length).toBeGreaterThan(0);
    expect(r.findings.length).toBeLessThanOrEqual(2);
    expect(r.findings[0]!.severity).toBe('info');
    expect(r.findings[0]!.title).toContain('guess');
    expect(all(r.findings[0]!)).toContain('sm_86');
  });

  it('no guesses for text with nothing GPU-related in it', async () => {
    const r = await explain('The weather is nice today.\nLunch at noon.');
    expect(r.findings).toHaveLength(0);
  });
});

describe('round 8: other ecosystems and old tools', () => {
  it('FFmpeg NVENC API newer than the driver: the floor from the NVENC table', async () => {
    const r = await explain('[hevc_nvenc @ 0x55d] Driver does not support the required nvenc API version. Required: 12.0 Found: 11.1');
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('520.56.06');
  });

  it('FFmpeg prints the floor itself', async () => {
    const r = await explain('The minimum required Nvidia driver for nvenc is 570.0 or newer');
    expect(all(r.findings[0]!)).toContain('570.0');
  });

  it('nvidia-docker 1.0: driver CUDA below the image', async () => {
    const r = await explain(['nvidia-docker | 2017/01/02 Error: unsupported CUDA version: driver 8.0 < image 9.0', '| NVIDIA-SMI 375.66    Driver Version: 375.66 |'].join('\n'));
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('9.0');
    expect(all(r.findings[0]!)).toContain('375.66');
  });

  it('a Paddle postNNN build on a driver too old for it', async () => {
    const r = await explain(['paddlepaddle-gpu==1.6.3.post107', 'NVIDIA-SMI 384.81   Driver Version: 384.81', 'CUDA driver version is insufficient for CUDA runtime version'].join('\n'));
    const f = find(r, 'driver-too-old')!;
    expect(all(f)).toContain('10.0');
    expect(all(f)).toContain('384.81');
  });

  it("Paddle's CPU package", async () => {
    const r = await explain('RuntimeError: Cannot use GPU because you have installed CPU version PaddlePaddle.');
    expect(r.findings[0]!.code).toBe('cpu-only-build');
    expect(all(r.findings[0]!)).toContain('paddlepaddle-gpu');
  });

  it('SIGBUS inside NCCL: /dev/shm', async () => {
    const r = await explain(['[host:77 :0:90] Caught signal 7 (Bus error: nonexistent physical address)', ' 3 0x0000000000059e97 ncclGetUniqueId()  ???:0'].join('\n'));
    expect(r.findings[0]!.code).toBe('nccl-failure');
    expect(all(r.findings[0]!)).toContain('shm-size');
  });

  it("apt's history of an unattended driver upgrade", async () => {
    const r = await explain(['Failed to initialize NVML: Driver/library version mismatch', 'Upgrade: nvidia-compute-utils-535:amd64 (535.104.05-0ubuntu0.22.04.1, 535.113.01-0ubuntu0.22.04.1)'].join('\n'));
    expect(r.findings[0]!.code).toBe('driver-library-mismatch');
    expect(all(r.findings[0]!)).toContain('535.113.01');
    expect(all(r.findings[0]!)).toContain('535.104.05');
  });

  it('"Required key not available" alone: Secure Boot', async () => {
    const r = await explain('modules not loading after the kernel update (Required key not available)');
    expect(r.findings[0]!.code).toBe('secure-boot');
  });

  it('a GPU named by its number only, next to a GPU word', async () => {
    const r = await explain(['RuntimeError: CUDA error: no kernel image is available for execution on the device', 'old torch 1.6 does not support my 3090.'].join('\n'));
    expect(all(r.findings[0]!)).toContain('sm_86');
  });

  it('version.txt of /usr/local/cuda and another nvcc on PATH', async () => {
    const r = await explain(['$ nvcc --version', 'Cuda compilation tools, release 11.3, V11.3.109', '$ cat /usr/local/cuda/version.txt', 'CUDA Version 11.7.64'].join('\n'));
    const f = find(r, 'multiple-toolkits')!;
    expect(all(f)).toContain('11.3');
    expect(all(f)).toContain('11.7');
  });
});

describe('round 9: PTX ISA, wrapped NVRM, library packages of another major', () => {
  it('PTX of a newer ISA than the driver knows: the CUDA of each side', async () => {
    const r = await explain("ptxas application ptx input, line 9; fatal   : Unsupported .version 8.3; current version is '8.2'");
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('12.3');
    expect(all(r.findings[0]!)).toContain('12.2');
  });

  it('an NVRM API mismatch wrapped over three prefixed lines, with the client named', async () => {
    const r = await explain([
      "[    4.100000] NVRM: API mismatch: the client 'Xorg' (pid 812)",
      '               NVRM: has the version 570.144, but this kernel module has',
      '               NVRM: the version 570.133.07.  Please make sure that this',
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('driver-library-mismatch');
    expect(all(r.findings[0]!)).toContain('570.144');
    expect(all(r.findings[0]!)).toContain('570.133.07');
  });

  it("conda's plan pulls a CUDA 12 cuBLAS under pytorch-cuda=11.8", async () => {
    const r = await explain([
      'conda install pytorch pytorch-cuda=11.8 -c pytorch -c nvidia',
      '+ libcublas                12.1.0.26  0                 nvidia/linux-64     Cached',
      'ImportError: .../torch/lib/libtorch_cuda.so: undefined symbol: cublasLtGetStatusString, version libcublasLt.so.11',
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('framework-cuda-mismatch');
    expect(all(r.findings[0]!)).toContain('libcublas 12.1.0.26');
  });

  it("apex's check cut before the nvcc version still names torch's CUDA", async () => {
    const r = await explain('RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match the version used to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 11.3.');
    expect(r.findings[0]!.code).toBe('toolkit-mismatch');
    expect(all(r.findings[0]!)).toContain('11.3');
  });
});

describe('round 10: minimum capability, prose driver CUDA, Windows floors', () => {
  it("torch's 'minimum cuda capability supported' is named next to the GPU's", async () => {
    const r = await explain(['Found GPU0 Quadro K4000 which is of cuda capability 3.0.', 'The minimum cuda capability supported by this library is 3.7.'].join('\n'));
    expect(r.findings[0]!.code).toBe('arch-unsupported');
    expect(all(r.findings[0]!)).toContain('3.0');
    expect(all(r.findings[0]!)).toContain('3.7');
  });

  it('the driver CUDA named in prose next to nvidia-smi joins a toolkit finding', async () => {
    const r = await explain(['Cuda compilation tools, release 10.2, V10.2.89', "nvidia-smi says I'm using CUDA 11.4", 'The detected CUDA version (10.2) mismatches the version that was used to compile PyTorch (11.3).'].join('\n'));
    const f = find(r, 'toolkit-mismatch')!;
    expect(all(f)).toContain('11.4');
  });

  it('a CUDA 12 runtime DLL on Windows: the Windows driver floor', async () => {
    const r = await explain('msg="Unable to load cudart" library=C:\\Users\\me\\AppData\\Local\\Programs\\Ollama\\lib\\ollama\\cudart64_12.dll error="your nvidia driver is too old or missing."');
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('527.41');
  });

  it('"Failed to initialize NVML: Function Not Found": check which libnvidia-ml loads', async () => {
    const r = await explain('$ nvidia-smi\nFailed to initialize NVML: Function Not Found');
    expect(r.findings[0]!.code).toBe('driver-library-mismatch');
    expect(all(r.findings[0]!)).toContain('libnvidia-ml');
  });

  it('nvidia-smi "cannot communicate with drivers" in prose', async () => {
    const r = await explain('after the upgrade `nvidia-smi` cannot communicate with drivers');
    expect(r.findings[0]!.code).toBe('driver-not-loaded');
    expect(all(r.findings[0]!)).toContain('linux-headers');
  });
});

describe('round 11: module built for another kernel, WSL 1, gpustat, lspci -k', () => {
  it("the module's version magic names the running kernel", async () => {
    const r = await explain("kernel: nvidia: version magic '6.1.0-17-amd64 SMP preempt mod_unload modversions ' should be '6.1.0-18-amd64 SMP preempt mod_unload modversions '");
    expect(r.findings[0]!.code).toBe('driver-not-loaded');
    expect(all(r.findings[0]!)).toContain('6.1.0-18-amd64');
  });

  it('WSL 1: convert to WSL 2', async () => {
    const r = await explain(['I am on WSL1 with Ubuntu 20.04', 'RuntimeError: Found no NVIDIA driver on your system.'].join('\n'));
    expect(r.findings[0]!.code).toBe('wsl');
    expect(all(r.findings[0]!)).toContain('wsl --set-version');
  });

  it('gpustat rows show the memory taken by other jobs', async () => {
    const r = await explain(['RuntimeError: CUDA error: out of memory', "[0] NVIDIA A100-SXM4-40GB | 40'C,   0 % | 39012 / 40960 MB | alice(39000M)"].join('\n'));
    expect(r.findings[0]!.code).toBe('out-of-memory');
    expect(all(r.findings[0]!)).toContain('39012');
  });

  it('lspci -k with nouveau bound', async () => {
    const r = await explain(['01:00.0 VGA compatible controller: NVIDIA Corporation TU117 [GeForce GTX 1650]', '\tKernel driver in use: nouveau'].join('\n'));
    expect(r.findings[0]!.code).toBe('nouveau');
  });

  it('the oldest nvidia-docker CUDA check (two numbers)', async () => {
    const r = await explain('nvidia-docker | 2016/05/01 Error: unsupported CUDA version: 8.0 < 7.5');
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('8.0');
  });

  it('CMake sees nvcc of one toolkit and headers of another', async () => {
    const r = await explain(['-- Caffe2: CUDA nvcc is: /usr/local/cuda-11.1/bin/nvcc', '-- Caffe2: Header version is: 11.3'].join('\n'));
    const f = r.findings[0]!;
    expect(all(f)).toContain('11.1');
    expect(all(f)).toContain('11.3');
  });
});

describe('round 12: the linker, NVRM without versions', () => {
  it('ld cannot find -lcuda: the link name, not the loader path', async () => {
    const r = await explain(['/usr/bin/ld: cannot find -lcuda: No such file or directory', 'collect2: error: ld returned 1 exit status'].join('\n'));
    expect(r.findings[0]!.code).toBe('library-not-found');
    expect(all(r.findings[0]!)).toContain('libcuda.so');
    expect(all(r.findings[0]!)).toContain('stubs');
  });

  it('NVRM API mismatch with the versions elided, and with them on the next lines', async () => {
    const bare = await explain('NVRM: API mismatch: the client has the version <x>, but');
    expect(bare.findings[0]!.code).toBe('driver-library-mismatch');
    const wrapped = await explain(["NVRM: API mismatch: the client 'Xwayland' (pid 77)", 'NVRM: has the version 550.90.07, but this kernel module has', 'NVRM: the version 550.78.  Please make sure'].join('\n'));
    expect(all(wrapped.findings[0]!)).toContain('550.90.07');
    expect(all(wrapped.findings[0]!)).toContain('550.78');
  });
});

describe('round 13: process table, markdown emphasis, DKMS package names', () => {
  it("nvidia-smi's process table names who holds the memory", async () => {
    const r = await explain([
      'jobs on node 7 keep failing to allocate memory',
      '|    0   N/A  N/A     48213      C   python                          30210MiB |',
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('out-of-memory');
    expect(all(r.findings[0]!)).toContain('48213');
  });

  it('a driver version in markdown bold is still the driver', async () => {
    const r = await explain(['the host runs driver **535.183.01**', 'CUDA driver version is insufficient for CUDA runtime version', 'torch 2.7.0+cu128'].join('\n'));
    expect(all(r.findings[0]!)).toContain('535.183.01');
  });

  it('a failed DKMS build names the package version and the kernel in prose', async () => {
    const r = await explain(['After installing the 6.15 kernel:', 'Building DKMS module: nvidia-575.64.05... FAILED!'].join('\n'));
    const f = find(r, 'driver-not-loaded')!;
    expect(all(f)).toContain('575.64.05');
    expect(all(f)).toContain('6.15');
  });
});

describe('round 14: nvcc older than the CUDA named, image tags, other packages', () => {
  it('the named CUDA supports the arch: the nvcc that ran is another one', async () => {
    const r = await explain(["nvcc fatal   : Unsupported gpu architecture 'compute_70'", 'I have CUDA 10.1 installed'].join('\n'));
    const f = find(r, 'toolkit-mismatch')!;
    expect(f.cause).toContain('9.0');
    expect(all(f)).toContain('which -a nvcc');
  });

  it('a CUDA image tag and a driver stated in prose', async () => {
    const r = await explain(['CUDA driver version is insufficient for CUDA runtime version', 'The version of the driver installed on the nodes is 410.104.', 'I built my container from nvidia/cuda:10.1-devel-ubuntu18.04.'].join('\n'));
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('410.104');
    expect(all(r.findings[0]!)).toContain('418.39');
  });

  it('CUDA.jl: the driver below every supported toolkit', async () => {
    const r = await explain('Error: CUDA driver 10.1.0 is not compatible with any supported CUDA toolkit (11.4.4, 11.5.2, 12.0.1)');
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(r.findings[0]!)).toContain('11.4');
  });

  it('cuDF with a toolkit newer than the driver', async () => {
    const r = await explain('UserWarning: Using CUDA toolkit version (12, 4) with CUDA driver version (12, 1) requires minor version compatibility, which is not yet supported');
    expect(r.findings[0]!.code).toBe('framework-cuda-mismatch');
    expect(all(r.findings[0]!)).toContain('12.4');
    expect(all(r.findings[0]!)).toContain('12.1');
  });

  it('aarch64: the PyPI wheel is the CPU build', async () => {
    const r = await explain('On our GH200 node `pip install torch` installed the CPU version of torch');
    const f = find(r, 'cpu-only-build')!;
    expect(all(f)).toContain('download.pytorch.org/whl/cu');
  });

  it('a Windows driver file version read as the NVIDIA version', async () => {
    const r = await explain(['CUDA driver version is insufficient for CUDA runtime version', 'Driver Version: 30.0.14.7141'].join('\n'));
    expect(all(r.findings[0]!)).toContain('471.41');
  });
});

describe('round 15: user site, raw cuDNN numbers, containers, prose CUDA', () => {
  it('a pip --user copy in ~/.local imported inside a conda env', async () => {
    const r = await explain(['(myenv) $ python -c "import tensorflow"', '  File "/home/u/.local/lib/python3.8/site-packages/tensorflow/__init__.py", line 41, in <module>', 'conda activate myenv'].join('\n'));
    const f = find(r, 'mixed-package-managers')!;
    expect(all(f)).toContain('.local');
    expect(all(f)).toContain('PYTHONNOUSERSITE');
  });

  it('raw cuDNN numbers of every message are kept', async () => {
    const r = await explain(['Loaded runtime CuDNN library: 7102 (compatibility version 7100) but source was compiled with 7005 (compatibility version 7000).'].join('\n'));
    expect(all(r.findings[0]!)).toContain('7102');
    expect(all(r.findings[0]!)).toContain('7005');
  });

  it('nvidia-smi failing inside a plain docker container: --gpus', async () => {
    const r = await explain(['docker run -it my-image bash', '$ nvidia-smi', "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."].join('\n'));
    expect(r.findings[0]!.code).toBe('no-gpu');
    expect(all(r.findings[0]!)).toContain('--gpus');
  });

  it('cuDNN "Cannot load symbol" without the "Invalid handle" prefix', async () => {
    const r = await explain('Could not load library libcudnn_cnn_infer.so.8. Error: Cannot load symbol cudnnCreateConvolutionDescriptor');
    expect(r.findings.map((f) => f.code)).toContain('library-not-found');
  });

  it('every CUDA named in prose is named in a CUDA finding', async () => {
    const r = await explain(['I tried both the CUDA 10.2 and CUDA 11.3 builds of pytorch', 'CUDA driver version is insufficient for CUDA runtime version'].join('\n'));
    expect(all(find(r, 'driver-too-old')!)).toContain('10.2');
    expect(all(find(r, 'driver-too-old')!)).toContain('11.3');
  });
});

describe('no guesses on healthy pastes', () => {
  it('a healthy collect_env and pip list give no findings', async () => {
    const r = await explain([
      'PyTorch version: 2.9.0+cu130', 'Is debug build: False', 'CUDA used to build PyTorch: 13.0', 'Clang version: Could not collect',
      'Is CUDA available: True', 'GPU models and configuration: GPU 0: NVIDIA H200', 'Nvidia driver version: 580.95.05',
      'nvidia-nccl-cu13          2.27.7', 'nvidia-cudnn-cu13         9.13.0.50', 'Is XPU available: False',
    ].join('\n'));
    expect(r.findings.filter((f) => f.title.includes('guess'))).toHaveLength(0);
  });

  it('a compat libcuda in a file listing, with no error, is information only', async () => {
    const r = await explain(['$ find / -name "libcuda.so*"', '/usr/local/cuda-13.0/compat/libcuda.so.580.95.05', '/usr/lib/x86_64-linux-gnu/libcuda.so.1'].join('\n'));
    const f = find(r, 'forward-compat-shadowing')!;
    expect(f.severity).toBe('info');
  });
});
