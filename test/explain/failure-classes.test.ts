// One test per class of failure found by the independent evaluation (docs/explain-eval.md): texts written here,
// not copied from the evaluation's case files.
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { all, explain } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

describe('WSL pastes lead to the wsl code with WSL fixes', () => {
  it('"NVIDIA-SMI has failed" with a WSL2 kernel string: no dkms/modprobe/mokutil', async () => {
    const r = await explain([
      '$ uname -a',
      'Linux DESKTOP-AB12 5.15.153.1-microsoft-standard-WSL2 #1 SMP Fri Mar 29 23:14:13 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux',
      '$ nvidia-smi',
      "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
    ].join('\n'));
    expect(r.findings[0]!.code).toBe('wsl');
    const fixes = r.findings.flatMap((f) => f.fix).join('\n');
    expect(fixes).not.toMatch(/dkms|modprobe|mokutil/);
    expect(all(r.findings[0]!)).toContain('/usr/lib/wsl/lib');
    expect(all(r.findings[0]!)).toMatch(/Windows/);
    expect(r.findings.map((f) => f.code)).not.toContain('secure-boot');
  });

  it('a container runtime that cannot stat the WSL libcuda', async () => {
    const r = await explain('nvidia-container-cli: mount error: stat failed: /usr/lib/wsl/lib/libnvidia-ml.so.1: no such file or directory: unknown.');
    expect(r.findings[0]!.code).toBe('wsl');
  });

  it('dxcore finding no NVIDIA libraries for the adapter', async () => {
    const r = await explain('E0301 10:00:00.000001 123 dxcore.c:259] Failed to query the core Nvidia libraries for the adapter. Skipping it.');
    expect(r.findings[0]!.code).toBe('wsl');
  });

  it('an ldconfig listing from /usr/lib/wsl/lib alone gives the WSL explanation from partial facts', async () => {
    const r = await explain('libcuda.so.1 (libc6,x86-64) => /usr/lib/wsl/lib/libcuda.so.1\nwhy can the linker not find -lcuda?');
    expect(r.findings[0]!.code).toBe('wsl');
    expect(all(r.findings[0]!)).toContain('-L/usr/lib/wsl/lib');
  });

  it('WSL and LD_LIBRARY_PATH with a distribution library folder before /usr/lib/wsl/lib', async () => {
    const r = await explain('running under WSL2\nexport LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/opt/foo/lib\nnvidia-smi prints nothing useful');
    const f = r.findings.find((x) => x.code === 'wsl')!;
    expect(f.severity).toBe('error');
    expect(f.title).toContain('/usr/lib/x86_64-linux-gnu');
  });

  it('bare-metal "NVIDIA-SMI has failed" still gets the kernel-module answer', async () => {
    const r = await explain("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.");
    expect(r.findings[0]!.code).toBe('driver-not-loaded');
  });
});

