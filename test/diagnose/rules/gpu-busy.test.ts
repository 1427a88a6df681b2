// gpu-busy over a probed machine (the gpu-busy fixture, the real idle H200 Snapshot, built GPUs) and over pastes of
// nvidia-smi's table: who holds the GPU, how much, and the commands that list before anything is stopped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/gpu-busy.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import type { Gpu, GpuProcess, Snapshot } from '../../../src/snapshot/types.js';
import { schemaProblem } from '../../../src/snapshot/validate.js';
import { capture } from '../../helpers/explain.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, gpu } from '../../helpers/snapshot-builder.js';

const GIB = 1024 ** 3;
const h200 = (): Snapshot => JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/snapshots/h200.json'), 'utf8'));

function a100(over: Partial<Gpu> & { used: number; reserved?: number | null; processes?: GpuProcess[] | null }): Gpu {
  const g = gpu('NVIDIA A100-SXM4-80GB', '8.0');
  const total = 80 * GIB;
  const reserved = over.reserved === undefined ? 0.85 * GIB : over.reserved;
  const { used, reserved: _r, ...rest } = over;
  return { ...g, memory: { totalBytes: total, usedBytes: used, reservedBytes: reserved, freeBytes: total - used - (reserved ?? 0) }, ...rest };
}
const proc = (pid: number, gib: number | null, type: GpuProcess['type'] = 'compute', name: string | null = 'python'): GpuProcess => ({
  pid,
  name,
  usedBytes: gib === null ? null : gib * GIB,
  type,
});
const check = (s: Snapshot) => rule.check(machineInput(s));

afterEach(() => setLang('en'));

