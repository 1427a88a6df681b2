// PCI bus ids as each tool prints them: NVML "00000000:3B:00.0", CUDA "0000:3b:00.0", the kernel driver's Xid
// lines "0000:3b:00" (no function). Compared as numbers, never as text.

/** "domain:bus:device[.function]" as numbers joined by ':', the function only with `withFunction`; null when not a bus id. */
export function pciBusKey(s: string, withFunction: boolean): string | null {
  const m = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+)(?:\.([0-9a-f]+))?$/i.exec(s.trim());
  if (!m) return null;
  const parts = (withFunction ? m.slice(1, 5) : m.slice(1, 4)).map((x) => parseInt(x ?? '0', 16));
  return parts.join(':');
}
