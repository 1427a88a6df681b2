// Kubernetes files for `gpuenv fleet manifests --k8s daemonset|job|npd-plugin`: pure text generators, no I/O.
// gpuenv applies nothing: the admin reads the file and runs `kubectl apply -f` (or copies the NPD config).
import { toYaml, type YamlValue } from '../export/yaml.js';
import { parseDuration } from '../system/duration.js';
import { VERSION } from '../version.js';
import { msg } from './messages.js';

export type ManifestKind = 'daemonset' | 'job' | 'npd-plugin';

export interface ManifestOptions {
  /** Image reference; empty or absent gives the placeholder DEFAULT_IMAGE (no registry is made up). */
  image?: string;
  namespace: string;
  /** Go-style duration of one health round ("5m", "90s", "1h30m"). */
  interval: string;
  /** job: the node the Job is pinned to (spec.template.spec.nodeName). */
  node?: string;
  /** job: the gpuenv arguments, default ['doctor', '--json']. */
  command?: string[];
}

/** What `docker build -f deploy/Dockerfile -t gpuenv:<version>` tags; it exists in no registry. */
export const DEFAULT_IMAGE = `gpuenv:${VERSION}`;
export const MANIFEST_DEFAULTS = { namespace: 'gpuenv', interval: '5m', command: ['doctor', '--json'] } as const;

/** The node_exporter textfile folder: Debian/Ubuntu's prometheus-node-exporter package default (the one the
 * fleet research validated end to end). It must equal node-exporter's --collector.textfile.directory. */
export const TEXTFILE_DIR = '/var/lib/prometheus/node-exporter';
/** NFD's `local` source reads every file here (features.d), on every node. */
export const NFD_FEATURES_DIR = '/etc/kubernetes/node-feature-discovery/features.d';
/** Where the GPU Operator's containerised driver puts its root file system (nvidia-smi, libnvidia-ml). */
export const OPERATOR_DRIVER_ROOT = '/run/nvidia/driver';
/** Where deploy/Dockerfile installs the executable; NPD's rule path must exist inside NPD's own container. */
const GPUENV_IN_IMAGE = '/usr/local/bin/gpuenv';
/** gpuenv health's own time budget; NPD's timeout is set well above it so NPD never kills a normal run. */
const NPD_TIMEOUT = '30s';

const LABEL_RE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/**
 * Seconds of a Go-style duration made of h/m/s parts ("5m", "1h30m"), the subset both gpuenv --every and NPD's
 * time.ParseDuration read (no bare numbers, no days); throws on anything else or zero.
 */
export function durationSeconds(text: string): number {
  if (!/^(\d+[hms])+$/.test(text)) throw new RangeError(msg('k8s.err.duration', { text: JSON.stringify(text) }));
  try {
    return parseDuration(text, 'interval', Number.MAX_SAFE_INTEGER);
  } catch {
    throw new RangeError(msg('k8s.err.zero', { text: JSON.stringify(text) }));
  }
}

/** The shortest whole-unit spelling Go's time.ParseDuration and gpuenv both read ("15m", not "900s"). */
export function formatDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** A 32-bit FNV-1a hash, six hex digits: keeps two node names that sanitise alike from sharing a Job name. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(text, 'utf8')) h = Math.imul(h ^ ch, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0').slice(0, 6);
}

/** `gpuenv-<node>` as a DNS-1123 label of at most 63 characters: the Job name goes into the pods'
 * `job-name` label, which allows no more. A name that had to change gets a hash of the original. */
export function jobName(node: string): string {
  const prefix = 'gpuenv-';
  const clean = node
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  const plain = `${prefix}${clean}`;
  if (clean === node && plain.length <= 63) return plain;
  const suffix = `-${shortHash(node)}`;
  const body = clean.slice(0, 63 - prefix.length - suffix.length).replace(/-$/, '');
  return `${prefix}${body}${body ? '' : 'x'}${suffix}`;
}

/** The head comment: what the file does (`what`, one catalogue text of one or more lines) and that gpuenv applies nothing. */
function header(kind: ManifestKind, o: ManifestOptions, what: string): string[] {
  const lines = [
    msg('k8s.generated', { version: VERSION, kind }),
    ...what.split('\n'),
    kind === 'npd-plugin' ? msg('k8s.appliesNothingNpd') : msg('k8s.appliesNothing'),
  ];
  // The NPD plugin names no image: its executable is copied into NPD's own container.
  if (!o.image && kind !== 'npd-plugin') lines.push(msg('k8s.placeholder', { image: DEFAULT_IMAGE }));
  return lines;
}

function checkCommon(o: ManifestOptions): { image: string; ns: string; every: number } {
  if (!LABEL_RE.test(o.namespace) || o.namespace.length > 63) throw new RangeError(msg('k8s.err.namespace', { name: JSON.stringify(o.namespace) }));
  const image = o.image || DEFAULT_IMAGE;
  if (/\s/.test(image)) throw new RangeError(msg('k8s.err.image', { image: JSON.stringify(image) }));
  return { image, ns: o.namespace, every: durationSeconds(o.interval) };
}

