// Reads the parts of an ELF file gpuenv needs, without loading it and without reading it whole:
// libtorch_cuda.so is ~1 GB, so every read is a bounded window at an offset.
// - the section table (section names, types, offsets): where `.nv_fatbin` and `.rodata` lie;
// - the program headers and the dynamic segment, as ld.so reads them: DT_NEEDED, DT_SONAME, DT_RPATH
//   and DT_RUNPATH, reading only the ELF header, the program header table, the dynamic segment and the
//   few strings it names.
// Layout: System V gABI, ELF header / section header / program header / dynamic section chapters.
import { msg, type Part } from './messages.js';

/** Reads `length` bytes at `offset`; may return fewer at the end of the file, undefined on failure. */
export type ReadFn = (offset: number, length: number) => Promise<Uint8Array | undefined>;

/** A file that is not the ELF (or fatbin) we expect: readers turn it into an `error` field, never an exception. */
export class ElfFormatError extends Error {}

const ELF_HEADER_SIZE = 64;
const SECTION_HEADER_SIZE = 64;
/** Section type of a section with no bytes in the file (.bss, or any section of a split-debug file). */
export const SHT_NOBITS = 8;
const PT_LOAD = 1;
const PT_DYNAMIC = 2;
const DT_NULL = 0;
const DT_NEEDED = 1;
const DT_STRTAB = 5;
const DT_STRSZ = 10;
const DT_SONAME = 14;
const DT_RPATH = 15;
const DT_RUNPATH = 29;
// Bounds on metadata we read whole, so a corrupt header cannot make us read gigabytes: real tables are a few KiB.
const MAX_SECTIONS = 1 << 20;
const MAX_SHSTRTAB = 16 << 20;
const MAX_PHNUM = 4096;
const MAX_DYNAMIC = 1 << 20;
const MAX_STRING = 64 * 1024;
// Reads are served from a window this large: neighbouring small headers cost one read, and large
// payloads are skipped without being read.
const WINDOW = 4096;

/** The four magic bytes \x7fELF. */
function isElf(b: Uint8Array): boolean {
  return b[0] === 0x7f && b[1] === 0x45 && b[2] === 0x4c && b[3] === 0x46;
}

/** Caches one window of the file so that runs of small headers cost one read. */
export class WindowReader {
  private winOffset = 0;
  private win: Uint8Array = new Uint8Array(0);
  readonly #read: ReadFn;
  readonly #size: number | undefined;

  constructor(read: ReadFn, size: number | undefined) {
    this.#read = read;
    this.#size = size;
  }

