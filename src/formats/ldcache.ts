// Reads and writes glibc's /etc/ld.so.cache, so library lookups can follow the dynamic loader
// without running `ldconfig -p` (absent under --root, and one more process to wait for).
// Layout: glibc sysdeps/generic/dl-cache.h (cache_file, cache_file_new, file_entry_new).

export interface LdCacheEntry {
  soname: string;
  path: string;
  /** file_entry.flags: low byte = type (3 = libc6 ELF), high byte = ABI (0x03 = x86-64, 0x0a = aarch64). */
  flags: number;
  /** ABI as `ldconfig -p` names it: 'x86-64', 'aarch64', … ('' when the flags name none). */
  arch: 'x86-64' | 'aarch64' | string;
  /** file_entry_new.hwcap as hex when non-zero (legacy hwcap subdirectory or glibc-hwcaps entry). */
  hwcap?: string;
}

const OLD_MAGIC = 'ld.so-1.7.0';
const NEW_MAGIC = 'glibc-ld.so.cache1.1';
/** sizeof(struct cache_file): char magic[11] + pad to 4 + uint32 nlibs. */
const OLD_HEADER = 16;
const OLD_ENTRY = 12;
/** sizeof(struct cache_file_new). */
const NEW_HEADER = 48;
const NEW_ENTRY = 24;
const ENDIAN_LITTLE = 2;
const ENDIAN_BIG = 3;

/** High byte of file_entry.flags (FLAG_REQUIRED_MASK), named as ldconfig prints it. */
const ABI_NAMES: Record<number, string> = {
  0x01: '64bit', // FLAG_SPARC_LIB64
  0x02: 'IA-64',
  0x03: 'x86-64',
  0x04: '64bit', // FLAG_S390_LIB64
  0x05: '64bit', // FLAG_POWERPC_LIB64
  0x06: 'N32',
  0x07: '64bit', // FLAG_MIPS64_LIBN64
  0x08: 'x32',
  0x09: 'hard-float',
  0x0a: 'AArch64',
  0x0b: 'soft-float',
  0x0c: 'nan2008',
  0x0d: 'N32,nan2008',
  0x0e: '64bit,nan2008',
  0x0f: 'soft-float',
  0x10: 'double-float',
  0x11: 'soft-float',
  0x12: 'double-float',
};

/** Flags value for a libc6 ELF library of this ABI, as ldconfig writes it. */
export const LD_CACHE_FLAGS = { x8664: 0x0303, aarch64: 0x0a03, libc6: 0x0003 } as const;

export function archOfFlags(flags: number): string {
  const abi = (flags >> 8) & 0xff;
  const name = ABI_NAMES[abi] ?? (abi === 0 ? '' : `0x${abi.toString(16)}`);
  // ldconfig prints "AArch64"; the contract spells it the way uname does.
  return name === 'AArch64' ? 'aarch64' : name;
}

/** Entries of an ld.so.cache in file order (the order `ldconfig -p` prints). Never throws; [] on garbage. */
export function parseLdCache(bytes: Uint8Array): LdCacheEntry[] {
  try {
    return parse(bytes);
  } catch {
    return [];
  }
}

function parse(bytes: Uint8Array): LdCacheEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, 0, NEW_MAGIC)) return parseNew(bytes, view, 0);
  if (!startsWith(bytes, 0, OLD_MAGIC) || bytes.length < OLD_HEADER) return [];
  const nlibs = view.getUint32(12, true);
  const oldEnd = OLD_HEADER + nlibs * OLD_ENTRY;
  if (nlibs > (bytes.length - OLD_HEADER) / OLD_ENTRY) return [];
  // A compat cache hides the new format right after the old entries (ALIGN_CACHE: 8 bytes); glibc prefers it.
  const newStart = align8(oldEnd);
  if (startsWith(bytes, newStart, NEW_MAGIC)) {
    const entries = parseNew(bytes, view, newStart);
    if (entries.length > 0) return entries;
  }
  // Old format: string offsets count from the end of the entry array.
  const out: LdCacheEntry[] = [];
  for (let i = 0; i < nlibs; i++) {
    const at = OLD_HEADER + i * OLD_ENTRY;
    const flags = view.getInt32(at, true);
    const soname = cString(bytes, oldEnd + view.getUint32(at + 4, true));
    const path = cString(bytes, oldEnd + view.getUint32(at + 8, true));
    if (soname === undefined || path === undefined) return [];
    out.push({ soname, path, flags, arch: archOfFlags(flags) });
  }
  return out;
}

