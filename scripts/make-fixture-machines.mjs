#!/usr/bin/env node
// Builds the foundation's machine fixtures under test/fixtures/machines/ from real captures
// (../shared/fixtures/h200-cuda13) and from the small broken variants described here.
// Run after `npm run build`; the output is committed. Usage: node scripts/make-fixture-machines.mjs
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLdconfigListing } from '../dist/formats/ldcache.js';
import {
  capture,
  captures,
  cudaH,
  cudnnH,
  debianOsRelease,
  machine,
  nativeMissing,
  ncclH,
  nvcc,
  out,
  pciGpu,
  procVersion,
  repo,
  toolkit,
  ubuntu2204,
  usrMerge,
  writeSpec,
} from './fixture-lib.mjs';

// ---------------------------------------------------------------------------------------------
// h200: the real H200 server (driver 580.159.04, CUDA 13.0, torch 2.11.0+cu130 in /opt/torch/.venv).
machine('h200', (m) => {
  usrMerge(m);
  m.file(
    '/etc/os-release',
    `${capture('uname.txt')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .join('\n')}\n`,
  );
  m.file('/proc/sys/kernel/osrelease', '6.18.44-fc-v657-gpu\n');
  m.file('/proc/version', 'Linux version 6.18.44-fc-v657-gpu (nixbld@localhost) (gcc (GCC) 15.3.0) #1 SMP PREEMPT_DYNAMIC\n');
  m.file(
    '/proc/driver/nvidia/version',
    `${readFileSync(join(captures, 'proc_driver.txt'), 'utf8')
      .split('\n')
      .filter((l) => /^(NVRM|GCC)/.test(l))
      .join('\n')}\n`,
  );
  m.file('/proc/modules', 'nvidia_uvm 1830912 - - Live 0xffffffffc080c000 (O)\nnvidia 14299136 - - Live 0xffffffffc0400000 (O)\n');
  m.file('/sys/module/nvidia/version', '580.159.04\n');
  m.file('/.dockerenv');
  m.file('/sys/bus/pci/devices/0000:00:06.0/vendor', '0x10de\n');
  m.file('/sys/bus/pci/devices/0000:00:06.0/device', '0x2335\n');
  m.file('/sys/bus/pci/devices/0000:00:06.0/class', '0x030200\n');
  m.file('/sys/bus/pci/devices/0000:00:06.0/subsystem_device', '0x18bf\n');
  m.link('/sys/bus/pci/devices/0000:00:06.0/driver', '../../../../bus/pci/drivers/nvidia');
  // Toolkit 13.0 from NVIDIA's packages, managed through update-alternatives.
  const root = '/usr/local/cuda-13.0';
  m.exe(`${root}/bin/nvcc`);
  m.file(`${root}/targets/x86_64-linux/include/cuda.h`, cudaH(13000));
  m.link(`${root}/include`, 'targets/x86_64-linux/include');
  m.link(`${root}/lib64`, 'targets/x86_64-linux/lib');
  for (const f of [
    'libcudart.so.13.0.96',
    'libcublas.so.13.1.0.3',
    'libcublasLt.so.13.1.0.3',
    'stubs/libcuda.so',
    'stubs/libnvidia-ml.so',
    'stubs/libcublas.so',
  ])
    m.file(`${root}/targets/x86_64-linux/lib/${f}`);
  m.link(`${root}/targets/x86_64-linux/lib/libcudart.so.13`, 'libcudart.so.13.0.96');
  m.link(`${root}/targets/x86_64-linux/lib/libcudart.so`, 'libcudart.so.13');
  m.link(`${root}/targets/x86_64-linux/lib/libcublas.so.13`, 'libcublas.so.13.1.0.3');
  m.link(`${root}/targets/x86_64-linux/lib/libcublas.so`, 'libcublas.so.13');
  m.file(`${root}/compat/libcuda.so.580.95.05`);
  m.link(`${root}/compat/libcuda.so.1`, 'libcuda.so.580.95.05');
  m.link(`${root}/compat/libcuda.so`, 'libcuda.so.1');
  m.link('/etc/alternatives/cuda', root);
  m.link('/etc/alternatives/cuda-13', root);
  m.link('/usr/local/cuda', '/etc/alternatives/cuda');
  m.link('/usr/local/cuda-13', '/etc/alternatives/cuda-13');
  for (const f of ['cuda-nvcc-13-0.list', 'cuda-cudart-13-0.list']) m.file(`/var/lib/dpkg/info/${f}`, `${root}/bin/nvcc\n`);
  m.exe('/usr/local/nvidia/bin/nvidia-smi');
  // The driver's libraries, as the container runtime mounts them.
  for (const dir of ['/usr/lib', '/usr/local/nvidia/lib64']) {
    m.file(`${dir}/libcuda.so.580.159.04`);
    m.link(`${dir}/libcuda.so.1`, 'libcuda.so.580.159.04');
    m.file(`${dir}/libnvidia-ml.so.580.159.04`);
    m.link(`${dir}/libnvidia-ml.so.1`, 'libnvidia-ml.so.580.159.04');
  }
  // System cuDNN 9.14.0 and NCCL 2.28.3 (apt packages).
  const x = '/usr/lib/x86_64-linux-gnu';
  for (const part of ['', '_ops', '_adv', '_cnn', '_graph', '_heuristic', '_engines_precompiled', '_engines_runtime_compiled']) {
    m.file(`${x}/libcudnn${part}.so.9.14.0`);
    m.link(`${x}/libcudnn${part}.so.9`, `libcudnn${part}.so.9.14.0`);
    m.link(`${x}/libcudnn${part}.so`, `libcudnn${part}.so.9`);
  }
  m.file(`${x}/libnccl.so.2.28.3`);
  m.link(`${x}/libnccl.so.2`, 'libnccl.so.2.28.3');
  m.link(`${x}/libnccl.so`, 'libnccl.so.2');
  m.file('/usr/include/x86_64-linux-gnu/cudnn_version.h', cudnnH(9, 14, 0));
  m.file('/usr/include/nccl.h', ncclH(2, 28, 3));
  // torch 2.11.0+cu130 in a uv venv with its own cuDNN 9.19.0 and NCCL wheels.
  const venv = '/opt/torch/.venv';
  const sp = `${venv}/lib/python3.12/site-packages`;
  m.file(`${venv}/pyvenv.cfg`, 'home = /usr/bin\ninclude-system-site-packages = false\nversion_info = 3.12.3\nuv = 0.9.5\n');
  m.link(`${venv}/bin/python3`, '/usr/bin/python3.12');
  m.exe('/usr/bin/python3.12');
  for (const part of ['', '_ops', '_adv', '_cnn', '_graph', '_heuristic', '_engines_precompiled', '_engines_runtime_compiled'])
    m.file(`${sp}/nvidia/cudnn/lib/libcudnn${part}.so.9`);
  m.file(`${sp}/nvidia/cudnn/include/cudnn_version.h`, cudnnH(9, 19, 0));
  m.file(`${sp}/nvidia_cudnn_cu13-9.19.0.56.dist-info/METADATA`, 'Metadata-Version: 2.1\nName: nvidia-cudnn-cu13\nVersion: 9.19.0.56\n');
  m.file(`${sp}/nvidia/nccl/lib/libnccl.so.2`);
  m.file(`${sp}/nvidia/nccl/include/nccl.h`, ncclH(2, 28, 7));
  m.file(`${sp}/nvidia/cu13/lib/libcudart.so.13`);
  m.file(`${sp}/nvidia/cu13/lib/libcublas.so.13`);
  m.file(`${sp}/nvidia_cuda_runtime-13.0.96.dist-info/METADATA`, 'Name: nvidia-cuda-runtime\nVersion: 13.0.96\n');
  m.file(`${sp}/nvidia_cublas-13.1.0.3.dist-info/METADATA`, 'Name: nvidia-cublas\nVersion: 13.1.0.3\n');
  m.ldcache(parseLdconfigListing(readFileSync(join(captures, 'ldconfig.txt'), 'utf8')));
  const env = {};
  for (const line of capture('env.txt').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) env[line.slice(0, i)] = line.slice(i + 1);
  }
  env.HF_TOKEN = 'hf_secretvalue_that_must_not_leak';
  const native = existsSync(join(repo, 'test/fixtures/native/h200-native.json'));
  if (native) copyFileSync(join(repo, 'test/fixtures/native/h200-native.json'), join(out, 'h200', 'native.json'));
  m.extra('smi_qx.xml', capture('smi_qx.txt'));
  writeSpec(m, {
    description:
      'Real H200 server: driver 580.159.04 (open module), CUDA 13.0 toolkit via update-alternatives, cuda-compat 580.95.05 present, system cuDNN 9.14.0 + pip cuDNN 9.19.0, torch 2.11.0+cu130 venv',
    hostname: 'h200',
    env,
    commands: [
      {
        argv: [`${root}/bin/nvcc`, '--version'],
        stdout: `${capture('nvcc.txt')
          .split('\n')
          .filter((l) => /nvcc:|Copyright|Built on|Cuda compilation|Build cuda/.test(l))
          .join('\n')}\n`,
      },
      { argv: ['nvidia-smi', '-q', '-x'], stdoutFile: 'smi_qx.xml' },
    ],
    native: native ? { reportFile: 'native.json' } : { fail: 'unavailable', detail: 'native report not recorded yet' },
  });
});

