// Third round, one describe per class of failure of the third independent set (docs/explain-eval.md).
// Texts written here for the tests, in the shapes users paste them; none is copied from a case file.
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { all, explain, find, topTwo } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

describe('1. driver floors from an inferred CUDA', () => {
  it('cudaErrorUnsupportedPtxVersion with the toolkit and driver in Chinese prose names both floors', async () => {
    const r = await explain('CUDA error: code=222(cudaErrorUnsupportedPtxVersion) at cudaMalloc\ncuda版本：11.4\n驱动版本: 460.91.03');
    const f = find(r, 'driver-too-old')!;
    expect(r.findings[0]!.code).toBe('driver-too-old');
    expect(all(f)).toContain('11.4');
    expect(all(f)).toContain('470.42.01');
    expect(all(f)).toContain('450.80.02'); // minor-version compatibility floor of CUDA 11
  });

  it('a toolkit from a package list names the floor', async () => {
    const r = await explain('cuda: 11.5.1-1\nnvidia-utils: 465.31-1\nthe provided PTX was compiled with an unsupported toolchain.');
    expect(all(find(r, 'driver-too-old')!)).toContain('495');
  });
});

describe('2. old GPUs: capability lines, model names, and NCCL on Kepler', () => {
  it('"device kernel image is invalid" with an MX-series Maxwell → arch-unsupported sm_50', async () => {
    const r = await explain('GPU: GeForce MX110\nInternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: device kernel image is invalid');
    expect(r.findings[0]!.code).toBe('arch-unsupported');
    expect(all(r.findings[0]!)).toContain('sm_50');
  });

  it('a Quadro K (Kepler) under an NCCL "unhandled cuda error" is an architecture problem first', async () => {
    const r = await explain('Machine with 4 Quadro K4000 boards\nncclUnhandledCudaError: unhandled cuda error');
    expect(topTwo(r)).toEqual(['arch-unsupported', 'nccl-failure']);
    expect(all(r.findings[0]!)).toContain('sm_30');
    expect(all(r.findings[0]!)).toContain('NVCC_GENCODE');
  });

  it('a modern GPU under the same NCCL error stays an NCCL finding', async () => {
    const r = await explain('4x RTX A6000\nncclUnhandledCudaError: unhandled cuda error');
    expect(r.findings[0]!.code).toBe('nccl-failure');
    expect(find(r, 'arch-unsupported')).toBeUndefined();
  });

  it('"GTX 3090" is read as the RTX 3090 (sm_86)', async () => {
    const r = await explain('RuntimeError: CUDA error: no kernel image is available for execution on the device\nGPU: GTX 3090\ntorch==1.7.1+cu101');
    expect(all(find(r, 'arch-unsupported')!)).toContain('sm_86');
  });
});

