// cudnn-mismatch: the cuDNN that loads is not the one the framework was built for. On a machine: the cuDNN a framework
// resolves is another major than it needs, or older than its build's. In a text: the framework's own version check
// ("compiled against … but found runtime version …"), a cuDNN of one major named missing while another is installed,
// or ONNX Runtime asking for a cuDNN major the machine lacks.
import type { Finding } from '../../findings.js';
import { pipInstall } from '../../install/python.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { versionParts } from '../../knowledge/version.js';
import { cudnnWheelRequirement, nvidiaWheelFor } from '../../install/wheels.js';
import { cudnnNumber } from '../../parse/framework-logs.js';
import type { ErrorEvent } from '../../parse/types.js';
import { buildCudaOf, canonicalName, dirOf, findPackage, isBundledPath, isTensorflow, managerOf } from '../../snapshot/queries.js';
import type { LibraryResolution, PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { contextOf, type ExplainContext } from '../context.js';
import { packageEvidence } from '../evidence.js';
import { first, has, pip } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { onnxruntimeExplained } from '../onnxruntime.js';
import {
  bundledCopy,
  CUDNN_WHEEL_ON_PATH,
  cudnnNeed,
  cudnnPresent,
  cudnnProblem,
  cudnnWheelSpec,
  ldLibraryPathWithout,
  tfWithCuda,
  type CudnnNeed,
} from '../library-copies.js';
import { loadedEvidence, missingEvidence, messageLines, unite, type Checked, type Told } from '../library-findings.js';
import { missingLibs } from '../missing-libs.js';
import { eventsFor } from '../rank.js';
import type { Rule } from '../types.js';
import { noteOf } from '../../knowledge/localized.js';

export const rule: Rule = {
  code: 'cudnn-mismatch',
  scope: 'environment',
  check(input) {
    const checks = machineChecks(input.snapshot);
    const events = input.origin === 'machine' ? [] : eventsFor(input, 'cudnn-mismatch');
    const ctx = input.origin === 'machine' ? undefined : contextOf(input);
    const text = ctx ? ((events.length ? told(ctx, events) : undefined) ?? tfSystemCudnn(ctx)) : undefined;
    return unite(input, 'cudnn-mismatch', text, checks);
  },
};

// ---- a machine -------------------------------------------------------------------------------------------------

function machineChecks(snapshot: Snapshot): Checked[] {
  const out: Checked[] = [];
  for (const env of snapshot.python ?? []) {
    for (const p of env.packages ?? []) {
      for (const lib of p.cudaLibraries ?? []) {
        const problem = cudnnProblem(p, lib);
        const need = problem ? cudnnNeed(p) : undefined;
        if (!problem || !need) continue;
        out.push({ finding: finding(snapshot, env, p, lib, need, problem), libs: [lib.soname] });
        break;
      }
    }
  }
  return out;
}

function finding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, lib: LibraryResolution, need: CudnnNeed, problem: 'major' | 'older'): Finding {
  const name = canonicalName(p.name);
  const path = lib.resolvedPath ?? '';
  const vars = { pkg: name, version: p.version, prefix: env.prefix, want: need.want, have: lib.version ?? '?', soname: lib.soname, path, via: lib.via };
  const fix: string[] = [];
  const bundled = bundledCopy(env, lib);
  const mgr = managerOf(p);
  if (lib.via === 'LD_LIBRARY_PATH' && bundled && !isBundledPath(env, path)) {
    const dir = dirOf(path);
    fix.push(`# ${msg('framework.cudnnFixLd', { pkg: name, bundled, dir })}`, ldLibraryPathWithout(snapshot, dir));
  } else if (isTensorflow(p)) {
    const r = tensorflowRelease(p.version);
    if (r?.andCudaExtra) fix.push(pipInstall(env, mgr === 'uv' ? 'uv' : 'pip', [tfWithCuda(p.version)]));
    else fix.push(`# ${msg('framework.cudnnFixConda', { pkg: name })}`, `conda install -p ${env.prefix} -c conda-forge cudnn=${need.want}`);
  } else {
    const major = versionParts(buildCudaOf(p) ?? '12')[0] ?? 12;
    // A build of a CUDA major without NVIDIA wheels (cu102) gets its cuDNN from conda or NVIDIA, not pip.
    const wheel = nvidiaWheelFor(lib.soname, major);
    const spec = wheel ? cudnnWheelSpec(p, wheel) : undefined;
    if (!wheel || !spec) fix.push(`# ${msg('libraries.cudnnNoWheel', { major: versionParts(need.want)[0] ?? need.want })}`);
    else if (mgr === 'conda' && !findPackage(env, wheel))
      fix.push(`# ${msg('framework.cudnnFixConda', { pkg: name })}`, `conda install -p ${env.prefix} -c conda-forge "cudnn>=${need.min},<${need.below}"`);
    else fix.push(`# ${msg('framework.cudnnFixPip', { pkg: name })}`, pipInstall(env, mgr === 'uv' ? 'uv' : 'pip', [spec]));
  }
  return {
    code: 'cudnn-mismatch',
    severity: 'error',
    title: msg('framework.cudnnTitle', vars),
    cause: msg('framework.cudnnCause', { ...vars, why: problem === 'major' ? msg('framework.cudnnWhyMajor') : msg('framework.cudnnWhyOlder', vars) }),
    evidence: [
      packageEvidence(env, p),
      { fact: msg('libraries.evResolves', { soname: lib.soname }), value: `${path} (${lib.version})`, source: lib.via },
      { fact: msg('framework.evKnowledge'), value: `${name} ${p.version}: cuDNN ${need.want}`, source: need.source },
    ],
    fix,
    subject: env.prefix,
    ...(need.unconfirmed ? { unconfirmed: need.unconfirmed } : {}),
  };
}

