// The doctor's reports, rendered from whole machines, compared with the last accepted output.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';
import { machine } from '../helpers/machines.js';

async function report(name: string, args: string[], env: Record<string, string> = {}) {
  const io = fakeIo(env);
  const sys = await machine(name);
  const code = await main(['doctor', '--timeout', '0.3', ...args], { io, system: async () => sys });
  // Durations and the clock vary from run to run; everything else is deterministic.
  const out = io
    .stdout()
    .replace(/\d+ ms/g, 'N ms')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'DATE');
  return { code, out };
}

describe('doctor reports', () => {
  for (const name of ['h200', 'cpu-only-toolkit', 'gpu-no-driver', 'driver-mismatch', 'torch-sm120-cu126', 'two-toolkits']) {
    it(`${name}: text`, async () => {
      const r = await report(name, []);
      await expect(r.out).toMatchFileSnapshot(`__snapshots__/doctor-${name}.txt`);
    });
  }

  it('h200: markdown, no errors, exit 0', async () => {
    const r = await report('h200', ['--markdown']);
    expect(r.code).toBe(0);
    await expect(r.out).toMatchFileSnapshot('__snapshots__/doctor-h200.md');
  });

  it('h200: markdown in Chinese, table headers and labels included', async () => {
    const r = await report('h200', ['--markdown'], { GPUENV_LANG: 'zh-CN' });
    expect(r.code).toBe(0);
    // A header row is the line above a `| - |` row: its cells are gpuenv's own words (names in capitals aside).
    const lines = r.out.split('\n');
    const headers = lines.filter((_, i) => /^\| -( \| -)* \|$/.test(lines[i + 1] ?? '')).flatMap((l) => l.split('|').map((c) => c.trim()));
    expect(headers.length).toBeGreaterThan(10);
    expect(headers.filter((c) => !c.startsWith('/') && /[a-z]{3,}/.test(c))).toEqual([]);
    await expect(r.out).toMatchFileSnapshot('__snapshots__/doctor-h200.zh-CN.md');
  });

  it('gpu-no-driver in Chinese, exit 1', async () => {
    const r = await report('gpu-no-driver', [], { GPUENV_LANG: 'zh-CN' });
    expect(r.code).toBe(1);
    await expect(r.out).toMatchFileSnapshot('__snapshots__/doctor-gpu-no-driver.zh-CN.txt');
  });

  it('h200: torch loads the wheel cuDNN 9.19, not the system 9.14, and the compat library is not in use', async () => {
    const io = fakeIo();
    const sys = await machine('h200');
    await main(['doctor', '--json'], { io, system: async () => sys });
    const doc = JSON.parse(io.stdout());
    const torch = doc.snapshot.python[0].packages.find((p: { name: string }) => p.name === 'torch');
    const cudnn = torch.cudaLibraries.find((l: { soname: string }) => l.soname === 'libcudnn.so.9');
    expect(cudnn.resolvedPath).toBe('/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9');
    expect(cudnn.version).toMatch(/^9\.19\.0/);
    expect(
      doc.snapshot.libraries
        .filter((l: { name: string }) => l.name === 'cudnn')
        .map((l: { version: { value: string } }) => l.version.value)
        .sort(),
    ).toEqual(['9.14.0', '9.19.0']);
    expect(doc.snapshot.cudaCompat[0]).toMatchObject({ version: '580.95.05', inUse: false });
    expect(doc.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
  });
});

describe('torch arch list without importing torch', () => {
  it('reads get_arch_list() from libtorch_python.so, apart from the longer fatbin list', async () => {
    const io = fakeIo();
    const sys = await machine('h200');
    await main(['doctor', '--json'], { io, system: async () => sys });
    const torch = JSON.parse(io.stdout()).snapshot.python[0].packages.find((p: { name: string }) => p.name === 'torch');
    // What torch.cuda.get_arch_list() printed on the H200 (2026-11-30).
    expect(torch.archs.declared).toEqual(['sm_75', 'sm_80', 'sm_86', 'sm_90', 'sm_100', 'sm_120']);
    expect(torch.archs.declaredSource).toMatch(/libtorch_python\.so \(\.rodata\)$/);
    expect(torch.archs.sass).toEqual(expect.arrayContaining(['sm_89', 'sm_90a', 'sm_121a']));
  });
});
