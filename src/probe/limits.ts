// The limits a multi-process GPU job runs into inside a container: the size of /dev/shm (DataLoader workers and
// NCCL's shared-memory transport live there), RLIMIT_MEMLOCK (RDMA memory registration counts against it) and
// whether there is an RDMA adapter at all. File reads and one statfs(2), each bounded; no command is run.
import type { Fact, LimitBytes, ProcessLimits } from '../snapshot/types.js';
import type { ProbeContext } from './context.js';

const fact = <T>(value: T, source: string): Fact<T> => ({ value, source });

/** statfs(2) f_type of a tmpfs (linux/magic.h TMPFS_MAGIC): /dev/shm as the kernel, Docker and Kubernetes mount it. */
const TMPFS_MAGIC = 0x01021994;
/** /proc/<pid>/limits is 17 lines of about 80 characters; anything far longer is not that file. */
const LIMITS_MAX_BYTES = 16 * 1024;
const RDMA_CLASS = '/sys/class/infiniband';
const MAX_RDMA_DEVICES = 64;

export async function probeLimits(ctx: ProbeContext): Promise<ProcessLimits> {
  const [shm, memlock, rdmaDevices] = await Promise.all([probeShm(ctx), probeMemlock(ctx), probeRdma(ctx)]);
  return { shm, memlock, rdmaDevices };
}

// statfs rather than /proc/mounts: the mount options show `size=` only when one was given (a host's default
// half-of-RAM tmpfs has none), say nothing of the space left, and a container can list two /dev/shm mounts where
// only the top one counts. statfs answers for the file system a process really writes to.
async function probeShm(ctx: ProbeContext): Promise<ProcessLimits['shm']> {
  const st = await ctx.sys.statfs?.('/dev/shm');
  if (!st || !(st.blockSize > 0) || !(st.blocks >= 0)) return null;
  return fact({ totalBytes: st.blocks * st.blockSize, freeBytes: st.blocksAvailable * st.blockSize, tmpfs: st.type === TMPFS_MAGIC }, 'statfs:/dev/shm');
}

async function probeMemlock(ctx: ProbeContext): Promise<ProcessLimits['memlock']> {
  const text = await ctx.sys.readFile('/proc/self/limits', LIMITS_MAX_BYTES);
  const limit = text ? parseMemlockLine(text) : undefined;
  return limit ? fact(limit, 'file:/proc/self/limits') : null;
}

/**
 * The "Max locked memory" row of /proc/<pid>/limits (fs/proc/base.c prints soft, hard and the unit):
 * `Max locked memory         8388608              8388608              bytes`.
 */
export function parseMemlockLine(text: string): { softBytes: LimitBytes; hardBytes: LimitBytes } | undefined {
  const m = /^Max locked memory[ \t]+(unlimited|\d{1,20})[ \t]+(unlimited|\d{1,20})[ \t]+bytes\b/m.exec(text);
  if (!m) return undefined;
  const bytes = (v: string): LimitBytes | undefined => {
    if (v === 'unlimited') return 'unlimited';
    const n = Number(v);
    // RLIM_INFINITY is printed as "unlimited"; a number past 2^53 cannot be held exactly and is no real limit.
    return Number.isSafeInteger(n) ? n : 'unlimited';
  };
  const softBytes = bytes(m[1]!);
  const hardBytes = bytes(m[2]!);
  return softBytes !== undefined && hardBytes !== undefined ? { softBytes, hardBytes } : undefined;
}

/** ib_core registers /sys/class/infiniband when an RDMA driver (mlx5_ib, efa, irdma …) is loaded: absent there = none. */
async function probeRdma(ctx: ProbeContext): Promise<ProcessLimits['rdmaDevices']> {
  const entries = await ctx.sys.readDir(RDMA_CLASS);
  if (entries) {
    const names = entries.map((e) => e.name).filter((n) => /^[\w.-]{1,64}$/.test(n));
    return fact(names.sort().slice(0, MAX_RDMA_DEVICES), `dir:${RDMA_CLASS}`);
  }
  // No class folder on a readable sysfs: no RDMA driver. No sysfs at all (a --root image, a bare tree): unknown.
  return (await ctx.sys.stat('/sys/class')) ? fact([], `dir:${RDMA_CLASS} (absent)`) : null;
}
