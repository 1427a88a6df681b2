// Node identity in JSON results, and --out-dir writing one file per node (what a fleet fan-out collects).
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { nodeFileName } from '../../src/fleet/node.js';
import { nodeIdentity } from '../../src/probe/node-identity.js';
import { loadMachine } from '../../src/system/fixture.js';
import { fakeIo } from '../helpers/io.js';
import { machinesDir } from '../helpers/machines.js';

const work = mkdtempSync(join(tmpdir(), 'gpuenv-node-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('nodeIdentity', () => {
  it('takes --node-name, then SLURMD_NODENAME, then NODE_NAME, then the short hostname', () => {
    expect(nodeIdentity({ SLURMD_NODENAME: 'gpu03', NODE_NAME: 'k8s-1' }, 'host.lab.example', 'mine').name).toBe('mine');
    expect(nodeIdentity({ SLURMD_NODENAME: 'gpu03', NODE_NAME: 'k8s-1' }, 'host.lab.example').name).toBe('gpu03');
    expect(nodeIdentity({ NODE_NAME: 'k8s-1' }, 'host.lab.example').name).toBe('k8s-1');
    expect(nodeIdentity({}, 'host.lab.example').name).toBe('host');
    expect(nodeIdentity({}, null).name).toBe('unknown');
  });

  it('names the engine, the job and the GPUs the run was given', () => {
    expect(nodeIdentity({ SLURMD_NODENAME: 'gpu03', SLURM_JOB_ID: '4242', SLURM_JOB_GPUS: '2,3' }, 'x')).toEqual({
      name: 'gpu03',
      engine: 'slurm',
      jobId: '4242',
      visibleDevices: '2,3',
    });
    expect(nodeIdentity({ KUBERNETES_SERVICE_HOST: '10.0.0.1', NODE_NAME: 'n1', POD_NAME: 'gpuenv-abc', CUDA_VISIBLE_DEVICES: '0' }, 'x')).toEqual({
      name: 'n1',
      engine: 'kubernetes',
      jobId: 'gpuenv-abc',
      visibleDevices: '0',
    });
    expect(nodeIdentity({ SSH_CONNECTION: '1 2 3 4' }, 'x').engine).toBe('ssh');
    // An empty CUDA_VISIBLE_DEVICES hides every GPU: that is what the run was given.
    expect(nodeIdentity({ CUDA_VISIBLE_DEVICES: '' }, 'x')).toMatchObject({ engine: 'local', jobId: null, visibleDevices: '' });
  });

  it('makes a file name that stays in the folder', () => {
    expect(nodeFileName('gpu[01]')).toBe('gpu_01_.json');
    expect(nodeFileName('../../etc/passwd')).toBe('__.._etc_passwd.json');
    expect(nodeFileName('..')).toBe('_.json');
    expect(nodeFileName('')).toBe('unknown.json');
  });
});

async function onNode(env: Record<string, string>, args: string[]) {
  const dir = mkdtempSync(join(work, 'machine-'));
  cpSync(join(machinesDir, 'h200'), dir, { recursive: true, verbatimSymlinks: true });
  const spec = JSON.parse(readFileSync(join(dir, 'machine.json'), 'utf8'));
  spec.env = { ...spec.env, ...env };
  writeFileSync(join(dir, 'machine.json'), JSON.stringify(spec));
  const sys = await loadMachine(dir);
  const io = { ...fakeIo(), cwd: work };
  const code = await main([...args, '--timeout', '0.3'], { io, system: async () => sys });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('--out-dir', () => {
  it('doctor under Slurm writes DIR/<node>.json with the node, and nothing on stdout', async () => {
    const r = await onNode({ SLURMD_NODENAME: 'gpu03', SLURM_JOB_ID: '42', CUDA_VISIBLE_DEVICES: '0' }, ['doctor', '--out-dir', 'results']);
    expect(r.code).toBeLessThan(2);
    expect(r.out).toBe('');
    const doc = JSON.parse(readFileSync(join(work, 'results', 'gpu03.json'), 'utf8'));
    expect(doc.node).toEqual({ name: 'gpu03', engine: 'slurm', jobId: '42', visibleDevices: '0' });
    expect(doc.snapshot.node.name).toBe('gpu03');
    expect(Array.isArray(doc.findings)).toBe(true);
  });

  it("snapshot --out-dir with --node-name; a second run replaces that node's file", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await onNode({}, ['snapshot', '--out-dir', join(work, 'snaps'), '--node-name', 'rack2-n7']);
      expect(r).toMatchObject({ code: 0, out: '' });
    }
    expect(readdirSync(join(work, 'snaps'))).toEqual(['rack2-n7.json']);
    expect(JSON.parse(readFileSync(join(work, 'snaps', 'rack2-n7.json'), 'utf8')).node.name).toBe('rack2-n7');
  });

  it('-o and --out-dir together is a usage error', async () => {
    const r = await onNode({}, ['snapshot', '-o', 'x.json', '--out-dir', 'd']);
    expect(r.code).toBe(2);
  });

  it('bench --out-dir without a GPU writes the no-GPU result for the node', async () => {
    const dir = mkdtempSync(join(work, 'bench-'));
    cpSync(join(machinesDir, 'cpu-only-toolkit'), dir, { recursive: true, verbatimSymlinks: true });
    const sys = await loadMachine(dir);
    const io = { ...fakeIo(), cwd: work };
    const code = await main(['bench', '--quick', '--out-dir', 'bench', '--node-name', 'cpu1'], { io, system: async () => sys });
    expect(code).toBe(1);
    expect(io.stdout()).toBe('');
    expect(JSON.parse(readFileSync(join(work, 'bench', 'cpu1.json'), 'utf8'))).toMatchObject({ ok: false, error: 'no-gpu', node: { name: 'cpu1' } });
  });
});
