// `df` output in a paste → the size of /dev/shm, the fact a probe takes with statfs. The rows users paste:
//   df -h /dev/shm      shm              64M     0   64M   0% /dev/shm         (human sizes, powers of 1024)
//   df /dev/shm         shm            65536     0 65536   0% /dev/shm         (1K-blocks, df's default unit)
//   df -B1 / -m / -T    a "1B-blocks" / "1M-blocks" header, or a Type column after the file system
import { emptyFacts, pasted, type ParseResult } from './types.js';

const SRC = pasted('df');
const UNIT: Record<string, number> = { '': 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30, T: 2 ** 40, P: 2 ** 50, E: 2 ** 60 };
const SIZE = String.raw`\d{1,20}(?:[.,]\d{1,3})?[KMGTPE]?`;
/** A row mounted on /dev/shm: file system, an optional Type column (df -T), size, used, available, use%. */
const ROW = new RegExp(String.raw`^\s{0,8}(\S{1,200})\s+(?:([a-z][\w.]{0,30})\s+)?(${SIZE})\s+(${SIZE})\s+(${SIZE})\s+(?:\d{1,3}%|-)\s+/dev/shm/?\s*$`);
/** df's header names the block size of plain numbers: "1K-blocks", "1B-blocks", "1M-blocks", "1024-blocks" (df -P). */
const HEADER = /^\s{0,8}Filesystem\s+(?:Type\s+)?(?:(\d{1,7})([KMG]?)B?-blocks|Size)\b/i;

export function parseLimits(lines: readonly string[]): ParseResult {
  const facts = emptyFacts();
  let blockBytes = 1024;
  for (const line of lines) {
    if (line.length > 400) continue;
    const h = HEADER.exec(line);
    if (h) {
      blockBytes = h[1] ? Number(h[1]) * (UNIT[h[2] ?? ''] ?? 1) : 1024;
      continue;
    }
    if (!line.includes('/dev/shm')) continue;
    const r = ROW.exec(line);
    if (!r) continue;
    const total = bytesOf(r[3]!, blockBytes);
    const avail = bytesOf(r[5]!, blockBytes);
    if (total === undefined || avail === undefined) continue;
    // A row "Mounted on /dev/shm" is a file system of its own there: in practice always the tmpfs that the kernel,
    // Docker or Kubernetes mounts (a /dev/shm that is a plain folder shows the root file system's row instead).
    facts.limits.shm ??= { value: { totalBytes: total, freeBytes: avail, tmpfs: true }, source: SRC };
  }
  return { facts, events: [] };
}

/** "64M" → 67108864 (df -h sizes are powers of 1024); a plain number counts blocks of the header's size. */
export function bytesOf(text: string, blockBytes: number): number | undefined {
  const m = /^(\d{1,20}(?:[.,]\d{1,3})?)([KMGTPE]?)$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(',', '.'));
  const bytes = m[2] ? n * UNIT[m[2]]! : n * blockBytes;
  return Number.isFinite(bytes) ? Math.round(bytes) : undefined;
}
