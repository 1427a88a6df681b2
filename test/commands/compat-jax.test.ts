// `gpuenv compat jax VER`: a release with CUDA 12 and CUDA 13 wheels has no single CUDA; the JSON lists each extra
// (cudaExtras) and `cuda` is null there (docs/compat.md).
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

async function compatIn(env: Record<string, string>, ...args: string[]) {
  const io = fakeIo(env);
  const code = await main(['compat', ...args], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}
const compat = (...args: string[]) => compatIn({}, ...args);

describe('gpuenv compat jax', () => {
  it('0.9.2 (cuda12 and cuda13 wheels): cuda is null, cudaExtras names each CUDA major with its floors', async () => {
    const r = await compat('jax', '0.9.2', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.cuda).toBeNull();
    expect(j.cudaExtras).toEqual([
      {
        extra: 'cuda12',
        cudaMajor: 12,
        cudaMin: '12.1',
        builtWith: '12.3',
        cudnnMin: '9.8',
        cudnnBelow: '10.0',
        minDriverLinux: '525',
        minComputeCapability: '5.2',
      },
      {
        extra: 'cuda13',
        cudaMajor: 13,
        cudaMin: '13.0',
        builtWith: '13.0',
        cudnnMin: '9.8',
        cudnnBelow: '10.0',
        minDriverLinux: '580',
        minComputeCapability: '7.5',
      },
    ]);
    expect(j.extraDetails.map((e: { extra: string }) => e.extra)).toEqual(['cuda12', 'cuda13']);
  });
  it('a release with one extra keeps its single cuda (the changelog value where there is one)', async () => {
    const j = JSON.parse((await compat('jax', '0.7.1', '--json')).out);
    expect(j.cuda).toBe('12.9');
    expect(j.cudaExtras.map((e: { extra: string; builtWith: string }) => [e.extra, e.builtWith])).toEqual([['cuda12', '12.9']]);
    expect(JSON.parse((await compat('jax', '0.5.3', '--json')).out).cuda).toBe('12.3');
  });
  it('the text names each extra with its floor and the CUDA it is built with, in English and Chinese', async () => {
    const r = await compat('jax', '0.9.2');
    expect(r.out).toMatch(/jax\[cuda12\]\s+CUDA >= 12\.1 \(built with 12\.3\), cuDNN >= 9\.8, driver >= 525, CC >= 5\.2/);
    expect(r.out).toMatch(/jax\[cuda13\]\s+CUDA >= 13\.0 \(built with 13\.0\)/);
    const zh = await compatIn({ GPUENV_LANG: 'zh-CN' }, 'jax', '0.9.2');
    expect(zh.code).toBe(0);
    expect(zh.out).toMatch(/jax\[cuda13\]\s+CUDA >= 13\.0（用 CUDA 13\.0 构建），cuDNN >= 9\.8，驱动 >= 580，算力 >= 7\.5/);
  });
});
