// A real Slurm cluster of N emulated GPU nodes on this machine, for fleet tests. Drives test/rigs/slurm-rig.sh
// (one slurmctld, one slurmd per node in its own UTS namespace, Gres=gpu:2 per node). Needs root and the Debian
// packages slurmctld slurmd slurm-client munge (`bash test/rigs/slurm-rig.sh install`).
//
//   const skip = !requireSlurm();            // throws in CI (CI or GPUENV_REQUIRE_RIGS=1) when Slurm is missing
//   describe.skipIf(skip)('...', () => {
//     let rig: SlurmRig;
//     beforeAll(async () => { rig = await startSlurmRig({ nodes: 3 }); });
//     afterAll(async () => { await rig?.stop(); });
//     it('...', async () => { await run('srun', ['-N3', 'hostname'], { env: { ...process.env, ...rig.env } }); });
//   });
//
// Every child process here runs with a timeout; nothing can hang a test run.
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SLURM_RIG_SCRIPT = fileURLToPath(new URL('../rigs/slurm-rig.sh', import.meta.url));

export interface SlurmRigOptions {
  nodes: number;
  /** Rig directory (config, logs, spool, pid files). Default: a fresh temp dir, removed by stop(). */
  dir?: string;
  /** slurmctld port; node k listens on portBase + k. Default: a free range in 20000-29999. */
  portBase?: number;
  /** A Prolog program for every node (RIG_PROLOG). Default: none. */
  prolog?: string;
}

export interface NodeState {
  /** Slurm's State field as scontrol prints it, e.g. "IDLE", "IDLE+DRAIN", "ALLOCATED", "DOWN*". */
  state: string;
  /** The admin/drain reason without scontrol's "[user@time]" suffix; null when none. */
  reason: string | null;
}

export interface SlurmRig {
  /** Environment for child processes that talk to the rig (srun, sbatch, sinfo, scontrol): SLURM_CONF etc. */
  env: Record<string, string>;
  dir: string;
  /** gpu01..gpuNN */
  nodes: string[];
  stop(): Promise<void>;
  scontrol(args: string[]): Promise<string>;
  nodeState(name: string): Promise<NodeState>;
  /**
   * Polls nodeState every 100 ms until accept() holds (default: plain "IDLE", no reason), or throws after
   * timeoutMs (default 10 s). Needed after `state=resume`: Slurm shows IDLE+NOT_RESPONDING for about 1 s.
   */
  waitNodeState(name: string, accept?: (s: NodeState) => boolean, timeoutMs?: number): Promise<NodeState>;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs a program with a timeout (default 15 s); never rejects for a non-zero exit, only for a timeout/spawn error. */
export function runWithTimeout(file: string, args: string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string } = {}): Promise<RunResult> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { env: opts.env ?? process.env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20, cwd: opts.cwd },
      (err, stdout, stderr) => {
        if (err && (err as NodeJS.ErrnoException & { killed?: boolean }).killed) {
          reject(new Error(`${file} ${args.join(' ')}: timed out after ${timeoutMs} ms\n${stdout}${stderr}`));
          return;
        }
        if (err && typeof (err as { code?: unknown }).code === 'string') {
          reject(new Error(`${file}: ${err.message}`));
          return;
        }
        const code = err ? Number((err as { code?: unknown }).code ?? 1) : 0;
        resolve({ stdout: String(stdout), stderr: String(stderr), code });
      },
    );
  });
}

const REQUIRED_BINARIES = ['slurmctld', 'slurmd', 'srun', 'sbatch', 'sinfo', 'scontrol', 'munge', 'munged', 'unshare', 'runuser', 'flock'];
const EXTRA_PATH = ['/usr/sbin', '/sbin', '/usr/bin', '/bin'];

function onPath(bin: string): boolean {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...EXTRA_PATH].filter(Boolean);
  return dirs.some((d) => {
    try {
      accessSync(join(d, bin), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Why the rig cannot run here (missing binaries, not root), or null when it can. */
export function slurmMissingReason(): string | null {
  const missing = REQUIRED_BINARIES.filter((b) => !onPath(b));
  if (missing.length) {
    return `missing ${missing.join(', ')} (install: apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge)`;
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'the Slurm rig needs root (mknod, munged, unshare --uts)';
  return null;
}

/** True when the Slurm binaries the rig needs are installed (and we are root, which the rig needs). */
export function slurmAvailable(): boolean {
  return slurmMissingReason() === null;
}

/** True when rig tests must run and not skip: in CI (CI set and not "false"/"0") or GPUENV_REQUIRE_RIGS=1. */
export function rigsRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI;
  return env.GPUENV_REQUIRE_RIGS === '1' || (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0');
}

/**
 * For `describe.skipIf(!requireSlurm())`: true when Slurm is usable; false when it is not and rigs are optional
 * here; throws (so the file fails instead of skipping silently) when it is not and CI/GPUENV_REQUIRE_RIGS=1 is set.
 */
export function requireSlurm(): boolean {
  const why = slurmMissingReason();
  if (why === null) return true;
  if (rigsRequired()) {
    throw new Error(`Slurm rig required (CI or GPUENV_REQUIRE_RIGS=1) but unavailable: ${why}`);
  }
  return false;
}

function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen({ port, host, exclusive: true }, () => s.close(() => resolve(true)));
  });
}

/** A base port P with P..P+n free on 0.0.0.0 and 127.0.0.1; below the Linux ephemeral range (32768+). */
export async function findFreePortBase(n: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 9_900);
    let ok = true;
    for (let p = base; p <= base + n && ok; p++) ok = (await portFree(p, '0.0.0.0')) && (await portFree(p, '127.0.0.1'));
    if (ok) return base;
  }
  throw new Error(`no free port range of ${n + 1} ports found in 20000-29999`);
}

