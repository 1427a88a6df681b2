// Reads `--bench FILE`: a `bench --json` result (or the bare recorded run inside one). The file is untrusted: every
// field the page reads is checked for its type here, so a wrong or hostile file is one clear usage error, not a crash
// in a chart. Rows and findings are recomputed from the run by bench/report.ts, their one producer.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { findings, rows, type Row } from '../bench/report.js';
import type { BenchRun } from '../bench/types.js';
import { UsageError } from '../errors.js';
import type { Finding } from '../findings.js';
import { msg } from './messages.js';

export interface BenchInput {
  /** The file as the user named it. */
  file: string;
  /** Null when the benchmark found no GPU (`{ok: false, error: 'no-gpu'}`). */
  run: BenchRun | null;
  rows: Row[];
  findings: Finding[];
  /** Why no GPU answered, when the run found none. */
  noGpu?: string;
  node?: string;
}

const MAX_FILE = 64 * 1024 * 1024;
type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object' && !Array.isArray(x);
const isNum = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
const numOrNull = (x: unknown) => x === null || isNum(x);

type Why = Extract<Parameters<typeof msg>[0], `shape.${string}`>;
const at = (path: string, why: Why) => msg('shape.at', { path, why: msg(why) });

/** The first field that does not have the type the page reads, as a JSON path; undefined when all do. */
export function benchRunProblem(run: unknown): string | undefined {
  if (!isObj(run)) return at('run', 'shape.notObject');
  if (!Array.isArray(run.gpus) || !run.gpus.every(Number.isInteger)) return at('run.gpus', 'shape.notGpuList');
  if (typeof run.engine !== 'string' || typeof run.mode !== 'string') return at('run.engine / run.mode', 'shape.notStrings');
  const r = run.result;
  if (!isObj(r)) return at('run.result', 'shape.notObject');
  for (const k of ['copies', 'gemms', 'skipped', 'p2p', 'errors'] as const) if (!Array.isArray(r[k])) return at(`run.result.${k}`, 'shape.notList');
  if (!isObj(r.libraries) || !Object.values(r.libraries).every((v) => typeof v === 'string')) return at('run.result.libraries', 'shape.notStringMap');
  for (const [i, c] of (r.copies as unknown[]).entries()) {
    if (!isObj(c) || typeof c.kind !== 'string' || !Number.isInteger(c.gpu) || !isNum(c.bytes) || !isNum(c.medianGBs))
      return at(`run.result.copies[${i}]`, 'shape.notCopy');
  }
  for (const [i, g] of (r.gemms as unknown[]).entries()) {
    if (!isObj(g) || typeof g.dtype !== 'string' || !Number.isInteger(g.gpu) || !isNum(g.m) || !isNum(g.medianTflops) || !isObj(g.check))
      return at(`run.result.gemms[${i}]`, 'shape.notGemm');
    if (typeof g.check.ok !== 'boolean' || !numOrNull(g.check.relError) || !isNum(g.check.tolerance))
      return at(`run.result.gemms[${i}].check`, 'shape.notCheck');
  }
  for (const [i, s] of (r.skipped as unknown[]).entries())
    if (!isObj(s) || typeof s.dtype !== 'string' || typeof s.reason !== 'string') return at(`run.result.skipped[${i}]`, 'shape.notSkipped');
  for (const [i, p] of (r.p2p as unknown[]).entries())
    if (!isObj(p) || !Number.isInteger(p.src) || !Number.isInteger(p.dst) || !numOrNull(p.medianGBs)) return at(`run.result.p2p[${i}]`, 'shape.notP2p');
  if (!(r.errors as unknown[]).every((e) => typeof e === 'string')) return at('run.result.errors', 'shape.notStringList');
  if (r.allReduce !== null && r.allReduce !== undefined && (!isObj(r.allReduce) || !isNum(r.allReduce.busbwGBs)))
    return at('run.result.allReduce', 'shape.notAllReduce');
  if (!Array.isArray(run.clocks)) return at('run.clocks', 'shape.notList');
  for (const [i, s] of run.clocks.entries()) {
    if (!isObj(s) || !isNum(s.tMs) || !Number.isInteger(s.gpu)) return at(`run.clocks[${i}]`, 'shape.notClock');
    for (const k of ['smMHz', 'memMHz', 'powerW', 'temperatureC', 'pcieGen', 'pcieWidth'])
      if (!numOrNull(s[k] ?? null)) return at(`run.clocks[${i}].${k}`, 'shape.notNumber');
    if (s.reasons !== null && s.reasons !== undefined && !(typeof s.reasons === 'string' && /^0x[0-9a-f]+$/i.test(s.reasons)))
      return at(`run.clocks[${i}].reasons`, 'shape.notHexMask');
  }
  if (!Array.isArray(run.before)) return at('run.before', 'shape.notList');
  for (const [i, g] of run.before.entries()) {
    if (!isObj(g) || !Number.isInteger(g.index) || !isObj(g.pcie)) return at(`run.before[${i}]`, 'shape.notGpuRecord');
    if (g.name !== null && typeof g.name !== 'string') return at(`run.before[${i}].name`, 'shape.notString');
  }
  if (!isObj(run.eccAfter)) return at('run.eccAfter', 'shape.notObject');
  return undefined;
}

export function benchFromDoc(doc: unknown, file: string): BenchInput {
  const bad = (why: string) => new UsageError(msg('err.benchShape', { file, why }));
  if (!isObj(doc)) throw bad(msg('shape.notJsonObject'));
  const node = isObj(doc.node) && typeof doc.node.name === 'string' ? doc.node.name : undefined;
  if (doc.ok === false && doc.error === 'no-gpu') {
    return { file, run: null, rows: [], findings: [], noGpu: typeof doc.nvml === 'string' ? doc.nvml : msg('shape.noDevices'), ...(node ? { node } : {}) };
  }
  // `bench --json` wraps the run; a bare run (as gpuenv's own recordings keep it) is read too.
  const run = isObj(doc.run) ? doc.run : 'result' in doc && 'clocks' in doc ? doc : undefined;
  if (!run) throw bad(msg('shape.noRun'));
  const problem = benchRunProblem(run);
  if (problem) throw bad(problem);
  const typed = run as unknown as BenchRun;
  return { file, run: typed, rows: rows(typed), findings: findings(typed), ...(node ? { node } : {}) };
}

export async function readBenchFile(file: string, cwd: string): Promise<BenchInput> {
  return benchFromDoc(await readJsonFile('--bench', file, cwd, () => msg('err.benchJson', { file })), file);
}

/** A JSON file the user named with `flag`: a usage error for a missing, too large or malformed one. */
export async function readJsonFile(flag: string, file: string, cwd: string, notJson: () => string): Promise<unknown> {
  let buf: Buffer;
  try {
    buf = await readFile(resolve(cwd, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      msg('err.read', { flag, file, why: code === 'ENOENT' ? msg('why.noFile') : code === 'EISDIR' ? msg('why.isDir') : (code ?? String(error)) }),
    );
  }
  if (buf.length > MAX_FILE) throw new UsageError(msg('err.read', { flag, file, why: msg('why.tooLarge', { mb: MAX_FILE / 1024 / 1024 }) }));
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    throw new UsageError(notJson());
  }
}
