// A CPU-only build of a framework: torch +cpu, tensorflow-cpu, jax without a CUDA plugin.
import { jaxCudaExtras } from '../../knowledge/jax.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { driverWords, torchFixLines } from '../../install/torch.js';
import { canonicalName, distinctCapabilities, driverOf, findPackage, hasGpu, isCpuBuild, isTensorflow, managerOf, publicVersion, pythonOf } from '../../snapshot/queries.js';
import { condaEnvArg, pipInstall, pipUninstall } from '../../install/python.js';
import { driverEvidence, packageEvidence } from '../evidence.js';
import { driverUpgradeCommands } from '../../install/driver.js';
import type { Evidence, Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { m } from './messages-framework.js';

export const rule: SnapshotRule = {
  code: 'cpu-only-build',
  scope: 'environment',
  check(snapshot) {
    const out: Finding[] = [];
    for (const env of snapshot.python ?? []) {
      const torch = findPackage(env, 'torch');
      if (torch && isCpuBuild(torch)) {
        const why = /\+cpu$/.test(torch.version) ? m('whyCpuTag') : m('whyNoCuda');
        const t = torchFixLines(snapshot, env, { ccs: distinctCapabilities(snapshot).map((g) => g.cc), preferVersion: publicVersion(torch.version) });
        out.push(finding(snapshot, env, torch, why, t.lines, t.unconfirmed));
      }
      for (const p of env.packages ?? []) {
        if (!isTensorflow(p)) continue;
        const name = canonicalName(p.name);
        if (name !== 'tensorflow-cpu' && !(p.build?.cpuOnly === true)) continue;
        out.push(finding(snapshot, env, p, name === 'tensorflow-cpu' ? m('whyTfCpu') : m('whyNoCuda'), tfFix(env, p)));
      }
      const jaxlib = findPackage(env, 'jaxlib');
      if (jaxlib && isJaxCpu(env, jaxlib)) {
        const jax = findPackage(env, 'jax') ?? jaxlib;
        out.push(finding(snapshot, env, jax, m('whyNoPlugin'), jaxFix(snapshot, env, jax)));
      }
    }
    return out;
  },
};

function isJaxCpu(env: PythonEnv, jaxlib: PythonPackage): boolean {
  if (jaxlib.build?.cuda || /\+cuda/.test(jaxlib.version)) return false;
  if (findPackage(env, 'jax-cuda12-plugin', 'jax-cuda13-plugin', 'jax-cuda11-plugin')) return false;
  return true;
}

function finding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, why: string, fix: string[], unconfirmed?: string): Finding {
  const gpus = distinctCapabilities(snapshot);
  const gpu = hasGpu(snapshot);
  const vars = { pkg: canonicalName(p.name), version: p.version, prefix: env.prefix, why, gpu: gpus[0]?.gpu.name ?? snapshot.pciGpus?.[0]?.deviceId ?? 'GPU' };
  const evidence: Evidence[] = [packageEvidence(env, p)];
  for (const g of gpus) evidence.push({ fact: m('evGpu', { index: g.gpu.index }), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source });
  const d = driverOf(snapshot);
  if (d) evidence.push(...driverEvidence(d, m('evDriver')));
  return {
    code: 'cpu-only-build',
    severity: gpu ? 'error' : 'info',
    title: m('cpuTitle', vars),
    cause: gpu ? m('cpuCauseGpu', vars) : m('cpuCauseNoGpu', vars),
    evidence,
    fix,
    subject: env.prefix,
    ...(unconfirmed ? { unconfirmed } : {}),
  };
}

function tfFix(env: PythonEnv, p: PythonPackage): string[] {
  const r = tensorflowRelease(p.version);
  const minor = publicVersion(p.version).split('.').slice(0, 2).join('.');
  const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
  const name = canonicalName(p.name);
  const lines: string[] = [];
  if (!r || r.andCudaExtra) {
    if (r) lines.push(`# ${m('cpuTf', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`);
    lines.push(pipUninstall(env, mgr, [name]), pipInstall(env, mgr, [`"tensorflow[and-cuda]==${minor}.*"`]));
  } else {
    lines.push(`# ${m('cpuTfOld', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`);
    lines.push(`conda install ${condaEnvArg(env)} -c conda-forge cudatoolkit=${r.cuda} cudnn=${r.cudnn}`);
    lines.push(pipUninstall(env, mgr, [name]), pipInstall(env, mgr, [`"tensorflow==${minor}.*"`]));
  }
  lines.push(`${pythonOf(env)} -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"`);
  return lines;
}

function jaxFix(snapshot: Snapshot, env: PythonEnv, jax: PythonPackage): string[] {
  const d = driverOf(snapshot);
  const ccs = distinctCapabilities(snapshot).map((g) => g.cc);
  const mgr = managerOf(jax) === 'uv' ? 'uv' : 'pip';
  const extras = jaxCudaExtras().filter((e) => e.current);
  const driverOk = (floor: string) => !d || (d.version ? compareVersions(d.version, floor) >= 0 : d.cuda ? true : true);
  const ccOk = (min: string) => ccs.every((cc) => compareVersions(cc, min) >= 0);
  const fit = extras.find((e) => driverOk(e.minDriverLinux) && ccOk(e.minComputeCapability));
  const pin = versionParts(jax.version)[0] === 0 && compareVersions(publicVersion(jax.version), '0.4.26') < 0 ? '' : `==${publicVersion(jax.version)}`;
  if (!fit) {
    const e = extras[0];
    if (!e) return [];
    return [`# ${m('cpuJaxNone', { floor: e.minDriverLinux, extra: e.extra })}`, ...driverUpgradeCommands(snapshot, e.minDriverLinux, driverWords(e.minDriverLinux))];
  }
  return [
    `# ${m('cpuJax', { major: fit.extra.replace('cuda', ''), extra: fit.extra, floor: fit.minDriverLinux, cc: fit.minComputeCapability })}`,
    pipInstall(env, mgr, ['-U', `"jax[${fit.extra}]${pin}"`]),
    `${pythonOf(env)} -c "import jax; print(jax.devices())"`,
  ];
}
