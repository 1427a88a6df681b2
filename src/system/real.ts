// The live machine (or a mounted root tree) behind the System interface.
import { constants, promises as fs } from 'node:fs';
import { hostname as osHostname } from 'node:os';
import { posix } from 'node:path';
import { UsageError } from '../errors.js';
import { msg } from './messages.js';
import { hostPath, realPathInRoot } from './paths.js';
import { runCommand } from './run.js';
import type { DirEntry, FileStat, FsStats, NativeProbeOptions, NativeProbeResult, RunOptions, RunResult, System } from './types.js';

export interface RealSystemOptions {
  root?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/** Checks --root up front: a missing or unreadable folder is a usage error, not a stack trace. */
export async function createRealSystem(options: RealSystemOptions): Promise<System> {
  let root = '/';
  if (options.root !== undefined && options.root !== '' && posix.resolve(options.root) !== '/') {
    root = posix.resolve(options.root);
    const st = await fs.stat(root).catch(() => undefined);
    if (!st) throw new UsageError(msg('root.missing', { root: options.root }));
    if (!st.isDirectory()) throw new UsageError(msg('root.notFolder', { root: options.root }));
    try {
      await fs.access(root, constants.R_OK | constants.X_OK);
    } catch {
      throw new UsageError(msg('root.denied', { root: options.root }));
    }
  }
  return new RealSystem(root, options.env);
}

function kindOf(st: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): FileStat['kind'] {
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'dir';
  return 'other';
}

/** Files of a root tree (the live "/" or a folder that holds a root); links resolve inside the tree. */
export class TreeFs {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private p(path: string): string {
    return hostPath(this.root, path);
  }

  async readFile(path: string, maxBytes = 8 * 1024 * 1024): Promise<string | undefined> {
    const bytes = await this.readBytes(path, 0, maxBytes);
    return bytes === undefined ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }

  async readBytes(path: string, offset: number, length: number): Promise<Uint8Array | undefined> {
    const real = this.root === '/' ? path : await this.realPath(path);
    if (real === undefined) return undefined;
    let handle;
    try {
      handle = await fs.open(this.p(real), 'r');
      // Files under /proc and /sys report size 0: read until EOF up to length.
      const chunks: Buffer[] = [];
      let pos = offset;
      let remaining = length;
      while (remaining > 0) {
        const buf = Buffer.allocUnsafe(Math.min(remaining, 1 << 20));
        const { bytesRead } = await handle.read(buf, 0, buf.length, pos);
        if (bytesRead === 0) break;
        chunks.push(buf.subarray(0, bytesRead));
        pos += bytesRead;
        remaining -= bytesRead;
      }
      return new Uint8Array(Buffer.concat(chunks));
    } catch {
      return undefined;
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  async readDir(path: string): Promise<DirEntry[] | undefined> {
    const real = this.root === '/' ? path : await this.realPath(path);
    if (real === undefined) return undefined;
    try {
      const entries = await fs.readdir(this.p(real), { withFileTypes: true });
      return entries.map((e) => ({ name: e.name, kind: kindOf(e) }));
    } catch {
      return undefined;
    }
  }

  async stat(path: string): Promise<FileStat | undefined> {
    if (this.root !== '/') {
      const real = await this.realPath(path);
      if (real === undefined) return undefined;
      return this.lstat(real);
    }
    try {
      const st = await fs.stat(path);
      return { kind: kindOf(st), size: st.size, mode: st.mode };
    } catch {
      return undefined;
    }
  }

  async lstat(path: string): Promise<FileStat | undefined> {
    try {
      const st = await fs.lstat(this.p(path));
      return { kind: kindOf(st), size: st.size, mode: st.mode };
    } catch {
      return undefined;
    }
  }

  async readLink(path: string): Promise<string | undefined> {
    try {
      return await fs.readlink(this.p(path));
    } catch {
      return undefined;
    }
  }

  async realPath(path: string): Promise<string | undefined> {
    if (this.root === '/') {
      try {
        return await fs.realpath(path);
      } catch {
        return undefined;
      }
    }
    return realPathInRoot(this.root, path, {
      lstatKind: async (f) => fs.lstat(f).then(kindOf, () => undefined),
      readLink: async (f) => fs.readlink(f).catch(() => undefined),
    });
  }

  /** `which` over a PATH value, inside the tree. */
  async which(name: string, pathVar: string): Promise<string | undefined> {
    for (const dir of pathVar.split(':').filter(Boolean)) {
      const candidate = posix.join(dir, name);
      const st = await this.stat(candidate);
      if (st?.kind === 'file' && (st.mode & 0o111) !== 0) return candidate;
    }
    return undefined;
  }
}

const STATFS_TIMEOUT_MS = 2_000;

class RealSystem extends TreeFs implements System {
  readonly isForeignRoot: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform = process.platform;
  readonly arch = process.arch;

  constructor(root: string, env: Readonly<Record<string, string | undefined>>) {
    super(root);
    this.isForeignRoot = root !== '/';
    // A mounted image has no environment of its own here; the host's would mislead.
    this.env = this.isForeignRoot ? {} : env;
  }

  async run(command: string, args: string[], options?: RunOptions): Promise<RunResult> {
    if (this.isForeignRoot) {
      // Running the host's programs would describe the host, not the mounted tree.
      return {
        command,
        args,
        exitCode: null,
        signal: null,
        stdout: '',
        stderr: msg('root.notRun'),
        failed: true,
        timedOut: false,
        notFound: true,
        durationMs: 0,
      };
    }
    return runCommand(command, args, { env: this.env, ...options });
  }

  override async which(name: string, pathVar?: string): Promise<string | undefined> {
    return super.which(name, pathVar ?? this.env.PATH ?? '');
  }

  async statfs(path: string): Promise<FsStats | undefined> {
    if (this.isForeignRoot) return undefined;
    // statfs(2) runs on libuv's thread pool; a path on a dead network mount would block it, so it gets a limit too.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), STATFS_TIMEOUT_MS);
      timer.unref();
    });
    const asked = fs.statfs(path).then(
      (st): FsStats => ({ type: st.type, blockSize: st.bsize, blocks: st.blocks, blocksFree: st.bfree, blocksAvailable: st.bavail }),
      () => undefined,
    );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async probeNative(options: NativeProbeOptions): Promise<NativeProbeResult> {
    if (this.isForeignRoot) {
      return { ok: false, reason: 'unavailable', detail: msg('root.notLoaded'), durationMs: 0 };
    }
    const started = performance.now();
    try {
      const { runNativeProbe } = await import('../native/run.js');
      return await runNativeProbe({ timeoutMs: options.timeoutMs, env: this.env });
    } catch (error) {
      return { ok: false, reason: 'error', detail: String((error as Error)?.message ?? error), durationMs: Math.round(performance.now() - started) };
    }
  }

  hostname(): string | null {
    return this.isForeignRoot ? null : osHostname();
  }
}
