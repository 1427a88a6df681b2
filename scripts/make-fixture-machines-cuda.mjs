#!/usr/bin/env node
// Machine fixtures for `gpuenv cuda`: three toolkits side by side (11.8 runfile, 12.4 deb behind
// update-alternatives, 12.6 in a conda env), an interrupted global switch, and .cuda-version files (one
// naming a toolkit that is not installed). Run on a fresh build:
//   npx tsc -p tsconfig.build.json && node scripts/make-fixture-machines-cuda.mjs
import { machine, nvcc, toolkit, ubuntu2204, usrMerge, writeSpec, cudaH } from './fixture-lib.mjs';

const torchVersionPy = (full, cuda) =>
  `__version__ = '${full}'\ndebug = False\ncuda = ${cuda ? `'${cuda}'` : 'None'}\ngit_version = '0000000000000000000000000000000000000000'\nhip = None\n`;

/** A venv with only what the probes read for a torch build: dist-info and torch/version.py. */
function torchVenv(m, prefix, full, cuda, py = '3.10') {
  m.file(`${prefix}/pyvenv.cfg`, `home = /usr/bin\nversion = ${py}.12\n`);
  m.exe(`${prefix}/bin/python3`);
  const sp = `${prefix}/lib/python${py}/site-packages`;
  m.file(`${sp}/torch-${full}.dist-info/METADATA`, `Metadata-Version: 2.1\nName: torch\nVersion: ${full}\n`);
  m.file(`${sp}/torch-${full}.dist-info/INSTALLER`, 'pip\n');
  m.file(`${sp}/torch/version.py`, torchVersionPy(full, cuda));
}

/** CUDA 12.6 as conda's cuda-nvcc/cuda-cudart packages lay it out inside an environment. */
function condaToolkit(m, prefix) {
  m.file(`${prefix}/conda-meta/history`, '');
  m.file(`${prefix}/conda-meta/cuda-nvcc-12.6.85-0.json`, '{"name":"cuda-nvcc","version":"12.6.85"}\n');
  m.file(`${prefix}/conda-meta/cuda-version-12.6-3.json`, '{"name":"cuda-version","version":"12.6"}\n');
  m.exe(`${prefix}/bin/nvcc`);
  m.exe(`${prefix}/bin/python3.11`);
  m.link(`${prefix}/bin/python3`, 'python3.11');
  m.file(`${prefix}/targets/x86_64-linux/include/cuda.h`, cudaH(12060));
  m.file(`${prefix}/targets/x86_64-linux/lib/libcudart.so.12.6.77`);
  m.link(`${prefix}/targets/x86_64-linux/lib/libcudart.so.12`, 'libcudart.so.12.6.77');
  m.link(`${prefix}/lib/libcudart.so.12`, '../targets/x86_64-linux/lib/libcudart.so.12.6.77');
  return { argv: [`${prefix}/bin/nvcc`, '--version'], stdout: nvcc('12.6', '12.6.85') };
}

