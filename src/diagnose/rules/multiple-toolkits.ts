// multiple-toolkits: PATH's nvcc, CUDA_HOME, /usr/local/cuda and LD_LIBRARY_PATH point at different toolkits.
// The fix is the seed's 3.2 exports, computed for this machine and agreeing on one toolkit.
import { compareVersions } from '../../knowledge/version.js';
import type { Snapshot, Toolkit } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { isUnder, withoutEntries } from '../system-facts.js';

const short = (t: Toolkit): string => {
  const v = t.version?.value ?? t.nvcc?.version?.value ?? '?';
  return v.split('.').slice(0, 2).join('.');
};
const fullVersion = (t: Toolkit): string => t.version?.value ?? t.nvcc?.version?.value ?? '0';
const roots = (t: Toolkit): string[] => [t.path, ...t.aliases];
const owns = (t: Toolkit, p: string): boolean => roots(t).some((r) => isUnder(p, r));

export const rule: SnapshotRule = {
  code: 'multiple-toolkits',
  scope: 'environment',
  check(s) {
    if (s.toolkits.length < 2) return [];
    const active = s.toolkits.filter((t) => t.active.path || t.active.cudaHome || t.active.symlink || t.active.ldLibraryPath);
    if (active.length < 2) return [];
    const pathDirs = (s.env.PATH ?? '').split(':');
    const ldDirs = (s.env.LD_LIBRARY_PATH ?? '').split(':');
    const parts: string[] = [];
    const evidence: Evidence[] = [];
    for (const t of active) {
      const v = short(t);
      if (t.active.path) {
        const dir = pathDirs.find((d) => owns(t, d)) ?? `${t.path}/bin`;
        parts.push(m('mtPartPath', { v, path: `${dir}/nvcc` }));
        evidence.push({ fact: 'PATH', value: `${dir}/nvcc → ${t.path}`, source: 'env:PATH' });
      }
      if (t.active.cudaHome) {
        parts.push(m('mtPartCudaHome', { v, path: s.env.CUDA_HOME ?? s.env.CUDA_PATH ?? t.path }));
        evidence.push({ fact: 'CUDA_HOME', value: `${s.env.CUDA_HOME ?? s.env.CUDA_PATH ?? ''} → ${t.path}`, source: s.env.CUDA_HOME ? 'env:CUDA_HOME' : 'env:CUDA_PATH' });
      }
      if (t.active.symlink) {
        parts.push(m('mtPartSymlink', { v }));
        evidence.push({ fact: '/usr/local/cuda', value: `→ ${t.path}`, source: 'file:/usr/local/cuda' });
      }
      if (t.active.ldLibraryPath) {
        const dir = ldDirs.find((d) => owns(t, d)) ?? `${t.path}/lib64`;
        parts.push(m('mtPartLd', { v, path: dir }));
        evidence.push({ fact: m('evLdLibraryPath'), value: `${dir} → ${t.path}`, source: 'env:LD_LIBRARY_PATH' });
      }
    }
    const bySymlink = s.toolkits.find((t) => t.active.symlink);
    const newest = [...s.toolkits].sort((a, b) => compareVersions(fullVersion(b), fullVersion(a)))[0]!;
    const target = bySymlink ?? newest;
    const v = short(target);
    return [{
      code: 'multiple-toolkits',
      severity: 'warning',
      title: m('mtTitle', { summary: active.map(short).join(' vs ') }),
      cause: m('mtCause', { parts: parts.join('; ') }),
      evidence,
      fix: [m('mtFixWhy', { v, why: bySymlink ? m('mtWhySymlink') : m('mtWhyNewest') }), ...exportsFor(s, target, !!bySymlink), m('mtFixPersist', { v })],
      subject: target.path,
    } satisfies Finding];
  },
};

/** The exports that make PATH, CUDA_HOME and LD_LIBRARY_PATH agree on one toolkit, other toolkits' folders dropped. */
export function exportsFor(s: Snapshot, target: Toolkit, viaSymlink: boolean): string[] {
  const home = viaSymlink ? '/usr/local/cuda' : target.path;
  const others = s.toolkits.filter((t) => t !== target);
  const foreign = (d: string): boolean => others.some((t) => owns(t, d)) || owns(target, d);
  const path = withoutEntries(s.env.PATH ?? '/usr/bin:/bin', foreign);
  const ld = withoutEntries(s.env.LD_LIBRARY_PATH ?? '', foreign);
  return [
    `export CUDA_HOME=${home}`,
    `export PATH=${home}/bin${path ? `:${path}` : ''}`,
    `export LD_LIBRARY_PATH=${home}/lib64${ld ? `:${ld}` : ''}`,
  ];
}
