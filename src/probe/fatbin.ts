// Lists which GPU architectures a CUDA shared object carries code for, without loading it.
//
// nvcc embeds device code in the host ELF as "fat binaries": a `.nv_fatbin` section holds one or
// more containers, each a 16-byte header followed by entries (a header plus a SASS cubin, PTX text
// or LTO IR payload). We read only the ELF header, the section table, the section-name table and
// each entry's first 64 bytes, skipping payloads: libtorch_cuda.so is ~1 GB and mostly payload.
//
// Layout, checked against nvcc 13.0 output (see test/fixtures/fatbin/) and these public sources:
// - container header: NVIDIA's old public `fatbinary.h` (CUDA ≤ 10) — `struct fatBinaryHeader
//   { u32 magic = 0xBA55ED50; u16 version = 1; u16 headerSize; u64 fatSize /* excl. header */ }`,
//   code kinds PTX = 1, ELF = 2, OLDCUBIN = 4, IR = 8.
// - entry header (64 bytes, little-endian), as read by n-eiling/cuda-fatbin-decompression, the
//   `fatbinary` Rust crate and ZLUDA:
//     0 u16 kind · 2 u16 version (0x0101) · 4 u32 headerSize (64, 80, 96, 104, 112, 120, 128 seen)
//     8 u64 payloadSize (padded to 8) · 16 u32 compressedSize · 20 u32 options offset
//    24 u16 minor · 26 u16 major (PTX ISA version for PTX, cubin format version for ELF)
//    28 u32 arch (75, 90, 100, 120 …) · 32 u32 name offset · 36 u32 name length
//    40 u64 flags · 48 u64 reserved · 56 u64 uncompressedSize
// - flags: 0x1 64-bit, 0x2 debug, 0x10 Linux host, 0x2000 compressed (LZ4, CUDA 11–12),
//   0x8000 compressed (zstd, CUDA 12.8+/13). Arch-specific variants are flags, not part of the
//   arch number: 0x100000 → 'a' (sm_90a), 0x200000 → 'f' (sm_120f); found by compiling each
//   variant with nvcc 13.0 and comparing headers (no public source documents these bits).
import type { System } from '../system/types.js';

/** Reads `length` bytes at `offset`; may return fewer at the end of the file, undefined on failure. */
export type ReadFn = (offset: number, length: number) => Promise<Uint8Array | undefined>;

export interface FatbinSummary {
  /** SASS (cubin) targets, e.g. 'sm_75', 'sm_90a'; sorted by architecture, unique. */
  sass: string[];
  /** PTX targets as virtual architectures, e.g. 'compute_90'; sorted, unique. */
  ptx: string[];
  /** Code entries counted (SASS + PTX + other kinds) in the loadable `.nv_fatbin` section. */
  entries: number;
  /** Of those, how many have a compressed payload. */
  compressed: number;
  /** Why the list may be empty or incomplete: not an ELF, no fatbin section, truncated data … */
  error?: string;
}

export type FatbinKind = 'ptx' | 'elf' | 'ltoir' | 'other';

export interface FatbinEntry {
  /** Section the entry was found in: `.nv_fatbin` (loaded by the runtime) or `__nv_relfatbin`. */
  section: string;
  /** File offset of the entry header. */
  offset: number;
  kind: FatbinKind;
  kindCode: number;
  /** Architecture number: 75, 90, 100, 120 … */
  arch: number;
  variant: '' | 'a' | 'f';
  /** 'sm_90a' for SASS, 'compute_90' for PTX and LTO IR. */
  target: string;
  /** major.minor: PTX ISA version for PTX, cubin format version for ELF. */
  version: string;
  compression: 'none' | 'lz4' | 'zstd';
  debug: boolean;
  payloadSize: number;
  /** Size after decompression, 0 when not compressed. */
  uncompressedSize: number;
}

export interface FatbinSection {
  name: string;
  offset: number;
  size: number;
  containers: number;
  entries: number;
}

export interface FatbinScan {
  /** ELF e_machine: 62 x86-64, 183 aarch64. */
  machine?: number;
  sections: FatbinSection[];
  entries: FatbinEntry[];
  error?: string;
}

const FATBIN_MAGIC = 0xba55ed50;
// CUDA < 4.0 format; its layout differs and no supported framework ships it.
const OLD_STYLE_FATBIN_MAGIC = 0x1ee55a01;
/** Loaded by the CUDA runtime (`__cudaRegisterFatBinary`): what decides architecture coverage. */
export const FATBIN_SECTION = '.nv_fatbin';
/** Relocatable device code kept for later device linking (-rdc); not loaded as is. */
export const RELFATBIN_SECTION = '__nv_relfatbin';
const FATBIN_SECTIONS = [FATBIN_SECTION, RELFATBIN_SECTION];

