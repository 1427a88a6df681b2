// The one door to the machine: every probe reads through a System, so tests can hand them a fake one.
import type { NativeProbeResult } from '../native/report.js';

/** Result of running a command. Never thrown: a failure is data (as execa's `reject: false`). */
export interface RunResult {
  command: string;
  args: string[];
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Anything but a clean exit 0. */
  failed: boolean;
  timedOut: boolean;
  /** The program does not exist (ENOENT) or could not be started. */
  notFound: boolean;
  durationMs: number;
}

export interface RunOptions {
  /** Milliseconds before the child is killed (SIGKILL to its process group). */
  timeoutMs?: number;
  env?: Record<string, string | undefined>;
  /** Bytes kept of stdout and of stderr each. */
  maxBuffer?: number;
}

export interface DirEntry {
  name: string;
  kind: 'file' | 'dir' | 'symlink' | 'other';
}

export interface FileStat {
  kind: 'file' | 'dir' | 'symlink' | 'other';
  size: number;
  mode: number;
}

/** What statfs(2) says of the file system holding a path: sizes in blocks of `blockSize` bytes. */
export interface FsStats {
  /** The file system's magic number (TMPFS_MAGIC 0x01021994 for a tmpfs such as /dev/shm). */
  type: number;
  blockSize: number;
  blocks: number;
  blocksFree: number;
  /** Blocks an unprivileged process may still use. */
  blocksAvailable: number;
}

export interface System {
  /** The root file system read: "/" for the live host, else the --root folder. */
  readonly root: string;
  /** True when reading a mounted root: commands, native libraries and /proc of the host are off limits. */
  readonly isForeignRoot: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly arch: string;
  /** Paths are absolute inside the target root; all return undefined when absent or unreadable. */
  readFile(path: string, maxBytes?: number): Promise<string | undefined>;
  readBytes(path: string, offset: number, length: number): Promise<Uint8Array | undefined>;
  readDir(path: string): Promise<DirEntry[] | undefined>;
  stat(path: string): Promise<FileStat | undefined>;
  /** lstat: does not follow the last link. */
  lstat(path: string): Promise<FileStat | undefined>;
  readLink(path: string): Promise<string | undefined>;
  /**
   * statfs(2) of the file system that holds a path (the size of /dev/shm). Undefined when it cannot be read, and
   * under a mounted root: a folder of an image holds no mounted file system of the machine it would run on.
   * Optional: a System that cannot tell (a test double) leaves it out, and the fact stays unknown.
   */
  statfs?(path: string): Promise<FsStats | undefined>;
  /** Resolves links inside the target root (an absolute link target stays inside the root). */
  realPath(path: string): Promise<string | undefined>;
  /** Runs a program with a timeout. Under a foreign root nothing is run: returns notFound. */
  run(command: string, args: string[], options?: RunOptions): Promise<RunResult>;
  /** Finds a program on the target's PATH (as `which`), inside the target root. */
  which(name: string, pathVar?: string): Promise<string | undefined>;
  /** Loads NVML and the CUDA driver in a watched child process and returns what they said. */
  probeNative(options: NativeProbeOptions): Promise<NativeProbeResult>;
  hostname(): string | null;
}

export interface NativeProbeOptions {
  timeoutMs: number;
}

// The bindings sit under the System interface: the result type is theirs, named here for System's users.
export type { NativeProbeResult };