// The NVIDIA container runtime mounts libnvidia-ml and nvidia-smi for these variables without the device plugin
// allocating any GPU (dcgm-exporter works the same way), so the probe never takes a GPU from a job.
const NVIDIA_ENV: YamlValue[] = [
  { name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
  { name: 'NVIDIA_VISIBLE_DEVICES', value: 'all' },
  { name: 'NVIDIA_DRIVER_CAPABILITIES', value: 'utility,compute' },
  { name: 'XDG_CACHE_HOME', value: '/cache' },
];
const GPU_TOLERATION: YamlValue[] = [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }];
const RESOURCES: YamlValue = { requests: { cpu: '10m', memory: '64Mi' }, limits: { memory: '256Mi' } };
const SECURITY: YamlValue = {
  runAsUser: 0,
  readOnlyRootFilesystem: true,
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'], add: ['SYSLOG'] },
};

const commonMounts = (): YamlValue[] => [
  { name: 'cache', mountPath: '/cache' },
  { name: 'tmp', mountPath: '/tmp' },
  { name: 'driver-root', mountPath: OPERATOR_DRIVER_ROOT, readOnly: true, mountPropagation: 'HostToContainer' },
];
const commonVolumes = (): YamlValue[] => [
  { name: 'cache', emptyDir: { sizeLimit: '128Mi' } },
  { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } },
  { name: 'driver-root', hostPath: { path: OPERATOR_DRIVER_ROOT, type: 'DirectoryOrCreate' } },
];

/** Comments on the keys shared by the DaemonSet's and the Job's pod template, by path under it. */
function podComments(base: string, placeholder: boolean): Record<string, string> {
  const c = `${base}.containers`;
  const image: Record<string, string> = placeholder ? { [`${c}.image`]: msg('k8s.c.image') } : {};
  return {
    ...image,
    [`${base}.runtimeClassName`]: msg('k8s.c.runtimeClass'),
    [`${base}.automountServiceAccountToken`]: msg('k8s.c.token'),
    [`${base}.tolerations`]: msg('k8s.c.tolerations'),
    [`${c}.env`]: msg('k8s.c.env'),
    [`${c}.securityContext`]: msg('k8s.c.security'),
    [`${c}.volumeMounts`]: msg('k8s.c.mounts', { root: OPERATOR_DRIVER_ROOT }),
  };
}

function renderDaemonSet(o: ManifestOptions): string {
  const { image, ns, every } = checkCommon(o);
  const interval = formatDuration(every);
  const ttl = formatDuration(every * 3);
  const labels = { 'app.kubernetes.io/name': 'gpuenv-health', 'app.kubernetes.io/version': VERSION };
  const namespace = toYaml(
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ns, labels: { 'pod-security.kubernetes.io/enforce': 'privileged' } },
    },
    {
      comments: {
        'metadata.labels': msg('k8s.c.nsLabels'),
      },
    },
  );
  const ds = toYaml(
    {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'gpuenv-health', namespace: ns, labels },
      spec: {
        selector: { matchLabels: { 'app.kubernetes.io/name': 'gpuenv-health' } },
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%' } },
        template: {
          metadata: { labels },
          spec: {
            nodeSelector: { 'nvidia.com/gpu.present': 'true' },
            tolerations: GPU_TOLERATION,
            runtimeClassName: 'nvidia',
            automountServiceAccountToken: false,
            terminationGracePeriodSeconds: 5,
            containers: [
              {
                name: 'gpuenv',
                image,
                imagePullPolicy: 'IfNotPresent',
                args: [
                  'health',
                  '--every',
                  interval,
                  '--prom-textfile',
                  '/host/textfile/gpuenv.prom',
                  '--nfd-features',
                  '/host/features.d/gpuenv',
                  '--nfd-ttl',
                  ttl,
                ],
                env: NVIDIA_ENV,
                resources: RESOURCES,
                securityContext: SECURITY,
                volumeMounts: [{ name: 'textfile', mountPath: '/host/textfile' }, { name: 'features-d', mountPath: '/host/features.d' }, ...commonMounts()],
              },
            ],
            volumes: [
              { name: 'textfile', hostPath: { path: TEXTFILE_DIR, type: 'DirectoryOrCreate' } },
              { name: 'features-d', hostPath: { path: NFD_FEATURES_DIR, type: 'DirectoryOrCreate' } },
              ...commonVolumes(),
            ],
          },
        },
      },
    },
    {
      comments: {
        ...podComments('spec.template.spec', !o.image),
        'spec.template.spec.terminationGracePeriodSeconds': msg('k8s.c.grace'),
        'spec.template.spec.containers.args': msg('k8s.c.args', { interval, ttl }),
        'spec.template.spec.volumes': msg('k8s.c.volumes', { textfile: TEXTFILE_DIR }),
      },
    },
  );
  const head = header('daemonset', o, msg('k8s.daemonset', { interval, textfile: TEXTFILE_DIR, features: NFD_FEATURES_DIR }));
  return `${hashLines(head)}\n${namespace}---\n${ds}`;
}

