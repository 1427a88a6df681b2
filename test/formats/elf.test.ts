import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readElfDynamic, readElfSectionTable } from '../../src/formats/elf.js';
import { listFatbinArchitectures } from '../../src/formats/fatbin.js';
import { setLang } from '../../src/i18n/index.js';
import { expandOrigin } from '../../src/probe/python/elf-dynamic.js';
import { buildFatbin, buildSharedObject } from '../../scripts/elf-lib.mjs';
import { memoryReader } from '../helpers/fatbin-builder.js';

function hasCc(): boolean {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

describe('readElfDynamic', () => {
  it('reads NEEDED, SONAME and RPATH of a synthetic object', async () => {
    const bytes = buildSharedObject({
      needed: ['libcudart.so.13', 'libcudnn.so.9'],
      soname: 'libtorch_cuda.so',
      rpath: '$ORIGIN/../../nvidia/cudnn/lib:$ORIGIN',
    });
    const d = await readElfDynamic(memoryReader(bytes).read);
    expect(d.error).toBeUndefined();
    expect(d.machine).toBe(62);
    expect(d.needed).toEqual(['libcudart.so.13', 'libcudnn.so.9']);
    expect(d.soname).toBe('libtorch_cuda.so');
    expect(d.rpath).toEqual(['$ORIGIN/../../nvidia/cudnn/lib', '$ORIGIN']);
    expect(d.runpath).toBeNull();
  });

  it('reads RUNPATH and reads only headers when a big section follows', async () => {
    const big = new Uint8Array(4 << 20);
    const bytes = buildSharedObject({
      needed: ['libc.so.6'],
      runpath: '$ORIGIN',
      sections: [
        { name: '.nv_fatbin', data: buildFatbin([{ kind: 'elf', arch: 90 }]) },
        { name: '.payload', data: big },
      ],
    });
    const r = memoryReader(bytes);
    const d = await readElfDynamic(r.read);
    expect(d.runpath).toEqual(['$ORIGIN']);
    expect(d.rpath).toBeNull();
    expect(r.bytesRead()).toBeLessThan(8 * 1024);
  });

  it('turns garbage into an error, not an exception', async () => {
    expect((await readElfDynamic(memoryReader(new Uint8Array(0)).read)).error).toMatch(/not an ELF/);
    expect((await readElfDynamic(memoryReader(new TextEncoder().encode('#!/bin/sh\n')).read)).error).toMatch(/not an ELF/);
    const cut = buildSharedObject({ needed: ['libfoo.so'] }).slice(0, 100);
    expect((await readElfDynamic(memoryReader(cut).read)).error).toMatch(/truncated/);
  });

  it("words its errors in the run's language, naming the part of the file it could not read", async () => {
    const cut = buildSharedObject({ needed: ['libfoo.so'] }).slice(0, 100);
    const so = buildSharedObject({ needed: ['libc.so.6'], sections: [{ name: '.nv_fatbin', data: buildFatbin([{ kind: 'elf', arch: 90 }]) }] });
    const short = so.slice(0, so.length - 10);
    const errors = async () => [
      (await readElfDynamic(memoryReader(cut).read)).error,
      (await listFatbinArchitectures(memoryReader(short).read, short.length)).error,
      (await listFatbinArchitectures(memoryReader(buildSharedObject({ needed: ['libc.so.6'] })).read)).error,
    ];
    expect(await errors()).toEqual([
      'truncated: cannot read program headers (112 bytes at 64)',
      'truncated: section headers at offset 408 (+320) lies past the end of the file (718 bytes)',
      'no .nv_fatbin section (no CUDA device code)',
    ]);
    setLang('zh-CN');
    try {
      expect(await errors()).toEqual([
        '文件不完整：无法读取程序头表（偏移 64 处的 112 字节）',
        '文件不完整：节头表（偏移 408，+320）超出文件末尾（文件共 718 字节）',
        '没有 .nv_fatbin 节（不含 CUDA 设备代码）',
      ]);
    } finally {
      setLang('en');
    }
  });

  it.skipIf(!hasCc())('agrees with readelf on an object built by cc', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuenv-elf-'));
    try {
      writeFileSync(join(dir, 'a.c'), 'int f(void) { return 1; }\n');
      const out = join(dir, 'liba.so');
      execFileSync(
        'cc',
        [
          '-shared',
          '-fPIC',
          '-o',
          out,
          join(dir, 'a.c'),
          '-Wl,-rpath,$ORIGIN/../lib',
          '-Wl,--disable-new-dtags',
          '-Wl,-soname,liba.so.1',
          '-Wl,--no-as-needed',
          '-lm',
        ],
        { timeout: 30_000 },
      );
      const bytes = new Uint8Array(readFileSync(out));
      const d = await readElfDynamic(memoryReader(bytes).read);
      expect(d.error).toBeUndefined();
      expect(d.soname).toBe('liba.so.1');
      expect(d.rpath).toEqual(['$ORIGIN/../lib']);
      expect(d.needed).toContain('libm.so.6');
      execFileSync('cc', ['-shared', '-fPIC', '-o', out, join(dir, 'a.c'), '-Wl,-rpath,$ORIGIN', '-Wl,--enable-new-dtags'], { timeout: 30_000 });
      const d2 = await readElfDynamic(memoryReader(new Uint8Array(readFileSync(out))).read);
      expect(d2.runpath).toEqual(['$ORIGIN']);
      expect(d2.rpath).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('readElfSectionTable', () => {
  it('reads the section table of the same object the dynamic reader reads', async () => {
    const bytes = buildSharedObject({ needed: ['libc.so.6'], sections: [{ name: '.nv_fatbin', data: buildFatbin([{ kind: 'elf', arch: 90 }]) }] });
    const names = (await readElfSectionTable(memoryReader(bytes).read, bytes.length))?.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['.dynstr', '.dynamic', '.nv_fatbin', '.shstrtab']));
    expect((await readElfDynamic(memoryReader(bytes).read)).needed).toEqual(['libc.so.6']);
  });

  it('is undefined for what is not an ELF64 file, without throwing', async () => {
    expect(await readElfSectionTable(memoryReader(new TextEncoder().encode('#!/bin/sh\n')).read)).toBeUndefined();
    expect(await readElfSectionTable(memoryReader(new Uint8Array(0)).read, 0)).toBeUndefined();
  });
});

describe('expandOrigin', () => {
  it('expands $ORIGIN and ${ORIGIN} and folds ..', () => {
    expect(expandOrigin(['$ORIGIN/../../nvidia/cudnn/lib', '${ORIGIN}', '/abs/lib', '$ORIGINAL'], '/sp/torch/lib')).toEqual([
      '/sp/nvidia/cudnn/lib',
      '/sp/torch/lib',
      '/abs/lib',
      '$ORIGINAL',
    ]);
  });
});
