// explain, the pasted text itself: messages cut inside a word, repeated lines, very long lines.
// One row per paste (ExplainRow in test/helpers/explain.ts), one table per kind of paste. Texts written here for the tests,
// in the shapes users paste them; none is copied from an evaluation case file (docs/explain-eval.md).
import { beforeAll, describe, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { checkExplain, type ExplainRow } from '../helpers/explain.js';

beforeAll(() => setLang('en'));

const text: ExplainRow[] = [
  {
    name: 'a cuDNN version message broken in the middle of "library"',
    text: ['E cuda_dnn.cc:363] Loaded runtime CuDNN l', 'ibrary: 8.0.4 but source was compiled with: 8.1.0.'],
    top: 'cudnn-mismatch',
    contains: ['8.0.4', '8.1'],
  },
  {
    name: 'a line that matches on its own is not also matched as a join',
    text: ['CUDA error: no kernel image is available for execution on the device', 'CUDA error: no kernel image is available for execution on the device'],
    parsed: { 'events[*signature=no-kernel-image].length': 2 },
  },
  {
    name: 'a long one-line log keeps the matched message in the evidence',
    text: `${'x'.repeat(900)} RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU`,
    about: 'driver-not-loaded',
    contains: ['Found no NVIDIA driver'],
  },
];

describe('messages as terminals and logs cut them', () => {
  for (const row of text) it(row.name, () => checkExplain(row));
});
