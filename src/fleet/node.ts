// Which node a result is from, as the engines that run gpuenv across a cluster name it: Slurm's node
// name, Kubernetes' downward-API NODE_NAME, else the short hostname; the job and the GPUs it was given.
// One JSON per node is how `fleet report` later tells nodes apart, so the name is also a safe file name.

export interface NodeIdentity {
  name: string;
  /** What started gpuenv here: slurm, kubernetes, ssh (pdsh/clush run over it), or local. */
  engine: 'slurm' | 'kubernetes' | 'ssh' | 'local';
  /** Slurm's job id; the pod name under Kubernetes when the downward API gives POD_NAME. */
  jobId: string | null;
  /** CUDA_VISIBLE_DEVICES, else SLURM_JOB_GPUS: the GPUs this run was given, as the engine wrote them. */
  visibleDevices: string | null;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The trimmed value, or undefined when absent or blank (an empty SLURMD_NODENAME names no node). */
export const nonBlank = (v: string | undefined): string | undefined => (v !== undefined && v.trim() !== '' ? v.trim() : undefined);
const set = nonBlank;

export function nodeIdentity(env: Env, hostname: string | null, nodeName?: string): NodeIdentity {
  const short = hostname ? hostname.split('.')[0] : undefined;
  const name = set(nodeName) ?? set(env.SLURMD_NODENAME) ?? set(env.NODE_NAME) ?? set(short) ?? 'unknown';
  const slurm = set(env.SLURM_JOB_ID) ?? set(env.SLURM_JOBID);
  const engine: NodeIdentity['engine'] = slurm || set(env.SLURMD_NODENAME) ? 'slurm' : set(env.KUBERNETES_SERVICE_HOST) ? 'kubernetes' : set(env.SSH_CONNECTION) ? 'ssh' : 'local';
  // An empty CUDA_VISIBLE_DEVICES is a fact (no GPU visible), not an absence.
  const visible = env.CUDA_VISIBLE_DEVICES !== undefined ? env.CUDA_VISIBLE_DEVICES : (set(env.SLURM_JOB_GPUS) ?? null);
  return { name, engine, jobId: slurm ?? (engine === 'kubernetes' ? (set(env.POD_NAME) ?? null) : null), visibleDevices: visible };
}

/** The file name of a node's result: its name with anything but letters, digits, `.`, `_`, `-` replaced. */
export function nodeFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, 200);
  return `${safe || 'unknown'}.json`;
}