const FLAG_DEBUG = 0x2;
const FLAG_COMPRESSED_LZ4 = 0x2000;
const FLAG_COMPRESSED_ZSTD = 0x8000;
const FLAG_ARCH_SPECIFIC = 0x100000;
const FLAG_FAMILY_SPECIFIC = 0x200000;

const ELF_HEADER_SIZE = 64;
const SECTION_HEADER_SIZE = 64;
const ENTRY_HEADER_MIN = 64;
// Headers seen are ≤ 128 bytes; a far larger value means we are not reading an entry header.
const ENTRY_HEADER_MAX = 4096;
const SHT_NOBITS = 8;
// Bounds on metadata we read whole, so a corrupt header cannot make us read gigabytes.
const MAX_SECTIONS = 1 << 20;
const MAX_SHSTRTAB = 16 << 20;
// Reads are served from a window this large: neighbouring small entries cost one read, and large
// payloads are skipped without being read.
const WINDOW = 4096;

class FormatError extends Error {}

/** Caches one window of the file so that runs of small headers cost one read. */
class WindowReader {
  private winOffset = 0;
  private win: Uint8Array = new Uint8Array(0);
  readonly #read: ReadFn;
  readonly #size: number | undefined;

  constructor(read: ReadFn, size: number | undefined) {
    this.#read = read;
    this.#size = size;
  }

