// `gpuenv compat triton [VER]`: the torch releases that pin a triton, its bundled ptxas (and CUDA), its GPU floor.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

async function compat(env: Record<string, string>, ...args: string[]) {
  const io = fakeIo(env);
  const code = await main(['compat', ...args], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}
const en = (...args: string[]) => compat({}, ...args);

describe('gpuenv compat triton VER', () => {
  it('answers JSON: the torch releases that pin it, ptxas and its CUDA, the GPU floor and the ptxas targets', async () => {
    const r = await en('triton', '3.7.1', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({
      version: '3.7.1',
      pinnedBy: ['2.12.1', '2.13.0'],
      ptxas: '12.8.93',
      ptxasCuda: '12.8',
      ptxasBlackwell: '13.1.80',
      ptxasBlackwellCuda: '13.1',
      minComputeCapability: '8.0',
      unconfirmedFields: ['ptxas', 'ptxasBlackwell'],
      checked: '2026-12-02',
    });
    // Targets come from the CUDA arch table of the bundled ptxas: 13.1 knows Thor (11.0) and GB10 (12.1).
    expect(j.computeCapabilities).toEqual(expect.arrayContaining(['8.0', '9.0', '10.0', '11.0', '12.0', '12.1']));
    expect(j.computeCapabilities).not.toContain('7.5');
  });
  it('a release without ptxas-blackwell cannot target CC 12.1; one with it can', async () => {
    const old = JSON.parse((await en('triton', '3.5.0', '--json')).out);
    expect(old.ptxasBlackwell).toBeNull();
    expect(old.computeCapabilities).not.toContain('12.1');
    const cur = JSON.parse((await en('triton', '3.6.0', '--json')).out);
    expect(cur.computeCapabilities).toContain('12.1');
    expect(cur.pinnedBy).toEqual(['2.11.0']);
  });
  it('prints a table; an unread ptxas says so; an unconfirmed row is marked', async () => {
    const t = await en('triton', '3.8.0');
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/pinned by torch\s+2\.14\.0, 2\.14\.1\n/);
    expect(t.out).toMatch(/bundled ptxas\s+12\.9\.86 \(CUDA 12\.9\) \(assumed, wheel not read\)\n/);
    expect(t.out).toMatch(/ptxas for CC >= 10\.0\s+13\.3\.33 \(CUDA 13\.3\)/);
    expect(t.out).toMatch(/GPU floor\s+compute capability 8\.0/);
    expect(t.out).toMatch(/python\s+3\.10 – 3\.14\n/);
    const old = await en('triton', '2.2.0');
    expect(old.out).toMatch(/bundled ptxas\s+unknown \(not read\)/);
    expect(old.out).toMatch(/2\.2\.0 \(unconfirmed:/);
  });
  it('takes a minor ("3.7" → newest 3.7.x) and a git build (+git…: the release, marked as a build)', async () => {
    expect(JSON.parse((await en('triton', '3.7', '--json')).out).version).toBe('3.7.1');
    const g = JSON.parse((await en('triton', '3.8.0+gitc01b6774', '--json')).out);
    expect(g).toMatchObject({ version: '3.8.0', localBuild: 'gitc01b6774' });
    expect((await en('triton', '3.8.0+gitc01b6774')).out).toMatch(/build\s+\+gitc01b6774: a git build/);
  });
  it('exits 2 with a clear message and the closest releases for an unknown version', async () => {
    for (const bad of ['9.9.9', 'banana', '3.7.9']) {
      const r = await en('triton', bad);
      expect(r.code, bad).toBe(2);
      expect(r.err, bad).toContain(`unknown Triton release "${bad}"`);
      expect(r.out, bad).toBe('');
    }
    expect((await en('triton', '3.7.9')).err).toMatch(/closest: 3\.7\.1/);
  });
  it('speaks Chinese', async () => {
    const t = await compat({ GPUENV_LANG: 'zh-CN' }, 'triton', '3.6.0');
    expect(t.out).toMatch(/锁定它的 torch\s+2\.11\.0/);
    expect(t.out).toMatch(/计算能力 >= 10\.0 用的 ptxas\s+12\.9\.86（CUDA 12\.9）/);
    expect(t.out).toContain('GPU 下限');
    const bad = await compat({ GPUENV_LANG: 'zh-CN' }, 'triton', '9.9');
    expect(bad.err).toContain('未知的 Triton 版本 "9.9"');
  });
});

describe('gpuenv compat triton (no version)', () => {
  it('lists every release newest first with the torch releases that pin it (JSON)', async () => {
    const r = await en('triton', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as { releases: { version: string; pinnedBy: string[] }[]; nightly: { packages: string[] } };
    expect(j.releases[0]!.version).toBe('3.8.0');
    expect(j.releases.at(-1)!.version).toBe('2.0.0');
    expect(j.releases.find((x) => x.version === '3.7.0')!.pinnedBy).toEqual(['2.12.0']);
    expect(j.nightly.packages).toEqual(['pytorch-triton', 'triton']);
  });
  it('prints a table, newest first, with a line on nightlies', async () => {
    const r = await en('triton');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(/^3\.8\.0\s+torch 2\.14\.0, 2\.14\.1; ptxas 12\.9\.86 \/ 13\.3\.33; CC >= 8\.0$/);
    expect(r.out).toMatch(/nightlies\s+nightly torch pins a git build/);
  });
});
