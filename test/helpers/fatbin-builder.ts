// Builds small ELF64 files with fatbin sections in memory, laid out as nvcc 13 writes them (see
// src/formats/fatbin.ts for the format), so parser tests need no CUDA toolkit.
import type { ReadFn } from '../../src/formats/elf.js';

export interface EntrySpec {
  kind: 'ptx' | 'elf' | 'ltoir' | number;
  arch: number;
  variant?: '' | 'a' | 'f';
  compression?: 'none' | 'lz4' | 'zstd';
  /** Payload bytes (zeros unless `fill`); padded to 8 as nvcc does. Default 32. */
  payload?: number;
  fill?: number;
  /** Entry header size; nvcc writes 64–128. Default 64. */
  headerSize?: number;
  version?: [major: number, minor: number];
  debug?: boolean;
}

export interface ContainerSpec {
  entries: EntrySpec[];
  /** Zero bytes appended after the container (the linker's alignment padding). */
  padAfter?: number;
  /** Zero bytes inside the container after the last entry, counted in its fatSize. */
  padInside?: number;
}

const KIND_CODES = { ptx: 1, elf: 2, ltoir: 8 } as const;

function align8(n: number): number {
  return (n + 7) & ~7;
}

export function buildEntry(spec: EntrySpec): Uint8Array {
  const headerSize = spec.headerSize ?? 64;
  const payload = align8(spec.payload ?? 32);
  const out = new Uint8Array(headerSize + payload);
  const dv = new DataView(out.buffer);
  const kind = typeof spec.kind === 'number' ? spec.kind : KIND_CODES[spec.kind];
  const [major, minor] = spec.version ?? (spec.kind === 'ptx' ? [9, 0] : [1, 8]);
  let flags = 0x11; // 64-bit, Linux host
  if (spec.debug) flags |= 0x2;
  if (spec.compression === 'lz4') flags |= 0x2000;
  if (spec.compression === 'zstd') flags |= 0x8000;
  if (spec.variant === 'a') flags |= 0x100000;
  if (spec.variant === 'f') flags |= 0x200000;
  dv.setUint16(0, kind, true);
  dv.setUint16(2, 0x0101, true);
  dv.setUint32(4, headerSize, true);
  dv.setBigUint64(8, BigInt(payload), true);
  const compressed = spec.compression !== undefined && spec.compression !== 'none';
  if (compressed) dv.setUint32(16, spec.payload ?? 32, true);
  dv.setUint16(24, minor, true);
  dv.setUint16(26, major, true);
  dv.setUint32(28, spec.arch, true);
  dv.setUint32(40, flags, true);
  if (compressed) dv.setBigUint64(56, BigInt((spec.payload ?? 32) * 3), true);
  if (spec.fill !== undefined) out.fill(spec.fill, headerSize);
  return out;
}

export function buildContainer(spec: ContainerSpec): Uint8Array {
  const entries = spec.entries.map(buildEntry);
  const body = entries.reduce((n, e) => n + e.length, 0) + (spec.padInside ?? 0);
  const out = new Uint8Array(16 + body + (spec.padAfter ?? 0));
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0xba55ed50, true);
  dv.setUint16(4, 1, true);
  dv.setUint16(6, 16, true);
  dv.setBigUint64(8, BigInt(body), true);
  let at = 16;
  for (const e of entries) {
    out.set(e, at);
    at += e.length;
  }
  return out;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function buildFatbin(containers: ContainerSpec[]): Uint8Array {
  return concat(containers.map(buildContainer));
}

export interface SectionSpec {
  name: string;
  data: Uint8Array;
  /** SHT_PROGBITS (1) by default; SHT_NOBITS is 8. */
  type?: number;
}

export interface ElfOptions {
  /** e_machine: 62 x86-64 (default), 183 aarch64. */
  machine?: number;
  elfClass?: 1 | 2;
  bigEndian?: boolean;
  /** Write e_shoff = 0 (no section header table). */
  noSectionHeaders?: boolean;
}

/** ELF64 LE shared object: header, section contents, .shstrtab, then the section header table. */
export function buildElf(sections: SectionSpec[], options: ElfOptions = {}): Uint8Array {
  const all: SectionSpec[] = [...sections];
  const names = ['', ...all.map((s) => s.name), '.shstrtab'];
  const nameOffsets: number[] = [];
  const strParts: number[] = [];
  for (const n of names) {
    nameOffsets.push(strParts.length);
    for (const ch of n) strParts.push(ch.charCodeAt(0));
    strParts.push(0);
  }
  all.push({ name: '.shstrtab', data: Uint8Array.from(strParts), type: 3 });
  let at = 64;
  const placed = all.map((s) => {
    at = align8(at);
    const offset = at;
    if (s.type !== 8) at += s.data.length;
    return { ...s, offset };
  });
  const shoff = align8(at);
  const shnum = placed.length + 1;
  const out = new Uint8Array(shoff + shnum * 64);
  const dv = new DataView(out.buffer);
  out.set([0x7f, 0x45, 0x4c, 0x46, options.elfClass ?? 2, options.bigEndian ? 2 : 1, 1], 0);
  dv.setUint16(16, 3, true); // ET_DYN
  dv.setUint16(18, options.machine ?? 62, true);
  dv.setUint32(20, 1, true);
  dv.setBigUint64(40, options.noSectionHeaders ? 0n : BigInt(shoff), true);
  dv.setUint16(52, 64, true);
  dv.setUint16(58, 64, true);
  dv.setUint16(60, shnum, true);
  dv.setUint16(62, shnum - 1, true);
  placed.forEach((s, i) => {
    if (s.type !== 8) out.set(s.data, s.offset);
    const h = shoff + (i + 1) * 64;
    dv.setUint32(h, nameOffsets[i + 1] ?? 0, true);
    dv.setUint32(h + 4, s.type ?? 1, true);
    dv.setBigUint64(h + 24, BigInt(s.offset), true);
    dv.setBigUint64(h + 32, BigInt(s.data.length), true);
    dv.setBigUint64(h + 48, 8n, true);
  });
  return out;
}

export interface MemoryReader {
  read: ReadFn;
  /** Every (offset, length) asked for, to check that payloads are skipped. */
  calls: Array<[number, number]>;
  bytesRead(): number;
}

/** A ReadFn over bytes in memory, returning short reads at the end as a file does. */
export function memoryReader(bytes: Uint8Array): MemoryReader {
  const calls: Array<[number, number]> = [];
  return {
    calls,
    read: async (offset, length) => {
      calls.push([offset, length]);
      if (offset < 0 || offset > bytes.length) return undefined;
      return bytes.slice(offset, Math.min(bytes.length, offset + length));
    },
    bytesRead: () => calls.reduce((n, [o, l]) => n + Math.max(0, Math.min(bytes.length, o + l) - o), 0),
  };
}
