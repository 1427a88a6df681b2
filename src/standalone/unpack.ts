// Puts the koffi native module the executable carries where dlopen can read it: once per user, in a
// folder keyed by the module's hash, and loads nothing whose hash differs. A cache that cannot be
// written (read-only HOME of a root health check, a full disk) or holds a corrupted copy falls back
// to a fresh private temporary folder.
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { makeDirsSync } from '../system/mkdirs.js';
import { msg } from './messages.js';

export interface NativeModule {
  /** koffi's folder name for the platform: linux_x64, linux_arm64. */
  triplet: string;
  /** koffi's version: part of the folder name, so two gpuenv builds never share a folder by accident. */
  version: string;
  /** Hex SHA-256 the build recorded for the module. */
  sha256: string;
  bytes: Uint8Array;
}

export interface UnpackOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Default os.tmpdir(). */
  tmpDir?: string;
  /** Default process.getuid(). */
  uid?: number;
}

export interface Unpacked {
  /** The folder to give koffi (it holds koffi/<triplet>/koffi.node). */
  dir: string;
  /** Where the module came from: an existing cached copy, a fresh write, or a private temp folder. */
  how: 'cached' | 'written' | 'temp';
  /** Why earlier places were passed over (shown by `--version --verbose`-style diagnostics and tests). */
  skipped: string[];
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Cache roots in order: $XDG_CACHE_HOME/gpuenv (absolute only, as the XDG spec says), ~/.cache/gpuenv. */
export function cacheRoots(env: Readonly<Record<string, string | undefined>>): string[] {
  const roots: string[] = [];
  const xdg = env.XDG_CACHE_HOME;
  if (xdg?.startsWith('/')) roots.push(join(xdg, 'gpuenv'));
  const home = env.HOME;
  if (home?.startsWith('/')) roots.push(join(home, '.cache', 'gpuenv'));
  return [...new Set(roots)];
}

export function unpackNative(module: NativeModule, options: UnpackOptions): Unpacked {
  if (sha256(module.bytes) !== module.sha256) {
    // The executable itself is damaged: no copy of it can be trusted.
    throw new Error(msg('unpack.damaged', { hash: module.sha256.slice(0, 12) }));
  }
  const skipped: string[] = [];
  const leaf = `koffi-${module.version}-${module.sha256.slice(0, 16)}`;
  const uid = options.uid ?? process.getuid?.();
  for (const root of cacheRoots(options.env)) {
    const dir = join(root, leaf);
    try {
      const how = placeInto(dir, module, uid, root);
      return { dir, how, skipped };
    } catch (error) {
      skipped.push(`${dir}: ${message(error)}`);
    }
  }
  const dir = fs.mkdtempSync(join(options.tmpDir ?? os.tmpdir(), 'gpuenv-'));
  // mkdtemp made it just now, 0700 and ours: no owner to check.
  placeInto(dir, module, undefined, dir);
  return { dir, how: 'temp', skipped };
}

function placeInto(dir: string, module: NativeModule, uid: number | undefined, root: string): 'cached' | 'written' {
  const file = join(dir, 'koffi', module.triplet, 'koffi.node');
  makeDirsSync(join(dir, 'koffi', module.triplet), 0o700);
  checkPrivate([root, dir, join(dir, 'koffi'), join(dir, 'koffi', module.triplet)], uid);
  if (hashOf(file) === module.sha256) return 'cached';
  // Write beside the target and rename: a reader never sees half a module, two writers never mix.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(tmp, module.bytes, { mode: 0o500, flag: 'wx' });
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  if (hashOf(file) !== module.sha256) throw new Error(msg('unpack.copyDiffers'));
  return 'written';
}

/** A folder another user can write to could swap the module after it was checked. */
function checkPrivate(dirs: string[], uid: number | undefined): void {
  for (const d of new Set(dirs)) {
    const st = fs.lstatSync(d);
    if (!st.isDirectory()) throw new Error(msg('unpack.notFolder', { dir: d }));
    if (uid !== undefined && st.uid !== uid) throw new Error(msg('unpack.otherOwner', { dir: d, uid: st.uid }));
    if ((st.mode & 0o022) !== 0) throw new Error(msg('unpack.writable', { dir: d, mode: (st.mode & 0o777).toString(8) }));
  }
}

function hashOf(file: string): string | undefined {
  try {
    return sha256(fs.readFileSync(file));
  } catch {
    return undefined;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
