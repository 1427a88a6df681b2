// nvidia-smi -q -x <processes>: the real idle and busy H200 (an empty element; one process_info), the idle document
// with more processes in the element layout nvidia-smi writes (process_info: gpu_instance_id, compute_instance_id, pid, type, process_name,
// used_memory), and the cases where nothing or nothing readable is said.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSmiXml } from '../../src/formats/smi-xml.js';

const idle = readFileSync(join(import.meta.dirname, '../fixtures/machines/h200/smi_qx.xml'), 'utf8');
const busy = readFileSync(join(import.meta.dirname, '../fixtures/captures/h200-busy/smi_qx.xml'), 'utf8');
const EMPTY = /<processes>\s*<\/processes>/;

const info = (pid: number, type: string, name: string, mem: string) =>
  [
    '\t\t\t<process_info>',
    '\t\t\t\t<gpu_instance_id>N/A</gpu_instance_id>',
    '\t\t\t\t<compute_instance_id>N/A</compute_instance_id>',
    `\t\t\t\t<pid>${pid}</pid>`,
    `\t\t\t\t<type>${type}</type>`,
    `\t\t\t\t<process_name>${name}</process_name>`,
    `\t\t\t\t<used_memory>${mem}</used_memory>`,
    '\t\t\t</process_info>',
  ].join('\n');
const withProcesses = (...infos: string[]) => idle.replace(EMPTY, `<processes>\n${infos.join('\n')}\n\t\t</processes>`);

describe('parseSmiXml: processes', () => {
  it('the real idle H200: an empty <processes> is an empty list', () => {
    expect(idle).toMatch(EMPTY);
    expect(parseSmiXml(idle).gpus[0]!.processes).toEqual([]);
  });

  it('the real busy H200: the process that held ~100 GiB, and the memory figures beside it', () => {
    const g = parseSmiXml(busy).gpus[0]!;
    expect(g.processes).toEqual([{ pid: 497, name: 'python3', usedBytes: 102918 * 1024 ** 2, type: 'compute' }]);
    expect(g.memory).toMatchObject({ usedBytes: 102927 * 1024 ** 2, reservedBytes: 616 * 1024 ** 2, totalBytes: 143771 * 1024 ** 2 });
  });

  it('reads pid, type, name and memory; a pid listed as C and G is both; N/A memory is unknown', () => {
    const xml = withProcesses(
      info(2216345, 'C', '/usr/bin/python3', '102412 MiB'),
      info(4182, 'G', '/usr/lib/xorg/Xorg', '4 MiB'),
      info(4182, 'C', '/usr/lib/xorg/Xorg', '4 MiB'),
      info(5150, 'M+C', 'python', 'N/A'),
    );
    expect(parseSmiXml(xml).gpus[0]!.processes).toEqual([
      { pid: 2216345, name: '/usr/bin/python3', usedBytes: 102412 * 1024 ** 2, type: 'compute' },
      { pid: 4182, name: '/usr/lib/xorg/Xorg', usedBytes: 4 * 1024 ** 2, type: 'both' },
      { pid: 5150, name: 'python', usedBytes: null, type: 'compute' },
    ]);
  });

  it('a retitled process keeps only its first word; entities are decoded, the name is cut to 64 characters', () => {
    const xml = withProcesses(info(7, 'C', 'python train.py --token=SECRET', '1 MiB'), info(8, 'C', `&lt;${'x'.repeat(100)}`, '1 MiB'));
    const [a, b] = parseSmiXml(xml).gpus[0]!.processes!;
    expect(a!.name).toBe('python');
    expect(b!.name).toBe(`<${'x'.repeat(63)}`);
  });

  it('no <processes> element says nothing; text instead of entries means the list could not be read; bad rows are dropped', () => {
    expect('processes' in parseSmiXml(idle.replace(EMPTY, '')).gpus[0]!).toBe(false);
    expect(parseSmiXml(idle.replace(EMPTY, '<processes>N/A</processes>')).gpus[0]!.processes).toBeNull();
    const xml = withProcesses(info(-1, 'C', 'a', '1 MiB'), info(12, 'X', 'b', '1 MiB'), info(13, 'C', 'c', '1 MiB'));
    expect(parseSmiXml(xml).gpus[0]!.processes!.map((p) => p.pid)).toEqual([13]);
  });
});
