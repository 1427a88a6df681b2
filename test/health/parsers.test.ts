// The small parsers health rests on: Xid lines, Slurm's Gres and node lines, the drain reason, durations, host lists.
import { describe, expect, it } from 'vitest';
import { expandHostlist, hostlist } from '../../src/fleet/hostlist.js';
import { parseXidLines, xidBusMatches } from '../../src/formats/xid-lines.js';
import { gresGpuCount } from '../../src/probe/expected-gpus.js';
import { parseDuration } from '../../src/system/duration.js';
import { applySlurmDrain, parseNodeLine, type Runner } from '../../src/health/slurm.js';
import type { HealthResult } from '../../src/health/types.js';

describe('Xid lines', () => {
  it('groups by code and GPU, keeps first/last uptime and the last text, ignores other lines', () => {
    const log = [
      '[  100.000001] NVRM: Xid (PCI:0000:3b:00): 48, pid=1, name=a, An uncorrectable double bit error (DBE) has been detected on GPU',
      '[  200.5] something else',
      '[  300.25] NVRM: Xid (PCI:0000:3B:00.0): 48, second',
      'NVRM: Xid (PCI:0001:af:00): 119, Timeout after 6s of waiting for RPC response from GPU1 GSP!',
    ].join('\n');
    expect(parseXidLines(log)).toEqual([
      { code: 48, pciBusId: '0000:3b:00', gpuIndex: null, count: 2, firstUptimeS: 100.000001, lastUptimeS: 300.25, lastText: 'second' },
      {
        code: 119,
        pciBusId: '0001:af:00',
        gpuIndex: null,
        count: 1,
        firstUptimeS: null,
        lastUptimeS: null,
        lastText: 'Timeout after 6s of waiting for RPC response from GPU1 GSP!',
      },
    ]);
    expect(xidBusMatches('0000:3b:00', '00000000:3B:00.0')).toBe(true);
    expect(xidBusMatches('0000:3b:00', '00000000:3C:00.0')).toBe(false);
  });

  it('a flood of distinct Xids stays bounded', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `NVRM: Xid (PCI:0000:${(i % 256).toString(16).padStart(2, '0')}:00): ${i}, x`);
    expect(parseXidLines(lines.join('\n')).length).toBe(64);
  });
});

describe('Slurm', () => {
  it('counts GPUs in Gres', () => {
    expect(gresGpuCount('NodeName=gpu01 Gres=gpu:8 State=IDLE')).toBe(8);
    expect(gresGpuCount('NodeName=gpu01 Gres=gpu:h100:4(S:0-1),gpu:a100:2 State=IDLE')).toBe(6);
    expect(gresGpuCount('NodeName=gpu01 Gres=gpu:h100:4(S:0,1) State=IDLE')).toBe(4);
    expect(gresGpuCount('NodeName=cpu01 Gres=(null) State=IDLE')).toBeNull();
    // MIG profiles count instances, not physical GPUs: no expectation.
    expect(gresGpuCount('NodeName=gpu01 Gres=gpu:1g.10gb:7,gpu:3g.40gb:2 State=IDLE')).toBeNull();
    expect(gresGpuCount('NodeName=cpu01 State=IDLE')).toBeNull();
  });

  it('reads State and Reason from scontrol show node -o', () => {
    expect(parseNodeLine('NodeName=gpu02 Arch=x86_64 State=IDLE+DRAIN ThreadsPerCore=1 Reason=gpuenv: ecc-errors GPU 0 [root@2026-12-01T10:00:00]\n')).toEqual({
      state: 'IDLE+DRAIN',
      reason: 'gpuenv: ecc-errors GPU 0',
    });
    expect(parseNodeLine('NodeName=gpu01 State=IDLE ThreadsPerCore=1')).toEqual({ state: 'IDLE', reason: null });
    expect(parseNodeLine('garbage')).toBeNull();
  });
});

