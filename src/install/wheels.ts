// NVIDIA's CUDA library wheels (nvidia-*-cuNN) as the knowledge tables know them: which CUDA majors have them, and the
// cuDNN requirement to print for a cuDNN major. The one place fixes get such a wheel name from.
import { cudnnReleases } from '../knowledge/cudnn.js';
import { jaxCudaExtras } from '../knowledge/jax.js';
import { tensorflowReleases } from '../knowledge/tensorflow.js';
import { torchReleases } from '../knowledge/torch.js';
import { versionParts } from '../knowledge/version.js';
import { wheelForSoname } from '../knowledge/wheels.js';

/**
 * The CUDA majors whose libraries NVIDIA ships as nvidia-*-cuNN wheels, as the tables show them: the majors of the
 * torch PyPI builds that pin an nvidia-cudnn wheel (1.13's cu117 on), of the tensorflow[and-cuda] releases and of
 * the current jax[cudaNN] extras. A torch default build without a cuDNN pin (cu102 up to 1.12) bundled its libraries.
 */
export function nvidiaWheelMajors(): number[] {
  const majors = new Set<number>();
  for (const r of torchReleases()) {
    const v = r.cudaVariants.find((x) => x.tag === r.pypiDefault);
    if (v?.cudnn) majors.add(versionParts(v.cuda)[0]!);
  }
  for (const t of tensorflowReleases()) if (t.andCudaExtra) majors.add(versionParts(t.cuda)[0]!);
  for (const e of jaxCudaExtras()) if (e.current) majors.add(Number(e.extra.replace('cuda', '')));
  return [...majors].sort((a, b) => a - b);
}

/** The wheel that ships a library for a CUDA major, when NVIDIA publishes wheels of that major (libcudart.so.10.1: none). */
export function nvidiaWheelFor(soname: string, cudaMajor: number): string | undefined {
  return nvidiaWheelMajors().includes(cudaMajor) ? wheelForSoname(soname, cudaMajor) : undefined;
}

/**
 * `nvidia-cudnn-cuNN==X.*` for a cuDNN major the tables list for that CUDA major (`cudaMajor`, else the newest CUDA major
 * with such a build; pip then takes the newest X.y wheel); undefined when no wheel of that cuDNN major exists (cuDNN 7).
 */
export function cudnnWheelRequirement(cudnnMajor: number, cudaMajor?: number): string | undefined {
  const majors = nvidiaWheelMajors().filter((m) => cudaMajor === undefined || m === cudaMajor);
  const cuda = [...majors]
    .reverse()
    .find((c) => cudnnReleases().some((r) => versionParts(r.version)[0] === cudnnMajor && r.builds.some((b) => b.cudaMajor === c)));
  return cuda === undefined ? undefined : `nvidia-cudnn-cu${cuda}==${cudnnMajor}.*`;
}
