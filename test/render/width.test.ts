import { describe, expect, it } from 'vitest';
import { table } from '../../src/render/style.js';
import { codePointWidth, displayWidth, padEndDisplay, truncateDisplay } from '../../src/render/width.js';
import { UNICODE_VERSION } from '../../src/render/width-data.js';

describe('displayWidth', () => {
  it('counts ASCII one column a character', () => {
    expect(displayWidth('')).toBe(0);
    expect(displayWidth('nvidia-smi -q')).toBe(13);
  });

  it('counts CJK ideographs, kana, hangul and CJK punctuation two columns', () => {
    expect(displayWidth('显存')).toBe(4);
    expect(displayWidth('驱动版本：535')).toBe(13);
    expect(displayWidth('カタカナ')).toBe(8);
    expect(displayWidth('한국어')).toBe(6);
    expect(displayWidth('，。（）')).toBe(8);
    // A CJK Extension B ideograph (a surrogate pair) and an unassigned plane-2 code point (W by default).
    expect(displayWidth('𠀀')).toBe(2);
    expect(codePointWidth(0x2fffd)).toBe(2);
  });

  it('counts fullwidth forms two and halfwidth forms one', () => {
    expect(displayWidth('ＧＰＵ')).toBe(6);
    expect(displayWidth('ｶﾀｶﾅ')).toBe(4);
  });

  it('counts combining marks, variation selectors and joiners zero', () => {
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('a\u200bb')).toBe(2);
    expect(displayWidth('\u200d')).toBe(0);
    expect(displayWidth('\ufe0e')).toBe(0);
    expect(codePointWidth(0x0301)).toBe(0);
    // A wide base keeps its two columns under a mark.
    expect(displayWidth('か\u3099')).toBe(2);
  });

  it('counts an emoji, a ZWJ sequence, a flag and a keycap two', () => {
    expect(displayWidth('🚀')).toBe(2);
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('🇨🇳')).toBe(2);
    expect(displayWidth('❤️')).toBe(2);
    expect(displayWidth('1️⃣')).toBe(2);
    expect(displayWidth('❤')).toBe(1);
  });

  it('counts escape sequences and control characters zero', () => {
    expect(displayWidth('\x1b[31m显存\x1b[39m')).toBe(4);
    expect(displayWidth('\x1b]0;title\x07ok')).toBe(2);
    expect(displayWidth('\x1b[1;32mok\x1b[0m')).toBe(2);
  });

  it('counts East Asian Ambiguous characters one (how terminals draw them by default)', () => {
    expect(displayWidth('…→·×')).toBe(4);
  });

  it('names the Unicode version of its tables', () => {
    expect(UNICODE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('padEndDisplay and truncateDisplay', () => {
  it('pads to display columns', () => {
    expect(padEndDisplay('显存', 6)).toBe('显存  ');
    expect(padEndDisplay('vram', 6)).toBe('vram  ');
    expect(padEndDisplay('显存不足', 4)).toBe('显存不足');
    expect(padEndDisplay('\x1b[31mok\x1b[39m', 4)).toBe('\x1b[31mok\x1b[39m  ');
  });

  it('truncates without splitting a wide character or a cluster', () => {
    expect(truncateDisplay('显存不足的原因', 9)).toBe('显存不足…');
    expect(displayWidth(truncateDisplay('显存不足的原因', 8))).toBeLessThanOrEqual(8);
    expect(truncateDisplay('short', 10)).toBe('short');
    expect(truncateDisplay('👨‍👩‍👧👨‍👩‍👧', 3)).toBe('👨‍👩‍👧…');
    expect(truncateDisplay('abcdef', 4, '...')).toBe('a...');
  });
});

describe('table', () => {
  it('starts every column at the same display column, CJK cells included', () => {
    const lines = table([
      ['版本', '12.4.0', 'x'],
      ['最低驱动（Linux）', '550.54.14', 'y'],
      ['PTX', '8.4', 'z'],
    ]);
    const starts = (line: string) => [line.indexOf('12.4.0'), line.indexOf('550'), line.indexOf('8.4')].filter((i) => i >= 0);
    const at = lines.map((l) => displayWidth(l.slice(0, starts(l)[0])));
    expect(new Set(at).size).toBe(1);
    expect(at[0]).toBe(2 + displayWidth('最低驱动（Linux）') + 2);
    const third = lines.map((l) => displayWidth(l.slice(0, l.length - 1)));
    expect(new Set(third).size).toBe(1);
  });
});
