// LD_LIBRARY_PATH puts another copy of a CUDA library before the one a package ships with.
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { canonicalName, dirOf, isBundledPath, isFramework, packageEvidence, wheelVersionFor } from '../framework.js';
import type { Finding, Rule } from '../types.js';
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

export const rule: Rule = {
  code: 'library-shadowing',
  check(snapshot) {
    const out: Finding[] = [];
    const seen = new Set<string>();
    for (const env of snapshot.python ?? []) {
      for (const p of env.packages ?? []) {
        if (!isFramework(p) && !/^nvidia-/.test(canonicalName(p.name))) continue;
        for (const lib of p.cudaLibraries ?? []) {
          if (lib.via !== 'LD_LIBRARY_PATH' || !lib.resolvedPath || isBundledPath(env, lib.resolvedPath)) continue;
          const bundled = (lib.shadowed ?? []).find((s) => isBundledPath(env, s));
          if (!bundled) continue;
          // A cuDNN of the wrong version is reported (with this same fix) by cudnn-mismatch.
          if (cudnnProblem(env, p, lib)) continue;
          const key = `${env.prefix}|${lib.soname}|${lib.resolvedPath}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push(finding(snapshot, env, p, lib, bundled));
        }
      }
    }
    return out;
  },
};

function finding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, lib: LibraryResolution, bundled: string): Finding {
  const path = lib.resolvedPath ?? '';
  const dir = dirOf(path);
  const wheel = wheelVersionFor(env, lib.soname);
  const have = lib.version;
  const older = !!(have && wheel && (versionParts(have)[0] !== versionParts(wheel.version)[0] || compareVersions(have, wheel.version) < 0));
  const name = canonicalName(p.name);
  const vars = {
    pkg: name,
    version: p.version,
    prefix: env.prefix,
    soname: lib.soname,
    dir,
    path,
    bundled,
    bundledVer: wheel ? ` (${wheel.name} ${wheel.version})` : '',
    haveVer: have ? ` (${have})` : '',
  };
  return {
    code: 'library-shadowing',
    severity: older ? 'error' : 'warning',
    title: m('shTitle', vars),
    cause: m('shCause', { ...vars, why: older ? m('shWhyOlder') : m('shWhyOther') }),
    evidence: [
      packageEvidence(env, p),
      { fact: m('evLib', { soname: lib.soname }), value: `${path}${have ? ` (${have})` : ''}`, source: lib.via },
      { fact: m('evLdPath'), value: snapshot.env?.LD_LIBRARY_PATH ?? '', source: 'env:LD_LIBRARY_PATH' },
      ...(wheel ? [{ fact: wheel.name, value: wheel.version, source: bundled }] : []),
    ],
    fix: [`# ${m('shFix', { dir })}`, ldLibraryPathWithout(snapshot, dir), `# ${m('shFixKeep', { dir })}`],
    subject: env.prefix,
  };
}

