// Reads a Snapshot back from a file (`--snapshot FILE`), with a clear message for anything that is not one.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { msg } from './messages.js';
import { SNAPSHOT_SCHEMA_VERSION, type Snapshot } from './types.js';
import { schemaProblem } from './validate.js';

const REQUIRED: (keyof Snapshot)[] = ['os', 'driver', 'gpus', 'pciGpus', 'toolkits', 'libraries', 'env', 'probes'];

/** `path` as the user typed it, relative to `cwd` (the command's working folder). */
export async function readSnapshotFile(path: string, cwd = process.cwd()): Promise<Snapshot> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      msg('cannotRead', { path, reason: code === 'ENOENT' ? msg('noSuchFile') : code === 'EISDIR' ? msg('isFolder') : (code ?? String(error)) }),
    );
  }
  return parseSnapshot(text, path);
}

export async function parseSnapshot(text: string, name = 'input'): Promise<Snapshot> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new UsageError(msg('notJson', { name }));
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new UsageError(msg('notSnapshot', { name }));
  const d = doc as Partial<Snapshot> & { snapshot?: unknown; schemaVersion?: unknown };
  // `doctor --json` output wraps the Snapshot: accept it too.
  if (d.snapshot && typeof d.snapshot === 'object' && !Array.isArray(d.snapshot) && !('gpus' in d)) return parseSnapshot(JSON.stringify(d.snapshot), name);
  if (d.schemaVersion !== SNAPSHOT_SCHEMA_VERSION) {
    throw new UsageError(msg('badSchemaVersion', { name, version: JSON.stringify(d.schemaVersion) ?? 'undefined', supported: SNAPSHOT_SCHEMA_VERSION }));
  }
  const missing = REQUIRED.filter((k) => !(k in d));
  if (missing.length) throw new UsageError(msg('incomplete', { name, missing: missing.join(', ') }));
  const snap = d as Snapshot;
  // Older writers may lack lists added later; default them so rules can rely on arrays.
  snap.python ??= [];
  snap.cudaCompat ??= [];
  snap.tools ??= [];
  const problem = await schemaProblem('snapshot', snap);
  if (problem) throw new UsageError(msg('invalid', { name, problem }));
  return snap;
}
