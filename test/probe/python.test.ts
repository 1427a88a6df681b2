import { describe, expect, it } from 'vitest';
import { createProbeContext } from '../../src/probe/context.js';
import { readLdCache } from '../../src/probe/libraries.js';
import { parseTfBuildInfo, parseVersionPy } from '../../src/probe/python/build-info.js';
import { deepCheck } from '../../src/probe/python/deep.js';
import { probePythonEnvs } from '../../src/probe/python/index.js';
import type { PythonEnv } from '../../src/snapshot/types.js';
import { machine } from '../helpers/machines.js';

async function envsOf(name: string, extraPythons: string[] = []): Promise<PythonEnv[]> {
  const sys = await machine(name);
  const ctx = createProbeContext(sys, 1_000);
  return probePythonEnvs(ctx, { ldCache: await readLdCache(ctx), extraPythons, deep: false });
}

const pkg = (env: PythonEnv | undefined, name: string) => env?.packages.find((p) => p.name === name);
const lib = (env: PythonEnv | undefined, pkgName: string, soname: string) => pkg(env, pkgName)?.cudaLibraries.find((l) => l.soname === soname);

describe('probePythonEnvs on h200 (torch 2.11.0+cu130, uv venv)', () => {
  it('finds the venv first on PATH, its Python and the packages', async () => {
    const envs = await envsOf('h200');
    expect(envs).toHaveLength(1);
    const env = envs[0];
    expect(env?.prefix).toBe('/opt/torch/.venv');
    expect(env?.kind).toBe('venv');
    expect(env?.active).toBe(true);
    expect(env?.version?.value).toBe('3.12.3');
    const torch = pkg(env, 'torch');
    expect(torch?.version).toBe('2.11.0');
    expect(torch?.installer).toBe('uv');
    expect(torch?.build).toMatchObject({ cuda: '13.0', cpuOnly: false });
    expect(torch?.build?.source).toMatch(/torch\/version\.py$/);
    expect(pkg(env, 'jaxlib')?.build).toMatchObject({ cuda: '13', cpuOnly: false });
    expect(pkg(env, 'cupy-cuda13x')?.build?.cuda).toBe('13');
    expect(pkg(env, 'nvidia-cudnn-cu13')?.version).toBe('9.19.0.56');
    expect(pkg(env, 'nvidia-cublas')?.build?.cuda).toBe('13');
    expect(pkg(env, 'triton')?.version).toBe('3.6.0');
  });

  it('says torch loads the wheel cuDNN 9.19 (preloaded) and that the system 9.14 loses', async () => {
    const env = (await envsOf('h200'))[0];
    const cudnn = lib(env, 'torch', 'libcudnn.so.9');
    expect(cudnn?.via).toBe('preloaded');
    expect(cudnn?.resolvedPath).toMatch(/site-packages\/nvidia\/cudnn\/lib\/libcudnn\.so\.9$/);
    expect(cudnn?.version).toBe('9.19.0.56');
    expect(cudnn?.shadowed.some((p) => /x86_64-linux-gnu\/libcudnn\.so\.9$/.test(p))).toBe(true);
    expect(lib(env, 'torch', 'libcudart.so.13')?.resolvedPath).toMatch(/nvidia\/cu13\/lib/);
    // The shim's parts come from beside it: LD_LIBRARY_PATH here holds no cuDNN.
    expect(lib(env, 'torch', 'libcudnn_ops.so.9')).toMatchObject({ via: 'runpath', version: '9.19.0.56' });
    expect(lib(env, 'torch', 'libcufile.so.0')?.via).toBe('preloaded');
  });

  it('torchvision reuses the libcudart torch loaded first, and has its own build and archs', async () => {
    const env = (await envsOf('h200'))[0];
    expect(lib(env, 'torchvision', 'libcudart.so.13')).toMatchObject({ via: 'preloaded', version: '13.0.96' });
    expect(lib(env, 'torchvision', 'libcudart.so.13')?.resolvedPath).toMatch(/nvidia\/cu13\/lib/);
    expect(pkg(env, 'torchvision')?.build?.cuda).toBe('13.0');
    expect(pkg(env, 'torchvision')?.archs?.ptx).toEqual(['compute_120']);
  });

  it('lists the SASS architectures of libtorch_cuda.so as the parser found them on the H200', async () => {
    const torch = pkg((await envsOf('h200'))[0], 'torch');
    // get_arch_list() says sm_75 … sm_120; the file also holds arch-specific kernels (sm_89, sm_90a …).
    expect(torch?.archs?.sass).toEqual(['sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a', 'sm_100', 'sm_100a', 'sm_103a', 'sm_120', 'sm_120a', 'sm_121a']);
    expect(torch?.archs?.ptx).toEqual([]);
    expect(torch?.archs?.files[0]).toMatch(/libtorch_cuda\.so$/);
  });

  it('merges a --python given as interpreter or prefix into the same env', async () => {
    const envs = await envsOf('h200', ['/opt/torch/.venv/bin/python3', '/opt/torch/.venv', '/nonexistent/python']);
    expect(envs).toHaveLength(1);
    expect(envs[0]?.foundBy).toContain('--python');
  });
});

