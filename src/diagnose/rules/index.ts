// The rule registry: every rule file of this folder, in no particular order (diagnose() sorts the findings).
// test/diagnose/registry.test.ts fails when a rule file is missing here.
import type { Rule } from '../types.js';
import { rule as archUnsupported } from './arch-unsupported.js';
import { rule as cpuOnlyBuild } from './cpu-only-build.js';
import { rule as cudnnMismatch } from './cudnn-mismatch.js';
import { rule as driverLibraryMismatch } from './driver-library-mismatch.js';
import { rule as driverNotLoaded } from './driver-not-loaded.js';
import { rule as driverTooOld } from './driver-too-old.js';
import { rule as eccErrors } from './ecc-errors.js';
import { rule as forwardCompatShadowing } from './forward-compat-shadowing.js';
import { rule as frameworkCudaMismatch } from './framework-cuda-mismatch.js';
import { rule as gpuThrottled } from './gpu-throttled.js';
import { rule as libraryNotFound } from './library-not-found.js';
import { rule as libraryShadowing } from './library-shadowing.js';
import { rule as mixedPackageManagers } from './mixed-package-managers.js';
import { rule as multipleToolkits } from './multiple-toolkits.js';
import { rule as noGpu } from './no-gpu.js';
import { rule as nouveau } from './nouveau.js';
import { rule as pcieDegraded } from './pcie-degraded.js';
import { rule as secureBoot } from './secure-boot.js';
import { rule as toolkitMismatch } from './toolkit-mismatch.js';
import { rule as wsl } from './wsl.js';
import { rule as outOfMemory } from './out-of-memory.js';
import { rule as ncclFailure } from './nccl-failure.js';
import { rule as clocksCapped } from './clocks-capped.js';
import { rule as computeMode } from './compute-mode.js';
import { rule as containerLimits } from './container-limits.js';
import { rule as fabricManager } from './fabric-manager.js';
import { rule as gpuMissing } from './gpu-missing.js';
import { rule as gpuUnresponsive } from './gpu-unresponsive.js';
import { rule as persistenceOff } from './persistence-off.js';
import { rule as xidErrors } from './xid-errors.js';
import { rule as gpuBusy } from './gpu-busy.js';
import { rule as deepCheckFailed } from './deep-check-failed.js';
import { rule as gpusHidden } from './gpus-hidden.js';
import { rule as archListMismatch } from './arch-list-mismatch.js';
import { rule as slowSettings } from './slow-settings.js';
import { rule as unexplainedError } from './unexplained-error.js';

/** One Rule per Finding code: each reads its whole input (a Snapshot from a probe or a paste, and error events). */
export const RULES: readonly Rule[] = [
  clocksCapped,
  computeMode,
  containerLimits,
  fabricManager,
  gpuMissing,
  gpuUnresponsive,
  persistenceOff,
  xidErrors,
  gpuThrottled,
  archUnsupported,
  toolkitMismatch,
  multipleToolkits,
  driverTooOld,
  libraryNotFound,
  cudnnMismatch,
  libraryShadowing,
  outOfMemory,
  ncclFailure,
  wsl,
  pcieDegraded,
  eccErrors,
  cpuOnlyBuild,
  frameworkCudaMismatch,
  mixedPackageManagers,
  driverLibraryMismatch,
  driverNotLoaded,
  forwardCompatShadowing,
  secureBoot,
  nouveau,
  noGpu,
  gpuBusy,
  gpusHidden,
  deepCheckFailed,
  archListMismatch,
  slowSettings,
  unexplainedError,
];
