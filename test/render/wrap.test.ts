import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/render/width.js';
import { DEFAULT_WIDTH, outputWidth, wrapText } from '../../src/render/wrap.js';

const widest = (lines: string[]) => Math.max(...lines.map(displayWidth));

describe('outputWidth', () => {
  it('takes the terminal columns, else COLUMNS, else 100', () => {
    expect(outputWidth({ columns: 132, env: { COLUMNS: '80' } })).toBe(132);
    expect(outputWidth({ env: { COLUMNS: '80' } })).toBe(80);
    expect(outputWidth({ env: { COLUMNS: ' 72 ' } })).toBe(72);
    expect(outputWidth({ env: {} })).toBe(DEFAULT_WIDTH);
    expect(DEFAULT_WIDTH).toBe(100);
  });

  it('ignores a COLUMNS that is not a number of columns', () => {
    for (const bad of ['', 'wide', '80x', '-5', '0', '1e3', '99999']) expect(outputWidth({ env: { COLUMNS: bad } })).toBe(100);
  });
});

describe('wrapText', () => {
  const prose = 'The driver supports CUDA up to 12.2 while the framework was built for CUDA 12.4, so every kernel launch fails at start-up.';

  it('wraps English at spaces to the width, under the indent', () => {
    const lines = wrapText(prose, 40, 6);
    expect(lines.length).toBeGreaterThan(2);
    expect(widest(lines)).toBeLessThanOrEqual(40);
    for (const l of lines) expect(l.startsWith('      ') && l[6] !== ' ').toBe(true);
    expect(lines.map((l) => l.trim()).join(' ')).toBe(prose);
  });

  it('follows the width it is given (the terminal, through outputWidth)', () => {
    const narrow = wrapText(prose, outputWidth({ env: { COLUMNS: '50' } }));
    const wide = wrapText(prose, outputWidth({ env: { COLUMNS: '200' } }));
    expect(widest(narrow)).toBeLessThanOrEqual(50);
    expect(narrow.length).toBeGreaterThan(1);
    expect(wide).toEqual([prose]);
  });

  it('keeps a URL, a path and an assignment whole even when longer than the line', () => {
    const url = 'https://docs.nvidia.com/deploy/cuda-compatibility/index.html#minor-version-compatibility';
    const path = '/opt/conda/envs/train/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9';
    const text = `See ${url} and the copy at ${path} before LD_LIBRARY_PATH=/usr/local/cuda/lib64:/opt/lib is set.`;
    const lines = wrapText(text, 40, 4).map((l) => l.trim());
    expect(lines).toContain(url);
    expect(lines).toContain(path);
    expect(lines.some((l) => l.includes('LD_LIBRARY_PATH=/usr/local/cuda/lib64:/opt/lib'))).toBe(true);
    expect(lines.join(' ')).toBe(text);
  });

  it('keeps a backticked command whole, spaces and all', () => {
    const cmd = '`pip install torch==2.5.1 --index-url https://download.pytorch.org/whl/cu124`';
    const lines = wrapText(`Then run ${cmd} in the environment and start again.`, 30);
    expect(lines.some((l) => l.includes(cmd))).toBe(true);
  });

  it('keeps a quoted command whole when it fits, and wraps a quoted message longer than the line', () => {
    const lines = wrapText('Run "nvidia-smi -q -x" first, then look at the output of it once more', 24);
    expect(lines.some((l) => l.includes('"nvidia-smi -q -x"'))).toBe(true);
    const quote = `"${'word '.repeat(20).trim()}"`;
    expect(widest(wrapText(`It said ${quote}.`, 30))).toBeLessThanOrEqual(30);
    // An apostrophe is no quote.
    expect(widest(wrapText("the driver's module and the toolkit's libraries don't match here at all", 24))).toBeLessThanOrEqual(24);
  });

  it('wraps Chinese between characters, by display width', () => {
    const zh = '驱动版本太旧，不支持框架所需的 CUDA 运行时；所有内核启动都会失败，请先升级驱动或者换用与当前驱动匹配的版本。';
    const lines = wrapText(zh, 30);
    expect(lines.length).toBeGreaterThan(2);
    expect(widest(lines)).toBeLessThanOrEqual(30);
    // Nothing lost: joining the lines (with the space the text had before CUDA/after it) gives the text back.
    expect(lines.join('').replace(/\s/g, '')).toBe(zh.replace(/\s/g, ''));
  });

  it('never starts a line with Chinese closing punctuation', () => {
    const zh = '甲乙丙丁戊己庚辛壬，癸子丑寅卯辰巳午未。申酉戌亥（甲乙丙丁）：戊己庚辛壬癸、子丑寅卯辰巳；午未申酉戌亥。';
    for (let width = 20; width <= 40; width++) {
      for (const l of wrapText(zh, width, 0)) expect(l).not.toMatch(/^[，。）；：、]/u);
    }
    // Ten characters fill 20 columns: the comma cannot open the next line, so it takes "癸" along.
    expect(wrapText('甲乙丙丁戊己庚辛壬癸，子', 20)).toEqual(['甲乙丙丁戊己庚辛壬', '癸，子']);
    expect(wrapText('甲乙丙丁戊己庚辛壬（癸）', 20)).toEqual(['甲乙丙丁戊己庚辛壬', '（癸）']);
  });

  it('splits Chinese around a path but not the path itself', () => {
    const lines = wrapText('请先检查软链接/usr/local/cuda-12.4/bin/nvcc的目标，再检查环境变量', 20);
    expect(lines.some((l) => l.includes('/usr/local/cuda-12.4/bin/nvcc'))).toBe(true);
    expect(lines.join('')).toBe('请先检查软链接/usr/local/cuda-12.4/bin/nvcc的目标，再检查环境变量');
    const home = wrapText('看 /home/张三/venv/bin/python 里的包', 20);
    expect(home.some((l) => l.includes('/home/张三/venv/bin/python'))).toBe(true);
  });

  it('keeps paragraphs apart and collapses runs of spaces', () => {
    expect(wrapText('one  two\nthree', 80)).toEqual(['one two', 'three']);
  });
});
