// A CPU-only build of a framework: torch +cpu, tensorflow-cpu, TensorFlow on native Windows after 2.10, jax without a
// CUDA plugin — from the environments' packages, and from what a pasted text says (DGL, cumm, llama.cpp, OpenCV, ONNX
// Runtime, bitsandbytes and Paddle name their CPU builds in their own words; conda's solver can pick one).
import { jaxCudaExtras } from '../../knowledge/jax.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { torchRelease } from '../../knowledge/torch.js';
import { compareVersions } from '../../knowledge/version.js';
import { jaxExtraAt } from '../../install/check-wheels.js';
import { driverWords, torchBuildLine, torchFixLines, torchPipLine } from '../../install/torch.js';
import {
  canonicalName,
  distinctCapabilities,
  driverOf,
  findPackage,
  hasGpu,
  isCpuBuild,
  isTensorflow,
  managerOf,
  platformOf,
  publicVersion,
  pythonOf,
} from '../../snapshot/queries.js';
import { condaEnvArg, pipInstall, pipUninstall } from '../../install/python.js';
import { driverEvidence, packageEvidence } from '../evidence.js';
import { driverUpgradeCommands } from '../../install/driver.js';
import type { Evidence, Finding } from '../../findings.js';
import { symptomEvents } from '../../parse/symptoms.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { Rule } from '../types.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { bnbMissesLibrary } from '../bitsandbytes.js';
import { driverMaxCuda, tagOf, torchChoice, type ExplainContext } from '../context.js';
import { finding as explained, first, has, lineEvidence, primary, torchEvidence, type Explained } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { tfWindowsFinding, tfWindowsPackage } from '../tensorflow-windows.js';
import { textFinding, type Checked, type TextCause } from '../text-finding.js';

export const rule: Rule = {
  code: 'cpu-only-build',
  scope: 'environment',
  check(input) {
    const checked = checks(input.snapshot);
    if (input.origin === 'machine') return checked.map((c) => c.finding);
    const one = textFinding(input, {
      code: 'cpu-only-build',
      named: cpuOnlyNamed,
      // Slots of the causes facts alone establish, in the order explain tries them across rules (rank index, phase 1).
      factsAlone: [
        { slot: 1, find: (ctx) => tfWindowsNamed(ctx, []) },
        { slot: 3, find: (ctx) => tfCpuNextToGpu(ctx) },
        { slot: 4, find: (ctx) => condaNoSuchBuild(ctx) },
      ],
      checked,
      pasted: (f) =>
        pastedOnly(
          f,
          input.snapshot,
          symptomEvents(input.events).some((e) => e.signature !== 'slow' && e.signature !== 'hang'),
        ),
    });
    return one ? [one] : [];
  },
};

/** The key of the native-Windows TensorFlow check of an environment: a message or the facts may name the same cause. */
const tfWindowsKey = (env: PythonEnv) => `tf-windows:${env.prefix}`;

// ---- the checks of the Snapshot (the doctor's) --------------------------------------------------------------------

