// parse, error messages and framework logs → typed events with their captured values (src/parse/errors.ts,
// framework-logs.ts): one row per paste (ParseRow in test/helpers/explain.ts).
import { describe, expect, it } from 'vitest';
import { checkParse, type ParseRow } from '../helpers/explain.js';

const wrapped: ParseRow[] = [
  {
    name: 'joins a message wrapped over two lines',
    text: 'The detected CUDA version (11.8) mismatches the version that was used to compile\nPyTorch (12.4). Please make sure to use the same CUDA versions.',
    parsed: { 'events[0].signature': 'detected-cuda-mismatch' },
    facts: { torchCuda: '12.4', 'toolkits[0].version': '11.8' },
  },
  {
    name: 'markdown quote markers do not hide a wrapped message',
    text: '> The detected CUDA version (12.1) mismatches the version that was used to compile\n> PyTorch (11.7). Please make sure',
    parsed: { 'events[*].signature': expect.arrayContaining(['detected-cuda-mismatch']) },
  },
];

const captured: ParseRow[] = [
  {
    name: 'OOM numbers, old format',
    text: 'RuntimeError: CUDA out of memory. Tried to allocate 36.00 MiB (GPU 0; 10.76 GiB total capacity; 996.23 MiB already allocated; 8.81 MiB free; 1010.00 MiB reserved in total by PyTorch)',
    parsed: {
      'events[0].groups': expect.objectContaining({
        tried: '36.00 MiB',
        total: '10.76 GiB',
        allocated: '996.23 MiB',
        free: '8.81 MiB',
        reserved: '1010.00 MiB',
      }),
    },
  },
  {
    name: 'OOM numbers, new format',
    text: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.69 GiB of which 1.23 GiB is free. Process 1234 has 10.00 GiB memory in use. Of the allocated memory 8.1 GiB is allocated by PyTorch, and 1.9 GiB is reserved by PyTorch but unallocated.',
    parsed: {
      'events[0].groups': expect.objectContaining({
        tried: '2.00 GiB',
        total: '23.69 GiB',
        free: '1.23 GiB',
        allocated: '8.1 GiB',
        unallocated: '1.9 GiB',
        processes: '1234:10.00 GiB',
      }),
    },
  },
  {
    name: 'JAX\'s "Outdated cuDNN" block: the event carries loaded, built and minimum versions',
    text: 'Outdated cuDNN installation found.\nVersion JAX was built against: 9500\nMinimum supported: 9300\nInstalled version: 9100\n',
    parsed: { 'events[signature=jax-cudnn-version].groups': expect.objectContaining({ built: '9500', min: '9300', found: '9100' }) },
  },
];

const frameworkFacts: ParseRow[] = [
  {
    name: 'xFormers "(you have X)" → the installed torch',
    text: '    PyTorch 2.1.0+cu118 with CUDA 1108 (you have 2.1.0+cpu)',
    facts: { 'packages[name=torch].version': '2.1.0+cpu' },
  },
];

describe('messages wrapped over lines', () => {
  for (const row of wrapped) it(row.name, () => checkParse(row));
});

describe('values captured by a message', () => {
  for (const row of captured) it(row.name, () => checkParse(row));
});

describe('facts framework logs state', () => {
  for (const row of frameworkFacts) it(row.name, () => checkParse(row));
});
