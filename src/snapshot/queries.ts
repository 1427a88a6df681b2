// Questions about one Snapshot that many commands ask: GPUs and their capabilities, the driver, the platform,
// packages of an environment and what they were built for. Pure; knowledge is only looked up, never changed.
import { matchGpu } from '../knowledge/gpus.js';
import { torchRelease } from '../knowledge/torch.js';
import type { TorchPlatform, TorchRelease } from '../knowledge/torch.js';
import { versionParts } from '../knowledge/version.js';
import { wheelForSoname } from '../knowledge/wheels.js';
import type { DriverFact, Gpu, PythonEnv, PythonPackage, Snapshot } from './types.js';

export interface GpuCapability {
  gpu: Gpu;
  /** "12.0" */
  cc: string;
  /** "sm_120" */
  sm: string;
  source: string;
}

/** Every GPU with a known compute capability (from the probe, else from the GPU catalogue by name). */
export function gpuCapabilities(snapshot: Snapshot): GpuCapability[] {
  const out: GpuCapability[] = [];
  for (const gpu of snapshot.gpus ?? []) {
    let cc = gpu.computeCapability;
    let source = gpu.source;
    if (!cc && gpu.name) {
      const m = matchGpu(gpu.name).match;
      if (m) {
        cc = m.computeCapability;
        source = `gpuenv GPU catalogue (${m.name})`;
      }
    }
    if (!cc || !/^\d+\.\d+$/.test(cc)) continue;
    out.push({ gpu, cc, sm: `sm_${cc.replace('.', '')}`, source });
  }
  return out;
}

/** Distinct capabilities, one GPU named for each. */
export function distinctCapabilities(snapshot: Snapshot): GpuCapability[] {
  const seen = new Map<string, GpuCapability>();
  for (const g of gpuCapabilities(snapshot)) if (!seen.has(g.cc)) seen.set(g.cc, g);
  return [...seen.values()];
}

export function hasGpu(snapshot: Snapshot): boolean {
  return (snapshot.gpus?.length ?? 0) > 0 || (snapshot.pciGpus?.length ?? 0) > 0;
}

export type { DriverFact } from './types.js';

export function driverOf(snapshot: Snapshot): DriverFact | null {
  const d = snapshot.driver;
  const v = d?.version ?? d?.kernelModule ?? null;
  const c = d?.cudaVersion ?? null;
  if (!v && !c) return null;
  return { version: v?.value ?? null, cuda: c?.value ?? null, source: v?.source ?? c?.source ?? 'unknown' };
}

export function platformOf(snapshot: Snapshot): TorchPlatform {
  if (snapshot.os?.id?.value === 'windows') return 'windows';
  const arch = snapshot.os?.arch?.value ?? '';
  return /aarch64|arm64/i.test(arch) ? 'linux-aarch64' : 'linux-x86_64';
}

/** conda calls it pytorch; pip calls it torch. */
export function canonicalName(name: string): string {
  const n = name.toLowerCase().replace(/_/g, '-');
  return n === 'pytorch' ? 'torch' : n;
}

export function findPackage(env: PythonEnv, ...names: string[]): PythonPackage | undefined {
  return (env.packages ?? []).find((p) => names.includes(canonicalName(p.name)));
}

/** "2.11.0+cu130" → "cu130"; else the build's CUDA as a tag ("12.8" → "cu128"). */
export function cudaTagOf(p: PythonPackage): string | undefined {
  const m = /\+(cu\d{3,})$/.exec(p.version);
  if (m?.[1]) return m[1];
  const c = p.build?.cuda;
  if (c) {
    const [maj, min] = versionParts(c);
    return `cu${maj}${min ?? 0}`;
  }
  return undefined;
}

export function publicVersion(v: string): string {
  return v.split('+')[0] ?? v;
}

export function isCpuBuild(p: PythonPackage): boolean {
  return p.build?.cpuOnly === true || /\+cpu$/.test(p.version);
}

export function pythonOf(env: PythonEnv): string {
  return env.python ?? `${env.prefix}/bin/python`;
}

