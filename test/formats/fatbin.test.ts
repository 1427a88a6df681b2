import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ReadFn } from '../../src/formats/elf.js';
import { listFatbinArchitectures, scanFatbin } from '../../src/formats/fatbin.js';
import { fatbinOfFile } from '../../src/probe/fatbin.js';
import type { System } from '../../src/system/types.js';
import { buildContainer, buildElf, buildFatbin, concat, memoryReader, type ContainerSpec } from '../helpers/fatbin-builder.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/fatbin/', import.meta.url));
const CUDA = '/usr/local/cuda-13.0';

function elfWithFatbin(containers: ContainerSpec[], extra: { name: string; data: Uint8Array }[] = []): Uint8Array {
  return buildElf([{ name: '.text', data: new Uint8Array(40) }, { name: '.nv_fatbin', data: buildFatbin(containers) }, ...extra]);
}

async function list(bytes: Uint8Array, withSize = true) {
  return listFatbinArchitectures(memoryReader(bytes).read, withSize ? bytes.length : undefined);
}

/** Only what fatbinOfFile uses of a System, over the real file system. */
function fsSystem(): System {
  const partial: Pick<System, 'stat' | 'readBytes'> = {
    stat: async (path) => {
      const st = await stat(path).catch(() => undefined);
      if (st === undefined) return undefined;
      return { kind: st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other', size: st.size, mode: st.mode };
    },
    readBytes: async (path, offset, length) => {
      const fh = await open(path, 'r').catch(() => undefined);
      if (fh === undefined) return undefined;
      try {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await fh.read(buf, 0, length, offset);
        return new Uint8Array(buf.buffer, buf.byteOffset, bytesRead);
      } finally {
        await fh.close();
      }
    },
  };
  return partial as System;
}

describe('listFatbinArchitectures on synthetic files', () => {
  it('lists SASS and PTX targets, sorted by architecture, unique, with variants', async () => {
    const bytes = elfWithFatbin([
      {
        entries: [
          { kind: 'elf', arch: 120, variant: 'a' },
          { kind: 'elf', arch: 75 },
          { kind: 'elf', arch: 90, variant: 'a', headerSize: 112 },
          { kind: 'ptx', arch: 90, headerSize: 80, compression: 'zstd' },
        ],
      },
      {
        entries: [
          { kind: 'elf', arch: 75 },
          { kind: 'elf', arch: 100, variant: 'f', compression: 'zstd', headerSize: 104 },
          { kind: 'elf', arch: 90 },
          { kind: 'ptx', arch: 100, variant: 'f', compression: 'lz4' },
        ],
      },
    ]);
    const s = await list(bytes);
    expect(s).toEqual({
      sass: ['sm_75', 'sm_90', 'sm_90a', 'sm_100f', 'sm_120a'],
      ptx: ['compute_90', 'compute_100f'],
      entries: 8,
      compressed: 3,
    });
  });

  it('reports entry details: kind, version, compression, debug, LTO IR', async () => {
    const bytes = elfWithFatbin([
      {
        entries: [
          { kind: 'ptx', arch: 86, version: [8, 7], compression: 'lz4', payload: 100 },
          { kind: 'elf', arch: 86, debug: true },
          { kind: 'ltoir', arch: 90 },
          { kind: 0x40, arch: 90 },
        ],
      },
    ]);
    const scan = await scanFatbin(memoryReader(bytes).read, bytes.length);
    expect(scan.error).toBeUndefined();
    expect(scan.machine).toBe(62);
    expect(scan.entries.map((e) => [e.kind, e.target, e.version, e.compression, e.debug])).toEqual([
      ['ptx', 'compute_86', '8.7', 'lz4', false],
      ['elf', 'sm_86', '1.8', 'none', true],
      ['ltoir', 'compute_90', '1.8', 'none', false],
      ['other', 'compute_90', '1.8', 'none', false],
    ]);
    expect(scan.entries[0]?.payloadSize).toBe(104);
    expect(scan.entries[0]?.uncompressedSize).toBe(300);
    const s = await list(bytes);
    // Only PTX and SASS are architecture lists; the other kinds still count as entries.
    expect(s).toMatchObject({ sass: ['sm_86'], ptx: ['compute_86'], entries: 4, compressed: 1 });
  });

  it('skips zero padding between containers and after the last entry', async () => {
    const bytes = elfWithFatbin([
      { entries: [{ kind: 'elf', arch: 80 }], padAfter: 24 },
      { entries: [{ kind: 'elf', arch: 86 }], padInside: 8 },
      { entries: [{ kind: 'ptx', arch: 86 }], padAfter: 8 },
    ]);
    const scan = await scanFatbin(memoryReader(bytes).read, bytes.length);
    expect(scan.error).toBeUndefined();
    expect(scan.sections).toEqual([expect.objectContaining({ name: '.nv_fatbin', containers: 3, entries: 3 })]);
    expect(await list(bytes)).toEqual({ sass: ['sm_80', 'sm_86'], ptx: ['compute_86'], entries: 3, compressed: 0 });
  });

  it('keeps relocatable (-rdc) copies out of the summary but in the scan', async () => {
    const bytes = elfWithFatbin(
      [{ entries: [{ kind: 'elf', arch: 80 }] }],
      [
        {
          name: '__nv_relfatbin',
          data: buildFatbin([
            {
              entries: [
                { kind: 'elf', arch: 80 },
                { kind: 'ptx', arch: 80 },
              ],
            },
          ]),
        },
      ],
    );
    const scan = await scanFatbin(memoryReader(bytes).read, bytes.length);
    expect(scan.sections.map((s) => [s.name, s.entries])).toEqual([
      ['.nv_fatbin', 1],
      ['__nv_relfatbin', 2],
    ]);
    expect(await list(bytes)).toEqual({ sass: ['sm_80'], ptx: [], entries: 1, compressed: 0 });
  });

  it('reads aarch64 objects the same way', async () => {
    const bytes = buildElf([{ name: '.nv_fatbin', data: buildFatbin([{ entries: [{ kind: 'elf', arch: 90 }] }]) }], { machine: 183 });
    const scan = await scanFatbin(memoryReader(bytes).read, bytes.length);
    expect(scan.machine).toBe(183);
    expect(scan.entries.map((e) => e.target)).toEqual(['sm_90']);
  });

  it('reads only headers: large payloads are skipped', async () => {
    const big = 2 << 20;
    const bytes = elfWithFatbin([
      {
        entries: [
          { kind: 'elf', arch: 90, payload: big, fill: 0xaa },
          { kind: 'elf', arch: 100, payload: big, fill: 0xbb },
        ],
      },
      { entries: [{ kind: 'ptx', arch: 100, payload: big, fill: 0xcc }] },
    ]);
    const reader = memoryReader(bytes);
    const s = await listFatbinArchitectures(reader.read, bytes.length);
    expect(s).toEqual({ sass: ['sm_90', 'sm_100'], ptx: ['compute_100'], entries: 3, compressed: 0 });
    expect(reader.bytesRead()).toBeLessThan(32 * 1024);
    expect(reader.calls.length).toBeLessThan(10);
  });

  it('serves neighbouring small entries from one read', async () => {
    const containers: ContainerSpec[] = Array.from({ length: 50 }, (_, i) => ({ entries: [{ kind: 'elf' as const, arch: 75 + (i % 3) }] }));
    const bytes = elfWithFatbin(containers);
    const reader = memoryReader(bytes);
    const s = await listFatbinArchitectures(reader.read, bytes.length);
    expect(s.entries).toBe(50);
    // ELF header, section table, names, then 5.6 kB of entries in two windows.
    expect(reader.calls.length).toBeLessThanOrEqual(6);
  });

  it('works without a known size (reads come back short at the end)', async () => {
    const bytes = elfWithFatbin([{ entries: [{ kind: 'elf', arch: 89 }] }]);
    expect(await list(bytes, false)).toEqual({ sass: ['sm_89'], ptx: [], entries: 1, compressed: 0 });
  });
});

describe('listFatbinArchitectures on bad input: an error, never a throw', () => {
  const good = elfWithFatbin([
    {
      entries: [
        { kind: 'elf', arch: 90 },
        { kind: 'ptx', arch: 90 },
      ],
    },
  ]);

  it.each([
    ['an empty file', new Uint8Array(0), /not an ELF/],
    ['a text file', new TextEncoder().encode('#!/bin/sh\necho hello, this is not a library at all\n'.repeat(3)), /not an ELF/],
    ['a 32-bit ELF', buildElf([], { elfClass: 1 }), /32-bit/],
    ['a big-endian ELF', buildElf([], { bigEndian: true }), /big-endian/],
    ['an ELF without section headers', buildElf([], { noSectionHeaders: true }), /no section headers/],
    ['an ELF without device code', buildElf([{ name: '.text', data: new Uint8Array(16) }]), /no \.nv_fatbin section/],
  ])('%s', async (_name, bytes, message) => {
    const s = await list(bytes);
    expect(s.sass).toEqual([]);
    expect(s.ptx).toEqual([]);
    expect(s.error).toMatch(message);
  });

  it('a .nv_fatbin without bytes in the file (split debug info)', async () => {
    const bytes = buildElf([{ name: '.nv_fatbin', data: new Uint8Array(64), type: 8 }]);
    expect((await list(bytes)).error).toMatch(/no \.nv_fatbin section/);
  });

  it('a file cut short, with and without the size', async () => {
    const cut = good.subarray(0, 200);
    expect((await list(cut)).error).toMatch(/truncated/);
    expect((await list(cut, false)).error).toMatch(/truncated|unreadable/);
  });

  it('a section whose data is not a fatbin', async () => {
    const bytes = buildElf([{ name: '.nv_fatbin', data: new TextEncoder().encode('definitely not a fatbin!') }]);
    expect((await list(bytes)).error).toMatch(/no fatbin magic/);
  });

  it('an old-style (CUDA < 4) fatbin', async () => {
    const data = new Uint8Array(32);
    new DataView(data.buffer).setUint32(0, 0x1ee55a01, true);
    expect((await list(buildElf([{ name: '.nv_fatbin', data }]))).error).toMatch(/old-style/);
  });

  it('an entry that runs past its container, keeping the entries before it', async () => {
    const c = buildContainer({
      entries: [
        { kind: 'elf', arch: 80 },
        { kind: 'elf', arch: 86 },
      ],
    });
    // Second entry's payload size: claim far more than the container holds.
    new DataView(c.buffer).setBigUint64(16 + 64 + 32 + 8, 1n << 40n, true);
    const bytes = buildElf([{ name: '.nv_fatbin', data: c }]);
    const s = await list(bytes);
    expect(s.error).toMatch(/runs past its container/);
    expect(s.sass).toEqual(['sm_80']);
  });

  it('a container that claims more than its section', async () => {
    const c = buildContainer({ entries: [{ kind: 'elf', arch: 80 }] });
    new DataView(c.buffer).setBigUint64(8, 1n << 50n, true);
    expect((await list(buildElf([{ name: '.nv_fatbin', data: c }]))).error).toMatch(/past the section end/);
  });

  it('an entry header size that is not plausible', async () => {
    const c = buildContainer({ entries: [{ kind: 'elf', arch: 80 }] });
    new DataView(c.buffer).setUint32(16 + 4, 7, true);
    expect((await list(buildElf([{ name: '.nv_fatbin', data: c }]))).error).toMatch(/entry header size/);
  });

  it('a reader that fails or throws', async () => {
    const none: ReadFn = async () => undefined;
    expect((await listFatbinArchitectures(none)).error).toMatch(/not an ELF/);
    const throws: ReadFn = async () => {
      throw new Error('EIO');
    };
    expect((await listFatbinArchitectures(throws)).error).toMatch(/cannot read: EIO/);
  });

  it('random corruption of a valid file never throws', async () => {
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const base = elfWithFatbin([
      {
        entries: [
          { kind: 'elf', arch: 75 },
          { kind: 'ptx', arch: 90, headerSize: 80 },
        ],
      },
      { entries: [{ kind: 'elf', arch: 120, variant: 'a', headerSize: 112 }] },
    ]);
    for (let i = 0; i < 2000; i++) {
      const bytes = base.slice();
      const flips = 1 + (rand() % 6);
      for (let k = 0; k < flips; k++) bytes[rand() % bytes.length] = rand() & 0xff;
      const len = rand() % 4 === 0 ? rand() % bytes.length : bytes.length;
      const s = await list(bytes.subarray(0, len), rand() % 2 === 0);
      expect(Array.isArray(s.sass) && Array.isArray(s.ptx)).toBe(true);
      // Every failure is one we diagnosed, not an exception that escaped a bounds check.
      expect(s.error ?? '').not.toMatch(/^cannot read:/);
    }
  });
});

describe('fixtures compiled by nvcc 13.0 (test/fixtures/fatbin/build.sh)', () => {
  // Lists from cuobjdump 13.0 on the H200 machine (cuobjdump.txt). cuobjdump names the
  // family-specific cubin (code=sm_100f) "sm_100"; the fatbin entry carries the 'f' flag.
  const cuobjdump = readFileSync(join(FIXTURES, 'cuobjdump.txt'), 'utf8');
  function cuobjdumpLists(lib: string): { sass: Set<string>; ptx: Set<string>; count: number } {
    const block = cuobjdump.split('== ').find((b) => b.startsWith(`test/fixtures/fatbin/${lib}`)) ?? '';
    const sass = [...block.matchAll(/\.(sm_\d+[a-z]?)\.cubin/g)].map((m) => m[1] ?? '');
    const ptx = [...block.matchAll(/\.sm_(\d+[a-z]?)\.ptx/g)].map((m) => `compute_${m[1] ?? ''}`);
    return { sass: new Set(sass), ptx: new Set(ptx), count: sass.length + ptx.length };
  }

  it('libarch.so: sm_75, sm_90a, sm_100f, sm_120a SASS; compute_90, compute_100f PTX', async () => {
    const s = await fatbinOfFile(fsSystem(), join(FIXTURES, 'libarch.so'));
    expect(s).toEqual({
      sass: ['sm_75', 'sm_90a', 'sm_100f', 'sm_120a'],
      ptx: ['compute_90', 'compute_100f'],
      entries: 10,
      compressed: 2,
    });
    const c = cuobjdumpLists('libarch.so');
    expect(new Set(s.sass.map((t) => t.replace(/^(sm_\d+)f$/, '$1')))).toEqual(c.sass);
    expect(new Set(s.ptx)).toEqual(c.ptx);
    expect(s.entries).toBe(c.count);
  });

  it('librdc.so: only the linked .nv_fatbin counts, as cuobjdump lists it', async () => {
    const s = await fatbinOfFile(fsSystem(), join(FIXTURES, 'librdc.so'));
    expect(s).toEqual({ sass: ['sm_80'], ptx: [], entries: 1, compressed: 1 });
    const c = cuobjdumpLists('librdc.so');
    expect(new Set(s.sass)).toEqual(c.sass);
    expect(s.entries).toBe(c.count);
  });

  it('fatbinOfFile says why for missing files and folders', async () => {
    expect((await fatbinOfFile(fsSystem(), join(FIXTURES, 'absent.so'))).error).toMatch(/cannot read/);
    expect((await fatbinOfFile(fsSystem(), FIXTURES)).error).toMatch(/not a regular file/);
  });
});

describe('the CUDA 13.0 toolkit on this machine', () => {
  const lib64 = join(CUDA, 'lib64');
  const nvcc = join(CUDA, 'bin', 'nvcc');

  it.skipIf(!existsSync(lib64))('reads every toolkit library without throwing (pip layout: none carries device code)', async () => {
    const libs = readdirSync(lib64).filter((n) => /\.so(\.\d+)*$/.test(n));
    expect(libs.length).toBeGreaterThan(0);
    for (const name of libs) {
      const s = await fatbinOfFile(fsSystem(), join(lib64, name));
      // Either a clean list or "no device code", never a parse failure on a real library.
      if (s.error !== undefined) expect(s.error, name).toMatch(/^no \.nv_fatbin section/);
      else expect(s.sass.length + s.ptx.length, name).toBeGreaterThan(0);
    }
  });

  it.skipIf(!existsSync(nvcc))(
    'matches what nvcc was asked to build',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gpuenv-fatbin-'));
      try {
        const out = join(dir, 'libt.so');
        execFileSync(
          nvcc,
          [
            '-shared',
            '-Xcompiler',
            '-fPIC',
            '-cudart',
            'shared',
            '-o',
            out,
            join(FIXTURES, 'kernel.cu'),
            '-gencode',
            'arch=compute_80,code=[sm_80,sm_86]',
            '-gencode',
            'arch=compute_90a,code=[sm_90a,compute_90a]',
            '-gencode',
            'arch=compute_120f,code=sm_120f',
            '-Xfatbin',
            '-compress-all',
          ],
          { stdio: 'pipe', timeout: 60_000 },
        );
        const s = await fatbinOfFile(fsSystem(), out);
        expect(s.sass).toEqual(['sm_80', 'sm_86', 'sm_90a', 'sm_120f']);
        expect(s.ptx).toEqual(['compute_90a']);
        expect(s.compressed).toBe(s.entries);
        expect(s.error).toBeUndefined();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

// Keep the builder's concat exercised for multi-part sections.
it('sections made of several fatbin blobs back to back', async () => {
  const data = concat([buildContainer({ entries: [{ kind: 'elf', arch: 80 }] }), buildContainer({ entries: [{ kind: 'elf', arch: 90 }] })]);
  expect((await list(buildElf([{ name: '.nv_fatbin', data }]))).sass).toEqual(['sm_80', 'sm_90']);
});