describe('gpu-busy on a machine', () => {
  it('the gpu-busy fixture: the exclusive GPU held by a context, and the GPU whose memory another job holds', async () => {
    setLang('en');
    const found = check(await snapshotOf('gpu-busy', 300));
    expect(found.map((f) => [f.subject, f.severity])).toEqual([
      ['gpu:0', 'warning'],
      ['gpu:1', 'warning'],
    ]);
    const [excl, heavy] = found;
    expect(excl!.title).toContain('exclusive-process');
    expect(excl!.cause).toContain('all CUDA-capable devices are busy or unavailable');
    expect(heavy!.title).toContain('61.5 GiB');
    for (const f of found) {
      // Listing comes before stopping, and the kill names the process the evidence shows.
      const ps = f.fix.findIndex((l) => l.startsWith('ps -o pid,user,etime,cmd -p '));
      const kill = f.fix.findIndex((l) => l.startsWith('kill '));
      expect(ps).toBeGreaterThan(0);
      expect(kill).toBeGreaterThan(ps);
      expect(f.fix[kill - 1]).toBe('# stop them if they are yours:');
      expect(f.fix.some((l) => l.startsWith('# under Slurm'))).toBe(true);
    }
    expect(excl!.fix).toContain('ps -o pid,user,etime,cmd -p 48213');
    expect(excl!.fix).toContain('kill 48213');
    expect(excl!.fix).toContain('sudo nvidia-smi -i 0 -c DEFAULT');
    expect(heavy!.fix).toContain('kill 51877');
  });

  it('the real busy H200 (its Snapshot, processes from NVML): one warning naming the holder, and the file passes the schema', async () => {
    setLang('en');
    const s: Snapshot = JSON.parse(capture('h200-busy', 'snapshot.json'));
    expect(await schemaProblem('snapshot', s)).toBeUndefined();
    expect(s.gpus[0]!.processes).toEqual([{ pid: 497, name: 'python3', usedBytes: 107917344768, type: 'compute' }]);
    const found = check(s);
    expect(found.map((f) => f.severity)).toEqual(['warning']);
    expect(found[0]!.title).toBe('Other processes hold 100.5 GiB of GPU 0 (NVIDIA H200): 39.3 GiB of 140.4 GiB is left');
    expect(found[0]!.fix).toContain('kill 497');
  });

  it('the real idle H200 gives nothing: without a process list, with an empty one, and with v1 memory that counts the reservation', () => {
    const s = h200();
    expect(check(s)).toEqual([]);
    const g = s.gpus[0]!;
    g.processes = [];
    expect(check(s)).toEqual([]);
    // NVML v1: used = the 615 MiB reservation, no reserved figure.
    g.memory = { ...g.memory, usedBytes: g.memory.reservedBytes, reservedBytes: null };
    expect(check(s)).toEqual([]);
  });

  it('a process with a little memory is info, with its pid and no warning', () => {
    const [f, ...more] = check(buildSnapshot({ gpus: [a100({ used: 2 * GIB, processes: [proc(4242, 2)] })] }));
    expect(more).toEqual([]);
    expect(f!.severity).toBe('info');
    expect(f!.evidence.map((e) => e.value)).toContain('PID 4242 python (compute, 2.0 GiB)');
    expect(f!.fix).toContain('kill 4242');
  });

  it('a desktop (Xorg, graphics only) is info and nothing is offered for stopping', () => {
    const [f] = check(buildSnapshot({ gpus: [a100({ used: 0.1 * GIB, processes: [proc(777, 0.05, 'graphics', '/usr/lib/xorg/Xorg')] })] }));
    expect(f!.severity).toBe('info');
    expect(f!.fix.some((l) => l.startsWith('kill'))).toBe(false);
    expect(f!.fix).toContain('ps -o pid,user,etime,cmd -p 777');
  });

  it('memory in use that no process accounts for: info from 1 GiB, warning past half, with fuser, the container note and a reset last', () => {
    const some = check(buildSnapshot({ gpus: [a100({ used: 6 * GIB, processes: [] })] }));
    expect(some.map((f) => f.severity)).toEqual(['info']);
    expect(some[0]!.title).toContain('no process is listed');
    const [f] = check(
      buildSnapshot({ os: { container: { value: 'docker', source: 'file:/.dockerenv' } }, gpus: [a100({ used: 60 * GIB, processes: [proc(1, 1)] })] }),
    );
    expect(f!.severity).toBe('warning');
    expect(f!.title).toContain('59.0 GiB');
    expect(f!.fix).toContain('sudo fuser -v /dev/nvidia*');
    expect(f!.fix.some((l) => l.includes('container (docker)'))).toBe(true);
    expect(f!.fix.at(-1)).toBe('sudo nvidia-smi -r -i 0');
    // Under 1 GiB beyond the reservation is noise (a context being torn down, rounding).
    expect(check(buildSnapshot({ gpus: [a100({ used: 0.5 * GIB, processes: [] })] }))).toEqual([]);
  });

  it('a process the driver gives no figure for (NVML_VALUE_NOT_AVAILABLE) holds what is used: not unexplained', () => {
    const [f] = check(buildSnapshot({ gpus: [a100({ used: 70 * GIB, processes: [proc(9001, null, 'compute', null)] })] }));
    expect(f!.severity).toBe('warning');
    expect(f!.title).toContain('Other processes hold 70.0 GiB');
    expect(f!.evidence.map((e) => e.value)).toContain('PID 9001 name unknown (compute, memory not reported)');
  });

  it('in a container, a process without a name (a host pid of another PID namespace) gets the run-it-on-the-host note', () => {
    const container = { container: { value: 'docker', source: 'file:/.dockerenv' } };
    const note = (p: GpuProcess) =>
      check(buildSnapshot({ os: container, gpus: [a100({ used: 60 * GIB, processes: [p] })] }))[0]!.fix.some((l) => l.includes('container (docker)'));
    expect(note(proc(497, 60, 'compute', 'python3'))).toBe(false);
    expect(note(proc(2216345, 60, 'compute', null))).toBe(true);
  });

  it('a list that could not be read says so only when the memory is mostly taken', () => {
    const unread = (used: number) =>
      check(buildSnapshot({ gpus: [a100({ used, processes: null, unavailable: { nvmlDeviceGetComputeRunningProcesses_v3: 'NVML_ERROR_NOT_SUPPORTED' } })] }));
    expect(unread(10 * GIB)).toEqual([]);
    const [f] = unread(70 * GIB);
    expect(f!.severity).toBe('warning');
    expect(f!.cause).toContain('nvmlDeviceGetComputeRunningProcesses_v3: NVML_ERROR_NOT_SUPPORTED');
  });

  it('on Windows the commands are tasklist and taskkill', () => {
    const [f] = check(
      buildSnapshot({
        os: { id: { value: 'windows', source: 'pasted:nvidia-smi' } },
        gpus: [a100({ used: 50 * GIB, processes: [proc(12, 45), proc(34, 5)] })],
      }),
    );
    expect(f!.fix).toContain('tasklist /v /fi "PID eq 12"');
    expect(f!.fix).toContain('taskkill /PID 12 /PID 34');
    expect(f!.fix.some((l) => l.startsWith('ps ') || l.startsWith('kill '))).toBe(false);
  });

  it('speaks Chinese', () => {
    setLang('zh-CN');
    const [f] = check(buildSnapshot({ gpus: [a100({ used: 60 * GIB, processes: [proc(5, 60)] })] }));
    expect(f!.title).toContain('显存');
    expect(f!.fix).toContain('# 如果是你自己的进程，可以停止它们：');
    expect(f!.fix).toContain('kill 5');
  });
});

