// A fake Kubernetes API server (test/rigs/kmock.mjs) for tests that drive the real kubectl. Starts kmock on a free
// port (--port 0; it prints the port it got), writes a kubeconfig into a fresh temp dir and returns the env a child
// kubectl needs. Nothing here reads or writes outside that temp dir: KUBECONFIG, KUBECACHEDIR and CLOUDSDK_CONFIG
// (the google-cloud-sdk kubectl dispatcher) all point into it.
//
//   const skip = !requireKubectl();          // throws in CI (CI or GPUENV_REQUIRE_RIGS=1) when kubectl is missing
//   describe.skipIf(skip)('...', () => {
//     let km: Kmock;
//     beforeAll(async () => { km = await startKmock(); });
//     afterAll(async () => { await km?.stop(); });
//     it('...', async () => { writeFileSync(join(km.logsDir, 'gpu01.log'), '...'); await km.kubectl(['get', 'nodes']); });
//   });
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rigsRequired, runWithTimeout, type RunResult } from './slurm-rig.js';

export const KMOCK_SCRIPT = fileURLToPath(new URL('../rigs/kmock.mjs', import.meta.url));

export interface KmockOptions {
  /** Seeded node names (KMOCK_NODES). Default gpu01, gpu02, gpu03. */
  nodes?: string[];
  /** Outcome of every Job's pod (KMOCK_JOB_RESULT); a <logsDir>/<node>.fail file still makes that node's pods fail. */
  jobResult?: 'Succeeded' | 'Failed';
  /** ms between a Job's creation and its completion (KMOCK_JOB_DELAY_MS). Default 0: complete at creation. */
  jobDelayMs?: number;
  /** Fixed port; default 0 = any free port. */
  port?: number;
}

export interface Kmock {
  /** Path of a kubeconfig whose current context (namespace default) points at this kmock. */
  kubeconfig: string;
  /** Plant <node>.log (pod logs of pods on that node) and <node>.fail (pods on that node fail) here. */
  logsDir: string;
  /** The temp dir holding everything; removed by stop(). */
  dir: string;
  port: number;
  url: string;
  /** Env for a child kubectl: KUBECONFIG, KUBECACHEDIR, CLOUDSDK_CONFIG. */
  env: Record<string, string>;
  /** Runs kubectl with env and a timeout (default 15 s); never rejects for a non-zero exit. */
  kubectl(args: string[], opts?: { timeoutMs?: number; cwd?: string }): Promise<RunResult>;
  stop(): Promise<void>;
}

/** The kubectl on PATH (the node image has /usr/bin/kubectl, google-cloud-sdk's dispatcher), or null. */
export function kubectlPath(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin'].filter(Boolean);
  for (const d of dirs) {
    try {
      accessSync(join(d, 'kubectl'), constants.X_OK);
      return join(d, 'kubectl');
    } catch {
      // next
    }
  }
  return null;
}

/**
 * For `describe.skipIf(!requireKubectl())`: true when kubectl is installed; false when not and rigs are optional here;
 * throws when not and CI / GPUENV_REQUIRE_RIGS=1 is set, so CI fails instead of skipping silently.
 */
export function requireKubectl(): boolean {
  if (kubectlPath()) return true;
  if (rigsRequired()) throw new Error('kubectl required (CI or GPUENV_REQUIRE_RIGS=1) but not found on PATH');
  return false;
}

function kubeconfigYaml(port: number): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: kmock',
    `  cluster: {server: "http://127.0.0.1:${port}"}`,
    'users:',
    '- name: ci',
    '  user: {token: "ci"}',
    'contexts:',
    '- name: kmock',
    '  context: {cluster: kmock, user: ci, namespace: default}',
    'current-context: kmock',
    '',
  ].join('\n');
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

export async function startKmock(opts: KmockOptions = {}): Promise<Kmock> {
  const dir = mkdtempSync(join(tmpdir(), 'gpuenv-kmock-'));
  const logsDir = join(dir, 'logs');
  mkdirSync(logsDir);
  mkdirSync(join(dir, 'cache'));
  mkdirSync(join(dir, 'gcloud'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, KMOCK_LOGS_DIR: logsDir };
  delete childEnv.KMOCK_PORT;
  delete childEnv.KMOCK_LOG;
  if (opts.nodes) childEnv.KMOCK_NODES = opts.nodes.join(',');
  else delete childEnv.KMOCK_NODES;
  if (opts.jobResult) childEnv.KMOCK_JOB_RESULT = opts.jobResult;
  else delete childEnv.KMOCK_JOB_RESULT;
  if (opts.jobDelayMs !== undefined) childEnv.KMOCK_JOB_DELAY_MS = String(opts.jobDelayMs);
  else delete childEnv.KMOCK_JOB_DELAY_MS;

  const child = spawn(process.execPath, [KMOCK_SCRIPT, '--port', String(opts.port ?? 0)], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Last resort if the test process exits without stop() (a crashed afterAll): never leave kmock running.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const cleanup = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitExit(child, 5_000))) {
        child.kill('SIGKILL');
        await waitExit(child, 5_000);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`kmock did not print "listening" within 10 s:\n${output}`)), 10_000);
      const onData = (b: Buffer): void => {
        output += b.toString();
        const m = /kmock listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once('exit', (code, sig) => {
        clearTimeout(timer);
        reject(new Error(`kmock exited (${code ?? sig}) before listening:\n${output}`));
      });
    });
  } catch (e) {
    await cleanup();
    throw e;
  }

  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigYaml(port));
  const env: Record<string, string> = {
    KUBECONFIG: kubeconfig,
    KUBECACHEDIR: join(dir, 'cache'),
    CLOUDSDK_CONFIG: join(dir, 'gcloud'),
  };
  const kubectl = (args: string[], o: { timeoutMs?: number; cwd?: string } = {}): Promise<RunResult> =>
    runWithTimeout(kubectlPath() ?? 'kubectl', args, {
      env: { ...process.env, ...env, HOME: dir },
      timeoutMs: o.timeoutMs ?? 15_000,
      cwd: o.cwd ?? dir,
    });
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await cleanup();
  };
  return { kubeconfig, logsDir, dir, port, url: `http://127.0.0.1:${port}`, env, kubectl, stop };
}
