// The Processes box of nvidia-smi's default table and its Compute M. column (src/parse/nvidia-smi.ts,
// src/parse/gpu-processes.ts): the real idle and busy H200 tables, and rows in the layouts of R580 and R535 and of MIG.
import { describe, expect, it } from 'vitest';
import { smiProcessRow } from '../../src/parse/gpu-processes.js';
import { parsePaste } from '../../src/parse/index.js';
import { capture } from '../helpers/explain.js';

const idle = capture('h200-cuda13', 'smi.txt');
const MIB = 1024 ** 2;
/** The real table with rows in its Processes box instead of "No running processes found". */
const busy = (...rows: string[]) => String(idle).replace(/^\|\s+No running processes found\s+\|$/m, rows.join('\n'));

describe('nvidia-smi table: processes and compute mode', () => {
  it('the real idle H200: an empty process list and the Default compute mode', () => {
    const g = parsePaste(idle).facts.gpus[0]!;
    expect(g.processes).toEqual([]);
    expect(g.computeMode).toBe('default');
  });

  it('the real busy H200 table: PID 497 python3, whose memory figure the table cut to "10291..."', () => {
    const g = parsePaste(capture('h200-busy', 'smi.txt')).facts.gpus[0]!;
    expect(g.processes).toEqual([{ pid: 497, name: 'python3', usedBytes: null, type: 'compute' }]);
    expect(g.memory.usedBytes).toBe(102927 * MIB);
  });

  it('rows of R580 fill each GPU: C, G and C+G, a truncated path, N/A memory', () => {
    const text = busy(
      '|    0   N/A  N/A          2216345      C   /usr/bin/python3                    102412MiB |',
      '|    0   N/A  N/A             4182      G   /usr/lib/xorg/Xorg                       4MiB |',
      '|    0   N/A  N/A             4182      C   /usr/lib/xorg/Xorg                       4MiB |',
      '|    0   N/A  N/A            91011      C   ...niconda3/envs/train/bin/python          N/A |',
    );
    expect(parsePaste(text).facts.gpus[0]!.processes).toEqual([
      { pid: 2216345, name: '/usr/bin/python3', usedBytes: 102412 * MIB, type: 'compute' },
      { pid: 4182, name: '/usr/lib/xorg/Xorg', usedBytes: 4 * MIB, type: 'both' },
      { pid: 91011, name: '...niconda3/envs/train/bin/python', usedBytes: null, type: 'compute' },
    ]);
  });

  it('R535 rows, MIG rows with GI and CI numbers, and pre-MIG rows without them', () => {
    expect(smiProcessRow('|    0   N/A  N/A      1395      C   python                                    25081MiB |')).toEqual({
      gpu: 0,
      pid: 1395,
      type: 'C',
      name: 'python',
      mib: 25081,
    });
    expect(smiProcessRow('|    0    1    0      28290      C   python                                     1012MiB |')?.pid).toBe(28290);
    expect(smiProcessRow('|    0     28290    C   python                                        1012MiB |')).toMatchObject({ pid: 28290, mib: 1012 });
    expect(smiProcessRow('|   0  NVIDIA H200                    On  |   00000000:00:06.0 Off |                    0 |')).toBeUndefined();
  });

  it('the E. Process column is the exclusive-process mode; without a Processes box nothing is said of processes', () => {
    const exclusive = String(idle).replace('0%      Default |', '0%   E. Process |');
    const g = parsePaste(exclusive).facts.gpus[0]!;
    expect(g.computeMode).toBe('exclusive-process');
    const topOnly = String(idle).split('\n').slice(0, 14).join('\n');
    expect('processes' in parsePaste(topOnly).facts.gpus[0]!).toBe(false);
  });
});
