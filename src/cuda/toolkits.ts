// The toolkits `gpuenv cuda` works with: the shared discovery (probe/toolkits) plus what switching needs —
// version matching, where each toolkit's bin and lib folders are, and which PATH entries belong to it.
import { posix } from 'node:path';
import { UsageError } from '../errors.js';
import { compareVersions, versionHasPrefix } from '../knowledge/version.js';
import { createProbeContext } from '../probe/context.js';
import { installKindLabel } from '../render/kind-labels.js';
import { padEndDisplay } from '../render/width.js';
import { probeToolkits } from '../probe/toolkits.js';
import type { Toolkit } from '../snapshot/types.js';
import type { System } from '../system/types.js';
import { msg } from './messages.js';

export async function findToolkits(sys: System, timeoutMs = 5_000): Promise<Toolkit[]> {
  return probeToolkits(createProbeContext(sys, timeoutMs));
}

export const versionOf = (t: Toolkit): string | null => t.version?.value ?? t.nvcc?.version?.value ?? null;
export const shortVersion = (t: Toolkit): string => (versionOf(t) ?? '?').split('.').slice(0, 2).join('.');
export const roots = (t: Toolkit): string[] => [t.path, ...t.aliases];

export function isUnder(path: string, root: string): boolean {
  const p = posix.normalize(path).replace(/\/+$/, '') || '/';
  const r = posix.normalize(root).replace(/\/+$/, '') || '/';
  return p === r || p.startsWith(`${r}/`);
}

/**
 * A toolkit that is a folder of its own (runfile, deb, rpm, a pip layout in its own folder). A conda env or a
 * pip wheel inside site-packages shares its prefix with Python and other programs, so its PATH and
 * LD_LIBRARY_PATH entries are never removed, only outranked.
 */
export function isDedicated(t: Toolkit): boolean {
  return t.installKind !== 'conda' && t.installKind !== 'pip-wheel';
}

/** The folder with libcudart the loader should search: lib64 (runfile/deb), else the targets folder, else lib. */
export async function libDirOf(sys: System, t: Toolkit): Promise<string> {
  const triple = sys.arch === 'arm64' ? 'sbsa-linux' : 'x86_64-linux';
  const order = isDedicated(t) ? ['lib64', `targets/${triple}/lib`, 'lib'] : [`targets/${triple}/lib`, 'lib', 'lib64'];
  for (const d of order) if ((await sys.stat(`${t.path}/${d}`))?.kind === 'dir') return `${t.path}/${d}`;
  return `${t.path}/lib64`;
}

export interface Choice {
  toolkit: Toolkit;
  /** What the user asked for. */
  asked: string;
}

/** "12.4" matches 12.4.x, "12" matches 12.x, "12.4.1" only that; a path matches a toolkit root or an alias. */
export async function chooseToolkit(sys: System, toolkits: Toolkit[], asked: string, origin?: string): Promise<Choice> {
  const spec = asked.trim();
  const available = listForError(toolkits);
  if (spec.includes('/')) {
    const real = await sys.realPath(spec);
    const hit = toolkits.find((t) => t.path === real || roots(t).includes(posix.normalize(spec)));
    if (hit) return { toolkit: hit, asked: spec };
    throw new UsageError(msg(real ? 'err.notToolkit' : 'err.noSuchPath', { path: spec, origin: origin ?? '' }), available);
  }
  if (!/^\d+(\.\d+){0,2}$/.test(spec)) throw new UsageError(msg('err.badVersion', { spec }), available);
  const hits = toolkits.filter((t) => {
    const v = versionOf(t);
    return v !== null && versionHasPrefix(v, spec);
  });
  if (hits.length === 1) return { toolkit: hits[0]!, asked: spec };
  if (hits.length === 0) {
    const where = origin ? msg('err.fromFile', { file: origin }) : '';
    throw new UsageError(msg('err.noMatch', { spec, where }), available);
  }
  throw new UsageError(msg('err.ambiguous', { spec, list: hits.map((t) => `${versionOf(t)} (${t.path})`).join(', ') }), available);
}

function listForError(toolkits: Toolkit[]): string {
  if (toolkits.length === 0) return msg('err.noneInstalled');
  const lines = [...toolkits]
    .sort((a, b) => compareVersions(versionOf(b) ?? '0', versionOf(a) ?? '0'))
    .map((t) => `  ${padEndDisplay(versionOf(t) ?? '?', 10)} ${t.path}  (${installKindLabel(t.installKind)})`);
  return `${msg('err.available')}\n${lines.join('\n')}`;
}