// cpu-only-toolkit: this development machine: CUDA 13.0 (pip layout) behind /usr/local/cuda, nvcc wrapper
// script in /usr/local/bin, no GPU, no driver.
machine('cpu-only-toolkit', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', debianOsRelease);
  m.file('/proc/sys/kernel/osrelease', '6.18.44-fc-v782\n');
  m.file('/proc/version', 'Linux version 6.18.44-fc-v782 (gcc 12.2.0) #1 SMP\n');
  m.file('/.dockerenv');
  m.file('/sys/bus/pci/devices/0000:00:00.0/vendor', '0x8086\n');
  m.file('/sys/bus/pci/devices/0000:00:00.0/class', '0x060000\n');
  m.file('/sys/bus/pci/devices/0000:00:02.0/vendor', '0x1af4\n');
  m.file('/sys/bus/pci/devices/0000:00:02.0/class', '0x018000\n');
  const root = '/usr/local/cuda-13.0';
  m.exe(`${root}/bin/nvcc`);
  m.file(`${root}/include/cuda.h`, cudaH(13000));
  m.file(`${root}/lib/libcudart.so.13`);
  m.link(`${root}/lib/libcudart.so`, 'libcudart.so.13');
  m.link(`${root}/lib64`, 'lib');
  for (const d of ['nvidia_cuda_nvcc-13.0.88', 'nvidia_cuda_runtime-13.0.96'])
    m.file(`${root}/dist-info/${d}.dist-info/METADATA`, `Version: ${d.split('-')[1]}\n`);
  m.link('/usr/local/cuda', root);
  m.exe('/usr/local/bin/nvcc', `#!/bin/sh\nexec ${root}/bin/nvcc "$@"\n`);
  writeSpec(m, {
    description: 'No GPU, no driver; CUDA 13.0 toolkit (pip layout) at /usr/local/cuda-13.0 behind /usr/local/cuda, nvcc wrapper on PATH',
    hostname: 'vm',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOME: '/root' },
    commands: [{ argv: [`${root}/bin/nvcc`, '--version'], stdout: nvcc('13.0', '13.0.88') }],
    native: { reportFile: 'native.json' },
  });
  m.extra('native.json', JSON.stringify(nativeMissing, null, 2));
});

