// Reads what the dynamic loader reads from a shared object: DT_NEEDED, DT_SONAME, DT_RPATH and
// DT_RUNPATH, through the program headers (PT_DYNAMIC, PT_LOAD) as ld.so does, reading only the ELF
// header, the program header table, the dynamic segment and the few strings it names. Large files
// (libtorch_cuda.so is ~1 GB) cost a handful of small reads.
// Layout: System V gABI, ELF header / program header / dynamic section chapters.
import type { ReadFn } from '../fatbin.js';
import type { System } from '../../system/types.js';

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

const PT_LOAD = 1;
const PT_DYNAMIC = 2;
const DT_NULL = 0;
const DT_NEEDED = 1;
const DT_STRTAB = 5;
const DT_STRSZ = 10;
const DT_SONAME = 14;
const DT_RPATH = 15;
const DT_RUNPATH = 29;
// Bounds so a corrupt header cannot make us read much: real tables are a few KiB.
const MAX_PHNUM = 4096;
const MAX_DYNAMIC = 1 << 20;
const MAX_STRING = 64 * 1024;

class ElfError extends Error {}

interface Layout {
  is64: boolean;
  little: boolean;
  machine: number;
  loads: Array<{ offset: number; vaddr: number; filesz: number }>;
  dynamic: { offset: number; size: number } | null;
}

async function readExact(read: ReadFn, offset: number, length: number, what: string): Promise<DataView> {
  const b = await read(offset, length);
  if (!b || b.length < length) throw new ElfError(`truncated: cannot read ${what} (${length} bytes at ${offset})`);
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

async function readLayout(read: ReadFn): Promise<Layout> {
  const id = await read(0, 64);
  if (!id || id.length < 16 || id[0] !== 0x7f || id[1] !== 0x45 || id[2] !== 0x4c || id[3] !== 0x46) throw new ElfError('not an ELF file');
  const is64 = id[4] === 2;
  if (!is64 && id[4] !== 1) throw new ElfError(`unknown ELF class ${id[4]}`);
  const little = id[5] !== 2;
  if (id.length < (is64 ? 64 : 52)) throw new ElfError('truncated ELF header');
  const h = new DataView(id.buffer, id.byteOffset, id.byteLength);
  const machine = h.getUint16(18, little);
  const phoff = is64 ? Number(h.getBigUint64(32, little)) : h.getUint32(28, little);
  const phentsize = h.getUint16(is64 ? 54 : 42, little);
  const phnum = h.getUint16(is64 ? 56 : 44, little);
  if (phoff === 0 || phnum === 0) throw new ElfError('no program headers (not a loadable object)');
  if (phnum > MAX_PHNUM || phentsize < (is64 ? 56 : 32)) throw new ElfError('implausible program header table');
  const t = await readExact(read, phoff, phnum * phentsize, 'program headers');
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
    if (!chunk || chunk.length === 0) throw new ElfError(`truncated string at ${at}`);
    const end = chunk.indexOf(0);
    if (end >= 0) {
      bytes = bytes.concat(Array.from(chunk.subarray(0, end)));
      return new TextDecoder().decode(Uint8Array.from(bytes));
    }
    bytes = bytes.concat(Array.from(chunk));
    pos += chunk.length;
  }
  throw new ElfError(`unterminated string at ${at}`);
}

/** The dynamic section of an ELF file. Never throws: problems become `error`. */
export async function readElfDynamic(read: ReadFn): Promise<ElfDynamic> {
  const result: ElfDynamic = { machine: null, needed: [], soname: null, rpath: null, runpath: null };
  try {
    const layout = await readLayout(read);
    result.machine = layout.machine;
    if (!layout.dynamic) throw new ElfError('no dynamic segment (statically linked)');
    const size = Math.min(layout.dynamic.size, MAX_DYNAMIC);
    const entSize = layout.is64 ? 16 : 8;
    const d = await readExact(read, layout.dynamic.offset, size - (size % entSize), 'dynamic segment');
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
    if (strtab === undefined) throw new ElfError('dynamic segment has no DT_STRTAB');
    const strOff = fileOffset(layout, strtab);
    if (strOff === undefined) throw new ElfError('DT_STRTAB is outside every PT_LOAD segment');
    for (const [tag, off] of tags) {
      if (off >= strsz) throw new ElfError(`string offset ${off} past DT_STRSZ ${strsz}`);
      const s = await readString(read, strOff + off, strsz - off);
      if (tag === DT_NEEDED) result.needed.push(s);
      else if (tag === DT_SONAME) result.soname = s;
      else if (tag === DT_RPATH) result.rpath = splitPath(s);
      else result.runpath = splitPath(s);
    }
  } catch (e) {
    result.error = e instanceof ElfError ? e.message : `cannot read: ${e instanceof Error ? e.message : String(e)}`;
  }
  return result;
}

/** `readElfDynamic` for a file read through the System (fixtures and --root work). Never throws. */
export async function readElfDynamicFile(sys: System, path: string): Promise<ElfDynamic> {
  try {
    return await readElfDynamic((offset, length) => sys.readBytes(path, offset, length));
  } catch (e) {
    return { machine: null, needed: [], soname: null, rpath: null, runpath: null, error: `cannot read ${path}: ${String(e)}` };
  }
}

function splitPath(s: string): string[] {
  // An empty entry means the current directory to ld.so; nobody ships that on purpose, so it is kept as ''.
  return s.split(':');
}

/** Expands `$ORIGIN` / `${ORIGIN}` (the folder of the object) as ld.so does for RPATH and RUNPATH. */
export function expandOrigin(entries: string[], originDir: string): string[] {
  return entries.map((e) => e.replace(/\$\{ORIGIN\}|\$ORIGIN(?![A-Za-z0-9_])/g, originDir)).map(normalize);
}

/** Collapses `a/b/../c` lexically: ld.so opens the path as given and the kernel resolves `..` the same way for real folders. */
function normalize(p: string): string {
  if (!p.startsWith('/')) return p;
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}
