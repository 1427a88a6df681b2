// Finds a shared library the way the dynamic loader would, refuses CUDA stubs, loads the chosen file
// by full path and records which file really got mapped. Loading by soname would let dlopen pick a
// stub from LD_LIBRARY_PATH, and once a stub is mapped every later dlopen of that soname returns it.
import * as fs from 'node:fs';
import type { LibraryHandle } from 'koffi';
import { parseLdCache } from '../formats/ldcache.js';
import { msg } from './messages.js';
import type { LibraryLoadReport } from './report.js';
import { loaderView, searchOrder, systemDirs, type SearchStep } from './search-order.js';

type MaybePromise<T> = T | Promise<T>;

export interface ResolveOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Node's process.arch; picks the ld.so.cache ABI and the multiarch default dirs. */
  arch?: string;
  /** Raw bytes of a file, undefined when absent. Default: node:fs. */
  readFile?: (path: string) => MaybePromise<Uint8Array | undefined>;
  /** Whether a regular file (or a link to one) exists. Default: node:fs. */
  exists?: (path: string) => MaybePromise<boolean>;
  /** Resolves links; undefined when it cannot. Used to refuse a link that points into a stubs folder. */
  realPath?: (path: string) => MaybePromise<string | undefined>;
  /** Default /etc/ld.so.cache. */
  ldCachePath?: string;
}

export type CandidateSource = 'LD_LIBRARY_PATH' | 'ld.so.cache' | 'default';

/** No RPATH or RUNPATH here: we are not an ELF object asking for the library. */
const SOURCE: Record<SearchStep, CandidateSource> = {
  rpath: 'default',
  runpath: 'default',
  LD_LIBRARY_PATH: 'LD_LIBRARY_PATH',
  'ld.so.cache': 'ld.so.cache',
  'default-dirs': 'default',
};

export interface LibraryCandidate {
  path: string;
  from: CandidateSource;
  /** Set when the path or its target lies in a `stubs` folder: never loaded. */
  stub: boolean;
  /** Where the path's links lead, when that differs from the path. */
  realPath?: string;
}

export interface LibraryResolution {
  soname: string;
  /** Every existing candidate, stubs included, in the loader's order. */
  candidates: LibraryCandidate[];
  /** Paths of stub candidates, refused. */
  refused: string[];
}

/** Where the NVIDIA driver libraries live on the usual systems, after the loader's trusted dirs. */
const DRIVER_DIRS = ['/usr/local/nvidia/lib64', '/usr/lib/wsl/lib'];

/** The loader's default folders, then the driver folders this loader also looks in. */
export function defaultDirs(arch: string): string[] {
  return [...systemDirs(arch), ...DRIVER_DIRS];
}

export function isStubPath(path: string): boolean {
  return path.split('/').includes('stubs');
}

/** Candidate files for a soname in the order glibc's dlopen searches (no RPATH: we are not an ELF caller). */
export async function resolveLibrary(soname: string, options: ResolveOptions = {}): Promise<LibraryResolution> {
  const env = options.env ?? process.env;
  const arch = options.arch ?? process.arch;
  const exists = options.exists ?? defaultExists;
  const readFile = options.readFile ?? defaultReadFile;
  const realPath = options.realPath ?? defaultRealPath;

  const cacheBytes = await safe(() => readFile(options.ldCachePath ?? '/etc/ld.so.cache'));
  // The loader's own order (search-order.ts, as the probe of a package's libraries follows it), then the driver folders.
  const ordered: { path: string; from: CandidateSource }[] = [
    ...searchOrder(soname, loaderView(env, arch, cacheBytes ? parseLdCache(cacheBytes) : [])).map((c) => ({ path: c.path, from: SOURCE[c.via] })),
    ...DRIVER_DIRS.map((dir) => ({ path: joinPath(dir, soname), from: 'default' as const })),
  ];

  const seen = new Set<string>();
  const candidates: LibraryCandidate[] = [];
  for (const c of ordered) {
    if (seen.has(c.path)) continue;
    seen.add(c.path);
    if (!(await safe(() => exists(c.path)))) continue;
    const real = await safe(() => realPath(c.path));
    const candidate: LibraryCandidate = { ...c, stub: isStubPath(c.path) || (real !== undefined && isStubPath(real)) };
    if (real !== undefined && real !== c.path) candidate.realPath = real;
    candidates.push(candidate);
  }
  return { soname, candidates, refused: candidates.filter((c) => c.stub).map((c) => c.path) };
}

