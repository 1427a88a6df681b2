// LD_LIBRARY_PATH puts another copy of a CUDA library before the one a package ships with.
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { canonicalName, dirOf, isBundledPath, isFramework, wheelVersionFor } from '../../snapshot/queries.js';
import { packageEvidence } from '../evidence.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { LibraryResolution, PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { cudnnProblem } from './cudnn-mismatch.js';
import { m } from './messages-framework.js';

/** `export LD_LIBRARY_PATH=…` without `dir` (or `unset LD_LIBRARY_PATH` when nothing is left). */
export function ldLibraryPathWithout(snapshot: Snapshot, dir: string): string {
  const norm = (s: string) => s.replace(/\/+$/, '');
  const current = snapshot.env?.LD_LIBRARY_PATH ?? '';
  const kept = current.split(':').filter((e) => e !== '' && norm(e) !== norm(dir));
  return kept.length ? `export LD_LIBRARY_PATH=${kept.join(':')}` : 'unset LD_LIBRARY_PATH';
}

export const rule: SnapshotRule = {
  code: 'library-shadowing',
  scope: 'environment',
  check(snapshot) {
    // One finding per environment and shadowing folder: one LD_LIBRARY_PATH entry usually shadows several
    // libraries at once, and one fix removes them all.
    const groups = new Map<string, { env: PythonEnv; p: PythonPackage; hits: { lib: LibraryResolution; bundled: string }[] }>();
    for (const env of snapshot.python ?? []) {
      for (const p of env.packages ?? []) {
        if (!isFramework(p) && !/^nvidia-/.test(canonicalName(p.name))) continue;
        for (const lib of p.cudaLibraries ?? []) {
          if (lib.via !== 'LD_LIBRARY_PATH' || !lib.resolvedPath || isBundledPath(env, lib.resolvedPath)) continue;
          const bundled = (lib.shadowed ?? []).find((s) => isBundledPath(env, s));
          if (!bundled) continue;
          // A cuDNN of the wrong version is reported (with this same fix) by cudnn-mismatch.
          if (cudnnProblem(env, p, lib)) continue;
          const key = `${env.prefix}|${dirOf(lib.resolvedPath)}`;
          const group = groups.get(key) ?? { env, p, hits: [] };
          groups.set(key, group);
          if (!group.hits.some((h) => h.lib.soname === lib.soname)) group.hits.push({ lib, bundled });
        }
      }
    }
    return [...groups.values()].map((g) => finding(snapshot, g.env, g.p, g.hits));
  },
};

function finding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, hits: { lib: LibraryResolution; bundled: string }[]): Finding {
  const described = hits.map(({ lib, bundled }) => {
    const wheel = wheelVersionFor(env, lib.soname);
    const have = lib.version;
    const older = !!(have && wheel && (versionParts(have)[0] !== versionParts(wheel.version)[0] || compareVersions(have, wheel.version) < 0));
    return { lib, bundled, wheel, have, older };
  });
  // The cause is told for the worst case (an older copy first); the evidence names every library.
  const first = described.find((d) => d.older) ?? described[0]!;
  const path = first.lib.resolvedPath ?? '';
  const dir = dirOf(path);
  const sonames = described.map((d) => d.lib.soname);
  const vars = {
    pkg: canonicalName(p.name),
    version: p.version,
    prefix: env.prefix,
    soname: sonames.length > 1 ? `${sonames.slice(0, -1).join(', ')} ${m('shAnd')} ${sonames.at(-1)}` : sonames[0]!,
    dir,
    path,
    bundled: first.bundled,
    bundledVer: first.wheel ? ` (${first.wheel.name} ${first.wheel.version})` : '',
    haveVer: first.have ? ` (${first.have})` : '',
  };
  return {
    code: 'library-shadowing',
    severity: first.older ? 'error' : 'warning',
    title: m('shTitle', vars),
    cause: m('shCause', { ...vars, soname: first.lib.soname, why: first.older ? m('shWhyOlder') : m('shWhyOther') }),
    evidence: [
      packageEvidence(env, p),
      ...described.flatMap((d) => [
        { fact: m('evLib', { soname: d.lib.soname }), value: `${d.lib.resolvedPath ?? ''}${d.have ? ` (${d.have})` : ''}`, source: d.lib.via },
        ...(d.wheel ? [{ fact: d.wheel.name, value: d.wheel.version, source: d.bundled }] : []),
      ]),
      { fact: m('evLdPath'), value: snapshot.env?.LD_LIBRARY_PATH ?? '', source: 'env:LD_LIBRARY_PATH' },
    ],
    fix: [`# ${m('shFix', { dir })}`, ldLibraryPathWithout(snapshot, dir), `# ${m('shFixKeep', { dir })}`],
    subject: env.prefix,
  };
}
