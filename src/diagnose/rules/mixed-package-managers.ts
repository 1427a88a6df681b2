// One framework stack installed partly by conda and partly by pip/uv: from the environments' package lists, and from
// what a pasted text says (pip replacing conda's torch, a ~/.local copy shadowing the environment's, two torch versions).
import { torchVariant } from '../../knowledge/torch.js';
import { torchInstallCommands } from '../../install/torch.js';
import { canonicalName, cudaTagOf, findPackage, managerOf, publicVersion, torchReleaseOf } from '../../snapshot/queries.js';
import { condaEnvArg, pipInstall, pipUninstall } from '../../install/python.js';
import { packageEvidence } from '../evidence.js';
import type { Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { Rule } from '../types.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import type { ExplainContext } from '../context.js';
import { finding as explained, first, has, lineEvidence } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { textFinding, type Checked, type TextCause } from '../text-finding.js';

const TORCH = new Set(['torch', 'torchvision', 'torchaudio', 'pytorch-cuda', 'pytorch-mutex']);
const CONDA_CUDA =
  /^(cudatoolkit|cuda-runtime|cuda-cudart|cuda-libraries|cuda-toolkit|cudnn|nccl|libcublas|libcusparse|libcufft|libcurand|libcusolver|libnvjitlink)$/;

const isConda = (p: PythonPackage) => managerOf(p) === 'conda';

export const rule: Rule = {
  code: 'mixed-package-managers',
  scope: 'environment',
  check(input) {
    const found = checks(input.snapshot);
    if (input.origin === 'machine') return found.map((c) => c.finding);
    const one = textFinding(input, { code: 'mixed-package-managers', named: mixedNamed, checked: found });
    return one ? [one] : [];
  },
};

// ---- the checks of the Snapshot (the doctor's) --------------------------------------------------------------------

function checks(snapshot: Snapshot): Checked[] {
  const out: Checked[] = [];
  for (const env of snapshot.python ?? []) {
    const pkgs = env.packages ?? [];
    const torchStack = pkgs.filter((p) => TORCH.has(canonicalName(p.name)));
    if (mixed(torchStack)) out.push({ finding: finding(env, msg('framework.mixStackTorch'), torchStack, torchFix(env, torchStack)), packages: ['torch'] });
    const condaCuda = pkgs.filter((p) => isConda(p) && CONDA_CUDA.test(canonicalName(p.name)));
    const pipCuda = pkgs.filter((p) => !isConda(p) && /^nvidia-.*-cu\d+$/.test(canonicalName(p.name)));
    if (condaCuda.length && pipCuda.length) {
      const fix = [
        `# ${msg('framework.mixFixCuda')}`,
        `conda remove ${condaEnvArg(env)} --force ${[...new Set(condaCuda.map((p) => canonicalName(p.name)))].join(' ')}`,
      ];
      out.push({
        finding: finding(env, msg('framework.mixStackCuda'), [...condaCuda, ...pipCuda], fix),
        packages: condaCuda.map((p) => canonicalName(p.name)),
      });
    }
    const tf = pkgs.filter((p) =>
      /^(tensorflow|tensorflow-gpu|tensorflow-cpu|tensorflow-base|tensorflow-estimator|keras|tensorboard)$/.test(canonicalName(p.name)),
    );
    if (tf.some((p) => /^tensorflow/.test(canonicalName(p.name))) && mixed(tf)) {
      const condaNames = tf.filter(isConda).map((p) => canonicalName(p.name));
      const main = tf.find((p) => /^tensorflow(-gpu)?$/.test(canonicalName(p.name)));
      const minor = main ? publicVersion(main.version).split('.').slice(0, 2).join('.') : undefined;
      const fix = [
        `# ${msg('framework.mixFixTf')}`,
        `conda remove ${condaEnvArg(env)} --force ${condaNames.join(' ')}`,
        pipInstall(env, 'pip', ['--force-reinstall', minor ? `"tensorflow[and-cuda]==${minor}.*"` : '"tensorflow[and-cuda]"']),
      ];
      out.push({ finding: finding(env, msg('framework.mixStackTf'), tf, fix), packages: ['tensorflow'] });
    }
  }
  return out;
}

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
  const lines = [`# ${msg('framework.mixFix')}`, `conda remove ${condaEnvArg(env)} --force ${condaNames.join(' ')}`, pipUninstall(env, 'pip', pipNames)];
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
    title: msg('framework.mixTitle', vars),
    cause: msg('framework.mixCause', vars),
    evidence: ps.map((p) => ({ ...packageEvidence(env, p), value: `${p.version} (${p.installer})` })),
    fix,
    subject: env.prefix,
  };
}