// cuda-three: 11.8 (runfile) first on PATH and LD_LIBRARY_PATH, CUDA_HOME=/usr/local/cuda → update-alternatives →
// 12.4 (deb), 12.6 in the active conda env; torch 2.5.1+cu124 in a venv; PATH entries with a space and a quote.
machine('cuda-three', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  m.file('/proc/sys/kernel/osrelease', '5.15.0-119-generic\n');
  const a = toolkit(m, '11.8', '11.8.0');
  m.exe('/usr/local/cuda-11.8/bin/cuda-uninstaller');
  const b = toolkit(m, '12.4', '12.4.1');
  m.file('/var/lib/dpkg/info/cuda-nvcc-12-4.list', '/usr/local/cuda-12.4/bin/nvcc\n');
  m.file('/var/lib/dpkg/info/cuda-cudart-12-4.list', '/usr/local/cuda-12.4/targets/x86_64-linux/lib/libcudart.so.12.4.1\n');
  // As NVIDIA's cuda-toolkit-config-common and cuda-12-4 packages leave it.
  m.link('/usr/local/cuda', '/etc/alternatives/cuda');
  m.link('/usr/local/cuda-12', '/etc/alternatives/cuda-12');
  m.link('/etc/alternatives/cuda', '/usr/local/cuda-12.4');
  m.link('/etc/alternatives/cuda-12', '/usr/local/cuda-12.4');
  m.file('/var/lib/dpkg/alternatives/cuda', 'auto\n/usr/local/cuda\n\n/usr/local/cuda-12.4\n124\n\n');
  m.file('/var/lib/dpkg/alternatives/cuda-12', 'auto\n/usr/local/cuda-12\n\n/usr/local/cuda-12.4\n124\n\n');
  const c = condaToolkit(m, '/opt/conda/envs/cu126');
  m.ldcache([
    { soname: 'libcudart.so.12', path: '/usr/local/cuda/targets/x86_64-linux/lib/libcudart.so.12' },
    { soname: 'libc.so.6', path: '/lib/x86_64-linux-gnu/libc.so.6' },
  ]);
  torchVenv(m, '/home/dev/.venv', '2.5.1+cu124', '12.4');
  m.file('/home/dev/my tools/bin/.keep');
  m.file('/home/dev/proj/.cuda-version', '12.4\n');
  m.file('/home/dev/proj/src/main.cu', '');
  m.file('/home/dev/legacy/.cuda-version', '# pinned by the old build\n11.7\n');
  m.file('/home/dev/conda-proj/.cuda-version', '/opt/conda/envs/cu126\n');
  m.file('/home/dev/blank/.cuda-version', '\n# nothing\n');
  writeSpec(m, {
    description:
      'three CUDA toolkits: 11.8 (runfile) first on PATH and LD_LIBRARY_PATH; /usr/local/cuda → /etc/alternatives/cuda → 12.4 (deb) and CUDA_HOME=/usr/local/cuda; 12.6 in the active conda env; torch 2.5.1+cu124 in ~/.venv',
    hostname: 'dev',
    env: {
      PATH: '/home/dev/.venv/bin:/usr/local/cuda-11.8/bin:/opt/conda/envs/cu126/bin:/home/dev/my tools/bin:/usr/local/bin:/usr/bin:/bin',
      LD_LIBRARY_PATH: "/usr/local/cuda-11.8/lib64:/opt/o'brien/lib",
      CUDA_HOME: '/usr/local/cuda',
      CONDA_PREFIX: '/opt/conda/envs/cu126',
      VIRTUAL_ENV: '/home/dev/.venv',
      HOME: '/home/dev',
      SHELL: '/bin/bash',
    },
    commands: [a.cmd, b.cmd, c],
  });
});

// cuda-interrupted: a switch from 11.8 to 12.4 stopped after the temporary link was made and before the
// rename; its record is still `pending`. The switch before it (12.6 → 11.8) finished and can be undone.
machine('cuda-interrupted', (m) => {
  usrMerge(m);
  m.file('/etc/os-release', ubuntu2204);
  const cmds = [toolkit(m, '11.8', '11.8.0'), toolkit(m, '12.4', '12.4.1'), toolkit(m, '12.6', '12.6.3')].map((t) => t.cmd);
  for (const v of ['11.8', '12.4', '12.6']) m.exe(`/usr/local/cuda-${v}/bin/cuda-uninstaller`);
  m.link('/usr/local/cuda', '/usr/local/cuda-11.8');
  m.link('/usr/local/.cuda.gpuenv-tmp', '/usr/local/cuda-12.4');
  m.file(
    '/var/lib/gpuenv/cuda-switch.json',
    `${JSON.stringify(
      {
        version: 1,
        switches: [
          { link: '/usr/local/cuda', previous: '/usr/local/cuda-12.6', target: '/usr/local/cuda-11.8', at: '2026-11-29T10:00:00.000Z', status: 'done' },
          { link: '/usr/local/cuda', previous: '/usr/local/cuda-11.8', target: '/usr/local/cuda-12.4', at: '2026-11-29T11:00:00.000Z', status: 'pending' },
        ],
      },
      null,
      2,
    )}\n`,
  );
  writeSpec(m, {
    description:
      'three runfile toolkits; /usr/local/cuda → 11.8 with a leftover /usr/local/.cuda.gpuenv-tmp → 12.4 and a pending record: a global switch interrupted before its rename',
    hostname: 'dev',
    env: { PATH: '/usr/local/cuda/bin:/usr/bin:/bin', HOME: '/root', SHELL: '/usr/bin/zsh' },
    commands: cmds,
  });
});

console.log('cuda machine fixtures written');
