import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/library-shadowing.js';
import { explainText } from '../../../src/explain/index.js';
import { parseLdSoPreload } from '../../../src/formats/ld-preload.js';
import { setLang } from '../../../src/i18n/index.js';
import { takeSnapshot } from '../../../src/probe/take.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { loadMachine } from '../../../src/system/fixture.js';
import { writableCopy } from '../../cuda/helpers.js';
import { FIXED_NOW, snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, driver, env, lib, pkg } from '../../helpers/snapshot-builder.js';

const SP = '/opt/torch/.venv/lib/python3.12/site-packages';
const check = (s: Snapshot) => rule.check(machineInput(s));
const nvJitLink121 = () =>
  pkg('torch', '2.7.1+cu128', {
    cudaLibraries: [
      lib('libnvJitLink.so.12', '/usr/local/cuda-12.1/lib64/libnvJitLink.so.12', {
        via: 'LD_LIBRARY_PATH',
        version: '12.1.105',
        shadowed: [`${SP}/nvidia/nvjitlink/lib/libnvJitLink.so.12`],
      }),
    ],
  });

describe('library-shadowing on a machine', () => {
  it('jax-ld-shadowed: one finding for the one folder that shadows three libraries', async () => {
    const [f, ...rest] = check(await snapshotOf('jax-ld-shadowed'));
    expect(rest).toEqual([]);
    expect(f?.title).toBe(
      'LD_LIBRARY_PATH makes jax-cuda12-pjrt load libcudart.so.12, libcublas.so.12 and libcublasLt.so.12 from /usr/local/cuda-12.2/lib64, not its own copy',
    );
    expect(f?.fix).toContain('unset LD_LIBRARY_PATH');
  });

  it('system nvJitLink 12.1 on LD_LIBRARY_PATH before the 12.8 wheel → error, new LD_LIBRARY_PATH', () => {
    const s = buildSnapshot({
      env: { LD_LIBRARY_PATH: '/usr/local/cuda-12.1/lib64:/opt/other/lib' },
      python: [env([nvJitLink121(), pkg('nvidia-nvjitlink-cu12', '12.8.93')])],
    });
    const [f, ...rest] = check(s);
    expect(rest).toEqual([]);
    expect(f?.severity).toBe('error');
    expect(f?.cause).toContain('nvidia-nvjitlink-cu12 12.8.93');
    expect(f?.fix).toContain('export LD_LIBRARY_PATH=/opt/other/lib');
  });

  it('same version → warning; only entry → unset', () => {
    const torch = pkg('torch', '2.7.1+cu128', {
      cudaLibraries: [
        lib('libcublas.so.12', '/usr/local/cuda-12.8/lib64/libcublas.so.12', {
          via: 'LD_LIBRARY_PATH',
          version: '12.8.4.1',
          shadowed: [`${SP}/nvidia/cublas/lib/libcublas.so.12`],
        }),
      ],
    });
    const s = buildSnapshot({ env: { LD_LIBRARY_PATH: '/usr/local/cuda-12.8/lib64/' }, python: [env([torch, pkg('nvidia-cublas-cu12', '12.8.4.1')])] });
    const [f] = check(s);
    expect(f?.severity).toBe('warning');
    expect(f?.fix).toContain('unset LD_LIBRARY_PATH');
  });

  it('no bundled copy or not via LD_LIBRARY_PATH → nothing', () => {
    const torch = pkg('torch', '2.7.1+cu128', {
      cudaLibraries: [
        lib('libcublas.so.12', '/usr/local/cuda/lib64/libcublas.so.12', { via: 'LD_LIBRARY_PATH' }),
        lib('libcudnn.so.9', `${SP}/nvidia/cudnn/lib/libcudnn.so.9`),
      ],
    });
    expect(check(buildSnapshot({ python: [env([torch])] }))).toEqual([]);
  });
});