function checks(snapshot: Snapshot): Checked[] {
  const out: Checked[] = [];
  for (const env of snapshot.python ?? []) {
    const torch = findPackage(env, 'torch');
    if (torch && isCpuBuild(torch)) {
      const why = /\+cpu$/.test(torch.version) ? msg('framework.whyCpuTag') : msg('framework.whyNoCuda');
      const t = torchFixLines(snapshot, env, { ccs: distinctCapabilities(snapshot).map((g) => g.cc), preferVersion: publicVersion(torch.version) });
      out.push({ finding: finding(snapshot, env, torch, why, t.lines, t.unconfirmed), packages: ['torch'] });
    }
    const win = tfWindowsPackage(snapshot, env);
    if (win) out.push({ finding: tfWindowsFinding(snapshot, env, win.p, win.last), packages: ['tensorflow'], key: tfWindowsKey(env) });
    for (const p of env.packages ?? []) {
      if (!isTensorflow(p) || p === win?.p) continue;
      const name = canonicalName(p.name);
      if (name !== 'tensorflow-cpu' && !(p.build?.cpuOnly === true)) continue;
      out.push({
        finding: finding(snapshot, env, p, name === 'tensorflow-cpu' ? msg('framework.whyTfCpu') : msg('framework.whyNoCuda'), tfFix(env, p)),
        packages: ['tensorflow'],
      });
    }
    const jaxlib = findPackage(env, 'jaxlib');
    if (jaxlib && isJaxCpu(env, jaxlib)) {
      const jax = findPackage(env, 'jax') ?? jaxlib;
      out.push({ finding: finding(snapshot, env, jax, msg('framework.whyNoPlugin'), jaxFix(snapshot, env, jax)), packages: ['jax'] });
    }
  }
  return out;
}

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
  for (const g of gpus) evidence.push({ fact: msg('framework.evGpu', { index: g.gpu.index }), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source });
  const d = driverOf(snapshot);
  if (d) evidence.push(...driverEvidence(d, msg('framework.evDriver')));
  return {
    code: 'cpu-only-build',
    severity: gpu ? 'error' : 'info',
    title: msg('framework.cpuTitle', vars),
    cause: gpu ? msg('framework.cpuCauseGpu', vars) : msg('framework.cpuCauseNoGpu', vars),
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
    if (r) lines.push(`# ${msg('framework.cpuTf', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`);
    lines.push(pipUninstall(env, mgr, [name]), pipInstall(env, mgr, [`"tensorflow[and-cuda]==${minor}.*"`]));
  } else {
    lines.push(`# ${msg('framework.cpuTfOld', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`);
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
  const driverOk = (floor: string) => !d?.version || compareVersions(d.version, floor) >= 0;
  const ccOk = (min: string) => ccs.every((cc) => compareVersions(cc, min) >= 0);
  const installed = publicVersion(jax.version);
  const fits = extras.filter((e) => driverOk(e.minDriverLinux) && ccOk(e.minComputeCapability));
  // Keep the installed jax where it has wheels for the extra (jax[cuda13] starts with 0.7.2; install/check-wheels.ts);
  // otherwise upgrade jax with the extra.
  const fit = fits.find((e) => jaxExtraAt(installed, e.extra).has === 'yes') ?? fits[0];
  const pin = fit && jaxExtraAt(installed, fit.extra).has === 'yes' ? `==${installed}` : '';
  if (!fit) {
    const e = extras[0];
    if (!e) return [];
    return [
      `# ${msg('framework.cpuJaxNone', { floor: e.minDriverLinux, extra: e.extra })}`,
      ...driverUpgradeCommands(snapshot, e.minDriverLinux, driverWords(e.minDriverLinux)),
    ];
  }
  return [
    `# ${msg('framework.cpuJax', { major: fit.extra.replace('cuda', ''), extra: fit.extra, floor: fit.minDriverLinux, cc: fit.minComputeCapability })}`,
    pipInstall(env, mgr, ['-U', `"jax[${fit.extra}]${pin}"`]),
    `${pythonOf(env)} -c "import jax; print(jax.devices())"`,
  ];
}

/**
 * A check over a paste alone: the paste not showing a GPU is not "no GPU here" — this machine was not looked at
 * (that is `--here`). The cause says what the paste does show. A paste that says the GPU is not used or not found
 * in the user's own words says there is one (a framework's "CUDA available: False" does not): the CPU build is then the error the doctor calls it on a machine with a GPU.
 */
function pastedOnly(f: Finding, snapshot: Snapshot, gpuSaid: boolean): Finding {
  if (snapshot.gpus.length === 0 && f.severity === 'info')
    return { ...f, severity: gpuSaid ? 'error' : 'warning', cause: explainersMsg('cpuCausePasted', { title: f.title }) };
  return f;
}

// ---- what a text says ----------------------------------------------------------------------------------------------