export interface LoadedLibrary {
  lib: LibraryHandle | null;
  report: LibraryLoadReport;
}

type Koffi = typeof import('koffi');

/**
 * Loads the first non-stub candidate that dlopen accepts. A failed candidate (wrong ELF class, missing
 * dependency) is recorded and the next one tried, as the loader skips unusable files.
 */
export async function loadLibrary(koffi: Koffi, soname: string, options: ResolveOptions = {}): Promise<LoadedLibrary> {
  const resolution = await resolveLibrary(soname, options);
  const report: LibraryLoadReport = {
    soname,
    candidates: resolution.candidates.map((c) => c.path),
    loadedPath: null,
    refused: resolution.refused,
    error: null,
  };
  const failures: string[] = [];
  const before = mappedFiles();
  for (const candidate of resolution.candidates) {
    if (candidate.stub) continue;
    try {
      const lib = koffi.load(candidate.path);
      report.loadedPath = findLoadedPath(soname, candidate, before);
      if (failures.length > 0) report.attempts = failures;
      return { lib, report };
    } catch (error) {
      // koffi's message does not name the file ("Failed to load shared library: …").
      failures.push(`${candidate.path}: ${errorMessage(error)}`);
    }
  }
  if (failures.length > 0) {
    report.attempts = failures;
    report.error = msg('load.failed', { soname, failures: failures.join('; ') });
  } else if (resolution.refused.length > 0) {
    report.error = msg('load.onlyStubs', { soname, stubs: resolution.refused.join(', ') });
  } else {
    report.error = msg('load.notFound', { soname, dirs: defaultDirs(options.arch ?? process.arch).join(', ') });
  }
  return { lib: null, report };
}

/** Paths of files mapped into this process, from /proc/self/maps (empty where there is no /proc). */
export function mappedFiles(mapsText?: string): Set<string> {
  const text = mapsText ?? readText('/proc/self/maps') ?? '';
  const files = new Set<string>();
  for (const line of text.split('\n')) {
    // address perms offset dev inode pathname; the pathname may hold spaces.
    const m = /^\S+\s+\S+\s+\S+\s+\S+\s+\d+\s+(\/.*)$/.exec(line);
    if (m?.[1] !== undefined) files.add(m[1].replace(/ \(deleted\)$/, ''));
  }
  return files;
}

function findLoadedPath(soname: string, candidate: LibraryCandidate, before: Set<string>): string {
  const after = mappedFiles();
  const stem = soname.slice(0, soname.indexOf('.so') + 3 || undefined);
  const target = candidate.realPath ?? candidate.path;
  if (after.has(target)) return target;
  const matches = [...after].filter((p) => baseName(p).startsWith(stem));
  const fresh = matches.filter((p) => !before.has(p));
  // A newly mapped file of that name is what dlopen chose; if it was already mapped, dlopen reused it.
  return fresh[0] ?? matches[0] ?? target;
}

function joinPath(dir: string, name: string): string {
  return `${dir.replace(/\/+$/, '')}/${name}`;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

async function safe<T>(fn: () => MaybePromise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch {
    return undefined;
  }
}

function defaultExists(path: string): boolean {
  try {
    return fs.statSync(path).isFile();
  } catch {
    return false;
  }
}

function defaultReadFile(path: string): Uint8Array | undefined {
  try {
    return fs.readFileSync(path);
  } catch {
    return undefined;
  }
}

function defaultRealPath(path: string): string | undefined {
  try {
    return fs.realpathSync(path);
  } catch {
    return undefined;
  }
}

function readText(path: string): string | undefined {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