  /** Exactly `length` bytes at `offset`, or an ElfFormatError saying the file ends too early. */
  async bytes(offset: number, length: number, what: Part, limit?: number): Promise<Uint8Array> {
    if (length === 0) return new Uint8Array(0);
    if (offset >= this.winOffset && offset + length <= this.winOffset + this.win.length) {
      return this.win.subarray(offset - this.winOffset, offset - this.winOffset + length);
    }
    if (this.#size !== undefined && offset + length > this.#size) {
      throw new ElfFormatError(msg('elf.truncatedPast', { what: msg(what), offset, length, size: this.#size }));
    }
    // Small reads fetch a whole window (not past `limit` or the file end); large ones fetch exactly.
    const end = Math.min(limit ?? Number.MAX_SAFE_INTEGER, this.#size ?? Number.MAX_SAFE_INTEGER);
    const want = length >= WINDOW ? length : Math.max(length, Math.min(WINDOW, end - offset));
    const got = await this.#read(offset, want);
    if (got === undefined || got.length < length) {
      throw new ElfFormatError(msg('elf.truncatedRead', { what: msg(what), offset, length }));
    }
    this.winOffset = offset;
    this.win = got;
    return got.subarray(0, length);
  }
}

export function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/** An unsigned 64-bit little-endian field as a number; offsets and sizes beyond 2^53 are corrupt. */
export function u64(dv: DataView, at: number, what: Part): number {
  const v = dv.getBigUint64(at, true);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ElfFormatError(msg('elf.implausible', { what: msg(what), value: String(v) }));
  return Number(v);
}

// ---- the section table ------------------------------------------------------------------------

export interface ElfSection {
  name: string;
  type: number;
  offset: number;
  size: number;
}

/** The ELF header's machine and the named section table; ELF64 little-endian only (x86-64, aarch64). */
export async function readElfSections(r: WindowReader): Promise<{ machine: number; sections: ElfSection[] }> {
  const hdr = await r.bytes(0, ELF_HEADER_SIZE, 'part.elfHeader').catch((e: unknown) => {
    throw e instanceof ElfFormatError ? new ElfFormatError(msg('elf.notElfShort')) : e;
  });
  if (!isElf(hdr)) throw new ElfFormatError(msg('elf.notElf'));
  if (hdr[4] !== 2) throw new ElfFormatError(msg('elf.elf32'));
  if (hdr[5] !== 1) throw new ElfFormatError(msg('elf.bigEndian'));
  const dv = view(hdr);
  const machine = dv.getUint16(18, true);
  const shoff = u64(dv, 40, 'part.sectionHeaderOffset');
  const shentsize = dv.getUint16(58, true);
  let shnum = dv.getUint16(60, true);
  let shstrndx = dv.getUint16(62, true);
  if (shoff === 0) throw new ElfFormatError(msg('elf.noSectionHeaders'));
  if (shentsize < SECTION_HEADER_SIZE) throw new ElfFormatError(msg('elf.sectionHeaderSize', { size: shentsize }));
  // ELF extended numbering: counts that do not fit 16 bits live in section header 0.
  if (shnum === 0 || shstrndx === 0xffff) {
    const s0 = view(await r.bytes(shoff, SECTION_HEADER_SIZE, 'part.sectionHeader0'));
    if (shnum === 0) shnum = u64(s0, 32, 'part.sectionCount');
    if (shstrndx === 0xffff) shstrndx = s0.getUint32(40, true);
  }
  if (shnum > MAX_SECTIONS) throw new ElfFormatError(msg('elf.sectionCount', { count: shnum }));
  if (shstrndx >= shnum) throw new ElfFormatError(msg('elf.namesIndex'));
  const table = view(await r.bytes(shoff, shnum * shentsize, 'part.sectionHeaders'));
  const raw: { nameOff: number; type: number; offset: number; size: number }[] = [];
  for (let i = 0; i < shnum; i++) {
    const at = i * shentsize;
    raw.push({
      nameOff: table.getUint32(at, true),
      type: table.getUint32(at + 4, true),
      offset: u64(table, at + 24, 'part.sectionOffset'),
      size: u64(table, at + 32, 'part.sectionSize'),
    });
  }
  const strtab = raw[shstrndx];
  if (strtab === undefined || strtab.type === SHT_NOBITS) throw new ElfFormatError(msg('elf.namesMissing'));
  if (strtab.size > MAX_SHSTRTAB) throw new ElfFormatError(msg('elf.namesSize', { size: strtab.size }));
  const names = await r.bytes(strtab.offset, strtab.size, 'part.sectionNames');
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
    if (error instanceof ElfFormatError) return undefined;
    throw error;
  }
}

// ---- the program headers and the dynamic segment ----------------------------------------------

export interface ElfDynamic {
  /** e_machine: 62 x86-64, 183 aarch64. */
  machine: number | null;
  needed: string[];
  soname: string | null;
  /** Colon-separated entries as written, `$ORIGIN` not expanded; null when the tag is absent. */
  rpath: string[] | null;
  runpath: string[] | null;
  /** Why the lists may be empty: not an ELF, no dynamic segment, truncated … */
  error?: string;
}

interface Layout {
  is64: boolean;
  little: boolean;
  machine: number;
  loads: Array<{ offset: number; vaddr: number; filesz: number }>;
  dynamic: { offset: number; size: number } | null;
}

async function readExact(read: ReadFn, offset: number, length: number, what: Part): Promise<DataView> {
  const b = await read(offset, length);
  if (!b || b.length < length) throw new ElfFormatError(msg('elf.truncatedExact', { what: msg(what), length, offset }));
  return view(b);
}

/** The ELF header and program headers, of either class and byte order (ld.so reads them all). */
async function readLayout(read: ReadFn): Promise<Layout> {
  const id = await read(0, 64);
  if (!id || id.length < 16 || !isElf(id)) throw new ElfFormatError(msg('elf.notElf'));
  const is64 = id[4] === 2;
  if (!is64 && id[4] !== 1) throw new ElfFormatError(msg('elf.unknownClass', { class: String(id[4]) }));
  const little = id[5] !== 2;
  if (id.length < (is64 ? 64 : 52)) throw new ElfFormatError(msg('elf.truncatedHeader'));
  const h = view(id);
  const machine = h.getUint16(18, little);
  const phoff = is64 ? Number(h.getBigUint64(32, little)) : h.getUint32(28, little);
  const phentsize = h.getUint16(is64 ? 54 : 42, little);
  const phnum = h.getUint16(is64 ? 56 : 44, little);
  if (phoff === 0 || phnum === 0) throw new ElfFormatError(msg('elf.noProgramHeaders'));
  if (phnum > MAX_PHNUM || phentsize < (is64 ? 56 : 32)) throw new ElfFormatError(msg('elf.programHeaders'));
  const t = await readExact(read, phoff, phnum * phentsize, 'part.programHeaders');
  const layout: Layout = { is64, little, machine, loads: [], dynamic: null };
  for (let i = 0; i < phnum; i++) {
    const p = i * phentsize;
    const type = t.getUint32(p, little);
    const offset = is64 ? Number(t.getBigUint64(p + 8, little)) : t.getUint32(p + 4, little);
    const vaddr = is64 ? Number(t.getBigUint64(p + 16, little)) : t.getUint32(p + 8, little);
    const filesz = is64 ? Number(t.getBigUint64(p + 32, little)) : t.getUint32(p + 16, little);
    if (type === PT_LOAD) layout.loads.push({ offset, vaddr, filesz });
    else if (type === PT_DYNAMIC) layout.dynamic = { offset, size: filesz };
  }
  return layout;
}

/** File offset of a virtual address, through the PT_LOAD segment that maps it. */
function fileOffset(layout: Layout, vaddr: number): number | undefined {
  const seg = layout.loads.find((l) => vaddr >= l.vaddr && vaddr < l.vaddr + l.filesz);
  return seg ? vaddr - seg.vaddr + seg.offset : undefined;
}

async function readString(read: ReadFn, at: number, limit: number): Promise<string> {
  let bytes: number[] = [];
  let pos = at;
  while (bytes.length < Math.min(limit, MAX_STRING)) {
    const chunk = await read(pos, 256);
    if (!chunk || chunk.length === 0) throw new ElfFormatError(msg('elf.truncatedString', { at }));
    const end = chunk.indexOf(0);
    if (end >= 0) {
      bytes = bytes.concat(Array.from(chunk.subarray(0, end)));
      return new TextDecoder().decode(Uint8Array.from(bytes));
    }
    bytes = bytes.concat(Array.from(chunk));
    pos += chunk.length;
  }
  throw new ElfFormatError(msg('elf.unterminatedString', { at }));
}

/** The dynamic section of an ELF file. Never throws: problems become `error`. */
export async function readElfDynamic(read: ReadFn): Promise<ElfDynamic> {
  const result: ElfDynamic = { machine: null, needed: [], soname: null, rpath: null, runpath: null };
  try {
    const layout = await readLayout(read);
    result.machine = layout.machine;
    if (!layout.dynamic) throw new ElfFormatError(msg('elf.noDynamic'));
    const size = Math.min(layout.dynamic.size, MAX_DYNAMIC);
    const entSize = layout.is64 ? 16 : 8;
    const d = await readExact(read, layout.dynamic.offset, size - (size % entSize), 'part.dynamicSegment');
    const tags: Array<[number, number]> = [];
    let strtab: number | undefined;
    let strsz = MAX_STRING;
    for (let p = 0; p + entSize <= d.byteLength; p += entSize) {
      const tag = layout.is64 ? Number(d.getBigInt64(p, layout.little)) : d.getInt32(p, layout.little);
      const val = layout.is64 ? Number(d.getBigUint64(p + 8, layout.little)) : d.getUint32(p + 4, layout.little);
      if (tag === DT_NULL) break;
      if (tag === DT_STRTAB) strtab = val;
      else if (tag === DT_STRSZ) strsz = val;
      else if (tag === DT_NEEDED || tag === DT_SONAME || tag === DT_RPATH || tag === DT_RUNPATH) tags.push([tag, val]);
    }
    if (tags.length === 0) return result;
    if (strtab === undefined) throw new ElfFormatError(msg('elf.noStrtab'));
    const strOff = fileOffset(layout, strtab);
    if (strOff === undefined) throw new ElfFormatError(msg('elf.strtabOutside'));
    for (const [tag, off] of tags) {
      if (off >= strsz) throw new ElfFormatError(msg('elf.pastStrsz', { offset: off, strsz }));
      const s = await readString(read, strOff + off, strsz - off);
      if (tag === DT_NEEDED) result.needed.push(s);
      else if (tag === DT_SONAME) result.soname = s;
      else if (tag === DT_RPATH) result.rpath = splitPath(s);
      else result.runpath = splitPath(s);
    }
  } catch (e) {
    result.error = e instanceof ElfFormatError ? e.message : msg('elf.cannotRead', { why: e instanceof Error ? e.message : String(e) });
  }
  return result;
}

function splitPath(s: string): string[] {
  // An empty entry means the current directory to ld.so; nobody ships that on purpose, so it is kept as ''.
  return s.split(':');
}
