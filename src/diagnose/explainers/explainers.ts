// One explainer per Finding code (one file per family of causes): from the error events that point at it and the
// pasted facts, a Finding that names the concrete versions, sm_XX, cuXXX and driver floors, and how well the facts fit.
import type { FindingCode } from '../../findings.js';
import { archUnsupported } from './arch.js';
import { driverLibraryMismatch, driverNotLoaded, driverTooOld, forwardCompat, noGpu, nouveau, secureBoot } from './driver.js';
import { cpuOnly, frameworkCudaMismatch, mixedManagers } from './frameworks.js';
import { cudnnMismatch, libraryNotFound, libraryShadowing } from './libraries.js';
import { eccErrors, ncclFailure, outOfMemory, pcieDegraded, wsl } from './runtime.js';
import { toolkitMismatch } from './toolkit-mismatch.js';
import { multipleToolkits } from './multiple-toolkits.js';
import type { Explainer } from '../explain-helpers.js';

export type { Explained, Explainer } from '../explain-helpers.js';
export { condaNoSuchBuild, tfCpuNextToGpu, tfWindowsExplained } from './frameworks.js';
export { gpuMemoryHeld, wslFromFacts } from './runtime.js';
export { driverBelowNamedCuda } from './driver.js';

export const EXPLAINERS: Partial<Record<FindingCode, Explainer>> = {
  'arch-unsupported': archUnsupported,
  'driver-too-old': driverTooOld,
  'toolkit-mismatch': toolkitMismatch,
  'cpu-only-build': cpuOnly,
  'library-not-found': libraryNotFound,
  'cudnn-mismatch': cudnnMismatch,
  'framework-cuda-mismatch': frameworkCudaMismatch,
  'library-shadowing': libraryShadowing,
  'forward-compat-shadowing': forwardCompat,
  'driver-library-mismatch': driverLibraryMismatch,
  'driver-not-loaded': driverNotLoaded,
  'secure-boot': secureBoot,
  nouveau,
  'no-gpu': noGpu,
  'out-of-memory': outOfMemory,
  'nccl-failure': ncclFailure,
  wsl,
  'mixed-package-managers': mixedManagers,
  'multiple-toolkits': multipleToolkits,
  'pcie-degraded': pcieDegraded,
  'ecc-errors': eccErrors,
};
