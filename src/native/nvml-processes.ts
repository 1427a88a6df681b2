// Which processes hold a GPU: NVML's compute and graphics process lists (nvml.h), merged by pid, with each program's
// name. Only pid, name, memory and context type leave this file: never a command line or an environment.
import { readFileSync } from 'node:fs';
import { endianness } from 'node:os';
import type { KoffiFunc, LibraryHandle } from 'koffi';
import { addProcess, processName } from '../formats/gpu-process.js';
import type { GpuProcess } from '../snapshot/types.js';
import { NVML_RETURN, tryFunc, type NvmlDevice } from './nvml.js';
import type { Calls } from './read-nvml.js';

type ListFn = KoffiFunc<(d: NvmlDevice, count: [number], infos: Buffer | null) => number>;

interface ProcessList {
  fn: ListFn;
  /**
   * sizeof the symbol's struct. nvmlProcessInfo_t of the _v3 symbol and nvmlProcessInfo_v2_t of _v2 are the same:
   * { unsigned int pid; unsigned long long usedGpuMemory; unsigned int gpuInstanceId; unsigned int computeInstanceId; }
   * = 24 bytes on LP64 (4 bytes of padding after pid). The unversioned (v1) symbol's struct ends after
   * usedGpuMemory: 16 bytes. Reading one layout with the other's stride gives garbage pids after the first.
   */
  stride: number;
}

export interface NvmlProcessBindings {
  compute: ProcessList | undefined;
  graphics: ProcessList | undefined;
  /** nvmlSystemGetProcessName(unsigned int pid, char *name, unsigned int length). */
  name: KoffiFunc<(pid: number, name: Buffer, length: number) => number> | undefined;
}

/** What the report carries per process: the Snapshot's shape, with NVML's byte count. */
export type NvmlProcessReport = GpuProcess;

/** nvml.h NVML_VALUE_NOT_AVAILABLE: usedGpuMemory when the driver cannot say (MIG without privileges, Windows WDDM). */
const NOT_AVAILABLE = 0xffffffffffffffffn;
/** Room for processes that start between the call that counts and the call that reads. */
const HEADROOM = 8;
const NAME_BUFFER = 256;

function bindList(lib: LibraryHandle, base: string): ProcessList | undefined {
  const args = '(nvmlDevice_t device, _Inout_ unsigned int *infoCount, void *infos)';
  const fn = tryFunc<(d: NvmlDevice, count: [number], infos: Buffer | null) => number>(
    lib,
    `int ${base}_v3${args}`,
    `int ${base}_v2${args}`,
    `int ${base}${args}`,
  );
  if (!fn) return undefined;
  return { fn, stride: /_v[23]$/.test(fn.info.name) ? 24 : 16 };
}

/** After bindNvml (which declares nvmlDevice_t). */
export function bindNvmlProcesses(lib: LibraryHandle): NvmlProcessBindings {
  return {
    compute: bindList(lib, 'nvmlDeviceGetComputeRunningProcesses'),
    graphics: bindList(lib, 'nvmlDeviceGetGraphicsRunningProcesses'),
    name: tryFunc<(pid: number, name: Buffer, length: number) => number>(
      lib,
      'int nvmlSystemGetProcessName(unsigned int pid, char *name, unsigned int length)',
    ),
  };
}

interface Entry {
  pid: number;
  usedBytes: number | null;
}

/**
 * One list, asked the way nvml.h says: with *infoCount = 0 (infos may be NULL) NVML answers SUCCESS when none run,
 * else INSUFFICIENT_SIZE with the count; then again with room for that many. A process that starts in between
 * gives INSUFFICIENT_SIZE once more, so the read is retried twice with the new count.
 */