/** "pip", "uv" or "conda": who should do the reinstall (the installer of `p`, else pip). */
export function managerOf(p: PythonPackage | undefined): 'pip' | 'uv' | 'conda' {
  const i = (p?.installer ?? '').toLowerCase();
  if (i === 'uv') return 'uv';
  if (i === 'conda') return 'conda';
  return 'pip';
}

/** Python packages that carry CUDA kernels or a CUDA build: the framework rules check them. */
export const FRAMEWORKS = new Set([
  'torch',
  'torchvision',
  'torchaudio',
  'tensorflow',
  'tensorflow-gpu',
  'tensorflow-cpu',
  'jax',
  'jaxlib',
  'jax-cuda12-plugin',
  'jax-cuda13-plugin',
  'jax-cuda12-pjrt',
  'jax-cuda13-pjrt',
  'cupy',
  'cupy-cuda11x',
  'cupy-cuda12x',
  'cupy-cuda13x',
  'xformers',
  'flash-attn',
  'bitsandbytes',
  'vllm',
  'triton',
  'deepspeed',
  'onnxruntime-gpu',
]);

export function isFramework(p: PythonPackage): boolean {
  return FRAMEWORKS.has(canonicalName(p.name));
}

/** GPU packages beside FRAMEWORKS whose builds no rule checks yet; a pasted list keeps them for context. */
const OTHER_GPU_PACKAGES =
  /^(pytorch-cuda|tf-nightly|jax-cuda\d+-(plugin|pjrt)|cupy-cuda\d+x?|onnxruntime|tensorrt|paddlepaddle-gpu|mxnet-cu\d+|ctranslate2|faster-whisper|llama-cpp-python|auto-gptq|sglang)$/;
/** The CUDA components those packages load: pip's nvidia-* wheels and conda's CUDA packages. */
const CUDA_COMPONENTS =
  /^(nvidia-[a-z0-9-]+|lib(cublas|cusparse|cufft|curand|cusolver|nvjitlink|npp)(-dev)?|cudatoolkit|cuda-version|cuda-toolkit|cuda-nvcc|cuda-runtime|cuda-cudart|cudnn|nccl)$/;

/** A package of the GPU stack, as a pasted pip or conda list keeps it: a framework, another GPU package, or a CUDA component. */
export function isGpuStackPackage(name: string): boolean {
  const n = canonicalName(name);
  return FRAMEWORKS.has(n) || OTHER_GPU_PACKAGES.test(n) || CUDA_COMPONENTS.test(n);
}

export function isTensorflow(p: PythonPackage): boolean {
  return /^tensorflow(-gpu|-cpu)?$/.test(canonicalName(p.name));
}

/** The version of the bundled copy of a library: the matching nvidia-* wheel in this env. */
export function wheelVersionFor(env: PythonEnv, soname: string): { name: string; version: string } | undefined {
  for (const major of [13, 12, 11]) {
    const name = wheelForSoname(soname, major);
    if (!name) return undefined;
    const p = findPackage(env, name);
    if (p) return { name, version: p.version };
  }
  return undefined;
}

/** A copy inside the environment (a pip wheel or the package's own lib folder). */
export function isBundledPath(env: PythonEnv, path: string): boolean {
  return path.startsWith(`${env.prefix}/`) || (env.sitePackages ?? []).some((s) => path.startsWith(`${s}/`)) || /\/site-packages\//.test(path);
}

export function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i > 0 ? path.slice(0, i) : '/';
}

/** "libcudnn.so.9" → 9; "libcudnn.so.8.9.2" → 8. */
export function sonameMajor(soname: string): number | undefined {
  const m = /\.so\.(\d+)/.exec(soname);
  return m?.[1] ? Number(m[1]) : undefined;
}

/** The CUDA a build targets: build.cuda, else from a +cuXYZ label ("cu128" → "12.8"). */
export function buildCudaOf(p: PythonPackage): string | undefined {
  if (p.build?.cuda) return p.build.cuda;
  const m = /\+cu(\d+)(\d)$/.exec(p.version);
  return m ? `${m[1]}.${m[2]}` : undefined;
}

export function torchReleaseOf(p: PythonPackage): TorchRelease | undefined {
  return torchRelease(p.version);
}
