import { describe, expect, it } from 'vitest';
import { renderSnapshotText } from '../../src/render/snapshot-text.js';
import { makeStyle } from '../../src/render/style.js';
import { snapshotOf } from '../helpers/machines.js';

describe('cpu-only-toolkit (this development machine)', () => {
  it('lists the CUDA 13.0 toolkit with its path, no GPU and no driver', async () => {
    const s = await snapshotOf('cpu-only-toolkit');
    expect(s.gpus).toEqual([]);
    expect(s.pciGpus).toEqual([]);
    expect(s.driver.version).toBeNull();
    expect(s.driver.kernelModule).toBeNull();
    expect(s.toolkits).toHaveLength(1);
    const tk = s.toolkits[0]!;
    expect(tk.path).toBe('/usr/local/cuda-13.0');
    expect(tk.version?.value).toBe('13.0');
    expect(tk.aliases).toEqual(['/usr/local/cuda']);
    expect(tk.installKind).toBe('pip-layout');
    // The nvcc on PATH is a wrapper script in /usr/local/bin: it still counts as this toolkit.
    expect(tk.active).toEqual({ path: true, cudaHome: false, symlink: true, ldLibraryPath: false });
    expect(tk.nvcc?.version?.value).toBe('13.0.88');
    expect(s.nativeLibraries.nvml?.error).toMatch(/libnvidia-ml\.so\.1: not found/);
  });
});

describe('h200 (real captures)', () => {
  it('reads driver, toolkit, both cuDNN copies and the cuda-compat library', async () => {
    const s = await snapshotOf('h200');
    expect(s.driver.kernelModule).toEqual({ value: '580.159.04', source: 'file:/proc/driver/nvidia/version' });
    expect(s.driver.moduleFlavor?.value).toBe('open');
    expect(s.driver.moduleLoaded?.value).toBe(true);
    expect(s.pciGpus).toMatchObject([{ address: '0000:00:06.0', deviceId: '0x2335', driver: 'nvidia' }]);
    const tk = s.toolkits.find((t) => t.path === '/usr/local/cuda-13.0')!;
    expect(tk.version?.value).toBe('13.0');
    expect(tk.installKind).toBe('deb');
    expect(tk.aliases).toEqual(expect.arrayContaining(['/usr/local/cuda', '/etc/alternatives/cuda', '/usr/local/cuda-13']));
    expect(tk.active).toMatchObject({ path: true, cudaHome: true, symlink: true });
    const cudnn = s.libraries.filter((l) => l.name === 'cudnn');
    expect(cudnn.map((l) => [l.version?.value, l.origin])).toEqual(
      expect.arrayContaining([
        ['9.14.0', 'system'],
        ['9.19.0', 'pip-wheel'],
      ]),
    );
    const pip = cudnn.find((l) => l.origin === 'pip-wheel')!;
    expect(pip.dir).toBe('/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cudnn/lib');
    expect(pip.version?.source).toMatch(/cudnn_version\.h$/);
    expect(s.libraries.find((l) => l.name === 'nccl' && l.origin === 'system')?.version?.value).toBe('2.28.3');
    expect(s.cudaCompat).toEqual([expect.objectContaining({ path: '/usr/local/cuda-13.0/compat/libcuda.so.580.95.05', version: '580.95.05', inUse: false })]);
    expect(s.os.container?.value).toBe('docker');
    expect(s.os.prettyName?.value).toBe('Ubuntu 24.04.3 LTS');
  });

  it('never lets a secret from the environment into the Snapshot', async () => {
    const s = await snapshotOf('h200');
    expect(JSON.stringify(s)).not.toContain('hf_secretvalue');
    expect(s.env.HF_TOKEN).toBe('<redacted>');
    expect(s.env.CUDA_HOME).toBe('/usr/local/cuda');
  });
});

