#!/usr/bin/env node
// Python-framework machine fixtures: adds torch 2.11.0+cu130 (uv venv) and its nvidia-* wheels to the
// h200 machine, and writes machines for framework-level problems (CPU-only torch, old driver, missing
// architecture, conda/pip mix, shadowed cuDNN, TF without cuDNN, nvcc mismatch).
// Run after the foundation's generator, on a fresh build:
//   npx tsc -p tsconfig.build.json && node scripts/make-fixture-machines.mjs && node scripts/make-fixture-machines-python.mjs
// Files are empty except what the probes parse (dist-info names, INSTALLER, version.py, ELF headers).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFatbin, buildSharedObject } from './elf-lib.mjs';
import { cudnnH, machine, out, pciGpu, procVersion, repo, toolkit, ubuntu2204, usrMerge, writeSpec } from './fixture-lib.mjs';

// ---------------------------------------------------------------------------------------------
// Building blocks.

const sass = (...archs) => buildFatbin(archs.map((arch) => ({ kind: 'elf', arch })));
const withPtx = (sassArchs, ptxArchs) => buildFatbin([...sassArchs.map((arch) => ({ kind: 'elf', arch })), ...ptxArchs.map((arch) => ({ kind: 'ptx', arch }))]);
const so = (spec) => Buffer.from(buildSharedObject(spec));
const SYS_LIBS = ['libstdc++.so.6', 'libm.so.6', 'libgcc_s.so.1', 'libc.so.6'];

function distInfo(m, sp, dist, version, installer = 'pip') {
  const d = `${sp}/${dist.replace(/-/g, '_')}-${version}.dist-info`;
  m.file(`${d}/METADATA`, `Metadata-Version: 2.1\nName: ${dist}\nVersion: ${version}\n`);
  if (installer) m.file(`${d}/INSTALLER`, `${installer}\n`);
}

// Stands in for torch/__init__.py; the probe looks for these names to know how torch preloads.
const INIT_PRELOAD_ALWAYS =
  '# gpuenv fixture, in place of torch/__init__.py (torch >= 2.7): _load_global_deps() loads lib/libtorch_global_deps.so;\n' +
  '# when /proc/self/maps then shows libcudart, _preload_cuda_deps() loads every CUDA library found under\n' +
  '# <site-packages>/nvidia/<lib>/lib or nvidia/cu{maj_cuda_version}/lib, by full path.\n';
const INIT_PRELOAD_ON_FAILURE =
  '# gpuenv fixture, in place of torch/__init__.py (torch 2.1-2.6): _load_global_deps() loads lib/libtorch_global_deps.so and,\n' +
  '# only when that fails for a missing CUDA library, _preload_cuda_deps() loads them from <site-packages>/nvidia/<lib>/lib.\n';

/** A torch wheel: dist-info, version.py, __init__.py and a synthetic libtorch_cuda.so (NEEDED, RPATH, fatbin). */
function torchWheel(m, sp, { dist, full, cuda, installer = 'pip', needed = [], rpath, fatbin, init = INIT_PRELOAD_ON_FAILURE, archList }) {
  distInfo(m, sp, 'torch', dist, installer);
  m.file(
    `${sp}/torch/version.py`,
    `from typing import Optional\n\n__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip']\n__version__ = '${full}'\ndebug = False\ncuda: Optional[str] = ${cuda ? `'${cuda}'` : 'None'}\ngit_version = '0000000000000000000000000000000000000000'\nhip: Optional[str] = None\n`,
  );
  m.file(`${sp}/torch/__init__.py`, init);
  m.file(`${sp}/torch/lib/libtorch_cpu.so`);
  m.file(`${sp}/torch/lib/libc10.so`);
  if (!cuda) return;
  m.file(`${sp}/torch/lib/libtorch_global_deps.so`);
  m.file(`${sp}/torch/lib/libc10_cuda.so`);
  // get_arch_list()'s string lives in libtorch_python.so's .rodata, NUL-terminated among other strings.
  if (archList) {
    m.file(
      `${sp}/torch/lib/libtorch_python.so`,
      so({
        needed: ['libtorch.so', 'libc10.so', ...SYS_LIBS],
        sections: [{ name: '.rodata', data: new TextEncoder().encode(`\0torch._C\0${archList}\0CUDA_ARCH_LIST\0`) }],
      }),
    );
  }
  m.file(
    `${sp}/torch/lib/libtorch_cuda.so`,
    so({
      needed: ['libc10_cuda.so', ...needed, 'libtorch_cpu.so', 'libc10.so', ...SYS_LIBS],
      rpath,
      sections: fatbin ? [{ name: '.nv_fatbin', data: fatbin }] : [],
    }),
  );
}

