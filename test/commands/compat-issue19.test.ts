// `gpuenv compat` answers for the issue-19 facts: torch list with status, nccl, torch aarch64 arch sets, cuDNN rows.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

async function compat(...args: string[]) {
  const io = fakeIo();
  const code = await main(['compat', ...args], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('gpuenv compat torch (no version)', () => {
  it('lists every release newest first with its status (JSON)', async () => {
    const r = await compat('torch', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as { releases: { version: string; status: string }[] };
    expect(j.releases[0]).toMatchObject({ version: '2.15.0', status: 'unreleased' });
    expect(j.releases.find((x) => x.version === '2.11.0')?.status).toBe('released');
    expect(j.releases.find((x) => x.version === '2.14.1')?.status).toBe('unconfirmed');
    expect(j.releases.at(-1)?.version).toBe('1.8.0');
    expect(new Set(j.releases.map((x) => x.status))).toEqual(new Set(['released', 'unreleased', 'unconfirmed']));
  });
  it('prints a table, and the status of one release', async () => {
    const r = await compat('torch');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(/^2\.15\.0\s+unreleased/);
    const one = JSON.parse((await compat('torch', '2.15.0', '--json')).out);
    expect(one.status).toBe('unreleased');
    expect(one.unreleased).toBe(true);
  });
  it('shows the linux-aarch64 arch set of a variant', async () => {
    const t = await compat('torch', '2.10.0');
    expect(t.out).toMatch(/cu128 \(linux-aarch64\)\s+sm_80 sm_90 sm_100 sm_120\n/);
    const j = JSON.parse((await compat('torch', '2.9.0', '--json')).out);
    const cu128 = j.variants.find((v: { tag: string }) => v.tag === 'cu128');
    expect(cu128.byPlatform['linux-aarch64']).toEqual({ archList: ['sm_80', 'sm_90', 'sm_100', 'sm_120'], ptx: [] });
  });
  it('still needs a value for other subjects', async () => {
    expect((await compat('cuda')).code).toBe(2);
  });
});

describe('gpuenv compat nccl', () => {
  it('answers JSON and text', async () => {
    const j = JSON.parse((await compat('nccl', '2.30.7', '--json')).out);
    expect(j).toMatchObject({ version: '2.30.7', cudaBuilds: ['12.9', '13.3'], released: '2026-06-05', confirmed: true });
    const t = await compat('nccl', '2.28.9');
    expect(t.out).toMatch(/CUDA builds\s+12\.x, 13\.x/);
    expect(t.out).toContain('(unconfirmed:');
  });
  it('exits 2 with the closest releases for an unknown one', async () => {
    const r = await compat('nccl', '2.99.1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown NCCL release "2\.99\.1"/);
  });
});

describe('gpuenv compat: issue-19 facts', () => {
  it('a 615 driver runs CUDA 13.4; cuDNN 9.10.2 lists Blackwell only on the 570 row', async () => {
    const d = JSON.parse((await compat('driver', '615.71.09', '--json')).out);
    expect(d.maxCuda).toBe('13.4');
    expect(d.confirmed).toBe(false);
    const c = JSON.parse((await compat('cudnn', '9.10.2', '--json')).out);
    expect(c.cudaMajors).toEqual([12, 11]);
    const blackwell = c.builds.filter((b: { computeCapabilities: string[] }) => b.computeCapabilities.includes('12.0'));
    expect(blackwell).toHaveLength(1);
    expect(blackwell[0].minDriver).toEqual({ linux: '570.26', windows: '570.65' });
  });
});
