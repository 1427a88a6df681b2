// With --lang zh-CN, every table's columns start at the same display column (a CJK character takes two). Tables are
// found in the printed text: runs of lines with the table indent whose cells are two or more spaces apart.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { diagnose } from '../../src/diagnose/index.js';
import { setLang } from '../../src/i18n/index.js';
import { renderDoctorText } from '../../src/render/doctor-text.js';
import { makeStyle } from '../../src/render/style.js';
import { displayWidth } from '../../src/render/width.js';
import { fakeIo } from '../helpers/io.js';
import { machine, snapshotOf } from '../helpers/machines.js';

interface Block {
  rows: string[];
  /** Display column of each cell of each row. */
  starts: number[][];
}

/** Runs of lines indented by `indent` spaces exactly whose text has two or more cells. */
function tableBlocks(text: string, indent: number): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of text.split('\n')) {
    const body = line.slice(indent);
    const isRow = line.startsWith(' '.repeat(indent)) && /^\S/.test(body) && /\S\s{2,}\S/.test(body);
    if (!isRow) {
      current = null;
      continue;
    }
    const starts: number[] = [];
    for (const m of body.matchAll(/(?:^|\s{2,})(\S)/g)) starts.push(indent + displayWidth(body.slice(0, m.index + m[0].length - 1)));
    if (!current) blocks.push((current = { rows: [], starts: [] }));
    current.rows.push(line);
    current.starts.push(starts);
  }
  return blocks.filter((b) => b.rows.length >= 2);
}

/** Every cell of every row starts at a column of the row with the most cells (rows may leave a last cell empty). */
function misaligned(b: Block): string[] {
  const ref = b.starts.reduce((a, s) => (s.length > a.length ? s : a));
  return b.rows.filter((_, i) => b.starts[i]!.some((col) => !ref.includes(col)));
}

async function run(args: string[], fixture?: string): Promise<string> {
  const io = fakeIo({ GPUENV_LANG: undefined, LANG: 'en_US.UTF-8' });
  const sys = fixture ? await machine(fixture) : undefined;
  await main(args, { io, ...(sys ? { system: async () => sys } : {}) });
  return io.stdout();
}

const wide = (b: Block) => b.rows.some((r) => displayWidth(r) !== r.length);

describe('tables in Chinese line up by display width', () => {
  it('compat cuda 12.4 --lang zh-CN prints every value at one column', async () => {
    const out = await run(['compat', 'cuda', '12.4', '--lang', 'zh-CN']);
    const blocks = tableBlocks(out, 0);
    expect(blocks).toHaveLength(1);
    const [b] = blocks;
    expect(b!.rows.length).toBeGreaterThanOrEqual(6);
    expect(wide(b!)).toBe(true);
    expect(new Set(b!.starts.map((s) => s[1])).size).toBe(1);
  });

  // hung-smi's probes time out: a short --timeout keeps the test fast.
  it.each(['h200', 'hung-smi', 'cuda-three', 'two-toolkits'])('doctor --lang zh-CN on %s starts each column at one display column', async (name) => {
    const out = await run(['doctor', '--lang', 'zh-CN', '--timeout', '0.5'], name);
    expect(out).toContain('诊断结果');
    const blocks = tableBlocks(out, 2);
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) expect(misaligned(b), b.rows.join('\n')).toEqual([]);
  });

  it.each([
    ['vram', 'llama-3-8b', '--gpu', 'RTX 4090'],
    ['vram', 'llama-2-7b', '--train', '--gpu', 'RTX 3090'],
  ])('%s %s … --lang zh-CN lines up every table, the ways to make it fit included', async (...args) => {
    const out = await run([...args, '--lang', 'zh-CN']);
    const blocks = tableBlocks(out, 2);
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const b of blocks) expect(misaligned(b), b.rows.join('\n')).toEqual([]);
    expect(blocks.some((b) => b.rows.some((r) => r.includes('--qlora')))).toBe(true);
  });

  it('aligns a column whose Chinese cells differ in width (probe failures, cuda-compat copies)', async () => {
    const s = await snapshotOf('h200');
    const compat = s.cudaCompat[0]!;
    s.cudaCompat.push({ ...compat, path: '/opt/compat/libcuda.so.1', inUse: true });
    s.probes.push({ name: 'nvidia-smi -q -x', ok: false, durationMs: 5000, timedOut: true }, { name: 'python', ok: false, durationMs: 12, detail: 'exit 1' });
    setLang('zh-CN');
    try {
      const out = renderDoctorText(s, await diagnose(s), makeStyle(false), 100);
      const blocks = tableBlocks(out, 2).filter(wide);
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      for (const b of blocks) {
        expect(misaligned(b), b.rows.join('\n')).toEqual([]);
        // The cells before the last differ in width: aligned only if they were measured in display columns.
        expect(new Set(b.rows.map((r) => r.split(/\s{2,}/)[2])).size).toBeGreaterThan(1);
      }
    } finally {
      setLang('en');
    }
  });
});
