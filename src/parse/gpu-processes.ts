// What uses the GPUs: nvidia-smi's process table and gpustat's rows (memory used per GPU).
import { pastedGpu } from './build.js';
import { capabilityOf } from './gpu-names.js';
import { pasted, type PartialSnapshot } from './types.js';

export function gpuUsageLine(raw: string, facts: PartialSnapshot): void {
  let m: RegExpExecArray | null;
  // nvidia-smi's process table: "|    0   N/A  N/A      1395      C   python      25081MiB |".
  if (
    (m = /^\|\s{1,6}(\d{1,2})\s{1,6}(?:N\/A\s{1,6}N\/A\s{1,8})?(\d{1,8})\s{1,6}(C|G|C\+G|M)\s{1,6}(\S[^|]{0,60}?)\s{1,20}(\d{1,7})MiB\s{0,4}\|/.exec(raw)) &&
    facts.gpuProcesses.length < 32
  ) {
    facts.gpuProcesses.push({ gpu: Number(m[1]), pid: Number(m[2]), name: m[4]!.trim(), mib: Number(m[5]) });
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
