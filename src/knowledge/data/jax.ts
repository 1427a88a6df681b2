// JAX GPU wheels: the `jax[cudaNN]` extras with their CUDA/cuDNN/driver/GPU floors, and the jax/jaxlib
// releases where an extra appeared, changed or disappeared. JAX publishes NVIDIA GPU wheels for Linux
// x86_64 and aarch64 only (WSL2 experimental, no native Windows GPU).
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';
const INSTALL = 'https://docs.jax.dev/en/latest/installation.html (jax-ml/jax docs/installation.md, NVIDIA GPU section; current copy)';
const CHANGELOG = 'jax CHANGELOG (https://docs.jax.dev/en/latest/changelog.html; jax-ml/jax CHANGELOG.md)';
const AUDIT_19 = '2026-12-01 audit (gpuenv issue 19)';
/** First release whose GPU wheels need the current cuDNN floor of the extras (9.8), per the jax CHANGELOG. */
export const JAX_CUDNN_98_SINCE = '0.6.0';

export interface JaxCudaExtra extends Sourced {
  /** Extra name: `pip install "jax[cuda13]"`. */
  extra: 'cuda12' | 'cuda13' | 'cuda11';
  /** Same wheels against a locally installed CUDA: `jax[cuda13-local]`. */
  localExtra?: string;
  /** Plugin packages the extra installs. */
  plugins: readonly string[];
  builtWith?: { cuda: string; cudnn: string; nccl: string };
  /** Minimum versions the wheels work with (JAX checks them at start-up). */
  requires: { cuda: string; cudnnMin: string; cudnnBelow: string; ncclMin: string };
  /** Minimum Linux driver (minor-version compatibility floor of the CUDA major). */
  minDriverLinux: string;
  /** Lowest compute capability supported. */
  minComputeCapability: string;
  /** false: no longer published. */
  current: boolean;
}

export interface JaxRelease extends Sourced {
  /** jax and jaxlib share version numbers since 0.4.x. */
  version: string;
  released?: string;
  python?: { min: string; max: string };
  /** GPU extras published for this release. */
  extras: readonly JaxCudaExtra['extra'][];
  /** CUDA the jaxlib/plugin wheels were built with, when the changelog says. */
  builtWithCuda?: string;
  /**
   * cuDNN the GPU wheels of this release need, where it differs from the extra's current floor
   * (`JAX_CUDA_EXTRAS[].requires`, which holds from 0.6.0 on): jaxlib 0.4.26+cuda12.cudnn89 needs 8.9.
   */
  cudnn?: { min: string; below: string };
  unconfirmedFields?: readonly string[];
}

export const JAX_CUDA_EXTRAS: readonly JaxCudaExtra[] = [
  {
    extra: 'cuda13',
    localExtra: 'cuda13-local',
    plugins: ['jax-cuda13-plugin', 'jax-cuda13-pjrt'],
    builtWith: { cuda: '13.0', cudnn: '9.8', nccl: '2.19' },
    requires: { cuda: '13.0', cudnnMin: '9.8', cudnnBelow: '10.0', ncclMin: '2.18' },
    minDriverLinux: '580',
    minComputeCapability: '7.5',
    current: true,
    source: INSTALL,
    checked: CHECKED,
    confirmed: true,
    note: 'Recommended by the docs ("we recommend migrating to the CUDA 13 wheels").',
  },
  {
    extra: 'cuda12',
    localExtra: 'cuda12-local',
    plugins: ['jax-cuda12-plugin', 'jax-cuda12-pjrt'],
    builtWith: { cuda: '12.3', cudnn: '9.8', nccl: '2.19' },
    requires: { cuda: '12.1', cudnnMin: '9.8', cudnnBelow: '10.0', ncclMin: '2.18' },
    minDriverLinux: '525',
    minComputeCapability: '5.2',
    current: true,
    source: INSTALL,
    checked: CHECKED,
    confirmed: true,
    note: 'Docs table says "built with CUDA 12.3"; the jax 0.7.1 changelog says JAX is built with CUDA 12.9 (CUDA 12.1+ still supported). The docs warn CUDA 12 support will be dropped at some point. The cuDNN >= 9.8 floor holds from jax 0.6.0 on (jax CHANGELOG); older releases carry their own `cudnn` (0.4.26: 8.9).',
  },
  {
    extra: 'cuda11',
    plugins: [],
    requires: { cuda: '11.8', cudnnMin: '8.6', cudnnBelow: '9.0', ncclMin: '2.14' },
    minDriverLinux: '450.80.02',
    minComputeCapability: '3.5',
    current: false,
    source: 'jax CHANGELOG (jaxlib 0.4.x) — not re-read',
    checked: CHECKED,
    confirmed: false,
    note: 'CUDA 11 wheels were dropped during jaxlib 0.4.x (believed 0.4.26, April 2024); the exact release and the floors listed here are unverified.',
  },
];