// ---- a text ----------------------------------------------------------------------------------------------------

const VERSION_CHECKS = [
  'torch-cudnn-incompat',
  'torch-cudnn-linked',
  'tf-cudnn-loaded',
  'jax-cudnn-version',
  'cudnn-feature-min',
  'cudnn-compiled-runtime',
  'paddle-cudnn',
] as const;

/** "8.9.2", 8902 (as TF and caffe2 print it) or "8, 9, 2" (as torch does) → "8.9.2". */
function printed(v: string): string {
  return /^\d{4,5}$/.test(v) ? cudnnNumber(v) : v.replace(/,\s*/g, '.');
}

function told(ctx: ExplainContext, events: ErrorEvent[]): Told | undefined {
  const at = (fit: number, f: Omit<Finding, 'code' | 'severity'>, libs: string[] = []): Told => ({
    fit,
    events,
    libs,
    finding: { code: 'cudnn-mismatch', severity: 'error', ...f },
  });
  if (has(events, 'ort-provider-load', 'ort-create-provider-failed')) {
    const r = onnxruntimeExplained(ctx, events, 'cudnn-mismatch');
    return r ? { fit: r.fit, events, libs: [], finding: r.finding } : undefined;
  }
  const evidence = messageLines(events);
  const incompat = first(events, ...VERSION_CHECKS);
  if (incompat && (incompat.groups.found || incompat.groups.built || incompat.groups.min)) {
    // JAX's "Outdated cuDNN" block names the minimum it needs; that is the version to ask for.
    const built = (incompat.groups.min ?? incompat.groups.built ?? '').replace(/,\s*/g, '.');
    const found = ctx.facts.cudnnRuntime?.value ?? (incompat.groups.found ? printed(incompat.groups.found) : undefined) ?? msg('libraries.unknownLoaded');
    const want = /^\d{4,5}$/.test(built) ? cudnnNumber(built).replace(/\.0$/, '') : built || msg('libraries.unknownBuild');
    // Every pair the messages name, as printed (TF 1.x prints 5103 for 5.1.3): a rebuild can change one side.
    const pairs = [
      ...new Set(events.filter((e) => e.groups.found || e.groups.built).map((e) => `${e.groups.found ?? '?'} vs ${e.groups.built ?? e.groups.min ?? '?'}`)),
    ];
    if (pairs.length) evidence.push({ fact: explainersMsg('evCudnnPairs'), value: pairs.slice(0, 4).join('; '), source: 'pasted:error message' });
    return at(2, {
      title: explainersMsg('cudnnTitle', { have: found, want }),
      cause: explainersMsg('cudnnCause', { have: found, want, why: explainersMsg('cudnnWhyOlder') }),
      evidence,
      fix: [
        'echo $LD_LIBRARY_PATH',
        `# ${msg('libraries.cudnnFixDropOlder')}`,
        'unset LD_LIBRARY_PATH',
        'python -c "import torch; print(torch.backends.cudnn.version())"',
      ],
    });
  }
  const lib = missingLibs(ctx).find((l) => l.kind === 'cudnn' || l.kind === 'dll-cudnn');
  const present = cudnnPresent(ctx);
  const have = present ? (present.withTorch ? msg('libraries.cudnnWithTorch', { version: present.version }) : present.version) : undefined;
  if (lib && present && have && !present.version.startsWith(lib.major ?? '?')) {
    const source = ctx.facts.missingLibraries.find((f) => f.value === lib.name)?.source ?? 'pasted';
    evidence.push(
      missingEvidence(lib.name, source),
      present.copy ? loadedEvidence(explainersMsg('evCudnn'), present.copy) : { fact: explainersMsg('evCudnn'), value: have, source: present.source },
    );
    const vars = { have, want: lib.major ?? '?', why: lib.major === '8' ? explainersMsg('cudnnWhy8vs9') : explainersMsg('cudnnWhyOlder') };
    return at(
      1.8,
      {
        title: explainersMsg('cudnnTitle', vars),
        cause: explainersMsg('cudnnCause', vars),
        evidence,
        fix: [
          ...cudnnWheelLines(ctx, lib.major),
          CUDNN_WHEEL_ON_PATH,
          `# ${msg('libraries.cudnnFixUpgrade', { major: present.version.split('.')[0] ?? present.version })}`,
        ],
      },
      [lib.name],
    );
  }
  if (lib && lib.major === '8' && /ops_infer|cnn_infer|adv_infer/.test(lib.name)) {
    const vars = { have: '9?', want: '8', why: explainersMsg('cudnnWhy8vs9') };
    const source = ctx.facts.missingLibraries.find((f) => f.value === lib.name)?.source ?? 'pasted';
    return at(
      0.9,
      {
        title: explainersMsg('cudnnTitle', vars),
        cause: explainersMsg('cudnnCause', vars),
        evidence: [...evidence, missingEvidence(lib.name, source)],
        fix: cudnnWheelLines(ctx, '8'),
      },
      [lib.name],
    );
  }
  if (has(events, 'dnn-library-not-found', 'cudnn-status-error', 'jax-backend-failed', 'jax-cudnn-version')) {
    const runtime = ctx.facts.cudnnRuntime?.value;
    return at(0.8, {
      title: runtime ? msg('libraries.cudnnTitleHave', { have: runtime }) : msg('libraries.cudnnTitleGeneric'),
      cause: msg('libraries.cudnnCauseGeneric', { have: runtime ? msg('libraries.cudnnLoadsHere', { have: runtime }) : '' }),
      evidence,
      fix: [`pip install -U "jax[cuda12]"  # ${msg('libraries.cudnnFixJaxExtra')}`, 'unset LD_LIBRARY_PATH'],
    });
  }
  return undefined;
}

