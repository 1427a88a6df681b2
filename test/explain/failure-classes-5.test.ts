// Round 16: one describe per class of failure of holdout-16a/16b (docs/explain-eval.md).
// Texts written here for the tests, in other shapes than the cases; none is copied from a case file.
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { all, explain, find, topTwo } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

describe('hardware faults as CUDA reports them', () => {
  it('an uncorrectable ECC error from the runtime is ecc-errors, not a software cause', async () => {
    const r = await explain('torch.AcceleratorError: CUDA error: uncorrectable ECC error encountered\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.');
    expect(r.findings[0]!.code).toBe('ecc-errors');
    expect(all(r.findings[0]!)).toContain('ECC');
    expect(all(r.findings[0]!)).toContain('nvidia-smi -q -d ECC');
  });

  it('the driver API name of the same error', async () => {
    const r = await explain('jax.errors: INTERNAL: cuModuleLoadData failed: CUDA_ERROR_ECC_UNCORRECTABLE');
    expect(r.findings[0]!.code).toBe('ecc-errors');
  });
});

describe('libraries with an architecture floor of their own', () => {
  it('FlashAttention 2 on a Turing card names Ampere and sm_80', async () => {
    const r = await explain('GPU: NVIDIA GeForce RTX 2080 Ti\nRuntimeError: FlashAttention only support Ampere GPUs or newer.');
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(all(f)).toContain('Ampere');
    expect(all(f)).toContain('sm_80');
    expect(all(f)).toContain('sm_75');
    expect(all(f)).toContain('pip uninstall -y flash-attn');
  });

  it('RAPIDS on a Maxwell card names both floors and the release that changed them', async () => {
    const r = await explain('GPU: Quadro M4000\nRuntimeError: This cuML installation is missing the necessary PTX files that are <=52.');
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(all(f)).toContain('6.0');
    expect(all(f)).toContain('7.0');
    expect(all(f)).toContain('24.02');
  });

  it('old torch saying the GPU needs a newer CUDA than its build names both CUDA versions', async () => {
    const r = await explain([
      'UserWarning:',
      '    Found GPU0 NVIDIA A100-SXM4-40GB which requires CUDA_VERSION >= 11000 to',
      '    work properly, but your PyTorch was compiled',
      '    with CUDA_VERSION 10020. Please install the correct PyTorch binary',
    ].join('\n'));
    const f = find(r, 'arch-unsupported')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('11.0');
    expect(all(f)).toContain('10.2');
  });
});

describe('CPU-only builds of companion libraries', () => {
  it('bitsandbytes without GPU support, on its own, is a CPU-only build', async () => {
    const r = await explain('C:\\venv\\lib\\site-packages\\bitsandbytes\\cextension.py:34: UserWarning: The installed version of bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are unavailable.');
    expect(r.findings[0]!.code).toBe('cpu-only-build');
    expect(all(r.findings[0]!)).toContain('bitsandbytes');
    expect(all(r.findings[0]!)).toContain('0.43.0');
  });

  it('with the CUDA runtime it could not find, the missing library comes first', async () => {
    const r = await explain(['UserWarning: The installed version of bitsandbytes was compiled without GPU support.', 'OSError: libcudart.so.12: cannot open shared object file: No such file or directory'].join('\n'));
    expect(r.findings[0]!.code).toBe('library-not-found');
  });

  it('PaddlePaddle\'s "you are using the cpu version" message', async () => {
    const r = await explain('ERROR: You are using paddlepaddle cpu version! Please try to install paddlepaddle-gpu to run model on GPU.');
    expect(r.findings[0]!.code).toBe('cpu-only-build');
    expect(all(r.findings[0]!)).toContain('paddlepaddle-gpu');
  });

  it('a conda plan that replaces the CUDA pytorch with a defaults cpu_py build names the release', async () => {
    const r = await explain('The following packages will be SUPERSEDED by a higher-priority channel:\n  pytorch   pytorch::pytorch-2.0.1-py3.11_cuda11.8~ --> pkgs/main::pytorch-2.0.1-cpu_py311h1234567_0');
    const f = r.findings[0]!;
    expect(f.code).toBe('cpu-only-build');
    expect(all(f)).toContain('2.0.1');
    expect(all(f)).toContain('cpu_py311h1234567_0');
  });
});

