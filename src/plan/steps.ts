// Turn a resolution into ordered steps with exact commands and how to verify each: driver (only when needed),
// container toolkit (docker), CUDA toolkit (only when asked or needed), cuDNN (only when not bundled), then frameworks.
import { chooseBaseImage } from '../export/images.js';
import { condaTorchLine, torchPipArgs, torchSpecs } from '../install/torch.js';
import { companionSpec } from '../install/torch-index.js';
import { guardLines } from '../install/guard.js';
import { driverInstallCommands, initramfsLines, mokEnrolLines, nouveauBlacklistLines } from '../install/driver.js';
import { kernelHeadersCommand, osFamily } from '../install/system.js';
import { matchGpu } from '../knowledge/gpus.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import { msg } from './messages.js';
import { label, pickCuda, type EnvPlan, type Pick, type Resolution } from './resolve.js';
import type { Choice, Plan, PlanRequest, PlanTarget, Step } from './types.js';
import { noteOf } from '../knowledge/localized.js';

const mm = (v: string) => versionParts(v).slice(0, 2).join('.');
const dash = (v: string) => mm(v).replace('.', '-');

export function buildPlan(t: PlanTarget, req: PlanRequest, res: Resolution): Plan {
  const reasons = [...res.reasons];
  if (!res.ok) return { choices: [], steps: [], reasons, ok: false };
  const steps: Step[] = [];
  const picks = res.envs.flatMap((e) => e.picks);
  for (const p of picks) reasons.push(...pickReasons(t, p));
  if (res.driverFloor) steps.push(driverStep(t, res.driverFloor));
  if (req.via === 'docker' && t.platform !== 'windows') steps.push(containerToolkitStep(t));
  const systemTf = picks.find((p): p is Extract<Pick, { framework: 'tensorflow' }> => p.framework === 'tensorflow' && !p.release.andCudaExtra);
  if (req.cuda || (systemTf && req.via !== 'docker')) {
    const cuda = req.cuda ?? systemTf!.release.cuda;
    steps.push(toolkitStep(t, cuda));
  }
  if (systemTf && req.via !== 'docker') {
    reasons.push(msg('tfNeedsSystem', { version: systemTf.release.version, cuda: systemTf.release.cuda, cudnn: systemTf.release.cudnn }));
    steps.push(cudnnStep(t, systemTf.release.cudnn, systemTf.release.cuda));
  } else if (!req.cuda && req.via !== 'docker') {
    reasons.push(msg('bundled'));
    const first = picks[0];
    if (first) reasons.push(msg('extHint', { cuda: mm(pickCuda(first)), framework: label(first) }));
  }
  const python = choosePython(t, req, picks, reasons);
  if (req.mirror) {
    for (const u of [req.mirror.pypi, req.mirror.condaForge, req.mirror.torchWheels])
      if (u && !u.confirmed) reasons.push(msg('unconfirmed', { what: `${req.mirror.label} ${u.url}: ${noteOf(u) ?? u.source}` }));
  } else if (req.suggestMirror) reasons.push(msg('mirrorSuggest'));
  const choices: Choice[] = [];
  for (const env of res.envs) {
    const envName = res.envs.length > 1 ? `gpu-${env.name}` : 'gpu';
    const conda = req.via === 'conda' && env.picks.every((p) => p.framework === 'torch');
    if (req.via === 'conda' && !conda) reasons.push(msg('condaTorchOnly'));
    const ctx: EnvCtx = { t, req, envName, python, conda, reasons };
    if (req.via === 'docker') steps.push(dockerStep(ctx, env));
    else {
      if (!(t.live && t.env && res.envs.length === 1)) steps.push(envStep(ctx));
      for (const p of env.picks) {
        if ((p.framework === 'torch' || p.framework === 'tensorflow') && p.kept) {
          reasons.push(msg('keep', { framework: label(p), version: '', env: t.env?.prefix ?? envName }));
          continue;
        }
        steps.push(frameworkStep(ctx, p));
      }
    }
    for (const p of env.picks) choices.push(choiceOf(p, python, envName));
  }
  // Every printed command goes through the install checker, as the findings' fixes do (diagnose/fix-guard.ts).
  const guarded = steps.map((st) => ({ ...st, commands: guardLines(st.commands, t.snapshot, python).lines }));
  return { choices, steps: guarded, reasons, ok: true };
}

interface EnvCtx {
  t: PlanTarget;
  req: PlanRequest;
  envName: string;
  python: string;
  conda: boolean;
  reasons: string[];
}

