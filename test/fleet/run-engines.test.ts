// fleet run and health --slurm-drain on real engines: a Slurm cluster of 3 nodes (test/rigs/slurm-rig.sh),
// pdsh and clush with -R exec, and the real kubectl against the loopback fake API (test/rigs/kmock.mjs).
// Nodes share this machine and have no GPU: per-node states come from saved Snapshots through a --gpuenv wrapper.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKmock, requireKubectl, type Kmock } from '../helpers/kmock.js';
import { requireSlurm, startSlurmRig, type SlurmRig } from '../helpers/slurm-rig.js';

const CLI = join(import.meta.dirname, '../../dist/cli.js');
const H200 = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/snapshots/h200.json'), 'utf8'));

function gpuenv(args: string[], env: Record<string, string | undefined>, cwd: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Saved Snapshots per node: gpu01 as taken, gpu02 on another driver, gpu03 with uncorrectable ECC errors. */
function plantSnapshots(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const variant = (node: string, edit: (s: typeof H200) => void) => {
    const s = structuredClone(H200);
    s.node = { name: node, engine: 'slurm', jobId: null, visibleDevices: null };
    edit(s);
    writeFileSync(join(dir, `${node}.json`), JSON.stringify(s));
  };
  variant('gpu01', () => undefined);
  variant('gpu02', (s) => void (s.driver.version.value = '570.124.06'));
  variant('gpu03', (s) => void Object.assign(s.gpus[0].ecc, { volatileUncorrected: 3, aggregateUncorrected: 3 }));
}

/** The executable on the nodes: the real CLI, judging that node's saved Snapshot. */
function wrapper(dir: string, snaps: string): string {
  const path = join(dir, 'gpuenv-on-node');
  writeFileSync(path, `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@" --snapshot "${snaps}/\${SLURMD_NODENAME:-$GPUENV_TEST_NODE}.json"\n`);
  chmodSync(path, 0o755);
  return path;
}

describe.skipIf(!requireSlurm())('fleet run --via slurm and health --slurm-drain on a real Slurm cluster', () => {
  let rig: SlurmRig;
  let work: string;
  beforeAll(async () => {
    rig = await startSlurmRig({ nodes: 3 });
    work = mkdtempSync(join(tmpdir(), 'gpuenv-fleet-'));
    plantSnapshots(join(work, 'snaps'));
  }, 45_000);
  afterAll(async () => rig?.stop(), 30_000);

  it('-N 3 -- snapshot gives three files, each naming its node', () => {
    const r = gpuenv(
      [
        'fleet',
        'run',
        '--via',
        'slurm',
        '-N',
        '3',
        '--gpuenv',
        process.execPath,
        '--out-dir',
        'snap',
        '--timeout',
        '60',
        '--',
        CLI,
        'snapshot',
        '--timeout',
        '2',
      ],
      rig.env,
      work,
    );
    expect(r.err).toBe('');
    expect(r.out).toContain('3 of 3 node(s) returned a result');
    expect(r.code).toBe(0);
    const files = readdirSync(join(work, 'snap'))
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files).toEqual(['gpu01.json', 'gpu02.json', 'gpu03.json']);
    for (const f of files) {
      const s = JSON.parse(readFileSync(join(work, 'snap', f), 'utf8'));
      expect(s.node).toMatchObject({ name: f.replace('.json', ''), engine: 'slurm' });
      expect(s.node.jobId).toMatch(/^\d+$/);
    }
  });

  it('fleet report groups the planted odd driver and the ECC count', () => {
    const r = gpuenv(
      ['fleet', 'run', '--via', 'slurm', '-w', 'gpu[01-03]', '--gpuenv', wrapper(work, join(work, 'snaps')), '--out-dir', 'doc', '--', 'doctor'],
      rig.env,
      work,
    );
    expect(r.code, r.out + r.err).toBe(0);
    const rep = gpuenv(['fleet', 'report', 'doc', '--json'], {}, work);
    expect(rep.code).toBe(1);
    const doc = JSON.parse(rep.out);
    const driver = doc.drift.find((d: { key: string }) => d.key === 'driver');
    expect(driver.groups.map((g: { value: string; hostlist: string }) => [g.value, g.hostlist])).toEqual([
      [H200.driver.version.value, 'gpu[01,03]'],
      ['570.124.06', 'gpu02'],
    ]);
    expect(doc.hardware).toEqual(expect.arrayContaining([expect.objectContaining({ node: 'gpu03', counter: 'ECC volatile uncorrected', value: 3 })]));
  });

  it('--dry-run prints the srun command and runs nothing', () => {
    const r = gpuenv(['fleet', 'run', '--via', 'slurm', '-w', 'gpu[01-02]', '--out-dir', 'dry', '--dry-run', '--', 'health'], rig.env, work);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^srun --nodes=2 '--nodelist=gpu\[01-02\]' --ntasks-per-node=1 --exclusive --output=\S+\/%N\.json --error=\S+\/%N\.err .* gpuenv health --json\n$/,
    );
  });

  it('health --slurm-drain drains a failing node with a gpuenv: reason, resumes it once it passes', async () => {
    const snaps = join(work, 'snaps');
    const env = { ...rig.env, SLURMD_NODENAME: 'gpu03' };
    const bad = gpuenv(['health', '--snapshot', join(snaps, 'gpu03.json'), '--slurm-drain', '--json'], env, work);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).slurm).toMatchObject({ action: 'drained', node: 'gpu03' });
    const st = await rig.nodeState('gpu03');
    expect(st.state).toMatch(/DRAIN/);
    expect(st.reason).toMatch(/^gpuenv: ecc-errors /);
    const good = gpuenv(['health', '--snapshot', join(snaps, 'gpu01.json'), '--slurm-drain', '--json'], env, work);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.out).slurm.action).toBe('resumed');
    expect((await rig.waitNodeState('gpu03', (s) => !/DRAIN/.test(s.state))).state).not.toMatch(/DRAIN/);
  });

  it("leaves an admin's reason alone, and never resumes a node gpuenv did not drain", async () => {
    await rig.scontrol(['update', 'nodename=gpu02', 'state=drain', 'reason=PSU swap, ticket 4711']);
    const env = { ...rig.env, SLURMD_NODENAME: 'gpu02' };
    const bad = gpuenv(['health', '--snapshot', join(work, 'snaps', 'gpu03.json'), '--slurm-drain', '--json'], env, work);
    expect(JSON.parse(bad.out).slurm.action).toBe('kept-admin-reason');
    const good = gpuenv(['health', '--snapshot', join(work, 'snaps', 'gpu01.json'), '--slurm-drain', '--json'], env, work);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.out).slurm.action).toBe('none');
    expect(await rig.nodeState('gpu02')).toMatchObject({ reason: 'PSU swap, ticket 4711' });
    await rig.scontrol(['update', 'nodename=gpu02', 'state=resume']);
  });
});

