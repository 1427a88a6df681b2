// Error messages users paste → the causes that produce them, most likely first, and the fact that tells
// them apart. Patterns are linear-time: literals with at most one bounded gap, on lines cut to 4000 chars.
// One file per family of causes; this one joins them.
import { ARCH_SIGNATURES } from './arch.js';
import { CONTAINER_SIGNATURES } from './containers.js';
import { CUDNN_SIGNATURES } from './cudnn.js';
import { DRIVER_NOT_LOADED_SIGNATURES } from './driver-not-loaded.js';
import { DRIVER_SIGNATURES } from './driver.js';
import { FRAMEWORK_SIGNATURES } from './frameworks.js';
import { KERNEL_MODULE_SIGNATURES } from './kernel-module.js';
import { LIBRARY_SIGNATURES } from './libraries.js';
import { MEMORY_SIGNATURES } from './memory.js';
import { NCCL_SIGNATURES } from './nccl.js';
import { PACKAGE_MANAGER_SIGNATURES } from './package-managers.js';
import { SYMPTOM_SIGNATURES } from './symptoms.js';
import { TOOLKIT_SIGNATURES } from './toolkit.js';
import type { ErrorSignature } from './types.js';
import { WSL_SIGNATURES } from './wsl.js';

export type { ErrorSignature, SignatureCause } from './types.js';

/**
 * Every signature, family by family. A line is matched against them in this order, so the events of one line
 * (and the first of several ids an explainer asks for) come in it. Rows that match one line together keep the
 * order they had before the split (the comments in libraries.ts, nccl.ts, kernel-module.ts and package-managers.ts
 * say where).
 */
const ALL = [
  ...ARCH_SIGNATURES,
  ...DRIVER_SIGNATURES,
  ...DRIVER_NOT_LOADED_SIGNATURES,
  ...KERNEL_MODULE_SIGNATURES,
  ...LIBRARY_SIGNATURES,
  ...CUDNN_SIGNATURES,
  ...FRAMEWORK_SIGNATURES,
  ...MEMORY_SIGNATURES,
  ...NCCL_SIGNATURES,
  ...TOOLKIT_SIGNATURES,
  ...WSL_SIGNATURES,
  ...SYMPTOM_SIGNATURES,
  ...PACKAGE_MANAGER_SIGNATURES,
  ...CONTAINER_SIGNATURES,
];

/** Every signature id: a typed union, so an id that no row has does not compile. */
export type SignatureId = (typeof ALL)[number]['id'];

export const ERROR_SIGNATURES: readonly ErrorSignature<SignatureId>[] = ALL;