function sms(t: PlanTarget): string {
  return t.gpus.map((g) => `sm_${g.cc.replace('.', '')}`).join(', ');
}

function pickReasons(t: PlanTarget, p: Pick): string[] {
  const out: string[] = [];
  if (p.framework === 'torch') {
    const c = p.choice;
    const ptx = t.gpus.some(
      (g) => !c.variant.archList.includes(`sm_${g.cc.replace('.', '')}`) && !c.variant.archList.some((a) => a.startsWith(`sm_${g.cc.split('.')[0]}`)),
    );
    out.push(
      msg('torchPick', {
        version: c.release.version,
        tag: c.variant.tag,
        sms: sms(t),
        ptx: ptx ? msg('torchPtx') : '',
        cuda: c.variant.cuda,
        floor: c.driverFloor ?? '?',
        driverNote: t.driver?.version ? msg('driverIs', { driver: t.driver.version, mode: c.support === 'mvc' ? msg('mvcMode') : '' }) : '',
      }),
    );
    if (c.unconfirmed) out.push(msg('unconfirmed', { what: c.unconfirmed }));
    const a = p.alternative;
    if (a) out.push(msg('torchAlternative', { version: a.release.version, tag: a.variant.tag, cuda: a.variant.cuda, floor: a.driverFloor ?? '?' }));
  } else if (p.framework === 'tensorflow') {
    const r = p.release;
    out.push(msg('tfPick', { version: r.version, cuda: r.cuda, cudnn: r.cudnn, sms: sms(t), ptx: '' }));
    if (r.unconfirmedFields?.includes('computeCapabilities'))
      out.push(msg('unconfirmed', { what: msg('tfArchInferred', { version: r.version, ccs: (r.computeCapabilities ?? []).join(' ') }) }));
    if (!r.confirmed) out.push(msg('unconfirmed', { what: `TensorFlow ${r.version}: ${noteOf(r) ?? r.source}` }));
  } else {
    const e = p.extra;
    out.push(msg('jaxPick', { extra: e.extra, cuda: e.requires.cuda, cudnn: e.requires.cudnnMin, floor: e.minDriverLinux, cc: e.minComputeCapability }));
  }
  return out;
}

function choosePython(t: PlanTarget, req: PlanRequest, picks: Pick[], reasons: string[]): string {
  if (req.python) {
    reasons.push(msg('pythonGiven', { python: req.python, why: msg('pythonFromFlag') }));
    return mm(req.python);
  }
  const envPy = t.live ? t.env?.version?.value : undefined;
  if (envPy) {
    reasons.push(msg('pythonGiven', { python: mm(envPy), why: msg('pythonFromEnv') }));
    return mm(envPy);
  }
  let max = '3.99';
  let min = '3.0';
  for (const p of picks) {
    const r = p.framework === 'torch' ? p.choice.release.python : p.framework === 'tensorflow' ? p.release.python : undefined;
    if (!r) continue;
    if (compareVersions(r.max, max) < 0) max = r.max;
    if (compareVersions(r.min, min) > 0) min = r.min;
  }
  const capped = compareVersions(max, '3.12') > 0 && compareVersions(min, '3.12') <= 0;
  const py = capped ? '3.12' : max === '3.99' ? '3.12' : max;
  reasons.push(msg('pythonPick', { python: py, capped: capped ? msg('pythonCapped') : '' }));
  return py;
}

function driverStep(t: PlanTarget, floor: string): Step {
  const s = t.snapshot;
  const branch = String(Math.max(versionParts(floor)[0] ?? 0, 580));
  if (s.os.wsl?.value || t.platform === 'windows') {
    return { title: msg('stepDriverWsl'), commands: [`# https://www.nvidia.com/Download/index.aspx (Windows driver ≥ ${floor})`], verify: ['nvidia-smi'] };
  }
  const commands: string[] = [];
  const headers = kernelHeadersCommand(s);
  if (headers) commands.push(msg('cHeaders'), headers);
  if (!t.live || s.os.nouveau.loaded?.value !== false || s.os.nouveau.blacklisted?.value !== true) {
    commands.push(msg('cNouveauCheck'), 'lsmod | grep nouveau', ...nouveauBlacklistLines(), ...initramfsLines(s));
  }
  const specs = t.gpus.map((g) => matchGpu(g.name).match);
  const install = driverInstallCommands(s, specs, floor.split('.')[0] && Number(floor.split('.')[0]) > 580 ? branch : undefined);
  commands.push(...install);
  if (t.live && s.os.secureBoot?.value === 'enabled') commands.push(msg('cSecureBootOn'), ...mokEnrolLines(s));
  else if (s.os.secureBoot?.value !== 'disabled') commands.push(msg('cSecureBoot'), 'mokutil --sb-state');
  commands.push(msg('cReboot'), 'sudo reboot');
  return {
    title: msg('stepDriver', { floor, branch: install.some((l) => l.includes('-570')) ? '570' : branch }),
    commands,
    verify: ['nvidia-smi', 'cat /proc/driver/nvidia/version', 'lsmod | grep nouveau || echo "nouveau not loaded"'],
  };
}

