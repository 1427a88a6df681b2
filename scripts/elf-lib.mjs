// Builds tiny ELF64 little-endian shared objects with a dynamic section (NEEDED, SONAME, RPATH or
// RUNPATH) and, when asked, a `.nv_fatbin` section, so fixtures and tests carry what the probes parse
// (program headers, .dynamic, .dynstr, section table) and nothing else.
// Fatbin layout as in src/formats/fatbin.ts: 16-byte container header, 64-byte entry headers.

const DT = { NULL: 0, NEEDED: 1, STRTAB: 5, STRSZ: 10, SONAME: 14, RPATH: 15, RUNPATH: 29 };
const align8 = (n) => (n + 7) & ~7;

/** One fatbin container; entries are { kind: 'elf' | 'ptx', arch: 90, variant?: '' | 'a' | 'f' }. */
export function buildFatbin(entries) {
  const parts = entries.map((e) => {
    const out = new Uint8Array(64 + 32);
    const dv = new DataView(out.buffer);
    let flags = 0x11;
    if (e.variant === 'a') flags |= 0x100000;
    if (e.variant === 'f') flags |= 0x200000;
    dv.setUint16(0, e.kind === 'ptx' ? 1 : 2, true);
    dv.setUint16(2, 0x0101, true);
    dv.setUint32(4, 64, true);
    dv.setBigUint64(8, 32n, true);
    const [major, minor] = e.kind === 'ptx' ? [9, 0] : [1, 8];
    dv.setUint16(24, minor, true);
    dv.setUint16(26, major, true);
    dv.setUint32(28, e.arch, true);
    dv.setUint32(40, flags, true);
    return out;
  });
  const body = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(16 + body);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0xba55ed50, true);
  dv.setUint16(4, 1, true);
  dv.setUint16(6, 16, true);
  dv.setBigUint64(8, BigInt(body), true);
  let at = 16;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * An ELF64 LE ET_DYN file: one PT_LOAD mapping the file at address 0 (so addresses equal offsets),
 * PT_DYNAMIC, .dynstr, .dynamic and optional extra sections (`.nv_fatbin`).
 * spec: { needed?: string[], soname?: string, rpath?: string, runpath?: string, sections?: [{ name, data }], machine?: number }
 */
export function buildSharedObject(spec = {}) {
  const strs = [0];
  const intern = (s) => {
    const at = strs.length;
    for (const b of new TextEncoder().encode(s)) strs.push(b);
    strs.push(0);
    return at;
  };
  const dyn = [];
  for (const n of spec.needed ?? []) dyn.push([DT.NEEDED, intern(n)]);
  if (spec.soname) dyn.push([DT.SONAME, intern(spec.soname)]);
  if (spec.rpath !== undefined) dyn.push([DT.RPATH, intern(spec.rpath)]);
  if (spec.runpath !== undefined) dyn.push([DT.RUNPATH, intern(spec.runpath)]);
  const dynstr = Uint8Array.from(strs);
  const phnum = 2;
  const dynstrOff = 64 + phnum * 56;
  const dynamicOff = align8(dynstrOff + dynstr.length);
  dyn.push([DT.STRTAB, dynstrOff], [DT.STRSZ, dynstr.length], [DT.NULL, 0]);
  const dynamic = new Uint8Array(dyn.length * 16);
  const ddv = new DataView(dynamic.buffer);
  dyn.forEach(([tag, val], i) => {
    ddv.setBigInt64(i * 16, BigInt(tag), true);
    ddv.setBigUint64(i * 16 + 8, BigInt(val), true);
  });
  const sections = [
    { name: '.dynstr', data: dynstr, type: 3, offset: dynstrOff },
    { name: '.dynamic', data: dynamic, type: 6, offset: dynamicOff },
  ];
  let at = dynamicOff + dynamic.length;
  for (const s of spec.sections ?? []) {
    at = align8(at);
    sections.push({ name: s.name, data: s.data, type: 1, offset: at });
    at += s.data.length;
  }
  const names = [0];
  const nameOff = (n) => {
    const o = names.length;
    for (const ch of n) names.push(ch.charCodeAt(0));
    names.push(0);
    return o;
  };
  for (const s of sections) s.nameOffset = nameOff(s.name);
  const shstrName = nameOff('.shstrtab');
  at = align8(at);
  const shstrOff = at;
  const shstr = Uint8Array.from(names);
  at += shstr.length;
  sections.push({ name: '.shstrtab', data: shstr, type: 3, offset: shstrOff, nameOffset: shstrName });
  const shoff = align8(at);
  const shnum = sections.length + 1;
  const out = new Uint8Array(shoff + shnum * 64);
  const dv = new DataView(out.buffer);
  out.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1], 0);
  dv.setUint16(16, 3, true); // ET_DYN
  dv.setUint16(18, spec.machine ?? 62, true);
  dv.setUint32(20, 1, true);
  dv.setBigUint64(32, 64n, true); // e_phoff
  dv.setBigUint64(40, BigInt(shoff), true);
  dv.setUint16(52, 64, true);
  dv.setUint16(54, 56, true);
  dv.setUint16(56, phnum, true);
  dv.setUint16(58, 64, true);
  dv.setUint16(60, shnum, true);
  dv.setUint16(62, shnum - 1, true);
  // PT_LOAD covering the whole file at address 0, then PT_DYNAMIC.
  const ph = (i, type, offset, size) => {
    const p = 64 + i * 56;
    dv.setUint32(p, type, true);
    dv.setUint32(p + 4, 4, true);
    dv.setBigUint64(p + 8, BigInt(offset), true);
    dv.setBigUint64(p + 16, BigInt(offset), true);
    dv.setBigUint64(p + 24, BigInt(offset), true);
    dv.setBigUint64(p + 32, BigInt(size), true);
    dv.setBigUint64(p + 40, BigInt(size), true);
  };
  ph(0, 1, 0, out.length);
  ph(1, 2, dynamicOff, dynamic.length);
  sections.forEach((s, i) => {
    out.set(s.data, s.offset);
    const h = shoff + (i + 1) * 64;
    dv.setUint32(h, s.nameOffset, true);
    dv.setUint32(h + 4, s.type, true);
    dv.setBigUint64(h + 16, BigInt(s.offset), true);
    dv.setBigUint64(h + 24, BigInt(s.offset), true);
    dv.setBigUint64(h + 32, BigInt(s.data.length), true);
    dv.setBigUint64(h + 48, 8n, true);
  });
  return out;
}
