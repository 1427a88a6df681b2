// A package's main CUDA shared objects: which CUDA libraries they need and which copy the loader
// (or torch's preload) picks, and which GPU architectures their `.nv_fatbin` carries.
import { posix } from 'node:path';
import type { LibraryResolution, PythonPackage } from '../../snapshot/types.js';
import type { ProbeContext } from '../context.js';
import { fatbinOfFile } from '../fatbin.js';
import type { ElfDynamic } from '../../formats/elf.js';
import { readElfDynamicFile } from './elf-dynamic.js';
import { resolveSoname, type LoaderView } from './resolve.js';
import { preloadedFor, type TorchPreload } from './torch-preload.js';

/** Folder (relative to site-packages) and file-name pattern of each package's CUDA objects, most telling first. */
const OBJECTS: Array<[RegExp, Array<[string, RegExp]>]> = [
  [
    /^torch$/,
    [
      ['torch/lib', /^libtorch_cuda\.so$/],
      ['torch/lib', /^libtorch_cuda_linalg\.so$/],
      ['torch/lib', /^libc10_cuda\.so$/],
    ],
  ],
  [/^torchvision$/, [['torchvision', /^_C(\..*)?\.so$/]]],
  [
    /^torchaudio$/,
    [
      ['torchaudio/lib', /^libtorchaudio\.so$/],
      ['torchaudio/lib', /^_torchaudio.*\.so$/],
    ],
  ],
  [
    /^(tensorflow|tf-nightly)(-gpu|-intel)?$/,
    [
      ['tensorflow', /^libtensorflow_cc\.so\.\d+$/],
      ['tensorflow', /^libtensorflow_framework\.so\.\d+$/],
      ['tensorflow/python', /^_pywrap_tensorflow_internal\.so$/],
    ],
  ],
  [/^jax-cuda\d+-pjrt$/, [['jax_plugins', /./]]],
  [/^jax-cuda\d+-plugin$/, [['', /^jax_cuda\d+_plugin$/]]],
  [
    /^cupy/,
    [
      ['cupy/_core', /^core\..*\.so$/],
      ['cupy_backends/cuda/api', /^runtime\..*\.so$/],
      ['cupy/cuda', /^memory\..*\.so$/],
    ],
  ],
  [/^xformers$/, [['xformers', /^_C(\..*)?\.so$/]]],
  [
    /^flash-attn$/,
    [
      ['', /^flash_attn_2_cuda.*\.so$/],
      ['', /^flash_attn_3.*\.so$/],
    ],
  ],
  [/^bitsandbytes$/, [['bitsandbytes', /^libbitsandbytes_cuda\d+.*\.so$/]]],
  [
    /^vllm$/,
    [
      ['vllm', /^_C\..*so$/],
      ['vllm', /^_moe_C\..*so$/],
    ],
  ],
  [/^onnxruntime-gpu$/, [['onnxruntime/capi', /^libonnxruntime_providers_cuda\.so$/]]],
];
// libtorch_cuda.so alone is ~1 GB; a few objects per package say enough and keep `doctor` fast.
const MAX_FILES = 4;

/** CUDA libraries whose resolution matters ("which copy actually loads"). */
export const CUDA_SONAME =
  /^lib(cudart|cublas|cublasLt|cudnn[a-z_]*|nccl|cufft|cusparse|cusparseLt|cusolver|nvrtc|nvJitLink|curand|cupti|cuda|cufile|nvshmem_host)\.so(\.\d+)*$/;

export async function cudaObjects(ctx: ProbeContext, pkgName: string, sitePackages: string): Promise<string[]> {
  const rules = OBJECTS.find(([re]) => re.test(pkgName))?.[1];
  if (!rules) return [];
  const out: string[] = [];
  for (const [dir, re] of rules) {
    const base = dir ? `${sitePackages}/${dir}` : sitePackages;
    for (const e of ((await ctx.sys.readDir(base)) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!re.test(e.name)) continue;
      if (e.kind === 'dir') {
        // jax plugins keep their .so one level down (jax_plugins/xla_cuda13/xla_cuda_plugin.so).
        for (const f of (await ctx.sys.readDir(`${base}/${e.name}`)) ?? []) if (/\.so(\.\d+)*$/.test(f.name)) out.push(`${base}/${e.name}/${f.name}`);
      } else if (/\.so(\.\d+)*$/.test(e.name)) out.push(`${base}/${e.name}`);
      if (out.length >= MAX_FILES) return out.slice(0, MAX_FILES);
    }
  }
  return out.slice(0, MAX_FILES);
}