// gpu-no-driver: an RTX 3090 on the PCI bus, nouveau loaded, no NVIDIA driver installed.
machine('gpu-no-driver', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '6.8.0-45-generic\n');
  m.file('/proc/version', 'Linux version 6.8.0-45-generic (buildd@lcy02-amd64-115) #45~22.04.1-Ubuntu SMP\n');
  m.file('/proc/modules', 'nouveau 2822144 2 - Live 0x0000000000000000\ndrm_ttm_helper 16384 1 nouveau, Live 0x0000000000000000\n');
  pciGpu(m, '0000:01:00.0', '0x2204', 'nouveau');
  m.file('/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c', Buffer.from([6, 0, 0, 0, 1]));
  m.file('/lib/modules/6.8.0-45-generic/build/Makefile', '');
  writeSpec(m, {
    description: 'RTX 3090 on the PCI bus bound to nouveau, Secure Boot on, no NVIDIA driver',
    hostname: 'workstation',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'zh_CN.UTF-8' },
    native: { reportFile: 'native.json' },
  });
  m.extra('native.json', JSON.stringify(nativeMissing, null, 2));
});

// driver-mismatch: kernel module 535.104.05 still loaded after the user-space libraries were upgraded to 550.54.14.
machine('driver-mismatch', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '5.15.0-119-generic\n');
  m.file('/proc/version', 'Linux version 5.15.0-119-generic #129-Ubuntu SMP\n');
  m.file('/proc/driver/nvidia/version', procVersion('535.104.05', false));
  m.file('/proc/modules', 'nvidia_uvm 1540096 0 - Live 0x0\nnvidia_drm 77824 0 - Live 0x0\nnvidia 56717312 1 nvidia_uvm, Live 0x0 (POE)\n');
  m.file('/sys/module/nvidia/version', '535.104.05\n');
  pciGpu(m, '0000:65:00.0', '0x2204', 'nvidia');
  const x = '/usr/lib/x86_64-linux-gnu';
  m.file(`${x}/libnvidia-ml.so.550.54.14`);
  m.link(`${x}/libnvidia-ml.so.1`, 'libnvidia-ml.so.550.54.14');
  m.file(`${x}/libcuda.so.550.54.14`);
  m.link(`${x}/libcuda.so.1`, 'libcuda.so.550.54.14');
  m.ldcache([
    { soname: 'libnvidia-ml.so.1', path: `${x}/libnvidia-ml.so.1`, arch: 'x86-64' },
    { soname: 'libcuda.so.1', path: `${x}/libcuda.so.1`, arch: 'x86-64' },
  ]);
  m.exe('/usr/bin/nvidia-smi');
  writeSpec(m, {
    description: 'Kernel module 535.104.05 loaded, user-space driver libraries 550.54.14 (upgrade without reboot)',
    hostname: 'lab-01',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' },
    commands: [
      { argv: ['nvidia-smi', '-q', '-x'], stdout: 'Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 550.54\n', exitCode: 18 },
    ],
    native: { reportFile: 'native.json' },
  });
  m.extra(
    'native.json',
    JSON.stringify(
      {
        nvml: {
          library: {
            soname: 'libnvidia-ml.so.1',
            candidates: [`${x}/libnvidia-ml.so.1`],
            loadedPath: `${x}/libnvidia-ml.so.550.54.14`,
            refused: [],
            error: null,
          },
          initRc: 18,
          initError: 'NVML_ERROR_LIB_RM_VERSION_MISMATCH',
          driverVersion: null,
          nvmlVersion: null,
          cudaDriverVersion: null,
          deviceCount: null,
          devices: [],
          errors: [],
        },
        cuda: {
          library: { soname: 'libcuda.so.1', candidates: [`${x}/libcuda.so.1`], loadedPath: `${x}/libcuda.so.550.54.14`, refused: [], error: null },
          initRc: 803,
          initError: 'CUDA_ERROR_SYSTEM_DRIVER_MISMATCH',
          driverVersion: 12040,
          deviceCount: null,
          devices: [],
          errors: [],
        },
        unavailable: null,
      },
      null,
      2,
    ),
  );
});