describe('known causes in other tools\' wording', () => {
  it('nvidia-container-cli cuda>=X.Y requirement → driver-too-old with the floor of X.Y', async () => {
    const r = await explain([
      'NVIDIA-SMI 550.90.07   Driver Version: 550.90.07   CUDA Version: 12.4',
      'nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.6, please update your driver to a newer version, or use an earlier cuda container: unknown',
    ].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('12.6');
    expect(all(f)).toContain('560');
    expect(all(f)).toContain('NVIDIA_DISABLE_REQUIRE');
  });

  it('cudaErrorSystemDriverMismatch with a compat libcuda path → forward-compat-shadowing naming both versions', async () => {
    const r = await explain([
      'CUDA initialization failed: cudaErrorSystemDriverMismatch',
      'strace shows /usr/local/cuda-12.6/compat/libcuda.so.560.35.03 opened; the host driver is 550.127.05',
    ].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('forward-compat-shadowing');
    expect(all(f)).toContain('560.35.03');
    expect(all(f)).toContain('550.127.05');
  });

  it('CUDA.jl "is not supported by your driver" → driver-too-old with the floor', async () => {
    const r = await explain('ERROR: CUDA 11.2 is not supported by your driver (which supports up to 11.0)');
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('460');
  });

  it('bitsandbytes without a CUDA runtime → library-not-found naming libcudart', async () => {
    const r = await explain([
      'UserWarning: The installed version of bitsandbytes was compiled without GPU support.',
      'CUDA_SETUP: WARNING! libcudart.so not found in any environmental path. Searching in backup paths...',
    ].join('\n'));
    const f = r.findings[0]!;
    expect(['library-not-found', 'cpu-only-build']).toContain(f.code);
    expect(all(f)).toContain('libcudart.so');
  });

  it('older PyTorch cuDNN wording "linked against" and an echoed LD_LIBRARY_PATH', async () => {
    const r = await explain([
      'RuntimeError: cuDNN version incompatibility: PyTorch was compiled against (8, 5, 0) but linked against (8, 1, 1)',
      'user@box:~$ echo $LD_LIBRARY_PATH',
      '/opt/cudnn-8.1.1/lib64:/usr/local/cuda/lib64',
    ].join('\n'));
    const codes = r.findings.slice(0, 2).map((f) => f.code);
    expect(codes).toContain('cudnn-mismatch');
    expect(all(r.findings.find((f) => f.code === 'cudnn-mismatch')!)).toContain('8.1.1');
    expect(r.snapshot.env.LD_LIBRARY_PATH).toBe('/opt/cudnn-8.1.1/lib64:/usr/local/cuda/lib64');
  });

  it('JAX "Outdated cuDNN installation found" block: loaded and required versions, never "unknown"', async () => {
    const r = await explain([
      'Unable to use CUDA because of the following issues with CUDA components:',
      'Outdated cuDNN installation found.',
      'Version JAX was built against: 9300',
      'Minimum supported: 9200',
      'Installed version: 9010',
    ].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('cudnn-mismatch');
    expect(f.title).toContain('9.0.10');
    expect(f.title).toContain('9.2');
    expect(f.title).not.toContain('unknown');
  });
});

describe('facts read from pastes', () => {
  it('"cuda capability X.Y" names sm_XY even for Fermi, and no wheel is offered', async () => {
    const r = await explain('Found GPU0 Quadro 4000 which is of cuda capability 2.0.\nPyTorch no longer supports this GPU because it is too old.\nno kernel image is available for execution on the device');
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(all(f)).toContain('sm_20');
    expect(r.findings.map(all).join('\n')).not.toContain('TORCH_CUDA_ARCH_LIST="8.6"');
  });

  it('a plain torch version from pip list → the PyPI default CUDA and its driver floor', async () => {
    const r = await explain([
      'RuntimeError: The NVIDIA driver on your system is too old (found version 12040).',
      'Package    Version',
      '---------- -------',
      'torch      2.11.0',
    ].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(all(f)).toContain('cu130');
    expect(all(f)).toContain('580');
  });

  it('a driver-version line copied from the nvidia-smi header does not swallow the rest of the line', async () => {
    const r = await explain('Driver Version: 550.54.14    CUDA Version: 12.4\nCUDA driver version is insufficient for CUDA runtime version');
    expect(r.snapshot.driver.version?.value).toBe('550.54.14');
    expect(r.snapshot.driver.cudaVersion?.value).toBe('12.4');
  });
});

describe('wheel advice for a new GPU names the first covering tag and the newest', () => {
  it('sm_120 with no driver known: cu128 as the first tag, with its driver floor', async () => {
    const r = await explain('NVIDIA GeForce RTX 5080 with CUDA capability sm_120 is not compatible with the current PyTorch installation.');
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(f.cause).toContain('cu128');
    expect(f.cause).toMatch(/driver >= 570/);
  });
});

describe('no finding that rests on nothing in the paste', () => {
  it('a JAX backend failure names no driver-too-old or cpu-only-build without facts', async () => {
    const r = await explain('CUDA backend failed to initialize: Found cuDNN version 8700, but JAX was built against version 8900, which is newer.');
    expect(r.findings.map((f) => f.code)).toEqual(['cudnn-mismatch']);
  });

  it('a CPU jaxlib in a paste is not said to be "expected on this machine"', async () => {
    const r = await explain('jax:    0.4.30\njaxlib: 0.4.30\nNo GPU/TPU found, falling back to CPU.');
    expect(r.findings.map(all).join('\n')).not.toContain('visible here');
  });
});
