// A model row's note is gpuenv's own words (how the dimensions were read, what is not modelled): with --lang zh-CN it
// is printed in Chinese, so every row that has a note has its Chinese too.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { MODELS } from '../../src/vram/models.js';
import { fakeIo } from '../helpers/io.js';

describe('vram model notes in Chinese', () => {
  it('every note has a zh-CN text', () => {
    const missing = MODELS.filter((r) => r.note && !r.noteZh).map((r) => r.id);
    expect(missing).toEqual([]);
  });

  it('zh-CN output prints the Chinese note and English output the English one', async () => {
    const row = MODELS.find((r) => r.note && r.noteZh);
    expect(row).toBeDefined();
    const out = async (lang: string) => {
      const io = fakeIo({ GPUENV_LANG: lang });
      await main(['vram', row!.id], { io, system: async () => Promise.reject(new Error('no machine')) });
      return io.stdout();
    };
    expect(await out('zh-CN')).toContain(row!.noteZh!);
    expect(await out('zh-CN')).not.toContain(row!.note!);
    expect(await out('en')).toContain(row!.note!);
  });
});
