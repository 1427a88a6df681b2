// The CUDA a package was built for, from files only: the +cuXYZ local version, torch/version.py,
// TensorFlow's build_info.py, the jax plugin's and cupy's package names, conda build strings.
import type { PythonPackage } from '../../snapshot/types.js';
import type { ProbeContext } from '../context.js';
import type { RawPackage } from './packages.js';

export type BuildInfo = NonNullable<PythonPackage['build']>;

/** "124" → "12.4", "130" → "13.0", "118" → "11.8", "92" → "9.2". */
export function cudaFromDigits(d: string): string {
  return `${d.slice(0, -1)}.${d.slice(-1)}`;
}

/** `cuda = '13.0'` / `cuda: Optional[str] = None` in torch/version.py (torchvision's too). */
export function parseVersionPy(text: string): { cuda: string | null | undefined; hip: boolean; gitVersion: string | null } {
  const m = /^cuda\s*(?::[^=\n]*)?=\s*(?:'([^']*)'|"([^"]*)"|None)/m.exec(text);
  const cuda = m ? (m[1] ?? m[2] ?? null) : undefined;
  const hip = /^hip\s*(?::[^=\n]*)?=\s*['"]/m.test(text);
  const git = /^git_version\s*(?::[^=\n]*)?=\s*['"]([^'"]*)['"]/m.exec(text)?.[1] ?? null;
  return { cuda, hip, gitVersion: git };
}

