// Reading a lock back, and reading "a snapshot or a lock" for diff, with clear errors.
import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { parseSnapshot } from '../snapshot/read.js';
import { schemaProblem } from '../snapshot/validate.js';
import { indexProblem, isPep440, isPypiName } from '../export/safe.js';
import { lockFromSnapshot } from './make.js';
import { msg } from './messages.js';
import { LOCK_VERSION, type Lock } from './types.js';

const REQUIRED: (keyof Lock)[] = ['lockVersion', 'driver', 'gpus', 'cuda', 'python', 'frameworks', 'packages'];

export async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = what === 'lock' && code === 'ENOENT' ? msg('read.lockHint') : '';
    const why = code === 'ENOENT' ? msg('read.noFile') : code === 'EISDIR' ? msg('read.isFolder') : (code ?? msg('read.cannot'));
    throw new UsageError(msg('read.failed', { path, why, hint }));
  }
}

function json(text: string, name: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new UsageError(msg('read.notJson', { name }));
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new UsageError(msg('read.notDoc', { name }));
  return doc as Record<string, unknown>;
}

export async function parseLock(text: string, name: string): Promise<Lock> {
  const doc = json(text, name);
  if (!('lockVersion' in doc)) throw new UsageError(msg('read.noLockVersion', { name }));
  if (doc.lockVersion !== LOCK_VERSION)
    throw new UsageError(msg('read.badLockVersion', { name, version: JSON.stringify(doc.lockVersion), supported: LOCK_VERSION }));
  const missing = REQUIRED.filter((k) => !(k in doc));
  if (missing.length) throw new UsageError(msg('read.incomplete', { name, missing: missing.join(', ') }));
  const problem = await schemaProblem('lock', doc);
  if (problem) throw new UsageError(msg('read.invalid', { name, problem }));
  const lock = doc as unknown as Lock;
  // Names, versions and indexes become printed `pip install` commands (verify's fixes): shape-check them.
  for (const p of [...lock.packages, ...lock.frameworks]) {
    if (!isPypiName(p.name)) throw new UsageError(msg('read.badName', { name, pkg: JSON.stringify(p.name) }));
    if (!isPep440(p.version)) throw new UsageError(msg('read.badVersion', { name, pkg: p.name, version: JSON.stringify(p.version) }));
    const bad = p.index === undefined || p.index === null ? undefined : indexProblem(p.index);
    if (bad) throw new UsageError(msg('read.badPkgIndex', { name, pkg: p.name, index: JSON.stringify(p.index), bad }));
  }
  for (const i of lock.indexes ?? []) {
    const bad = indexProblem(i);
    if (bad) throw new UsageError(msg('read.badIndex', { name, index: JSON.stringify(i), bad }));
  }
  return lock;
}

/** A lock as is, or a Snapshot (or `doctor --json`) turned into the lock it would give. */
export async function parseLockOrSnapshot(text: string, name: string, env: string | undefined): Promise<{ lock: Lock; kind: 'lock' | 'snapshot' }> {
  const doc = json(text, name);
  if ('lockVersion' in doc) return { lock: await parseLock(text, name), kind: 'lock' };
  const snap = await parseSnapshot(text, name);
  return { lock: lockFromSnapshot(snap, env, new Date(snap.takenAt)), kind: 'snapshot' };
}
