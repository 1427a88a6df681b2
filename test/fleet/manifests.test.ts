// Kubernetes files from `gpuenv fleet manifests`: file snapshots, then parsed back by the real kubectl.
// kubectl's --local mode reads manifests with no API server: `label --local` decodes any object (the YAML is
// valid and means what we think), and `set resources --local` decodes workloads into the typed Go structs, so a
// misspelt or misplaced field is dropped and a wrong type is an error; comparing the two catches both.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE, durationSeconds, formatDuration, jobName, renderJobs, renderManifest } from '../../src/fleet/manifests.js';
import { VERSION } from '../../src/version.js';

const base = { namespace: 'gpuenv', interval: '5m' };
const hasKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

type Json = { [k: string]: unknown };

function kubectl(args: string[], input: string): Json {
  // KUBECONFIG=/dev/null: never talk to a cluster the developer happens to have configured.
  const r = spawnSync('kubectl', args, { input, encoding: 'utf8', env: { ...process.env, KUBECONFIG: '/dev/null' } });
  if (r.status !== 0) throw new Error(`kubectl ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Json;
}

/** Each YAML document as kubectl reads it, generically. */
function parsed(text: string): Json[] {
  return text.split(/^---$/m).map((doc) => {
    const o = kubectl(['label', '--local', '-o', 'json', '-f', '-', 'gpuenv-test=1'], doc);
    const meta = o.metadata as { labels: Record<string, string> };
    delete meta.labels['gpuenv-test'];
    return o;
  });
}

/** The workload decoded into Kubernetes' typed structs. kubectl prints nothing when `set` changes nothing, so it
 * adds a request our manifests do not have (ephemeral-storage); `missing` only looks at our own leaves. */
function typed(doc: string): Json {
  return kubectl(['set', 'resources', '--local', '-o', 'json', '-f', '-', '--requests=ephemeral-storage=1Mi'], doc);
}

/** Leaves of `want` that `got` lacks or holds with another value: a field the typed decode dropped. */
function missing(want: unknown, got: unknown, path = ''): string[] {
  if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object') return [path];
    return Object.entries(want).flatMap(([k, v]) => missing(v, (got as Record<string, unknown>)[k], Array.isArray(want) ? `${path}[${k}]` : `${path}.${k}`));
  }
  return want === got ? [] : [`${path}: ${JSON.stringify(want)} != ${JSON.stringify(got)}`];
}

function podSpec(o: Json): Json {
  return ((o.spec as Json).template as Json).spec as Json;
}
function container(o: Json): Json {
  return (podSpec(o).containers as Json[])[0] as Json;
}

describe('durations and names', () => {
  it('reads h/m/s durations and writes the shortest whole unit', () => {
    expect(durationSeconds('5m')).toBe(300);
    expect(durationSeconds('1h30m')).toBe(5400);
    expect(formatDuration(900)).toBe('15m');
    expect(formatDuration(3 * 5400)).toBe('270m');
    expect(formatDuration(3 * 45)).toBe('135s');
    expect(formatDuration(10800)).toBe('3h');
    for (const bad of ['', '5', '5 m', '-5m', '0s', '1.5h', '5d']) expect(() => durationSeconds(bad)).toThrow(RangeError);
  });

  it('makes Job names DNS-1123 labels of at most 63 characters, distinct for distinct nodes', () => {
    expect(jobName('gpu01')).toBe('gpuenv-gpu01');
    const long = `node-${'a'.repeat(80)}`;
    const names = ['GPU_02.lab', 'gpu-02-lab', long, `${long}b`, '...', 'gpu01.cluster.example.com'].map(jobName);
    for (const n of names) {
      expect(n.length).toBeLessThanOrEqual(63);
      expect(n).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    }
    expect(new Set(names).size).toBe(names.length);
    expect(jobName('gpu01.cluster.example.com')).toMatch(/^gpuenv-gpu01-cluster-example-com-[0-9a-f]{6}$/);
  });
});

describe('renderManifest', () => {
  it('daemonset: matches the snapshot', async () => {
    await expect(renderManifest('daemonset', base)).toMatchFileSnapshot('__snapshots__/daemonset.yaml');
  });

  it('job: one pinned Job per node, matching the snapshot', async () => {
    await expect(renderJobs(['gpu01', 'gpu02'], { ...base, image: 'registry.lab.internal/gpuenv:0.1.0' })).toMatchFileSnapshot('__snapshots__/jobs.yaml');
  });

  it('npd-plugin: JSON node-problem-detector reads, matching the snapshot', async () => {
    const text = renderManifest('npd-plugin', base);
    await expect(text).toMatchFileSnapshot('__snapshots__/npd-plugin.json');
    const c = JSON.parse(text) as Json;
    expect(c).toMatchObject({
      plugin: 'custom',
      pluginConfig: { invoke_interval: '5m', timeout: '30s', max_output_length: 80, concurrency: 1 },
      source: 'gpuenv-health',
      conditions: [{ type: 'GpuenvProblem', reason: 'GpuenvHealthy', message: 'gpuenv: node healthy' }],
      rules: [
        {
          type: 'permanent',
          condition: 'GpuenvProblem',
          reason: 'GpuenvUnhealthy',
          path: '/usr/local/bin/gpuenv',
          args: ['health', '--format', 'npd'],
          timeout: '30s',
        },
      ],
    });
    // NPD refuses a rule whose timeout exceeds the global one.
    const rules = c.rules as { timeout: string }[];
    for (const r of rules) expect(durationSeconds(r.timeout)).toBeLessThanOrEqual(durationSeconds((c.pluginConfig as { timeout: string }).timeout));
    expect((c._comment as string[])[0]).toBe(`Generated by gpuenv ${VERSION} (fleet manifests --k8s npd-plugin).`);
  });

  it('starts every file with the header, and names the placeholder image only when it is used', () => {
    for (const kind of ['daemonset', 'job'] as const) {
      const text = renderManifest(kind, { ...base, node: 'gpu01' });
      expect(text.startsWith(`# Generated by gpuenv ${VERSION} (fleet manifests --k8s ${kind}).\n`)).toBe(true);
      expect(text).toContain('gpuenv applies nothing');
      expect(text).toContain(`image: "${DEFAULT_IMAGE}"`);
      expect(text).toContain('build it with deploy/Dockerfile and push it to your registry');
      const own = renderManifest(kind, { ...base, node: 'gpu01', image: 'r.example/gpuenv:1' });
      expect(own).toContain('image: "r.example/gpuenv:1"');
      expect(own).not.toContain('placeholder');
    }
    expect(renderManifest('npd-plugin', base)).toContain('gpuenv applies nothing');
  });

  it('refuses what would not apply', () => {
    expect(() => renderManifest('job', base)).toThrow(/needs a node/);
    expect(() => renderJobs([], base)).toThrow(/needs a node/);
    expect(() => renderManifest('daemonset', { ...base, namespace: 'GPU env' })).toThrow(/namespace/);
    expect(() => renderManifest('daemonset', { ...base, interval: 'often' })).toThrow(/duration/);
    expect(() => renderManifest('daemonset', { ...base, image: 'a b' })).toThrow(/image/);
  });

  it('takes the Job arguments and the interval given', () => {
    const t = renderManifest('job', { ...base, node: 'n1', command: ['health', '--json'] });
    expect(t).toContain('args: ["health","--json"]');
    const d = renderManifest('daemonset', { ...base, interval: '90s' });
    expect(d).toContain('- "90s"');
    expect(d).toContain('- "270s"');
  });
});

