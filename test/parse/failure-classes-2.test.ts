// Facts the second independent evaluation found missing (docs/explain-eval.md); texts written here.
import { describe, expect, it } from 'vitest';
import { parsePaste } from '../../src/parse/index.js';

describe('parse: second round of facts (texts written here)', () => {
  it('an apt/dpkg driver package line → the user-space driver; /proc version → the kernel module', () => {
    const p = parsePaste('ii  nvidia-driver-535:amd64 535.183.01-0ubuntu0.22.04.1 amd64 NVIDIA driver metapackage\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  535.154.05  Thu Dec 28 2023');
    expect(p.facts.driver.version?.value).toBe('535.183.01');
    expect(p.facts.driver.kernelModule?.value).toBe('535.154.05');
  });

  it('"CUDA 7.5" in prose is the toolkit, but not the CUDA torch was compiled with', () => {
    expect(parsePaste('Ubuntu 14.04, CUDA 7.5 installed').facts.toolkits.map((t) => t.version?.value)).toEqual(['7.5']);
    expect(parsePaste('PyTorch binaries were compiled with CUDA 9.0').facts.toolkits).toEqual([]);
    expect(parsePaste('| NVIDIA-SMI 535.54    Driver Version: 535.54    CUDA Version: 12.2 |').facts.toolkits).toEqual([]);
  });

  it('a prose CUDA does not add a second toolkit next to nvcc --version', () => {
    const p = parsePaste('Cuda compilation tools, release 11.8, V11.8.89\nI also tried CUDA 12.1');
    expect(p.facts.toolkits.map((t) => t.version?.value)).toEqual(['11.8.89']);
  });

  it('WSL said in prose, but not "not WSL" or WSL 1', () => {
    expect(parsePaste('running on a WSL machine').facts.os.wsl?.value).toBe(true);
    expect(parsePaste('this is native Linux, not WSL').facts.os.wsl).toBeUndefined();
    expect(parsePaste('I use WSL 1').facts.os.wsl).toBeUndefined();
  });

  it('Secure Boot state written in prose or by mokutil', () => {
    expect(parsePaste('- secure boot enabled').facts.os.secureBoot?.value).toBe('enabled');
    expect(parsePaste('SecureBoot enabled').facts.os.secureBoot?.value).toBe('enabled');
    expect(parsePaste('Secure Boot is disabled').facts.os.secureBoot?.value).toBe('disabled');
  });

  it('xFormers "(you have X)" → the installed torch', () => {
    const p = parsePaste('    PyTorch 2.1.0+cu118 with CUDA 1108 (you have 2.1.0+cpu)');
    expect(p.facts.packages.find((x) => x.name === 'torch')?.version).toBe('2.1.0+cpu');
  });

  it('"pytorch 1.4" (a minor only) and Kepler board names', () => {
    const p = parsePaste('Tesla K40c with pytorch 1.4');
    expect(p.facts.packages.find((x) => x.name === 'torch')?.version).toBe('1.4.0');
    expect(p.facts.gpus[0]?.computeCapability).toBe('3.5');
  });

  it('markdown quote markers do not hide a wrapped message', () => {
    const p = parsePaste('> The detected CUDA version (12.1) mismatches the version that was used to compile\n> PyTorch (11.7). Please make sure');
    expect(p.events.map((e) => e.signature)).toContain('detected-cuda-mismatch');
  });
});
