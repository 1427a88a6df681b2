// Reads what a fleet run left: one JSON per node (a Snapshot, `doctor --json` or `bench --json`), from
// folders and files. A file that is not a gpuenv result is reported with why, not fatal: one broken
// node must not hide the other 39.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Finding } from '../findings.js';
import { UsageError } from '../errors.js';
import { parseSnapshot } from '../snapshot/read.js';
import { msg } from './messages.js';
import type { NodeResult } from './report.js';

const MAX_FILE = 64 * 1024 * 1024;

export interface ReadResults {
  results: NodeResult[];
  unreadable: { file: string; reason: string }[];
}

async function filesOf(cwd: string, inputs: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const input of inputs) {
    const path = resolve(cwd, input);
    const st = await stat(path).catch(() => null);
    if (!st) throw new UsageError(msg('read.noSuchFile', { input }));
    if (st.isDirectory()) {
      for (const name of (await readdir(path)).filter((n) => n.endsWith('.json')).sort()) out.push(join(path, name));
    } else out.push(path);
  }
  return out;
}

/** The rows of a `bench --json` result that have the shape gpuenv writes, and the GPU product of each index. */
function benchOf(doc: Record<string, unknown>): NodeResult['bench'] | undefined {
  if (!Array.isArray(doc.rows)) return undefined;
  const rows = doc.rows.filter(
    (r): r is { gpu: number; what: string; size: string; value: number; unit: string } =>
      !!r &&
      typeof r === 'object' &&
      Number.isInteger(r.gpu) &&
      typeof r.what === 'string' &&
      typeof r.size === 'string' &&
      typeof r.value === 'number' &&
      typeof r.unit === 'string',
  );
  const before = (doc.run as { before?: unknown } | undefined)?.before;
  const products: Record<number, string | null> = {};
  for (const g of Array.isArray(before) ? before : []) {
    if (g && typeof g === 'object' && Number.isInteger(g.index)) products[g.index as number] = typeof g.name === 'string' ? g.name : null;
  }
  return { rows, products };
}

function isFinding(x: unknown): x is Finding {
  const f = x as Partial<Finding>;
  return !!f && typeof f === 'object' && typeof f.code === 'string' && typeof f.severity === 'string' && typeof f.title === 'string';
}

export async function readResults(cwd: string, inputs: string[]): Promise<ReadResults> {
  const results: NodeResult[] = [];
  const unreadable: ReadResults['unreadable'] = [];
  for (const file of await filesOf(cwd, inputs)) {
    try {
      const st = await stat(file);
      if (st.size > MAX_FILE) throw new Error(msg('read.tooLarge', { mb: MAX_FILE / 1024 / 1024 }));
      const text = await readFile(file, 'utf8');
      let doc: Record<string, unknown>;
      try {
        doc = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new Error(msg('read.notJson'));
      }
      if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error(msg('read.notResult'));
      // `health --json` of a run that could not decide: no Snapshot, and the reason it failed.
      if (doc.kind === 'gpuenv-health' && doc.status === 'unknown')
        throw new Error(msg('read.healthUnknown', { failure: String(doc.failure ?? msg('read.unknownFailure')).slice(0, 200) }));
      const hasSnapshot = 'gpus' in doc || (doc.snapshot !== undefined && doc.snapshot !== null);
      const snapshot = hasSnapshot ? await parseSnapshot(text, basename(file)) : null;
      // `bench --json` on a node where no GPU answers: {ok: false, error: 'no-gpu', …}.
      const noGpu = doc.ok === false && doc.error === 'no-gpu';
      if (!snapshot && !Array.isArray(doc.rows) && !noGpu) throw new Error(msg('read.notKnown'));
      const findings = (Array.isArray(doc.findings) ? doc.findings : []).filter(isFinding);
      if (noGpu)
        findings.push({
          code: 'no-gpu',
          severity: 'error',
          title: msg('read.benchNoGpu'),
          cause: String(doc.nvml ?? ''),
          evidence: [],
          fix: ['gpuenv doctor'],
        } as Finding);
      const named = (doc.node as { name?: unknown } | undefined)?.name;
      const node = typeof named === 'string' && named ? named : (snapshot?.node?.name ?? basename(file).replace(/\.json$/, ''));
      const bench = benchOf(doc);
      results.push({ node, file, snapshot, findings, ...(bench ? { bench } : {}) });
    } catch (error) {
      unreadable.push({ file, reason: error instanceof UsageError ? error.message : error instanceof Error ? error.message : String(error) });
    }
  }
  return { results, unreadable };
}