// nvidia-smi's default table in R580's layout (the header of the real H200 capture), with processes on it.
const busyTable = (mode: string, rows: string[]) =>
  [
    'Tue Dec  1 10:02:11 2026       ',
    '+-----------------------------------------------------------------------------------------+',
    '| NVIDIA-SMI 580.159.04             Driver Version: 580.159.04     CUDA Version: 13.0     |',
    '+-----------------------------------------+------------------------+----------------------+',
    '| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |',
    '| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |',
    '|                                         |                        |               MIG M. |',
    '|=========================================+========================+======================|',
    `|   0  NVIDIA H200                    On  |   00000000:00:06.0 Off |                    0 |`,
    `| N/A   44C    P0            180W /  700W |  102416MiB / 143771MiB |      0%   ${mode.padStart(10)} |`,
    '|                                         |                        |             Disabled |',
    '+-----------------------------------------+------------------------+----------------------+',
    '',
    '+-----------------------------------------------------------------------------------------+',
    '| Processes:                                                                              |',
    '|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |',
    '|        ID   ID                                                               Usage      |',
    '|=========================================================================================|',
    ...rows,
    '+-----------------------------------------------------------------------------------------+',
  ].join('\n');
const row = '|    0   N/A  N/A          2216345      C   /usr/bin/python3                    102412MiB |';

describe('gpu-busy from a paste', () => {
  it('the real busy H200 table: the holder, with the memory the table cut attributed from the GPU figure', async () => {
    setLang('en');
    const r = await explainText(capture('h200-busy', 'smi.txt'));
    const f = r.findings.find((x) => x.code === 'gpu-busy');
    expect(f?.severity).toBe('info');
    expect(f?.title).toContain('100.5 GiB');
    expect(f?.fix).toContain('ps -o pid,user,etime,cmd -p 497');
  });

  it('the table: its process rows and its compute mode fill the same facts as a probe', async () => {
    setLang('en');
    const r = await explainText(busyTable('Default', [row]));
    expect(r.snapshot.gpus[0]!.processes).toEqual([{ pid: 2216345, name: '/usr/bin/python3', usedBytes: 102412 * 1024 ** 2, type: 'compute' }]);
    expect(r.snapshot.gpus[0]!.computeMode).toBe('default');
    const f = r.findings.find((x) => x.code === 'gpu-busy');
    // A pasted table may show the asker's own job: a note, not a warning.
    expect(f?.severity).toBe('info');
    expect(f?.title).toContain('100.0 GiB');
  });

  it('"all CUDA-capable devices are busy or unavailable" with a table of an exclusive GPU and its holder: a warning naming the holder', async () => {
    setLang('en');
    const text = [
      'Traceback (most recent call last):',
      '  File "train.py", line 12, in <module>',
      '    model = model.cuda()',
      'RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable',
      busyTable('E. Process', [row]),
    ].join('\n');
    const r = await explainText(text);
    expect(r.snapshot.gpus[0]!.computeMode).toBe('exclusive-process');
    const codes = r.findings.map((f) => f.code);
    const f = r.findings.find((x) => x.code === 'gpu-busy');
    // An exclusive GPU with a holder is a warning even in a paste: no new context can start there, whoever holds it.
    expect(f?.severity).toBe('warning');
    expect(f?.title).toContain('PID 2216345');
    expect(f?.fix).toContain('ps -o pid,user,etime,cmd -p 2216345');
    expect(codes.indexOf('gpu-busy')).toBeLessThan(codes.indexOf('compute-mode'));
    // No error signature matches this message yet (src/knowledge/data/error-signatures/); until one lists gpu-busy,
    // out-of-memory's reading of the table ("memory held by PID …") may come first. Once it does, the message ranks it.
    if (r.parsed.events.some((e) => /busy or unavailable/.test(e.text))) expect(codes[0]).toBe('gpu-busy');
  });
});
