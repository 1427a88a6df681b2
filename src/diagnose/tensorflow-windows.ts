// TensorFlow on native Windows after the last release with GPU support there (2.10): a CPU-only build whatever CUDA
// and driver are installed. One check and one finding for the doctor and for a paste (cpu-only-build); the other
// framework rules skip such a TensorFlow.
import type { Evidence, Finding } from '../findings.js';
import { pipInstall, pipUninstall } from '../install/python.js';
import { tensorflowReleases, type TensorflowRelease } from '../knowledge/tensorflow.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import { canonicalName, isTensorflow, managerOf } from '../snapshot/queries.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../snapshot/types.js';
import { packageEvidence } from './evidence.js';
import { msg } from './rules/messages.js';

const minorOf = (v: string) => versionParts(v).slice(0, 2).join('.');

/** The last TensorFlow release with GPU support on native Windows, when `version` is newer and this is native Windows (not WSL). */
export function tfWindowsLastGpu(snapshot: Snapshot, version: string): TensorflowRelease | undefined {
  if (snapshot.os.id?.value !== 'windows' || snapshot.os.wsl?.value === true) return undefined;
  const last = tensorflowReleases()
    .filter((r) => r.windowsNativeGpu)
    .at(-1);
  // 2.10.1 is still 2.10: compare minors.
  if (!last || compareVersions(minorOf(version), minorOf(last.version)) <= 0) return undefined;
  return last;
}

/** The first TensorFlow package of the environment that has no GPU build on this native Windows. */
export function tfWindowsPackage(snapshot: Snapshot, env: PythonEnv): { p: PythonPackage; last: TensorflowRelease } | undefined {
  for (const p of env.packages ?? []) {
    if (!isTensorflow(p)) continue;
    const last = tfWindowsLastGpu(snapshot, p.version);
    if (last) return { p, last };
  }
  return undefined;
}

export function tfWindowsFinding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, last: TensorflowRelease, lead: Evidence[] = []): Finding {
  const name = canonicalName(p.name);
  const lastMinor = minorOf(last.version);
  const [major, minor] = versionParts(last.version);
  const vars = { pkg: name, version: p.version, last: lastMinor, cuda: last.cuda, cudnn: last.cudnn, below: `${major}.${(minor ?? 0) + 1}` };
  const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
  return {
    code: 'cpu-only-build',
    severity: 'error',
    title: msg('framework.cpuTfWinTitle', vars),
    cause: msg('framework.cpuTfWinCause', vars),
    evidence: [
      ...lead,
      packageEvidence(env, p),
      { fact: 'OS', value: msg('framework.windowsNative'), source: snapshot.os.id?.source ?? 'unknown' },
      { fact: msg('framework.evKnowledge'), value: msg('framework.cpuTfWinKnowledge', vars), source: last.source },
    ],
    fix: [
      `# ${msg('framework.cpuTfWinFixWsl')}`,
      'pip install "tensorflow[and-cuda]"',
      `# ${msg('framework.cpuTfWinFixNative', vars)}`,
      pipUninstall(env, mgr, [name]),
      pipInstall(env, mgr, [`"tensorflow<${vars.below}"`]),
    ],
    subject: env.prefix,
  };
}