/** torch 2.x cu12 wheels: one nvidia/<lib>/lib folder per wheel, all on libtorch_cuda.so's DT_RPATH. */
const CU12_RPATH = [
  'cublas',
  'cuda_cupti',
  'cuda_nvrtc',
  'cuda_runtime',
  'cudnn',
  'cufft',
  'curand',
  'cusolver',
  'cusparse',
  'cusparselt',
  'nccl',
  'nvjitlink',
  'nvtx',
]
  .map((d) => `$ORIGIN/../../nvidia/${d}/lib`)
  .concat('$ORIGIN')
  .join(':');
const CU124_NEEDED = [
  'libcudart.so.12',
  'libcusparse.so.12',
  'libcufft.so.11',
  'libcurand.so.10',
  'libcublas.so.12',
  'libcublasLt.so.12',
  'libcudnn.so.9',
  'libnccl.so.2',
  'libcusolver.so.11',
];
const CUDNN_PARTS = ['', '_ops', '_adv', '_cnn', '_graph', '_heuristic', '_engines_precompiled', '_engines_runtime_compiled'];

/** The nvidia-*-cu12 wheels torch 2.5.1+cu124 pins. */
function cu124Wheels(m, sp, { cudnn = true } = {}) {
  const wheels = [
    ['nvidia-cuda-runtime-cu12', '12.4.127', 'cuda_runtime', ['libcudart.so.12']],
    ['nvidia-cublas-cu12', '12.4.5.8', 'cublas', ['libcublas.so.12', 'libcublasLt.so.12']],
    ['nvidia-cufft-cu12', '11.2.1.3', 'cufft', ['libcufft.so.11']],
    ['nvidia-curand-cu12', '10.3.5.147', 'curand', ['libcurand.so.10']],
    ['nvidia-cusolver-cu12', '11.6.1.9', 'cusolver', ['libcusolver.so.11']],
    ['nvidia-cusparse-cu12', '12.3.1.170', 'cusparse', ['libcusparse.so.12']],
    ['nvidia-nccl-cu12', '2.21.5', 'nccl', ['libnccl.so.2']],
    ['nvidia-nvjitlink-cu12', '12.4.127', 'nvjitlink', ['libnvJitLink.so.12']],
    ['nvidia-cuda-nvrtc-cu12', '12.4.127', 'cuda_nvrtc', ['libnvrtc.so.12']],
    ['nvidia-cuda-cupti-cu12', '12.4.127', 'cuda_cupti', ['libcupti.so.12']],
    ['nvidia-nvtx-cu12', '12.4.127', 'nvtx', []],
  ];
  if (cudnn) wheels.push(['nvidia-cudnn-cu12', '9.1.0.70', 'cudnn', CUDNN_PARTS.map((p) => `libcudnn${p}.so.9`)]);
  for (const [dist, version, dir, libs] of wheels) {
    distInfo(m, sp, dist, version);
    m.file(`${sp}/nvidia/${dir}/__init__.py`);
    for (const lib of libs) m.file(`${sp}/nvidia/${dir}/lib/${lib}`);
  }
  if (cudnn) m.file(`${sp}/nvidia/cudnn/include/cudnn_version.h`, cudnnH(9, 1, 0));
}

const TORCH_251_CU124 = {
  dist: '2.5.1+cu124',
  full: '2.5.1+cu124',
  cuda: '12.4',
  needed: CU124_NEEDED,
  rpath: CU12_RPATH,
  fatbin: sass(50, 60, 70, 75, 80, 86, 90),
};

/** A uv/venv environment at `venv` on Python `py` whose interpreter links to /usr/bin/python3.X. */
function venv(m, path, py = '3.10', tool = 'venv') {
  m.file(
    `${path}/pyvenv.cfg`,
    tool === 'uv'
      ? `home = /usr/bin\ninclude-system-site-packages = false\nversion_info = ${py}.12\nuv = 0.5.11\n`
      : `home = /usr/bin\ninclude-system-site-packages = false\nversion = ${py}.12\nexecutable = /usr/bin/python${py}\n`,
  );
  m.link(`${path}/bin/python3`, `/usr/bin/python${py}`);
  m.link(`${path}/bin/python`, 'python3');
  m.exe(`/usr/bin/python${py}`);
  return `${path}/lib/python${py}/site-packages`;
}

