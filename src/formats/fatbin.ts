// Lists which GPU architectures a CUDA shared object carries code for, without loading it.
//
// nvcc embeds device code in the host ELF as "fat binaries": a `.nv_fatbin` section holds one or
// more containers, each a 16-byte header followed by entries (a header plus a SASS cubin, PTX text
// or LTO IR payload). We read only the ELF header, the section table, the section-name table and
// each entry's first 64 bytes, skipping payloads: libtorch_cuda.so is ~1 GB and mostly payload.
// The ELF part (header, section table, windowed reads) is formats/elf.ts; files come in through a ReadFn,
// and probe/fatbin.ts reads them through the System.
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
import { ElfFormatError, type ElfSection, type ReadFn, readElfSections, SHT_NOBITS, u64, view, WindowReader } from './elf.js';
import { msg } from './messages.js';

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

const ENTRY_HEADER_MIN = 64;
// Headers seen are ≤ 128 bytes; a far larger value means we are not reading an entry header.
const ENTRY_HEADER_MAX = 4096;

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
    const head = await r.bytes(pos, Math.min(16, end - pos), 'part.fatbinHeader', end);
    if (head.subarray(0, 8).every((b) => b === 0)) {
      pos += 8;
      continue;
    }
    if (head.length < 16) throw new ElfFormatError(msg('fatbin.strayAtSectionEnd', { section: sec.name, count: head.length }));
    const dv = view(head);
    const magic = dv.getUint32(0, true);
    if (magic === OLD_STYLE_FATBIN_MAGIC) throw new ElfFormatError(msg('fatbin.oldStyle', { section: sec.name }));
    if (magic !== FATBIN_MAGIC) {
      throw new ElfFormatError(msg('fatbin.noMagic', { section: sec.name, offset: pos - sec.offset, magic: magic.toString(16) }));
    }
    const headerSize = dv.getUint16(6, true);
    const fatSize = u64(dv, 8, 'part.fatbinSize');
    if (headerSize < 16) throw new ElfFormatError(msg('fatbin.headerSize', { section: sec.name, size: headerSize, offset: pos - sec.offset }));
    const cEnd = pos + headerSize + fatSize;
    if (cEnd > end) {
      throw new ElfFormatError(msg('fatbin.pastSection', { section: sec.name, offset: pos - sec.offset, size: fatSize }));
    }
    containers++;
    let q = pos + headerSize;
    while (q < cEnd) {
      if (cEnd - q < ENTRY_HEADER_MIN) {
        const rest = await r.bytes(q, cEnd - q, 'part.fatbinPadding', cEnd);
        if (rest.every((b) => b === 0)) break;
        throw new ElfFormatError(msg('fatbin.strayAtFatbinEnd', { section: sec.name, count: cEnd - q }));
      }
      const e = view(await r.bytes(q, ENTRY_HEADER_MIN, 'part.fatbinEntryHeader', cEnd));
      const kindCode = e.getUint16(0, true);
      const entryHeaderSize = e.getUint32(4, true);
      // Zero padding after the last entry, inside the container's declared size.
      if (kindCode === 0 && entryHeaderSize === 0) break;
      const payloadSize = u64(e, 8, 'part.fatbinEntrySize');
      if (entryHeaderSize < ENTRY_HEADER_MIN || entryHeaderSize > ENTRY_HEADER_MAX) {
        throw new ElfFormatError(msg('fatbin.entryHeaderSize', { section: sec.name, size: entryHeaderSize, offset: q }));
      }
      if (q + entryHeaderSize + payloadSize > cEnd) {
        throw new ElfFormatError(msg('fatbin.entryPastContainer', { section: sec.name, offset: q }));
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
        uncompressedSize: compression === 'none' ? 0 : u64(e, 56, 'part.uncompressedSize'),
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
        throw new ElfFormatError(msg('fatbin.sectionPastFile', { section: sec.name, end: sec.offset + sec.size, size }));
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
      scan.error = msg('fatbin.noSection', { section: FATBIN_SECTION });
    }
  } catch (e) {
    scan.error = e instanceof ElfFormatError ? e.message : msg('elf.cannotRead', { why: e instanceof Error ? e.message : String(e) });
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