describe('broken machines', () => {
  it('gpu-no-driver: the GPU is seen on the PCI bus, bound to nouveau, with Secure Boot on', async () => {
    const s = await snapshotOf('gpu-no-driver');
    expect(s.gpus).toEqual([]);
    expect(s.pciGpus).toEqual([expect.objectContaining({ address: '0000:01:00.0', deviceId: '0x2204', driver: 'nouveau' })]);
    expect(s.os.nouveau.loaded?.value).toBe(true);
    expect(s.os.secureBoot?.value).toBe('enabled');
    expect(s.os.kernelHeaders?.value).toBe(true);
    expect(s.driver.kernelModule).toBeNull();
    expect(s.driver.moduleLoaded?.value).toBe(false);
  });

  it('driver-mismatch: kernel module and user-space library versions are both recorded', async () => {
    const s = await snapshotOf('driver-mismatch');
    expect(s.driver.kernelModule?.value).toBe('535.104.05');
    expect(s.driver.moduleFlavor?.value).toBe('proprietary');
    expect(s.nativeLibraries.nvml?.loadedPath).toBe('/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.550.54.14');
    expect(s.cudaDriverApi?.error).toBe('CUDA_ERROR_SYSTEM_DRIVER_MISMATCH');
    // nvidia-smi was tried as the fallback and failed the same way.
    expect(s.probes.find((p) => p.name === 'nvidia-smi -q -x')).toMatchObject({ ok: false, detail: expect.stringMatching(/version mismatch/) });
  });

  it('stub-first: the stub first on LD_LIBRARY_PATH is refused and recorded, the real library answers', async () => {
    const s = await snapshotOf('stub-first');
    const nvml = s.nativeLibraries.nvml!;
    expect(nvml.loaderFirstChoice).toBe('/usr/local/cuda/targets/x86_64-linux/lib/stubs/libnvidia-ml.so.1');
    expect(nvml.refused).toHaveLength(1);
    expect(nvml.loadedPath).toBe('/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.550.54.14');
    expect(s.gpus[0]).toMatchObject({ name: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9', architecture: 'Ada Lovelace', pciDeviceId: '0x2684' });
    expect(s.gpus[0]!.pcie).toMatchObject({ currentGen: 1, maxGen: 4 });
    expect(s.gpus[0]!.unavailable.nvmlDeviceGetEccMode).toBe('NVML_ERROR_NOT_SUPPORTED');
    expect(s.driver.cudaVersion).toEqual({ value: '12.4', source: 'nvml' });
  });

  it('hung-smi: finishes within its timeouts and records the timeout as a fact', async () => {
    const started = Date.now();
    const s = await snapshotOf('hung-smi', 300);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(s.probes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'nvidia-smi -q -x', ok: false, timedOut: true }),
        expect.objectContaining({ name: 'native (NVML, CUDA driver API)', ok: false, timedOut: true }),
      ]),
    );
    expect(s.driver.kernelModule?.value).toBe('535.183.01');
  });

  it('two-toolkits: PATH, CUDA_HOME, the symlink and LD_LIBRARY_PATH each point where they do', async () => {
    const s = await snapshotOf('two-toolkits');
    const by = Object.fromEntries(s.toolkits.map((t) => [t.version?.value, t]));
    expect(Object.keys(by).sort()).toEqual(['11.8.0', '12.4.1']);
    expect(by['11.8.0']!.active).toEqual({ path: true, cudaHome: false, symlink: false, ldLibraryPath: true });
    expect(by['12.4.1']!.active).toEqual({ path: false, cudaHome: true, symlink: true, ldLibraryPath: false });
    expect(by['11.8.0']!.installKind).toBe('runfile');
    expect(by['12.4.1']!.installKind).toBe('deb');
    expect(s.toolkits[0]!.version?.value).toBe('12.4.1'); // newest first
  });
});

describe('rendered inventory', () => {
  for (const name of ['cpu-only-toolkit', 'h200', 'gpu-no-driver', 'stub-first', 'two-toolkits']) {
    it(`${name} renders the same as last time`, async () => {
      const s = await snapshotOf(name);
      // Durations vary from run to run; everything else is deterministic.
      const text = renderSnapshotText(s, makeStyle(false)).replace(/\d+ ms/g, 'N ms');
      await expect(text).toMatchFileSnapshot(`__snapshots__/${name}.txt`);
    });
  }
});