// stub-first: LD_LIBRARY_PATH puts the toolkit's stubs folder first; the real driver is in the ld.so cache.
machine('stub-first', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '5.15.0-119-generic\n');
  m.file('/proc/driver/nvidia/version', procVersion('550.54.14'));
  m.file('/proc/modules', 'nvidia 56717312 1 - Live 0x0 (POE)\n');
  pciGpu(m, '0000:01:00.0', '0x2684', 'nvidia');
  const tk = toolkit(m, '12.4', '12.4.1');
  m.link('/usr/local/cuda', 'cuda-12.4');
  const x = '/usr/lib/x86_64-linux-gnu';
  m.file(`${x}/libnvidia-ml.so.550.54.14`);
  m.link(`${x}/libnvidia-ml.so.1`, 'libnvidia-ml.so.550.54.14');
  m.ldcache([{ soname: 'libnvidia-ml.so.1', path: `${x}/libnvidia-ml.so.1`, arch: 'x86-64' }]);
  const stubs = '/usr/local/cuda/targets/x86_64-linux/lib/stubs';
  // The stubs folder holds only unversioned names; the harm starts when a Dockerfile adds the soname link
  // (`ln -s libnvidia-ml.so libnvidia-ml.so.1`) to link at build time and the folder stays on LD_LIBRARY_PATH.
  m.link('/usr/local/cuda-12.4/targets/x86_64-linux/lib/stubs/libnvidia-ml.so.1', 'libnvidia-ml.so');
  writeSpec(m, {
    description:
      'The toolkit stubs folder, with a libnvidia-ml.so.1 link added at build time, first on LD_LIBRARY_PATH (a build-time setting leaked into the runtime environment)',
    hostname: 'gpu-box',
    env: { PATH: '/usr/local/cuda/bin:/usr/bin:/bin', LD_LIBRARY_PATH: `${stubs}:/usr/local/cuda/lib64` },
    commands: [tk.cmd],
    native: { reportFile: 'native.json' },
  });
  const dev = JSON.parse(readFileSync(join(repo, 'test/fixtures/native/rtx4090-device.json'), 'utf8'));
  m.extra(
    'native.json',
    JSON.stringify(
      {
        nvml: {
          library: {
            soname: 'libnvidia-ml.so.1',
            candidates: [`${stubs}/libnvidia-ml.so.1`, `${x}/libnvidia-ml.so.1`],
            loadedPath: `${x}/libnvidia-ml.so.550.54.14`,
            refused: [`${stubs}/libnvidia-ml.so.1`],
            error: null,
          },
          initRc: 0,
          initError: null,
          driverVersion: '550.54.14',
          nvmlVersion: '12.550.54.14',
          cudaDriverVersion: 12040,
          deviceCount: 1,
          devices: [dev],
          errors: [],
        },
        cuda: null,
        unavailable: null,
      },
      null,
      2,
    ),
  );
});