describe('library-shadowing from a paste', () => {
  it.each([
    [
      'a stub libcuda loaded',
      ['export LD_LIBRARY_PATH=/usr/local/cuda/lib64/stubs:/usr/local/cuda/lib64', 'RuntimeError: CUDA driver is a stub library (CUDA_ERROR_STUB_LIBRARY)'],
      'error',
      "The CUDA stub library loaded instead of the driver's libcuda",
    ],
    [
      'a library loaded from a system folder lacks a symbol',
      ['ImportError: /usr/local/cuda-12.1/lib64/libcusparse.so.12: undefined symbol: cusparseSpSV_updateMatrix'],
      'error',
      "A system library is loaded instead of the framework's own (libcusparse.so.12)",
    ],
  ])('%s', async (_name, lines, severity, title) => {
    const f = (await explainText(lines.join('\n'))).findings[0]!;
    expect(f.code).toBe('library-shadowing');
    expect(f.severity).toBe(severity);
    expect(f.title).toBe(title);
  });

  it('a message line two signatures match is shown once', async () => {
    const f = (
      await explainText(
        'ImportError: /opt/venv/lib/python3.11/site-packages/nvidia/cusparse/lib/libcusparse.so.12: undefined symbol: __nvJitLinkAddData_12_1, version libnvJitLink.so.12',
      )
    ).findings.find((x) => x.code === 'library-shadowing')!;
    const lines = f.evidence.filter((e) => e.fact.startsWith('error message'));
    expect(lines).toHaveLength(1);
  });

  it('explain --here: the machine names the folder and the copy, the paste gives the line', async () => {
    const here = buildSnapshot({
      env: { LD_LIBRARY_PATH: '/usr/local/cuda-12.1/lib64:/opt/other/lib' },
      python: [env([nvJitLink121(), pkg('nvidia-nvjitlink-cu12', '12.8.93')])],
    });
    const r = await explainText('ImportError: undefined symbol: __nvJitLinkAddData_12_1', { here });
    const mine = r.findings.filter((f) => f.code === 'library-shadowing');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toContain('from /usr/local/cuda-12.1/lib64');
    expect(mine[0]!.evidence.filter((e) => e.fact === 'LD_LIBRARY_PATH')).toHaveLength(1);
    expect(mine[0]!.fix).toContain('export LD_LIBRARY_PATH=/opt/other/lib');
  });
});

/** What LD_PRELOAD holds after a fix line runs in bash (the variable unset prints nothing). */
const preloadAfter = (line: string): string =>
  execFileSync('bash', ['-c', `${line}; printf %s "\${LD_PRELOAD-<unset>}"`], { encoding: 'utf8', env: { PATH: process.env.PATH } });
const X = '/usr/lib/x86_64-linux-gnu';

