// Proves the Slurm rig (test/rigs/slurm-rig.sh via test/helpers/slurm-rig.ts): 3 nodes with their own names and
// hostnames, fake GPUs accounted through --gres, drain/resume visible in nodeState, per-node srun output files.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSlurm, runWithTimeout, startSlurmRig, type SlurmRig } from '../helpers/slurm-rig.js';

describe.skipIf(!requireSlurm())('slurm rig', () => {
  let rig: SlurmRig | undefined;
  const r = (): SlurmRig => {
    if (!rig) throw new Error('rig did not start');
    return rig;
  };
  const srun = async (args: string[]): Promise<string> => {
    const res = await runWithTimeout('srun', args, { env: { ...process.env, ...r().env }, timeoutMs: 10_000 });
    if (res.code !== 0) throw new Error(`srun ${args.join(' ')} failed (${res.code}): ${res.stderr}`);
    return res.stdout;
  };

  beforeAll(async () => {
    rig = await startSlurmRig({ nodes: 3 });
  }, 45_000);
  afterAll(async () => {
    await rig?.stop();
  }, 30_000);

  it('starts 3 idle nodes gpu01..gpu03', async () => {
    expect(r().nodes).toEqual(['gpu01', 'gpu02', 'gpu03']);
    expect(r().env.SLURM_CONF).toBe(join(r().dir, 'etc', 'slurm.conf'));
    for (const n of r().nodes) expect(await r().nodeState(n)).toEqual({ state: 'IDLE', reason: null });
  });

  it('srun -N3 runs one task per node with that node name and its own hostname', async () => {
    const out = await srun(['-N3', '--ntasks-per-node=1', 'bash', '-c', 'echo "$SLURMD_NODENAME $(hostname)"']);
    expect(out.trim().split('\n').sort()).toEqual(['gpu01 gpu01', 'gpu02 gpu02', 'gpu03 gpu03']);
  });

  it('--gres=gpu:2 gives CUDA_VISIBLE_DEVICES=0,1', async () => {
    const out = await srun(['-N1', '--gres=gpu:2', 'bash', '-c', 'echo "CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"']);
    expect(out.trim()).toBe('CUDA_VISIBLE_DEVICES=0,1');
  });

  it('drain shows in nodeState with its reason, resume clears it', async () => {
    await r().scontrol(['update', 'nodename=gpu02', 'state=drain', 'reason=x']);
    const drained = await r().nodeState('gpu02');
    expect(drained.state).toMatch(/DRAIN/);
    expect(drained.reason).toBe('x');
    expect((await r().nodeState('gpu01')).state).toBe('IDLE');
    await r().scontrol(['update', 'nodename=gpu02', 'state=resume']);
    // Slurm shows IDLE+NOT_RESPONDING until its next ping of the node (~1 s)
    expect(await r().waitNodeState('gpu02')).toEqual({ state: 'IDLE', reason: null });
    expect((await r().nodeState('gpu02')).reason).toBeNull();
  });

  it('srun -o DIR/%N.json -e DIR/%N.err writes one file pair per node', async () => {
    const dir = join(r().dir, 'out');
    mkdirSync(dir, { recursive: true });
    const script = 'echo "{\\"node\\":\\"$SLURMD_NODENAME\\",\\"hostname\\":\\"$(hostname)\\"}"; echo "warn $SLURMD_NODENAME" >&2';
    await srun(['-N3', '--ntasks-per-node=1', '-o', join(dir, '%N.json'), '-e', join(dir, '%N.err'), 'bash', '-c', script]);
    for (const n of r().nodes) {
      expect(existsSync(join(dir, `${n}.json`))).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, `${n}.json`), 'utf8'))).toEqual({ node: n, hostname: n });
      expect(readFileSync(join(dir, `${n}.err`), 'utf8').trim()).toBe(`warn ${n}`);
    }
  });
});