// ---- what a text says ----------------------------------------------------------------------------------------------

/** What the text's messages say two managers did: a ~/.local copy shadowing the environment's, two torch versions, pip replacing conda's package. */
function mixedNamed(ctx: ExplainContext, events: ErrorEvent[]): TextCause | undefined {
  const userSite = first(events, 'user-site-path');
  if (
    userSite?.groups.pkg &&
    (has(ctx.events, 'conda-env-mention') ||
      /conda|envs\//i.test(ctx.events.map((e) => e.text).join(' ')) ||
      ctx.env?.packages.some((p) => p.installer === 'conda'))
  ) {
    const vars = { pkg: userSite.groups.pkg };
    const libs = ctx.facts.missingLibraries.slice(0, 2).map((f) => ({ fact: explainersMsg('evMissing'), value: f.value, source: f.source }));
    return {
      fit: 1.6,
      finding: explained(
        'mixed-package-managers',
        'error',
        explainersMsg('mixUserTitle', vars),
        explainersMsg('mixUserCause', vars),
        [...lineEvidence(events), ...libs],
        [
          'python -c "import site; print(site.ENABLE_USER_SITE, site.getusersitepackages())"',
          `pip uninstall ${vars.pkg}   # ${msg('fixes.mix.userUninstall', { pkg: vars.pkg })}`,
          `export PYTHONNOUSERSITE=1   # ${msg('fixes.mix.noUserSite')}`,
        ],
      ),
    };
  }
  const reps = events.filter((e) => e.signature === 'pip-replaces-framework');
  const conda = has(ctx.events, 'conda-env-mention') || ctx.env?.packages.some((p) => p.installer === 'conda') === true;
  // pip installed one torch and a conda package brought another: two torch versions named, both managers at work.
  const versions = ctx.facts.torchVersions.map((v) => v.value);
  if (!reps.length && conda && versions.length > 1 && has(ctx.events, 'pip-install-torch', 'pip-requirements')) {
    const vars = { versions: versions.join(', ') };
    return {
      fit: 1.5,
      finding: explained(
        'mixed-package-managers',
        'error',
        explainersMsg('mixTwoTitle', vars),
        explainersMsg('mixTwoCause', vars),
        [...lineEvidence(events), { fact: explainersMsg('evTorchVersions'), value: vars.versions, source: 'pasted' }],
        [
          `conda list | grep -iE "^(pytorch|torch) "   # ${msg('fixes.mix.pypiIsPip')}`,
          'pip list 2>/dev/null | grep -iE "^torch "',
          `pip uninstall -y torch; conda remove --force pytorch   # ${msg('fixes.mix.thenOneManager')}`,
          `# ${msg('fixes.mix.noDeps', { cmd: 'conda install <package> --no-deps' })}`,
        ],
      ),
    };
  }
  if (!reps.length || !conda) return undefined;
  const pkg = (reps.map((e) => e.groups.pkg ?? e.groups.pkg2).find(Boolean) ?? 'torch').toLowerCase().replace(/^pytorch$/, 'torch');
  const old = reps.map((e) => e.groups.version ?? e.groups.version2).find(Boolean);
  const now = pkg === 'torch' && ctx.torch && ctx.torch.version !== '?' ? ctx.torch.pkg.version : undefined;
  const vars = { pkg, old: old ?? '', now: now ?? '' };
  const evidence = [...lineEvidence(events)];
  if (now) evidence.push({ fact: explainersMsg('evTorch'), value: now, source: ctx.torch!.pkg.location });
  const condaName = pkg === 'torch' ? 'pytorch' : pkg;
  return {
    fit: 2,
    finding: explained(
      'mixed-package-managers',
      'error',
      explainersMsg(old ? 'mixPipTitle' : 'mixPipTitleNoVer', vars),
      explainersMsg(now ? 'mixPipCauseNow' : 'mixPipCause', vars),
      evidence,
      [
        `conda list | grep -iE "torch|tensorflow|cuda|pypi"   # ${msg('fixes.mix.pypiRows')}`,
        `pip uninstall -y ${pkg}${pkg === 'torch' ? ' torchvision torchaudio' : ''}`,
        `conda install --force-reinstall ${condaName}${old ? `==${old}` : ''}   # ${msg('fixes.mix.backToConda')}`,
        `# ${msg('fixes.mix.restNoPip', { pkg })}`,
        'pip check',
      ],
    ),
  };
}
