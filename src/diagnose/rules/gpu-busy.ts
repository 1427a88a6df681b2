// gpu-busy: processes hold a GPU when it is probed, so a job there fails to start or runs out of memory. From the
// Snapshot's per-GPU process list (NVML, or nvidia-smi's XML or table in a paste) and its memory figures: another
// process in an exclusive compute mode (a new CUDA context fails), other processes holding most of the memory,
// memory in use that no listed process accounts for, and, as info, processes using a little. Node scope: a process
// left over from an earlier job is what a scheduler's health check must catch before it places the next one.
// CUDA's own words for the first case: cudaErrorDevicesUnavailable, "all CUDA devices are busy or unavailable …
// due to use of cudaComputeModeProhibited, cudaComputeModeExclusiveProcess" (https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html).
import type { Evidence, Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { Gpu, GpuProcess, Snapshot } from '../../snapshot/types.js';
import type { ExplainContext } from '../context.js';
import { lineEvidence } from '../explain-helpers.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';

const GIB = 1024 ** 3;

/**
 * Past half of the memory taken by others, a job sized for this GPU (batch size and model shards planned for the
 * whole card) no longer fits, and a framework that reserves most of the memory at start cannot have it: JAX
 * preallocates 75 % of the total GPU memory on its first operation
 * (https://docs.jax.dev/en/latest/gpu_memory_allocation.html). Below that a job may still fit: info only.
 */
const BUSY_SHARE = 0.5;
/**
 * Memory no process accounts for is worth a line from 1 GiB: about twice what a context costs beyond its data (the
 * busy H200 capture, test/fixtures/captures/h200-busy: 102918 MiB listed for a 102400 MiB PyTorch tensor).
 */
const UNEXPLAINED_MIN = GIB;
/**
 * NVML's v2 memory call and nvidia-smi's XML (fb_memory_usage/reserved) report the driver's own reservation apart
 * (reservedBytes: 615 MiB of 140 GiB on the idle H200 of test/fixtures/snapshots/h200.json, with used 0). Without a
 * reserved figure (NVML v1 counts it as used; a pasted table does not say which way it counts), up to 1 GiB or 1 %
 * of the memory is taken as the driver's, not a process's.
 */
const reserveAllowance = (g: Gpu) => (g.memory.reservedBytes !== null ? 0 : Math.max(GIB, 0.01 * (g.memory.totalBytes ?? 0)));
/** At most this many PIDs in a title and a ps line; the evidence lists them all up to the same bound. */
const MAX_PIDS = 8;

export const rule: Rule = {
  code: 'gpu-busy',
  scope: 'node',
  check(input) {
    const checks = input.snapshot.gpus.flatMap((g) => checkGpu(g, input.snapshot, input.origin === 'paste'));
    if (input.origin === 'machine') return checks;
    return oneFinding(input, 'gpu-busy', checks, (_ctx: ExplainContext, events: ErrorEvent[]) => fromMessage(events));
  },
};

const gib = (bytes: number) => `${(bytes / GIB).toFixed(1)} GiB`;

interface Usage {
  gpu: Gpu;
  /** Processes of others (gpuenv's own are never in the list). */
  procs: GpuProcess[];
  /** Memory the listed processes hold; where one of them is not reported, what the driver counts as used. */
  held: number;
  /** Used beyond the reservation and the listed processes. */
  unexplained: number;
  total: number | null;
  used: number | null;
}

function usageOf(g: Gpu): Usage | undefined {
  if (g.processes === undefined) return undefined;
  const procs = g.processes ?? [];
  const total = g.memory.totalBytes;
  const used = g.memory.usedBytes === null ? null : Math.max(0, g.memory.usedBytes - reserveAllowance(g));
  const listed = procs.reduce((n, p) => n + (p.usedBytes ?? 0), 0);
  // A process the driver gives no figure for (NVML_VALUE_NOT_AVAILABLE, a table's cut "10291...") holds what the GPU
  // counts as used, as the GPU reports it: nothing is unexplained.
  const unreported = procs.some((p) => p.usedBytes === null);
  const held = unreported && g.memory.usedBytes !== null ? Math.max(listed, g.memory.usedBytes) : listed;
  const unexplained = used === null || unreported ? 0 : Math.max(0, used - listed);
  return { gpu: g, procs, held, unexplained, total, used };
}

function checkGpu(g: Gpu, s: Snapshot, pasteOnly: boolean): Finding[] {
  const u = usageOf(g);
  if (!u) return [];
  const { procs, held, unexplained, total } = u;
  const base = { index: g.index, name: g.name };
  const subject = `gpu:${g.index}`;
  const compute = procs.filter((p) => p.type !== 'graphics');
  const list = procs.slice(0, MAX_PIDS).map(describe).join(', ');
  const totalText = total === null ? '?' : gib(total);
  const freeBytes = g.memory.freeBytes ?? (total === null ? null : Math.max(0, total - held - unexplained));
  const free = freeBytes === null ? '?' : gib(freeBytes);
  const memory = memoryEvidence(g);
  const mode = g.computeMode ?? null;

  if ((mode === 'exclusive-process' || mode === 'exclusive-thread') && compute.length > 0) {
    const pids = compute
      .slice(0, MAX_PIDS)
      .map((p) => `PID ${p.pid}`)
      .join(', ');
    return [
      {
        code: 'gpu-busy',
        severity: 'warning',
        title: msg('busy.titleExclusive', { ...base, mode, pids }),
        cause: msg('busy.causeExclusive', { list: compute.slice(0, MAX_PIDS).map(describe).join(', '), index: g.index }),
        evidence: [{ fact: msg('busy.evMode', { index: g.index }), value: mode, source: g.source }, ...processEvidence(g), ...memory],
        fix: [...listFix(g, s, procs), ...stopFix(s, compute), msg('busy.fixShareMode'), `sudo nvidia-smi -i ${g.index} -c DEFAULT`, ...schedulerFix(s)],
        subject,
      },
    ];
  }
  if (g.processes === null) {
    // Nothing to name: only the memory figures say whether someone holds the GPU.
    if (u.used === null || total === null || u.used <= BUSY_SHARE * total) return [];
    const usedRaw = g.memory.usedBytes ?? u.used;
    return [
      {
        code: 'gpu-busy',
        severity: pasteOnly ? 'info' : 'warning',
        title: msg('busy.titleUnexplainedHeavy', { ...base, held: gib(usedRaw), free: gib(Math.max(0, total - usedRaw)), total: totalText }),
        cause: msg('busy.causeUnread', { index: g.index, why: unreadWhy(g), held: gib(usedRaw), total: totalText }),
        evidence: [{ fact: msg('busy.evProcessesUnread', { index: g.index }), value: msg('busy.processesUnread'), source: g.source }, ...memory],
        fix: unexplainedFix(g, s),
        subject,
      },
    ];
  }
  const heavy = total !== null && held > BUSY_SHARE * total;
  if (procs.length > 0 && (heavy || unexplained <= BUSY_SHARE * (total ?? Number.POSITIVE_INFINITY))) {
    const vars = { ...base, held: gib(held), free, total: totalText, list, count: procs.length };
    return [
      {
        code: 'gpu-busy',
        // A pasted nvidia-smi may show the asker's own job: only this machine's processes are someone else's for sure.
        severity: heavy && !pasteOnly ? 'warning' : 'info',
        title: msg(heavy ? 'busy.titleHeavy' : 'busy.titleLight', vars),
        cause: msg(heavy ? 'busy.causeHeavy' : 'busy.causeLight', vars),
        evidence: [...processEvidence(g), ...memory],
        fix: [...listFix(g, s, procs), ...stopFix(s, compute), ...(heavy ? schedulerFix(s) : [])],
        subject,
      },
    ];
  }
  if (unexplained >= UNEXPLAINED_MIN) {
    const heavyUnexplained = total !== null && unexplained > BUSY_SHARE * total;
    const vars = { ...base, held: gib(unexplained), free, total: totalText };
    return [
      {
        code: 'gpu-busy',
        severity: heavyUnexplained && !pasteOnly ? 'warning' : 'info',
        title: msg(heavyUnexplained ? 'busy.titleUnexplainedHeavy' : 'busy.titleUnexplained', vars),
        cause: msg('busy.causeUnexplained', vars),
        evidence: [...processEvidence(g), ...memory],
        fix: unexplainedFix(g, s),
        subject,
      },
    ];
  }
  return [];
}

function describe(p: GpuProcess): string {
  const mem = p.usedBytes === null ? msg('busy.memUnknown') : gib(p.usedBytes);
  return `PID ${p.pid} (${p.name ?? msg('busy.nameUnknown')}, ${mem})`;
}

function processEvidence(g: Gpu): Evidence[] {
  return (g.processes ?? []).slice(0, MAX_PIDS).map((p) => ({
    fact: msg('busy.evProcess', { index: g.index }),
    value: `PID ${p.pid} ${p.name ?? msg('busy.nameUnknown')} (${p.type}, ${p.usedBytes === null ? msg('busy.memUnknown') : gib(p.usedBytes)})`,
    source: g.source,
  }));
}

function memoryEvidence(g: Gpu): Evidence[] {
  const { usedBytes, totalBytes, reservedBytes } = g.memory;
  if (usedBytes === null || totalBytes === null) return [];
  const reserved = reservedBytes === null ? '' : ` ${msg('busy.reservedSuffix', { reserved: gib(reservedBytes) })}`;
  return [{ fact: msg('busy.evMemory', { index: g.index }), value: `${gib(usedBytes)} / ${gib(totalBytes)}${reserved}`, source: g.source }];
}

function unreadWhy(g: Gpu): string {
  const why = Object.entries(g.unavailable).find(([call]) => call.includes('RunningProcesses'));
  return why ? `${why[0]}: ${why[1]}` : msg('busy.processesUnread');
}

const windows = (s: Snapshot) => s.os.id?.value === 'windows';

/** Listing comes before any stopping: who they are, whose, and since when. */
function listFix(g: Gpu, s: Snapshot, procs: GpuProcess[]): string[] {
  const pids = procs.slice(0, MAX_PIDS).map((p) => p.pid);
  // A name read means the pid is one of this PID namespace (NVML and nvidia-smi read it from /proc here); a nameless
  // one in a container is likely a host pid of another container.
  const container = procs.some((p) => p.name === null) ? s.os.container?.value : undefined;
  return [
    msg('busy.fixList'),
    `nvidia-smi -i ${g.index} --query-compute-apps=pid,process_name,used_memory --format=csv`,
    ...(pids.length ? (windows(s) ? pids.map((p) => `tasklist /v /fi "PID eq ${p}"`) : [`ps -o pid,user,etime,cmd -p ${pids.join(',')}`]) : []),
    ...(container ? [msg('busy.fixContainer', { kind: container })] : []),
  ];
}

/** Only CUDA processes are offered for stopping: a graphics-only one is the desktop (Xorg, the compositor). */
function stopFix(s: Snapshot, compute: GpuProcess[]): string[] {
  const pids = compute.slice(0, MAX_PIDS).map((p) => p.pid);
  if (pids.length === 0) return [];
  return [msg('busy.fixStop'), windows(s) ? `taskkill ${pids.map((p) => `/PID ${p}`).join(' ')}` : `kill ${pids.join(' ')}`];
}

function schedulerFix(s: Snapshot): string[] {
  if (s.node?.engine === 'slurm') return [msg('busy.fixSlurm')];
  if (s.node?.engine === 'kubernetes') return [msg('busy.fixK8s')];
  return [];
}

function unexplainedFix(g: Gpu, s: Snapshot): string[] {
  if (windows(s)) return [msg('busy.fixList'), `nvidia-smi -i ${g.index} --query-compute-apps=pid,process_name,used_memory --format=csv`];
  const container = s.os.container?.value;
  return [
    msg('busy.fixList'),
    `nvidia-smi -i ${g.index} --query-compute-apps=pid,process_name,used_memory --format=csv`,
    msg('busy.fixHolders'),
    'sudo fuser -v /dev/nvidia*',
    ...(container ? [msg('busy.fixContainer', { kind: container })] : []),
    ...schedulerFix(s),
    msg('busy.fixReset'),
    `sudo nvidia-smi -r -i ${g.index}`,
  ];
}

/**
 * A message names the cause ("all CUDA-capable devices are busy or unavailable", once a signature lists gpu-busy). It
 * does not say which process: the checks of the facts (a pasted table, or this machine with --here) name them and
 * speak for it (oneFinding); without them the message's reading stands with the commands that show who and which mode.
 */
function fromMessage(events: ErrorEvent[]): Reading {
  return {
    specific: false,
    fit: 1,
    finding: {
      code: 'gpu-busy',
      severity: 'warning',
      title: msg('busy.titleMessage'),
      cause: msg('busy.causeMessage'),
      evidence: lineEvidence(events),
      fix: [msg('busy.fixList'), 'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv', 'nvidia-smi -q -d COMPUTE'],
    },
  };
}
