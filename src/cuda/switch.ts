// `gpuenv cuda use --global` and `gpuenv cuda undo`: repoint /usr/local/cuda (or /etc/alternatives/cuda when
// update-alternatives manages it) atomically — a new link beside the old one, then rename(2) over it — and
// record the previous target. A leftover temporary link or a `pending` record is an interrupted switch;
// it is repaired before anything else is done.
import { constants, promises as fs } from 'node:fs';
import { posix } from 'node:path';
import { UsageError } from '../errors.js';
import { makeDirs } from '../system/mkdirs.js';
import { hostPath } from '../system/paths.js';
import type { Toolkit } from '../snapshot/types.js';
import type { System } from '../system/types.js';
import { allRecords, readState, stateFiles, writeState, type StateEnv, type SwitchRecord } from './state.js';
import { msg } from './messages.js';
import { roots, shortVersion } from './toolkits.js';

export const CUDA_LINK = '/usr/local/cuda';
export const ALT_LINK = '/etc/alternatives/cuda';
const ALT_DBS = ['/var/lib/dpkg/alternatives/cuda', '/var/lib/alternatives/cuda'];

/** The temporary link's name: fixed, so an interrupted switch can be found again. */
export const tempFor = (link: string): string => posix.join(posix.dirname(link), `.${posix.basename(link)}.gpuenv-tmp`);

export interface SwitchOptions extends StateEnv {
  now?: () => Date;
  /** Whether this process may write in a folder (host path); tests replace it. */
  canWrite?: (hostDir: string) => Promise<boolean>;
}

export interface LinkPlan {
  /** The link replaced: /usr/local/cuda, or /etc/alternatives/cuda when update-alternatives manages it. */
  link: string;
  temp: string;
  /** The link's text now (null when absent) and where it leads. */
  current: string | null;
  currentReal: string | null;
  target: string;
  toolkit: Toolkit | null;
  /** Already pointing there: nothing to do. */
  noop: boolean;
  alternatives: null | {
    /** The alternative is in dpkg's (or alternatives') database. */
    registered: boolean;
    /** The command that makes the database agree (or registers the toolkit). */
    command: string;
  };
}

export class SwitchBlocked extends Error {
  override name = 'SwitchBlocked';
  readonly reason: 'not-a-link' | 'changed-since' | 'nothing-to-undo';
  readonly detail: Record<string, string>;
  constructor(reason: SwitchBlocked['reason'], detail: Record<string, string>) {
    super(reason);
    this.reason = reason;
    this.detail = detail;
  }
}

/** Which link decides /usr/local/cuda, as the switch must treat it. */
async function decidingLink(sys: System): Promise<{ link: string; viaAlternatives: boolean }> {
  const st = await sys.lstat(CUDA_LINK);
  if (st && st.kind !== 'symlink') throw new SwitchBlocked('not-a-link', { path: CUDA_LINK });
  if (st) {
    const text = await sys.readLink(CUDA_LINK);
    if (text !== undefined && posix.resolve(posix.dirname(CUDA_LINK), text) === ALT_LINK) {
      const alt = await sys.lstat(ALT_LINK);
      if (alt && alt.kind !== 'symlink') throw new SwitchBlocked('not-a-link', { path: ALT_LINK });
      return { link: ALT_LINK, viaAlternatives: true };
    }
  }
  return { link: CUDA_LINK, viaAlternatives: false };
}

/** The alternatives listed for `cuda` in dpkg's admin file (or RHEL's): lines that are absolute paths after the header. */
async function registeredAlternatives(sys: System): Promise<string[] | null> {
  for (const db of ALT_DBS) {
    const text = await sys.readFile(db, 256 * 1024);
    if (text === undefined) continue;
    const lines = text.split('\n').map((l) => l.trim());
    // Header: mode, master link, then slave name/link pairs up to a blank line; then alternative, priority, slaves…
    const blank = lines.indexOf('', 2);
    return lines.slice(blank + 1).filter((l) => l.startsWith('/'));
  }
  return null;
}

export async function planSwitch(sys: System, chosen: Toolkit): Promise<LinkPlan> {
  const { link, viaAlternatives } = await decidingLink(sys);
  const current = (await sys.readLink(link)) ?? null;
  const currentReal = current === null ? null : ((await sys.realPath(link)) ?? null);
  let target = chosen.path;
  let alternatives: LinkPlan['alternatives'] = null;
  if (viaAlternatives) {
    const listed = (await registeredAlternatives(sys)) ?? [];
    const entry = listed.find((p) => roots(chosen).includes(p) || p === chosen.path);
    if (entry) target = entry;
    const [maj, min] = shortVersion(chosen).split('.');
    alternatives = entry
      ? { registered: true, command: `update-alternatives --set cuda ${entry}` }
      : { registered: false, command: `update-alternatives --install ${CUDA_LINK} cuda ${chosen.path} ${Number(maj) * 10 + Number(min) || 1}` };
  }
  return { link, temp: tempFor(link), current, currentReal, target, toolkit: chosen, noop: currentReal === chosen.path, alternatives };
}

export interface Interrupted {
  temp: string;
  /** Where the leftover link points (null when it is not a link). */
  pointsTo: string | null;
  link: string;
}

/** Leftovers of a switch stopped between the new link and the rename, and pending records. */
export async function findInterrupted(sys: System, who: StateEnv): Promise<{ temps: Interrupted[]; pending: Array<SwitchRecord & { file: string }> }> {
  const temps: Interrupted[] = [];
  for (const link of [CUDA_LINK, ALT_LINK]) {
    const temp = tempFor(link);
    if (await sys.lstat(temp)) temps.push({ temp, link, pointsTo: (await sys.readLink(temp)) ?? null });
  }
  const pending = (await allRecords(stateFiles(sys, who).read)).filter((r) => r.status === 'pending');
  return { temps, pending };
}