describe('fleet run --via pdsh and clush (-R exec)', () => {
  const have = (cmd: string) => spawnSync(cmd, ['-V'], { encoding: 'utf8' }).error === undefined;
  for (const engine of ['pdsh', 'clush'] as const) {
    it.skipIf(!have(engine) && process.env.GPUENV_REQUIRE_RIGS !== '1')(`${engine}: one result per node, named by %h`, () => {
      const work = mkdtempSync(join(tmpdir(), `gpuenv-${engine}-`));
      plantSnapshots(join(work, 'snaps'));
      const path = join(work, 'on-node');
      // -R exec runs the command here once per node; %h (appended by fleet run as --node-name) names it.
      writeFileSync(path, `#!/bin/sh\nfor a; do last=$a; done\nexec "${process.execPath}" "${CLI}" "$@" --snapshot "${work}/snaps/$last.json"\n`);
      chmodSync(path, 0o755);
      const r = gpuenv(
        ['fleet', 'run', '--via', engine, '-w', 'gpu[01-03],gpu09', '-R', 'exec', '--gpuenv', path, '--out-dir', 'out', '--timeout', '60', '--', 'health'],
        {},
        work,
      );
      expect(r.code).toBe(1); // gpu09 has no Snapshot: no result
      expect(r.out).toContain(`fleet run --via ${engine}: 3 of 4 node(s) returned a result`);
      expect(r.out).toMatch(/no result from gpu09|nothing at all from: gpu09/);
      // The engine's own messages ("clush: gpu03: exited with exit code 1") are not nodes.
      expect(r.out).not.toMatch(/from (clush|pdsh)/);
      for (const n of ['gpu01', 'gpu02', 'gpu03']) expect(JSON.parse(readFileSync(join(work, 'out', `${n}.json`), 'utf8')).node.name).toBe(n);
      expect(JSON.parse(readFileSync(join(work, 'out', 'gpu03.json'), 'utf8')).drain).toEqual(['ecc-errors']);
    });
  }
});

describe.skipIf(!requireKubectl())('fleet run --via k8s against the fake API server with the real kubectl', () => {
  let k: Kmock;
  beforeAll(async () => {
    k = await startKmock({ nodes: ['gpu-a', 'gpu-b', 'gpu-c'] });
  }, 30_000);
  afterAll(async () => k?.stop(), 30_000);

  it('one Job per node, results read back with kubectl logs, the node without output named', () => {
    const snap = { ...structuredClone(H200), node: { name: 'gpu-a', engine: 'kubernetes', jobId: null, visibleDevices: null } };
    writeFileSync(join(k.logsDir, 'gpu-a.log'), `${JSON.stringify(snap)}\n`);
    writeFileSync(join(k.logsDir, 'gpu-b.log'), `${JSON.stringify({ ...snap, node: { ...snap.node, name: 'gpu-b' } })}\n`);
    const work = mkdtempSync(join(tmpdir(), 'gpuenv-k8s-'));
    const r = gpuenv(
      [
        'fleet',
        'run',
        '--via',
        'k8s',
        '-w',
        'gpu-a',
        '-w',
        'gpu-b',
        '-w',
        'gpu-c',
        '--image',
        'registry.example/gpuenv:0.1.0',
        '--out-dir',
        'out',
        '--timeout',
        '30',
        '--',
        'snapshot',
      ],
      { ...k.env, HOME: k.dir },
      work,
    );
    expect(r.out).toContain('2 of 3 node(s) returned a result');
    expect(r.out).toContain('no result from gpu-c: printed nothing');
    expect(r.code).toBe(1);
    expect(JSON.parse(readFileSync(join(work, 'out', 'gpu-b.json'), 'utf8')).node.name).toBe('gpu-b');
    const jobs = spawnSync('kubectl', ['get', 'jobs', '-n', 'default', '-o', 'name'], { env: { ...process.env, ...k.env, HOME: k.dir }, encoding: 'utf8' });
    expect(jobs.stdout.trim()).toBe(''); // deleted after reading
  });

  it('--dry-run prints the Job manifests and the kubectl commands', () => {
    const r = gpuenv(
      ['fleet', 'run', '--via', 'k8s', '-w', 'gpu-a', '--image', 'registry.example/gpuenv:0.1.0', '--out-dir', 'out', '--dry-run', '--', 'doctor'],
      {},
      tmpdir(),
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('nodeName: "gpu-a"');
    expect(r.out).toContain('# kubectl logs -n default job/gpuenv-gpu-a');
  });
});