// hung-smi: libnvidia-ml is not reachable by us, and nvidia-smi never answers (a wedged GPU).
machine('hung-smi', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '5.15.0-119-generic\n');
  m.file('/proc/driver/nvidia/version', procVersion('535.183.01', false));
  m.file('/proc/modules', 'nvidia 56717312 1 - Live 0x0 (POE)\n');
  pciGpu(m, '0000:3b:00.0', '0x20b0', 'nvidia');
  m.exe('/usr/bin/nvidia-smi');
  writeSpec(m, {
    description: 'nvidia-smi hangs (GPU fallen off the bus / wedged), NVML not loadable from this process',
    hostname: 'node-17',
    env: { PATH: '/usr/bin:/bin' },
    commands: [{ argv: ['nvidia-smi', '-q', '-x'], hang: true }],
    native: { fail: 'timeout', detail: 'nvmlInit did not return within the limit; child killed' },
  });
});

// two-toolkits: CUDA 11.8 first on PATH, CUDA_HOME at 12.4, /usr/local/cuda at 12.4, LD_LIBRARY_PATH at 11.8.
machine('two-toolkits', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '5.15.0-119-generic\n');
  const a = toolkit(m, '11.8', '11.8.0');
  const b = toolkit(m, '12.4', '12.4.1');
  m.exe('/usr/local/cuda-11.8/bin/cuda-uninstaller');
  m.file('/var/lib/dpkg/info/cuda-nvcc-12-4.list', '/usr/local/cuda-12.4/bin/nvcc\n');
  m.link('/usr/local/cuda', '/usr/local/cuda-12.4');
  writeSpec(m, {
    description: 'CUDA 11.8 (runfile) first on PATH and LD_LIBRARY_PATH; CUDA_HOME and /usr/local/cuda at 12.4 (deb)',
    hostname: 'dev',
    env: {
      PATH: '/usr/local/cuda-11.8/bin:/usr/local/cuda/bin:/usr/bin:/bin',
      CUDA_HOME: '/usr/local/cuda-12.4',
      LD_LIBRARY_PATH: '/usr/local/cuda-11.8/lib64',
    },
    commands: [a.cmd, b.cmd],
    native: { reportFile: 'native.json' },
  });
  m.extra('native.json', JSON.stringify(nativeMissing, null, 2));
});

console.log(`machine fixtures written to ${out}`);