export interface RepairResult {
  removedTemps: string[];
  /** Pending records resolved: `done` when the rename had happened, dropped when it had not. */
  completed: SwitchRecord[];
  dropped: SwitchRecord[];
}

/**
 * Finishes the bookkeeping of an interrupted switch. rename(2) is atomic, so the link itself is always whole:
 * either the old target or the new one. A leftover temporary link is removed; a pending record becomes
 * `done` when the link shows the new target, and is dropped when it still shows the old one.
 */
export async function repair(sys: System, who: StateEnv): Promise<RepairResult> {
  const result: RepairResult = { removedTemps: [], completed: [], dropped: [] };
  const { temps } = await findInterrupted(sys, who);
  for (const t of temps) {
    await removeLeftover(hostPath(sys.root, t.temp), t.temp);
    result.removedTemps.push(t.temp);
  }
  for (const file of stateFiles(sys, who).read) {
    const state = await readState(file);
    if (!state.switches.some((r) => r.status === 'pending')) continue;
    const kept: SwitchRecord[] = [];
    for (const r of state.switches) {
      if (r.status !== 'pending') {
        kept.push(r);
        continue;
      }
      const now = (await sys.readLink(r.link)) ?? null;
      if (now === r.target) {
        kept.push({ ...r, status: 'done' });
        result.completed.push(r);
      } else result.dropped.push(r);
    }
    await writeState(file, { version: 1, switches: kept });
  }
  return result;
}

/**
 * Removes what an interrupted switch left at the temporary name: a link (or a file), or an empty folder.
 * A folder with something in it was not made by gpuenv, which only makes links there: it is reported, not
 * deleted.
 */
async function removeLeftover(host: string, shown: string): Promise<void> {
  const st = await fs.lstat(host).catch(() => null);
  if (!st) return;
  if (!st.isDirectory()) {
    await fs.rm(host, { force: true });
    return;
  }
  try {
    await fs.rmdir(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(msg(code === 'ENOTEMPTY' || code === 'EEXIST' ? 'err.leftoverFull' : 'err.leftoverFolder', { path: shown }));
  }
}

/** Folders that must be writable for the switch: the link's folder and the state file's. */
export async function writableFor(sys: System, plan: { link: string }, who: SwitchOptions): Promise<boolean> {
  const canWrite = who.canWrite ?? defaultCanWrite;
  if (!(await canWrite(hostPath(sys.root, posix.dirname(plan.link))))) return false;
  const stateDir = posix.dirname(stateFiles(sys, who).write);
  return canWrite(await nearestExisting(stateDir));
}

async function defaultCanWrite(dir: string): Promise<boolean> {
  try {
    await fs.access(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

async function nearestExisting(dir: string): Promise<string> {
  let d = dir;
  while (d !== '/' && !(await fs.stat(d).catch(() => undefined))) d = posix.dirname(d);
  return d;
}

/** Replaces `link` with one to `target`: symlink to the temp name, then rename over the link. */
async function replaceLink(sys: System, link: string, target: string): Promise<void> {
  const hostLink = hostPath(sys.root, link);
  const hostTemp = hostPath(sys.root, tempFor(link));
  await removeLeftover(hostTemp, tempFor(link));
  await makeDirs(posix.dirname(hostLink));
  await fs.symlink(target, hostTemp);
  try {
    await fs.rename(hostTemp, hostLink);
  } catch (error) {
    await fs.rm(hostTemp, { force: true });
    throw error;
  }
}

/** Does the switch: pending record, new link, rename, record done. */
export async function applySwitch(sys: System, plan: LinkPlan, who: SwitchOptions): Promise<SwitchRecord> {
  const file = stateFiles(sys, who).write;
  const record: SwitchRecord = {
    link: plan.link,
    previous: plan.current,
    target: plan.target,
    at: (who.now ?? (() => new Date()))().toISOString(),
    status: 'pending',
  };
  const state = await readState(file);
  state.switches.push(record);
  await writeState(file, state);
  try {
    await replaceLink(sys, plan.link, plan.target);
  } catch (error) {
    state.switches.pop();
    await writeState(file, state);
    throw error;
  }
  record.status = 'done';
  await writeState(file, state);
  return record;
}

export interface UndoPlan {
  record: SwitchRecord & { file: string };
  /** The link's text now. */
  current: string | null;
}

/** The newest finished switch, provided the link still shows what that switch set. */
export async function planUndo(sys: System, who: StateEnv): Promise<UndoPlan> {
  const records = (await allRecords(stateFiles(sys, who).read)).filter((r) => r.status === 'done');
  const record = records.at(-1);
  if (!record) throw new SwitchBlocked('nothing-to-undo', {});
  const current = (await sys.readLink(record.link)) ?? null;
  if (current !== record.target) {
    throw new SwitchBlocked('changed-since', { link: record.link, now: current ?? '-', set: record.target, previous: record.previous ?? '-' });
  }
  return { record, current };
}

/** Puts the previous target back (or removes a link the switch created) and drops the record. */
export async function applyUndo(sys: System, plan: UndoPlan): Promise<void> {
  const { record } = plan;
  if (record.previous === null) await fs.rm(hostPath(sys.root, record.link), { force: true });
  else await replaceLink(sys, record.link, record.previous);
  const state = await readState(record.file);
  const i = state.switches.findLastIndex((r) => r.at === record.at && r.link === record.link && r.target === record.target);
  if (i >= 0) state.switches.splice(i, 1);
  await writeState(record.file, state);
}
