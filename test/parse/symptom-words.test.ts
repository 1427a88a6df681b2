// Symptoms in prose, English and Chinese, as people write them when no message is printed (issue 26, after round
// 22): each becomes its symptom event, and a paste with only such a sentence counts as trouble. Phrasings written
// here from how users describe these problems; none is copied from an evaluation case.
import { describe, expect, it } from 'vitest';
import { parsePaste } from '../../src/parse/index.js';

const symptoms: [string, string][] = [
  ['显卡不释放显存，重启程序也不行', 'memory-held'],
  ['训练结束后显存一直被占着', 'memory-held'],
  ['GPU memory is not released after the process is killed', 'memory-held'],
  ['the script never frees the GPU memory even after del model', 'memory-held'],
  ['服务器上识别不到显卡', 'gpu-not-detected'],
  ['装好以后还是用不了GPU', 'gpu-not-used'],
  ['pytorch 无法使用显卡', 'gpu-not-used'],
  ["I can't use my GPU with this build", 'gpu-not-used'],
  ['模型跑得很慢', 'slow'],
  ['推理速度非常慢', 'slow'],
  ['inference is very slow on the A10', 'slow'],
  ['训练到一半就卡住了', 'hang'],
  ['程序卡着不动', 'hang'],
];

describe('symptoms in prose', () => {
  for (const [text, id] of symptoms)
    it(`${text} → ${id}`, () => {
      const p = parsePaste(text);
      expect(p.events.map((e) => e.signature)).toContain(id);
      expect(p.trouble).toBe(true);
    });

  it('a healthy listing is no trouble and names no symptom', () => {
    const p = parsePaste(['torch                    2.5.1+cu124', 'numpy                    1.26.4', 'Python 3.11.9'].join('\n'));
    expect(p.trouble).toBe(false);
    expect(p.events).toEqual([]);
  });

  it('trouble words with no symptom row still count as trouble (English and Chinese)', () => {
    for (const t of ['the second GPU is missing from the list', '装完驱动以后 nvidia-smi 看不到', '为什么只有一张卡', 'the job falls back to an older kernel'])
      expect(parsePaste(t).trouble, t).toBe(true);
  });
});

describe('Kepler GeForce boards named in prose', () => {
  it.each([
    ['my GTX 760 is not detected by pytorch', '3.0'],
    ['GeForce GTX 780 Ti with CUDA 11', '3.5'],
  ])('%s → compute capability %s', (text, cc) => {
    expect(parsePaste(text).facts.gpus.map((g) => g.computeCapability)).toContain(cc);
  });
  it('a Maxwell GTX 970 stays 5.2', () => {
    expect(parsePaste('my GTX 970 card').facts.gpus.map((g) => g.computeCapability)).toContain('5.2');
  });
});