function containerToolkitStep(t: PlanTarget): Step {
  const fam = osFamily(t.snapshot);
  // NVIDIA Container Toolkit install guide: repository, then `nvidia-ctk runtime configure --runtime=docker`.
  const install = fam === 'rhel' ? 'sudo dnf install -y nvidia-container-toolkit' : 'sudo apt-get install -y nvidia-container-toolkit';
  return {
    title: msg('stepContainer'),
    commands: [
      `# ${msg('containerGuide', { url: 'https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html' })}`,
      install,
      'sudo nvidia-ctk runtime configure --runtime=docker',
      'sudo systemctl restart docker',
    ],
    verify: ['docker run --rm --gpus all ubuntu nvidia-smi'],
  };
}

/** NVIDIA's repository folder name for this OS ("ubuntu2204", "rhel9"), or undefined. */
function repoDir(t: PlanTarget): string | undefined {
  const id = t.snapshot.os.id?.value ?? '';
  const ver = t.snapshot.os.versionId?.value ?? '';
  if (id === 'ubuntu' && ver) return `ubuntu${ver.replace('.', '')}`;
  if (id === 'debian' && ver) return `debian${ver.split('.')[0]}`;
  if (['rhel', 'rocky', 'almalinux', 'centos', 'ol'].includes(id) && ver) return `rhel${ver.split('.')[0]}`;
  if (id === 'fedora' && ver) return `fedora${ver}`;
  return undefined;
}

function repoArch(t: PlanTarget): string {
  return t.platform === 'linux-aarch64' ? 'sbsa' : 'x86_64';
}

function toolkitStep(t: PlanTarget, cuda: string): Step {
  const fam = osFamily(t.snapshot);
  const dir = repoDir(t);
  const commands: string[] = [];
  if (fam === 'debian' && dir) {
    commands.push(
      msg('cRepo'),
      `wget https://developer.download.nvidia.com/compute/cuda/repos/${dir}/${repoArch(t)}/cuda-keyring_1.1-1_all.deb`,
      'sudo dpkg -i cuda-keyring_1.1-1_all.deb',
      'sudo apt-get update',
      `sudo apt-get install -y cuda-toolkit-${dash(cuda)}`,
    );
  } else if (fam === 'rhel' && dir) {
    commands.push(
      msg('cRepoRhel'),
      `sudo dnf config-manager --add-repo https://developer.download.nvidia.com/compute/cuda/repos/${dir}/${repoArch(t)}/cuda-${dir}.repo`,
      `sudo dnf install -y cuda-toolkit-${dash(cuda)}`,
    );
  } else commands.push(msg('cOther', { cuda }));
  commands.push(`export PATH=/usr/local/cuda-${mm(cuda)}/bin:$PATH`);
  return { title: msg('stepToolkit', { cuda: mm(cuda) }), commands, verify: [`/usr/local/cuda-${mm(cuda)}/bin/nvcc --version`] };
}

function cudnnStep(t: PlanTarget, cudnn: string, cuda: string): Step {
  const cm = versionParts(cudnn)[0] ?? 8;
  const fam = osFamily(t.snapshot);
  const commands: string[] = [];
  // NVIDIA's repository packages: libcudnnN=<ver>-1+cudaX.Y (apt), libcudnnN-<ver>-1.cudaX.Y (dnf).
  if (t.platform === 'windows') commands.push(msg('cWindowsCudnn', { cudnn, cuda }));
  else if (fam === 'rhel') commands.push(`sudo dnf install -y 'libcudnn${cm}-${cudnn}.*-1.cuda${mm(cuda)}'`);
  else commands.push(`sudo apt-get install -y 'libcudnn${cm}=${cudnn}.*-1+cuda${mm(cuda)}'`, `sudo apt-mark hold libcudnn${cm}`);
  return {
    title: msg('stepCudnn', { cudnn, cuda: mm(cuda) }),
    commands,
    verify: [t.platform === 'windows' ? 'where cudnn64_8.dll' : `ldconfig -p | grep libcudnn.so.${cm}`],
  };
}

