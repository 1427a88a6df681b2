// explain, WSL: the Windows driver, /usr/lib/wsl/lib, WSL 1, old WSL kernels, Docker Desktop.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per Finding code. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { all, checkExplain, explain, type ExplainRow, find } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const wsl: ExplainRow[] = [
  {
    name: '"NVIDIA-SMI has failed" with a WSL2 kernel string: no dkms/modprobe/mokutil',
    text: [
      '$ uname -a',
      'Linux DESKTOP-AB12 5.15.153.1-microsoft-standard-WSL2 #1 SMP Fri Mar 29 23:14:13 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux',
      '$ nvidia-smi',
      "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
    ],
    top: 'wsl',
    lacks: ['secure-boot'],
    contains: ['/usr/lib/wsl/lib'],
    matches: [/Windows/],
    allFixes: { notMatches: [/dkms|modprobe|mokutil/] },
  },
  {
    name: 'a container runtime that cannot stat the WSL libcuda',
    text: 'nvidia-container-cli: mount error: stat failed: /usr/lib/wsl/lib/libnvidia-ml.so.1: no such file or directory: unknown.',
    top: 'wsl',
  },
  {
    name: 'dxcore finding no NVIDIA libraries for the adapter',
    text: 'E0301 10:00:00.000001 123 dxcore.c:259] Failed to query the core Nvidia libraries for the adapter. Skipping it.',
    top: 'wsl',
  },
  {
    name: 'an ldconfig listing from /usr/lib/wsl/lib alone gives the WSL explanation from partial facts',
    text: 'libcuda.so.1 (libc6,x86-64) => /usr/lib/wsl/lib/libcuda.so.1\nwhy can the linker not find -lcuda?',
    top: 'wsl',
    contains: ['-L/usr/lib/wsl/lib'],
  },
  {
    name: 'WSL and LD_LIBRARY_PATH with a distribution library folder before /usr/lib/wsl/lib',
    text: 'running under WSL2\nexport LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/opt/foo/lib\nnvidia-smi prints nothing useful',
    about: 'wsl',
    severity: 'error',
    title: { contains: ['/usr/lib/x86_64-linux-gnu'] },
  },
  {
    name: 'cuda-python cannot dlopen libcuda in WSL',
    text: 'I am on WSL (Ubuntu 22.04).\nRuntimeError: Failed to dlopen libcuda.so',
    top: 'wsl',
    contains: ['/usr/lib/wsl/lib'],
    allFixes: { notMatches: [/dkms|mokutil/] },
  },
  {
    name: 'a Rust crate that finds no cuda library, on a WSL box',
    text: 'running candle under WSL:\nUnable to find cuda lib under the names ["cuda", "nvcuda"].',
    top: 'wsl',
  },
  {
    name: "Docker Desktop: 'WSL environment detected but no adapters were found'",
    text: 'nvidia-container-cli: initialization error: WSL environment detected but no adapters were found: unknown.',
    top: 'wsl',
  },
  {
    name: '"not using WSL" does not make it WSL',
    text: 'Native Ubuntu, not using WSL.\nRuntimeError: Failed to dlopen libcuda.so',
    lacks: ['wsl'],
  },
  {
    name: 'WSL 2 + cudaGetDeviceCount error → wsl first',
    text: 'Using Ubuntu 22.04 in WSL 2, torch 2.0.1 from pip\nUserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 500: named symbol not found',
    top: 'wsl',
  },
  {
    name: 'the same warning on bare metal does not produce a wsl finding',
    text: 'UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Error 804: forward compatibility was attempted on non supported HW',
    lacks: ['wsl'],
  },
  {
    name: 'WSL with a GPU in TCC mode',
    text: ['running nvidia-smi inside WSL gives', 'Unable to determine the device handle for GPU0: 0000:65:00.0: Unknown Error'],
    top: 'wsl',
    contains: ['TCC', 'WDDM'],
  },
  {
    name: 'WSL 1: convert to WSL 2',
    text: ['I am on WSL1 with Ubuntu 20.04', 'RuntimeError: Found no NVIDIA driver on your system.'],
    top: 'wsl',
    contains: ['wsl --set-version'],
  },
  {
    name: 'error 500 in a Docker Desktop container with a 555+ driver: the known container-toolkit gap',
    text: ['Docker Desktop 4.30.0 on Windows 11, NVIDIA driver 556.12', 'cuInit failed: CUDA_ERROR_NOT_FOUND: named symbol not found'],
    top: 'wsl',
    contains: ['556.12', '1.14.4', '4.31.0'],
  },
  {
    name: 'an old WSL kernel from /proc/version is named with the floor, ahead of "no GPU"',
    text: [
      '$ cat /proc/version',
      'Linux version 4.19.128-microsoft-standard (oe-user@oe-host) (gcc version 8.2.0 (GCC)) #1 SMP',
      'RuntimeError: Found no NVIDIA driver on your system.',
    ],
    top: 'wsl',
    contains: ['4.19.128', '5.10.43.3', 'wsl --update'],
  },
  {
    name: 'a current WSL kernel is not called old',
    text: [
      'Linux version 6.6.87.2-microsoft-standard-WSL2 (root@439a258ad544) (gcc (GCC) 11.2.0) #1 SMP',
      'RuntimeError: Found no NVIDIA driver on your system.',
    ],
    noTitleContains: ['too old for CUDA'],
  },
  {
    name: 'an issue template asking "WSL 1 or WSL 2?" is not WSL 1',
    text: ['### Are you using WSL 1 or WSL 2?', '- [x] WSL 2', 'nvidia-smi does not work in wsl2'],
    parsed: { 'events[*].signature': expect.not.arrayContaining(['wsl1']) },
  },
  {
    name: 'a data-centre board in WSL: TCC/WDDM named',
    text: 'In WSL2 the H100 PCIe is not recognized by nvidia-smi even with the latest NVIDIA drivers',
    about: 'wsl',
    contains: ['WDDM'],
  },
  {
    name: 'NVML blocked by the OS in a WSL 2 container: the no-cgroups setting',
    text: [
      'On WSL2 (Ubuntu 24.04): docker run --rm --gpus all nvidia/cuda:12.4.1-base-ubuntu22.04 nvidia-smi',
      'Failed to initialize NVML: GPU access blocked by the operating system',
    ],
    top: 'wsl',
    contains: ['no-cgroups'],
  },
];

describe('wsl', () => {
  for (const row of wsl) it(row.name, () => checkExplain(row));
});

describe('wsl: the wsl finding, or the first when there is none', () => {
  it('error 500 with an older driver is not blamed on the 555 change', async () => {
    const r = await explain(
      ['Docker Desktop on Windows 10, driver 546.33', 'RuntimeError: Unexpected error from cudaGetDeviceCount(). Error 500: named symbol not found'].join('\n'),
    );
    expect(all(find(r, 'wsl') ?? r.findings[0]!)).not.toContain('1.14.4');
  });
});
