// One framework stack installed partly by conda and partly by pip/uv.
import { torchVariant } from '../../knowledge/torch.js';
import { torchInstallCommands } from '../../install/torch.js';
import { canonicalName, cudaTagOf, findPackage, managerOf, publicVersion, torchReleaseOf } from '../../snapshot/queries.js';
import { condaEnvArg, pipInstall, pipUninstall } from '../../install/python.js';
import { packageEvidence } from '../evidence.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { PythonEnv, PythonPackage } from '../../snapshot/types.js';
import { m } from './messages-framework.js';

const TORCH = new Set(['torch', 'torchvision', 'torchaudio', 'pytorch-cuda', 'pytorch-mutex']);
const CONDA_CUDA = /^(cudatoolkit|cuda-runtime|cuda-cudart|cuda-libraries|cuda-toolkit|cudnn|nccl|libcublas|libcusparse|libcufft|libcurand|libcusolver|libnvjitlink)$/;

const isConda = (p: PythonPackage) => managerOf(p) === 'conda';

export const rule: SnapshotRule = {
  code: 'mixed-package-managers',
  scope: 'environment',
  check(snapshot) {
    const out: Finding[] = [];
    for (const env of snapshot.python ?? []) {
      const pkgs = env.packages ?? [];
      const torchStack = pkgs.filter((p) => TORCH.has(canonicalName(p.name)));
      if (mixed(torchStack)) out.push(finding(env, m('mixStackTorch'), torchStack, torchFix(env, torchStack)));
      const condaCuda = pkgs.filter((p) => isConda(p) && CONDA_CUDA.test(canonicalName(p.name)));
      const pipCuda = pkgs.filter((p) => !isConda(p) && /^nvidia-.*-cu\d+$/.test(canonicalName(p.name)));
      if (condaCuda.length && pipCuda.length) {
        const fix = [`# ${m('mixFixCuda')}`, `conda remove ${condaEnvArg(env)} --force ${[...new Set(condaCuda.map((p) => canonicalName(p.name)))].join(' ')}`];
        out.push(finding(env, m('mixStackCuda'), [...condaCuda, ...pipCuda], fix));
      }
      const tf = pkgs.filter((p) => /^(tensorflow|tensorflow-gpu|tensorflow-cpu|tensorflow-base|tensorflow-estimator|keras|tensorboard)$/.test(canonicalName(p.name)));
      if (tf.some((p) => /^tensorflow/.test(canonicalName(p.name))) && mixed(tf)) {
        const condaNames = tf.filter(isConda).map((p) => canonicalName(p.name));
        const main = tf.find((p) => /^tensorflow(-gpu)?$/.test(canonicalName(p.name)));
        const minor = main ? publicVersion(main.version).split('.').slice(0, 2).join('.') : undefined;
        const fix = [`# ${m('mixFixTf')}`, `conda remove ${condaEnvArg(env)} --force ${condaNames.join(' ')}`, pipInstall(env, 'pip', ['--force-reinstall', minor ? `"tensorflow[and-cuda]==${minor}.*"` : '"tensorflow[and-cuda]"'])];
        out.push(finding(env, m('mixStackTf'), tf, fix));
      }
    }
    return out;
  },
};

function mixed(ps: PythonPackage[]): boolean {
  return ps.some(isConda) && ps.some((p) => !isConda(p));
}

function torchFix(env: PythonEnv, stack: PythonPackage[]): string[] {
  const condaNames = [...new Set(stack.filter(isConda).map((p) => (canonicalName(p.name) === 'torch' ? 'pytorch' : canonicalName(p.name))))];
  const pipNames = [...new Set(stack.filter((p) => !isConda(p)).map((p) => canonicalName(p.name)))];
  const torch = findPackage(env, 'torch');
  const rel = torch ? torchReleaseOf(torch) : undefined;
  const tag = torch ? cudaTagOf(torch) : undefined;
  const variant = torch && tag ? torchVariant(torch.version, tag) : undefined;
  const lines = [`# ${m('mixFix')}`, `conda remove ${condaEnvArg(env)} --force ${condaNames.join(' ')}`, pipUninstall(env, 'pip', pipNames)];
  if (rel && variant) {
    // Reinstall with pip (the conda channel stopped at 2.5): present the stack as pip-installed.
    const asPip: PythonEnv = { ...env, packages: (env.packages ?? []).map((p) => (TORCH.has(canonicalName(p.name)) ? { ...p, installer: 'pip' } : p)) };
    lines.push(...torchInstallCommands(asPip, { release: rel, variant, support: 'unknown', driverFloor: undefined }).filter((l) => !/ uninstall /.test(l)));
  }
  return lines;
}

function finding(env: PythonEnv, stack: string, ps: PythonPackage[], fix: string[]): Finding {
  const list = ps.map((p) => `${canonicalName(p.name)} ${p.version} (${isConda(p) ? 'conda' : p.installer})`).join(', ');
  const other = [...new Set(ps.filter((p) => !isConda(p)).map((p) => managerOf(p)))].join('/');
  const vars = { stack, prefix: env.prefix, other, list };
  return {
    code: 'mixed-package-managers',
    severity: 'warning',
    title: m('mixTitle', vars),
    cause: m('mixCause', vars),
    evidence: ps.map((p) => ({ ...packageEvidence(env, p), value: `${p.version} (${p.installer})` })),
    fix,
    subject: env.prefix,
  };
}
