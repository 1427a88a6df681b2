// When explain cannot tell (issue 26, item 5): a paste with an error, a traceback, a message whose causes its facts
// cannot tell apart, or a symptom never gets "No problems found"; the rule of last resort says what it read and which
// outputs to paste next, for the OS, framework and library the paste shows. Texts composed for these tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/diagnose/index.js';
import type { Rule, RuleInput } from '../../src/diagnose/types.js';
import { rule as lastResort } from '../../src/diagnose/rules/unexplained-error.js';
import { setLang } from '../../src/i18n/index.js';
import { parsePaste } from '../../src/parse/index.js';
import { snapshotFromFacts } from '../../src/parse/snapshot.js';
import { checkExplain, explain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const CODE = lastResort.code;
const traceback = (...end: string[]) => ['Traceback (most recent call last):', '  File "train.py", line 12, in <module>', '    main()', ...end];

const rows: ExplainRow[] = [
  {
    name: 'prose that says something fails, with no message and no symptom gpuenv knows: still an info finding, never "No problems found"',
    text: ['I followed the install guide twice on a fresh machine and the training script still does not work with the new card.'],
    codes: [CODE],
    severity: 'info',
    contains: ['holds no error message gpuenv knows', 'python -m torch.utils.collect_env'],
  },
  {
    name: 'an unknown exception: an info finding with the error line and the outputs to paste',
    text: traceback('RuntimeError: my_op() expected a tensor of rank 3, got 2'),
    codes: [CODE],
    severity: 'info',
    contains: ['error (line 4)', 'RuntimeError: my_op()', 'python -m torch.utils.collect_env', 'nvidia-smi'],
    fix: { notContains: ['dmesg'] },
  },
  {
    name: 'the facts read are named, and a report already pasted is not asked for again',
    text: ['PyTorch version: 2.5.1+cu124', 'Nvidia driver version: 560.35.03', ...traceback('ValueError: widget count must be positive')],
    codes: [CODE],
    cause: { contains: ['2.5.1+cu124', '560.35.03'] },
    fix: { notContains: ['collect_env', 'nvidia-smi   #'] },
  },
  {
    name: "a TensorFlow traceback asks for TensorFlow's build info",
    text: traceback(
      '  File "/usr/lib/python3/dist-packages/tensorflow/python/x.py", line 3',
      'tensorflow.python.framework.errors_impl.InternalError: blas handle went away',
    ),
    has: [CODE],
    fix: { contains: ['tf.sysconfig.get_build_info()'] },
  },
  {
    name: 'a library path in the error: ldd on it (Linux)',
    text: traceback('ImportError: /opt/venv/lib/python3.11/site-packages/widget/libwidget.so.2: wrong ELF class: ELFCLASS32'),
    has: [CODE],
    fix: { contains: ['ldd /opt/venv/lib/python3.11/site-packages/widget/libwidget.so.2 | grep "not found"'] },
  },
  {
    name: 'Windows: a DLL is looked up with where.exe, and no Linux kernel log is asked for',
    text: traceback(
      '  File "C:\\\\Users\\\\me\\\\app.py", line 4',
      'OSError: [WinError 1114] A dynamic link library (DLL) initialization routine failed. Error loading "widget.dll"',
    ),
    fix: { contains: ['where.exe widget.dll'], notContains: ['dmesg', 'ldd', 'ldconfig'] },
  },
  {
    name: 'a symptom alone ("very slow"): what to check for a slow GPU',
    text: 'My training is very slow and I do not know why.',
    codes: [CODE],
    cause: { contains: ['runs slowly (line 1)'] },
    fix: { contains: ['nvidia-smi -q -d PERFORMANCE'] },
  },
  {
    name: 'Chinese: 卡住 → where each thread waits',
    text: '训练跑到第二个 epoch 就卡住了',
    has: [CODE],
    fix: { contains: ['py-spy dump --pid <pid>'] },
  },
  {
    name: 'a crash on Linux that names the driver: the kernel log is asked for',
    text: 'Segmentation fault (core dumped) while the NVIDIA driver initialises',
    codes: [CODE],
    fix: { contains: ['sudo dmesg | grep -i nvrm'] },
  },
  {
    name: 'a healthy listing gets nothing',
    text: ['Package    Version', '---------- -------', 'numpy      1.26.4', 'requests   2.32.3'],
    codes: [],
  },
  {
    name: 'a named cause leaves the last resort silent',
    text: 'RuntimeError: No CUDA GPUs are available',
    lacks: [CODE],
  },
  {
    name: 'a guess from the words leaves it silent too (the guess already says what to check)',
    text: 'Since yesterday nvidia-smi does not work any more on my RTX 3060, driver 535.',
    lacks: [CODE],
  },
];

describe('the rule of last resort', () => {
  for (const row of rows) it(row.name, () => checkExplain(row));

  it('a known message with several causes and no facts: names them and what tells them apart', async () => {
    // The message's rule may stay silent without facts: the last resort then speaks for it.
    const text = 'CUDA unavailable, invalid device 0 requested';
    const p = parsePaste(text);
    const input: RuleInput = { snapshot: snapshotFromFacts(p.facts), events: p.events, text: p.facts, cues: p.cues, trouble: p.trouble, origin: 'paste' };
    const { findings } = judge(input, [lastResort]);
    expect(findings.map((f) => f.code)).toEqual([CODE]);
    expect(findings[0]!.cause).toContain('several causes');
    expect(findings[0]!.evidence.map((e) => e.fact).join(' ')).toContain('known message (line 1)');
  });

  it('speaks only after the others, and not over an error or a warning they found', () => {
    const p = parsePaste(traceback('RuntimeError: boom').join('\n'));
    const input: RuleInput = { snapshot: snapshotFromFacts(p.facts), events: p.events, text: p.facts, cues: p.cues, trouble: p.trouble, origin: 'paste' };
    const other = (severity: 'warning' | 'info'): Rule => ({
      code: 'persistence-off',
      scope: 'node',
      check: () => [{ code: 'persistence-off', severity, title: 't', cause: 'c', evidence: [], fix: [], rank: { events: [], fit: 1, phase: 3, index: 0 } }],
    });
    expect(judge(input, [lastResort, other('warning')]).findings.map((f) => f.code)).toEqual(['persistence-off']);
    expect(judge(input, [lastResort, other('info')]).findings.map((f) => f.code)).toEqual(['persistence-off', CODE]);
    expect(judge({ ...input, origin: 'machine' }, [lastResort]).findings).toEqual([]);
  });

  it('never leaves a paste with an error or a traceback without a finding', async () => {
    for (const end of [
      "KeyError: 'model'",
      'AttributeError: module has no attribute x',
      'error: command failed with exit status 1',
      'fatal: something broke',
    ]) {
      const r = await explain(traceback(end).join('\n'));
      expect(r.findings.length, end).toBeGreaterThan(0);
    }
  });

  it('speaks Chinese', async () => {
    setLang('zh-CN');
    try {
      const r = await explain(traceback('RuntimeError: boom').join('\n'));
      expect(r.findings[0]!.title).toContain('事实不足');
    } finally {
      setLang('en');
    }
  });
});