export const JAX_RELEASES: readonly JaxRelease[] = [
  {
    version: '0.4.26',
    released: '2024-04',
    extras: ['cuda12'],
    cudnn: { min: '8.9', below: '9.0' },
    source: `${CHANGELOG}; jaxlib 0.4.26+cuda12.cudnn89 wheel tag (jax_cuda_releases.html, as pinned by public projects, e.g. "jaxlib 0.4.26+cuda12.cudnn89" for AlphaFold 2) — ${AUDIT_19}`,
    checked: '2026-12-01',
    confirmed: false,
    note: `cuDNN 8.9 (jaxlib 0.4.26+cuda12.cudnn89), not >= 9.8: the 9.8 floor starts at jax ${JAX_CUDNN_98_SINCE} (jax CHANGELOG, as reported by the ${AUDIT_19}; the changelog was not re-read here, the wheel tag is seen in public pins). Believed to be the first release without CUDA 11 wheels; unverified.`,
    unconfirmedFields: ['released', 'extras'],
  },
  {
    version: '0.7.1',
    released: '2025-08',
    python: { min: '3.11', max: '3.14' },
    extras: ['cuda12'],
    builtWithCuda: '12.9',
    source:
      'jax v0.7.1 release notes (mirror of the GitHub release): "JAX is now built using CUDA 12.9. All versions of CUDA 12.1 or newer remain supported"; "ships Python 3.14 and 3.14t wheels"',
    checked: CHECKED,
    confirmed: true,
    unconfirmedFields: ['python.min'],
  },
  {
    version: '0.7.2',
    released: '2025-09',
    extras: ['cuda12', 'cuda13'],
    source: 'https://pypi.org/project/jax-cuda13-pjrt/0.7.2/ (x86_64 and aarch64 wheels)',
    checked: CHECKED,
    confirmed: true,
    note: 'Earliest jax-cuda13-pjrt seen on PyPI; whether it is the very first cuda13 release is unverified.',
    unconfirmedFields: ['released'],
  },
  {
    version: '0.8.0',
    extras: ['cuda12', 'cuda13'],
    source: 'https://pypi.org/project/jax-cuda13-pjrt/0.8.0/',
    checked: CHECKED,
    confirmed: true,
  },
  {
    version: '0.11.2',
    extras: ['cuda12', 'cuda13'],
    source: `gpuenv fixture h200-cuda13 (jax, jaxlib, jax-cuda13-plugin, jax-cuda13-pjrt 0.11.2 on a real H200, driver 580); https://pypi.org/project/jax-cuda12-plugin/0.11.2/ and https://pypi.org/project/jax-cuda12-pjrt/0.11.2/ (${AUDIT_19})`,
    checked: '2026-12-01',
    confirmed: true,
    note: `Newest release seen. cuda12 wheels are published too (jax-cuda12-plugin==0.11.2, jax-cuda12-pjrt==0.11.2 on PyPI, per the ${AUDIT_19}; not re-read here, so 'extras' stays unconfirmed).`,
    unconfirmedFields: ['extras'],
  },
];
