// gpus-hidden: CUDA's reading of CUDA_VISIBLE_DEVICES (the CUDA Programming Guide's rules and what an H200 really did),
// the rule over the real H200 Snapshot with the variable changed, Slurm, containers, a machine fixture and pastes.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diagnose, machineInput } from '../../../src/diagnose/index.js';
import { readVisibleDevices, rule } from '../../../src/diagnose/rules/gpus-hidden.js';
import { setLang } from '../../../src/i18n/index.js';
import { readSnapshotFile } from '../../../src/snapshot/read.js';
import type { Gpu, Snapshot } from '../../../src/snapshot/types.js';
import { explainText } from '../../../src/explain/index.js';
import { explain, find } from '../../helpers/explain.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, gpu } from '../../helpers/snapshot-builder.js';

const H200 = join(import.meta.dirname, '../../fixtures/snapshots/h200.json');
const h200 = () => readSnapshotFile(H200);
const withEnv = (s: Snapshot, env: Record<string, string>): Snapshot => ({ ...s, env: { ...s.env, ...env } });
const check = (s: Snapshot) => rule.check(machineInput(s));

const uuids = ['GPU-5b6d89f4-ea57-a6d9-b9bb-2469c9a9bef4', 'GPU-5b01c2d3-0000-1111-2222-333344445555', 'GPU-a0b1c2d3-7a1b-4c2d-9e3f-a0b1c2d3e4f5'];
const gpus = (n: number, over: Partial<Gpu> = {}): Gpu[] =>
  Array.from({ length: n }, (_, i) => ({ ...gpu('NVIDIA H100 80GB HBM3', '9.0', i), uuid: uuids[i] ?? null, ...over }));
const seen = (value: string, list: Gpu[]) => {
  const r = readVisibleDevices(value, list);
  return { visible: r.visible.map((v) => v.gpu?.index ?? v.entry), stop: r.stop?.why ?? null, unknown: r.unknown };
};

afterEach(() => setLang('en'));

describe("readVisibleDevices: CUDA's reading of the list", () => {
  it.each([
    ['"" (set, empty): none', '', 3, [], null],
    ['the Programming Guide example 0,2,-1,1: 0 and 2', '0,2,-1,1', 3, [0, 2], 'word'],
    ['0,7,1 on 2 GPUs: stops at 7', '0,7,1', 2, [0], 'index'],
    ['7,0 (measured): none', '7,0', 2, [], 'index'],
    ['0,0 (measured: error 101): a duplicate voids the list', '0,0', 2, [], 'duplicate'],
    ['0 and its own UUID: a duplicate too', `0,${uuids[0]}`, 2, [], 'duplicate'],
    ['2,1: reordered', '2,1', 3, [2, 1], null],
    ['" 0" (measured): blanks are skipped', ' 0', 1, [0], null],
    ['a unique UUID prefix', 'GPU-a0b1', 3, [2], null],
    ['an upper-case UUID (measured: CUDA accepts it)', uuids[0]!.toUpperCase(), 2, [0], null],
    ['a prefix of two UUIDs', 'GPU-5b', 2, [], 'ambiguous'],
    ['the bare "GPU-" (measured: no device)', 'GPU-', 2, [], 'word'],
    ['a UUID of no GPU here', 'GPU-deadbeef', 2, [], 'uuid'],
    ['a MIG id with MIG off everywhere', 'MIG-9d1b3a4f-0000-1111-2222-333344445555', 2, [], 'mig'],
    ['NoDevFiles (Slurm, no GPU given)', 'NoDevFiles', 2, [], 'word'],
  ])('%s', (_name, value, n, visible, stop) => {
    expect(seen(value, gpus(n))).toEqual({ visible, stop, unknown: false });
  });

  it('takes a MIG id at its word when a GPU has MIG on (MIG devices are not in the Snapshot)', () => {
    const list = gpus(1, { migMode: { current: true, pending: true } });
    expect(seen('MIG-9d1b3a4f-0000-1111-2222-333344445555', list)).toEqual({
      visible: ['MIG-9d1b3a4f-0000-1111-2222-333344445555'],
      stop: null,
      unknown: false,
    });
  });

  it('cannot judge a UUID while a GPU has no UUID recorded', () => {
    expect(seen('GPU-deadbeef', gpus(2, { uuid: null })).unknown).toBe(true);
  });
});