function envDir(ctx: EnvCtx): string {
  return ctx.envName === 'gpu' ? '.venv' : `.venv-${ctx.envName.replace(/^gpu-/, '')}`;
}

function envStep(ctx: EnvCtx): Step {
  const dir = envDir(ctx);
  if (ctx.req.via === 'conda') {
    const ch = ctx.req.mirror ? `-c ${ctx.req.mirror.condaForge.url} --override-channels` : '-c conda-forge --override-channels';
    return {
      title: msg('stepEnv', { python: ctx.python, env: ctx.envName }),
      commands: [`conda create -y -n ${ctx.envName} python=${ctx.python} ${ch}`],
      verify: [`conda run -n ${ctx.envName} python --version`],
    };
  }
  if (ctx.req.via === 'uv')
    return {
      title: msg('stepEnv', { python: ctx.python, env: dir }),
      commands: [`uv venv --python ${ctx.python} ${dir}`],
      verify: [`${dir}/bin/python --version`],
    };
  return {
    title: msg('stepEnv', { python: ctx.python, env: dir }),
    commands: [`python${ctx.python} -m venv ${dir}`, `${dir}/bin/python -m pip install -U pip`],
    verify: [`${dir}/bin/python --version`],
  };
}

function pythonBin(ctx: EnvCtx): string {
  if (ctx.t.live && ctx.t.env) return ctx.t.env.python ?? `${ctx.t.env.prefix}/bin/python`;
  if (ctx.req.via === 'conda') return `conda run -n ${ctx.envName} python`;
  return `${envDir(ctx)}/bin/python`;
}

/** pip or uv install line with the mirror's PyPI index when one is chosen. */
function pipLine(ctx: EnvCtx, args: string[], pypi = true): string {
  const idx = pypi && ctx.req.mirror ? (ctx.req.via === 'uv' ? ['--default-index', ctx.req.mirror.pypi.url] : ['-i', ctx.req.mirror.pypi.url]) : [];
  if (ctx.req.via === 'uv') {
    const target = ctx.t.live && ctx.t.env ? (ctx.t.env.python ?? ctx.t.env.prefix) : envDir(ctx);
    return ['uv pip install --python', target, ...args, ...idx].join(' ');
  }
  return [pythonBin(ctx), '-m pip install', ...args, ...idx].join(' ');
}

function torchArgs(ctx: EnvCtx, p: Extract<Pick, { framework: 'torch' }>): string[] {
  const r = p.choice.release;
  const v = p.choice.variant;
  const mir = ctx.req.mirror;
  const local = `+${v.tag}`;
  // torch and torchvision from one row (install/torch.ts, the same specs doctor's fixes print).
  const specs = torchSpecs(r, ['torchvision']);
  if (mir?.torchWheels) {
    const url = mir.torchWheels.url.replace('{tag}', v.tag);
    // A flat folder holds every build of a version: the local tag picks this one.
    if (mir.torchWheels.kind === 'find-links') return [...specs.map((x) => (x.includes('==') ? `${x}${local}` : x)), '-f', url, '-i', mir.pypi.url];
    return [...specs, '--index-url', url];
  }
  if (mir && v.tag === r.pypiDefault && ctx.t.platform === 'linux-x86_64') {
    ctx.reasons.push(msg('mirrorPypiDefault', { mirror: mir.label, tag: v.tag, version: r.version }));
    return [...specs, ctx.req.via === 'uv' ? '--default-index' : '-i', mir.pypi.url];
  }
  if (mir) ctx.reasons.push(msg('mirrorNoTorch', { mirror: mir.label }));
  return torchPipArgs(p.choice, ['torchvision']);
}

function verifyLine(ctx: EnvCtx, p: Pick): string {
  const py = pythonBin(ctx);
  if (p.framework === 'torch')
    return `${py} -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), torch.cuda.get_arch_list()); print(torch.ones(1, device='cuda') + 1)"`;
  if (p.framework === 'tensorflow') return `${py} -c "import tensorflow as tf; print(tf.__version__, tf.config.list_physical_devices('GPU'))"`;
  return `${py} -c "import jax; print(jax.__version__, jax.devices())"`;
}

function frameworkStep(ctx: EnvCtx, p: Pick): Step {
  const title = msg('stepFramework', {
    framework: p.framework === 'torch' ? 'PyTorch' : p.framework === 'tensorflow' ? 'TensorFlow' : 'JAX',
    version: p.framework === 'torch' ? p.choice.release.version : p.framework === 'tensorflow' ? p.release.version : (p.version ?? ''),
    variant:
      p.framework === 'torch'
        ? p.choice.variant.tag
        : p.framework === 'tensorflow'
          ? p.release.andCudaExtra
            ? 'and-cuda'
            : `CUDA ${p.release.cuda}`
          : p.extra.extra,
  });
  return { title, commands: [installLine(ctx, p)], verify: [verifyLine(ctx, p)] };
}

