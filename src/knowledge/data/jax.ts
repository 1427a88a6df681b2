// JAX GPU wheels: the `jax[cudaNN]` extras with their CUDA/cuDNN/driver/GPU floors, and the jax/jaxlib
// releases where an extra appeared, changed or disappeared. JAX publishes NVIDIA GPU wheels for Linux
// x86_64 and aarch64 only (WSL2 experimental, no native Windows GPU).
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';
const INSTALL = 'https://docs.jax.dev/en/latest/installation.html (jax-ml/jax docs/installation.md, NVIDIA GPU section; current copy)';

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
    note: 'Docs table says "built with CUDA 12.3"; the jax 0.7.1 changelog says JAX is built with CUDA 12.9 (CUDA 12.1+ still supported). The docs warn CUDA 12 support will be dropped at some point.',
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
    source: 'jax CHANGELOG — not re-read',
    checked: CHECKED,
    confirmed: false,
    note: 'Believed to be the first release without CUDA 11 wheels; unverified.',
  },
  {
    version: '0.7.1',
    released: '2025-08',
    python: { min: '3.11', max: '3.14' },
    extras: ['cuda12'],
    builtWithCuda: '12.9',
    source: 'jax v0.7.1 release notes (mirror of the GitHub release): "JAX is now built using CUDA 12.9. All versions of CUDA 12.1 or newer remain supported"; "ships Python 3.14 and 3.14t wheels"',
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
    extras: ['cuda13'],
    source: 'gpuenv fixture h200-cuda13 (jax, jaxlib, jax-cuda13-plugin, jax-cuda13-pjrt 0.11.2 on a real H200, driver 580)',
    checked: CHECKED,
    confirmed: true,
    note: 'Newest release seen. Whether cuda12 wheels are still published for it is unverified.',
    unconfirmedFields: ['extras'],
  },
];