/**
 * The pip line for a cuDNN major next to a text's program: the wheel of torch's CUDA major when the text names it, else
 * of CUDA 12 (the major of most cuDNN 8 and 9 wheels in use); a "# " line where that cuDNN major has no wheel.
 */
function cudnnWheelLines(ctx: ExplainContext, major: string | undefined): string[] {
  const cudnn = Number(major);
  if (!Number.isInteger(cudnn)) return [];
  const cuda = ctx.torch?.cuda ? versionParts(ctx.torch.cuda)[0] : 12;
  const req = cudnnWheelRequirement(cudnn, cuda) ?? cudnnWheelRequirement(cudnn);
  return req ? [pip(`"${req}"`)] : [`# ${msg('libraries.cudnnNoWheel', { major: cudnn })}`];
}

// ---- facts alone ----------------------------------------------------------------------------------------------------

/**
 * No message, but the paste shows a TensorFlow release and the cuDNN around it (TensorFlow's own "Loaded cuDNN
 * version", ldconfig/ldd rows, collect_env, "cuDNN 7.6" in prose) and every cuDNN shown is of another major than the
 * one its tested build names (https://www.tensorflow.org/install/source#gpu): TensorFlow opens libcudnn.so.<major>,
 * so it finds none it can use. A cuDNN wheel of the right major in the environment (tensorflow[and-cuda]) is used
 * instead, so nothing is said then; nor where the paste shows no cuDNN at all.
 */
