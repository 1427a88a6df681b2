// Runs the engine command of `fleet run`, then reads back one result per node and names the nodes that returned
// nothing. The engine's exit code is not the verdict (srun exits with the worst task's code, doctor exits 1 on
// findings): the per-node files are.
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { runCommand } from '../../system/run.js';
import { writeOutput } from '../../system/output-file.js';
import { msg } from '../messages.js';
import { nodeFileName } from '../node.js';
import { demuxPrefixed } from './demux.js';
import { expectedNodes, parallelShellArgv, slurmArgv, type FleetRunOptions } from './plan.js';
import { runK8s } from './k8s.js';

export interface NodeOutcome {
  node: string;
  ok: boolean;
  /** The result file written (DIR/<node>.json), when the node printed JSON. */
  file: string | null;
  /** Why the node has no result: its stderr's first line, not JSON, … */
  error: string | null;
}

export interface FleetRunSummary {
  engine: FleetRunOptions['engine'];
  argv: string[];
  outDir: string;
  engineExit: number | null;
  engineError: string | null;
  nodes: NodeOutcome[];
  /** Nodes named by the host list (or counted by -N) that wrote nothing at all. */
  missing: string[];
  expectedCount: number | null;
}

export async function executeFleetRun(cwd: string, o: FleetRunOptions): Promise<FleetRunSummary> {
  const outDir = resolve(cwd, o.outDir);
  await mkdir(outDir, { recursive: true });
  const opts = { ...o, outDir };
  if (o.engine === 'k8s') return runK8s(opts);
  const argv = o.engine === 'slurm' ? slurmArgv(opts) : parallelShellArgv(opts);
  const before = await fileTimes(outDir);
  // The engine's own limit comes first (srun --time, pdsh -u); this one only keeps gpuenv from waiting forever.
  const r = await runCommand(argv[0]!, argv.slice(1), { timeoutMs: (o.timeoutS + 60) * 1000, maxBuffer: 256 * 1024 * 1024 });
  if (r.notFound) throw new UsageError(msg('run.notFound', { program: argv[0]!, engine: o.engine }));
  const engineError = r.timedOut
    ? msg('run.killed', { program: argv[0]!, seconds: o.timeoutS + 60 })
    : r.exitCode !== 0 && r.stderr.trim()
      ? firstLine(r.stderr)
      : null;
  const expected = expectedNodes(opts);
  const nodes = o.engine === 'slurm' ? await slurmOutcomes(outDir, before) : await prefixedOutcomes(outDir, r.stdout, r.stderr, expected ?? []);
  const missing = expected ? expected.filter((n) => !nodes.some((x) => x.node === n)) : [];
  return { engine: o.engine, argv, outDir, engineExit: r.exitCode, engineError, nodes, missing, expectedCount: expected?.length ?? o.nodes ?? null };
}

/** Modification times of the folder's files: what this run wrote is what is new or changed (same clock: the file server's). */
async function fileTimes(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const f of await readdir(dir)) {
    const st = await stat(join(dir, f)).catch(() => null);
    if (st) out.set(f, st.mtimeMs);
  }
  return out;
}

/** srun wrote DIR/%N.json and DIR/%N.err for each node of this run; files of earlier runs it did not touch are not counted. */
async function slurmOutcomes(dir: string, before: Map<string, number>): Promise<NodeOutcome[]> {
  const names = new Set<string>();
  for (const [f, mtime] of await fileTimes(dir)) {
    const m = /^(.+)\.(json|err)$/.exec(f);
    if (m && before.get(f) !== mtime) names.add(m[1]!);
  }
  const out: NodeOutcome[] = [];
  for (const node of [...names].sort()) {
    const file = join(dir, `${node}.json`);
    const text = await readFile(file, 'utf8').catch(() => '');
    const err = await readFile(join(dir, `${node}.err`), 'utf8').catch(() => '');
    out.push(judgeOutput(node, text, err, file));
  }
  return out;
}

/** pdsh/clush: one stream, "node: line"; each node's JSON is written to DIR/<node>.json here. */
async function prefixedOutcomes(dir: string, stdout: string, stderr: string, expected: string[]): Promise<NodeOutcome[]> {
  const outs = demuxPrefixed(stdout);
  const errs = demuxPrefixed(stderr);
  const out: NodeOutcome[] = [];
  // Only the nodes asked for: clush and pdsh prefix their own messages too ("clush: gpu01: exited with exit code 1").
  for (const node of [...new Set([...outs.keys(), ...errs.keys()])].filter((n) => expected.includes(n)).sort()) {
    const text = outs.get(node) ?? '';
    const err = errs.get(node) ?? '';
    const file = join(dir, nodeFileName(node));
    const outcome = judgeOutput(node, text, err, file);
    if (outcome.ok) await writeOutput(dir, file, text, true);
    if (err.trim()) await writeOutput(dir, join(dir, `${nodeFileName(node).replace(/\.json$/, '')}.err`), err, true);
    out.push(outcome);
  }
  return out;
}

/** The JSON document in a node's output: all of it, or (kubectl logs mixes in stderr) from a line opening with { to one closing with }. */
export function jsonPart(text: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('{'));
  const end = lines.findLastIndex((l) => l.startsWith('}'));
  return start >= 0 && end >= start ? lines.slice(start, end + 1).join('\n') : text;
}

export function judgeOutput(node: string, text: string, err: string, file: string): NodeOutcome {
  if (text.trim() === '') return { node, ok: false, file: null, error: err.trim() ? firstLine(err) : msg('run.printedNothing') };
  let doc: unknown;
  try {
    doc = JSON.parse(jsonPart(text));
  } catch {
    doc = undefined;
  }
  // A JSON object is a result; anything else (not JSON, a bare number or string) is not.
  if (doc && typeof doc === 'object') return { node, ok: true, file, error: null };
  return {
    node,
    ok: false,
    file: null,
    error: `${msg('run.notJson', { line: firstLine(text) })}${err.trim() ? msg('run.stderr', { line: firstLine(err) }) : ''}`,
  };
}

function firstLine(text: string): string {
  return (text.trim().split('\n')[0] ?? '').slice(0, 200);
}