describe('durations and host lists', () => {
  it('parses durations and refuses nonsense', () => {
    expect(parseDuration('5m', '--every')).toBe(300);
    expect(parseDuration('30', '--every')).toBe(30);
    expect(() => parseDuration('0s', '--every')).toThrow(/--every 0s/);
    expect(() => parseDuration('5 minutes', '--every')).toThrow();
  });

  it('expands what hostlist() compresses', () => {
    const names = ['gpu01', 'gpu02', 'gpu04', 'gpu10', 'login'];
    expect(expandHostlist(hostlist(names))!.sort()).toEqual([...names].sort());
    expect(expandHostlist('node[1-3]-ib')).toEqual(['node1-ib', 'node2-ib', 'node3-ib']);
    expect(expandHostlist('gpu[01-')).toBeNull();
    expect(expandHostlist('gpu[1-999999]')).toBeNull();
    expect(expandHostlist('a;rm -rf /')).toBeNull();
  });
});

describe('applySlurmDrain decisions (scontrol answers scripted; the real cluster is in test/fleet/run-engines.test.ts)', () => {
  const result = (status: HealthResult['status']): HealthResult => ({
    kind: 'gpuenv-health',
    schemaVersion: 1,
    node: { name: 'gpu01', engine: 'slurm', jobId: null, visibleDevices: null },
    takenAt: '',
    durationMs: 0,
    status,
    overallSeverity: status === 'error' ? 'error' : 'none',
    checks: [],
    drain: status === 'error' ? ['ecc-errors'] : [],
    retried: [],
    snapshot: null,
    findings:
      status === 'error'
        ? [{ code: 'ecc-errors', severity: 'error', title: 'GPU 0 has "uncorrectable"\nmemory errors', cause: '', evidence: [], fix: [] }]
        : [],
  });
  const scripted = (show: string) => {
    const calls: string[][] = [];
    const run: Runner = async (command, args) => {
      calls.push([command, ...args]);
      return {
        command,
        args,
        exitCode: 0,
        signal: null,
        stdout: args[0] === 'show' ? show : '',
        stderr: '',
        failed: false,
        timedOut: false,
        notFound: false,
        durationMs: 1,
      };
    };
    return { run, calls };
  };

  it('drains with a one-line reason without quotes', async () => {
    const s = scripted('NodeName=gpu01 State=IDLE ThreadsPerCore=1\n');
    expect((await applySlurmDrain(result('error'), 'gpu01', false, s.run)).action).toBe('drained');
    expect(s.calls[1]).toEqual(['scontrol', 'update', 'nodename=gpu01', 'state=drain', 'reason=gpuenv: ecc-errors GPU 0 has uncorrectable memory errors']);
  });

  it("does not resume a gpuenv drain on a node that is also DOWN, nor act on another node's answer, nor on no name", async () => {
    const down = scripted('NodeName=gpu01 State=DOWN+DRAIN Reason=gpuenv: x [root@t]\n');
    expect((await applySlurmDrain(result('ok'), 'gpu01', false, down.run)).action).toBe('skipped');
    expect(down.calls).toHaveLength(1);
    const other = scripted('NodeName=gpu07 State=IDLE+DRAIN Reason=gpuenv: x [root@t]\n');
    expect((await applySlurmDrain(result('ok'), 'gpu01', false, other.run)).action).toBe('failed');
    const none = scripted('');
    expect((await applySlurmDrain(result('error'), '', false, none.run)).action).toBe('failed');
    expect(none.calls).toEqual([]);
  });

  it('unknown leaves the node alone unless --fail-closed', async () => {
    const s = scripted('NodeName=gpu01 State=IDLE\n');
    expect((await applySlurmDrain(result('unknown'), 'gpu01', false, s.run)).action).toBe('none');
    expect((await applySlurmDrain(result('unknown'), 'gpu01', true, s.run)).action).toBe('drained');
  });
});
