// Pure queries over the onnxruntime-gpu CUDA/cuDNN table.
import { compareVersions } from './version.js';
import { ONNXRUNTIME_RELEASES, ORT_CUDA_LIBRARIES, type OnnxRuntimeRelease, type OrtCudaBuild } from './data/onnxruntime.js';

export type { OnnxRuntimeRelease, OrtCudaBuild, OrtCudaMajor, OrtCudnnMajor } from './data/onnxruntime.js';

/** Every known release series, oldest first. */
export function onnxruntimeReleases(): readonly OnnxRuntimeRelease[] {
  return ONNXRUNTIME_RELEASES;
}

/** "1.19.2", "1.19", "v1.19.2", "onnxruntime-gpu==1.19.2", "1.19.2+cu118" → { series: "1.19", patch: "1.19.2" }. */
export function parseOnnxruntimeVersion(version: string): { series: string; patch?: string } | undefined {
  const v = version.trim().replace(/^onnxruntime(-gpu)?\s*(==|-)?\s*/i, '');
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:[.+-].*)?$/.exec(v);
  if (!m) return undefined;
  const series = `${m[1]}.${m[2]}`;
  return m[3] !== undefined ? { series, patch: `${series}.${m[3]}` } : { series };
}

function buildsFor(r: OnnxRuntimeRelease, patch?: string): OrtCudaBuild[] {
  return r.builds.filter((b) => !b.patches || !patch || b.patches.some((p) => compareVersions(p, patch) === 0));
}

/**
 * The row for a release series ("1.19") or a patch ("1.19.2"). For a patch, builds limited to other patches
 * are left out (1.18.1 has the cuDNN 9 CUDA 12 build, 1.18.0 the cuDNN 8 one).
 */
export function onnxruntimeRelease(version: string): OnnxRuntimeRelease | undefined {
  const p = parseOnnxruntimeVersion(version);
  if (!p) return undefined;
  const r = ONNXRUNTIME_RELEASES.find((x) => compareVersions(x.version, p.series) === 0);
  if (!r || !p.patch) return r;
  return { ...r, builds: buildsFor(r, p.patch) };
}

export interface OnnxruntimeCuda {
  release: OnnxRuntimeRelease;
  /** The build `pip install onnxruntime-gpu==<version>` gets from PyPI. */
  pypiDefault?: OrtCudaBuild;
  /** Other official builds (separate feeds). */
  alternatives: OrtCudaBuild[];
  /** false when the row or the default build is unconfirmed. */
  confirmed: boolean;
}

/** The CUDA major + cuDNN major the default PyPI onnxruntime-gpu wheel of `version` needs, and the alternatives. */
export function onnxruntimeCuda(version: string): OnnxruntimeCuda | undefined {
  const release = onnxruntimeRelease(version);
  if (!release) return undefined;
  const pypiDefault = release.builds.find((b) => b.pypiDefault);
  return {
    release,
    pypiDefault,
    alternatives: release.builds.filter((b) => b !== pypiDefault),
    confirmed: release.confirmed && (pypiDefault?.confirmed ?? true),
  };
}

/**
 * The newest release series with a build (default or alternative) for `cudaMajor` and, if given, `cudnnMajor`.
 * Builds limited to some patches still count (1.18 matches CUDA 12 + cuDNN 9 through 1.18.1).
 */
export function onnxruntimeForCuda(cudaMajor: number, cudnnMajor?: number): { release: OnnxRuntimeRelease; build: OrtCudaBuild } | undefined {
  for (let i = ONNXRUNTIME_RELEASES.length - 1; i >= 0; i--) {
    const release = ONNXRUNTIME_RELEASES[i]!;
    const matches = release.builds.filter((b) => b.cudaMajor === cudaMajor && (cudnnMajor === undefined || b.cudnnMajor === cudnnMajor));
    const build = matches.find((b) => b.pypiDefault) ?? matches.at(-1);
    if (build) return { release, build };
  }
  return undefined;
}

/** The oldest release series with any build for `cudaMajor` (1.17 for CUDA 12), and the oldest where it is PyPI's default. */
export function onnxruntimeFirstFor(cudaMajor: number): { first?: OnnxRuntimeRelease; firstDefault?: OnnxRuntimeRelease } {
  const first = ONNXRUNTIME_RELEASES.find((r) => r.builds.some((b) => b.cudaMajor === cudaMajor));
  const firstDefault = ONNXRUNTIME_RELEASES.find((r) => r.builds.some((b) => b.cudaMajor === cudaMajor && b.pypiDefault));
  return { ...(first ? { first } : {}), ...(firstDefault ? { firstDefault } : {}) };
}

export interface OrtLibraries {
  linux: string[];
  windows: string[];
  /** false when some of the names are not confirmed from an ORT source. */
  confirmed: boolean;
}

/**
 * Library files a build's CUDA EP loads: libcublasLt.so.12 / cublasLt64_12.dll, libcudnn.so.9 / cudnn64_9.dll, ...
 * Derived from the CUDA and cuDNN majors (`ORT_CUDA_LIBRARIES`).
 */
export function onnxruntimeLibraries(build: Pick<OrtCudaBuild, 'cudaMajor' | 'cudnnMajor'>): OrtLibraries {
  const rows = ORT_CUDA_LIBRARIES.filter((l) => l.cudaMajor === build.cudaMajor || l.cudnnMajor === build.cudnnMajor);
  return {
    linux: rows.flatMap((r) => r.linux),
    windows: rows.flatMap((r) => r.windows),
    confirmed: rows.length === 2 && rows.every((r) => r.confirmed),
  };
}
