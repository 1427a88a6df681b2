// A message read against facts that refute its usual cause (found running `explain --here` on the H200, 2026-12-02):
// the build that covers the GPU is not blamed, one CUDA release is not a mismatch, and an alternative torch wheel
// carries the companions the environment keeps. Pastes composed for this test.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';
import { machine } from '../helpers/machines.js';

const NO_KERNEL = 'RuntimeError: CUDA error: no kernel image is available for execution on the device\n';

interface Doc {
  findings: { code: string; title: string; cause: string; fix: string[] }[];
}

async function explain(paste: string, args: string[], fixture?: string): Promise<Doc> {
  const io = fakeIo({ GPUENV_LANG: 'en' }, paste);
  const sys = fixture ? await machine(fixture) : undefined;
  await main(['explain', '-', '--json', ...args], { io, ...(sys ? { system: async () => sys } : {}) });
  return JSON.parse(io.stdout()) as Doc;
}

describe('explain: facts that refute the usual cause', () => {
  it('torch that has the GPU’s kernels: the extension is named, no torch reinstall, no toolkit mismatch for one CUDA release', async () => {
    // h200: torch 2.11.0+cu130 (sm_90 in its arch list), nvcc 13.0.x.
    const doc = await explain(NO_KERNEL, ['--here'], 'h200');
    const arch = doc.findings.find((f) => f.code === 'arch-unsupported');
    expect(arch?.title).toMatch(/has kernels for .*sm_90/);
    expect(arch?.cause).toMatch(/extension/);
    expect(arch?.fix.filter((l) => /install .*torch==/.test(l))).toEqual([]);
    expect(arch?.fix.some((l) => l.includes('TORCH_CUDA_ARCH_LIST="9.0"'))).toBe(true);
    expect(doc.findings.map((f) => f.code)).not.toContain('toolkit-mismatch');
  });

  it('an alternative torch release is installed with the torchvision that pairs with it', async () => {
    const paste = [
      'PyTorch version: 2.11.0+cu130',
      'CUDA used to build PyTorch: 13.0',
      'Python version: 3.12.3 (main, Apr 10 2024, 05:33:47) [GCC 13.2.0] (64-bit runtime)',
      'GPU models and configuration: GPU 0: NVIDIA GeForce GTX 1080 Ti',
      'Nvidia driver version: 580.65.06',
      'Versions of relevant libraries:',
      '[pip3] torch==2.11.0+cu130',
      '[pip3] torchvision==0.26.0+cu130',
      NO_KERNEL,
    ].join('\n');
    const doc = await explain(paste, []);
    const arch = doc.findings.find((f) => f.code === 'arch-unsupported')!;
    const installs = arch.fix.filter((l) => /install .*torch==/.test(l));
    expect(installs.length).toBeGreaterThanOrEqual(2);
    for (const l of installs) expect(l).toMatch(/torchvision==\d/);
    // A command gpuenv withheld would be a comment saying so.
    expect(arch.fix.filter((l) => l.startsWith('#') && /withheld/.test(l))).toEqual([]);
  });
});
