// parse, package lists and install lines: pip, conda, dpkg/apt, distribution package rows (src/parse/packages.ts):
// one row per paste (ParseRow in test/helpers/explain.ts).
import { describe, it } from 'vitest';
import { checkParse, type ParseRow } from '../helpers/explain.js';

const pip: ParseRow[] = [
  {
    name: 'a jaxlib pin keeps its +cuda local tag',
    text: 'pip install jaxlib==0.4.25+cuda12.cudnn89 -f https://example.invalid/jax_cuda_releases.html',
    facts: { 'packages[name=jaxlib].version': '0.4.25+cuda12.cudnn89' },
  },
];

const conda: ParseRow[] = [
  {
    name: 'a conda list row with a [cpuonly] feature column',
    text: 'pytorch                   1.6.0               py3.8_cpu_0  [cpuonly]  pytorch\n',
    facts: { 'packages[*].name': ['pytorch'], 'packages[*].version': ['1.6.0'], 'packages[*].installer': ['conda'] },
  },
  {
    name: 'a conda list row of the pypi channel next to one of the pytorch channel',
    text: 'torch                     2.0.1                    pypi_0    pypi\ntorchvision               0.15.2               py310_cu118    pytorch\n',
    facts: { 'packages[*].name': ['torch', 'torchvision'], 'packages[*].installer': ['pip', 'conda'] },
  },
];

const distribution: ParseRow[] = [
  {
    name: 'an apt/dpkg driver package line → the user-space driver; /proc version → the kernel module',
    text: 'ii  nvidia-driver-535:amd64 535.183.01-0ubuntu0.22.04.1 amd64 NVIDIA driver metapackage\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  535.154.05  Thu Dec 28 2023',
    facts: { 'driver.version': '535.183.01', 'driver.kernelModule': '535.154.05' },
  },
  {
    name: 'dpkg -l of nvidia-smi gives the user-space driver next to the kernel module',
    text: 'ii  nvidia-smi     535.161.07-1  amd64   NVIDIA System Management Interface\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Tue Oct 31 2023',
    facts: { 'driver.version': '535.161.07', 'driver.kernelModule': '535.129.03' },
  },
  {
    name: 'CUDA toolkit and driver from a package list',
    text: 'cuda-toolkit & cuda-tools: 11.4.2-1\nnvidia-utils: 470.63-2',
    facts: { 'toolkits[*].version': ['11.4'], 'driver.version': '470.63' },
  },
];

describe('pip lines', () => {
  for (const row of pip) it(row.name, () => checkParse(row));
});

describe('conda list', () => {
  for (const row of conda) it(row.name, () => checkParse(row));
});

describe('distribution packages (dpkg, pacman-style lists)', () => {
  for (const row of distribution) it(row.name, () => checkParse(row));
});
