// Which CUDA_HOME — and so which nvcc, headers and libraries — a CUDA extension build started now would use. One
// answer for doctor, explain and `gpuenv cuda which`: what torch.utils.cpp_extension._find_cuda_home does.
import { posix } from 'node:path';
import type { Snapshot, Toolkit } from './types.js';

export type CudaHomeVia = 'CUDA_HOME' | 'CUDA_PATH' | 'nvcc' | 'symlink';

export interface CudaHomeCandidate {
  path: string;
  via: CudaHomeVia;
}

export interface CudaHome extends CudaHomeCandidate {
  /** The toolkit at that folder; null when the folder is none (a wrapper nvcc's parent has no headers or libraries). */
  toolkit: Toolkit | null;
  /** The first nvcc on PATH, as PATH names it (not resolved), when one is known. */
  nvccOnPath: string | null;
}

const LINK = '/usr/local/cuda';

/**
 * torch's order: $CUDA_HOME, else $CUDA_PATH (an empty value counts as unset), else the folder above the first `nvcc`
 * on PATH as `which` prints it — not resolved, so a wrapper script in /usr/local/bin gives /usr/local — else
 * /usr/local/cuda when it exists. torch/utils/cpp_extension.py `_find_cuda_home`.
 */
export function cudaHomeCandidate(
  env: Readonly<Record<string, string | undefined>>,
  nvccOnPath: string | undefined,
  linkExists: boolean,
): CudaHomeCandidate | null {
  if (env.CUDA_HOME) return { path: env.CUDA_HOME, via: 'CUDA_HOME' };
  if (env.CUDA_PATH) return { path: env.CUDA_PATH, via: 'CUDA_PATH' };
  if (nvccOnPath) return { path: posix.dirname(posix.dirname(nvccOnPath)), via: 'nvcc' };
  if (linkExists) return { path: LINK, via: 'symlink' };
  return null;
}

const norm = (p: string): string => posix.normalize(p).replace(/(.)\/+$/, '$1');

/** The toolkit a folder is: by its real path when the caller could resolve it (a live machine), else by root or alias. */
export function toolkitAt(toolkits: readonly Toolkit[], path: string, real?: string): Toolkit | undefined {
  if (real) return toolkits.find((t) => t.path === real);
  const p = norm(path);
  return toolkits.find((t) => t.path === p || t.aliases.some((a) => norm(a) === p));
}

/** The CUDA_HOME of a machine as its Snapshot records it (the probe's PATH nvcc, CUDA_HOME and /usr/local/cuda facts). */
export function cudaHomeOf(snapshot: Snapshot): CudaHome | null {
  const toolkits = snapshot.toolkits ?? [];
  const env = snapshot.env ?? {};
  const nvcc = firstNvccOnPath(snapshot);
  const linkExists = toolkits.some((t) => t.active.symlink);
  const c = cudaHomeCandidate(env, nvcc, linkExists);
  if (!c) {
    // No variable or PATH entry says it (a paste shows an nvcc's version, not the PATH it was found on; a Snapshot
    // without its environment): the toolkit the probe or the paste marked as the one in use.
    const home = toolkits.find((t) => t.active.cudaHome);
    if (home) return { path: home.path, via: 'CUDA_HOME', toolkit: home, nvccOnPath: null };
    const shown = toolkits.find((t) => t.active.path);
    return shown ? { path: shown.path, via: 'nvcc', toolkit: shown, nvccOnPath: null } : null;
  }
  // The probe resolved $CUDA_HOME and the link to a toolkit root: its flags say which one, links followed.
  const byFlag =
    c.via === 'CUDA_HOME' || c.via === 'CUDA_PATH'
      ? toolkits.find((t) => t.active.cudaHome)
      : c.via === 'symlink'
        ? toolkits.find((t) => t.active.symlink)
        : undefined;
  return { ...c, toolkit: byFlag ?? toolkitAt(toolkits, c.path) ?? null, nvccOnPath: nvcc ?? null };
}

/** The nvcc `which nvcc` prints: of the nvcc binaries the probe followed from PATH, the one in the earliest PATH folder. */
function firstNvccOnPath(snapshot: Snapshot): string | undefined {
  const dirs = (snapshot.env?.PATH ?? '').split(':').filter(Boolean).map(norm);
  const seen = (snapshot.toolkits ?? []).flatMap((t) => t.foundBy.filter((f) => f.startsWith('PATH:')).map((f) => f.slice('PATH:'.length)));
  let best: { nvcc: string; at: number } | undefined;
  for (const nvcc of seen) {
    const at = dirs.indexOf(norm(posix.dirname(nvcc)));
    if (at >= 0 && (!best || at < best.at)) best = { nvcc, at };
  }
  return best?.nvcc;
}

export const toolkitVersion = (t: Toolkit): string | undefined => t.nvcc?.version?.value ?? t.version?.value ?? undefined;

/**
 * The toolkit whose nvcc a build would run: the one at CUDA_HOME; where that is no toolkit gpuenv knows (a paste
 * names versions, not folders), the one whose nvcc answered, else the first toolkit with a version.
 */
export function buildToolkitOf(snapshot: Snapshot): Toolkit | undefined {
  const ts = snapshot.toolkits ?? [];
  return cudaHomeOf(snapshot)?.toolkit ?? ts.find((t) => t.active.path && toolkitVersion(t)) ?? ts.find((t) => toolkitVersion(t));
}
