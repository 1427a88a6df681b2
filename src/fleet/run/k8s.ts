// `fleet run --via k8s`: one Job per node pinned by nodeName, created with the user's own kubectl and kubeconfig,
// polled until each finished, its JSON read back with `kubectl logs` (no RBAC beyond create/get/logs/delete).
// Not run against a real cluster here: the tests use a loopback fake API server with the real kubectl (docs/fleet.md).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import { runCommand } from '../../system/run.js';
import { writeOutput } from '../../system/output-file.js';
import { JOB_SELECTOR as LABEL, renderJobs, jobName } from '../manifests.js';
import { msg } from '../messages.js';
import { nodeFileName } from '../node.js';
import { expectedNodes, innerCommand, type FleetRunOptions } from './plan.js';
import type { FleetRunSummary, NodeOutcome } from './execute.js';
import { judgeOutput, jsonPart } from './execute.js';

const KUBECTL_TIMEOUT_MS = 30_000;
const POLL_MS = 1_000;

async function kubectl(args: string[], timeoutMs = KUBECTL_TIMEOUT_MS) {
  const r = await runCommand('kubectl', args, { timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  if (r.notFound) throw new UsageError(msg('run.noKubectl'));
  return r;
}

export async function k8sNodes(o: FleetRunOptions): Promise<string[]> {
  const listed = expectedNodes(o);
  if (listed) return listed;
  const selector = o.selector ?? 'nvidia.com/gpu.present=true';
  const r = await kubectl(['get', 'nodes', '-l', selector, '-o', 'jsonpath={.items[*].metadata.name}']);
  if (r.failed) throw new UsageError(`kubectl get nodes: ${r.stderr.trim().split('\n')[0] ?? `exit ${r.exitCode}`}`);
  const nodes = r.stdout.split(/\s+/).filter(Boolean);
  if (nodes.length === 0) throw new UsageError(msg('run.k8sNoNodes', { selector }));
  return nodes;
}

/** The manifests and kubectl commands, for --dry-run. */
export function k8sPlan(o: FleetRunOptions, nodes: string[]): { yaml: string; commands: string[][] } {
  const ns = o.namespace ?? 'default';
  const names = nodes.map((n) => jobName(n));
  const yaml = renderJobs(nodes, { ...(o.image ? { image: o.image } : {}), namespace: ns, interval: '5m', command: innerCommand(o.command) });
  return {
    yaml,
    commands: [
      ['kubectl', 'delete', 'jobs', '-n', ns, '--ignore-not-found', ...names],
      ['kubectl', 'apply', '-n', ns, '-f', 'JOBS.yaml'],
      ['kubectl', 'get', 'jobs', '-n', ns, '-l', LABEL, '-o', 'json'],
      ...names.map((n) => ['kubectl', 'logs', '-n', ns, `job/${n}`]),
      ['kubectl', 'delete', 'jobs', '-n', ns, '--ignore-not-found', ...names],
    ],
  };
}

export async function runK8s(o: FleetRunOptions): Promise<FleetRunSummary> {
  if (!o.image) throw new UsageError(msg('run.k8sImage'));
  const nodes = await k8sNodes(o);
  const ns = o.namespace ?? 'default';
  const { yaml } = k8sPlan(o, nodes);
  const names = nodes.map((n) => jobName(n));
  // A finished Job of an earlier run has the same name and an immutable template: remove it first.
  await kubectl(['delete', 'jobs', '-n', ns, '--ignore-not-found', '--wait=true', ...names]);
  const tmp = await mkdtemp(join(tmpdir(), 'gpuenv-k8s-'));
  const argv = ['kubectl', 'apply', '-n', ns, '-f', join(tmp, 'jobs.yaml')];
  try {
    await writeFile(join(tmp, 'jobs.yaml'), yaml, { mode: 0o600 });
    const applied = await kubectl(argv.slice(1));
    if (applied.failed) {
      return {
        engine: 'k8s',
        argv,
        outDir: o.outDir,
        engineExit: applied.exitCode,
        engineError: applied.stderr.trim().split('\n')[0] ?? null,
        nodes: [],
        missing: nodes,
        expectedCount: nodes.length,
      };
    }
    const finished = await waitForJobs(ns, names, o.timeoutS * 1000);
    const outcomes: NodeOutcome[] = [];
    for (const node of nodes) {
      const name = jobName(node);
      if (!finished.has(name)) {
        outcomes.push({ node, ok: false, file: null, error: msg('run.jobTimeout', { name, seconds: o.timeoutS }) });
        continue;
      }
      const logs = await kubectl(['logs', '-n', ns, `job/${name}`]);
      const file = join(o.outDir, nodeFileName(node));
      const outcome = judgeOutput(node, logs.stdout, logs.failed ? logs.stderr : '', file);
      if (outcome.ok) await writeOutput(o.outDir, file, `${jsonPart(logs.stdout)}\n`, true);
      outcomes.push(outcome);
    }
    await kubectl(['delete', 'jobs', '-n', ns, '--ignore-not-found', '--wait=false', ...names]);
    return { engine: 'k8s', argv, outDir: o.outDir, engineExit: 0, engineError: null, nodes: outcomes, missing: [], expectedCount: nodes.length };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Polls the run's Jobs until each succeeded or failed (a node command exits 1 on findings: that is a result too). */
async function waitForJobs(ns: string, names: string[], timeoutMs: number): Promise<Set<string>> {
  const deadline = Date.now() + timeoutMs;
  const done = new Set<string>();
  for (;;) {
    const r = await kubectl(['get', 'jobs', '-n', ns, '-l', LABEL, '-o', 'json']);
    if (!r.failed) {
      try {
        const list = JSON.parse(r.stdout) as { items?: Array<{ metadata?: { name?: string }; status?: { succeeded?: number; failed?: number } }> };
        for (const j of list.items ?? []) {
          const name = j.metadata?.name;
          if (name && names.includes(name) && ((j.status?.succeeded ?? 0) > 0 || (j.status?.failed ?? 0) > 0)) done.add(name);
        }
      } catch {
        // A garbled answer: ask again.
      }
    }
    if (done.size >= names.length || Date.now() > deadline) return done;
    await new Promise((res) => setTimeout(res, POLL_MS));
  }
}
