// `gpuenv cuda list`: every toolkit, how it was installed, its size, what points at it, and which
// toolkit each Python environment's frameworks were built for.
import { posix } from 'node:path';
import { createProbeContext } from '../probe/context.js';
import type { Toolkit } from '../snapshot/types.js';
import type { System } from '../system/types.js';
import { frameworkBuilds, type FrameworkBuild } from './frameworks.js';
import type { StateEnv, SwitchRecord } from './state.js';
import { allRecords, stateFiles } from './state.js';
import { ALT_LINK, CUDA_LINK, findInterrupted, type Interrupted } from './switch.js';
import { findToolkits, isDedicated, versionOf } from './toolkits.js';

export const CUDA_LIST_SCHEMA_VERSION = 1;

export interface ListedToolkit {
  version: string | null;
  path: string;
  aliases: string[];
  installKind: Toolkit['installKind'];
  nvcc: string | null;
  /** Bytes of the files under the toolkit (links not followed); null for a toolkit sharing a conda or pip prefix. */
  sizeBytes: number | null;
  sizeComplete: boolean;
  active: Toolkit['active'];
}

export interface CudaList {
  schemaVersion: number;
  toolkits: ListedToolkit[];
  symlink: { path: string; managedBy: 'symlink' | 'update-alternatives' | 'absent' | 'not-a-link'; target: string | null };
  frameworks: Array<FrameworkBuild & { toolkit: string | null }>;
  interrupted: { temps: Interrupted[]; pending: SwitchRecord[] };
  lastSwitch: SwitchRecord | null;
}

export async function cudaList(sys: System, who: StateEnv, options: { timeoutMs?: number; sizes?: boolean } = {}): Promise<CudaList> {
  const ctx = createProbeContext(sys, options.timeoutMs ?? 5_000);
  const [found, builds, interrupted, records] = await Promise.all([
    findToolkits(sys, ctx.timeoutMs),
    frameworkBuilds(ctx),
    findInterrupted(sys, who),
    allRecords(stateFiles(sys, who).read),
  ]);
  const toolkits = await Promise.all(
    found.map(async (t): Promise<ListedToolkit> => {
      const size = options.sizes === false || !isDedicated(t) ? null : await treeSize(sys, t.path);
      return {
        version: versionOf(t),
        path: t.path,
        aliases: t.aliases,
        installKind: t.installKind,
        nvcc: t.nvcc?.path ?? null,
        sizeBytes: size?.bytes ?? null,
        sizeComplete: size?.complete ?? true,
        active: t.active,
      };
    }),
  );
  const frameworks = builds.map((b) => {
    const hit = found.find((t) => {
      const v = (versionOf(t) ?? '').split('.');
      const f = b.cuda.split('.');
      return v[0] === f[0] && (f[1] === undefined || v[1] === f[1]);
    });
    return { ...b, toolkit: hit?.path ?? null };
  });
  return {
    schemaVersion: CUDA_LIST_SCHEMA_VERSION,
    toolkits,
    symlink: await symlinkState(sys),
    frameworks,
    interrupted: { temps: interrupted.temps, pending: interrupted.pending.map(({ file: _f, ...r }) => r) },
    lastSwitch:
      records
        .filter((r) => r.status === 'done')
        .map(({ file: _f, ...r }) => r)
        .at(-1) ?? null,
  };
}

async function symlinkState(sys: System): Promise<CudaList['symlink']> {
  const st = await sys.lstat(CUDA_LINK);
  if (!st) return { path: CUDA_LINK, managedBy: 'absent', target: null };
  if (st.kind !== 'symlink') return { path: CUDA_LINK, managedBy: 'not-a-link', target: null };
  const text = (await sys.readLink(CUDA_LINK)) ?? null;
  const viaAlt = text !== null && posix.resolve(posix.dirname(CUDA_LINK), text) === ALT_LINK;
  return { path: CUDA_LINK, managedBy: viaAlt ? 'update-alternatives' : 'symlink', target: (await sys.realPath(CUDA_LINK)) ?? text };
}

/** du without following links; stops counting after 200,000 entries so a huge tree cannot stall the listing. */
async function treeSize(sys: System, root: string): Promise<{ bytes: number; complete: boolean }> {
  let bytes = 0;
  let entries = 0;
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const e of (await sys.readDir(dir)) ?? []) {
      if (++entries > 200_000) return { bytes, complete: false };
      const p = `${dir}/${e.name}`;
      if (e.kind === 'dir') stack.push(p);
      else if (e.kind === 'file') bytes += (await sys.lstat(p))?.size ?? 0;
    }
  }
  return { bytes, complete: true };
}
