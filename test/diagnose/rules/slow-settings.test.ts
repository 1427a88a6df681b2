// slow-settings through its one rule: the debug-env-a100 machine (two GPUs, CUDA_LAUNCH_BLOCKING=1, NCCL_P2P_DISABLE=1,
// NCCL_DEBUG=INFO, NCCL_IB_DISABLE=0), the real H200 snapshot with variables set in a copy of its environment, and
// pastes: an `env` listing and NCCL's own "set by environment" line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/slow-settings.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { snapshotOf } from '../../helpers/machines.js';

beforeAll(() => setLang('en'));
afterEach(() => setLang('en'));

const h200 = (): Snapshot => JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/snapshots/h200.json'), 'utf8'));
const h200With = (env: Record<string, string>): Snapshot => {
  const s = h200();
  Object.assign(s.env, env);
  return s;
};
const run = (s: Snapshot) => rule.check(machineInput(s));
const one = (s: Snapshot) => {
  const found = run(s);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('slow-settings: a machine', () => {
  it('debug-env-a100: one finding listing every setting, one evidence line each, unset lines and where to look', async () => {
    const f = one(await snapshotOf('debug-env-a100', 300));
    expect(f.severity).toBe('warning');
    expect(f.title).toBe('Settings that slow GPU work down: CUDA_LAUNCH_BLOCKING=1, NCCL_P2P_DISABLE=1, NCCL_DEBUG=INFO');
    // NCCL_IB_DISABLE=0 switches nothing off.
    expect(f.evidence).toEqual([
      { fact: 'CUDA_LAUNCH_BLOCKING', value: '1', source: 'env:CUDA_LAUNCH_BLOCKING' },
      { fact: 'NCCL_P2P_DISABLE', value: '1', source: 'env:NCCL_P2P_DISABLE' },
      { fact: 'NCCL_DEBUG', value: 'INFO', source: 'env:NCCL_DEBUG' },
    ]);
    expect(f.cause).toContain('every kernel launch waits until the kernel has finished');
    expect(f.cause).toContain('traffic goes through host memory');
    expect(f.cause).not.toContain('With one GPU here');
    expect(f.fix.slice(0, 4)).toEqual(['# for this shell:', 'unset CUDA_LAUNCH_BLOCKING', 'unset NCCL_P2P_DISABLE', 'unset NCCL_DEBUG']);
    expect(f.fix).toContain(
      "grep -nE 'CUDA_LAUNCH_BLOCKING|NCCL_P2P_DISABLE|NCCL_DEBUG' ~/.bashrc ~/.bash_profile ~/.profile ~/.zshrc /etc/environment /etc/profile.d/*.sh /etc/nccl.conf ~/.nccl.conf 2>/dev/null",
    );
    expect(f.fix).toContain('nvidia-smi topo -m');
    // Not a container: no line about images.
    expect(f.fix.some((l) => l.includes('Dockerfile'))).toBe(false);
  });

  it('the real H200 as it is: nothing', () => {
    expect(run(h200())).toEqual([]);
  });

  it('the real H200 with NCCL_P2P_DISABLE=1: info, since its one GPU has no peer', () => {
    const f = one(h200With({ NCCL_P2P_DISABLE: '1' }));
    expect(f.severity).toBe('info');
    expect(f.cause).toContain('With one GPU here it changes nothing');
    expect(f.fix).toContain(
      'grep -n NCCL_P2P_DISABLE ~/.bashrc ~/.bash_profile ~/.profile ~/.zshrc /etc/environment /etc/profile.d/*.sh /etc/nccl.conf ~/.nccl.conf 2>/dev/null',
    );
    // The H200 snapshot was taken in a Docker container.
    expect(f.fix.some((l) => l.includes('ENV in its Dockerfile'))).toBe(true);
  });

  it('the real H200 with CUDA_LAUNCH_BLOCKING=1: a warning', () => {
    const f = one(h200With({ CUDA_LAUNCH_BLOCKING: '1' }));
    expect(f.severity).toBe('warning');
    expect(f.fix).toEqual(expect.arrayContaining(['unset CUDA_LAUNCH_BLOCKING']));
    // No NCCL variable: no NCCL files to search.
    expect(f.fix.some((l) => l.includes('nccl.conf'))).toBe(false);
  });

  it('values that switch nothing off are no finding', () => {
    expect(
      run(
        h200With({
          NCCL_P2P_DISABLE: '0',
          CUDA_LAUNCH_BLOCKING: '0',
          NCCL_DEBUG: 'WARN',
          NCCL_P2P_LEVEL: 'SYS',
          NCCL_NET: 'IB',
          CUDA_DEVICE_MAX_CONNECTIONS: '8',
          CUDA_CACHE_DISABLE: '0',
        }),
      ),
    ).toEqual([]);
  });

  it('PYTORCH_NO_CUDA_MEMORY_CACHING=0 is off for torch 2.11 but on for torch before 2.7 (any value counted)', () => {
    expect(run(h200With({ PYTORCH_NO_CUDA_MEMORY_CACHING: '0' }))).toEqual([]);
    const s = h200With({ PYTORCH_NO_CUDA_MEMORY_CACHING: '0' });
    const torch = s.python.flatMap((e) => e.packages).find((p) => p.name === 'torch')!;
    torch.version = '2.5.1+cu124';
    const f = one(s);
    expect(f.severity).toBe('warning');
    expect(f.cause).toContain('torch 2.5.1+cu124 (before 2.7) turns caching off whenever the variable is set, even to 0');
    expect(one(h200With({ PYTORCH_NO_CUDA_MEMORY_CACHING: '1' })).severity).toBe('warning');
  });

  it('several GPUs: P2P and SHM both off sends local traffic over the network (warning); NVL limits P2P to NVLink (info)', async () => {
    const s = await snapshotOf('debug-env-a100', 300);
    Object.assign(s.env, { NCCL_SHM_DISABLE: '1', NCCL_P2P_LEVEL: 'NVL' });
    const f = one(s);
    expect(f.cause).toContain('With P2P off as well, every transfer between GPUs of this machine takes the network.');
    expect(f.evidence.map((e) => e.fact)).toEqual(['CUDA_LAUNCH_BLOCKING', 'NCCL_P2P_DISABLE', 'NCCL_P2P_LEVEL', 'NCCL_SHM_DISABLE', 'NCCL_DEBUG']);
    expect(f.cause).toContain('NCCL uses P2P only between GPUs joined by NVLink');
  });

  it('NCCL_P2P_LEVEL=LOC is P2P off; NVL on one GPU takes nothing away', () => {
    expect(one(h200With({ NCCL_P2P_LEVEL: 'LOC' })).cause).toContain('the same as switching P2P off');
    expect(run(h200With({ NCCL_P2P_LEVEL: 'NVL' }))).toEqual([]);
  });

  it('settings made on purpose are info and say so', () => {
    const f = one(h200With({ CUDA_DEVICE_MAX_CONNECTIONS: '1', NCCL_IB_DISABLE: '1', TORCH_NCCL_BLOCKING_WAIT: '1' }));
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Debugging and tuning settings in the environment: NCCL_IB_DISABLE=1, CUDA_DEVICE_MAX_CONNECTIONS=1, TORCH_NCCL_BLOCKING_WAIT=1');
    expect(f.cause).toContain('Megatron-LM sets it on purpose');
    expect(f.cause).toContain('gpuenv does not record');
    expect(f.fix).toContain('ls /sys/class/infiniband 2>/dev/null');
  });

  it('a machine without any GPU: nothing to slow down', () => {
    const s = h200With({ CUDA_LAUNCH_BLOCKING: '1' });
    s.gpus = [];
    s.pciGpus = [];
    expect(run(s)).toEqual([]);
  });

  it('speaks Chinese', () => {
    setLang('zh-CN');
    const f = one(h200With({ CUDA_LAUNCH_BLOCKING: '1' }));
    expect(f.title).toBe('拖慢 GPU 运行的设置：CUDA_LAUNCH_BLOCKING=1');
    expect(f.fix).toContain('unset CUDA_LAUNCH_BLOCKING');
  });
});

describe('slow-settings: a text', () => {
  it('a pasted env listing: the settings in it, sourced to the paste; NCCL_DEBUG left out (a log is made with it)', async () => {
    const text = "$ env | grep -E 'NCCL|CUDA'\nCUDA_HOME=/usr/local/cuda\nNCCL_P2P_DISABLE=1\nCUDA_LAUNCH_BLOCKING=1\nNCCL_DEBUG=INFO\n";
    const f = (await explainText(text)).findings.find((x) => x.code === 'slow-settings');
    expect(f?.severity).toBe('warning');
    expect(f?.evidence).toEqual([
      { fact: 'CUDA_LAUNCH_BLOCKING', value: '1', source: 'pasted' },
      { fact: 'NCCL_P2P_DISABLE', value: '1', source: 'pasted' },
    ]);
  });

  it("NCCL's own log line says what it read from the environment", async () => {
    const text = [
      'node1:1234:1234 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1.',
      'node1:1234:1234 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via SHM/direct/direct',
    ].join('\n');
    const f = (await explainText(text)).findings.find((x) => x.code === 'slow-settings');
    expect(f?.title).toBe('Settings that slow GPU work down: NCCL_P2P_DISABLE=1');
    expect(f?.fix).toContain('unset NCCL_P2P_DISABLE');
  });

  it('advice inside a message sets nothing: "For debugging consider passing CUDA_LAUNCH_BLOCKING=1"', async () => {
    const text = [
      'RuntimeError: CUDA error: an illegal memory access was encountered',
      'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.',
      'For debugging consider passing CUDA_LAUNCH_BLOCKING=1.',
    ].join('\n');
    expect((await explainText(text)).findings.some((x) => x.code === 'slow-settings')).toBe(false);
  });
});