  /** Exactly `length` bytes at `offset`, or a FormatError saying the file ends too early. */
  async bytes(offset: number, length: number, what: string, limit?: number): Promise<Uint8Array> {
    if (length === 0) return new Uint8Array(0);
    if (offset >= this.winOffset && offset + length <= this.winOffset + this.win.length) {
      return this.win.subarray(offset - this.winOffset, offset - this.winOffset + length);
    }
    if (this.#size !== undefined && offset + length > this.#size) {
      throw new FormatError(`truncated: ${what} at offset ${offset} (+${length}) lies past the end of the file (${this.#size} bytes)`);
    }
    // Small reads fetch a whole window (not past `limit` or the file end); large ones fetch exactly.
    const end = Math.min(limit ?? Number.MAX_SAFE_INTEGER, this.#size ?? Number.MAX_SAFE_INTEGER);
    const want = length >= WINDOW ? length : Math.max(length, Math.min(WINDOW, end - offset));
    const got = await this.#read(offset, want);
    if (got === undefined || got.length < length) {
      throw new FormatError(`truncated: could not read ${what} at offset ${offset} (+${length})`);
    }
    this.winOffset = offset;
    this.win = got;
    return got.subarray(0, length);
  }
}

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/** An unsigned 64-bit little-endian field as a number; offsets and sizes beyond 2^53 are corrupt. */
function u64(dv: DataView, at: number, what: string): number {
  const v = dv.getBigUint64(at, true);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new FormatError(`implausible ${what}: ${v}`);
  return Number(v);
}

export interface ElfSection {
  name: string;
  type: number;
  offset: number;
  size: number;
}

async function readElfSections(r: WindowReader): Promise<{ machine: number; sections: ElfSection[] }> {
  const hdr = await r.bytes(0, ELF_HEADER_SIZE, 'ELF header').catch((e: unknown) => {
    throw e instanceof FormatError ? new FormatError('not an ELF file (too short or unreadable)') : e;
  });
  if (hdr[0] !== 0x7f || hdr[1] !== 0x45 || hdr[2] !== 0x4c || hdr[3] !== 0x46) {
    throw new FormatError('not an ELF file');
  }
  if (hdr[4] !== 2) throw new FormatError('32-bit ELF: only ELF64 is read');
  if (hdr[5] !== 1) throw new FormatError('big-endian ELF: only little-endian (x86-64, aarch64) is read');
  const dv = view(hdr);
  const machine = dv.getUint16(18, true);
  const shoff = u64(dv, 40, 'section header offset');
  const shentsize = dv.getUint16(58, true);
  let shnum = dv.getUint16(60, true);
  let shstrndx = dv.getUint16(62, true);
  if (shoff === 0) throw new FormatError('ELF has no section headers');
  if (shentsize < SECTION_HEADER_SIZE) throw new FormatError(`unexpected ELF section header size ${shentsize}`);
  // ELF extended numbering: counts that do not fit 16 bits live in section header 0.
  if (shnum === 0 || shstrndx === 0xffff) {
    const s0 = view(await r.bytes(shoff, SECTION_HEADER_SIZE, 'section header 0'));
    if (shnum === 0) shnum = u64(s0, 32, 'section count');
    if (shstrndx === 0xffff) shstrndx = s0.getUint32(40, true);
  }
  if (shnum > MAX_SECTIONS) throw new FormatError(`implausible ELF section count ${shnum}`);
  if (shstrndx >= shnum) throw new FormatError('ELF section name table index out of range');
  const table = view(await r.bytes(shoff, shnum * shentsize, 'section headers'));
  const raw: { nameOff: number; type: number; offset: number; size: number }[] = [];
  for (let i = 0; i < shnum; i++) {
    const at = i * shentsize;
    raw.push({
      nameOff: table.getUint32(at, true),
      type: table.getUint32(at + 4, true),
      offset: u64(table, at + 24, 'section offset'),
      size: u64(table, at + 32, 'section size'),
    });
  }
  const strtab = raw[shstrndx];
  if (strtab === undefined || strtab.type === SHT_NOBITS) throw new FormatError('ELF section name table missing');
  if (strtab.size > MAX_SHSTRTAB) throw new FormatError(`implausible section name table size ${strtab.size}`);
  const names = await r.bytes(strtab.offset, strtab.size, 'section name table');
  const decoder = new TextDecoder('latin1');
  const sections = raw.map((s) => {
    let end = s.nameOff;
    while (end < names.length && names[end] !== 0) end++;
    return { name: decoder.decode(names.subarray(Math.min(s.nameOff, names.length), end)), type: s.type, offset: s.offset, size: s.size };
  });
  return { machine, sections };
}

/** The section table of an ELF64 file (name, type, offset, size), or undefined when it is not one. */
export async function readElfSectionTable(read: ReadFn, size?: number): Promise<ElfSection[] | undefined> {
  try {
    return (await readElfSections(new WindowReader(read, size))).sections;
  } catch (error) {
    if (error instanceof FormatError) return undefined;
    throw error;
  }
}

function kindOf(code: number): FatbinKind {
  if (code === 1) return 'ptx';
  if (code === 2) return 'elf';
  if (code === 8) return 'ltoir';
  return 'other';
}

/** Walks the containers of one fatbin section; appends entries; returns the number of containers. */
async function walkSection(r: WindowReader, sec: ElfSection, out: FatbinEntry[]): Promise<number> {
  const end = sec.offset + sec.size;
  let pos = sec.offset;
  let containers = 0;
  while (pos < end) {
    // The linker pads between containers with zeros (each object's container is 8-aligned).
    const head = await r.bytes(pos, Math.min(16, end - pos), 'fatbin header', end);
    if (head.subarray(0, 8).every((b) => b === 0)) {
      pos += 8;
      continue;
    }
    if (head.length < 16) throw new FormatError(`${sec.name}: ${head.length} stray bytes at the section end`);
    const dv = view(head);
    const magic = dv.getUint32(0, true);
    if (magic === OLD_STYLE_FATBIN_MAGIC) throw new FormatError(`${sec.name}: old-style fatbin (CUDA < 4.0) is not read`);
    if (magic !== FATBIN_MAGIC) {
      throw new FormatError(`${sec.name}: no fatbin magic at section offset ${pos - sec.offset} (0x${magic.toString(16)})`);
    }
    const headerSize = dv.getUint16(6, true);
    const fatSize = u64(dv, 8, 'fatbin size');
    if (headerSize < 16) throw new FormatError(`${sec.name}: fatbin header size ${headerSize} at section offset ${pos - sec.offset}`);
    const cEnd = pos + headerSize + fatSize;
    if (cEnd > end) {
      throw new FormatError(`${sec.name}: fatbin at section offset ${pos - sec.offset} claims ${fatSize} bytes, past the section end`);
    }
    containers++;
    let q = pos + headerSize;
    while (q < cEnd) {
      if (cEnd - q < ENTRY_HEADER_MIN) {
        const rest = await r.bytes(q, cEnd - q, 'fatbin padding', cEnd);
        if (rest.every((b) => b === 0)) break;
        throw new FormatError(`${sec.name}: ${cEnd - q} stray bytes at the end of a fatbin`);
      }
      const e = view(await r.bytes(q, ENTRY_HEADER_MIN, 'fatbin entry header', cEnd));
      const kindCode = e.getUint16(0, true);
      const entryHeaderSize = e.getUint32(4, true);
      // Zero padding after the last entry, inside the container's declared size.
      if (kindCode === 0 && entryHeaderSize === 0) break;
      const payloadSize = u64(e, 8, 'fatbin entry size');
      if (entryHeaderSize < ENTRY_HEADER_MIN || entryHeaderSize > ENTRY_HEADER_MAX) {
        throw new FormatError(`${sec.name}: bad fatbin entry header size ${entryHeaderSize} at file offset ${q}`);
      }
      if (q + entryHeaderSize + payloadSize > cEnd) {
        throw new FormatError(`${sec.name}: fatbin entry at file offset ${q} runs past its container`);
      }
      const minor = e.getUint16(24, true);
      const major = e.getUint16(26, true);
      const arch = e.getUint32(28, true);
      // Flag bits used all lie in the low word.
      const flags = e.getUint32(40, true);
      const variant = flags & FLAG_FAMILY_SPECIFIC ? 'f' : flags & FLAG_ARCH_SPECIFIC ? 'a' : '';
      const kind = kindOf(kindCode);
      const compression = flags & FLAG_COMPRESSED_ZSTD ? 'zstd' : flags & FLAG_COMPRESSED_LZ4 ? 'lz4' : 'none';
      out.push({
        section: sec.name,
        offset: q,
        kind,
        kindCode,
        arch,
        variant,
        target: `${kind === 'elf' ? 'sm' : 'compute'}_${arch}${variant}`,
        version: `${major}.${minor}`,
        compression,
        debug: (flags & FLAG_DEBUG) !== 0,
        payloadSize,
        uncompressedSize: compression === 'none' ? 0 : u64(e, 56, 'uncompressed size'),
      });
      q += entryHeaderSize + payloadSize;
    }
    pos = cEnd;
  }
  return containers;
}

/**
 * Every fatbin entry of an ELF file, reading only headers. Errors become `error` (with what was
 * read before the problem kept), never an exception.
 */
export async function scanFatbin(read: ReadFn, size?: number): Promise<FatbinScan> {
  const scan: FatbinScan = { sections: [], entries: [] };
  const r = new WindowReader(read, size);
  try {
    const elf = await readElfSections(r);
    scan.machine = elf.machine;
    const found = elf.sections.filter((s) => FATBIN_SECTIONS.includes(s.name));
    for (const sec of found) {
      if (sec.type === SHT_NOBITS) continue; // a split-debug file: the section has no bytes here
      if (size !== undefined && sec.offset + sec.size > size) {
        throw new FormatError(`truncated: ${sec.name} ends at ${sec.offset + sec.size}, past the end of the file (${size} bytes)`);
      }
      const record: FatbinSection = { name: sec.name, offset: sec.offset, size: sec.size, containers: 0, entries: 0 };
      scan.sections.push(record);
      const before = scan.entries.length;
      try {
        record.containers = await walkSection(r, sec, scan.entries);
      } finally {
        record.entries = scan.entries.length - before;
      }
    }
    if (!scan.sections.some((s) => s.name === FATBIN_SECTION)) {
      scan.error = `no ${FATBIN_SECTION} section (no CUDA device code)`;
    }
  } catch (e) {
    scan.error = e instanceof FormatError ? e.message : `cannot read: ${e instanceof Error ? e.message : String(e)}`;
  }
  return scan;
}

function targetOrder(a: string, b: string): number {
  const pa = /^(\D+)_(\d+)(\w*)$/.exec(a);
  const pb = /^(\D+)_(\d+)(\w*)$/.exec(b);
  if (pa && pb) {
    const d = Number(pa[2]) - Number(pb[2]);
    if (d !== 0) return d;
    return (pa[3] ?? '').localeCompare(pb[3] ?? '');
  }
  return a.localeCompare(b);
}

function sortedUnique(xs: Iterable<string>): string[] {
  return [...new Set(xs)].sort(targetOrder);
}

/** Architecture lists of the code the runtime loads (`.nv_fatbin`; relocatable copies left out). */
export function summarizeFatbin(scan: FatbinScan): FatbinSummary {
  const loadable = scan.entries.filter((e) => e.section === FATBIN_SECTION);
  const summary: FatbinSummary = {
    sass: sortedUnique(loadable.filter((e) => e.kind === 'elf').map((e) => e.target)),
    ptx: sortedUnique(loadable.filter((e) => e.kind === 'ptx').map((e) => e.target)),
    entries: loadable.length,
    compressed: loadable.filter((e) => e.compression !== 'none').length,
  };
  if (scan.error !== undefined) summary.error = scan.error;
  return summary;
}

/** SASS architectures and PTX targets in an ELF's `.nv_fatbin`, reading only headers. Never throws. */
export async function listFatbinArchitectures(read: ReadFn, size?: number): Promise<FatbinSummary> {
  return summarizeFatbin(await scanFatbin(read, size));
}

/** Full scan of one file through the System (so `--root` and fixture systems work). Never throws. */
export async function scanFatbinFile(system: System, path: string): Promise<FatbinScan> {
  try {
    const st = await system.stat(path);
    if (st === undefined) return { sections: [], entries: [], error: `cannot read ${path}` };
    if (st.kind !== 'file') return { sections: [], entries: [], error: `not a regular file: ${path}` };
    return await scanFatbin((offset, length) => system.readBytes(path, offset, length), st.size);
  } catch (e) {
    return { sections: [], entries: [], error: `cannot read ${path}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** `listFatbinArchitectures` for a file read through the System. Never throws. */
export async function fatbinOfFile(system: System, path: string): Promise<FatbinSummary> {
  return summarizeFatbin(await scanFatbinFile(system, path));
}
