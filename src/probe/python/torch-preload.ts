// torch's `__init__` loads CUDA libraries from the nvidia-* wheels by full path before it loads
// libtorch_cuda.so (`_load_global_deps` → `_preload_cuda_deps`); glibc then reuses those copies by
// soname, whatever RPATH or LD_LIBRARY_PATH say. torch ≥ 2.7-ish does it whenever libcudart is
// mapped after libtorch_global_deps.so loads (pytorch#138460, #145580); earlier 2.x only when that
// load failed. We read the env's own torch/__init__.py to know which behaviour applies.
import { posix } from 'node:path';
import type { ProbeContext } from '../context.js';

/** (wheel folder under nvidia/, file glob) in torch's preload order: cublasLt before cublas on purpose. */
const PRELOAD: Array<[string, RegExp]> = [
  ['cublas', /^libcublasLt\.so\..*\d$/],
  ['cublas', /^libcublas\.so\..*\d$/],
  ['cudnn', /^libcudnn\.so\..*\d$/],
  ['cuda_nvrtc', /^libnvrtc\.so\..*\d$/],
  ['cuda_nvrtc', /^libnvrtc-builtins\.so\..*\d$/],
  ['cuda_runtime', /^libcudart\.so\..*\d$/],
  ['cuda_cupti', /^libcupti\.so\..*\d$/],
  ['cufft', /^libcufft\.so\..*\d$/],
  ['curand', /^libcurand\.so\..*\d$/],
  ['nvjitlink', /^libnvJitLink\.so\..*\d$/],
  ['cusparse', /^libcusparse\.so\..*\d$/],
  ['cusparselt', /^libcusparseLt\.so\..*\d$/],
  ['cusolver', /^libcusolver\.so\..*\d$/],
  ['nccl', /^libnccl\.so\..*\d$/],
  ['nvshmem', /^libnvshmem_host\.so\..*\d$/],
  ['cufile', /^libcufile\.so\..*\d$/],
  ['nvtx', /^libnvToolsExt\.so\..*\d$/],
];

export interface TorchPreload {
  /** 'always': after a successful libtorch_global_deps load; 'on-failure': only when that load fails. */
  mode: 'always' | 'on-failure' | 'none';
  /** Files torch would load by path, in order. */
  files: string[];
  source: string;
}

export async function torchPreload(ctx: ProbeContext, torchDir: string, sitePackages: string[], cudaMajor: string | null): Promise<TorchPreload> {
  const init = `${torchDir}/__init__.py`;
  const text = (await ctx.sys.readFile(init, 1024 * 1024)) ?? '';
  const hasPreload = text.includes('_preload_cuda_deps');
  const mode: TorchPreload['mode'] = !hasPreload ? 'none' : text.includes('/proc/self/maps') ? 'always' : 'on-failure';
  if (mode === 'none') return { mode, files: [], source: text ? `file:${init}` : 'torch/__init__.py not readable' };
  // Since CUDA 13 the wheels share nvidia/cu13/lib; torch looks there too when its __init__ knows it.
  const perMajor = cudaMajor !== null && text.includes('cu{maj_cuda_version}');
  const listings = new Map<string, string[]>();
  const list = async (dir: string) => {
    let names = listings.get(dir);
    if (!names) {
      names = ((await ctx.sys.readDir(dir)) ?? [])
        .filter((e) => e.kind !== 'dir')
        .map((e) => e.name)
        .sort();
      listings.set(dir, names);
    }
    return names;
  };
  const files: string[] = [];
  for (const [folder, re] of PRELOAD) {
    let hit: string | undefined;
    for (const sp of sitePackages) {
      const dirs = [`${sp}/nvidia/${folder}/lib`, ...(perMajor ? [`${sp}/nvidia/cu${cudaMajor}/lib`] : []), `${sp}/${folder}/lib`];
      for (const dir of dirs) {
        const name = (await list(dir)).find((n) => re.test(n));
        if (name) {
          hit = posix.join(dir, name);
          break;
        }
      }
      if (hit) break;
    }
    if (hit) files.push(hit);
  }
  return { mode, files, source: `file:${init}` };
}

/** The preloaded file that satisfies `soname` (libcudnn.so.9 ← …/libcudnn.so.9 or libcudnn.so.9.1.0). */
export function preloadedFor(preload: TorchPreload, soname: string): string | undefined {
  return preload.files.find((f) => {
    const base = posix.basename(f);
    return base === soname || base.startsWith(`${soname}.`);
  });
}