describe('library-shadowing: a preload list names a CUDA library', () => {
  it('LD_PRELOAD of a libcuda of another driver than the kernel module → error; the other entry is kept (run in bash)', () => {
    setLang('en');
    const s = buildSnapshot({ driver: driver('580.95.05'), env: { LD_PRELOAD: `/opt/old-driver/libcuda.so.550.54.14 ${X}/libtcmalloc.so.4` } });
    const [f, ...rest] = check(s);
    expect(rest).toEqual([]);
    expect(f?.severity).toBe('error');
    expect(f?.title).toBe('LD_PRELOAD preloads /opt/old-driver/libcuda.so.550.54.14 of driver 550.54.14; the kernel module is 580.95.05');
    expect(f?.cause).toContain('LD_PRELOAD names /opt/old-driver/libcuda.so.550.54.14');
    expect(f?.evidence).toContainEqual({ fact: 'kernel module version', value: '580.95.05', source: 'file:/proc/driver/nvidia/version' });
    const line = f!.fix.find((l) => l.startsWith('export LD_PRELOAD='))!;
    expect(line).toBe(`export LD_PRELOAD=${X}/libtcmalloc.so.4`);
    expect(preloadAfter(line)).toBe(`${X}/libtcmalloc.so.4`);
    expect(f?.fix.some((l) => l.startsWith('grep -n LD_PRELOAD ~/.bashrc ~/.profile'))).toBe(true);
  });

  it('LD_PRELOAD of the CUDA runtime alone → warning, unset LD_PRELOAD (run in bash)', () => {
    const [f] = check(buildSnapshot({ env: { LD_PRELOAD: 'libcudart.so.12' } }));
    expect(f?.severity).toBe('warning');
    expect(f?.title).toBe('LD_PRELOAD forces libcudart.so.12 into every process');
    expect(f?.fix).toContain('unset LD_PRELOAD');
    expect(preloadAfter('unset LD_PRELOAD')).toBe('<unset>');
  });

  it("the driver's own libcuda of the kernel module's version (the probe loaded it from that folder) → warning, not error", () => {
    const s = buildSnapshot({
      driver: driver('580.95.05'),
      env: { LD_PRELOAD: `${X}/libcuda.so.1` },
      nativeLibraries: {
        nvml: null,
        cuda: { soname: 'libcuda.so.1', loadedPath: `${X}/libcuda.so.580.95.05`, loaderFirstChoice: null, refused: [], error: null },
      },
    });
    const [f] = check(s);
    expect(f?.severity).toBe('warning');
    expect(f?.cause).toContain("over the driver's own libcuda");
  });

  it('no CUDA library in LD_PRELOAD (jemalloc) → nothing', () => {
    expect(check(buildSnapshot({ env: { LD_PRELOAD: `${X}/libjemalloc.so.2` } }))).toEqual([]);
  });

  it('a machine with /etc/ld.so.preload (read by the probe, comments skipped) → the file without the CUDA entry (printf run here)', async () => {
    const dir = writableCopy('compat-in-use-old');
    writeFileSync(join(dir, 'root/etc/ld.so.preload'), `# site libraries\n${X}/libcudnn.so.8 ${X}/libjemalloc.so.2\n`);
    const s = await takeSnapshot(await loadMachine(dir), { timeoutMs: 1_000, now: FIXED_NOW });
    expect(s.ldSoPreload).toEqual({ value: [`${X}/libcudnn.so.8`, `${X}/libjemalloc.so.2`], source: 'file:/etc/ld.so.preload' });
    const mine = check(s).filter((f) => f.subject === '/etc/ld.so.preload');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.cause).toContain('/etc/ld.so.preload names /usr/lib/x86_64-linux-gnu/libcudnn.so.8');
    const line = mine[0]!.fix.find((l) => l.includes('| sudo tee /etc/ld.so.preload'))!;
    const tmp = join(mkdtempSync(join(tmpdir(), 'gpuenv-preload-')), 'ld.so.preload');
    execFileSync('bash', ['-c', line.replace('sudo tee /etc/ld.so.preload', `tee ${tmp} >/dev/null`)], { env: { PATH: process.env.PATH } });
    expect(parseLdSoPreload(readFileSync(tmp, 'utf8'))).toEqual([`${X}/libjemalloc.so.2`]);
  });

  it('only a CUDA entry in /etc/ld.so.preload → sudo rm /etc/ld.so.preload', () => {
    const s = buildSnapshot({ ldSoPreload: { value: [`${X}/libnccl.so.2`], source: 'file:/etc/ld.so.preload' } });
    expect(check(s)[0]?.fix).toContain('sudo rm /etc/ld.so.preload');
  });

  it('the healthy h200 has no preload finding', async () => {
    expect(check(await snapshotOf('h200')).filter((f) => f.subject === 'LD_PRELOAD' || f.subject === '/etc/ld.so.preload')).toEqual([]);
  });

  it.each([
    {
      name: '`echo $LD_PRELOAD` and a driver of another version: the preloaded libcuda is the first cause',
      lines: [
        '$ echo $LD_PRELOAD',
        `${X}/libcuda.so.535.104.05`,
        'RuntimeError: CUDA error: system has unsupported display driver / cuda driver combination',
        '| NVIDIA-SMI 550.54.14              Driver Version: 550.54.14      CUDA Version: 12.4     |',
      ],
      severity: 'error',
      title: `LD_PRELOAD preloads ${X}/libcuda.so.535.104.05 of driver 535.104.05; the kernel module is 550.54.14`,
      first: true,
    },
    {
      name: 'a command line that sets LD_PRELOAD to an old cuDNN',
      lines: [
        'LD_PRELOAD=/opt/cudnn8/lib/libcudnn.so.8 python train.py',
        'Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file: No such file or directory',
      ],
      severity: 'warning',
      title: 'LD_PRELOAD forces libcudnn.so.8 into every process',
      first: false,
    },
  ])('a paste: $name', async ({ lines, severity, title, first }) => {
    const r = await explainText(lines.join('\n'));
    const f = r.findings.find((x) => x.code === 'library-shadowing');
    expect(f?.severity).toBe(severity);
    expect(f?.title).toBe(title);
    expect(f?.fix).toContain('unset LD_PRELOAD');
    expect(f?.evidence.find((e) => e.fact === 'LD_PRELOAD')?.source).toBe('pasted');
    if (first) expect(r.findings[0]?.code).toBe('library-shadowing');
  });
});