function tfSystemCudnn(ctx: ExplainContext): Told | undefined {
  const env = ctx.env;
  const tf = env?.packages.find((p) => isTensorflow(p) && !/^tensorflow-cpu$/.test(canonicalName(p.name)) && !p.build?.cpuOnly);
  const r = tf ? tensorflowRelease(tf.version) : undefined;
  if (!env || !tf || !r) return undefined;
  const want = versionParts(r.cudnn)[0];
  if (want === undefined) return undefined;
  const wheels = env.packages.filter((p) => /^nvidia-cudnn-cu\d+$/.test(canonicalName(p.name)));
  if (wheels.some((p) => versionParts(p.version)[0] === want)) return undefined;
  const shown: { value: string; source: string }[] = [];
  if (ctx.facts.cudnnRuntime) shown.push(ctx.facts.cudnnRuntime);
  for (const l of ctx.facts.libraries)
    if (l.name === 'cudnn' && l.version && l.origin !== 'pip-wheel') shown.push({ value: l.version.value, source: l.version.source });
  if (!shown.length || shown.some((c) => versionParts(c.value)[0] === want)) return undefined;
  const have = shown[0]!;
  const vars = { version: tf.version, want: r.cudnn, have: have.value, cuda: r.cuda, major: want };
  const fix = r.andCudaExtra
    ? [`# ${msg('framework.cudnnFixPip', { pkg: 'tensorflow' })}`, pip(tfWithCuda(tf.version))]
    : [`# ${msg('explain.fcmTfInstall', { cuda: r.cuda, cudnn: r.cudnn, version: tf.version })}`];
  fix.push('python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"');
  return {
    fit: 1,
    events: [],
    libs: ['libcudnn.so'],
    factIndex: 8,
    finding: {
      code: 'cudnn-mismatch',
      severity: 'error',
      title: msg('readings.fcmTfCudnnTitle', vars),
      cause: msg('readings.fcmTfCudnnCause', vars),
      evidence: [
        { fact: 'tensorflow', value: tf.version, source: tf.location },
        ...shown.slice(0, 3).map((c) => ({ fact: msg('readings.evCudnnSystem'), value: c.value, source: c.source })),
        { fact: msg('framework.evKnowledge'), value: `TensorFlow ${r.version}: CUDA ${r.cuda}, cuDNN ${r.cudnn}`, source: r.source },
      ],
      fix,
      ...(r.confirmed ? {} : { unconfirmed: `TensorFlow ${r.version}: ${noteOf(r) ?? msg('libraries.unconfirmed')}` }),
    },
  };
}