export async function archsOf(ctx: ProbeContext, files: string[]): Promise<PythonPackage['archs']> {
  if (files.length === 0) return null;
  const sass = new Set<string>();
  const ptx = new Set<string>();
  const withCode: string[] = [];
  for (const f of files) {
    const s = await fatbinOfFile(ctx.sys, f);
    if (s.sass.length + s.ptx.length > 0) withCode.push(f);
    s.sass.forEach((a) => sass.add(a));
    s.ptx.forEach((a) => ptx.add(a));
  }
  if (withCode.length === 0) return null;
  return { sass: sortArchs(sass), ptx: sortArchs(ptx), files: withCode, source: `fatbin:${withCode.join(',')}` };
}

function sortArchs(xs: Set<string>): string[] {
  const key = (s: string) => Number(/_(\d+)/.exec(s)?.[1] ?? 0);
  return [...xs].sort((a, b) => key(a) - key(b) || a.localeCompare(b));
}

export interface ResolveInput {
  view: LoaderView;
  preload: TorchPreload | null;
  /** Libraries already in the process by soname (torch's, for packages imported after torch): reused, not searched. */
  loaded?: Map<string, string>;
  /** Sonames the package dlopens at run time instead of listing as NEEDED (TensorFlow's stream executor). */
  dlopened?: string[];
}

/** TensorFlow loads CUDA with dlopen from libtensorflow_framework / libtensorflow_cc, by the majors it was built for. */
export function tensorflowDlopens(cuda: string | null, cudnn: string | null): string[] {
  const cu = cuda?.split('.')[0];
  const dnn = cudnn?.split('.')[0];
  return [...(cu ? [`libcudart.so.${cu}`, `libcublas.so.${cu}`, `libcublasLt.so.${cu}`] : []), ...(dnn ? [`libcudnn.so.${dnn}`] : [])];
}

/** CUDA sonames the objects need, each resolved from the object that first needs it; cuDNN's own sub-libraries too. */
export async function cudaLibrariesOf(ctx: ProbeContext, files: string[], input: ResolveInput): Promise<LibraryResolution[]> {
  const out: LibraryResolution[] = [];
  const done = new Set<string>();
  const dyns: Array<[string, ElfDynamic]> = [];
  for (const f of files) dyns.push([f, await readElfDynamicFile(ctx.sys, f)]);
  // The on-failure preload only happens when a CUDA library cannot be found the normal way.
  let preload = input.preload?.mode === 'always' ? input.preload : null;
  if (input.preload?.mode === 'on-failure') {
    for (const [f, dyn] of dyns) {
      for (const soname of dyn.needed.filter((n) => CUDA_SONAME.test(n))) {
        const r = await resolveSoname(ctx, soname, dyn, posix.dirname(f), input.view);
        if (r.via === 'not-found' && preloadedFor(input.preload, soname)) preload = input.preload;
      }
    }
  }
  const firstElf = dyns.find(([, d]) => !d.error);
  const wanted = (dyn: ElfDynamic, f: string) => (firstElf && f === firstElf[0] ? [...dyn.needed, ...(input.dlopened ?? [])] : dyn.needed);
  for (const [f, dyn] of dyns) {
    for (const soname of wanted(dyn, f)) {
      if (!CUDA_SONAME.test(soname) || done.has(soname)) continue;
      done.add(soname);
      const pre = input.loaded?.get(soname) ?? (preload ? preloadedFor(preload, soname) : undefined);
      const r = await resolveSoname(ctx, soname, dyn, posix.dirname(f), input.view, pre);
      out.push(r);
      if (/^libcudnn\.so\.\d+$/.test(soname) && r.resolvedPath) out.push(...(await cudnnParts(ctx, r.resolvedPath, soname, input.view, done)));
    }
  }
  return out;
}

/**
 * cuDNN ≥ 8 is a shim that dlopens its parts (libcudnn_ops.so.9, …) by soname, searched with the
 * shim's own RUNPATH ($ORIGIN), so LD_LIBRARY_PATH comes first: a folder of another cuDNN there mixes
 * versions even when the shim itself came from the wheel.
 */
async function cudnnParts(ctx: ProbeContext, shim: string, soname: string, view: LoaderView, done: Set<string>): Promise<LibraryResolution[]> {
  const major = /\.so\.(\d+)$/.exec(soname)?.[1];
  const real = (await ctx.sys.realPath(shim)) ?? shim;
  const dir = posix.dirname(real);
  const parts = ((await ctx.sys.readDir(dir)) ?? [])
    .map((e) => e.name)
    .filter((n) => new RegExp(`^libcudnn_[a-z_]+\\.so\\.${major}$`).test(n))
    .sort();
  let dyn = await readElfDynamicFile(ctx.sys, real);
  // NVIDIA ships libcudnn.so.9 with RUNPATH $ORIGIN; assume it when the file cannot be read as ELF.
  if (dyn.error) dyn = { ...dyn, runpath: ['$ORIGIN'], rpath: null };
  const out: LibraryResolution[] = [];
  for (const part of parts) {
    if (done.has(part)) continue;
    done.add(part);
    out.push(await resolveSoname(ctx, part, dyn, dir, view));
  }
  return out;
}
