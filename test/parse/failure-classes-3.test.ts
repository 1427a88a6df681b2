// Facts the third independent evaluation found missing (docs/explain-eval.md, third round); texts written here.
import { describe, expect, it } from 'vitest';
import { parsePaste } from '../../src/parse/index.js';

describe('parse: third round of facts (texts written here)', () => {
  it('CUDA toolkit and driver from package lists and Chinese prose', () => {
    expect(parsePaste('cuda-toolkit & cuda-tools: 11.4.2-1\nnvidia-utils: 470.63-2').facts.toolkits.map((t) => t.version?.value)).toEqual(['11.4']);
    expect(parsePaste('cuda-toolkit & cuda-tools: 11.4.2-1\nnvidia-utils: 470.63-2').facts.driver.version?.value).toBe('470.63');
    const zh = parsePaste('系统: Ubuntu 20.04\ncuda版本：11.6\n驱动版本: 465.19.01');
    expect(zh.facts.toolkits.map((t) => t.version?.value)).toEqual(['11.6']);
    expect(zh.facts.driver.version?.value).toBe('465.19.01');
  });

  it('dpkg -l of nvidia-smi gives the user-space driver next to the kernel module', () => {
    const p = parsePaste('ii  nvidia-smi     535.161.07-1  amd64   NVIDIA System Management Interface\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Tue Oct 31 2023');
    expect(p.facts.driver.version?.value).toBe('535.161.07');
    expect(p.facts.driver.kernelModule?.value).toBe('535.129.03');
  });

  it('old GPU names → compute capability (Quadro K, MX130, GTX 9xx) and a GTX/RTX mix-up', () => {
    const cc = (t: string) => parsePaste(t).facts.gpus.map((g) => g.computeCapability);
    expect(cc('two Quadro K5000 cards')).toEqual(['3.0']);
    expect(cc('my laptop has a GeForce MX110')).toEqual(['5.0']);
    expect(cc('GPU: GTX 970 4GB')).toEqual(['5.2']);
    expect(cc('GPU: GTX 2080 Ti')).toEqual(['7.5']);
  });

  it('TensorFlow version from issue templates, and native Windows from the OS line', () => {
    const a = parsePaste('- TensorFlow version (use command below): 2.2.0\n- OS Platform and Distribution: Windows 10 Pro');
    expect(a.facts.packages.find((p) => p.name === 'tensorflow')?.version).toBe('2.2.0');
    expect(a.facts.os.id?.value).toBe('windows');
    const b = parsePaste('### TensorFlow version\n\n2.16.1\n### Python version\n3.11');
    expect(b.facts.packages.find((p) => p.name === 'tensorflow')?.version).toBe('2.16.1');
    expect(parsePaste('Ubuntu 22.04 under Windows Subsystem').facts.os.id).toBeUndefined();
  });

  it('conda list rows: a [cpuonly] feature column, and a pypi channel next to pytorch rows', () => {
    const p = parsePaste('pytorch                   1.6.0               py3.8_cpu_0  [cpuonly]  pytorch\n');
    expect(p.facts.packages.map((x) => [x.name, x.version, x.installer])).toEqual([['pytorch', '1.6.0', 'conda']]);
    const q = parsePaste('torch                     2.0.1                    pypi_0    pypi\ntorchvision               0.15.2               py310_cu118    pytorch\n');
    expect(q.facts.packages.map((x) => [x.name, x.installer])).toEqual([['torch', 'pip'], ['torchvision', 'conda']]);
  });
});
