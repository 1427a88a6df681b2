// A framework build against the CUDA, cuDNN or torch build around it — torchvision/torchaudio pairs, TensorFlow's
// tested CUDA, JAX CUDA plugins on too old a driver — from the environments' packages, and from what a pasted text says
// (ONNX Runtime, JAX, xFormers, CuPy, mmcv, PyG, cuDF and bitsandbytes name the CUDA their build wants).
// TensorFlow on native Windows after 2.10 is a CPU-only build: cpu-only-build.
import { signatureById } from '../../knowledge/error-signatures.js';
import { jaxCudaExtra } from '../../knowledge/jax.js';
import { isSymptom } from '../../parse/symptoms.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { torchRelease } from '../../knowledge/torch.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { companionsIn, driverWords, torchInstallCommands, torchPipLine } from '../../install/torch.js';
import { canonicalName, cudaTagOf, driverOf, findPackage, isCpuBuild, isTensorflow, managerOf, publicVersion, pythonOf } from '../../snapshot/queries.js';
import { driverEvidence, packageEvidence } from '../evidence.js';
import { driverUpgradeCommands } from '../../install/driver.js';
import { pipInstall, pipUninstall } from '../../install/python.js';
import type { Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import { cudaNumber } from '../../parse/framework-logs.js';
import type { Rule } from '../types.js';
import type { PythonEnv, Snapshot } from '../../snapshot/types.js';
import { floorsFor, tagOf, type ExplainContext } from '../context.js';
import {
  cudaDiffers,
  driverEvidence as pastedDriverEvidence,
  first,
  foreignCudaLib,
  has,
  lineEvidence,
  pip,
  finding as explained,
  tfPipRelease,
  torchEvidence,
  torchLabel,
} from '../explain-helpers.js';
import { missingLibs } from '../missing-libs.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { onnxruntimeExplained, onnxruntimeFromFacts } from '../onnxruntime.js';
import { tfWindowsLastGpu } from '../tensorflow-windows.js';
import { textFinding, type Checked, type TextCause } from '../text-finding.js';
import { noteOf } from '../../knowledge/localized.js';

export const rule: Rule = {
  code: 'framework-cuda-mismatch',
  scope: 'environment',
  check(input) {
    const found = checks(input.snapshot);
    if (input.origin === 'machine') return found.map((c) => c.finding);
    // Slots 6 and 7: where the TensorFlow and ONNX Runtime facts-alone causes tie among those of all rules (rank index, phase 1).
    const one = textFinding(input, {
      code: 'framework-cuda-mismatch',
      named: fcmNamed,
      factsAlone: [
        { slot: 6, find: tfSystemCuda },
        { slot: 7, find: onnxruntimeFromFacts },
      ],
      checked: found,
    });
    return one ? [one] : [];
  },
};

// ---- the checks of the Snapshot (the doctor's) --------------------------------------------------------------------

function checks(snapshot: Snapshot): Checked[] {
  const out: Checked[] = [];
  for (const env of snapshot.python ?? []) {
    out.push(...torchPairs(env));
    out.push(...tensorflow(snapshot, env).map((f) => ({ finding: f, packages: ['tensorflow'] })));
    out.push(...jax(snapshot, env).map((f) => ({ finding: f, packages: ['jax'] })));
  }
  return out;
}

function torchPairs(env: PythonEnv): Checked[] {
  const torch = findPackage(env, 'torch');
  if (!torch) return [];
  const rel = torchRelease(torch.version);
  const ttag = isCpuBuild(torch) ? 'cpu' : cudaTagOf(torch);
  const out: Checked[] = [];
  for (const name of ['torchvision', 'torchaudio'] as const) {
    const p = findPackage(env, name);
    if (!p) continue;
    const tag = isCpuBuild(p) ? 'cpu' : cudaTagOf(p);
    const want = rel ? (name === 'torchvision' ? rel.torchvision : rel.torchaudio) : undefined;
    const base = { pkg: name, version: p.version, prefix: env.prefix, tversion: torch.version, tag: tag ?? '?', ttag: ttag ?? '?' };
    const variant = rel && ttag && ttag !== 'cpu' ? rel.cudaVariants.find((v) => v.tag === ttag) : undefined;
    const fix = (): string[] => {
      if (!variant || !rel) return [];
      return [
        `# ${msg('framework.fcmPairFix', { tag: variant.tag })}`,
        ...torchInstallCommands(env, { release: rel, variant, support: 'unknown', driverFloor: undefined }),
      ];
    };
    if (tag && ttag && tag !== ttag) {
      const finding: Finding = {
        code: 'framework-cuda-mismatch',
        severity: 'error',
        title: msg('framework.fcmVisionTagTitle', base),
        cause: msg('framework.fcmVisionTagCause', base),
        evidence: [packageEvidence(env, torch), packageEvidence(env, p)],
        fix: fix(),
        subject: env.prefix,
      };
      out.push({ finding, packages: [name] });
      continue;
    }
    if (want && compareVersions(publicVersion(p.version), want) !== 0) {
      const vars = { ...base, want };
      const finding: Finding = {
        code: 'framework-cuda-mismatch',
        severity: 'error',
        title: msg('framework.fcmVisionVerTitle', vars),
        cause: msg('framework.fcmVisionVerCause', vars),
        evidence: [
          packageEvidence(env, torch),
          packageEvidence(env, p),
          { fact: msg('framework.evKnowledge'), value: `torch ${rel?.version} ↔ ${name} ${want}`, source: rel?.source ?? '' },
        ],
        fix: fix(),
        subject: env.prefix,
        ...(rel?.unconfirmedFields?.includes(name)
          ? { unconfirmed: msg('framework.fcmPairingUnconfirmed', { name, version: rel.version, note: noteOf(rel) ?? msg('framework.secondarySource') }) }
          : {}),
      };
      out.push({ finding, packages: [name] });
    }
  }
  return out;
}

function tensorflow(snapshot: Snapshot, env: PythonEnv): Finding[] {
  const out: Finding[] = [];
  for (const p of env.packages ?? []) {
    if (!isTensorflow(p) || isCpuBuild(p) || canonicalName(p.name) === 'tensorflow-cpu') continue;
    const r = tensorflowRelease(p.version);
    if (!r) continue;
    const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
    const unconfirmed = r.confirmed ? undefined : `TensorFlow ${r.version}: ${noteOf(r) ?? msg('libraries.unconfirmed')}`;
    // No GPU build on native Windows after 2.10: cpu-only-build says so.
    if (tfWindowsLastGpu(snapshot, p.version)) continue;
    const want = r.cuda;
    for (const lib of p.cudaLibraries ?? []) {
      if (!/^libcudart\.so/.test(lib.soname) || !lib.resolvedPath || !lib.version) continue;
      const have = versionParts(lib.version).slice(0, 2).join('.');
      const differentMajor = versionParts(have)[0] !== versionParts(want)[0];
      const older = compareVersions(have, want) < 0;
      if (!differentMajor && !older) continue;
      const vars = { version: p.version, prefix: env.prefix, want, have, cudnn: r.cudnn, soname: lib.soname, path: lib.resolvedPath, via: lib.via };
      const minor = publicVersion(p.version).split('.').slice(0, 2).join('.');
      out.push({
        code: 'framework-cuda-mismatch',
        severity: differentMajor ? 'error' : 'warning',
        title: msg('framework.fcmTfCudaTitle', vars),
        cause: msg('framework.fcmTfCudaCause', vars),
        evidence: [
          packageEvidence(env, p),
          { fact: msg('framework.evLib', { soname: lib.soname }), value: `${lib.resolvedPath} (${lib.version})`, source: lib.via },
          { fact: msg('framework.evKnowledge'), value: `TensorFlow ${r.version}: CUDA ${r.cuda}, cuDNN ${r.cudnn}`, source: r.source },
        ],
        fix: r.andCudaExtra
          ? [
              pipInstall(env, mgr, [`"tensorflow[and-cuda]==${minor}.*"`]),
              `${pythonOf(env)} -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"`,
            ]
          : condaCuda(r.cuda, r.cudnn, env.prefix),
        subject: env.prefix,
        ...(unconfirmed ? { unconfirmed } : {}),
      });
    }
  }
  return out;
}

function jax(snapshot: Snapshot, env: PythonEnv): Finding[] {
  const d = driverOf(snapshot);
  if (!d?.version) return [];
  const out: Finding[] = [];
  for (const p of env.packages ?? []) {
    const hit = /^jax-cuda(\d+)-plugin$/.exec(canonicalName(p.name));
    if (!hit) continue;
    const extra = jaxCudaExtra(`cuda${hit[1]}`);
    if (!extra || compareVersions(d.version, extra.minDriverLinux) >= 0) continue;
    const vars = {
      pkg: canonicalName(p.name),
      version: p.version,
      prefix: env.prefix,
      floor: extra.minDriverLinux,
      driver: d.version,
      extra: extra.extra,
      cuda: extra.requires.cuda,
    };
    const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
    const fix = [`# ${msg('framework.fcmJaxFix', vars)}`, ...driverUpgradeCommands(snapshot, extra.minDriverLinux, driverWords(extra.minDriverLinux))];
    const cuda12 = jaxCudaExtra('cuda12');
    if (extra.extra === 'cuda13' && cuda12 && compareVersions(d.version, cuda12.minDriverLinux) >= 0) {
      fix.push(
        pipUninstall(env, mgr, ['jax-cuda13-plugin', 'jax-cuda13-pjrt']),
        pipInstall(env, mgr, [`"jax[cuda12]==${publicVersion(findPackage(env, 'jax')?.version ?? p.version)}"`]),
      );
    }
    out.push({
      code: 'framework-cuda-mismatch',
      severity: 'error',
      title: msg('framework.fcmJaxTitle', vars),
      cause: msg('framework.fcmJaxCause', vars),
      evidence: [
        packageEvidence(env, p),
        ...driverEvidence(d, msg('framework.evDriver')),
        { fact: msg('framework.evKnowledge'), value: `jax[${extra.extra}]: driver ≥ ${extra.minDriverLinux}`, source: extra.source },
      ],
      fix,
      subject: env.prefix,
      ...(extra.confirmed
        ? {}
        : { unconfirmed: msg('framework.jaxFloorsUnconfirmed', { extra: extra.extra, note: noteOf(extra) ?? msg('libraries.unconfirmed') }) }),
    });
  }
  return out;
}

// ---- what a text says ----------------------------------------------------------------------------------------------

/** " 1.2.3" after a package name, or nothing when the version is unknown. */
const spaced = (v: string | undefined) => (v ? ` ${v}` : '');

/** The mismatch the text's messages name: ONNX Runtime, JAX, xFormers, CuPy, mmcv, PyG, torchvision, CUDA library packages, cuDF, bitsandbytes, TensorFlow. */
function fcmNamed(ctx: ExplainContext, events: ErrorEvent[]): TextCause | undefined {
  const ort = onnxruntimeExplained(ctx, events, 'framework-cuda-mismatch');
  if (ort) return ort;
  const evidence = [...lineEvidence(events)];
  const jax = first(events, 'jax-cuda-version');
  if (jax) {
    const vars = { built: cudaNumber(jax.groups.built ?? '0'), found: cudaNumber(jax.groups.found ?? '0') };
    return {
      fit: 2,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmTitle', {
          pkg: 'jaxlib',
          version: spaced(ctx.env?.packages.find((p) => p.name === 'jaxlib')?.version),
          want: vars.built,
          have: vars.found,
        }),
        explainersMsg('fcmJax', vars),
        evidence,
        ['pip install -U "jax[cuda12]"', 'unset LD_LIBRARY_PATH'],
      ),
    };
  }
  const xf = first(events, 'xformers-built-for');
  if (xf?.groups.built && xf.groups.have) {
    const built = xf.groups.built,
      have = xf.groups.have;
    // xFormers prints CUDA as major*100+minor: 1201 = 12.1, 1108 = 11.8.
    const cuda = xf.groups.cuda ? `${Math.floor(Number(xf.groups.cuda) / 100)}.${Number(xf.groups.cuda) % 100}` : '?';
    const haveTag = /\+(cu\d+)$/.exec(have)?.[1];
    const builtTag = /\+(cu\d+)$/.exec(built)?.[1];
    const vars = { ext: 'xFormers', built, have, cuda };
    evidence.push({ fact: explainersMsg('evTorch'), value: have, source: 'pasted:error message' });
    // The installed torch is a CPU build: that is the root cause, not xFormers (cpu-only-build says so).
    const cpu = /\+cpu$/.test(have);
    // The torch build xFormers was made for, if PyTorch published it: its +tag, else that release's PyPI default.
    const builtVersion = built.split('+')[0]!;
    const torchFix = torchPipLine(
      { version: builtVersion, tag: builtTag ?? torchRelease(builtVersion)?.pypiDefault ?? '', python: ctx.env?.version?.value ?? null },
      { companions: companionsIn(ctx.env) },
    );
    const xfFix = pip(
      `-U xformers --index-url https://download.pytorch.org/whl/${haveTag ?? builtTag ?? 'cu128'}   # ${msg('fixes.fcm.xformersBuild', { torch: have })}`,
    );
    return {
      fit: cpu ? 0.4 : 2,
      finding: explained('framework-cuda-mismatch', 'error', explainersMsg('fcmExtTitle', vars), explainersMsg('fcmExtCause', vars), evidence, [
        ...(cpu ? (torchFix ? [torchFix] : []) : [xfFix, ...(torchFix ? [`# ${msg('fixes.or')} ${torchFix}`] : [])]),
        'python -m xformers.info',
      ]),
    };
  }
  const cupy = first(events, 'cupy-failed-to-load');
  if (cupy?.groups.cuda) {
    const want = Number(cupy.groups.cuda);
    const other = want >= 12 ? want - 1 : want + 1;
    const vars = { lib: cupy.groups.soname ?? '?', want: String(want), other: String(other) };
    return {
      fit: 1.8,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmCupyTitle', vars),
        explainersMsg('fcmCupyCause', vars),
        [...evidence, ...torchEvidence(ctx)],
        [
          `pip list 2>/dev/null | grep -i cupy   # ${msg('fixes.fcm.cupyWheel')}`,
          `pip uninstall -y cupy-cuda${want}x; pip install cupy-cuda${other}x   # ${msg('fixes.fcm.cupyWhen', { cuda: other })}`,
          `# ${msg('fixes.fcm.cupyKeep', { cuda: want })} pip install "cupy-cuda${want}x[ctk]"`,
          'python -c "import cupy; cupy.show_config()"',
        ],
      ),
    };
  }
  // mmcv-full installed from the index of another torch (…/mmcv/dist/cu101/torch1.6/index.html) than the one installed.
  const mmcv = first(ctx.events, 'mmcv-index');
  const torchNow = ctx.torch && ctx.torch.version !== '?' ? ctx.torch.version : undefined;
  if (mmcv?.groups.torch && torchNow && !torchNow.startsWith(`${mmcv.groups.torch}.`) && has(events, 'undefined-symbol-torch', 'mmcv-index')) {
    const vars = {
      built: mmcv.groups.torch,
      cuda: mmcv.groups.cuda ?? '?',
      have: torchNow,
      tag: ctx.torch?.tag ?? (ctx.torch?.cuda ? tagOf(ctx.torch.cuda) : 'cu118'),
    };
    const [maj, min] = versionParts(torchNow);
    return {
      fit: 2,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmMmcvTitle', vars),
        explainersMsg('fcmMmcvCause', vars),
        [...evidence, ...lineEvidence([mmcv]), ...torchEvidence(ctx)],
        [
          'pip uninstall -y mmcv-full mmcv',
          pip(
            `mmcv-full -f https://download.openmmlab.com/mmcv/dist/${vars.tag}/torch${maj}.${min}/index.html   # ${msg('fixes.fcm.mmcvIndex', { torch: torchNow })}`,
          ),
          'python -c "import torch, mmcv; print(torch.__version__, mmcv.__version__)"',
        ],
      ),
    };
  }
  const pyg = first(events, 'pyg-cuda-differs');
  if (pyg?.groups.torch && pyg.groups.vision) {
    const t = ctx.torch;
    const tag = tagOf(pyg.groups.torch);
    const torchV = t && t.version !== '?' ? t.version : undefined;
    const vars = { ext: pyg.groups.ext ?? 'torch_scatter', torch: pyg.groups.torch, ext_cuda: pyg.groups.vision, tag };
    return {
      fit: 2,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmPygTitle', vars),
        explainersMsg('fcmPygCause', vars),
        [...evidence, ...torchEvidence(ctx)],
        [
          `pip uninstall -y ${vars.ext.replace(/_/g, '-')}`,
          `pip install ${vars.ext.replace(/_/g, '-')} -f https://data.pyg.org/whl/torch-${torchV ?? '<torch version>'}+${tag}.html   # ${msg('fixes.fcm.pygWheels', { cuda: vars.torch })}`,
          'python -c "import torch; print(torch.__version__, torch.version.cuda)"',
        ],
      ),
    };
  }
  const tv = first(events, 'torchvision-cuda-differs', 'torchvision-op-missing');
  if (tv) {
    const t = ctx.torch;
    const what = tv.groups.op ? `torchvision::${tv.groups.op}` : `torch CUDA ${tv.groups.torch ?? '?'} vs torchvision CUDA ${tv.groups.vision ?? '?'}`;
    // torch's own CUDA names the build to put both on; a CUDA PyTorch publishes no wheel of (a conda build's 11.2)
    // gets the nearest real build of that major.
    const cuda = tv.groups.torch ?? t?.cuda;
    const version = t && t.version !== '?' ? t.version : undefined;
    const q = { ...(version ? { version } : {}), python: t?.pkg ? (ctx.env?.version?.value ?? null) : null };
    const reinstall = cuda
      ? (torchPipLine({ ...q, tag: tagOf(cuda) }, { companions: ['torchvision', 'torchaudio'], force: true }) ??
        torchPipLine({ ...q, major: versionParts(cuda)[0]!, maxCuda: cuda }, { companions: ['torchvision', 'torchaudio'], force: true }))
      : torchPipLine(q, { companions: ['torchvision', 'torchaudio'], force: true });
    return {
      fit: 1.8,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmVisionTitle'),
        explainersMsg('fcmVisionCause', { what }),
        [...evidence, ...torchEvidence(ctx)],
        ['pip list 2>/dev/null | grep -iE "^(torch|torchvision|torchaudio) "', ...(reinstall ? [reinstall] : [])],
      ),
    };
  }
  // CUDA library packages of another major than the framework's build (conda's nvidia channel pulling libcusparse 12
  // under pytorch-cuda=11.7, pip nvidia-*-cu12 under a cu118 torch).
  const tcuda = ctx.torch?.cuda;
  const foreign = tcuda ? (ctx.env?.packages ?? []).filter((p) => foreignCudaLib(p.name, p.version, tcuda)) : [];
  if (foreign.length && tcuda && has(events, 'undefined-symbol-version', 'undefined-symbol-torch', 'lib-undefined-symbol-path', 'symbol-version-not-defined')) {
    const list = foreign
      .slice(0, 4)
      .map((p) => `${p.name} ${p.version}`)
      .join(', ');
    const vars = { list, cuda: tcuda, torch: torchLabel(ctx) ?? `torch (CUDA ${tcuda})` };
    return {
      fit: 2,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmLibsTitle', vars),
        explainersMsg('fcmLibsCause', vars),
        [...evidence, ...torchEvidence(ctx), { fact: explainersMsg('evForeignLibs'), value: list, source: foreign[0]!.location }],
        [
          `conda install ${foreign
            .slice(0, 4)
            .map((p) => `${p.name}=${versionParts(tcuda)[0]}`)
            .join(' ')} -c nvidia   # ${msg('fixes.fcm.condaLibs', { major: versionParts(tcuda)[0]! })}`,
          `# ${msg('fixes.fcm.pinCudaVersion')} conda install "cuda-version=${tcuda}" -c nvidia`,
          'conda list | grep -iE "cublas|cusparse|cufft|curand|cusolver|nvjitlink"',
        ],
      ),
    };
  }
  const cudf = first(events, 'cudf-mvc');
  if (cudf?.groups.tkMajor) {
    const vars = { tk: `${cudf.groups.tkMajor}.${cudf.groups.tkMinor}`, dr: `${cudf.groups.drMajor}.${cudf.groups.drMinor}` };
    const floor = floorsFor(vars.tk).full ?? '?';
    return {
      fit: 1.8,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmCudfTitle', vars),
        explainersMsg('fcmCudfCause', { ...vars, floor }),
        [...evidence, ...pastedDriverEvidence(ctx)],
        [
          `conda install -c rapidsai -c conda-forge -c nvidia "cuda-version=${vars.dr}"   # ${msg('fixes.fcm.cudfNoNewer', { cuda: vars.dr })}`,
          `# ${msg('fixes.fcm.orUpgradeDriver', { floor, cuda: vars.tk })}`,
          'python -c "import cudf; print(cudf.__version__)"',
        ],
      ),
    };
  }
  const bnb = first(events, 'bnb-no-binary');
  if (bnb?.groups.cuda) {
    const v = bnb.groups.cuda;
    const vars = { lib: bnb.groups.lib ?? `libbitsandbytes_cuda${v}.so`, cuda: `${v.slice(0, -1)}.${v.slice(-1)}`, code: v };
    return {
      fit: 1.8,
      finding: explained('framework-cuda-mismatch', 'error', explainersMsg('fcmBnbTitle', vars), explainersMsg('fcmBnbCause', vars), evidence, [
        `pip install -U bitsandbytes   # ${msg('fixes.fcm.bnbMulti')}`,
        'python -m bitsandbytes',
        `# ${msg('fixes.fcm.bnbBuild')} git clone https://github.com/bitsandbytes-foundation/bitsandbytes && cd bitsandbytes && CUDA_VERSION=${v} make cuda${v.slice(0, 2)}x && python setup.py install`,
        `# ${msg('fixes.fcm.bnbPoint')}`,
      ]),
    };
  }
  const sym = first(events, 'undefined-symbol-torch');
  if (sym) {
    const lib = sym.groups.lib ?? '?';
    return {
      fit: 1.2,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmGeneric'),
        explainersMsg('fcmSymbolCause', { lib, symbol: (sym.groups.symbol ?? '').slice(0, 60) }),
        evidence,
        [
          `pip install --force-reinstall --no-cache-dir ${/vision/.test(lib) ? 'torchvision' : '<extension>'}   # ${msg('fixes.fcm.builtForTorch', { version: ctx.torch?.version ? ` ${ctx.torch.pkg.version}` : '' })}`,
        ],
      ),
    };
  }
  const lib = missingLibs(ctx).find((l) => l.kind === 'cuda' || l.kind === 'dll-cuda');
  // A CUDA runtime of another version than torch's: an extension built for another CUDA (mmcv-full for cu102 under torch+cu111).
  const tc = ctx.torch?.cuda;
  if (lib?.major && lib.kind === 'cuda' && tc && ctx.torch?.tag && cudaDiffers(lib.major, tc)) {
    const vars = { lib: lib.name, want: lib.major, torch: torchLabel(ctx) ?? `torch (CUDA ${tc})`, tag: ctx.torch.tag, cuda: tc };
    return {
      fit: 1.8,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmExtLibTitle', vars),
        explainersMsg('fcmExtLibCause', vars),
        [...evidence, ...torchEvidence(ctx)],
        [
          'python -c "import torch; print(torch.__version__, torch.version.cuda)"',
          `# ${msg('fixes.fcm.reinstallNeeds', { lib: lib.name, tag: vars.tag, torch: ctx.torch.version, cmd: `pip install mmcv-full -f https://download.openmmlab.com/mmcv/dist/${vars.tag}/torch${versionParts(ctx.torch.version).slice(0, 2).join('.')}/index.html` })}`,
          `pip install --force-reinstall --no-cache-dir --no-build-isolation <package>   # ${msg('fixes.fcm.orFromSource', { cuda: tc })}`,
        ],
      ),
    };
  }
  const installed = ctx.snapshot.toolkits[0]?.version?.value ?? ctx.driver?.cuda ?? undefined;
  const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu');
  const tfRow = tf ? tensorflowRelease(tf.version) : undefined;
  const tfRel = tf ? tfPipRelease(tf.version) : undefined;
  const tfWant = tfRow?.cuda;
  if (lib?.major && installed && cudaDiffers(lib.major, installed)) {
    const pkg = tf ? 'tensorflow' : ctx.torch ? 'torch' : explainersMsg('theProgram');
    const version = tfRel?.version ?? tf?.version ?? ctx.torch?.pkg.version ?? '';
    const vars = { pkg, version: spaced(version), want: tfWant ?? lib.major, have: installed, lib: lib.name };
    return {
      fit: 1.6,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmTitle', vars),
        explainersMsg('fcmCause', vars),
        [...evidence, { fact: explainersMsg('evNvcc'), value: installed, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' }],
        [tfRel ? pip(`"tensorflow[and-cuda]==${tfRel.version}"`) : `# ${msg('fixes.fcm.installCuda', { want: lib.major, pkg, have: installed })}`],
      ),
    };
  }
  // TensorFlow <= 2.13 loads the system CUDA: it sees only the CPU when the toolkit is not the one its build wants.
  if (
    tf &&
    tfWant &&
    installed &&
    has(events, 'tf-cpu-device-only', 'tf-cannot-dlopen') &&
    cudaDiffers(tfWant, installed) &&
    !tfWindowsLastGpu(ctx.snapshot, tf.version)
  ) {
    const vars = { pkg: 'tensorflow', version: spaced(tf.version), want: tfWant, have: installed, lib: `libcudart.so.${tfWant}` };
    const cudnn = tfRow?.cudnn;
    return {
      fit: 1.7,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmTitle', vars),
        explainersMsg('fcmTfCause', { ...vars, cudnn: cudnn ?? '?' }),
        [
          ...evidence,
          { fact: explainersMsg('evNvcc'), value: installed, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' },
          { fact: 'tensorflow', value: tf.version, source: tf.location },
        ],
        [
          `# ${cudnn ? msg('fixes.fcm.installTfCudaCudnn', { want: tfWant, cudnn, version: tf.version }) : msg('fixes.fcm.installTfCuda', { want: tfWant, version: tf.version })}`,
          `# ${msg('fixes.fcm.orTfRelease', { cuda: installed })}`,
          'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info()); print(tf.config.list_physical_devices())"',
        ],
      ),
    };
  }
  if (has(events, 'undefined-symbol-nvjitlink')) {
    const t = ctx.torch;
    return {
      fit: 0.7,
      finding: explained(
        'framework-cuda-mismatch',
        'error',
        explainersMsg('fcmGeneric'),
        explainersMsg('fcmGeneric'),
        evidence,
        [
          torchPipLine(
            { ...(t && t.version !== '?' ? { version: t.version } : {}), ...(t?.tag ? { tag: t.tag } : {}), python: ctx.env?.version?.value ?? null },
            { companions: companionsIn(ctx.env), force: true },
          ),
        ].filter((l): l is string => !!l),
      ),
    };
  }
  return undefined;
}

