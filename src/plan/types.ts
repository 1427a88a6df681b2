// The planner's input (a target machine and what the user asked for) and its output (choices, steps, reasons).
import type { DriverFact } from '../snapshot/queries.js';
import type { TorchPlatform } from '../knowledge/torch.js';
import type { PythonEnv, Snapshot } from '../snapshot/types.js';
import type { Mirror } from './mirrors.js';

export type FrameworkName = 'torch' | 'tensorflow' | 'jax';
export type Via = 'pip' | 'uv' | 'conda' | 'docker';

export interface FrameworkRequest {
  name: FrameworkName;
  /** "2.0", "2.5.1"; undefined = newest that works. */
  version?: string;
}

export interface PlanTarget {
  /** What the planner reads for OS facts and passes to the shared command builders (real or synthesized). */
  snapshot: Snapshot;
  gpus: { name: string; cc: string }[];
  driver: DriverFact | null;
  platform: TorchPlatform;
  /** Whether the facts come from this machine (a driver can be checked, an env reused). */
  live: boolean;
  /** The environment to install into, when planning for this machine. */
  env: PythonEnv | null;
}

export interface PlanRequest {
  frameworks: FrameworkRequest[];
  via: Via;
  python?: string;
  cuda?: string;
  mirror?: Mirror;
  /** Suggest a mirror (Chinese output) when none was given. */
  suggestMirror?: boolean;
}

export interface Choice {
  framework: FrameworkName;
  version: string;
  /** "cu128", "and-cuda", "cuda13". */
  variant: string;
  indexUrl: string | null;
  python: string;
  /** CUDA the build runs with ("12.8"). */
  cuda: string;
  cudnn: string | null;
  nccl: string | null;
  /** Which environment it goes to when frameworks cannot share one. */
  env: string;
}

export interface Step {
  title: string;
  commands: string[];
  verify: string[];
}

export interface Plan {
  choices: Choice[];
  steps: Step[];
  reasons: string[];
  /** False when nothing works; reasons then say which constraint to relax. */
  ok: boolean;
}