function parseNew(bytes: Uint8Array, view: DataView, start: number): LdCacheEntry[] {
  if (bytes.length < start + NEW_HEADER) return [];
  const endian = view.getUint8(start + 28) & 3;
  // An "unset" (0) flag comes from old ldconfig versions that only wrote host-endian files.
  const little = endian === ENDIAN_BIG ? false : endian === 0 || endian === ENDIAN_LITTLE ? true : null;
  if (little === null) return [];
  const nlibs = view.getUint32(start + 20, little);
  if (nlibs > (bytes.length - start - NEW_HEADER) / NEW_ENTRY) return [];
  const out: LdCacheEntry[] = [];
  for (let i = 0; i < nlibs; i++) {
    const at = start + NEW_HEADER + i * NEW_ENTRY;
    const flags = view.getInt32(at, little);
    // New-format string offsets count from the start of the new header.
    const soname = cString(bytes, start + view.getUint32(at + 4, little));
    const path = cString(bytes, start + view.getUint32(at + 8, little));
    if (soname === undefined || path === undefined) return [];
    const hwcap = view.getBigUint64(at + 16, little);
    const entry: LdCacheEntry = { soname, path, flags, arch: archOfFlags(flags) };
    if (hwcap !== 0n) entry.hwcap = `0x${hwcap.toString(16)}`;
    out.push(entry);
  }
  return out;
}

export interface LdCacheInput {
  soname: string;
  path: string;
  /** Default: libc6 ELF for x86-64 (0x0303). */
  flags?: number;
  arch?: string;
}

/**
 * Writes a new-format ("glibc-ld.so.cache1.1", little endian) cache holding the entries in the order
 * given. glibc's loader binary-searches by soname in ldconfig's order; keep the order of a real
 * `ldconfig -p` listing when one is the source.
 */
export function buildLdCache(entries: readonly LdCacheInput[]): Uint8Array {
  const encoder = new TextEncoder();
  const strings: Uint8Array[] = [];
  const offsets = new Map<string, number>();
  const stringsStart = NEW_HEADER + entries.length * NEW_ENTRY;
  let stringsLen = 0;
  const intern = (s: string): number => {
    const known = offsets.get(s);
    if (known !== undefined) return known;
    const encoded = encoder.encode(`${s}\0`);
    const offset = stringsStart + stringsLen;
    offsets.set(s, offset);
    strings.push(encoded);
    stringsLen += encoded.length;
    return offset;
  };
  const refs = entries.map((e) => ({ flags: e.flags ?? flagsOfArch(e.arch), key: intern(e.soname), value: intern(e.path) }));
  const bytes = new Uint8Array(stringsStart + stringsLen);
  const view = new DataView(bytes.buffer);
  bytes.set(encoder.encode(NEW_MAGIC), 0);
  view.setUint32(20, entries.length, true);
  view.setUint32(24, stringsLen, true);
  view.setUint8(28, ENDIAN_LITTLE);
  // extension_offset 0: no extension directory (glibc checks its magic there and finds none).
  refs.forEach((r, i) => {
    const at = NEW_HEADER + i * NEW_ENTRY;
    view.setInt32(at, r.flags, true);
    view.setUint32(at + 4, r.key, true);
    view.setUint32(at + 8, r.value, true);
  });
  let at = stringsStart;
  for (const s of strings) {
    bytes.set(s, at);
    at += s.length;
  }
  return bytes;
}

function flagsOfArch(arch: string | undefined): number {
  if (arch === undefined || arch === 'x86-64') return LD_CACHE_FLAGS.x8664;
  if (arch === 'aarch64' || arch === 'AArch64') return LD_CACHE_FLAGS.aarch64;
  if (arch === '' || arch === 'libc6') return LD_CACHE_FLAGS.libc6;
  for (const [abi, name] of Object.entries(ABI_NAMES)) if (name === arch) return (Number(abi) << 8) | 3;
  return LD_CACHE_FLAGS.x8664;
}

/**
 * Entries of `ldconfig -p` text ("\tlibfoo.so.1 (libc6,x86-64) => /path"), for building fixture
 * caches from captured listings. Lines that are not entries are skipped.
 */
export function parseLdconfigListing(text: string): LdCacheInput[] {
  const out: LdCacheInput[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s+(\S+) \(([^)]*)\)(?:[^=]*)=> (.+)$/.exec(line);
    if (!m || m[1] === undefined || m[2] === undefined || m[3] === undefined) continue;
    const parts = m[2].split(',');
    const arch = parts[1] ?? '';
    out.push({ soname: m[1], path: m[3].trim(), arch });
  }
  return out;
}

function startsWith(bytes: Uint8Array, at: number, ascii: string): boolean {
  if (at < 0 || at + ascii.length > bytes.length) return false;
  for (let i = 0; i < ascii.length; i++) if (bytes[at + i] !== ascii.charCodeAt(i)) return false;
  return true;
}

function cString(bytes: Uint8Array, at: number): string | undefined {
  if (at >= bytes.length) return undefined;
  const end = bytes.indexOf(0, at);
  if (end < 0) return undefined;
  return new TextDecoder().decode(bytes.subarray(at, end));
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
