// Xid lines of the NVIDIA kernel driver ("NVRM: Xid (PCI:0000:3b:00): 79, pid=…, GPU has fallen off the bus."),
// from dmesg, journalctl or a pasted log: grouped per code and GPU so a flood of one error stays one fact.
import type { XidEvent } from '../snapshot/types.js';
import { pciBusKey } from './pci-bus.js';

// The bus id the driver prints has no function number on most drivers ("0000:3b:00"), some add ".0".
const XID = /NVRM: Xid \(PCI:([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2})(?:\.[0-9a-f])?\): (\d{1,4}),\s*(.*)$/i;
// dmesg and journalctl -o short-monotonic both start a line with "[ seconds.micro]".
const UPTIME = /^\[\s*(\d+(?:\.\d+)?)\]/;
const MAX_GROUPS = 64;

/** Groups the Xid lines of a kernel log; other lines are ignored. */
export function parseXidLines(text: string): XidEvent[] {
  const groups = new Map<string, XidEvent>();
  for (const line of text.split('\n')) {
    const m = XID.exec(line);
    if (!m) continue;
    const bus = m[1]!.toLowerCase();
    const code = Number(m[2]);
    const t = UPTIME.exec(line.trimStart());
    const uptime = t ? Number(t[1]) : null;
    const key = `${code}@${bus}`;
    const rest = m[3]!.trim().slice(0, 200);
    const g = groups.get(key);
    if (g) {
      g.count++;
      g.lastUptimeS = uptime ?? g.lastUptimeS;
      g.lastText = rest;
    } else if (groups.size < MAX_GROUPS) {
      groups.set(key, { code, pciBusId: bus, gpuIndex: null, count: 1, firstUptimeS: uptime, lastUptimeS: uptime, lastText: rest });
    }
  }
  return [...groups.values()];
}

/** "0000:3b:00" (driver) against "00000000:3B:00.0" (NVML): same domain, bus and device numbers. */
export function xidBusMatches(xidBus: string, nvmlBus: string): boolean {
  const a = pciBusKey(xidBus, false);
  return a !== null && a === pciBusKey(nvmlBus, false);
}