/** Driver libraries in the multiarch folder, the ld.so cache and /proc, for a driver version. */
function driver(m, version, { open = true } = {}) {
  const x = '/usr/lib/x86_64-linux-gnu';
  m.file('/proc/driver/nvidia/version', procVersion(version, open));
  m.file('/proc/modules', 'nvidia_uvm 1540096 0 - Live 0x0\nnvidia 56717312 1 nvidia_uvm, Live 0x0 (POE)\n');
  m.file('/sys/module/nvidia/version', `${version}\n`);
  for (const lib of ['libcuda', 'libnvidia-ml']) {
    m.file(`${x}/${lib}.so.${version}`);
    m.link(`${x}/${lib}.so.1`, `${lib}.so.${version}`);
  }
  m.exe('/usr/bin/nvidia-smi');
  return [
    { soname: 'libnvidia-ml.so.1', path: `${x}/libnvidia-ml.so.1`, arch: 'x86-64' },
    { soname: 'libcuda.so.1', path: `${x}/libcuda.so.1`, arch: 'x86-64' },
  ];
}

const baseDevice = JSON.parse(readFileSync(join(repo, 'test/fixtures/native/rtx4090-device.json'), 'utf8'));
const GPUS = {
  rtx3060: { name: 'NVIDIA GeForce RTX 3060', pci: '0x2504', cc: [8, 6], mem: 12884901888 },
  rtx3090: { name: 'NVIDIA GeForce RTX 3090', pci: '0x2204', cc: [8, 6], mem: 25769803776 },
  rtx4090: { name: 'NVIDIA GeForce RTX 4090', pci: '0x2684', cc: [8, 9], mem: 25757220864 },
  rtx5090: { name: 'NVIDIA GeForce RTX 5090', pci: '0x2b85', cc: [12, 0], mem: 34190917632 },
};