/** The CPU build the text's messages name: a library saying so in its own words, torch, TensorFlow or conda. */
function cpuOnlyNamed(ctx: ExplainContext, events: ErrorEvent[]): TextCause | undefined {
  const t = ctx.torch;
  const evidence = [...lineEvidence(events), ...torchEvidence(ctx)];
  if (has(events, 'jax-cpu-fallback')) {
    return {
      fit: 1.4,
      finding: explained('cpu-only-build', 'error', explainersMsg('cpuTitleGeneric'), explainersMsg('cpuJax'), evidence, [
        'pip install -U "jax[cuda12]"',
        'python -c "import jax; print(jax.devices())"',
      ]),
    };
  }
  if (has(events, 'tf-cpu-device-only', 'tf-cannot-dlopen', 'tf-no-cuda-drivers') || primary(events, 'cpu-only-build')) {
    const win = tfWindowsNamed(ctx, events);
    if (win) return win;
  }
  if (has(events, 'dgl-cpu-build')) {
    const tag = ctx.torch?.tag ?? (ctx.torch?.cuda ? tagOf(ctx.torch.cuda) : 'cu121');
    return {
      fit: 1.8,
      finding: explained('cpu-only-build', 'error', explainersMsg('cpuDglTitle'), explainersMsg('cpuDglCause'), evidence, [
        'pip uninstall -y dgl',
        `pip install dgl -f https://data.dgl.ai/wheels/${tag}/repo.html   # ${msg('fixes.cpu.dglCuda', { tag })}`,
        'python -c "import dgl, torch; print(dgl.__version__, torch.__version__)"',
      ]),
    };
  }
  if (has(events, 'cumm-no-cuda')) {
    return {
      fit: 1.8,
      finding: explained('cpu-only-build', 'error', explainersMsg('cpuCummTitle'), explainersMsg('cpuCummCause'), evidence, [
        `pip list 2>/dev/null | grep -iE "^(cumm|spconv)"   # ${msg('fixes.cpu.cummCpu')}`,
        'pip uninstall -y cumm spconv',
        `pip install spconv-cu120   # ${msg('fixes.cpu.spconvPick')}`,
      ]),
    };
  }
  // BLAS = 0 with the CUDA backend loaded is not a CPU build.
  if (has(events, 'llama-cpp-blas-0') && has(ctx.events, 'ggml-cuda-loaded')) return undefined;
  if (has(events, 'llama-cpp-blas-0')) {
    return {
      fit: 1.6,
      finding: explained('cpu-only-build', 'error', explainersMsg('cpuLlamaCppTitle'), explainersMsg('cpuLlamaCppCause'), evidence, [
        `CMAKE_ARGS="-DGGML_CUDA=on" pip install --force-reinstall --no-cache-dir llama-cpp-python   # ${msg('fixes.cpu.llamaOld')}`,
        `nvcc --version   # ${msg('fixes.cpu.needsNvcc')}`,
        `# ${msg('fixes.cpu.orPrebuiltWheel')} pip install llama-cpp-python --extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cu124`,
      ]),
    };
  }
  if (has(events, 'opencv-no-cuda')) {
    return {
      fit: 1.8,
      finding: explained('cpu-only-build', 'error', explainersMsg('cpuOpencvTitle'), explainersMsg('cpuOpencvCause'), evidence, [
        `python -c "import cv2; print(cv2.__version__, cv2.cuda.getCudaEnabledDeviceCount())"   # ${msg('fixes.cpu.cv2Zero')}`,
        'pip uninstall -y opencv-python opencv-contrib-python opencv-python-headless',
        `# ${msg('fixes.cpu.buildOpencv')} cmake -D WITH_CUDA=ON -D OPENCV_DNN_CUDA=ON -D CUDA_ARCH_BIN=<your cc> -D OPENCV_EXTRA_MODULES_PATH=<opencv_contrib>/modules …`,
      ]),
    };
  }
  if (has(events, 'ort-no-cuda-provider')) {
    const ort = ctx.env?.packages.filter((p) => /^onnxruntime(-gpu)?$/.test(p.name)).map((p) => `${p.name} ${p.version}`) ?? [];
    if (ort.length) evidence.push({ fact: 'onnxruntime', value: ort.join(', '), source: 'pasted' });
    return {
      fit: 1.6,
      finding: explained('cpu-only-build', 'error', explainersMsg('cpuOrtTitle'), explainersMsg('cpuOrtCause'), evidence, [
        `pip list 2>/dev/null | grep -i onnxruntime   # ${msg('fixes.cpu.ortBoth')}`,
        'pip uninstall -y onnxruntime onnxruntime-gpu',
        `pip install onnxruntime-gpu   # ${msg('fixes.cpu.ortVersion')}`,
        'python -c "import onnxruntime as ort; print(ort.__version__, ort.get_available_providers())"',
      ]),
    };
  }
  if (has(events, 'bnb-cpu-library')) {
    // bitsandbytes also says which CUDA library it could not find ("No libcudart.so found!"): that is the cause, this the effect.
    const missing = bnbMissesLibrary(ctx);
    return {
      fit: missing ? 0.7 : 1.8,
      finding: explained('cpu-only-build', 'error', explainersMsg('cpuBnbTitle'), explainersMsg('cpuBnbCause'), evidence, [
        `pip install -U "bitsandbytes>=0.43.0"   # ${msg('fixes.cpu.bnbWindows')}`,
        `python -m bitsandbytes   # ${msg('fixes.cpu.bnbSays')}`,
        `python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())"   # ${msg('fixes.cpu.bnbCpuTorch')}`,
      ]),
    };
  }
  if (has(events, 'paddle-cpu-version')) {
    return {
      fit: 2,
      finding: explained('cpu-only-build', 'error', explainersMsg('cpuPaddleTitle'), explainersMsg('cpuPaddleCause'), evidence, [
        'pip uninstall -y paddlepaddle',
        `pip install paddlepaddle-gpu   # ${msg('fixes.cpu.paddleBuild')}`,
        'python -c "import paddle; paddle.utils.run_check()"',
      ]),
    };
  }
  if (has(events, 'tf-cannot-dlopen', 'tf-no-cuda-drivers')) {
    return {
      fit: 0.8,
      finding: explained('cpu-only-build', 'warning', explainersMsg('cpuTitleGeneric'), explainersMsg('cpuTf'), evidence, [
        'pip install "tensorflow[and-cuda]"',
      ]),
    };
  }
  const condaCpu = first(ctx.events, 'conda-cpu-build');
  const condaBuild = ctx.events
    .filter((e) => e.signature === 'conda-cpu-build')
    .map((e) => e.groups.build)
    .find(Boolean);
  if (condaCpu) evidence.push({ fact: explainersMsg('evCondaBuild'), value: condaBuild ?? condaCpu.text.slice(0, 120), source: 'pasted' });
  const saysCpu = has(ctx.events, 'cpu-version-prose');
  const cpu = t?.cpuOnly === true || !!condaCpu || saysCpu;
  const choice = torchChoice(ctx).choice;
  const maxCuda = driverMaxCuda(ctx.driver);
  const python = ctx.env?.version?.value ?? null;
  const platform = platformOf(ctx.snapshot);
  // The uninstall takes the companions with it: the install puts back the ones of the same release.
  const stack = ['torchvision', 'torchaudio'] as const;
  const install = choice
    ? torchBuildLine(choice, { companions: stack })
    : torchPipLine({ ...(maxCuda ? { maxCuda } : {}), python, platform }, { companions: stack });
  const fix = ['pip uninstall -y torch torchvision torchaudio', ...(install ? [install] : [])];
  const wants = first(ctx.events, 'xformers-built-for')?.groups.built;
  const wantsTag = wants ? /\+(cu\d+)$/.exec(wants)?.[1] : undefined;
  const forXformers =
    wants && wantsTag
      ? torchPipLine({ version: publicVersion(wants), tag: wantsTag, python }, { companions: stack, note: explainersMsg('cpuXformersBuild') })
      : undefined;
  if (forXformers) fix.splice(1, install ? 1 : 0, forXformers);
  // aarch64 (Grace, Jetson-class servers): the plain PyPI wheel is the CPU build; CUDA wheels come from PyTorch's index.
  if (ctx.snapshot.os.arch?.value === 'aarch64' && (saysCpu || t?.cpuOnly)) {
    const arm = torchPipLine(
      { ...(maxCuda ? { maxCuda } : {}), python, platform: 'linux-aarch64' },
      { companions: stack, note: explainersMsg('cpuAarch64Index') },
    );
    if (arm) fix.splice(1, install || forXformers ? 1 : 0, arm);
    evidence.push({ fact: explainersMsg('evArch'), value: 'aarch64', source: ctx.snapshot.os.arch.source });
  }
  fix.push('python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())"');
  // A conda environment: the build string says which variant the solver chose, and from which channel.
  if (has(ctx.events, 'conda-env-mention') || ctx.env?.packages.some((p) => p.installer === 'conda')) {
    fix.push(
      `conda list "^pytorch$"   # ${msg('fixes.cpu.condaBuildString')}`,
      `conda install -c conda-forge "pytorch=*=cuda*"   # ${msg('fixes.cpu.condaForgeCuda')}`,
    );
  }
  if (cpu || has(events, 'torch-not-compiled-cuda') || (saysCpu && t?.cuda)) {
    // A requested build ("pytorch==1.9.0 … cudatoolkit=11.1") that came out as CPU: name the release, not the request.
    const vars = { pkg: 'torch', version: t && t.version !== '?' ? (saysCpu && t.cuda ? t.version : t.pkg.version) : '' };
    return {
      fit: cpu ? 2 : t?.cuda ? 0.4 : 1.2,
      finding: explained(
        'cpu-only-build',
        'error',
        t ? explainersMsg('cpuTitle', vars) : explainersMsg('cpuTitleGeneric'),
        explainersMsg('cpuCause', vars),
        evidence,
        fix,
      ),
    };
  }
  if (t?.cuda || !primary(events, 'cpu-only-build')) return undefined;
  return { fit: 0.8, finding: explained('cpu-only-build', 'warning', explainersMsg('cpuTitleGeneric'), explainersMsg('cpuCauseGeneric'), evidence, fix) };
}