function parseNodeState(out: string): NodeState {
  const state = /(?:^|\s)State=(\S+)/.exec(out)?.[1];
  if (!state) throw new Error(`no State= in scontrol output:\n${out}`);
  // "   Reason=x y [root@2026-12-01T23:14:50]" is on a line of its own in the multi-line format
  const line = out.split('\n').find((l) => /^\s*Reason=/.test(l));
  let reason: string | null = null;
  if (line) {
    reason = line
      .replace(/^\s*Reason=/, '')
      .replace(/\s*\[[^\]]*@[^\]]*\]\s*$/, '')
      .trim();
    if (reason === '' || reason === '(null)' || reason === 'none') reason = null;
  }
  return { state, reason };
}

export async function startSlurmRig(opts: SlurmRigOptions): Promise<SlurmRig> {
  if (!Number.isInteger(opts.nodes) || opts.nodes < 1 || opts.nodes > 99) throw new Error(`nodes must be 1..99, got ${opts.nodes}`);
  const ownDir = opts.dir === undefined;
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'gpuenv-slurm-rig-'));
  const portBase = opts.portBase ?? (await findFreePortBase(opts.nodes));
  const path = [...new Set([...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...EXTRA_PATH])].join(delimiter);
  const scriptEnv: NodeJS.ProcessEnv = { ...process.env, PATH: path, RIG: dir, RIG_PORT_BASE: String(portBase) };
  if (opts.prolog) scriptEnv.RIG_PROLOG = opts.prolog;
  else delete scriptEnv.RIG_PROLOG;
  const env: Record<string, string> = { SLURM_CONF: join(dir, 'etc', 'slurm.conf'), PATH: path };
  const childEnv = (): NodeJS.ProcessEnv => ({ ...process.env, ...env });
  const nodes = Array.from({ length: opts.nodes }, (_, i) => `gpu${String(i + 1).padStart(2, '0')}`);

  let stopped = false;
  // Last resort if the test process exits without stop() (a crashed afterAll): stop the daemons synchronously.
  const stopOnExit = (): void => {
    if (stopped) return;
    try {
      execFileSync('bash', [SLURM_RIG_SCRIPT, 'stop'], { env: scriptEnv, timeout: 20_000, stdio: 'ignore' });
    } catch {
      // nothing more to do while exiting
    }
  };
  process.once('exit', stopOnExit);
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stopOnExit);
    const r = await runWithTimeout('bash', [SLURM_RIG_SCRIPT, 'stop'], { env: scriptEnv, timeoutMs: 20_000 });
    if (r.code !== 0) throw new Error(`slurm-rig stop failed (${r.code}):\n${r.stdout}${r.stderr}`);
    if (ownDir && process.env.GPUENV_KEEP_RIG !== '1') rmSync(dir, { recursive: true, force: true });
  };

  // The script waits up to 20 s for all nodes idle, then prints the logs, stops what it started and fails.
  let started: RunResult;
  try {
    started = await runWithTimeout('bash', [SLURM_RIG_SCRIPT, 'start', String(opts.nodes)], { env: scriptEnv, timeoutMs: 40_000 });
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
  if (started.code !== 0) {
    await stop().catch(() => undefined);
    throw new Error(`slurm-rig start ${opts.nodes} failed (${started.code}):\n${started.stdout}${started.stderr}`);
  }

  const scontrol = async (args: string[]): Promise<string> => {
    const r = await runWithTimeout('scontrol', args, { env: childEnv(), timeoutMs: 10_000 });
    if (r.code !== 0) throw new Error(`scontrol ${args.join(' ')} failed (${r.code}): ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  const nodeState = async (name: string): Promise<NodeState> => parseNodeState(await scontrol(['show', 'node', name]));

  const waitNodeState = async (
    name: string,
    accept: (s: NodeState) => boolean = (s) => s.state === 'IDLE' && s.reason === null,
    timeoutMs = 10_000,
  ): Promise<NodeState> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const s = await nodeState(name);
      if (accept(s)) return s;
      if (Date.now() >= deadline) throw new Error(`node ${name}: still ${JSON.stringify(s)} after ${timeoutMs} ms`);
      await new Promise((res) => setTimeout(res, 100));
    }
  };

  return { env, dir, nodes, stop, scontrol, nodeState, waitNodeState };
}
