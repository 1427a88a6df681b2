// Second round, one describe per class of failure of the second independent set (docs/explain-eval.md).
// Texts written here for the tests, in the many shapes users paste them; none is copied from a case file.
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { all, explain, find, topTwo } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

describe('1. extension builds against the wrong toolkit', () => {
  it('the version check quoted as a markdown block, wrapped over two lines', async () => {
    const r = await explain([
      '> Building wheel for xformers (setup.py) ... error',
      '> RuntimeError:',
      '> The detected CUDA version (12.4) mismatches the version that was used to compile',
      '> PyTorch (11.8). Please make sure to use the same CUDA versions.',
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('toolkit-mismatch');
    expect(all(r.findings[0]!)).toContain('12.4');
    expect(all(r.findings[0]!)).toContain('11.8');
  });

  it("apex's own warning, with the nvcc banner above it, names both versions", async () => {
    const r = await explain([
      'Compiling cuda extensions with',
      'nvcc: NVIDIA (R) Cuda compiler driver',
      'Cuda compilation tools, release 10.1, V10.1.243',
      'Warning: Cuda extensions are being compiled with a version of Cuda that does not match the version used to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 11.3',
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('toolkit-mismatch');
    expect(all(r.findings[0]!)).toContain('10.1');
    expect(all(r.findings[0]!)).toContain('11.3');
    // The torch CUDA in the warning is not a second installed toolkit.
    expect(r.findings.map((f) => f.code)).not.toContain('multiple-toolkits');
  });

  it('a host gcc too new for nvcc', async () => {
    const r = await explain('/usr/local/cuda/include/crt/host_config.h:132:2: error: #error -- unsupported GNU version! gcc versions later than 11 are not supported! The nvcc flag \'-allow-unsupported-compiler\' can be used to override this version check');
    expect(r.findings[0]!.code).toBe('toolkit-mismatch');
    expect(all(r.findings[0]!)).toContain('gcc-11');
  });
});

describe('2. NCCL', () => {
  it('a WARN from socket.h without the "NCCL WARN" prefix', async () => {
    const r = await explain('node2:1234:1300 [0] misc/socket.cc:484 WARN Net : Connect to 10.0.0.3<43121> failed : Connection refused');
    expect(r.findings[0]!.code).toBe('nccl-failure');
    expect(all(r.findings[0]!)).toContain('NCCL_SOCKET_IFNAME');
  });

  it('"unhandled system error" alone: shm and the socket interface are both named', async () => {
    const r = await explain('torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1');
    const f = r.findings[0]!;
    expect(f.code).toBe('nccl-failure');
    expect(all(f)).toContain('shm');
    expect(all(f)).toContain('NCCL_SOCKET_IFNAME');
  });

  it('InfiniBand trouble suggests NCCL_IB_DISABLE', async () => {
    const r = await explain('gpu01:77:90 [0] NCCL INFO NET/IB : No device found.\ngpu01:77:90 [0] include/socket.h:403 NCCL WARN Connect to 192.168.1.5<5555> failed : Connection timed out');
    expect(r.findings[0]!.code).toBe('nccl-failure');
    expect(all(r.findings[0]!)).toContain('NCCL_IB_DISABLE=1');
  });

  it('"unhandled cuda error" points at P2P', async () => {
    const r = await explain('RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled cuda error, NCCL version 2.14.3');
    expect(r.findings[0]!.code).toBe('nccl-failure');
    expect(all(r.findings[0]!)).toContain('NCCL_P2P_DISABLE=1');
  });

  it('a "connection refused" that is not about distributed training is not NCCL', async () => {
    const r = await explain('curl: (7) Failed to connect to localhost port 8080: Connection refused');
    expect(r.findings.map((f) => f.code)).not.toContain('nccl-failure');
  });
});

describe('3. driver module missing after an install', () => {
  it('"NVIDIA kernel module missing" alone: driver-not-loaded and secure-boot in the top two', async () => {
    const r = await explain('After installing the driver from RPM Fusion I get "NVIDIA kernel module missing. Falling back to nouveau" at login.');
    expect(topTwo(r)).toContain('secure-boot');
    expect(topTwo(r)).toContain('driver-not-loaded');
  });

  it('with "Secure Boot: enabled" stated, secure-boot comes first', async () => {
    const r = await explain('$ mokutil --sb-state\nSecureBoot enabled\nNvidia kernel module missing');
    expect(r.findings[0]!.code).toBe('secure-boot');
    expect(all(r.findings[0]!)).toContain('mokutil');
  });

  it('with Secure Boot stated off, no secure-boot finding', async () => {
    const r = await explain('Secure boot is disabled in the BIOS.\nNVIDIA kernel module missing');
    expect(r.findings.map((f) => f.code)).not.toContain('secure-boot');
  });

  it('modprobe "Operation not permitted" → secure-boot first', async () => {
    const r = await explain("$ sudo modprobe nvidia\nmodprobe: ERROR: could not insert 'nvidia': Operation not permitted");
    expect(r.findings[0]!.code).toBe('secure-boot');
  });

  it("the .run installer's nvidia-drm load failure → secure-boot and nouveau", async () => {
    const r = await explain("ERROR: Unable to load the 'nvidia-drm' kernel module.");
    expect(topTwo(r)).toContain('secure-boot');
    expect(r.findings.map((f) => f.code)).toContain('nouveau');
  });
});

describe('4. WSL errors from other tools', () => {
  it('cuda-python cannot dlopen libcuda in WSL', async () => {
    const r = await explain('I am on WSL (Ubuntu 22.04).\nRuntimeError: Failed to dlopen libcuda.so');
    expect(r.findings[0]!.code).toBe('wsl');
    expect(all(r.findings[0]!)).toContain('/usr/lib/wsl/lib');
    expect(r.findings.flatMap((f) => f.fix).join('\n')).not.toMatch(/dkms|mokutil/);
  });

  it('a Rust crate that finds no cuda library, on a WSL box', async () => {
    const r = await explain('running candle under WSL:\nUnable to find cuda lib under the names ["cuda", "nvcuda"].');
    expect(r.findings[0]!.code).toBe('wsl');
  });

  it("Docker Desktop: 'WSL environment detected but no adapters were found'", async () => {
    const r = await explain('nvidia-container-cli: initialization error: WSL environment detected but no adapters were found: unknown.');
    expect(r.findings[0]!.code).toBe('wsl');
  });

  it('the same libcuda error on bare metal is not WSL', async () => {
    const r = await explain('RuntimeError: Failed to dlopen libcuda.so');
    expect(r.findings.map((f) => f.code)).not.toContain('wsl');
    expect(r.findings[0]!.code).toBe('driver-not-loaded');
  });

  it('"not using WSL" does not make it WSL', async () => {
    const r = await explain('Native Ubuntu, not using WSL.\nRuntimeError: Failed to dlopen libcuda.so');
    expect(r.findings.map((f) => f.code)).not.toContain('wsl');
  });
});

describe('5. driver floors of old CUDA versions', () => {
  it('CUDA 8.0 named in prose with an old driver → the 8.0 floor', async () => {
    const r = await explain('cudaGetDeviceCount returned 35\n-> CUDA driver version is insufficient for CUDA runtime version\nDriver Version: 361.42, I built the samples with CUDA 8.0');
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('367.48');
    expect(all(f)).toContain('361.42');
  });

  it('an old torch from PyPI with "found version 10000" → its default CUDA 10.2 and 440', async () => {
    const r = await explain('torch==1.9.0\nUserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 10000).');
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('10.2');
    expect(all(f)).toContain('440');
  });

  it('a container that wants CUDA 9.0 → 384', async () => {
    const r = await explain('nvidia-container-cli: requirement error: unsatisfied condition: cuda>=9.0, please update your driver to a newer version');
    expect(all(r.findings[0]!)).toContain('384.81');
  });
});

describe('6. CPU builds, cuDNN variants, shadowing, companions, OOM formats', () => {
  it('xFormers reporting a +cpu torch → cpu-only-build first, naming the version and the wanted build', async () => {
    const r = await explain('WARNING[XFORMERS]: xFormers can\'t load C++/CUDA extensions. xFormers was built for:\n    PyTorch 2.3.1+cu121 with CUDA 1201 (you have 2.3.1+cpu)');
    const f = r.findings[0]!;
    expect(f.code).toBe('cpu-only-build');
    expect(all(f)).toContain('2.3.1');
    expect(all(f)).toContain('cu121');
  });

  it('xFormers built for another torch → framework-cuda-mismatch naming both', async () => {
    const r = await explain('xFormers was built for:\n    PyTorch 2.2.0+cu121 with CUDA 1201 (you have 2.4.0+cu124)');
    const f = r.findings[0]!;
    expect(f.code).toBe('framework-cuda-mismatch');
    expect(all(f)).toContain('2.2.0+cu121');
    expect(all(f)).toContain('2.4.0+cu124');
    expect(all(f)).toContain('12.1');
  });

  it('a conda list with a cpu build string and is_available False', async () => {
    const r = await explain('# Name                    Version                   Build  Channel\npytorch                   2.0.1               cpu_py310hab5cca8_0    conda-forge\n>>> torch.cuda.is_available()\nFalse');
    expect(r.findings[0]!.code).toBe('cpu-only-build');
  });

  it('torchvision and torch of different CUDA majors', async () => {
    const r = await explain('RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA major versions. PyTorch has CUDA Version=11.8 and torchvision has CUDA Version=12.1. Please reinstall the torchvision that matches your PyTorch install.');
    const f = r.findings[0]!;
    expect(f.code).toBe('framework-cuda-mismatch');
    expect(all(f)).toContain('cu118');
  });

  it('operator torchvision::nms does not exist', async () => {
    const r = await explain('RuntimeError: operator torchvision::nms does not exist');
    expect(r.findings[0]!.code).toBe('framework-cuda-mismatch');
  });

  it('"Unable to load any of {libcudnn_cnn.so.9…}" names the cuDNN 9 library', async () => {
    const r = await explain('Unable to load any of {libcudnn_cnn.so.9.1.0, libcudnn_cnn.so.9.1, libcudnn_cnn.so.9, libcudnn_cnn.so}\nInvalid handle. Cannot load symbol cudnnCreateConvolutionDescriptor');
    const f = r.findings[0]!;
    expect(f.code).toBe('library-not-found');
    expect(all(f)).toContain('libcudnn_cnn.so.9');
  });

  it('a cuDNN loaded from a toolkit folder with a missing symbol → library-shadowing naming the folder', async () => {
    const r = await explain('Could not load library libcudnn_ops_train.so.8. Error: /usr/local/cuda-11.7/lib64/libcudnn_ops_train.so.8: undefined symbol: _ZN5cudnn14ops_internal17xyzE, version libcudnn_ops_infer.so.8');
    const f = r.findings[0]!;
    expect(f.code).toBe('library-shadowing');
    expect(all(f)).toContain('/usr/local/cuda-11.7/lib64');
    expect(all(f)).toContain('LD_LIBRARY_PATH');
  });

  it('a TF cuDNN line cut off mid-word still names the loaded version and LD_LIBRARY_PATH', async () => {
    const r = await explain('E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:417] Loaded runtime CuDNN library: 8.2.4 but source was comp');
    const f = r.findings[0]!;
    expect(f.code).toBe('cudnn-mismatch');
    expect(all(f)).toContain('8.2.4');
    expect(all(f)).toContain('LD_LIBRARY_PATH');
  });

  it('the older OOM numbers without the "CUDA out of memory." prefix', async () => {
    const r = await explain('Tried to allocate 512.00 MiB (GPU 1; 10.76 GiB total capacity; 120.50 MiB already allocated; 40.25 MiB free; 150.00 MiB reserved in total by PyTorch)');
    const f = r.findings[0]!;
    expect(f.code).toBe('out-of-memory');
    expect(all(f)).toContain('120.50 MiB');
    expect(all(f)).toContain('nvidia-smi');
  });

  it('JAX RESOURCE_EXHAUSTED "Failed to allocate" and TF ResourceExhaustedError', async () => {
    expect((await explain('jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 3.00GiB (3221225472B) on device ordinal 0')).findings[0]!.code).toBe('out-of-memory');
    expect((await explain('tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to allocate memory [Op:AddV2]')).findings[0]!.code).toBe('out-of-memory');
  });

  it('an old GPU named with an old torch and no message → arch-unsupported', async () => {
    const r = await explain('Box with a Tesla K20m, pytorch 1.8 from conda. Any CUDA op dies.\nTraceback (most recent call last):\n  File "train.py", line 3, in <module>');
    const f = find(r, 'arch-unsupported');
    expect(f).toBeDefined();
    expect(all(f!)).toContain('sm_35');
  });
});