function readList(calls: Calls, device: NvmlDevice, list: ProcessList | undefined, label: string): Entry[] | null {
  const count: [number] = [0];
  let buf: Buffer | null = null;
  return calls.get(
    list?.fn,
    label,
    () => {
      const fn = list!.fn;
      let rc = fn(device, count, null);
      for (let attempt = 0; attempt < 3 && rc === NVML_RETURN.ERROR_INSUFFICIENT_SIZE; attempt++) {
        const room = count[0] + HEADROOM;
        buf = Buffer.alloc(room * list!.stride);
        count[0] = room;
        rc = fn(device, count, buf);
      }
      return rc;
    },
    () => decode(buf, Math.min(count[0], buf ? buf.length / list!.stride : 0), list!.stride),
  );
}

function decode(buf: Buffer | null, n: number, stride: number): Entry[] {
  if (!buf) return [];
  const le = endianness() === 'LE';
  const out: Entry[] = [];
  for (let i = 0; i < n; i++) {
    const at = i * stride;
    const pid = le ? buf.readUInt32LE(at) : buf.readUInt32BE(at);
    // usedGpuMemory sits at offset 8: the unsigned long long is 8-aligned after the 4-byte pid.
    const used = le ? buf.readBigUInt64LE(at + 8) : buf.readBigUInt64BE(at + 8);
    out.push({ pid, usedBytes: used === NOT_AVAILABLE ? null : Number(used) });
  }
  return out;
}

/**
 * The processes on one GPU, merged by pid, without gpuenv's own (`isOwn`). null when the compute list cannot be
 * read: a graphics list alone would make a GPU full of CUDA jobs look idle.
 */
export function readProcesses(
  b: NvmlProcessBindings,
  calls: Calls,
  device: NvmlDevice,
  isOwn: (pid: number) => boolean = ownProcessTest(),
): NvmlProcessReport[] | null {
  const compute = readList(calls, device, b.compute, 'nvmlDeviceGetComputeRunningProcesses_v3');
  const graphics = readList(calls, device, b.graphics, 'nvmlDeviceGetGraphicsRunningProcesses_v3');
  if (compute === null) return null;
  const out: NvmlProcessReport[] = [];
  const add = (entries: Entry[], type: GpuProcess['type']) => {
    for (const e of entries) if (!isOwn(e.pid)) addProcess(out, { pid: e.pid, name: null, usedBytes: e.usedBytes, type });
  };
  add(compute, 'compute');
  add(graphics ?? [], 'graphics');
  for (const p of out) p.name = nameOf(b, p.pid);
  return out;
}

/** A name NVML cannot give (a pid of another PID namespace, a process gone meanwhile) is null, not an error of the GPU. */
function nameOf(b: NvmlProcessBindings, pid: number): string | null {
  if (!b.name) return null;
  const buf = Buffer.alloc(NAME_BUFFER);
  try {
    if (b.name(pid, buf, NAME_BUFFER) !== NVML_RETURN.SUCCESS) return null;
  } catch {
    return null;
  }
  const end = buf.indexOf(0);
  return processName(buf.subarray(0, end < 0 ? buf.length : end).toString('utf8'));
}

/**
 * gpuenv's own processes, which must not count as "another process holds the GPU": this child (it has no CUDA
 * context: NVML is read before cuInit, and read-cuda.ts creates none), its parent (`gpuenv bench` holds a context in
 * a worker thread of the main process), and the parent's other children: `doctor --deep` imports torch and runs a
 * kernel in a Python child started alongside this probe (probe/take.ts awaits both together), whose context may be
 * open while NVML lists processes. The driver reports host pids (it is not PID-namespace aware:
 * NVIDIA/nvidia-docker#1483), so inside a container with its own PID namespace our pids do not match: our own
 * process then stays in the list, and a host pid that happens to number a child of our parent here is left out.
 */
export function ownProcessTest(self = process.pid, parent = process.ppid, parentOf: (pid: number) => number | null = procParent): (pid: number) => boolean {
  return (pid) => pid === self || pid === parent || parentOf(pid) === parent;
}

/** Field 4 of /proc/<pid>/stat (proc(5)); the name in parentheses may hold spaces and ')', so read after the last ')'. */
function procParent(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}