/** A native report: NVML answers for one GPU under this driver; the CUDA driver API left unprobed. */
function nativeReport(m, gpu, driverVersion, cudaDriverVersion) {
  const x = '/usr/lib/x86_64-linux-gnu';
  const dev = {
    ...baseDevice,
    name: gpu.name,
    computeCapability: gpu.cc,
    pciDeviceId: (parseInt(gpu.pci, 16) << 16) | 0x10de,
    memory: { total: gpu.mem, free: gpu.mem - 600_000_000, used: 0, reserved: 600_000_000 },
  };
  m.extra(
    'native.json',
    JSON.stringify(
      {
        nvml: {
          library: {
            soname: 'libnvidia-ml.so.1',
            candidates: [`${x}/libnvidia-ml.so.1`],
            loadedPath: `${x}/libnvidia-ml.so.${driverVersion}`,
            refused: [],
            error: null,
          },
          initRc: 0,
          initError: null,
          driverVersion,
          nvmlVersion: `${Math.floor(cudaDriverVersion / 1000)}.${driverVersion}`,
          cudaDriverVersion,
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
}

function baseMachine(m, gpu, driverVersion) {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '6.8.0-45-generic\n');
  m.file('/proc/version', 'Linux version 6.8.0-45-generic (buildd@lcy02-amd64-115) #45~22.04.1-Ubuntu SMP\n');
  pciGpu(m, '0000:01:00.0', gpu.pci, 'nvidia');
  return driver(m, driverVersion);
}

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

// ---------------------------------------------------------------------------------------------
// h200: the real torch 2.11.0+cu130 venv (pip.txt), added to the foundation's machine.
machine(
  'h200',
  (m) => {
    const v = '/opt/torch/.venv';
    const sp = `${v}/lib/python3.12/site-packages`;
    m.link(`${v}/bin/python`, 'python3');
    m.link('/usr/bin/python3', 'python3.12');
    m.file('/usr/lib/python3.12/os.py');
    // pip list shows "torch 2.11.0": the wheel's metadata has no local version; torch/version.py says +cu130.
    torchWheel(m, sp, {
      dist: '2.11.0',
      full: '2.11.0+cu130',
      cuda: '13.0',
      installer: 'uv',
      init: INIT_PRELOAD_ALWAYS,
      archList: 'sm_75 sm_80 sm_86 sm_90 sm_100 sm_120',
      // CUDA NEEDED entries and RPATH as `readelf -d` prints them on the H200 (2026-11-30).
      needed: [
        'libcudart.so.13',
        'libcusparse.so.12',
        'libcufft.so.12',
        'libcufile.so.0',
        'libcusparseLt.so.0',
        'libnccl.so.2',
        'libcurand.so.10',
        'libcublas.so.13',
        'libcublasLt.so.13',
        'libcudnn.so.9',
      ],
      rpath: ['cudnn', 'nvshmem', 'nccl', 'cusparselt', 'cu13']
        .map((d) => `$ORIGIN/../../nvidia/${d}/lib`)
        .concat('$ORIGIN')
        .join(':'),
      // The fatbin parser on the real file finds these (get_arch_list() says sm_75 … sm_120; the rest are
      // arch-specific kernels: sm_89 fp8, sm_90a/sm_100a/… CUTLASS and flash-attention).
      fatbin: buildFatbin(
        [[75], [80], [86], [89], [90], [90, 'a'], [100], [100, 'a'], [103, 'a'], [120], [120, 'a'], [121, 'a']].map(([arch, variant = '']) => ({
          kind: 'elf',
          arch,
          variant,
        })),
      ),
    });
    m.file(`${sp}/torch/lib/libtorch_nvshmem.so`);
    distInfo(m, sp, 'torchvision', '0.26.0', 'uv');
    m.file(
      `${sp}/torchvision/version.py`,
      "__version__ = '0.26.0+cu130'\ngit_version = '0000000000000000000000000000000000000000'\nfrom torchvision.extension import _check_cuda_version\nif _check_cuda_version() > 0:\n    cuda = _check_cuda_version()\n",
    );
    m.file(
      `${sp}/torchvision/_C.so`,
      so({
        needed: ['libc10.so', 'libtorch_cpu.so', 'libcudart.so.13', 'libc10_cuda.so', 'libtorch_cuda.so', ...SYS_LIBS],
        runpath: '$ORIGIN/../torch/lib',
        sections: [{ name: '.nv_fatbin', data: withPtx([75, 80, 86, 90, 100, 120], [120]) }],
      }),
    );
    distInfo(m, sp, 'torchaudio', '2.11.0', 'uv');
    distInfo(m, sp, 'triton', '3.6.0', 'uv');
    for (const [dist, ver] of [
      ['jax', '0.11.2'],
      ['jaxlib', '0.11.2'],
      ['jax-cuda13-plugin', '0.11.2'],
      ['jax-cuda13-pjrt', '0.11.2'],
      ['cupy-cuda13x', '14.2.0'],
    ])
      distInfo(m, sp, dist, ver, 'uv');
    const wheels = [
      ['nvidia-cublas', '13.1.0.3', 'cu13', ['libcublas.so.13', 'libcublasLt.so.13']],
      ['nvidia-cuda-cupti', '13.0.85', 'cu13', ['libcupti.so.13']],
      ['nvidia-cuda-nvrtc', '13.0.88', 'cu13', ['libnvrtc.so.13']],
      ['nvidia-cuda-runtime', '13.0.96', 'cu13', ['libcudart.so.13']],
      ['nvidia-cudnn-cu13', '9.19.0.56', 'cudnn', CUDNN_PARTS.map((p) => `libcudnn${p}.so.9`)],
      ['nvidia-cufft', '12.0.0.61', 'cu13', ['libcufft.so.12']],
      ['nvidia-cufile', '1.15.1.6', 'cu13', ['libcufile.so.0']],
      ['nvidia-curand', '10.4.0.35', 'cu13', ['libcurand.so.10']],
      ['nvidia-cusolver', '12.0.4.66', 'cu13', ['libcusolver.so.12']],
      ['nvidia-cusparse', '12.6.3.3', 'cu13', ['libcusparse.so.12']],
      ['nvidia-cusparselt-cu13', '0.8.0', 'cusparselt', ['libcusparseLt.so.0']],
      ['nvidia-ml-py', '13.610.43', null, []],
      ['nvidia-nccl-cu13', '2.28.9', 'nccl', ['libnccl.so.2']],
      ['nvidia-nvjitlink', '13.0.88', 'cu13', ['libnvJitLink.so.13']],
      ['nvidia-nvshmem-cu13', '3.4.5', 'nvshmem', ['libnvshmem_host.so.3']],
      ['nvidia-nvtx', '13.0.85', 'cu13', []],
    ];
    for (const [dist, version, dir, libs] of wheels) {
      distInfo(m, sp, dist, version, 'uv');
      for (const lib of libs) m.file(`${sp}/nvidia/${dir}/lib/${lib}`);
    }
  },
  { addTo: true },
);

// ---------------------------------------------------------------------------------------------
// torch-cpu-only: torch 2.5.1+cpu in a venv on a machine with an RTX 3060 and driver 550.
machine('torch-cpu-only', (m) => {
  const cache = baseMachine(m, GPUS.rtx3060, '550.120');
  m.ldcache(cache);
  const sp = venv(m, '/home/ana/venv', '3.10');
  torchWheel(m, sp, { dist: '2.5.1+cpu', full: '2.5.1+cpu', cuda: null });
  distInfo(m, sp, 'torchvision', '0.20.1+cpu');
  writeSpec(m, {
    description:
      'torch 2.5.1+cpu (a CPU-only wheel from the cpu index) in an activated venv, on an RTX 3060 with a working driver 550.120: torch.cuda.is_available() is False',
    hostname: 'desk',
    env: { PATH: `/home/ana/venv/bin:${PATH}`, VIRTUAL_ENV: '/home/ana/venv', HOME: '/home/ana' },
    native: { reportFile: 'native.json' },
  });
  nativeReport(m, GPUS.rtx3060, '550.120', 12040);
});

// torch-cu118-old-driver: torch 2.5.1+cu124 needs driver >= 525.60 (CUDA 12 minor-version compatibility) but driver 470 is installed.
machine('torch-cu118-old-driver', (m) => {
  const cache = baseMachine(m, GPUS.rtx3090, '470.256.02');
  m.ldcache(cache);
  const sp = venv(m, '/srv/app/.venv', '3.10');
  torchWheel(m, sp, TORCH_251_CU124);
  cu124Wheels(m, sp);
  writeSpec(m, {
    description:
      'torch 2.5.1+cu124 (CUDA 12.4 runtime from the pip wheels) with driver 470.256.02, which supports only CUDA 11.4: the driver is too old (CUDA 12.x needs >= 525.60.13)',
    hostname: 'old-box',
    env: { PATH: `/srv/app/.venv/bin:${PATH}`, VIRTUAL_ENV: '/srv/app/.venv', HOME: '/root' },
    native: { reportFile: 'native.json' },
  });
  nativeReport(m, GPUS.rtx3090, '470.256.02', 11040);
});

// torch-sm120-cu126: RTX 5090 (sm_120) with torch 2.6.0+cu126, whose kernels stop at sm_90 (PTX compute_90 too, but no sm_120 SASS).
machine('torch-sm120-cu126', (m) => {
  const cache = baseMachine(m, GPUS.rtx5090, '570.133.07');
  m.ldcache(cache);
  const sp = venv(m, '/home/lee/.venv', '3.12', 'uv');
  torchWheel(m, sp, {
    ...TORCH_251_CU124,
    dist: '2.6.0+cu126',
    full: '2.6.0+cu126',
    cuda: '12.6',
    installer: 'uv',
    needed: CU124_NEEDED,
    fatbin: sass(50, 60, 70, 75, 80, 86, 90),
  });
  cu124Wheels(m, sp);
  writeSpec(m, {
    description:
      'RTX 5090 (compute capability 12.0) with torch 2.6.0+cu126, built for sm_50 … sm_90 only and without PTX: "no kernel image is available for execution on the device"; needs a cu128+ build',
    hostname: 'blackwell',
    env: { PATH: `/home/lee/.venv/bin:${PATH}`, VIRTUAL_ENV: '/home/lee/.venv', HOME: '/home/lee' },
    native: { reportFile: 'native.json' },
  });
  nativeReport(m, GPUS.rtx5090, '570.133.07', 12080);
});

// conda-pip-mixed: pytorch from the pytorch conda channel, torchvision and triton from pip on top, plus conda cudatoolkit.
machine('conda-pip-mixed', (m) => {
  const cache = baseMachine(m, GPUS.rtx4090, '550.120');
  const root = '/home/kim/miniconda3';
  const env = `${root}/envs/dl`;
  const sp = `${env}/lib/python3.11/site-packages`;
  m.exe(`${root}/bin/conda`);
  m.exe(`${root}/bin/python3.12`);
  m.link(`${root}/bin/python3`, 'python3.12');
  m.file(`${root}/conda-meta/python-3.12.7-h5148396_0.json`, '{"name":"python","version":"3.12.7"}\n');
  m.file(`${root}/conda-meta/conda-24.9.2-py312h06a4308_0.json`, '{"name":"conda","version":"24.9.2"}\n');
  m.file(`${root}/lib/python3.12/site-packages/.keep`);
  m.file('/home/kim/.conda/environments.txt', `${root}\n${env}\n`);
  m.exe(`${env}/bin/python3.11`);
  m.link(`${env}/bin/python3`, 'python3.11');
  m.link(`${env}/bin/python`, 'python3.11');
  const meta = (name, version, build, channel, files = []) =>
    m.file(`${env}/conda-meta/${name}-${version}-${build}.json`, `${JSON.stringify({ name, version, build, channel, files }, null, 1)}\n`);
  meta('python', '3.11.10', 'he870216_0', 'https://repo.anaconda.com/pkgs/main/linux-64');
  meta('pytorch', '2.5.1', 'py3.11_cuda12.4_cudnn9.1.0_0', 'https://conda.anaconda.org/pytorch/linux-64', ['lib/python3.11/site-packages/torch/version.py']);
  meta('pytorch-cuda', '12.4', 'hc786d27_7', 'https://conda.anaconda.org/pytorch/linux-64');
  meta('cudatoolkit', '11.8.0', 'h6a678d5_0', 'https://repo.anaconda.com/pkgs/main/linux-64', ['lib/libcudart.so.11.8.89']);
  // conda's pytorch installs an egg-info-less tree: a dist-info without INSTALLER, recorded in conda-meta.
  m.file(`${sp}/torch-2.5.1.dist-info/METADATA`, 'Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1\n');
  m.file(
    `${sp}/torch/version.py`,
    "__version__ = '2.5.1'\ndebug = False\ncuda = '12.4'\ngit_version = 'a8d6afb511a69687bbb2b7e88a3cf67917e1697e'\nhip = None\n",
  );
  m.file(`${sp}/torch/__init__.py`, INIT_PRELOAD_ON_FAILURE);
  m.file(
    `${sp}/torch/lib/libtorch_cuda.so`,
    so({
      needed: [
        'libc10_cuda.so',
        'libcudart.so.12',
        'libcublas.so.12',
        'libcublasLt.so.12',
        'libcudnn.so.9',
        'libnccl.so.2',
        'libtorch_cpu.so',
        'libc10.so',
        ...SYS_LIBS,
      ],
      runpath: '$ORIGIN/../../../..:$ORIGIN',
      sections: [{ name: '.nv_fatbin', data: withPtx([50, 60, 61, 70, 75, 80, 86, 90], [90]) }],
    }),
  );
  m.file(`${sp}/torch/lib/libc10_cuda.so`);
  // The CUDA libraries conda's pytorch-cuda pulled into <env>/lib, and cudatoolkit 11.8's older runtime beside them.
  for (const f of [
    'libcudart.so.12.4.127',
    'libcublas.so.12.4.5.8',
    'libcublasLt.so.12.4.5.8',
    'libcudnn.so.9.1.0',
    'libnccl.so.2.21.5',
    'libcudart.so.11.8.89',
  ])
    m.file(`${env}/lib/${f}`);
  for (const [l, t] of [
    ['libcudart.so.12', 'libcudart.so.12.4.127'],
    ['libcublas.so.12', 'libcublas.so.12.4.5.8'],
    ['libcublasLt.so.12', 'libcublasLt.so.12.4.5.8'],
    ['libcudnn.so.9', 'libcudnn.so.9.1.0'],
    ['libnccl.so.2', 'libnccl.so.2.21.5'],
    ['libcudart.so.11.0', 'libcudart.so.11.8.89'],
  ])
    m.link(`${env}/lib/${l}`, t);
  distInfo(m, sp, 'torchvision', '0.20.1', 'pip');
  m.file(
    `${sp}/torchvision/version.py`,
    "__version__ = '0.20.1+cu121'\ngit_version = '3ac97aa9120137381ed1060f37237e44485ac2aa'\nfrom torchvision.extension import _check_cuda_version\nif _check_cuda_version() > 0:\n    cuda = _check_cuda_version()\n",
  );
  distInfo(m, sp, 'triton', '3.1.0', 'pip');
  m.ldcache(cache);
  writeSpec(m, {
    description:
      'conda env "dl": pytorch 2.5.1 (CUDA 12.4) from the pytorch conda channel, torchvision 0.20.1 and triton 3.1.0 installed over it with pip, and an unrelated cudatoolkit 11.8 from defaults: mixed package managers',
    hostname: 'lab-02',
    env: { PATH: `${env}/bin:${root}/condabin:${PATH}`, CONDA_PREFIX: env, CONDA_DEFAULT_ENV: 'dl', CONDA_EXE: `${root}/bin/conda`, HOME: '/home/kim' },
    native: { reportFile: 'native.json' },
  });
  nativeReport(m, GPUS.rtx4090, '550.120', 12040);
});

// cudnn-shadowed: LD_LIBRARY_PATH puts a system cuDNN 9.0.0 (and an old 8.9.7) before the cuDNN 9.1.0 wheel torch needs.
machine('cudnn-shadowed', (m) => {
  const cache = baseMachine(m, GPUS.rtx4090, '550.120');
  const tk = toolkit(m, '12.4', '12.4.1');
  m.link('/usr/local/cuda', 'cuda-12.4');
  const lib = '/usr/local/cuda-12.4/targets/x86_64-linux/lib';
  // A cuDNN tarball unpacked into the toolkit: 9.0.0 and, left from before, 8.9.7.
  for (const p of CUDNN_PARTS) {
    m.file(`${lib}/libcudnn${p}.so.9.0.0`);
    m.link(`${lib}/libcudnn${p}.so.9`, `libcudnn${p}.so.9.0.0`);
  }
  m.file(`${lib}/libcudnn.so.8.9.7`);
  m.link(`${lib}/libcudnn.so.8`, 'libcudnn.so.8.9.7');
  m.file('/usr/local/cuda-12.4/targets/x86_64-linux/include/cudnn_version.h', cudnnH(9, 0, 0));
  const sp = venv(m, '/opt/venv', '3.10');
  torchWheel(m, sp, TORCH_251_CU124);
  cu124Wheels(m, sp);
  m.ldcache(cache);
  writeSpec(m, {
    description:
      "LD_LIBRARY_PATH=/usr/local/cuda/lib64 holds a cuDNN 9.0.0 tarball (and an old 8.9.7): torch 2.5.1+cu124 loads libcudnn.so.9 from its 9.1.0 wheel (DT_RPATH), but that shim dlopens its parts (libcudnn_ops.so.9, …) through LD_LIBRARY_PATH first, so the 9.0.0 parts shadow the wheel's: mixed cuDNN versions",
    hostname: 'train-3',
    env: {
      PATH: `/opt/venv/bin:/usr/local/cuda/bin:${PATH}`,
      VIRTUAL_ENV: '/opt/venv',
      LD_LIBRARY_PATH: '/usr/local/cuda/lib64',
      CUDA_HOME: '/usr/local/cuda',
      HOME: '/root',
    },
    commands: [tk.cmd],
    native: { reportFile: 'native.json' },
  });
  nativeReport(m, GPUS.rtx4090, '550.120', 12040);
});

// tf-no-cudnn: tensorflow 2.15 installed without [and-cuda]: no libcudnn.so.8 anywhere.
machine('tf-no-cudnn', (m) => {
  const cache = baseMachine(m, GPUS.rtx3090, '535.183.01');
  m.ldcache(cache);
  const sp = venv(m, '/home/sam/tf', '3.11');
  distInfo(m, sp, 'tensorflow', '2.15.1');
  m.file(
    `${sp}/tensorflow/python/platform/build_info.py`,
    "# AUTOGENERATED BY THE BUILD\nbuild_info = {'cpu_compiler': '/usr/lib/llvm-17/bin/clang', 'cuda_compute_capabilities': ['sm_50', 'sm_60', 'sm_70', 'sm_80', 'compute_90'], 'cuda_version': '12.2', 'cudnn_version': '8', 'is_cuda_build': True, 'is_rocm_build': False, 'is_tensorrt_build': True}\n",
  );
  // TF dlopens its CUDA libraries at run time (stream_executor), so libtensorflow_cc lists none of them as NEEDED.
  m.file(`${sp}/tensorflow/libtensorflow_framework.so.2`, so({ needed: ['libm.so.6', 'libc.so.6'], soname: 'libtensorflow_framework.so.2' }));
  // Since 2.14 TF's objects carry RPATH entries into the nvidia-* wheels that tensorflow[and-cuda] installs.
  const tfRpath = ['cublas', 'cuda_cupti', 'cuda_nvrtc', 'cuda_runtime', 'cudnn', 'cufft', 'curand', 'cusolver', 'cusparse', 'nccl', 'nvjitlink']
    .map((d) => `$ORIGIN/../nvidia/${d}/lib`)
    .concat('$ORIGIN')
    .join(':');
  m.file(
    `${sp}/tensorflow/libtensorflow_cc.so.2`,
    so({
      needed: ['libtensorflow_framework.so.2', ...SYS_LIBS],
      rpath: tfRpath,
      sections: [{ name: '.nv_fatbin', data: withPtx([50, 60, 70, 80], [90]) }],
    }),
  );
  writeSpec(m, {
    description:
      'tensorflow 2.15.1 installed with `pip install tensorflow` (not tensorflow[and-cuda]): built for CUDA 12.2 / cuDNN 8, but no libcudnn.so.8 (nor the CUDA 12 runtime) anywhere: TF falls back to the CPU ("Cannot dlopen some GPU libraries")',
    hostname: 'tf-box',
    env: { PATH: `/home/sam/tf/bin:${PATH}`, VIRTUAL_ENV: '/home/sam/tf', HOME: '/home/sam' },
    native: { reportFile: 'native.json' },
  });
  nativeReport(m, GPUS.rtx3090, '535.183.01', 12020);
});

// jax-ld-shadowed: jax's CUDA plugin ships with pip's cuBLAS 12.6, but LD_LIBRARY_PATH (left by an old
// CUDA 12.2 install) wins over the plugin's RUNPATH and an older cuBLAS loads. A real report: "solved with
// running unset LD_LIBRARY_PATH because this path was overriding the pip wheels" (WCCMS-UTAustin/CARDIAX
// discussion #5, 2025); JAX's install guide warns about LD_LIBRARY_PATH overriding the pip CUDA libraries.
machine('jax-ld-shadowed', (m) => {
  const cache = baseMachine(m, GPUS.rtx4090, '550.120');
  m.ldcache(cache);
  const tk = '/usr/local/cuda-12.2/targets/x86_64-linux/lib';
  for (const [lib, full] of [
    ['libcublas', '12.2.5.6'],
    ['libcublasLt', '12.2.5.6'],
    ['libcudart', '12.2.140'],
  ]) {
    m.file(`${tk}/${lib}.so.${full}`);
    m.link(`${tk}/${lib}.so.12`, `${lib}.so.${full}`);
  }
  m.link('/usr/local/cuda-12.2/lib64', 'targets/x86_64-linux/lib');
  const sp = venv(m, '/home/ana/jax', '3.11');
  for (const [dist, ver] of [
    ['jax', '0.4.35'],
    ['jaxlib', '0.4.35'],
    ['jax-cuda12-plugin', '0.4.35'],
    ['jax-cuda12-pjrt', '0.4.35'],
  ])
    distInfo(m, sp, dist, ver);
  for (const [dist, ver, dir, libs] of [
    [
      'nvidia-cublas-cu12',
      '12.6.4.1',
      'cublas',
      [
        ['libcublas.so.12', '12.6.4.1'],
        ['libcublasLt.so.12', '12.6.4.1'],
      ],
    ],
    ['nvidia-cuda-runtime-cu12', '12.6.77', 'cuda_runtime', [['libcudart.so.12', '12.6.77']]],
  ]) {
    distInfo(m, sp, dist, ver);
    for (const [lib] of libs) m.file(`${sp}/nvidia/${dir}/lib/${lib}`);
  }
  // The PJRT plugin links the CUDA libraries and finds pip's copies through its RUNPATH: a RUNPATH loses to LD_LIBRARY_PATH.
  m.file(
    `${sp}/jax_plugins/xla_cuda12/xla_cuda_plugin.so`,
    so({
      needed: ['libcudart.so.12', 'libcublas.so.12', 'libcublasLt.so.12', ...SYS_LIBS],
      runpath: '$ORIGIN/../../nvidia/cuda_runtime/lib:$ORIGIN/../../nvidia/cublas/lib:$ORIGIN',
      sections: [{ name: '.nv_fatbin', data: withPtx([75, 80, 86, 89, 90], [90]) }],
    }),
  );
  writeSpec(m, {
    description:
      "jax 0.4.35 with the cuda12 plugin and pip cuBLAS 12.6.4.1, but LD_LIBRARY_PATH=/usr/local/cuda-12.2/lib64 (from an old toolkit install) puts cuBLAS 12.2 and cudart 12.2 first: the plugin's RUNPATH loses to LD_LIBRARY_PATH",
    hostname: 'jax-box',
    env: { PATH: `/home/ana/jax/bin:${PATH}`, VIRTUAL_ENV: '/home/ana/jax', HOME: '/home/ana', LD_LIBRARY_PATH: '/usr/local/cuda-12.2/lib64' },
    native: { reportFile: 'native.json' },
  });
  nativeReport(m, GPUS.rtx4090, '550.120', 12040);
});

// toolkit-mismatch: nvcc 11.8 on PATH and CUDA_HOME while torch is 2.5.1+cu124 (building extensions fails).
machine('toolkit-mismatch', (m) => {
  const cache = baseMachine(m, GPUS.rtx4090, '550.120');
  const tk = toolkit(m, '11.8', '11.8.0');
  m.link('/usr/local/cuda', 'cuda-11.8');
  const sp = venv(m, '/home/dev/.venv', '3.10');
  torchWheel(m, sp, TORCH_251_CU124);
  cu124Wheels(m, sp);
  m.ldcache(cache);
  writeSpec(m, {
    description:
      'nvcc 11.8 on PATH and CUDA_HOME=/usr/local/cuda-11.8 while torch is 2.5.1+cu124: torch.utils.cpp_extension refuses to build (or builds against the wrong CUDA) — "The detected CUDA version (11.8) mismatches the version that was used to compile PyTorch (12.4)"',
    hostname: 'ext-dev',
    env: { PATH: `/home/dev/.venv/bin:/usr/local/cuda-11.8/bin:${PATH}`, VIRTUAL_ENV: '/home/dev/.venv', CUDA_HOME: '/usr/local/cuda-11.8', HOME: '/home/dev' },
    commands: [tk.cmd],
    native: { reportFile: 'native.json' },
  });
  nativeReport(m, GPUS.rtx4090, '550.120', 12040);
});

console.log(`python machine fixtures written to ${out}`);
