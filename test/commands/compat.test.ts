import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

async function compat(...args: string[]) {
  const io = fakeIo();
  const code = await main(['compat', ...args], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('gpuenv compat cuda', () => {
  it('answers the JSON contract for X.Y (the GA release)', async () => {
    const r = await compat('cuda', '12.4', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.version).toBe('12.4.0');
    expect(j.minDriver).toEqual({ linux: '550.54.14', windows: '551.61' });
    expect(j.architectures).toContain('sm_90');
    expect(j.architectures).not.toContain('sm_35');
    expect(j.ptxIsa).toBe('8.4');
  });
  it('prints an aligned table and marks unconfirmed rows', async () => {
    const r = await compat('cuda', '13.3');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/min driver \(Linux\)\s+610\.43\.02/);
    expect(r.out).toContain('(unconfirmed:');
    const ga = await compat('cuda', '12.2.2', '--os', 'linux');
    expect(ga.out).toMatch(/535\.104\.05/);
    expect(ga.out).not.toMatch(/Windows/);
  });
  it('exits 2 with the closest releases for an unknown version', async () => {
    const r = await compat('cuda', '12.7');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown CUDA toolkit release "12\.7"/);
    expect(r.err).toMatch(/closest: .*12\.(6|8)/);
  });
});

describe('gpuenv compat driver', () => {
  it('answers the JSON contract', async () => {
    const j = JSON.parse((await compat('driver', '535.104.05', '--json')).out);
    expect(j).toMatchObject({ driver: '535.104.05', maxCuda: '12.2', maxCudaRelease: '12.2.2' });
    expect(j.minorVersionCompatibility.map((x: { major: number }) => x.major)).toEqual([12, 11]);
  });
  it('uses the Windows column with --os windows', async () => {
    const j = JSON.parse((await compat('driver', '452.39', '--os', 'windows', '--json')).out);
    expect(j.maxCuda).toBe('11.0');
  });
  it('rejects garbage', async () => {
    expect((await compat('driver', 'banana')).code).toBe(2);
    expect((await compat('driver', '535.1', '--os', 'mac')).code).toBe(2);
  });
});

describe('gpuenv compat cudnn / usage', () => {
  it('lists builds per CUDA major', async () => {
    const j = JSON.parse((await compat('cudnn', '9.10.2', '--json')).out);
    expect(j.cudaMajors).toEqual([12, 11]);
    const t = await compat('cudnn', '9.17.0');
    expect(t.out).toMatch(/for CUDA 13\.x\s+CUDA 13\.0, 13\.1; driver Linux 580\.65\.06 \/ Windows N\/A/);
  });
  it('needs a subject and a value', async () => {
    expect((await compat()).code).toBe(2);
    expect((await compat('cuda')).code).toBe(2);
    expect((await compat('rocm', '6.0')).code).toBe(2);
  });
  it('speaks Chinese', async () => {
    const io = fakeIo({ GPUENV_LANG: 'zh-CN' });
    await main(['compat', 'cuda', '99.9'], { io });
    expect(io.stderr()).toContain('未知的 CUDA 工具包版本');
  });
});

describe('gpuenv compat frameworks', () => {
  it('torch follows the contract', async () => {
    const r = await compat('torch', '2.5.1', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.version).toBe('2.5.1');
    expect(j.cudaVariants).toEqual(expect.arrayContaining(['cu118', 'cu121', 'cu124']));
    expect(typeof j.pypiDefault).toBe('string');
    expect((await compat('torch', '2.5.1')).out).toMatch(/cu124/);
    expect((await compat('torch', '0.1.0')).code).toBe(2);
  });
  it('tensorflow and jax answer or fail cleanly', async () => {
    const tf = await compat('tensorflow', '2.16.1', '--json');
    expect(tf.code).toBe(0);
    expect(JSON.parse(tf.out)).toMatchObject({ version: '2.16.1', cuda: '12.3', cudnn: '8.9' });
    expect((await compat('tensorflow', '0.0.1')).code).toBe(2);
    const jx = await compat('jax', '0.0.1');
    expect(jx.code).toBe(2);
  });
  it('gpu answers from the catalogue, or says it is missing', async () => {
    const r = await compat('gpu', 'RTX 3060', '--json');
    if (r.code === 0) expect(JSON.parse(r.out).computeCapability).toBe('8.6');
    else expect(r.code).toBe(2);
  });
});
