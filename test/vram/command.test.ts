import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

async function vram(...args: string[]) {
  const io = fakeIo();
  const code = await main(['vram', ...args], {
    io,
    system: async () => {
      throw new Error('no machine in this test');
    },
  });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('gpuenv vram', () => {
  it('prints the breakdown, the fit list and suggestions (snapshot)', async () => {
    const r = await vram('llama-2-7b', '--train', '--batch', '4', '--seq', '1024', '--gpu', 'RTX 3090');
    expect(r.code).toBe(0);
    expect(r.out).toMatchSnapshot();
  });
  it('inference with a KV cache on a named GPU (snapshot)', async () => {
    const r = await vram('llama-3-8b', '--infer', '--batch', '4', '--seq', '4096', '--gpu', 'H100 SXM');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/KV cache\s+2\.0 GiB/);
    expect(r.out).toMatchSnapshot();
  });
  it('--json carries every term', async () => {
    const r = await vram('llama-2-7b', '--qlora', '--batch', '2', '--seq', '512', '--checkpointing', '--json', '--gpu', 'RTX 4090');
    const j = JSON.parse(r.out);
    expect(j.terms.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining(['weights', 'gradients', 'optimizer', 'activations', 'logits', 'cudaContext', 'fragmentation']),
    );
    expect(j.target.fits).toBe(true);
    expect(j.target.maxBatch).toBeGreaterThanOrEqual(2);
    expect(j.fits.find((f: { memoryGiB: number }) => f.memoryGiB === 24).fits).toBe(true);
  });
  it('accepts a parameter count and a config.json', async () => {
    expect((await vram('350m', '--json')).code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'vram-'));
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({
        model_type: 'qwen2',
        hidden_size: 896,
        num_hidden_layers: 24,
        num_attention_heads: 14,
        num_key_value_heads: 2,
        intermediate_size: 4864,
        vocab_size: 151936,
        tie_word_embeddings: true,
      }),
    );
    const r = await vram(file, '--infer', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).model.params / 494e6).toBeCloseTo(1, 1);
    writeFileSync(file, JSON.stringify({ model_type: 'mamba', hidden_size: 768 }));
    const bad = await vram(file);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/model_type "mamba"/);
  });
  it('exits 2 for an unknown model, listing close names', async () => {
    const r = await vram('llama-3-9b');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown model "llama-3-9b"/);
    expect(r.err).toMatch(/closest: .*llama-3-8b/);
  });
  it('exits 2 for nonsense numbers and combinations', async () => {
    for (const args of [
      ['gpt2', '--batch', '0'],
      ['gpt2', '--seq', '-5'],
      ['gpt2', '--batch', 'lots'],
      ['gpt2', '--precision', 'fp12'],
      ['gpt2', '--train', '--infer'],
      ['gpt2', '--precision', 'int4'],
      ['gpt2', '--infer', '--lora', '8'],
      ['gpt2', '--lora', '8', '--qlora'],
    ]) {
      expect((await vram(...args)).code, args.join(' ')).toBe(2);
    }
  });
  it('speaks Chinese', async () => {
    const io = fakeIo({ GPUENV_LANG: 'zh-CN' });
    await main(['vram', 'bert-large', '--gpu', 'RTX 3060'], {
      io,
      system: async () => {
        throw new Error('x');
      },
    });
    expect(io.stdout()).toMatch(/能放下的最大批大小/);
  });
});
