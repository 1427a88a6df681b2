// nvidia-smi: the table, `-q` text and `-q -x` XML → driver version, the driver's CUDA, GPUs and memory.
import { parseSmiXml } from '../formats/smi-xml.js';
import { addProcess, processName, processType } from '../formats/gpu-process.js';
import type { ComputeMode } from '../snapshot/types.js';
import { pastedGpu } from './build.js';
import { smiProcessRow } from './gpu-processes.js';
import { emptyFacts, pasted, type ParseResult } from './types.js';

const MIB = 1024 * 1024;

/** The table's "Compute M." column abbreviates the modes (nvidia-smi -q spells them Exclusive_Process …). */
const TABLE_MODES: Record<string, ComputeMode> = {
  Default: 'default',
  'E. Process': 'exclusive-process',
  'E. Thread': 'exclusive-thread',
  Prohibited: 'prohibited',
};

export function parseNvidiaSmi(lines: readonly string[], text: string): ParseResult {
  const facts = emptyFacts();
  const table = pasted('nvidia-smi');
  const q = pasted('nvidia-smi -q');
  let last: ReturnType<typeof pastedGpu> | undefined;
  let inFb = false;
  /** Inside the table's "Processes:" box: its rows say who holds each GPU; "No running processes found" that none does. */
  let inProcs = false;
  for (const raw of lines) {
    let m: RegExpExecArray | null;
    if (/^\|\s{0,4}Processes:/.test(raw)) {
      inProcs = true;
      for (const g of facts.gpus) if (g.source === table) g.processes ??= [];
      continue;
    }
    if (inProcs) {
      const row = smiProcessRow(raw);
      const type = row ? processType(row.type) : null;
      const gpu = row ? facts.gpus.find((g) => g.source === table && g.index === row.gpu) : undefined;
      if (row && type && gpu?.processes) {
        addProcess(gpu.processes, { pid: row.pid, name: processName(row.name), usedBytes: row.mib === null ? null : row.mib * MIB, type });
        continue;
      }
      // Headers, frames and "No running processes found" stay inside the box; the first line outside it ends it.
      if (/^\s{0,4}[|+]/.test(raw)) continue;
      inProcs = false;
    }
    if ((m = /NVIDIA-SMI (\S{1,30})\s+Driver Version: (\S{1,30})\s+CUDA Version: (\S{1,10})/.exec(raw))) {
      if (/^\d/.test(m[2]!)) facts.driver.version ??= { value: m[2]!, source: table };
      if (/^\d+\.\d+$/.test(m[3]!)) facts.driver.cudaVersion ??= { value: m[3]!, source: table };
      continue;
    }
    // The header without its frame, or quoted in prose: "Driver Version: 570.86.10    CUDA Version: 12.8".
    if (raw.includes('Driver Version') && (m = /Driver Version\s{0,40}:\s{0,4}(\d{2,3}\.\d{1,3}(?:\.\d{1,3})?)(?![\d.])/.exec(raw))) {
      const src = /CUDA Version|\|/.test(raw) ? table : q;
      facts.driver.version ??= { value: m[1]!, source: src };
      const c = /CUDA Version\s{0,40}:\s{0,4}(\d+\.\d+)\b/.exec(raw);
      if (c) facts.driver.cudaVersion ??= { value: c[1]!, source: src };
      continue;
    }
    if (
      (m =
        /^\|\s{1,6}(\d{1,2})\s{1,4}([^|]{2,60}?)\s{1,40}(On|Off|WDDM|TCC)\s{0,3}\|\s{0,10}([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])?/.exec(
          raw,
        ))
    ) {
      const index = Number(m[1]);
      if (!facts.gpus.some((g) => g.index === index)) {
        last = pastedGpu(m[2]!.trim().replace(/\.\.\.$/, ''), index, table, { pciBusId: m[4] ?? null });
        if (m[3] === 'WDDM' || m[3] === 'TCC') facts.os.id ??= { value: 'windows', source: table };
        // On Linux the column is Persistence-M (on Windows it is the driver model).
        else last.persistenceMode = m[3] === 'On';
        facts.gpus.push(last);
      }
      continue;
    }
    if (last && (m = /\|\s{0,20}(\d{1,7})MiB\s{0,3}\/\s{0,3}(\d{1,7})MiB\s{0,3}\|/.exec(raw))) {
      last.memory = { totalBytes: Number(m[2]) * MIB, usedBytes: Number(m[1]) * MIB, reservedBytes: null, freeBytes: (Number(m[2]) - Number(m[1])) * MIB };
      const mode = /MiB\s{0,3}\|\s{0,12}(?:\d{1,3}|N\/A)%\s{1,16}(Default|E\. Process|E\. Thread|Prohibited)\s{0,4}\|/.exec(raw);
      if (mode) last.computeMode = TABLE_MODES[mode[1]!] ?? null;
      last = undefined;
      continue;
    }
    // -q: "    Driver Version                    : 535.104.05"
    if ((m = /^\s{0,8}(Driver Version|CUDA Version|Product Name|Total|Used|Free|Product Architecture)\s{0,60}: (\S.{0,80})$/.exec(raw))) {
      const [, key, value] = m as unknown as [string, string, string];
      const v = value.trim();
      // A table header copied without its frame: "Driver Version: 570.86.10    CUDA Version: 12.8" —
      // the value is the first token, and the rest of the line may carry the CUDA version.
      const token = v.split(/\s+/)[0] ?? v;
      const cudaTail = /CUDA Version:\s{0,4}(\d+\.\d+)\b/.exec(v);
      if (key === 'Driver Version' && /^\d{2,3}\.\d+(?:\.\d+)?$/.test(token)) {
        facts.driver.version ??= { value: token, source: q };
        if (cudaTail) facts.driver.cudaVersion ??= { value: cudaTail[1]!, source: q };
      } else if (key === 'CUDA Version' && /^\d+\.\d+$/.test(token)) facts.driver.cudaVersion ??= { value: token, source: q };
      else if (key === 'Product Name') {
        last = pastedGpu(v, facts.gpus.length, q);
        facts.gpus.push(last);
        inFb = false;
      } else if (key === 'Product Architecture' && last) last.architecture = v;
      else if (last && inFb && /^(\d+) MiB$/.test(v)) {
        const n = Number(/^(\d+)/.exec(v)![1]) * MIB;
        if (key === 'Total') last.memory.totalBytes = n;
        if (key === 'Used') last.memory.usedBytes = n;
        if (key === 'Free') last.memory.freeBytes = n;
      }
      continue;
    }
    if (/^\s{0,8}FB Memory Usage\s*$/.test(raw)) inFb = true;
    else if (/^\s{0,8}(BAR1|Conf Compute Protected) Memory Usage/.test(raw)) inFb = false;
  }
  const start = text.indexOf('<nvidia_smi_log');
  if (start >= 0) {
    const end = text.indexOf('</nvidia_smi_log>', start);
    if (end > start) {
      try {
        const xml = parseSmiXml(text.slice(start, end + '</nvidia_smi_log>'.length));
        const src = pasted('nvidia-smi -q -x');
        if (xml.driverVersion) facts.driver.version ??= { value: xml.driverVersion, source: src };
        if (xml.cudaVersion) facts.driver.cudaVersion ??= { value: xml.cudaVersion, source: src };
        if (facts.gpus.length === 0) facts.gpus.push(...xml.gpus.map((g) => ({ ...g, source: src })));
      } catch {
        // A cut or edited XML paste: the table and -q lines above still count.
      }
    }
  }
  return { facts, events: [] };
}
