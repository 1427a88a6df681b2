// NVML's process lists through a fake library that behaves as nvml.h documents: the count-first call, the struct
// layouts of the _v3/_v2 and unversioned symbols, NVML_VALUE_NOT_AVAILABLE, and gpuenv's own processes left out.
import type { LibraryHandle } from 'koffi';
import { describe, expect, it } from 'vitest';
import { bindNvmlProcesses, ownProcessTest, readProcesses } from '../../src/native/nvml-processes.js';
import type { NvmlDevice } from '../../src/native/nvml.js';
import { Calls, readNvmlFrom } from '../../src/native/read-nvml.js';
import { nvmlReturnName } from '../../src/native/nvml.js';

type Impl = (...args: any[]) => unknown;

function fakeLib(impls: Record<string, Impl>): LibraryHandle {
  return {
    func(prototype: string) {
      const name = /(\w+)\s*\(/.exec(prototype)?.[1] ?? '';
      const impl = impls[name];
      if (!impl) throw new Error(`Cannot find function '${name}' in shared library`);
      return Object.assign((...args: unknown[]) => impl(...args), { info: { name }, async: () => undefined });
    },
  } as unknown as LibraryHandle;
}

interface Proc {
  pid: number;
  used: bigint;
}

const NA = 0xffffffffffffffffn;

/** A list function as nvml.h describes it, writing `stride`-byte structs (24: nvmlProcessInfo_t, 16: v1). */
function lister(procs: () => Proc[], stride: number, calls: { count: number }[] = []) {
  return (_d: bigint, count: number[], infos: Buffer | null) => {
    calls.push({ count: count[0]! });
    const now = procs();
    if (count[0]! < now.length) {
      count[0] = now.length;
      return now.length === 0 ? 0 : 7; // NVML_ERROR_INSUFFICIENT_SIZE
    }
    now.forEach((p, i) => {
      infos!.writeUInt32LE(p.pid, i * stride);
      infos!.writeBigUInt64LE(p.used, i * stride + 8);
      if (stride === 24) {
        infos!.writeUInt32LE(0xffffffff, i * stride + 16);
        infos!.writeUInt32LE(0xffffffff, i * stride + 20);
      }
    });
    count[0] = now.length;
    return 0;
  };
}

const names: Record<number, string> = { 4242: '/usr/bin/python3', 777: '/usr/lib/xorg/Xorg', 4343: 'python train.py --token=SECRET' };
const processName = (pid: number, buf: Buffer) => {
  const n = names[pid];
  if (!n) return 6; // NVML_ERROR_NOT_FOUND: a pid of another PID namespace
  buf.write(`${n}\0`);
  return 0;
};

const device = 0x1234n as NvmlDevice;
const notOwn = () => false;
const calls = () => new Calls(nvmlReturnName, 13);

describe('readProcesses', () => {
  it('asks for the count first, then reads 24-byte nvmlProcessInfo_t entries; both lists merge by pid', () => {
    const seen: { count: number }[] = [];
    const b = bindNvmlProcesses(
      fakeLib({
        nvmlDeviceGetComputeRunningProcesses_v3: lister(() => [{ pid: 4242, used: 100n * 2n ** 30n }], 24, seen),
        nvmlDeviceGetGraphicsRunningProcesses_v3: lister(
          () => [
            { pid: 777, used: 4n * 2n ** 20n },
            { pid: 4242, used: 100n * 2n ** 30n },
          ],
          24,
        ),
        nvmlSystemGetProcessName: processName,
      }),
    );
    expect(b.compute?.stride).toBe(24);
    const c = calls();
    const procs = readProcesses(b, c, device, notOwn);
    expect(seen[0]).toEqual({ count: 0 });
    expect(procs).toEqual([
      { pid: 4242, name: '/usr/bin/python3', usedBytes: 100 * 2 ** 30, type: 'both' },
      { pid: 777, name: '/usr/lib/xorg/Xorg', usedBytes: 4 * 2 ** 20, type: 'graphics' },
    ]);
    expect(c.errors).toEqual([]);
  });

  it('reads 16-byte entries from the unversioned symbol of an old driver, and a process that started in between', () => {
    let n = 1;
    const list = () => Array.from({ length: n++ }, (_, i) => ({ pid: 5000 + i, used: 2n ** 30n }));
    const b = bindNvmlProcesses(fakeLib({ nvmlDeviceGetComputeRunningProcesses: lister(list, 16) }));
    expect(b.compute?.stride).toBe(16);
    // The second call sees one more process than the first counted: the headroom takes it.
    const procs = readProcesses(b, calls(), device, notOwn);
    expect(procs?.map((p) => p.pid)).toEqual([5000, 5001]);
    expect(procs?.every((p) => p.usedBytes === 2 ** 30 && p.name === null)).toBe(true);
  });

  it('NVML_VALUE_NOT_AVAILABLE is an unknown figure; an unknown pid has no name; a retitled process keeps its first word only', () => {
    const b = bindNvmlProcesses(
      fakeLib({
        nvmlDeviceGetComputeRunningProcesses_v3: lister(
          () => [
            { pid: 99999, used: NA },
            { pid: 4343, used: 2n ** 30n },
          ],
          24,
        ),
        nvmlDeviceGetGraphicsRunningProcesses_v3: lister(() => [], 24),
        nvmlSystemGetProcessName: processName,
      }),
    );
    expect(readProcesses(b, calls(), device, notOwn)).toEqual([
      { pid: 99999, name: null, usedBytes: null, type: 'compute' },
      { pid: 4343, name: 'python', usedBytes: 2 ** 30, type: 'compute' },
    ]);
  });

  it("leaves gpuenv's own processes out", () => {
    const b = bindNvmlProcesses(
      fakeLib({
        nvmlDeviceGetComputeRunningProcesses_v3: lister(
          () => [
            { pid: 10, used: 1n },
            { pid: 11, used: 1n },
            { pid: 12, used: 1n },
            { pid: 13, used: 1n },
          ],
          24,
        ),
      }),
    );
    // This child is 11, its parent (the CLI) 10, and 12 is the CLI's --deep Python: its parent is 10 too.
    const own = ownProcessTest(11, 10, (pid) => (pid === 12 ? 10 : 1));
    expect(readProcesses(b, calls(), device, own)?.map((p) => p.pid)).toEqual([13]);
  });

  it('null, with the reason, when the compute list cannot be read; a missing graphics list alone hides nothing', () => {
    const c = calls();
    const none = bindNvmlProcesses(fakeLib({ nvmlDeviceGetComputeRunningProcesses_v3: () => 3 }));
    expect(readProcesses(none, c, device, notOwn)).toBeNull();
    expect(c.errors).toContainEqual({ call: 'nvmlDeviceGetComputeRunningProcesses_v3', rc: 3, name: 'NVML_ERROR_NOT_SUPPORTED' });
    const computeOnly = bindNvmlProcesses(fakeLib({ nvmlDeviceGetComputeRunningProcesses_v3: lister(() => [{ pid: 1, used: 0n }], 24) }));
    expect(readProcesses(computeOnly, calls(), device, notOwn)).toEqual([{ pid: 1, name: null, usedBytes: 0, type: 'compute' }]);
  });
});

describe('readNvmlFrom: processes in the device report', async () => {
  const koffi = await import('koffi');
  const library = { soname: 'libnvidia-ml.so.1', candidates: [], loadedPath: '/fake/libnvidia-ml.so.1', refused: [], error: null };
  const put = (out: unknown[], value: unknown) => {
    out[0] = value;
    return 0;
  };
  const base: Record<string, Impl> = {
    nvmlInit_v2: () => 0,
    nvmlDeviceGetCount_v2: (out: number[]) => put(out, 1),
    nvmlDeviceGetHandleByIndex_v2: (_i: number, out: bigint[]) => put(out, 0x1234n),
  };

  it('an idle GPU has an empty list (SUCCESS with count 0), the JSON stays plain', () => {
    const d = readNvmlFrom(
      koffi,
      fakeLib({ ...base, nvmlDeviceGetComputeRunningProcesses_v3: lister(() => [], 24), nvmlDeviceGetGraphicsRunningProcesses_v3: lister(() => [], 24) }),
      { ...library },
      notOwn,
    ).devices[0]!;
    expect(d.processes).toEqual([]);
    expect(JSON.parse(JSON.stringify(d)).processes).toEqual([]);
  });

  it('a library without the process functions: null and FUNCTION_NOT_FOUND, nothing else changes', () => {
    const d = readNvmlFrom(koffi, fakeLib(base), { ...library }, notOwn).devices[0]!;
    expect(d.processes).toBeNull();
    expect(d.errors).toContainEqual({ call: 'nvmlDeviceGetComputeRunningProcesses_v3', rc: 13, name: 'NVML_ERROR_FUNCTION_NOT_FOUND' });
  });
});
