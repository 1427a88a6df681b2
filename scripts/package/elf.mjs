// Reads what a Linux ELF needs from its host: the machine it is built for and the newest GLIBC_x.y
// symbol version it references (.gnu.version_r), which sets the manylinux tag a wheel may claim.
import { readFileSync } from 'node:fs';

const SHT_GNU_VERNEED = 0x6ffffffe;

export function elfInfo(path) {
  const buf = readFileSync(path);
  if (buf.readUInt32BE(0) !== 0x7f454c46) throw new Error(`${path}: not an ELF file`);
  if (buf[4] !== 2 || buf[5] !== 1) throw new Error(`${path}: not a 64-bit little-endian ELF`);
  const machine = buf.readUInt16LE(18);
  const shoff = Number(buf.readBigUInt64LE(40));
  const shentsize = buf.readUInt16LE(58);
  const shnum = buf.readUInt16LE(60);
  const section = (i) => {
    const o = shoff + i * shentsize;
    return {
      type: buf.readUInt32LE(o + 4),
      offset: Number(buf.readBigUInt64LE(o + 24)),
      size: Number(buf.readBigUInt64LE(o + 32)),
      link: buf.readUInt32LE(o + 40),
    };
  };
  const glibc = [];
  for (let i = 0; i < shnum; i++) {
    const s = section(i);
    if (s.type !== SHT_GNU_VERNEED) continue;
    const strtab = section(s.link);
    const str = (off) => {
      const start = strtab.offset + off;
      return buf.toString('latin1', start, buf.indexOf(0, start));
    };
    let at = s.offset;
    for (;;) {
      const cnt = buf.readUInt16LE(at + 2);
      let aux = at + buf.readUInt32LE(at + 8);
      for (let k = 0; k < cnt; k++) {
        const m = /^GLIBC_(\d+)\.(\d+)/.exec(str(buf.readUInt32LE(aux + 8)));
        if (m) glibc.push([Number(m[1]), Number(m[2])]);
        const next = buf.readUInt32LE(aux + 12);
        if (next === 0) break;
        aux += next;
      }
      const next = buf.readUInt32LE(at + 12);
      if (next === 0) break;
      at += next;
    }
  }
  glibc.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { machine, glibc: glibc.at(-1) ?? null };
}

/** The newest of several [major, minor] glibc needs. */
export function newestGlibc(needs) {
  return (
    needs
      .filter(Boolean)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .at(-1) ?? [2, 17]
  );
}