function installLine(ctx: EnvCtx, p: Pick): string {
  if (p.framework === 'torch') {
    const r = p.choice.release;
    const v = p.choice.variant;
    if (ctx.conda) {
      const spec = companionSpec(r, 'torchvision');
      const vision = spec ? ` ${spec}` : '';
      const channel = condaTorchLine(`-y -n ${ctx.envName}`, p.choice, ['torchvision']);
      if (channel) return channel;
      ctx.reasons.push(msg('condaForge', { version: r.version }), msg('condaForgeUnconfirmed', { cuda: v.cuda }));
      const ch = ctx.req.mirror ? `-c ${ctx.req.mirror.condaForge.url} --override-channels` : '-c conda-forge --override-channels';
      return `conda install -y -n ${ctx.envName} "pytorch==${r.version}=cuda*"${vision} "cuda-version=${v.cuda}" ${ch}`;
    }
    return pipLine(ctx, torchArgs(ctx, p), false);
  }
  if (p.framework === 'tensorflow') {
    const r = p.release;
    const spec = r.andCudaExtra && ctx.t.platform !== 'windows' ? `"tensorflow[and-cuda]==${r.version}"` : `"tensorflow==${r.version}"`;
    return pipLine(ctx, [spec]);
  }
  const spec = p.version ? `"jax[${p.extra.extra}]==${p.version}"` : `"jax[${p.extra.extra}]"`;
  return pipLine(ctx, ['-U', spec]);
}

function dockerStep(ctx: EnvCtx, env: EnvPlan): Step {
  const cuda = env.picks.map(pickCuda).sort(compareVersions).at(-1) ?? '12.8';
  // export's one chooser of base images: a published tag, the driver's CUDA ceiling respected (the
  // container toolkit refuses an image whose CUDA the driver does not run, even when the wheels would).
  const d = ctx.t.driver;
  const tag = chooseBaseImage({
    cuda: mm(cuda),
    driver: d ? { version: d.version, cuda: d.cuda } : null,
    buildsExtensions: [],
    usesSystemCuda: [],
    needsSystemCudnn: false,
    flavor: 'runtime',
  }).tag;
  ctx.reasons.push(msg('dockerBase', { tag, cuda: mm(cuda) }));
  const inner: EnvCtx = { ...ctx, t: { ...ctx.t, live: false, env: null }, req: { ...ctx.req, via: 'pip' } };
  const lines = [
    `FROM nvidia/cuda:${tag}`,
    'RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv && rm -rf /var/lib/apt/lists/*',
    'RUN python3 -m venv /opt/venv',
    ...env.picks.map((p) => `RUN ${installLine({ ...inner, envName: 'gpu' }, p).replace(/^\.venv\/bin\/python/, '/opt/venv/bin/python')}`),
  ];
  return {
    title: msg('stepDocker', { tag }),
    commands: [...lines, 'docker build -t gpu-env .'],
    verify: env.picks.map(
      (p) => `docker run --rm --gpus all gpu-env ${verifyLine({ ...inner, envName: 'gpu' }, p).replace(/^\.venv\/bin\/python/, '/opt/venv/bin/python')}`,
    ),
  };
}

function choiceOf(p: Pick, python: string, env: string): Choice {
  if (p.framework === 'torch') {
    const c = p.choice;
    return {
      framework: 'torch',
      version: c.release.version,
      variant: c.variant.tag,
      indexUrl: c.variant.indexUrl,
      python,
      cuda: c.variant.cuda,
      cudnn: c.variant.cudnn ?? null,
      nccl: c.variant.nccl ?? null,
      env,
    };
  }
  if (p.framework === 'tensorflow') {
    const r = p.release;
    return {
      framework: 'tensorflow',
      version: r.version,
      variant: r.andCudaExtra ? 'and-cuda' : `cuda${r.cuda}`,
      indexUrl: null,
      python,
      cuda: r.cuda,
      cudnn: r.cudnn,
      nccl: null,
      env,
    };
  }
  return {
    framework: 'jax',
    version: p.version ?? 'newest',
    variant: p.extra.extra,
    indexUrl: null,
    python,
    cuda: p.extra.requires.cuda,
    cudnn: p.extra.requires.cudnnMin,
    nccl: p.extra.requires.ncclMin,
    env,
  };
}
