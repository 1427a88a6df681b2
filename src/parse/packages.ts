// `pip list`, `pip freeze` and `conda list`: only the packages of the GPU stack are kept (snapshot/queries.ts, the
// list the framework rules read), not numpy and friends.
import { isGpuStackPackage } from '../snapshot/queries.js';
import { pastedPackage } from './build.js';
import { emptyFacts, pasted, type ParseResult } from './types.js';

export function parsePackageLists(lines: readonly string[]): ParseResult {
  const facts = emptyFacts();
  let conda = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (/^# packages in environment at/i.test(line) || /^# Name\s+Version\s+Build/i.test(line)) {
      conda = true;
      continue;
    }
    let m: RegExpExecArray | null;
    // pip freeze: name==version (also "name @ file://…" is skipped)
    if ((m = /^([A-Za-z0-9][A-Za-z0-9_.-]{0,60})==([0-9][A-Za-z0-9_.+!-]{0,60})$/.exec(line))) {
      if (isGpuStackPackage(m[1]!)) push(m[1]!, m[2]!, pasted('pip freeze'), 'pip');
      continue;
    }
    // conda's solve plan: "+ libcusparse   12.0.0.76  0   nvidia/linux-64   Cached".
    if ((m = /^\+ ([A-Za-z0-9][A-Za-z0-9_.-]{0,60}) {1,60}([0-9][A-Za-z0-9_.+!-]{0,60}) {1,60}(\S{1,80}) {1,60}([\w-]{1,40})\/[\w-]{1,20}\b/.exec(line))) {
      if (isGpuStackPackage(m[1]!)) push(m[1]!, m[2]!, pasted('conda plan'), 'conda', m[3]);
      continue;
    }
    // pip list / conda list: name  version  [build  [channel]]
    if (
      (m = /^([A-Za-z0-9][A-Za-z0-9_.-]{0,60}) {1,60}([0-9][A-Za-z0-9_.+!-]{0,60})(?: {1,60}(\S{1,80}))?(?: {1,60}\[\w{1,20}\])?(?: {1,60}(\S{1,40}))?$/.exec(
        line,
      ))
    ) {
      if (!isGpuStackPackage(m[1]!)) continue;
      // conda list rows: a build string (py…, h<hash>, cuda…) or a channel column (`pypi` marks a pip-installed row).
      const isConda =
        conda ||
        (m[3] !== undefined && /^(py|h[0-9a-f]{6}|cuda|cpu|\d+_)/.test(m[3])) ||
        (m[4] !== undefined && /^(pypi|pytorch|nvidia|conda-forge|defaults|anaconda|pkgs\/main)$/.test(m[4]));
      if (isConda) push(m[1]!, m[2]!, pasted('conda list'), m[4] === 'pypi' ? 'pip' : 'conda', m[3]);
      else push(m[1]!, m[2]!, pasted('pip list'), 'pip');
    }
  }

  function push(name: string, version: string, source: string, installer: string, build?: string): void {
    const p = pastedPackage(name, version, source, installer, build);
    if (!facts.packages.some((q) => q.name === p.name && q.version === p.version && q.installer === p.installer)) facts.packages.push(p);
  }
  return { facts, events: [] };
}
