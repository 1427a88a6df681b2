// The lock: an environment's contract (schema/lock.schema.json). Versioned public JSON: add fields, never rename.
import type { Finding } from '../findings.js';

export const LOCK_VERSION = 1 as const;
export const LOCK_SCHEMA_ID = 'https://gpuenv.dev/schema/lock.schema.json';

export interface LockFramework {
  name: string;
  /** Public version ("2.11.0"). */
  version: string;
  /** CUDA the build targets ("13.0"), null for a CPU build. */
  cuda: string | null;
  /** Index the build comes from. */
  index: string;
}

export interface LockPackage {
  name: string;
  /** Exact pin as exported ("2.11.0+cu130"). */
  version: string;
  index: string;
}

export interface Lock {
  $schema: typeof LOCK_SCHEMA_ID;
  lockVersion: typeof LOCK_VERSION;
  generatedBy: { tool: 'gpuenv'; version: string };
  createdAt: string;
  source: { hostname: string | null; snapshotTakenAt: string | null; environment: string | null };
  driver: {
    /** Lowest driver that runs every framework build in the lock (null: no CUDA build). */
    floor: string | null;
    /** Driver of the machine the lock was taken on. */
    seen: string | null;
    /** Highest CUDA that driver runs. */
    cuda: string | null;
  };
  gpus: { count: number; names: string[]; architectures: string[] };
  cuda: {
    /** CUDA the frameworks are built for ("13.0"). */
    runtime: string | null;
    /** Active toolkit (nvcc), when one is installed: extension builds use it. */
    toolkit: string | null;
  };
  cudnn: string | null;
  nccl: string | null;
  python: { version: string | null; kind: string | null };
  frameworks: LockFramework[];
  packages: LockPackage[];
  indexes: string[];
}

/** verify's findings are ordinary Findings; `lock-drift` names differences no other code covers. */
export type LockFinding = Finding;