describe('framework machines', () => {
  it('torch-cpu-only: a +cpu build', async () => {
    const torch = pkg((await envsOf('torch-cpu-only'))[0], 'torch');
    expect(torch?.build).toMatchObject({ cuda: null, cpuOnly: true });
    expect(torch?.cudaLibraries).toEqual([]);
  });

  it('torch-cu118-old-driver: CUDA 12.4 libraries from the wheels through DT_RPATH', async () => {
    const env = (await envsOf('torch-cu118-old-driver'))[0];
    expect(pkg(env, 'torch')?.build?.cuda).toBe('12.4');
    // torch 2.5's __init__ preloads only when the normal load fails, so RPATH decides.
    expect(lib(env, 'torch', 'libcudart.so.12')).toMatchObject({ via: 'rpath', version: '12.4.127' });
  });

  it('torch-sm120-cu126: kernels stop at sm_90', async () => {
    const torch = pkg((await envsOf('torch-sm120-cu126'))[0], 'torch');
    expect(torch?.build?.cuda).toBe('12.6');
    expect(torch?.archs?.sass.at(-1)).toBe('sm_90');
    expect(torch?.archs?.sass).not.toContain('sm_120');
  });

  it('conda-pip-mixed: conda pytorch, pip torchvision and triton, conda cudatoolkit', async () => {
    const envs = await envsOf('conda-pip-mixed');
    const env = envs.find((e) => e.active);
    expect(env?.prefix).toBe('/home/kim/miniconda3/envs/dl');
    expect(env?.kind).toBe('conda');
    expect(env?.foundBy).toEqual(expect.arrayContaining(['CONDA_PREFIX', 'conda environments.txt']));
    expect(env?.version?.value).toBe('3.11.10');
    expect(pkg(env, 'torch')).toMatchObject({ installer: 'conda', version: '2.5.1' });
    expect(pkg(env, 'torch')?.build).toMatchObject({ cuda: '12.4', cudnn: '9.1.0' });
    expect(pkg(env, 'torchvision')?.installer).toBe('pip');
    expect(pkg(env, 'triton')?.installer).toBe('pip');
    expect(pkg(env, 'cudatoolkit')).toMatchObject({ installer: 'conda', version: '11.8.0' });
    expect(lib(env, 'torch', 'libcudart.so.12')).toMatchObject({
      via: 'runpath',
      resolvedPath: '/home/kim/miniconda3/envs/dl/lib/libcudart.so.12',
      version: '12.4.127',
    });
    expect(pkg(env, 'torch')?.archs?.ptx).toEqual(['compute_90']);
    // The conda base env is found too, not active.
    expect(envs.some((e) => e.prefix === '/home/kim/miniconda3' && !e.active)).toBe(true);
  });

  it('cudnn-shadowed: the shim comes from the wheel, its parts from LD_LIBRARY_PATH', async () => {
    const env = (await envsOf('cudnn-shadowed'))[0];
    expect(lib(env, 'torch', 'libcudnn.so.9')).toMatchObject({ via: 'rpath', version: '9.1.0.70' });
    expect(lib(env, 'torch', 'libcudnn.so.9')?.shadowed).toEqual(['/usr/local/cuda/lib64/libcudnn.so.9']);
    const ops = lib(env, 'torch', 'libcudnn_ops.so.9');
    expect(ops).toMatchObject({ via: 'LD_LIBRARY_PATH', resolvedPath: '/usr/local/cuda/lib64/libcudnn_ops.so.9', version: '9.0.0' });
    expect(ops?.shadowed[0]).toMatch(/site-packages\/nvidia\/cudnn\/lib\/libcudnn_ops\.so\.9$/);
  });

  it('tf-no-cudnn: TF 2.15 built for CUDA 12.2 / cuDNN 8 finds no libcudnn.so.8', async () => {
    const tf = pkg((await envsOf('tf-no-cudnn'))[0], 'tensorflow');
    expect(tf?.build).toMatchObject({ cuda: '12.2', cudnn: '8', cpuOnly: false });
    expect(tf?.cudaLibraries.find((l) => l.soname === 'libcudnn.so.8')).toMatchObject({ via: 'not-found', resolvedPath: null });
    expect(tf?.archs?.ptx).toEqual(['compute_90']);
  });

  it('toolkit-mismatch: torch built with 12.4', async () => {
    expect(pkg((await envsOf('toolkit-mismatch'))[0], 'torch')?.build?.cuda).toBe('12.4');
  });

  it('machines without Python give no envs and do not fail', async () => {
    expect(await envsOf('gpu-no-driver')).toEqual([]);
  });
});

describe('build-info parsers', () => {
  it('torch/version.py', () => {
    expect(parseVersionPy("cuda: Optional[str] = '13.0'\ngit_version = 'abc'\n")).toMatchObject({ cuda: '13.0', gitVersion: 'abc' });
    expect(parseVersionPy('cuda: Optional[str] = None\n').cuda).toBeNull();
    expect(parseVersionPy('x = 1\n').cuda).toBeUndefined();
  });
  it('TF build_info.py', () => {
    expect(parseTfBuildInfo("build_info = {'cuda_version': '12.2', 'cudnn_version': '8', 'is_cuda_build': False}")).toMatchObject({
      cuda: '12.2',
      cudnn: '8',
      isCuda: false,
    });
  });
});

describe('deepCheck', () => {
  it('reports a missing interpreter as data', async () => {
    const ctx = createProbeContext(await machine('h200'), 1_000);
    const d = await deepCheck(ctx, '/opt/torch/.venv/bin/python3', 1_000);
    expect(d.ok).toBe(false);
    expect(d.error).toMatch(/cannot run|without a report/);
  });
});