describe('the driver library loaded in the wrong form', () => {
  it('a libcuda without its entry points: the stub is named first', async () => {
    const r = await explain('Warp CUDA error: Failed to get driver entry point \'cuCtxGetCurrent\'');
    expect(r.findings[0]!.code).toBe('library-shadowing');
    expect(all(r.findings[0]!)).toContain('stub');
  });

  it('the user-space wording of an API mismatch names both versions', async () => {
    const r = await explain('Error: API mismatch: the NVIDIA kernel module has version 470.57.02,\nbut this NVIDIA driver component has version 470.42.01. Please make\nsure that the kernel module and all NVIDIA driver components\nhave the same version.');
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-library-mismatch');
    expect(all(f)).toContain('470.57.02');
    expect(all(f)).toContain('470.42.01');
  });

  it('an undefined symbol in a CUDA library under another CUDA\'s folder is shadowing, with LD_LIBRARY_PATH', async () => {
    const r = await explain('ImportError: /opt/apps/cuda/10.1/lib64/libcurand.so.10: undefined symbol: curandGenerateBinomial');
    const f = r.findings[0]!;
    expect(f.code).toBe('library-shadowing');
    expect(all(f)).toContain('LD_LIBRARY_PATH');
    expect(all(f)).toContain('/opt/apps/cuda/10.1/lib64');
  });

  it('cuDNN 9 DLL names on Windows', async () => {
    const r = await explain('Could not locate cudnn_graph64_9.dll. Please make sure it is in your library path!');
    const f = r.findings[0]!;
    expect(f.code).toBe('library-not-found');
    expect(all(f)).toContain('cudnn_graph64_9.dll');
  });
});