describe.skipIf(!hasKubectl)('kubectl reads the manifests back', () => {
  it('daemonset: Namespace + DaemonSet, every field known to the typed API', () => {
    const text = renderManifest('daemonset', { ...base, namespace: 'gpu-health', interval: '10m' });
    const docs = parsed(text);
    expect(docs.map((d) => d.kind)).toEqual(['Namespace', 'DaemonSet']);
    const ds = docs[1] as Json;
    expect(ds.metadata).toMatchObject({ name: 'gpuenv-health', namespace: 'gpu-health' });
    const spec = podSpec(ds);
    expect(spec).toMatchObject({
      nodeSelector: { 'nvidia.com/gpu.present': 'true' },
      tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
      runtimeClassName: 'nvidia',
      automountServiceAccountToken: false,
    });
    const c = container(ds);
    expect(c.args).toEqual([
      'health',
      '--every',
      '10m',
      '--prom-textfile',
      '/host/textfile/gpuenv.prom',
      '--nfd-features',
      '/host/features.d/gpuenv',
      '--nfd-ttl',
      '30m',
    ]);
    expect(c.env).toEqual(
      expect.arrayContaining([
        { name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
        { name: 'NVIDIA_VISIBLE_DEVICES', value: 'all' },
        { name: 'NVIDIA_DRIVER_CAPABILITIES', value: 'utility,compute' },
      ]),
    );
    expect(c.securityContext).toEqual({
      runAsUser: 0,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'], add: ['SYSLOG'] },
    });
    expect(c.resources).toEqual({ requests: { cpu: '10m', memory: '64Mi' }, limits: { memory: '256Mi' } });
    // Every mount has a volume, and the host folders are the ones node-exporter, NFD and the operator use.
    const volumes = new Map((spec.volumes as Json[]).map((v) => [v.name as string, v]));
    const mounts = c.volumeMounts as Json[];
    for (const m of mounts) expect(volumes.has(m.name as string)).toBe(true);
    const host = (name: string) => (volumes.get(name)?.hostPath as Json | undefined)?.path;
    expect(host('textfile')).toBe('/var/lib/prometheus/node-exporter');
    expect(host('features-d')).toBe('/etc/kubernetes/node-feature-discovery/features.d');
    expect(host('driver-root')).toBe('/run/nvidia/driver');
    expect(mounts.find((m) => m.name === 'driver-root')).toMatchObject({ mountPath: '/run/nvidia/driver', readOnly: true });
    const xdg = (c.env as Json[]).find((e) => e.name === 'XDG_CACHE_HOME')?.value;
    expect(volumes.get(mounts.find((m) => m.mountPath === xdg)?.name as string)).toHaveProperty('emptyDir');
    // The typed decode keeps everything: no field is unknown to apps/v1.
    const dsDoc = text.split(/^---$/m)[1] as string;
    expect(missing(ds, typed(dsDoc))).toEqual([]);
  });

  it('jobs: one batch/v1 Job per node, pinned, not retried, every field known to the typed API', () => {
    const text = renderJobs(['gpu01', 'GPU_02.lab'], { ...base, command: ['doctor', '--json'] });
    const docs = parsed(text);
    expect(docs.map((d) => [d.kind, d.apiVersion, (d.metadata as Json).name])).toEqual([
      ['Job', 'batch/v1', 'gpuenv-gpu01'],
      ['Job', 'batch/v1', jobName('GPU_02.lab')],
    ]);
    for (const [i, node] of ['gpu01', 'GPU_02.lab'].entries()) {
      const j = docs[i] as Json;
      expect(j.spec).toMatchObject({ backoffLimit: 0, ttlSecondsAfterFinished: 600 });
      expect(podSpec(j)).toMatchObject({ nodeName: node, restartPolicy: 'Never', runtimeClassName: 'nvidia' });
      expect(container(j).args).toEqual(['doctor', '--json']);
      expect(missing(j, typed(text.split(/^---$/m)[i] as string))).toEqual([]);
    }
  });

  it('the typed check does catch a field Kubernetes does not know', () => {
    const doc = renderManifest('job', { ...base, node: 'gpu01' }).replace('restartPolicy: "Never"', 'restartPolicy: "Never"\n      restartPolicyy: "Never"');
    const [j] = parsed(doc);
    expect(missing(j, typed(doc))).toEqual(['.spec.template.spec.restartPolicyy: "Never" != undefined']);
  });
});