/** TensorFlow on native Windows after 2.10, named by a message or by the facts alone: the check's own finding. */
function tfWindowsNamed(ctx: ExplainContext, events: ErrorEvent[]): TextCause | undefined {
  const env = ctx.env;
  const hit = env ? tfWindowsPackage(ctx.snapshot, env) : undefined;
  if (!env || !hit) return undefined;
  return { fit: 2, covers: tfWindowsKey(env), finding: tfWindowsFinding(ctx.snapshot, env, hit.p, hit.last, lineEvidence(events)) };
}

/**
 * conda asked for a pytorch release with a cudatoolkit that release was never built for (pytorch=1.9.0
 * cudatoolkit=11.3): the solver falls back to the CPU build. The torch table knows each release's CUDA builds.
 */
function condaNoSuchBuild(ctx: ExplainContext): Explained | undefined {
  const t = ctx.torch;
  if (!t?.tag || t.version === '?' || !has(ctx.events, 'conda-env-mention')) return undefined;
  const rel = torchRelease(t.version);
  if (!rel || rel.cudaVariants.some((v) => v.tag === t.tag)) return undefined;
  const tags = rel.cudaVariants.map((v) => v.tag);
  const pick = [...rel.cudaVariants].sort((a, b) => compareVersions(b.cuda, a.cuda))[0];
  const vars = { version: rel.version, cuda: t.cuda ?? '?', builds: rel.cudaVariants.map((v) => `${v.tag} (CUDA ${v.cuda})`).join(', ') };
  return {
    fit: 1.8,
    finding: explained(
      'cpu-only-build',
      'error',
      explainersMsg('cpuNoBuildTitle', vars),
      explainersMsg('cpuNoBuildCause', vars),
      [{ fact: explainersMsg('evTorchBuilds'), value: tags.join(', '), source: rel.source }],
      [
        ...(pick
          ? [
              `conda install pytorch=${rel.version} cudatoolkit=${pick.cuda} -c pytorch -c conda-forge   # ${msg('fixes.cpu.condaBuiltFor')}`,
              `# ${msg('fixes.cpu.orPip')} pip install torch==${rel.version}+${pick.tag} -f https://download.pytorch.org/whl/torch_stable.html`,
            ]
          : []),
        `conda list "^pytorch$"   # ${msg('fixes.cpu.notCpu')}`,
      ],
    ),
  };
}

