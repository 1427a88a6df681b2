// What uses the GPUs: nvidia-smi's process table and gpustat's rows (memory used per GPU).
import { pastedGpu } from './build.js';
import { capabilityOf } from './gpu-names.js';
import { pasted, type PartialSnapshot } from './types.js';

/** One row of nvidia-smi's Processes table. */
export interface SmiProcessRow {
  gpu: number;
  pid: number;
  /** C, G, C+G, M or M+C (formats/gpu-process.ts processType). */
  type: string;
  name: string;
  /** null where the table prints N/A. */
  mib: number | null;
}

/**
 * "|    0   N/A  N/A      1395      C   python      25081MiB |": GPU, GI and CI (N/A, or numbers under MIG; drivers
 * before MIG's R450 print neither), PID, Type, Process name, GPU Memory Usage (N/A where the driver cannot say). R580's PID field
 * is wider than R535's ("|  GPU   GI   CI              PID   Type …" in the H200 capture), so the gaps are generous;
 * its memory field is 9 characters wide and cuts a 6-digit figure: "102918MiB" prints as "10291..." (the busy H200
 * capture, test/fixtures/captures/h200-busy/smi.txt), an unknown figure like N/A.
 */
export function smiProcessRow(raw: string): SmiProcessRow | undefined {
  const m =
    /^\|\s{1,8}(\d{1,2})\s{1,8}(?:(?:N\/A|\d{1,2})\s{1,8}(?:N\/A|\d{1,2})\s{1,24})?(\d{1,10})\s{1,8}(C\+G|M\+C|C|G|M)\s{1,8}(\S[^|]{0,80}?)\s{1,60}(?:(\d{1,8})MiB|N\/A|\d{1,8}\.\.\.)\s{0,6}\|/.exec(
      raw,
    );
  if (!m) return undefined;
  return { gpu: Number(m[1]), pid: Number(m[2]), type: m[3]!, name: m[4]!.trim(), mib: m[5] === undefined ? null : Number(m[5]) };
}

export function gpuUsageLine(raw: string, facts: PartialSnapshot): void {
  let m: RegExpExecArray | null;
  // nvidia-smi's process table: who holds how much (rows without a memory figure say nothing here).
  const row = smiProcessRow(raw);
  if (row && row.mib !== null && facts.gpuProcesses.length < 32) {
    facts.gpuProcesses.push({ gpu: row.gpu, pid: row.pid, name: row.name, mib: row.mib });
  }
  // gpustat: "[0] Tesla V100-SXM2-16GB | 44'C,   0 % | 15836 / 16130 MB |".
  if ((m = /^\s{0,4}\[(\d{1,2})\]\s([^|]{3,60}?)\s{0,4}\|[^|]{0,30}\|\s{0,8}(\d{1,7})\s\/\s(\d{2,7})\sMB\s{0,4}\|/.exec(raw)) && facts.gpus.length < 16) {
    const name = m[2]!.trim();
    const gpu = pastedGpu(name, Number(m[1]), pasted('gpustat'), { computeCapability: capabilityOf(name)?.cc ?? null });
    gpu.memory = {
      totalBytes: Number(m[4]) * 1048576,
      usedBytes: Number(m[3]) * 1048576,
      reservedBytes: null,
      freeBytes: (Number(m[4]) - Number(m[3])) * 1048576,
    };
    facts.gpus.push(gpu);
  }
}
