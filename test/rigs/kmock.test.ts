// Proves kmock (test/rigs/kmock.mjs via test/helpers/kmock.ts) against the real kubectl: a Job pinned by nodeName
// runs "on" that node, completes, and `kubectl logs job/NAME` returns the log planted for the node; a .fail file
// fails it; node listing; DaemonSet apply (client dry run, then real, then unchanged) with default validation.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireKubectl, startKmock, type Kmock } from '../helpers/kmock.js';

const jobYaml = (name: string, node: string): string => `apiVersion: batch/v1
kind: Job
metadata:
  name: ${name}
spec:
  backoffLimit: 0
  template:
    spec:
      nodeName: ${node}
      restartPolicy: Never
      containers:
      - name: gpuenv
        image: gpuenv:test
        args: [doctor, --json]
`;

const dsYaml = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: gpuenv-node
  labels: {app: gpuenv}
spec:
  selector:
    matchLabels: {app: gpuenv}
  template:
    metadata:
      labels: {app: gpuenv}
    spec:
      nodeSelector: {nvidia.com/gpu.present: "true"}
      containers:
      - name: gpuenv
        image: gpuenv:0.1.0
        args: [doctor, --json]
        env:
        - {name: GPUENV_LANG, value: en}
`;

describe.skipIf(!requireKubectl())('kmock with the real kubectl', () => {
  let km: Kmock | undefined;
  const k = (): Kmock => {
    if (!km) throw new Error('kmock did not start');
    return km;
  };
  const ok = async (args: string[]): Promise<string> => {
    const r = await k().kubectl(args);
    if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${r.code}):\n${r.stdout}${r.stderr}`);
    return r.stdout;
  };

  beforeAll(async () => {
    km = await startKmock();
  }, 20_000);
  afterAll(async () => {
    await km?.stop();
  }, 20_000);

  it('talks to kubectl 1.30 and lists the seeded nodes', async () => {
    expect(await ok(['version'])).toMatch(/Server Version: v1\.30\.0-kmock/);
    const nodes = JSON.parse(await ok(['get', 'nodes', '-o', 'json'])) as { items: { metadata: { name: string; labels: Record<string, string> } }[] };
    expect(nodes.items.map((n) => n.metadata.name)).toEqual(['gpu01', 'gpu02', 'gpu03']);
    expect(nodes.items.map((n) => n.metadata.labels['nvidia.com/cuda.driver.major'])).toEqual(['550', '550', '535']);
  });

  it('runs a Job pinned by nodeName: apply, wait complete, logs job/NAME returns the planted log', async () => {
    writeFileSync(join(k().logsDir, 'gpu02.log'), '{"node":"gpu02"}\nsecond line\n');
    writeFileSync(join(k().dir, 'job.yaml'), jobYaml('probe', 'gpu02'));
    expect(await ok(['apply', '-f', join(k().dir, 'job.yaml')])).toMatch(/job\.batch\/probe created/);
    expect(await ok(['wait', '--for=condition=complete', 'job/probe', '--timeout=10s'])).toMatch(/condition met/);
    expect(await ok(['logs', 'job/probe'])).toBe('{"node":"gpu02"}\nsecond line\n');

    const pods = JSON.parse(await ok(['get', 'pods', '-l', 'job-name=probe', '-o', 'json'])) as {
      items: { metadata: { name: string; labels: Record<string, string> }; spec: { nodeName: string }; status: { phase: string } }[];
    };
    expect(pods.items).toHaveLength(1);
    const pod = pods.items[0]!;
    expect(pod.metadata.name).toMatch(/^probe-[a-z]{5}$/);
    expect(pod.metadata.labels['batch.kubernetes.io/job-name']).toBe('probe');
    expect(pod.spec.nodeName).toBe('gpu02');
    expect(pod.status.phase).toBe('Succeeded');
    expect(await ok(['get', 'job', 'probe', '-o', 'jsonpath={.status.succeeded}'])).toBe('1');
  });

  it('a pod on a node with a .fail file fails its Job (condition Failed), logs still served', async () => {
    writeFileSync(join(k().logsDir, 'gpu03.fail'), '');
    writeFileSync(join(k().logsDir, 'gpu03.log'), 'boom\n');
    writeFileSync(join(k().dir, 'bad.yaml'), jobYaml('bad', 'gpu03'));
    await ok(['apply', '-f', join(k().dir, 'bad.yaml')]);
    expect(await ok(['wait', '--for=condition=failed', 'job/bad', '--timeout=10s'])).toMatch(/condition met/);
    const phase = await ok(['get', 'pods', '--field-selector', 'spec.nodeName=gpu03', '-o', 'jsonpath={.items[*].status.phase}']);
    expect(phase).toBe('Failed');
    expect(await ok(['logs', 'job/bad'])).toBe('boom\n');
    // waiting for "complete" on a failed Job times out, as on a real cluster
    const r = await k().kubectl(['wait', '--for=condition=complete', 'job/bad', '--timeout=1s']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/timed out/);
  });

  it('a node without a log file gives empty logs; deleting the Job deletes its pod', async () => {
    writeFileSync(join(k().dir, 'quiet.yaml'), jobYaml('quiet', 'gpu01'));
    await ok(['apply', '-f', join(k().dir, 'quiet.yaml')]);
    await ok(['wait', '--for=condition=complete', 'job/quiet', '--timeout=10s']);
    expect(await ok(['logs', 'job/quiet'])).toBe('');
    await ok(['delete', 'job', 'quiet', '--timeout=10s']);
    expect(await ok(['get', 'pods', '-l', 'job-name=quiet', '-o', 'name'])).toBe('');
  });

  it('applies a DaemonSet: client dry run stores nothing, then created, then unchanged (default validation)', async () => {
    const f = join(k().dir, 'ds.yaml');
    writeFileSync(f, dsYaml);
    expect(await ok(['apply', '--dry-run=client', '-f', f])).toMatch(/daemonset\.apps\/gpuenv-node created \(dry run\)/);
    expect((await k().kubectl(['get', 'ds', 'gpuenv-node'])).code).not.toBe(0);
    expect(await ok(['apply', '-f', f])).toMatch(/created/);
    expect(await ok(['apply', '-f', f])).toMatch(/unchanged/);
    writeFileSync(f, dsYaml.replace('gpuenv:0.1.0', 'gpuenv:0.2.0'));
    expect(await ok(['apply', '-f', f])).toMatch(/configured/);
    const c = JSON.parse(await ok(['get', 'ds', 'gpuenv-node', '-o', 'jsonpath={.spec.template.spec.containers[0]}'])) as Record<string, unknown>;
    expect(c).toEqual({ name: 'gpuenv', image: 'gpuenv:0.2.0', args: ['doctor', '--json'], env: [{ name: 'GPUENV_LANG', value: 'en' }] });
  });
});

describe.skipIf(!requireKubectl())('kmock options', () => {
  it('seeds the nodes named by KMOCK_NODES and can fail every Job', async () => {
    const km = await startKmock({ nodes: ['a100-1', 'h100-1'], jobResult: 'Failed' });
    try {
      const names = await km.kubectl(['get', 'nodes', '-o', 'jsonpath={.items[*].metadata.name}']);
      expect(names.stdout).toBe('a100-1 h100-1');
      writeFileSync(join(km.dir, 'j.yaml'), jobYaml('j', 'h100-1'));
      expect((await km.kubectl(['apply', '-f', join(km.dir, 'j.yaml')])).code).toBe(0);
      const w = await km.kubectl(['wait', '--for=condition=failed', 'job/j', '--timeout=10s']);
      expect(w.stdout).toMatch(/condition met/);
    } finally {
      await km.stop();
    }
  });
});
