// `gpuenv plan`: what to install, in which order, with the exact commands, for this machine or another one.
import { EXIT, ExitError, UsageError } from '../errors.js';
import { getLang } from '../i18n/index.js';
import { jaxReleases } from '../knowledge/jax.js';
import { tensorflowReleases } from '../knowledge/tensorflow.js';
import { torchRelease, torchReleases } from '../knowledge/torch.js';
import { closestVersions, versionHasPrefix } from '../knowledge/version.js';
import { mirror } from '../plan/mirrors.js';
import { renderPlan } from '../plan/render.js';
import { resolve } from '../plan/resolve.js';
import { buildPlan } from '../plan/steps.js';
import { liveTarget, remoteTarget } from '../plan/target.js';
import type { FrameworkName, FrameworkRequest, PlanRequest, Via } from '../plan/types.js';
import { msg } from './messages.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage:
    'plan [--framework torch[@VER]|tensorflow[@VER]|jax[@VER]]… [--via pip|uv|conda|docker] [--python VER] [--gpu NAME] [--driver VER] [--os ID] [--cuda VER] [--mirror NAME] [--json]',
  help: () => [msg('plan.help')],
  examples: [
    'gpuenv plan',
    'gpuenv plan --gpu "RTX 5090" --driver 570.86.10 --os ubuntu-24.04 --framework torch',
    'gpuenv plan --gpu "RTX 3060" --driver 525.60.13 --framework torch@2.0 --via conda',
    'gpuenv plan --framework torch --framework jax --mirror tuna',
  ],
  options: {
    framework: { type: 'string', multiple: true },
    via: { type: 'string' },
    python: { type: 'string' },
    gpu: { type: 'string', multiple: true },
    driver: { type: 'string' },
    os: { type: 'string' },
    cuda: { type: 'string' },
    mirror: { type: 'string' },
  },
  allowPositionals: false,
};

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function parseFramework(spec: string): FrameworkRequest {
  const [rawName = '', version] = spec.split('@', 2);
  const name = rawName.toLowerCase().replace(/^pytorch$/, 'torch') as FrameworkName;
  if (!['torch', 'tensorflow', 'jax'].includes(name)) throw new UsageError(msg('plan.badFramework', { name: rawName }), msg('plan.badFrameworkHint'));
  if (version === undefined || version === '') return { name };
  const known =
    name === 'torch'
      ? torchReleases().map((r) => r.version)
      : name === 'tensorflow'
        ? tensorflowReleases().map((r) => r.version)
        : jaxReleases().map((r) => r.version);
  if (!/^\d+(\.\d+){0,2}$/.test(version) || !known.some((k) => versionHasPrefix(k, version))) {
    throw new UsageError(msg('plan.badVersion', { framework: name, version }), msg('plan.closest', { list: closestVersions(version, known).join(', ') }));
  }
  return { name, version };
}

export function planRequest(values: CommandContext['values']): PlanRequest {
  const frameworks = list(values.framework).map(parseFramework);
  const via = (str(values.via) ?? 'pip') as Via;
  if (!['pip', 'uv', 'conda', 'docker'].includes(via)) throw new UsageError(msg('plan.badVia', { via }));
  const python = str(values.python);
  if (python !== undefined && !/^3\.\d{1,2}(\.\d+)?$/.test(python)) throw new UsageError(msg('plan.badPython', { python }));
  const cuda = str(values.cuda);
  if (cuda !== undefined && !/^\d{2}(\.\d)?(\.\d+)?$/.test(cuda)) throw new UsageError(msg('plan.badCuda', { cuda }));
  const mirrorName = str(values.mirror);
  const mir = mirrorName ? mirror(mirrorName) : undefined;
  if (mirrorName && !mir) throw new UsageError(msg('plan.badMirror', { mirror: mirrorName }));
  const fws = frameworks.length ? frameworks : [{ name: 'torch' as const }];
  if (via === 'conda') {
    for (const f of fws) {
      if (f.name !== 'torch' || !f.version) continue;
      const r = torchRelease(f.version);
      if (r && r.confirmed === false) throw new UsageError(msg('plan.noConda', { version: r.version }), msg('plan.noCondaHint'));
    }
  }
  return {
    frameworks: fws,
    via,
    ...(python ? { python } : {}),
    ...(cuda ? { cuda } : {}),
    ...(mir ? { mirror: mir } : {}),
    // Chinese output (a Chinese locale, GPUENV_LANG or --lang) names --mirror; gpuenv never picks one silently.
    suggestMirror: !mir && getLang() === 'zh-CN',
  };
}

export async function run(ctx: CommandContext): Promise<number> {
  const req = planRequest(ctx.values);
  const gpus = list(ctx.values.gpu);
  const driver = str(ctx.values.driver);
  const os = str(ctx.values.os);
  let target;
  if (gpus.length || driver || os) {
    if (!gpus.length) throw new UsageError(msg('plan.noGpu'));
    target = remoteTarget({ gpus, ...(driver ? { driver } : {}), ...(os ? { os } : {}) });
  } else {
    const { takeSnapshot } = await import('../probe/take.js');
    target = liveTarget(await takeSnapshot(await ctx.system(), {}));
    if (!target.gpus.length) throw new ExitError(EXIT.problems, msg('plan.noGpu'));
  }
  const plan = buildPlan(target, req, resolve(target, req));
  if (ctx.globals.json) {
    const json = { choices: plan.choices, steps: plan.steps, reasons: plan.reasons };
    ctx.io.out(`${JSON.stringify(json, null, 2)}\n`);
  } else ctx.io.out(renderPlan(plan, target, req.via, ctx.io.color));
  return plan.ok ? EXIT.ok : EXIT.problems;
}