/** The label every gpuenv Job carries: `fleet run --via k8s` lists its Jobs by it. */
export const JOB_SELECTOR = 'app.kubernetes.io/name=gpuenv';

function jobDocument(o: ManifestOptions, image: string, ns: string, node: string): string {
  const name = jobName(node);
  const labels = { 'app.kubernetes.io/name': JOB_SELECTOR.split('=')[1]!, 'app.kubernetes.io/version': VERSION };
  const args = o.command && o.command.length > 0 ? o.command : [...MANIFEST_DEFAULTS.command];
  return toYaml(
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name, namespace: ns, labels },
      spec: {
        backoffLimit: 0,
        activeDeadlineSeconds: 300,
        ttlSecondsAfterFinished: 600,
        template: {
          metadata: { labels },
          spec: {
            nodeName: node,
            restartPolicy: 'Never',
            tolerations: GPU_TOLERATION,
            runtimeClassName: 'nvidia',
            automountServiceAccountToken: false,
            containers: [
              {
                name: 'gpuenv',
                image,
                imagePullPolicy: 'IfNotPresent',
                args,
                env: NVIDIA_ENV,
                resources: RESOURCES,
                securityContext: SECURITY,
                volumeMounts: commonMounts(),
              },
            ],
            volumes: commonVolumes(),
          },
        },
      },
    },
    {
      comments: {
        ...podComments('spec.template.spec', !o.image),
        'spec.backoffLimit': msg('k8s.c.backoff'),
        'spec.template.spec.nodeName': msg('k8s.c.nodeName'),
      },
    },
  );
}

/** One Job per node, in one file: `kubectl apply -f` it, then `kubectl logs -n NS job/gpuenv-<node>` each. */
export function renderJobs(nodes: string[], o: Omit<ManifestOptions, 'node'>): string {
  if (nodes.length === 0) throw new RangeError(msg('k8s.err.noNode'));
  const { image, ns } = checkCommon(o);
  const names = new Map<string, string>();
  for (const n of nodes) {
    if (!n || n.length > 253) throw new RangeError(msg('k8s.err.nodeName', { name: JSON.stringify(n) }));
    const j = jobName(n);
    const other = names.get(j);
    if (other !== undefined && other !== n) throw new RangeError(msg('k8s.err.sameJob', { a: other, b: n, job: j }));
    names.set(j, n);
  }
  const unique = [...new Set(nodes)];
  const args = o.command && o.command.length > 0 ? o.command : [...MANIFEST_DEFAULTS.command];
  const head = header('job', o, msg('k8s.jobs', { count: unique.length, args: args.join(' '), ns }));
  return `${hashLines(head)}\n${unique.map((n) => jobDocument(o, image, ns, n)).join('---\n')}`;
}

function renderNpdPlugin(o: ManifestOptions): string {
  const { every } = checkCommon(o);
  const interval = formatDuration(every);
  // NPD reads this with Go's json.Unmarshal: no comments are allowed, but unknown keys are ignored, so the
  // header goes in "_comment". Field names follow node-problem-detector's docs/custom_plugin_monitor.md,
  // config/custom-plugin-monitor.json and pkg/custompluginmonitor/types (kubernetes/node-problem-detector).
  const config = {
    _comment: [...header('npd-plugin', o, msg('k8s.npd', { interval })), ...msg('k8s.npdNotes', { path: GPUENV_IN_IMAGE, timeout: NPD_TIMEOUT }).split('\n')],
    plugin: 'custom',
    pluginConfig: {
      invoke_interval: interval,
      timeout: NPD_TIMEOUT,
      max_output_length: 80,
      concurrency: 1,
      // A new finding on an already unhealthy node changes the message; without this NPD keeps the first one.
      enable_message_change_based_condition_update: true,
    },
    source: 'gpuenv-health',
    conditions: [{ type: 'GpuenvProblem', reason: 'GpuenvHealthy', message: 'gpuenv: node healthy' }],
    rules: [
      {
        type: 'permanent',
        condition: 'GpuenvProblem',
        reason: 'GpuenvUnhealthy',
        path: GPUENV_IN_IMAGE,
        args: ['health', '--format', 'npd'],
        timeout: NPD_TIMEOUT,
      },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function hashLines(lines: string[]): string {
  return lines.map((l) => `# ${l}`.trimEnd()).join('\n');
}

/** The text of one generated file: YAML for the DaemonSet and the Job, JSON for the NPD plugin config. */
export function renderManifest(kind: ManifestKind, o: ManifestOptions): string {
  switch (kind) {
    case 'daemonset':
      return renderDaemonSet(o);
    case 'job':
      if (!o.node) throw new RangeError(msg('k8s.err.noNode'));
      return renderJobs([o.node], o);
    case 'npd-plugin':
      return renderNpdPlugin(o);
  }
}
