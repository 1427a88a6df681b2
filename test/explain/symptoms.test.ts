// Symptoms in prose (issue 26, item 2): English and Chinese words become typed symptom events, they mark a paste as
// trouble, they name no cause alone, and they confirm the cause the facts establish. Texts composed for these tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { parsePaste } from '../../src/parse/index.js';
import { symptomsIn } from '../../src/parse/symptoms.js';
import { checkExplain, explain, find, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const said = (line: string) => symptomsIn(parsePaste(line).events);

describe('prose symptoms become typed events', () => {
  const rows: [string, string][] = [
    ['The model falls back to CPU every time', 'gpu-not-used'],
    ['it only uses the CPU, never the GPU', 'gpu-not-used'],
    ['my GPU is not being used at all', 'gpu-not-used'],
    ["PyTorch doesn't use my GPU", 'gpu-not-used'],
    ['训练的时候只用CPU', 'gpu-not-used'],
    ['程序没有使用GPU', 'gpu-not-used'],
    ['only the CPU is listed in tf.config.list_physical_devices()', 'gpu-not-detected'],
    ['GPU not detected after the update', 'gpu-not-detected'],
    ['Windows cannot detect my GPU any more', 'gpu-not-detected'],
    ['no GPU was found by the program', 'gpu-not-detected'],
    ['装好以后检测不到GPU', 'gpu-not-detected'],
    ['torch 识别不到显卡', 'gpu-not-detected'],
    ['training is very slow on this box', 'slow'],
    ['it is slower than on my CPU', 'slow'],
    ['训练速度很慢', 'slow'],
    ['GPU 利用率很低', 'slow'],
    ['the script hangs after the first batch', 'hang'],
    ['it is stuck at loading the model', 'hang'],
    ['运行到一半就卡住了', 'hang'],
  ];
  for (const [line, symptom] of rows) it(`${symptom}: ${line}`, () => expect(said(line)).toContain(symptom));

  it('leaves lines that only share a word alone', () => {
    for (const line of [
      'pip freeze > requirements.txt',
      'Using a slow image processor as `use_fast` is unset',
      'NVIDIA GeForce RTX 3090 显卡在任务管理器里能看到',
      'tensorflow 2.15.0',
      'CPU: AMD Ryzen 9 5950X',
    ])
      expect(said(line), line).toEqual([]);
  });

  it('marks the paste as trouble and counts as a cue for the guesses', () => {
    const p = parsePaste('它只用CPU');
    expect(p.trouble).toBe(true);
    expect(p.cues.map((c) => c.code)).toContain('cpu-only-build');
  });
});

const ranked: ExplainRow[] = [
  {
    name: 'a +cpu torch and "the GPU is not used": cpu-only-build first, with the symptom line as evidence',
    text: ['torch 2.3.1+cpu', 'torchvision 0.18.1+cpu', 'My RTX 4090 is not used, everything runs on the CPU instead of the GPU.'],
    top: 'cpu-only-build',
    contains: ['symptom (line 3)'],
  },
  {
    name: 'Chinese: 只用CPU with a +cpu torch → cpu-only-build',
    text: ['pip list 里是 torch 2.1.0+cpu', '训练的时候只用CPU，没有使用GPU'],
    top: 'cpu-only-build',
  },
  {
    name: 'a symptom alone names no cause: a guess at most, marked as one',
    text: 'The GPU is not detected.',
    lacks: ['no-gpu', 'driver-not-loaded', 'driver-too-old'],
    onlyInfo: true,
    title: { contains: ['guess'] },
  },
];

describe('symptoms confirm the cause the facts establish', () => {
  for (const row of ranked) it(row.name, () => checkExplain(row));

  it('lifts the score of a cause its row lists, not of others', async () => {
    const facts = ['torch 2.3.1+cpu', 'GPU 0: NVIDIA GeForce RTX 4090'];
    const plain = find(await explain(facts.join('\n')), 'cpu-only-build');
    const told = find(await explain([...facts, 'but the GPU is not used'].join('\n')), 'cpu-only-build');
    expect(plain && told).toBeTruthy();
    expect(told!.score).toBeGreaterThan(plain!.score);
  });
});

describe('a CPU build in a paste that shows no GPU', () => {
  it('is a warning alone, an error when the paste says the GPU is not used', async () => {
    const alone = find(await explain('torch 2.0.1+cpu'), 'cpu-only-build');
    const told = find(await explain('torch 2.0.1+cpu\n我的电脑只用CPU训练'), 'cpu-only-build');
    expect(alone?.severity).toBe('warning');
    expect(told?.severity).toBe('error');
  });
});
