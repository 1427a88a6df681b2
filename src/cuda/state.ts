// The record of global switches, so `gpuenv cuda undo` can put the previous target back.
// Where: inside the root under --root (and for fixture machines); on the live host /var/lib/gpuenv when
// root, else $XDG_STATE_HOME/gpuenv (default ~/.local/state/gpuenv). Undo reads both host files, so a
// switch made with sudo can be seen (and undone with sudo) from a user's shell.
import { promises as fs } from 'node:fs';
import { posix } from 'node:path';
import { makeDirs } from '../system/mkdirs.js';
import { hostPath } from '../system/paths.js';
import type { System } from '../system/types.js';

export const STATE_NAME = 'cuda-switch.json';
export const SYSTEM_STATE_DIR = '/var/lib/gpuenv';

export interface SwitchRecord {
  /** The link that was replaced, as seen inside the root: /usr/local/cuda or /etc/alternatives/cuda. */
  link: string;
  /** Its target before the switch (the link's text); null when there was no link. */
  previous: string | null;
  /** Its target after. */
  target: string;
  at: string;
  /** `pending` is written before the rename and `done` after: a pending record is an interrupted switch. */
  status: 'pending' | 'done';
}

export interface StateFile {
  version: 1;
  switches: SwitchRecord[];
}

export interface StateEnv {
  uid: number | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/** Host paths: the file this process writes, and every file undo reads (newest record wins). */
export function stateFiles(sys: System, who: StateEnv): { write: string; read: string[] } {
  if (sys.root !== '/') {
    const f = hostPath(sys.root, `${SYSTEM_STATE_DIR}/${STATE_NAME}`);
    return { write: f, read: [f] };
  }
  const system = `${SYSTEM_STATE_DIR}/${STATE_NAME}`;
  const home = who.env.HOME;
  const xdg = who.env.XDG_STATE_HOME || (home ? posix.join(home, '.local/state') : undefined);
  const user = xdg ? posix.join(xdg, 'gpuenv', STATE_NAME) : undefined;
  const write = who.uid === 0 || !user ? system : user;
  return { write, read: [...new Set([system, ...(user ? [user] : [])])] };
}

export async function readState(file: string): Promise<StateFile> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<StateFile>;
    if (parsed.version === 1 && Array.isArray(parsed.switches)) return { version: 1, switches: parsed.switches.filter(isRecord) };
  } catch {
    // Absent or unreadable: no history. A corrupt file is replaced on the next write.
  }
  return { version: 1, switches: [] };
}

function isRecord(r: unknown): r is SwitchRecord {
  const x = r as SwitchRecord;
  return (
    typeof x?.link === 'string' &&
    typeof x.target === 'string' &&
    (x.previous === null || typeof x.previous === 'string') &&
    (x.status === 'pending' || x.status === 'done')
  );
}

/** Written to a temporary file and renamed over the old one, so a crash never leaves half a file. */
export async function writeState(file: string, state: StateFile): Promise<void> {
  await makeDirs(posix.dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  // Keep the last 20 switches: enough to undo several steps, small enough to read at a glance.
  const trimmed: StateFile = { version: 1, switches: state.switches.slice(-20) };
  await fs.writeFile(tmp, `${JSON.stringify(trimmed, null, 2)}\n`);
  await fs.rename(tmp, file);
}

/** Every record from every readable state file, oldest first, each with the file it is in. */
export async function allRecords(files: string[]): Promise<Array<SwitchRecord & { file: string }>> {
  const out: Array<SwitchRecord & { file: string }> = [];
  for (const f of files) for (const r of (await readState(f)).switches) out.push({ ...r, file: f });
  return out.sort((a, b) => a.at.localeCompare(b.at));
}
