// Which node a result is from, as the engines that run gpuenv across a cluster name it: Slurm's node
// name, Kubernetes' downward-API NODE_NAME, else the short hostname; the job and the GPUs it was given.
// Read from the environment when a Snapshot is taken; fleet/ names result files after it.
import type { NodeIdentity } from '../snapshot/types.js';

export type { NodeIdentity };

type Env = Readonly<Record<string, string | undefined>>;

/** The trimmed value, or undefined when absent or blank (an empty SLURMD_NODENAME names no node). */
export const nonBlank = (v: string | undefined): string | undefined => (v !== undefined && v.trim() !== '' ? v.trim() : undefined);
const set = nonBlank;

export function nodeIdentity(env: Env, hostname: string | null, nodeName?: string): NodeIdentity {
  const short = hostname ? hostname.split('.')[0] : undefined;
  const name = set(nodeName) ?? set(env.SLURMD_NODENAME) ?? set(env.NODE_NAME) ?? set(short) ?? 'unknown';
  const slurm = set(env.SLURM_JOB_ID) ?? set(env.SLURM_JOBID);
  const engine: NodeIdentity['engine'] =
    slurm || set(env.SLURMD_NODENAME) ? 'slurm' : set(env.KUBERNETES_SERVICE_HOST) ? 'kubernetes' : set(env.SSH_CONNECTION) ? 'ssh' : 'local';
  // An empty CUDA_VISIBLE_DEVICES is a fact (no GPU visible), not an absence.
  const visible = env.CUDA_VISIBLE_DEVICES !== undefined ? env.CUDA_VISIBLE_DEVICES : (set(env.SLURM_JOB_GPUS) ?? null);
  return { name, engine, jobId: slurm ?? (engine === 'kubernetes' ? (set(env.POD_NAME) ?? null) : null), visibleDevices: visible };
}