// ---- facts alone ----------------------------------------------------------------------------------------------------

/** The soname of the CUDA runtime a build of this CUDA loads: 10.1 → 10.1, every 11.x → 11.0, 12.x → 12 (CUDA's own numbering). */
function cudartSoname(cuda: string): string {
  const [major = 0, minor = 0] = versionParts(cuda);
  return `libcudart.so.${major < 11 ? `${major}.${minor}` : major === 11 ? '11.0' : major}`;
}

/**
 * No message, but the paste shows a TensorFlow release and the CUDA toolkit installed (nvcc, a /usr/local/cuda-X
 * path, "CUDA 12.2" in prose) and no CUDA runtime of its own in the environment (pip nvidia-cuda-runtime-cuXX,
 * conda cudatoolkit): TensorFlow loads the system's CUDA libraries by soname, and a toolkit of another major (before
 * CUDA 11: another minor) than its tested build (https://www.tensorflow.org/install/source#gpu) has none it can load,
 * so it lists only the CPU. The paste saying the GPU is not found confirms it (diagnose/rank.ts withSymptoms).
 */
function tfSystemCuda(ctx: ExplainContext): TextCause | undefined {
  const env = ctx.env;
  const tf = env?.packages.find((p) => (p.name === 'tensorflow' || p.name === 'tensorflow-gpu') && !isCpuBuild(p));
  const r = tf ? tensorflowRelease(tf.version) : undefined;
  if (!env || !tf || !r || tfWindowsLastGpu(ctx.snapshot, tf.version)) return undefined;
  if (env.packages.some((p) => /^(?:nvidia-cuda-runtime-cu\d+|cudatoolkit|cuda-runtime|cuda-cudart)$/.test(p.name))) return undefined;
  const toolkit = ctx.snapshot.toolkits.map((t) => t.nvcc?.version ?? t.version).find((v) => !!v?.value);
  const mention = ctx.facts.toolkitMentions.find((t) => t.source !== 'pasted:conda' && t.source !== 'pasted:image');
  const have = toolkit ?? (mention ? { value: mention.value, source: mention.source } : undefined);
  if (!have || !cudaDiffers(r.cuda, have.value)) return undefined;
  const haveCuda = versionParts(have.value).slice(0, 2).join('.');
  const vars = { pkg: 'tensorflow', version: ` ${tf.version}`, want: r.cuda, have: haveCuda, cudnn: r.cudnn, lib: cudartSoname(r.cuda) };
  const minor = publicVersion(tf.version).split('.').slice(0, 2).join('.');
  const fix = r.andCudaExtra
    ? [`# ${msg('explain.fcmTfExtra', { version: minor, cuda: r.cuda })}`, pip(`"tensorflow[and-cuda]==${minor}.*"`)]
    : [`# ${msg('explain.fcmTfInstall', { cuda: r.cuda, cudnn: r.cudnn, version: tf.version })}`, ...condaCuda(r.cuda, r.cudnn)];
  fix.push('python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info()); print(tf.config.list_physical_devices(\'GPU\'))"');
  return {
    // A toolkit stated in prose ("I have CUDA 12.2") is weaker than nvcc's own answer or a path; a message in the
    // paste that names other causes and not this one says the failure is another.
    fit: (have.source === 'pasted:text' || have.source === 'pasted:prose' ? 0.8 : 1) * (otherMessage(ctx) ? 0.5 : 1),
    finding: explained(
      'framework-cuda-mismatch',
      'error',
      explainersMsg('fcmTitle', vars),
      msg('explain.fcmTfFacts', vars),
      [
        { fact: 'tensorflow', value: tf.version, source: tf.location },
        { fact: explainersMsg('evNvcc'), value: have.value, source: have.source },
        { fact: msg('framework.evKnowledge'), value: `TensorFlow ${r.version}: CUDA ${r.cuda}, cuDNN ${r.cudnn}`, source: r.source },
      ],
      fix,
    ),
  };
}

