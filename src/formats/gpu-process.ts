// One process on a GPU as the Snapshot keeps it, whichever tool listed it (NVML in the native probe, nvidia-smi's
// XML or its table in a paste): the same name cut, the same type words, the same merge of the two NVML lists.
import type { GpuProcess } from '../snapshot/types.js';

export const PROCESS_NAME_MAX = 64;

/**
 * The program's name, never its arguments: NVML and nvidia-smi give argv[0], and programs that retitle themselves
 * (setproctitle: "postgres: writer", "python train.py --token …" after a rewrite) put arguments there. The first
 * word, cut to 64 characters; render escapes it.
 */
export function processName(raw: string | null | undefined): string | null {
  const word = raw?.trim().split(/\s+/)[0];
  return word ? word.slice(0, PROCESS_NAME_MAX) : null;
}

/**
 * nvidia-smi's Type column (nvidia-smi(1), "Processes"): "C" compute, "G" graphics, "C+G" both, "M" an MPS
 * (Multi-Process Service) compute process and "M+C" one with an MPS and a plain compute context: both are compute.
 */
export function processType(letters: string): GpuProcess['type'] | null {
  const t = letters.trim().toUpperCase();
  if (t === 'C' || t === 'M' || t === 'M+C') return 'compute';
  if (t === 'G') return 'graphics';
  if (t === 'C+G') return 'both';
  return null;
}

/**
 * Adds a process to a list, one entry per pid: a pid in both NVML lists (or twice in a table) has both contexts, and
 * its memory is one allocation reported twice, so the larger figure counts, not the sum.
 */
export function addProcess(list: GpuProcess[], p: GpuProcess): void {
  const same = list.find((x) => x.pid === p.pid);
  if (!same) {
    list.push(p);
    return;
  }
  if (same.type !== p.type) same.type = 'both';
  if (p.usedBytes !== null) same.usedBytes = Math.max(same.usedBytes ?? 0, p.usedBytes);
  same.name ??= p.name;
}