/**
 * Before TF 2.1 `tensorflow` was the CPU build and `tensorflow-gpu` the GPU one; both installed (conda-forge's CPU
 * `tensorflow` next to defaults' `tensorflow-gpu`, or pip's next to conda's): `import tensorflow` may get the CPU one.
 */
function tfCpuNextToGpu(ctx: ExplainContext): Explained | undefined {
  const pkgs = ctx.env?.packages ?? [];
  const cpu = pkgs.find((p) => p.name === 'tensorflow');
  const gpu = pkgs.find((p) => p.name === 'tensorflow-gpu');
  if (!cpu || !gpu || compareVersions(cpu.version, '2.1') >= 0) return undefined;
  const vars = { cpu: cpu.version, gpu: gpu.version };
  return {
    fit: 2,
    finding: explained(
      'cpu-only-build',
      'error',
      explainersMsg('cpuTfBothTitle', vars),
      explainersMsg('cpuTfBothCause', vars),
      [
        { fact: 'tensorflow', value: cpu.version, source: cpu.location },
        { fact: 'tensorflow-gpu', value: gpu.version, source: gpu.location },
      ],
      [
        `conda list | grep -i tensorflow   # ${msg('fixes.cpu.tfChannel')}`,
        `conda remove --force tensorflow   # ${msg('fixes.cpu.keepTfGpu', { version: gpu.version })}`,
        `conda install tensorflow-gpu=${gpu.version} -c defaults   # ${msg('fixes.cpu.oneChannel')}`,
        'python -c "import tensorflow as tf; print(tf.test.is_gpu_available())"',
      ],
    ),
  };
}