/** A message of the paste names causes, none of them this one. */
function otherMessage(ctx: ExplainContext): boolean {
  const named = ctx.events.filter((e) => !isSymptom(e.signature) && (signatureById(e.signature)?.weight ?? 0) >= 0.5);
  return named.length > 0 && !named.some((e) => signatureById(e.signature)?.causes.some((c) => c.code === 'framework-cuda-mismatch'));
}

/**
 * TensorFlow's own install steps for the releases that load the system CUDA, checked 2026-12-02 in tensorflow/docs
 * site/en/install/pip.md (https://github.com/tensorflow/docs/blob/<commit>/site/en/install/pip.md):
 * - 2.12/2.13 (CUDA 11.8, cuDNN 8.6): "conda install -c conda-forge cudatoolkit=11.8.0" then
 *   "pip install nvidia-cudnn-cu11==8.6.0.163" (commits 518478ecc, TF 2.12, and 513d92d69, TF 2.13);
 * - CUDA 11.2 / cuDNN 8.1: "conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0" (from commit be62ee25b,
 *   2022-05, TF 2.9, to 5b96ef6e9, TF 2.11; that Linux section wrote cudatoolkit=11.2.2, which "=11.2" matches). The
 *   page had no conda step before 2.9; 2.5–2.8 have the same CUDA 11.2 / cuDNN 8.1 in the tested-build table
 *   (https://www.tensorflow.org/install/source#gpu), so the same packages.
 * Other CUDA versions (TF ≤ 2.4): TensorFlow never gave a conda line and conda-forge's cudatoolkit/cudnn builds of
 * those versions are not confirmed, so the step is an instruction pointing at the table, not a command.
 */
function condaCuda(cuda: string, cudnn: string, prefix?: string): string[] {
  const p = prefix ? ` -p ${prefix}` : '';
  if (cuda === '11.8') return [`conda install${p} -c conda-forge cudatoolkit=11.8.0`, pip('nvidia-cudnn-cu11==8.6.0.163')];
  if (cuda === '11.2') return [`conda install${p} -c conda-forge cudatoolkit=11.2 cudnn=8.1.0`];
  return [`# ${msg('explain.fcmTfCondaUnconfirmed', { cuda, cudnn })}`];
}
