import { describe, expect, it } from 'vitest';
import { cudaArchitectures, cudaRelease } from '../../src/knowledge/cuda.js';
import { compareVersions } from '../../src/knowledge/version.js';
import { parseTorchVersion, torchRelease, torchReleases, torchVariant, variantArchSet, variantCoversCapability } from '../../src/knowledge/torch.js';

const rows = torchReleases();
const tags = (v: string): string[] => torchRelease(v)?.cudaVariants.map((x) => x.tag) ?? [];

describe('torch table invariants', () => {
  it('covers 1.8 to at least 2.14, strictly ascending', () => {
    expect(rows[0]?.version).toBe('1.8.0');
    expect(rows.some((r) => r.version.startsWith('2.14.'))).toBe(true);
    for (let i = 1; i < rows.length; i++) expect(compareVersions(rows[i - 1]!.version, rows[i]!.version)).toBe(-1);
  });

  it('every row and every variant is sourced and dated', () => {
    for (const r of rows) {
      expect(r.source.length, r.version).toBeGreaterThan(10);
      expect(r.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof r.confirmed).toBe('boolean');
      if (!r.confirmed) expect(r.note, `${r.version} is unconfirmed without a note`).toBeTruthy();
      for (const v of r.cudaVariants) {
        expect(v.source ?? r.source, `${r.version} ${v.tag}`).toBeTruthy();
        if (v.confirmed === false) expect(v.note, `${r.version} ${v.tag} unconfirmed without a note`).toBeTruthy();
      }
    }
  });

  it('every variant is well formed and its CUDA is a real CUDA release', () => {
    for (const r of rows) {
      expect(r.cudaVariants.length).toBeGreaterThan(0);
      expect(r.cudaVariants.map((v) => v.tag)).toContain(r.pypiDefault);
      for (const v of r.cudaVariants) {
        expect(v.tag).toBe(`cu${v.cuda.replace('.', '')}`);
        expect(v.indexUrl).toBe(`https://download.pytorch.org/whl/${v.tag}`);
        expect(cudaRelease(v.cuda), `${r.version} ${v.tag}: CUDA ${v.cuda}`).toBeDefined();
        if (v.cudaFull) {
          expect(cudaRelease(v.cudaFull), `${r.version} ${v.tag}: CUDA ${v.cudaFull}`).toBeDefined();
          expect(v.cudaFull.startsWith(`${v.cuda}.`)).toBe(true);
        }
        expect(v.platforms.length).toBeGreaterThan(0);
      }
    }
  });

  it('every arch in a variant can be built by its CUDA toolkit', () => {
    for (const r of rows) {
      for (const v of r.cudaVariants) {
        const buildable = new Set(cudaArchitectures(v.cuda));
        const sets = [variantArchSet(v), ...Object.values(v.byPlatform ?? {})];
        for (const s of sets) {
          for (const a of s.archList) expect(buildable.has(a), `${r.version} ${v.tag} ${a}`).toBe(true);
          for (const p of s.ptx) expect(buildable.has(p.replace('compute_', 'sm_')), `${r.version} ${v.tag} ${p}`).toBe(true);
        }
      }
    }
  });

  it('companion versions follow torch', () => {
    for (const r of rows) {
      const minor = Number(r.version.split('.')[1]);
      if (r.version.startsWith('2.')) expect(r.torchvision.startsWith(`0.${minor + 15}.`), r.version).toBe(true);
      expect(r.python.min <= r.python.max || compareVersions(r.python.min, r.python.max) <= 0).toBe(true);
    }
  });
});