describe('3. conda and pip in one stack', () => {
  it('pip uninstalls the conda torch in a conda env → mixed-package-managers naming the old version', async () => {
    const r = await explain([
      'I created the env with conda env create -f environment.yml',
      'then pip install -r requirements.txt printed:',
      '  Attempting uninstall: torch',
      '    Found existing installation: torch 1.12.1',
      '    Uninstalling torch-1.12.1:',
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('mixed-package-managers');
    expect(all(r.findings[0]!)).toContain('1.12.1');
  });

  it('prose: pip uninstalls the PyTorch conda put there', async () => {
    const r = await explain('I install PyTorch using conda, then pip install . and pip uninstalls my PyTorch (2.0) and installs another one');
    expect(topTwo(r)).toContain('mixed-package-managers');
  });

  it('the same pip lines without conda are not a mixed stack', async () => {
    const r = await explain('  Attempting uninstall: torch\n    Found existing installation: torch 1.12.1');
    expect(find(r, 'mixed-package-managers')).toBeUndefined();
  });

  it('conda list only: torch from pypi next to torchvision from the pytorch channel', async () => {
    const r = await explain('torch                     2.0.1                    pypi_0    pypi\ntorchvision               0.15.2               py310_cu118    pytorch\n');
    expect(topTwo(r)).toContain('mixed-package-managers');
  });
});

describe('4. old TensorFlow and the CUDA it wants', () => {
  it('TF 2.2 sees only the CPU with CUDA 10.2 installed → framework-cuda-mismatch naming 10.1', async () => {
    const r = await explain("- TensorFlow version: 2.2.0\n- CUDA/cuDNN version: 10.2, 7.6\n>>> tf.config.list_physical_devices()\n[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]");
    const f = find(r, 'framework-cuda-mismatch')!;
    expect(r.findings[0]!.code).toBe('framework-cuda-mismatch');
    expect(all(f)).toContain('10.1');
  });

  it('TF 2.5 on CUDA 11.4: same major, no mismatch claimed', async () => {
    const r = await explain("tensorflow==2.5.0\nCUDA 11.4 installed\n[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]");
    expect(find(r, 'framework-cuda-mismatch')?.title ?? '').not.toContain('expects CUDA');
  });

  it('TF newer than 2.10 on native Windows → cpu-only-build naming 2.10', async () => {
    const r = await explain("### OS platform and distribution\nWindows 10 22H2\n### TensorFlow version\n2.15.0\n[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]");
    expect(topTwo(r)).toContain('cpu-only-build');
    expect(all(find(r, 'cpu-only-build')!)).toContain('2.10');
  });
});

describe('5. NCCL hangs behind PCIe switches → ACS', () => {
  it('P2P/IPC transport and a hang name ACS, setpci and NCCL_P2P_DISABLE', async () => {
    const r = await explain('node1:123:456 [0] NCCL INFO Channel 00 : 0[1000] -> 1[2000] via P2P/IPC\ntraining hangs at the first all_reduce on 8 GPUs');
    const f = r.findings[0]!;
    expect(f.code).toBe('nccl-failure');
    expect(all(f)).toContain('ACS');
    expect(all(f)).toContain('setpci');
    expect(all(f)).toContain('NCCL_P2P_DISABLE=1');
  });

  it('a shm error with P2P lines stays a /dev/shm finding', async () => {
    const r = await explain('NCCL INFO Channel 00 : 0 -> 1 via P2P/IPC\nNCCL WARN Error while creating shared memory segment /dev/shm/nccl-abc (size 9637888)');
    expect(all(r.findings[0]!)).toContain('shm-size');
    expect(all(r.findings[0]!)).not.toContain('setpci');
  });
});

describe('6. WSL reports are not CPU-only builds', () => {
  it('WSL 2 + cudaGetDeviceCount error → wsl first', async () => {
    const r = await explain('Using Ubuntu 22.04 in WSL 2, torch 2.0.1 from pip\nUserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 500: named symbol not found');
    expect(r.findings[0]!.code).toBe('wsl');
  });

  it('the same warning on bare metal does not produce a wsl finding', async () => {
    const r = await explain('UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Error 804: forward compatibility was attempted on non supported HW');
    expect(find(r, 'wsl')).toBeUndefined();
  });
});

describe('7. a driver version on mismatch lines', () => {
  it('dpkg nvidia-smi row + /proc version → both versions in the title', async () => {
    const r = await explain('Failed to initialize NVML: Driver/library version mismatch\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Tue Oct 31 2023\nii  nvidia-smi     535.161.07-1  amd64   NVIDIA System Management Interface');
    expect(r.findings[0]!.code).toBe('driver-library-mismatch');
    expect(r.findings[0]!.title).toContain('535.129.03');
    expect(r.findings[0]!.title).toContain('535.161.07');
  });
});

describe('cuDNN feature minimum', () => {
  it('"supported only in cudnn vX and above" → cudnn-mismatch naming X', async () => {
    const r = await explain('RuntimeError: this op is supported only in cudnn v7.1 and above');
    expect(r.findings[0]!.code).toBe('cudnn-mismatch');
    expect(all(r.findings[0]!)).toContain('7.1');
  });
});