describe('WSL 2', () => {
  it('error 500 in a Docker Desktop container with a 555+ driver: the known container-toolkit gap', async () => {
    const r = await explain(['Docker Desktop 4.30.0 on Windows 11, NVIDIA driver 556.12', 'cuInit failed: CUDA_ERROR_NOT_FOUND: named symbol not found'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('wsl');
    expect(all(f)).toContain('556.12');
    expect(all(f)).toContain('1.14.4');
    expect(all(f)).toContain('4.31.0');
  });

  it('error 500 with an older driver is not blamed on the 555 change', async () => {
    const r = await explain(['Docker Desktop on Windows 10, driver 546.33', 'RuntimeError: Unexpected error from cudaGetDeviceCount(). Error 500: named symbol not found'].join('\n'));
    expect(all(find(r, 'wsl') ?? r.findings[0]!)).not.toContain('1.14.4');
  });

  it('an old WSL kernel from /proc/version is named with the floor, ahead of "no GPU"', async () => {
    const r = await explain(['$ cat /proc/version', 'Linux version 4.19.128-microsoft-standard (oe-user@oe-host) (gcc version 8.2.0 (GCC)) #1 SMP', 'RuntimeError: Found no NVIDIA driver on your system.'].join('\n'));
    expect(topTwo(r)[0]).toBe('wsl');
    const f = find(r, 'wsl')!;
    expect(all(f)).toContain('4.19.128');
    expect(all(f)).toContain('5.10.43.3');
    expect(all(f)).toContain('wsl --update');
  });

  it('a current WSL kernel is not called old', async () => {
    const r = await explain(['Linux version 6.6.87.2-microsoft-standard-WSL2 (root@439a258ad544) (gcc (GCC) 11.2.0) #1 SMP', 'RuntimeError: Found no NVIDIA driver on your system.'].join('\n'));
    expect(r.findings.some((f) => f.title.includes('too old for CUDA'))).toBe(false);
  });
});

describe('NCCL across nodes and hosts', () => {
  it('two NCCL versions named for two nodes: the versions differ', async () => {
    const r = await explain(['node-a: NCCL INFO NCCL version 2.18.1+cuda12.1', 'node-b: NCCL INFO NCCL version 2.21.5+cuda12.4', 'torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, remote error'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('nccl-failure');
    expect(all(f)).toContain('2.18.1');
    expect(all(f)).toContain('2.21.5');
  });

  it('nccl-tests hanging on an EPYC host points at the IOMMU', async () => {
    const r = await explain(['all_reduce_perf -b 8 -e 128M -g 4 hangs after the first size', 'CPU: AMD EPYC 7543'].join('\n'));
    const f = find(r, 'nccl-failure')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('iommu=pt');
    expect(all(f)).toContain('EPYC');
  });
});

describe('a wheel URL names the build', () => {
  it('the CUDA tag in the index folder of a torch wheel URL sets the driver floor', async () => {
    const r = await explain(['pip install https://download.pytorch.org/whl/cu92/torch-1.2.0-cp37-cp37m-manylinux1_x86_64.whl', 'AssertionError: The NVIDIA driver on your system is too old (found version 9000).'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('torch 1.2.0+cu92');
    expect(all(f)).toContain('396');
  });
});

// Round 17: classes of failure of holdout-17a/17b.
describe('driver floors other programs state', () => {
  it('an NGC container names the driver release it was built for', async () => {
    const r = await explain('ERROR: This container was built for NVIDIA Driver Release 550.54 or later, but\n       version 525.147.05 was detected and compatibility mode is UNAVAILABLE.');
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('550.54');
    expect(all(f)).toContain('525.147.05');
  });

  it('"CUDA driver version is 11080, expected at least 12000" names both CUDA versions', async () => {
    const r = await explain('warning : CUDA driver version is 11080, expected at least 12000.');
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('12.0');
    expect(all(f)).toContain('525.60.13');
  });

  it('TensorFlow 1.x "possibly insufficient driver version" with the TF release gives the floor of its CUDA', async () => {
    const r = await explain(['tensorflow 1.12.0', 'E tensorflow/stream_executor/cuda/cuda_dnn.cc:373] possibly insufficient driver version: 390.48.0'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('9.0');
    expect(all(f)).toContain('384.81');
  });

  it('a CUDA named in prose above what the driver runs is the program\'s CUDA', async () => {
    const r = await explain(['I built it with cuda 10.2 and now get: NVIDIA Insufficient driver!', '| NVIDIA-SMI 418.87.00    Driver Version: 418.87.00    CUDA Version: 10.1     |'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('440.33');
  });
});

describe('libraries and builds named by file', () => {
  it('Paddle\'s dynload message with two DLL names keeps both', async () => {
    const r = await explain('RuntimeError: (PreconditionNotMet) The third-party dynamic library (cudart64_102.dll;cudart64_10.dll) that Paddle depends on is not configured correctly.');
    expect(topTwo(r)).toContain('library-not-found');
    const f = find(r, 'library-not-found')!;
    expect(all(f)).toContain('cudart64_102.dll');
    expect(all(f)).toContain('cudart64_10.dll');
  });

  it('ldd rows of CUDA 10.0 libraries with a 10.1 toolkit: the binary was built for another CUDA', async () => {
    const r = await explain(['nvcc: NVIDIA (R) Cuda compiler driver', 'Cuda compilation tools, release 10.1, V10.1.243', '$ ldd ./libfoo.so', '\tlibcublas.so.10.0 => not found', '\tlibcurand.so.10.0 => not found'].join('\n'));
    expect(topTwo(r)).toContain('framework-cuda-mismatch');
    const f = find(r, 'framework-cuda-mismatch')!;
    expect(all(f)).toContain('10.0');
    expect(all(f)).toContain('10.1');
  });

  it('mmcv-full from the index of another torch: both torch releases named', async () => {
    const r = await explain(['pip install torch==2.0.1', 'pip install mmcv-full -f https://download.openmmlab.com/mmcv/dist/cu113/torch1.12/index.html', 'ImportError: mmcv/_ext.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN2at4_ops5zeros4callEN3c108ArrayRefIlEE'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('framework-cuda-mismatch');
    expect(all(f)).toContain('1.12');
    expect(all(f)).toContain('2.0.1');
  });

  it('ONNX Runtime without its CUDA provider is the CPU package', async () => {
    const r = await explain("UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names.Available providers: 'AzureExecutionProvider, CPUExecutionProvider'");
    const f = r.findings[0]!;
    expect(f.code).toBe('cpu-only-build');
    expect(all(f)).toContain('onnxruntime-gpu');
  });

  it('two toolkits in one nvcc dry run: the apt nvidia-cuda-toolkit and a /usr/local one', async () => {
    const r = await explain(['PATH=/usr/lib/nvidia-cuda-toolkit/bin:/usr/local/cuda-12.1/bin:/usr/bin', '#$ gcc -D__CUDA_ARCH__=520 -D__CUDACC_VER_MAJOR__=11 -D__CUDACC_VER_MINOR__=5 -D__CUDACC_VER_BUILD__=119', "ptxas fatal   : Value 'sm_52' is not defined for option 'gpu-name'"].join('\n'));
    expect(topTwo(r)).toContain('multiple-toolkits');
    const f = find(r, 'multiple-toolkits')!;
    expect(all(f)).toContain('nvidia-cuda-toolkit');
    expect(all(f)).toContain('11.5');
    expect(all(f)).toContain('12.1');
  });
});

describe('hosts and machines', () => {
  it('a VM with only an emulated display adapter has no GPU to find', async () => {
    const r = await explain(['RuntimeError: Found no NVIDIA driver on your system.', '00:0f.0 VGA compatible controller: VirtualBox Graphics Adapter'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('no-gpu');
    expect(all(f)).toContain('VirtualBox');
    expect(r.findings.some((x) => x.code === 'driver-not-loaded')).toBe(false);
  });

  it('the module build stopped at the compiler check: both gcc versions named', async () => {
    const r = await explain(['Compiler version check failed:', '', 'The major and minor number of the compiler used to', 'compile the kernel:', '', 'gcc version 13.2.0 (GCC)', '', 'does not match the compiler used here:', '', 'cc (GCC) 12.3.1 20230508'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-not-loaded');
    expect(all(f)).toContain('13.2.0');
    expect(all(f)).toContain('12.3.1');
  });

  it('Julia: a capability below the toolchain is arch-unsupported naming it', async () => {
    const r = await explain('ERROR: Device capability v2.1.0 not supported by available toolchain');
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(all(f)).toContain('2.1');
  });

  it('NCCL hanging across GeForce cards: P2P off is the workaround', async () => {
    const r = await explain(['all_reduce_perf hangs with 2 GPUs', '#  Rank  0 Pid 1 on host device  0 [0x01] NVIDIA GeForce RTX 3090', '#  Rank  1 Pid 1 on host device  1 [0x02] NVIDIA GeForce RTX 3090'].join('\n'));
    const f = find(r, 'nccl-failure')!;
    expect(all(f)).toContain('NCCL_P2P_DISABLE=1');
    expect(all(f)).toContain('GeForce');
  });

  it('an issue template asking "WSL 1 or WSL 2?" is not WSL 1', async () => {
    const r = await explain(['### Are you using WSL 1 or WSL 2?', '- [x] WSL 2', 'nvidia-smi does not work in wsl2'].join('\n'));
    expect(r.parsed.events.some((e) => e.signature === 'wsl1')).toBe(false);
  });
});

// Round 18: classes of failure of holdout-18a/18b.
describe('architecture limits stated by other tools', () => {
  it('vLLM refusing bfloat16 on a capability-7.5 GPU names the capability and the dtype fix', async () => {
    const r = await explain('ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Quadro RTX 6000 GPU has compute capability 7.5.');
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(all(f)).toContain('7.5');
    expect(all(f)).toContain('--dtype half');
  });

  it('a ptxas that predates a new GPU under Triton: the first CUDA that knows it and TRITON_PTXAS_PATH', async () => {
    const r = await explain(['File "/venv/lib/python3.12/site-packages/triton/compiler/compiler.py", line 300, in compile', "ptxas fatal   : Value 'sm_120a' is not defined for option 'gpu-name'"].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(all(f)).toContain('sm_120a');
    expect(all(f)).toContain('12.8');
    expect(all(f)).toContain('TRITON_PTXAS_PATH');
  });

  it('"invalid device function" with the GPU named is arch-unsupported with its capability', async () => {
    const r = await explain(['GPU: GeForce GTX 1070', 'GPUassert: invalid device function kernels.cu 42'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(all(f)).toContain('6.1');
  });
});

describe('more CPU-only builds and provider failures', () => {
  it('OpenCV without CUDA names the PyPI wheels', async () => {
    const r = await explain("cv2.error: OpenCV(4.8.0) /io/opencv/modules/core/include/opencv2/core/private.cuda.hpp:106: error: (-216:No CUDA support) The library is compiled without CUDA support in function 'throw_no_cuda'");
    const f = r.findings[0]!;
    expect(f.code).toBe('cpu-only-build');
    expect(all(f)).toContain('opencv-python');
  });

  it('ONNX Runtime failing to create its CUDA provider on a CUDA 12 machine names the first release built for CUDA 12', async () => {
    const r = await explain(['onnxruntime-gpu==1.15.1', 'nvcc: NVIDIA (R) Cuda compiler driver', 'Cuda compilation tools, release 12.2, V12.2.140', "[W:onnxruntime:Default, onnxruntime_pybind_state.cc:640] Failed to create CUDAExecutionProvider. Please reference https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"].join('\n'));
    const f = find(r, 'framework-cuda-mismatch')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('1.17');
  });
});

describe('memory, loaders and containers', () => {
  it('the OOM layout of the allocator under a memory fraction gives its numbers', async () => {
    const r = await explain(['torch.cuda.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)', 'Currently allocated     : 10.20 GiB', 'Requested               : 1.50 GiB', 'Device limit            : 11.00 GiB', 'Free (according to CUDA): 0 bytes'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('out-of-memory');
    expect(all(f)).toContain('10.20 GiB');
    expect(all(f)).toContain('1.50 GiB');
  });

  it('an LD_DEBUG search path from LD_LIBRARY_PATH is read as LD_LIBRARY_PATH', async () => {
    const r = await explain(['RuntimeError: Unable to load cuSPARSE. Is it installed?', '   4711:\t search path=/opt/cuda-11.8/lib64:/opt/nccl/lib\t\t(LD_LIBRARY_PATH)'].join('\n'));
    const f = find(r, 'library-shadowing')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('LD_LIBRARY_PATH');
    expect(all(f)).toContain('/opt/cuda-11.8/lib64');
  });

  it('an image requirement with brand exceptions: the CUDA the image needs and the driver floor', async () => {
    const r = await explain('nvidia-container-cli --load-kmods configure --require=cuda>=11.4 brand=tesla,driver>=418,driver<419 --pid=1 /x\\nnvidia-container-cli: requirement error: unsatisfied condition: brand = tesla');
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('11.4');
    expect(all(f)).toContain('470');
  });

  it('error 804 right after a driver upgrade also offers the reboot', async () => {
    const r = await explain('nvidia-container-cli: initialization error: cuda error: forward compatibility was attempted on non supported hw');
    const f = find(r, 'driver-library-mismatch')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('reboot');
  });

  it('FFmpeg\'s other NVENC layout: the floor it prints', async () => {
    const r = await explain(['Required: NVENC API 13.0', 'Found: 12.2', 'Minimum required Nvidia driver is 570.0 or newer'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('570');
  });
});

// After round 18: classes of failure of holdout-19b.
describe('round 19b classes', () => {
  it('a GPU typed without its prefix and with a lower-case "ti" is still named', async () => {
    const r = await explain('trying to run it on my 4070ti: RuntimeError: CUDA error: no kernel image is available for execution on the device');
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(all(f)).toContain('sm_89');
  });

  it('optimum\'s wording of the missing CUDA provider is the CPU package', async () => {
    const r = await explain("ValueError: Asked to use CUDAExecutionProvider as an ONNX Runtime execution provider, but the available execution providers are ['CPUExecutionProvider'].");
    expect(r.findings[0]!.code).toBe('cpu-only-build');
    expect(all(r.findings[0]!)).toContain('onnxruntime-gpu');
  });

  it('a CUDA image started without a driver: no GPU first, not an old driver', async () => {
    const r = await explain(['WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.', 'CUDA error 35 at ggml-cuda.cu:5572: CUDA driver version is insufficient for CUDA runtime version'].join('\n'));
    expect(r.findings[0]!.code).toBe('no-gpu');
  });
});

// Round 19: classes of failure of holdout-19a.
describe('round 19 classes', () => {
  it('the open kernel module on a Pascal board: the proprietary module, not nouveau', async () => {
    const r = await explain(['[   12.1] NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:1b80)', '          NVRM: installed in this system is not supported by open', '          NVRM: nvidia.ko because it does not include the required GPU', '          NVRM: System Processor (GSP).', '[   12.2] NVRM: The NVIDIA probe routine failed for 1 device(s).'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-not-loaded');
    expect(all(f)).toContain('proprietary');
    expect(r.findings.some((x) => x.code === 'nouveau')).toBe(false);
  });

  it('vLLM starting with part of the GPU already taken names the free share', async () => {
    const r = await explain('ValueError: Free memory on device (20.00/80.00 GiB) on startup is less than desired GPU memory utilization (0.9, 72.00 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.');
    const f = r.findings[0]!;
    expect(f.code).toBe('out-of-memory');
    expect(all(f)).toContain('--gpu-memory-utilization');
    expect(all(f)).toContain('60.00 GiB');
  });

  it('ONNX Runtime stating "Require cuDNN 8.* and CUDA 12.*" on a cuDNN 9 machine', async () => {
    const r = await explain(['the cudnn is 9.1 and cuda 12.4', 'Failed to create CUDAExecutionProvider. Require cuDNN 8.* and CUDA 12.*. Please install all dependencies'].join('\n'));
    const f = find(r, 'cudnn-mismatch')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('cuDNN 8');
    expect(all(f)).toContain('9.1');
  });

  it('a CuPy wheel for another CUDA major', async () => {
    const r = await explain('RuntimeError: CuPy failed to load libnvrtc.so.12: OSError: libnvrtc.so.12: cannot open shared object file: No such file or directory');
    const f = find(r, 'framework-cuda-mismatch')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('cupy-cuda11x');
  });

  it('spconv/cumm CPU build and llama-cpp-python BLAS = 0', async () => {
    const a = await explain("ValueError: /io/include/tensorview/tensor.h(171)\ndon't compiled with cuda");
    expect(a.findings[0]!.code).toBe('cpu-only-build');
    expect(all(a.findings[0]!)).toContain('spconv-cu');
    const b = await explain('AVX = 1 | AVX2 = 1 | FMA = 1 | NEON = 0 | BLAS = 0 | SSE3 = 1 | VSX = 0 |');
    expect(b.findings[0]!.code).toBe('cpu-only-build');
    expect(all(b.findings[0]!)).toContain('CMAKE_ARGS');
  });

  it('nvcc too old for a GPU architecture names both the arch and the nvcc release', async () => {
    const r = await explain(['Cuda compilation tools, release 11.7, V11.7.99', "nvcc fatal   : Unsupported gpu architecture 'compute_90'"].join('\n'));
    expect(topTwo(r)).toContain('arch-unsupported');
    const f = find(r, 'arch-unsupported')!;
    expect(all(f)).toContain('compute_90');
    expect(all(f)).toContain('11.7');
    expect(all(f)).toContain('11.8');
  });

  it('rpm rows name the driver', async () => {
    const r = await explain(['$ rpm -qa | grep nvidia', 'akmod-nvidia-550.78-1.fc40.x86_64', 'CUDA error: the provided PTX was compiled with an unsupported toolchain.', 'container CUDA 12.6'].join('\n'));
    expect(r.snapshot.driver.version?.value).toBe('550.78');
  });

  it('a data-centre board in WSL: TCC/WDDM named', async () => {
    const r = await explain('In WSL2 the H100 PCIe is not recognized by nvidia-smi even with the latest NVIDIA drivers');
    const f = find(r, 'wsl')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('WDDM');
  });
});

// Round 20: classes of failure of holdout-20a.
describe('round 20 classes', () => {
  it('NVML blocked by the OS in a WSL 2 container: the no-cgroups setting', async () => {
    const r = await explain(['On WSL2 (Ubuntu 24.04): docker run --rm --gpus all nvidia/cuda:12.4.1-base-ubuntu22.04 nvidia-smi', 'Failed to initialize NVML: GPU access blocked by the operating system'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('wsl');
    expect(all(f)).toContain('no-cgroups');
  });

  it('prime-select\'s "alias nvidia off": driver-not-loaded naming prime-select', async () => {
    const r = await explain("modprobe: ERROR: could not insert 'off': Unknown symbol in module, or unknown parameter");
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-not-loaded');
    expect(all(f)).toContain('prime-select');
  });

  it('an onnxruntime-gpu release and a CUDA of another major, without any message', async () => {
    const r = await explain(['onnxruntime-gpu==1.12.1', 'my cuda is 10.2 and inference only runs on the cpu'].join('\n'));
    const f = find(r, 'framework-cuda-mismatch')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('1.12.1');
    expect(all(f)).toContain('10.2');
  });

  it('a Paddle release-candidate build names its CUDA for the driver floor', async () => {
    const r = await explain(['pip install paddlepaddle-gpu==2.0.0rc1.post110', 'ExternalError: Cuda error(35), CUDA driver version is insufficient for CUDA runtime version.'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('11.0');
  });

  it('Paddle in an image started without the GPU: no GPU, and nvidia-docker is named for old setups', async () => {
    const r = await explain(['docker pull paddlepaddle/paddle:2.4.2-gpu-cuda11.7-cudnn8.4-trt8.4', 'UserWarning: You are using GPU version Paddle, but your CUDA device is not set properly. CPU device will be used by default.'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('no-gpu');
    expect(all(f)).toContain('nvidia-docker');
  });

  it('a driver floor the sources disagree on is shown with its note', async () => {
    const r = await explain(['I built it with cuda 9.1', 'CUDA driver version is insufficient for CUDA runtime version', '| NVIDIA-SMI 384.111                Driver Version: 384.111                   |'].join('\n'));
    const f = find(r, 'driver-too-old')!;
    expect(all(f)).toContain('387.26');
  });
});

// After round 20 (holdout-21a, tuning only: no fresh set was left to measure these).
describe('round 21 classes', () => {
  it('PyG extension built for another CUDA than torch: the index of torch\'s own tag', async () => {
    const r = await explain(['torch==1.13.1', 'RuntimeError: Detected that PyTorch and torch_sparse were compiled with different CUDA versions. PyTorch has CUDA version 11.7 and torch_sparse has CUDA version 11.6. Please reinstall the torch_sparse that matches your PyTorch install.'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('framework-cuda-mismatch');
    expect(all(f)).toContain('torch-1.13.1+cu117');
  });

  it('DGL\'s CPU build', async () => {
    const r = await explain('dgl._ffi.base.DGLError: Check failed: allow_missing: Device API cuda is not enabled. Please install the cuda version of dgl.');
    expect(r.findings[0]!.code).toBe('cpu-only-build');
    expect(all(r.findings[0]!)).toContain('data.dgl.ai');
  });

  it('NCCL across two containers: the network, and --network=host', async () => {
    const r = await explain(['I run the two ranks in two docker containers', 'torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1333, remote process exited or there was a network error, NCCL version 2.18.6'].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('nccl-failure');
    expect(all(f)).toContain('NCCL_SOCKET_IFNAME');
    expect(all(f)).toContain('--network=host');
  });

  it('a conda cudatoolkit newer than the driver runs, with no message', async () => {
    const r = await explain(['conda install pytorch torchvision cudatoolkit=11.3 -c pytorch', '| NVIDIA-SMI 450.80.02    Driver Version: 450.80.02    CUDA Version: 11.0     |', "print('GPU available:', torch.cuda.is_available())  # False"].join('\n'));
    const f = find(r, 'driver-too-old')!;
    expect(f).toBeDefined();
    expect(all(f)).toContain('11.3');
    expect(all(f)).toContain('450.80.02');
  });
});

// The new context rows must not accuse healthy pastes.
describe('no false findings from context rows', () => {
  it('a VM that lists its emulated adapter next to a passed-through NVIDIA GPU', async () => {
    const r = await explain(['00:0f.0 VGA compatible controller: VMware SVGA II Adapter', '0b:00.0 3D controller: NVIDIA Corporation GA100 [A100 PCIe 40GB] (rev a1)'].join('\n'));
    expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('llama.cpp with its CUDA backend loaded and BLAS = 0', async () => {
    const r = await explain(['ggml_cuda_init: found 1 CUDA devices:', 'system_info: n_threads = 8 | AVX = 1 | AVX2 = 1 | BLAS = 0 | SSE3 = 1 |'].join('\n'));
    expect(r.findings.some((f) => f.code === 'cpu-only-build')).toBe(false);
  });

  it('an LD_DEBUG trace alone', async () => {
    const r = await explain('   4711:\t search path=/opt/cuda-11.8/lib64:/opt/nccl/lib\t\t(LD_LIBRARY_PATH)\n   4711:\t  trying file=/opt/cuda-11.8/lib64/libcudart.so.11.0');
    expect(r.findings).toEqual([]);
  });

  it('a healthy NCCL test on an AMD host with GeForce cards', async () => {
    const r = await explain(['CPU: AMD Ryzen 9 7950X, 2x NVIDIA GeForce RTX 4090', '#  Avg bus bandwidth    : 20.1 GB/s'].join('\n'));
    expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });
});