describe('gpus-hidden on the real H200 Snapshot', () => {
  it('unchanged (NVIDIA_VISIBLE_DEVICES=0 inside its container, no CUDA_VISIBLE_DEVICES): nothing', async () => {
    const s = await h200();
    expect(s.env.NVIDIA_VISIBLE_DEVICES).toBe('0');
    expect(check(s)).toEqual([]);
    expect((await diagnose(s)).findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('CUDA_VISIBLE_DEVICES="" → error: the variable, the GPU the driver shows, unset or export 0', async () => {
    const [f, ...rest] = check(withEnv(await h200(), { CUDA_VISIBLE_DEVICES: '' }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ code: 'gpus-hidden', severity: 'error', subject: 'env:CUDA_VISIBLE_DEVICES' });
    expect(f!.title).toBe('CUDA_VISIBLE_DEVICES="" hides every GPU from CUDA programs');
    expect(f!.cause).toContain('set to an empty string');
    expect(f!.cause).toContain('1 GPU (0: NVIDIA H200)');
    expect(f!.evidence).toContainEqual({ fact: 'CUDA_VISIBLE_DEVICES', value: '""', source: 'env:CUDA_VISIBLE_DEVICES' });
    expect(f!.fix).toEqual(
      expect.arrayContaining([
        'nvidia-smi -L',
        'unset CUDA_VISIBLE_DEVICES',
        'export CUDA_VISIBLE_DEVICES=0',
        '/opt/torch/.venv/bin/python3 -c "import torch; print(torch.cuda.device_count())"',
      ]),
    );
  });

  it('CUDA_VISIBLE_DEVICES=3 → error naming entry 3 and the only index, 0', async () => {
    const [f] = check(withEnv(await h200(), { CUDA_VISIBLE_DEVICES: '3' }));
    expect(f?.severity).toBe('error');
    expect(f?.cause).toContain('Entry 3 is not a GPU index on this machine: the driver lists 1 GPU (0: NVIDIA H200), whose only index is 0.');
    expect(f?.cause).toContain('programs see no GPU at all');
    expect(f?.fix).toContain('export CUDA_VISIBLE_DEVICES=0');
  });

  it('CUDA_VISIBLE_DEVICES=0,7 → warning: 1 of the 2 it names, export 0', async () => {
    const [f] = check(withEnv(await h200(), { CUDA_VISIBLE_DEVICES: '0,7' }));
    expect(f).toMatchObject({ severity: 'warning', title: 'CUDA_VISIBLE_DEVICES=0,7: CUDA programs see 1 of the 2 GPUs it names' });
    expect(f?.cause).toContain('programs see only GPU 0 (NVIDIA H200).');
    expect(f?.cause).not.toContain('numbered from 0');
  });

  it('its own UUID or a prefix of it → nothing; a typo in it → error', async () => {
    const s = await h200();
    const uuid = s.gpus[0]!.uuid!;
    expect(check(withEnv(s, { CUDA_VISIBLE_DEVICES: uuid }))).toEqual([]);
    expect(check(withEnv(s, { CUDA_VISIBLE_DEVICES: uuid.slice(0, 8) }))).toEqual([]);
    const [f] = check(withEnv(s, { CUDA_VISIBLE_DEVICES: 'GPU-29baa583-21c2-220b-d45d-eb6b5dec9414' }));
    expect(f?.severity).toBe('error');
    expect(f?.cause).toContain(`nvidia-smi -L lists ${uuid}`);
  });

  it('doctor --snapshot: "" and "3" make errors, so the exit code is 1', async () => {
    for (const value of ['', '3']) {
      const { findings } = await diagnose(withEnv(await h200(), { CUDA_VISIBLE_DEVICES: value }));
      expect(findings.filter((f) => f.severity === 'error').map((f) => f.code)).toEqual(['gpus-hidden']);
    }
  });
});

describe('gpus-hidden on other machines', () => {
  it('0,7,1 on two GPUs: warning; export keeps 0 and 1, the GPUs it meant', () => {
    const [f] = check(buildSnapshot({ gpus: gpus(2), env: { CUDA_VISIBLE_DEVICES: '0,7,1' } }));
    expect(f?.severity).toBe('warning');
    expect(f?.fix).toContain('export CUDA_VISIBLE_DEVICES=0,1');
  });

  it('2,9 on four GPUs: they are renumbered, cuda:0 is GPU 2', () => {
    const [f] = check(buildSnapshot({ gpus: gpus(4), env: { CUDA_VISIBLE_DEVICES: '2,9' } }));
    expect(f?.cause).toContain('cuda:0 is GPU 2');
  });

  it('a narrower list that exists (0 of 8) is a choice, not a finding', () => {
    expect(check(buildSnapshot({ gpus: gpus(8), env: { CUDA_VISIBLE_DEVICES: '0' } }))).toEqual([]);
    expect(check(buildSnapshot({ gpus: gpus(2) }))).toEqual([]);
  });

  it('no GPU listed by the driver: that is no-gpu / driver-not-loaded, not this rule', () => {
    expect(check(buildSnapshot({ env: { CUDA_VISIBLE_DEVICES: '' } }))).toEqual([]);
  });

  it('inside a Slurm job: no unset; the job has to ask for GPUs (srun --gpus, #SBATCH --gpus)', () => {
    const s = buildSnapshot({
      gpus: gpus(4),
      node: { name: 'gpu07', engine: 'slurm', jobId: '81234', visibleDevices: 'NoDevFiles' },
      env: { CUDA_VISIBLE_DEVICES: 'NoDevFiles', SLURM_JOB_GPUS: '' },
    });
    const [f] = check(s);
    expect(f?.severity).toBe('error');
    expect(f?.cause).toContain('NoDevFiles is what Slurm writes when a job was given no GPU.');
    expect(f?.cause).toContain('This is Slurm job 81234');
    expect(f?.fix).not.toContain('unset CUDA_VISIBLE_DEVICES');
    expect(f?.fix).toContain('srun --gpus=4 nvidia-smi -L');
    expect(f?.fix.some((l) => l.includes('#SBATCH --gpus=N'))).toBe(true);
    expect(f?.evidence).toContainEqual({ fact: 'SLURM_JOB_GPUS', value: '', source: 'env:SLURM_JOB_GPUS' });
  });

  it('on a Slurm node outside a job the variable is the shell user’s own: unset applies', () => {
    const s = buildSnapshot({ gpus: gpus(2), node: { name: 'gpu07', engine: 'slurm', jobId: null, visibleDevices: '' }, env: { CUDA_VISIBLE_DEVICES: '' } });
    expect(check(s)[0]?.fix).toContain('unset CUDA_VISIBLE_DEVICES');
  });

  it('a container created with NVIDIA_VISIBLE_DEVICES=void / none / "": error; the fix is on the host', () => {
    for (const value of ['void', 'none', '']) {
      const s = buildSnapshot({ os: { container: { value: 'docker', source: 'file:/.dockerenv' } }, env: { NVIDIA_VISIBLE_DEVICES: value } });
      const [f] = check(s);
      expect(f).toMatchObject({ severity: 'error', subject: 'env:NVIDIA_VISIBLE_DEVICES' });
      expect(f?.fix).toContain('docker run --rm --gpus all <image> nvidia-smi -L');
      expect(f?.fix).not.toContain('unset CUDA_VISIBLE_DEVICES');
    }
  });

  it('NVIDIA_VISIBLE_DEVICES holds host indices: never compared with the GPUs inside, nor read outside a container', () => {
    const inside = buildSnapshot({ os: { container: { value: 'docker', source: 'file:/.dockerenv' } }, gpus: gpus(1), env: { NVIDIA_VISIBLE_DEVICES: '5' } });
    expect(check(inside)).toEqual([]);
    expect(check(buildSnapshot({ env: { NVIDIA_VISIBLE_DEVICES: 'void' } }))).toEqual([]);
  });

  it('in Chinese', async () => {
    setLang('zh-CN');
    const [f] = check(withEnv(await h200(), { CUDA_VISIBLE_DEVICES: '' }));
    expect(f?.title).toBe('CUDA_VISIBLE_DEVICES="" 让 CUDA 程序看不到任何 GPU');
    expect(f?.fix).toContain('# 让这个 shell 启动的程序看到所有 GPU：');
  });
});

describe('gpus-hidden through a machine fixture', () => {
  it('h200-cvd-empty: error, with the native CUDA child saying CUDA_ERROR_NO_DEVICE', async () => {
    const { findings } = await diagnose(await snapshotOf('h200-cvd-empty', 300));
    const f = findings.find((x) => x.code === 'gpus-hidden');
    expect(f?.severity).toBe('error');
    expect(f?.evidence).toContainEqual({ fact: 'CUDA driver initialisation (cuInit)', value: 'CUDA_ERROR_NO_DEVICE', source: 'cuda-driver:cuInit' });
  });
});

describe('gpus-hidden from a paste', () => {
  it('an empty CUDA_VISIBLE_DEVICES and torch seeing no GPU: ranked first, above no-gpu', async () => {
    const r = await explain(
      [
        '$ export CUDA_VISIBLE_DEVICES=',
        '$ python -c "import torch; print(torch.__version__, torch.cuda.is_available())"',
        '2.11.0+cu130 False',
        'nvidia-smi shows the GPU but torch.cuda.is_available() returns False',
      ].join('\n'),
    );
    expect(r.findings[0]?.code).toBe('gpus-hidden');
    expect(r.findings[0]?.evidence).toContainEqual({ fact: 'CUDA_VISIBLE_DEVICES', value: '""', source: 'pasted:env' });
    expect(r.findings[0]?.cause).toContain('whatever the machine has');
    const noGpu = find(r, 'no-gpu');
    if (noGpu) expect(r.findings.indexOf(noGpu)).toBeGreaterThan(0);
  });

  it('CUDA_VISIBLE_DEVICES=3 with nvidia-smi -L listing one GPU and "No CUDA GPUs are available": error about entry 3', async () => {
    const r = await explain(
      [
        '$ env | grep CUDA',
        'CUDA_VISIBLE_DEVICES=3',
        '$ nvidia-smi -L',
        'GPU 0: NVIDIA H200 (UUID: GPU-5b6d89f4-ea57-a6d9-b9bb-2469c9a9bef4)',
        '$ python -c "import torch; torch.zeros(1, device=\'cuda\')"',
        'RuntimeError: No CUDA GPUs are available',
      ].join('\n'),
    );
    expect(r.findings[0]?.code).toBe('gpus-hidden');
    expect(r.findings[0]?.severity).toBe('error');
    expect(r.findings[0]?.cause).toContain('Entry 3 is not a GPU index');
  });

  it('a listing where the variable names GPUs that exist: nothing', async () => {
    const r = await explain(['CUDA_VISIBLE_DEVICES=0', 'GPU 0: NVIDIA H200 (UUID: GPU-5b6d89f4-ea57-a6d9-b9bb-2469c9a9bef4)'].join('\n'));
    expect(find(r, 'gpus-hidden')).toBeUndefined();
  });
});

describe('gpus-hidden: a paste that shows only indices from 1 up, and CUDA seeing no device', () => {
  const cases: { name: string; lines: string[]; first: boolean }[] = [
    {
      name: 'an export of 2 and "No CUDA GPUs are available"',
      lines: ['export CUDA_VISIBLE_DEVICES=2', 'RuntimeError: No CUDA GPUs are available'],
      first: true,
    },
    {
      name: 'os.environ of "1,3" and CUDA_ERROR_NO_DEVICE',
      lines: ['os.environ["CUDA_VISIBLE_DEVICES"] = "1,3"', 'cuInit failed: CUDA_ERROR_NO_DEVICE'],
      first: true,
    },
    {
      name: 'index 0 exists wherever a GPU does: not the cause',
      lines: ['export CUDA_VISIBLE_DEVICES=0,1', 'RuntimeError: No CUDA GPUs are available'],
      first: false,
    },
    { name: 'no message that CUDA sees nothing: silent', lines: ['export CUDA_VISIBLE_DEVICES=1', 'python train.py'], first: false },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      setLang('en');
      const r = await explainText(c.lines.join('\n'));
      const f = r.findings.find((x) => x.code === 'gpus-hidden');
      if (!c.first) {
        expect(f).toBeUndefined();
        return;
      }
      expect(r.findings[0]?.code).toBe('gpus-hidden');
      expect(f?.title).toContain('may name a GPU that does not exist');
      expect(f?.fix).toContain('nvidia-smi -L');
      expect(f?.fix).toContain('export CUDA_VISIBLE_DEVICES=0');
    });
  }
});