describe('torch spot checks', () => {
  it('2.0.x ships cu117 and cu118; 2.5.1 ships cu118, cu121, cu124', () => {
    expect(tags('2.0.1')).toEqual(['cu117', 'cu118']);
    expect(tags('2.5.1')).toEqual(['cu118', 'cu121', 'cu124']);
    expect(torchRelease('2.5.1')?.pypiDefault).toBe('cu124');
  });

  it('sm_120 appears first in cu128 builds', () => {
    for (const r of rows) {
      for (const v of r.cudaVariants) {
        if (v.archList.includes('sm_120')) expect(compareVersions(v.cuda, '12.8'), `${r.version} ${v.tag}`).toBeGreaterThanOrEqual(0);
      }
    }
    expect(torchVariant('2.7.0', 'cu128')?.archList).toContain('sm_120');
    expect(torchVariant('2.7.0', 'cu126')?.archList).not.toContain('sm_120');
  });

  it('Pascal (sm_61) has no kernels in cu128/cu130 builds of 2.7+, but cu126 covers it', () => {
    for (const v of ['2.7.0', '2.8.0', '2.9.1', '2.10.0', '2.11.0', '2.12.0', '2.13.0', '2.14.0']) {
      for (const x of torchRelease(v)!.cudaVariants) {
        const cover = variantCoversCapability(x, '6.1');
        if (x.tag === 'cu126') expect(cover, `${v} ${x.tag}`).toBe('sass');
        else if (compareVersions(x.cuda, '12.8') >= 0) expect(cover, `${v} ${x.tag}`).toBe('none');
      }
    }
  });

  it('Volta (sm_70): kept in cu128 for 2.8–2.10, dropped in 2.11', () => {
    expect(variantCoversCapability(torchVariant('2.10.0', 'cu128')!, '7.0')).toBe('sass');
    expect(variantCoversCapability(torchVariant('2.11.0', 'cu128')!, '7.0')).toBe('none');
  });

  it('2.11.0+cu130 matches the real H200 host: PyPI default, no PTX, sm_75…sm_120', () => {
    const r = torchRelease('2.11.0+cu130')!;
    expect(r.pypiDefault).toBe('cu130');
    const v = torchVariant('2.11.0', 'cu130')!;
    expect(v.archList).toEqual(['sm_75', 'sm_80', 'sm_86', 'sm_90', 'sm_100', 'sm_120']);
    expect(v.ptx).toEqual([]);
    expect(v.cudnn).toBe('9.19.0.56');
    expect(v.nccl).toBe('2.28.9');
    expect(r.torchvision).toBe('0.26.0');
    expect(r.triton).toBe('3.6.0');
  });

  it('the conda channel stops after 2.5', () => {
    expect(torchRelease('2.5')?.conda).toBe('pytorch-channel');
    expect(torchRelease('2.6')?.conda).toBe('conda-forge-only');
  });

  it('newest torch with cu128 is 2.11; with cu126 at least 2.14', () => {
    const newest = (tag: string): string | undefined => [...rows].reverse().find((r) => r.cudaVariants.some((v) => v.tag === tag))?.version;
    expect(newest('cu128')).toBe('2.11.0');
    expect(compareVersions(newest('cu126')!, '2.14.0')).toBeGreaterThanOrEqual(0);
  });
});

describe('torch 1.8–1.12', () => {
  it('lists the CUDA wheels each release published', () => {
    expect(tags('1.8.0')).toEqual(['cu101', 'cu102', 'cu111']);
    expect(tags('1.8.1')).toEqual(['cu101', 'cu102', 'cu111']);
    expect(tags('1.9')).toEqual(['cu102', 'cu111']);
    expect(tags('1.10.0')).toEqual(['cu102', 'cu111', 'cu113']);
    expect(tags('1.10')).toEqual(['cu102', 'cu111', 'cu113']);
    expect(torchRelease('1.10')?.version).toBe('1.10.2');
    expect(tags('1.11.0')).toEqual(['cu102', 'cu113', 'cu115']);
    expect(tags('1.12.1')).toEqual(['cu102', 'cu113', 'cu116']);
  });

  it('PyPI default is CUDA 10.2 through 1.12, 11.7 from 1.13', () => {
    for (const r of rows.filter((x) => compareVersions(x.version, '1.13.0') < 0)) expect(r.pypiDefault, r.version).toBe('cu102');
    expect(torchRelease('1.13.0')?.pypiDefault).toBe('cu117');
  });

  it('companions and Python ranges', () => {
    expect(torchRelease('1.8.1')).toMatchObject({ torchvision: '0.9.1', torchaudio: '0.8.1', python: { min: '3.6', max: '3.9' } });
    expect(torchRelease('1.10.2')).toMatchObject({ torchvision: '0.11.3', torchaudio: '0.10.2' });
    expect(torchRelease('1.11.0')).toMatchObject({ torchvision: '0.12.0', torchaudio: '0.11.0', python: { min: '3.7', max: '3.10' } });
    expect(torchRelease('1.12.1')).toMatchObject({ torchvision: '0.13.1', torchaudio: '0.12.1', conda: 'pytorch-channel' });
  });

  it('cu10x wheels stop at sm_70 (no Ampere), CUDA 11.x wheels reach sm_86, no PTX in any 1.x wheel', () => {
    const cu102 = torchVariant('1.12.1', 'cu102')!;
    expect(cu102.archList).toEqual(['sm_37', 'sm_50', 'sm_60', 'sm_70']);
    expect(variantCoversCapability(cu102, '7.5')).toBe('sass'); // sm_70 cubin on Turing
    expect(variantCoversCapability(cu102, '8.6')).toBe('none'); // the classic RTX 30xx + PyPI torch failure
    expect(variantCoversCapability(torchVariant('1.8.0', 'cu101')!, '8.0')).toBe('none');
    expect(variantCoversCapability(torchVariant('1.8.0', 'cu111')!, '8.6')).toBe('sass');
    expect(variantCoversCapability(torchVariant('1.12.0', 'cu116')!, '9.0')).toBe('none'); // H100 on 1.12
    expect(variantCoversCapability(torchVariant('1.12.0', 'cu116')!, '8.9')).toBe('sass');
    for (const r of rows.filter((x) => x.version.startsWith('1.'))) for (const v of r.cudaVariants) expect(v.ptx, `${r.version} ${v.tag}`).toEqual([]);
  });
});