/** TensorFlow's `build_info = {'cuda_version': '12.2', 'cudnn_version': '8', 'is_cuda_build': True, …}`. */
export function parseTfBuildInfo(text: string): { cuda: string | null; cudnn: string | null; isCuda: boolean | null; archs: string[] } {
  const str = (k: string) => new RegExp(`['"]${k}['"]\\s*:\\s*['"]([^'"]*)['"]`).exec(text)?.[1] ?? null;
  const bool = /['"]is_cuda_build['"]\s*:\s*(True|False)/.exec(text)?.[1];
  const caps = /['"]cuda_compute_capabilities['"]\s*:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
  return {
    cuda: str('cuda_version'),
    cudnn: str('cudnn_version'),
    isCuda: bool === undefined ? null : bool === 'True',
    archs: [...caps.matchAll(/['"]([^'"]+)['"]/g)].map((x) => x[1] ?? '').filter(Boolean),
  };
}

function localCuda(version: string): { cuda: string | null; cpu: boolean } | null {
  const local = /\+(.+)$/.exec(version)?.[1];
  if (!local) return null;
  if (/^cpu/.test(local)) return { cuda: null, cpu: true };
  const cu = /^cu(\d{2,3})/.exec(local)?.[1] ?? /cuda(\d+)/.exec(local)?.[1];
  return cu ? { cuda: cu.length >= 3 || (cu.length === 2 && Number(cu) > 20) ? cudaFromDigits(cu) : cu, cpu: false } : null;
}

/** conda build strings: py3.11_cuda12.4_cudnn9.1.0_0 (pytorch channel), cuda126_generic_py311_… (conda-forge), cpu_… */
function condaCuda(build: string): { cuda: string | null; cudnn: string | null; cpu: boolean } | null {
  if (/(^|_)cpu(_|$)/.test(build)) return { cuda: null, cudnn: null, cpu: true };
  const dotted = /cuda(\d+\.\d+)/.exec(build)?.[1];
  const packed = /cuda(\d{3})/.exec(build)?.[1];
  const cuda = dotted ?? (packed ? cudaFromDigits(packed) : null);
  if (!cuda) return null;
  return { cuda, cudnn: /cudnn(\d+(?:\.\d+)*)/.exec(build)?.[1] ?? null, cpu: false };
}

export async function buildInfo(ctx: ProbeContext, pkg: RawPackage, all: RawPackage[]): Promise<BuildInfo | null> {
  const sp = pkg.sitePackages;
  const fromLocal = localCuda(pkg.version);
  const fromConda = pkg.condaBuild ? condaCuda(pkg.condaBuild) : null;
  switch (pkg.name) {
    case 'torch':
    case 'torchvision':
    case 'torchaudio': {
      const vpy = sp ? `${sp}/${pkg.name}/version.py` : null;
      const text = vpy ? await ctx.sys.readFile(vpy, 64 * 1024) : undefined;
      if (text && vpy) {
        const v = parseVersionPy(text);
        if (v.cuda !== undefined) return { cuda: v.cuda, cudnn: fromConda?.cudnn ?? null, cpuOnly: v.cuda === null && !v.hip, source: `file:${vpy}` };
        // torchvision computes `cuda` at import time; its __version__ still carries the +cuXYZ tag.
        const full = /^__version__\s*=\s*['"]([^'"]+)['"]/m.exec(text)?.[1];
        const local = full ? localCuda(full) : null;
        if (local) return { cuda: local.cuda, cudnn: null, cpuOnly: local.cpu, source: `file:${vpy}` };
      }
      if (fromConda) return { cuda: fromConda.cuda, cudnn: fromConda.cudnn, cpuOnly: fromConda.cpu, source: `file:${pkg.location}` };
      if (fromLocal) return { cuda: fromLocal.cuda, cudnn: null, cpuOnly: fromLocal.cpu, source: `version:${pkg.version}` };
      return null;
    }
    case 'tensorflow':
    case 'tensorflow-gpu':
    case 'tensorflow-intel':
    case 'tf-nightly':
    case 'tf-nightly-gpu': {
      const bi = sp ? `${sp}/tensorflow/python/platform/build_info.py` : null;
      const text = bi ? await ctx.sys.readFile(bi, 64 * 1024) : undefined;
      if (text && bi) {
        const b = parseTfBuildInfo(text);
        return { cuda: b.cuda, cudnn: b.cudnn, cpuOnly: b.isCuda === false, source: `file:${bi}` };
      }
      return fromConda ? { cuda: fromConda.cuda, cudnn: fromConda.cudnn, cpuOnly: fromConda.cpu, source: `file:${pkg.location}` } : null;
    }
    case 'tensorflow-cpu':
    case 'tf-nightly-cpu':
      return { cuda: null, cudnn: null, cpuOnly: true, source: `package:${pkg.name}` };
    case 'jaxlib': {
      // Since jax 0.4.30 jaxlib is CPU only; CUDA comes from a jax-cudaNN-plugin wheel next to it.
      const plugin = all.find((p) => /^jax-cuda\d+-plugin$/.test(p.name)) ?? all.find((p) => /^jax-cuda\d+-pjrt$/.test(p.name));
      if (plugin) return { cuda: /^jax-cuda(\d+)/.exec(plugin.name)?.[1] ?? null, cudnn: null, cpuOnly: false, source: `package:${plugin.name}` };
      // Older jaxlib wheels: 0.4.20+cuda12.cudnn89.
      const old = /\+cuda(\d+)\.cudnn(\d)(\d+)/.exec(pkg.version);
      if (old?.[1]) return { cuda: old[1], cudnn: `${old[2]}.${old[3]}`, cpuOnly: false, source: `version:${pkg.version}` };
      if (fromConda) return { cuda: fromConda.cuda, cudnn: fromConda.cudnn, cpuOnly: fromConda.cpu, source: `file:${pkg.location}` };
      return { cuda: null, cudnn: null, cpuOnly: true, source: 'no jax-cuda plugin installed' };
    }
  }
  const jaxPlugin = /^jax-cuda(\d+)-(plugin|pjrt)$/.exec(pkg.name);
  if (jaxPlugin?.[1]) return { cuda: jaxPlugin[1], cudnn: null, cpuOnly: false, source: `package:${pkg.name}` };
  const cupy = /^cupy-cuda(\d+)(x?)$/.exec(pkg.name);
  if (cupy?.[1]) return { cuda: cupy[2] ? cupy[1] : cudaFromDigits(cupy[1]), cudnn: null, cpuOnly: false, source: `package:${pkg.name}` };
  if (pkg.name === 'onnxruntime-gpu' && sp) {
    const f = `${sp}/onnxruntime/capi/build_and_package_info.py`;
    const text = await ctx.sys.readFile(f, 64 * 1024);
    const cuda = text ? /^cuda_version\s*=\s*['"]([^'"]+)['"]/m.exec(text)?.[1] : undefined;
    const cudnn = text ? /^cudnn_version\s*=\s*['"]([^'"]+)['"]/m.exec(text)?.[1] : undefined;
    if (cuda) return { cuda, cudnn: cudnn ?? null, cpuOnly: false, source: `file:${f}` };
  }
  const nv = /^nvidia-.*-cu(\d+)$/.exec(pkg.name);
  if (nv?.[1]) return { cuda: nv[1], cudnn: null, cpuOnly: false, source: `package:${pkg.name}` };
  // CUDA 13 wheels dropped the -cuNN suffix; the toolkit components' own major.minor is the CUDA release.
  if (/^nvidia-(cuda-runtime|cuda-nvrtc|cuda-nvcc|cuda-cupti|nvjitlink)$/.test(pkg.name)) {
    const mm = /^(\d+)\.(\d+)/.exec(pkg.version);
    if (mm) return { cuda: `${mm[1]}.${mm[2]}`, cudnn: null, cpuOnly: false, source: `version:${pkg.version}` };
  }
  // cuBLAS numbers its own minors (13.1 ships with CUDA 13.0): only its major is the CUDA release.
  if (pkg.name === 'nvidia-cublas') {
    return { cuda: pkg.version.split('.')[0] ?? null, cudnn: null, cpuOnly: false, source: `version:${pkg.version}` };
  }
  if (fromConda) return { cuda: fromConda.cuda, cudnn: fromConda.cudnn, cpuOnly: fromConda.cpu, source: `file:${pkg.location}` };
  if (pkg.name === 'cudatoolkit' || pkg.name === 'cuda-version' || pkg.name === 'pytorch-cuda') {
    const mm = /^(\d+\.\d+)/.exec(pkg.version)?.[1];
    if (mm) return { cuda: mm, cudnn: null, cpuOnly: false, source: `file:${pkg.location}` };
  }
  if (fromLocal) return { cuda: fromLocal.cuda, cudnn: null, cpuOnly: fromLocal.cpu, source: `version:${pkg.version}` };
  return null;
}
