import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { activeToolkit, buildArchList } from '../../src/commands/arch-list.js';
import type { System } from '../../src/system/types.js';
import type { Toolkit } from '../../src/snapshot/types.js';
import { fakeIo } from '../helpers/io.js';

/** A machine with nothing on it: no files, no programs, no driver. */
function emptySystem(): System {
  const none = async () => undefined;
  return {
    root: '/',
    isForeignRoot: false,
    env: {},
    platform: 'linux',
    arch: 'x64',
    readFile: none,
    readBytes: none,
    readDir: none,
    stat: none,
    lstat: none,
    readLink: none,
    realPath: none,
    which: none,
    run: async (command, args) => ({
      command,
      args,
      exitCode: null,
      signal: null,
      stdout: '',
      stderr: '',
      failed: true,
      timedOut: false,
      notFound: true,
      durationMs: 0,
    }),
    probeNative: async () => ({ ok: false, reason: 'unavailable', detail: 'test', durationMs: 0 }),
    hostname: () => 'test',
  };
}

async function archList(...args: string[]) {
  const io = fakeIo();
  const system = emptySystem();
  const code = await main(['arch-list', ...args], { io, system: async () => system });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('buildArchList', () => {
  it('formats TORCH_CUDA_ARCH_LIST, CMake and nvcc flags', () => {
    const r = buildArchList(
      [
        { gpu: 'A', computeCapability: '9.0' },
        { gpu: 'B', computeCapability: '8.6' },
        { gpu: 'C', computeCapability: '8.6' },
      ],
      null,
      false,
    );
    expect(r.torchCudaArchList).toBe('8.6;9.0');
    expect(r.cmakeCudaArchitectures).toBe('86-real;90-real');
    expect(r.nvccFlags).toEqual(['-gencode arch=compute_86,code=sm_86', '-gencode arch=compute_90,code=sm_90']);
  });
  it('adds PTX for the newest architecture only', () => {
    const r = buildArchList(
      [
        { gpu: 'A', computeCapability: '8.6' },
        { gpu: 'B', computeCapability: '12.0' },
      ],
      null,
      true,
    );
    expect(r.torchCudaArchList).toBe('8.6;12.0+PTX');
    expect(r.cmakeCudaArchitectures).toBe('86-real;120');
    expect(r.nvccFlags.at(-1)).toBe('-gencode arch=compute_120,code=compute_120');
  });
  it('warns when the active toolkit cannot build an architecture', () => {
    const old = buildArchList([{ gpu: 'RTX 5090', computeCapability: '12.0' }], { version: '12.4.1', path: '/usr/local/cuda-12.4' }, false);
    expect(old.warnings.join('\n')).toMatch(/CUDA 12\.4\.1 cannot build SASS for sm_120 \(RTX 5090\): first supported by CUDA 12\.8/);
    const dropped = buildArchList([{ gpu: 'V100', computeCapability: '7.0' }], { version: '13.0.2', path: '/usr/local/cuda' }, false);
    expect(dropped.warnings.join('\n')).toMatch(/removed in CUDA 13\.0; use CUDA 12\.x or older/);
    expect(buildArchList([{ gpu: 'H100', computeCapability: '9.0' }], { version: '13.0', path: '/x' }, false).warnings).toEqual([]);
  });
  it('picks the toolkit on PATH first', () => {
    const tk = (path: string, version: string, active: Partial<Toolkit['active']>): Toolkit => ({
      path,
      aliases: [],
      version: { value: version, source: 'test' } as unknown as Toolkit['version'],
      nvcc: null,
      installKind: 'runfile',
      foundBy: [],
      active: { path: false, cudaHome: false, symlink: false, ldLibraryPath: false, ...active },
    });
    expect(activeToolkit([tk('/a', '12.4', { symlink: true }), tk('/b', '13.0', { path: true })])).toEqual({ version: '13.0', path: '/b' });
    expect(activeToolkit([tk('/a', '12.4', {})])).toBeNull();
  });
});

describe('gpuenv arch-list', () => {
  it('takes capabilities directly with --gpu and prints all three forms', async () => {
    const r = await archList('--gpu', '8.6', '--gpu', 'sm_90', '--ptx');
    expect(r.code).toBe(0);
    expect(r.out).toContain('export TORCH_CUDA_ARCH_LIST="8.6;9.0+PTX"');
    expect(r.out).toContain('-DCMAKE_CUDA_ARCHITECTURES="86-real;90"');
    expect(r.out).toContain('-gencode arch=compute_86,code=sm_86');
    expect(r.out).toContain('none found (not checked)');
  });
  it('answers JSON', async () => {
    const j = JSON.parse((await archList('--gpu', '12.0', '--json')).out);
    expect(j.torchCudaArchList).toBe('12.0');
    expect(j.toolkit).toBeNull();
  });
  it('with no GPU and no --gpu, says so and exits 1', async () => {
    const r = await archList();
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no NVIDIA GPU found/);
  });
  it('names from the catalogue resolve, or the missing catalogue is a usage error', async () => {
    const r = await archList('--gpu', 'RTX 4090');
    if (r.code === 0) expect(r.out).toContain('8.9');
    else expect(r.code).toBe(2);
  });
});