describe('torch queries', () => {
  it('parses local versions', () => {
    expect(parseTorchVersion('2.11.0+cu130')).toEqual({ version: '2.11.0', local: 'cu130', cudaTag: 'cu130' });
    expect(parseTorchVersion('2.5.1+cpu')).toEqual({ version: '2.5.1', local: 'cpu' });
    expect(parseTorchVersion('2.6.0+rocm6.2.4')).toEqual({ version: '2.6.0', local: 'rocm6.2.4' });
    expect(parseTorchVersion('2.5.1')).toEqual({ version: '2.5.1' });
  });

  it('finds releases by minor, patch or local version', () => {
    expect(torchRelease('2.5')?.version).toBe('2.5.1');
    expect(torchRelease('2.5.0')?.version).toBe('2.5.0');
    expect(torchRelease('2.5.1+cu124')?.version).toBe('2.5.1');
    expect(torchRelease('2.13.0.dev20260427+cu132')).toBeUndefined();
    expect(torchRelease('9.9')).toBeUndefined();
    expect(torchVariant('2.5.1', 'cu126')).toBeUndefined();
    expect(torchVariant('2.6', 'CU126')?.cuda).toBe('12.6');
  });

  it('covers capabilities by SASS within a major, by PTX upwards, never across majors', () => {
    const set = { archList: ['sm_80', 'sm_86', 'sm_90'], ptx: ['compute_90'] };
    expect(variantCoversCapability(set, '8.6')).toBe('sass');
    expect(variantCoversCapability(set, '8.9')).toBe('sass'); // sm_86 cubin on 8.9
    expect(variantCoversCapability(set, 'sm_120')).toBe('ptx');
    expect(variantCoversCapability(set, '7.5')).toBe('none');
    expect(variantCoversCapability({ archList: ['sm_90a'], ptx: [] }, '9.0')).toBe('sass');
    expect(variantCoversCapability({ archList: ['sm_100a'], ptx: [] }, '10.3')).toBe('none');
    expect(variantCoversCapability({ archList: ['sm_100f'], ptx: [] }, '10.3')).toBe('sass');
    expect(variantCoversCapability({ archList: ['sm_86'], ptx: [] }, '8.7')).toBe('none'); // Tegra: exact only
    expect(variantCoversCapability({ archList: ['sm_120'], ptx: [] }, '12.1')).toBe('sass'); // GB10
    expect(variantCoversCapability(set, 'garbage')).toBe('none');
  });

  it('plan cases: RTX 5090 (12.0) needs cu128+; RTX 3060 (8.6) runs 2.0 cu118', () => {
    expect(variantCoversCapability(torchVariant('2.11.0', 'cu126')!, '12.0')).toBe('none');
    expect(variantCoversCapability(torchVariant('2.11.0', 'cu128')!, '12.0')).toBe('sass');
    expect(variantCoversCapability(torchVariant('2.0', 'cu118')!, '8.6')).toBe('sass');
  });
});
