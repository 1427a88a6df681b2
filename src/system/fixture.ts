// A whole machine in a folder, for tests: files under root/, recorded commands, environment and native answers.
// Layout: <dir>/machine.json + <dir>/root/** (symlinks with absolute targets resolve inside root/).
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { NativeReport } from '../native/report.js';
import { msg } from './messages.js';
import { TreeFs } from './real.js';
import type { FsStats, NativeProbeOptions, NativeProbeResult, RunOptions, RunResult, System } from './types.js';

export interface RecordedCommand {
  /** argv[0] may be a bare name (matched against the basename) or a full path. */
  argv: string[];
  stdout?: string;
  /** A file beside machine.json holding stdout. */
  stdoutFile?: string;
  stderr?: string;
  exitCode?: number;
  /** Milliseconds the command takes; with `hang` it never ends and only the caller's timeout stops it. */
  delayMs?: number;
  hang?: boolean;
}

export interface MachineSpec {
  description: string;
  hostname?: string;
  env: Record<string, string>;
  commands?: RecordedCommand[];
  /** statfs(2) answers by path, as Node's fs.statfs gives them (`df -B1 /dev/shm` = blocks × bsize); absent paths answer nothing. */
  statfs?: Record<string, { type: number; bsize: number; blocks: number; bfree: number; bavail: number }>;
  /** A recorded native report file, or why native probing fails on this machine. */
  native?: { reportFile: string } | { fail: 'timeout' | 'crashed' | 'unavailable' | 'error'; detail: string };
}

export async function loadMachine(dir: string): Promise<System> {
  const spec = JSON.parse(await fs.readFile(join(dir, 'machine.json'), 'utf8')) as MachineSpec;
  let native: NativeReport | undefined;
  if (spec.native && 'reportFile' in spec.native) {
    // Either a bare NativeReport or a whole recorded NativeProbeResult ({ ok, report, durationMs }).
    const recorded = JSON.parse(await fs.readFile(join(dir, spec.native.reportFile), 'utf8')) as NativeReport | { ok: true; report: NativeReport };
    native = 'report' in recorded ? recorded.report : recorded;
  }
  const outputs = new Map<RecordedCommand, string>();
  for (const c of spec.commands ?? []) {
    outputs.set(c, c.stdoutFile ? await fs.readFile(join(dir, c.stdoutFile), 'utf8') : (c.stdout ?? ''));
  }
  return new FixtureSystem(join(dir, 'root'), spec, outputs, native);
}

class FixtureSystem extends TreeFs implements System {
  readonly isForeignRoot = false;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform = 'linux' as const;
  readonly arch = 'x64';
  /** Every command the probes ran, for assertions. */
  readonly ran: string[][] = [];
  private readonly spec: MachineSpec;
  private readonly outputs: Map<RecordedCommand, string>;
  private readonly native: NativeReport | undefined;

  constructor(root: string, spec: MachineSpec, outputs: Map<RecordedCommand, string>, native: NativeReport | undefined) {
    super(root);
    this.spec = spec;
    this.env = spec.env;
    this.outputs = outputs;
    this.native = native;
  }

  override async which(name: string, pathVar?: string): Promise<string | undefined> {
    return super.which(name, pathVar ?? this.env.PATH ?? '');
  }

  async run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
    this.ran.push([command, ...args]);
    const base = command.split('/').pop();
    const rec = (this.spec.commands ?? []).find((c) => (c.argv[0] === command || c.argv[0] === base) && sameArgs(c.argv.slice(1), args));
    const timeoutMs = options.timeoutMs ?? 5_000;
    if (!rec) {
      return {
        command,
        args,
        exitCode: null,
        signal: null,
        stdout: '',
        stderr: `${command}: not found`,
        failed: true,
        timedOut: false,
        notFound: true,
        durationMs: 0,
      };
    }
    const delay = rec.hang ? Infinity : (rec.delayMs ?? 0);
    const waited = Math.min(delay, timeoutMs);
    if (waited > 0) await new Promise((r) => setTimeout(r, waited));
    if (delay > timeoutMs) {
      return { command, args, exitCode: null, signal: 'SIGKILL', stdout: '', stderr: '', failed: true, timedOut: true, notFound: false, durationMs: waited };
    }
    const exitCode = rec.exitCode ?? 0;
    return {
      command,
      args,
      exitCode,
      signal: null,
      stdout: this.outputs.get(rec) ?? '',
      stderr: rec.stderr ?? '',
      failed: exitCode !== 0,
      timedOut: false,
      notFound: false,
      durationMs: waited,
    };
  }

  async statfs(path: string): Promise<FsStats | undefined> {
    const st = this.spec.statfs?.[path];
    return st ? { type: st.type, blockSize: st.bsize, blocks: st.blocks, blocksFree: st.bfree, blocksAvailable: st.bavail } : undefined;
  }

  async probeNative(_options: NativeProbeOptions): Promise<NativeProbeResult> {
    const n = this.spec.native;
    if (this.native) return { ok: true, report: this.native, durationMs: 1 };
    if (n && 'fail' in n) return { ok: false, reason: n.fail, detail: n.detail, durationMs: 1 };
    return { ok: false, reason: 'unavailable', detail: msg('fixture.noNative'), durationMs: 0 };
  }

  hostname(): string | null {
    return this.spec.hostname ?? null;
  }
}

function sameArgs(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
