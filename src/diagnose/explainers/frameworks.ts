// Framework builds: CPU-only builds, builds for another CUDA, and two package managers owning one framework.
import { signatureById } from '../../knowledge/error-signatures.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { torchRelease } from '../../knowledge/torch.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import type { ErrorEvent } from '../../parse/types.js';
import { cudaNumber } from '../../parse/framework-logs.js';
import { driverMaxCuda, floorsFor, tagOf, torchChoice, type ExplainContext } from '../context.js';
import { em as m } from './messages.js';
import { onnxruntimeExplained } from './onnxruntime.js';
import { has, primary, first, lineEvidence, driverEvidence, torchEvidence, torchLabel, pip, finding, bumpMinor, cudaDiffers, tfPipRelease, tfWindowsNoGpu, foreignCudaLib, missingLibs, type Explained, type Explainer } from '../explain-helpers.js';

export const cpuOnly: Explainer = (ctx, events) => {
  const t = ctx.torch;
  const evidence = [...lineEvidence(events), ...torchEvidence(ctx)];
  if (has(events, 'jax-cpu-fallback')) {
    return { fit: 1.4, finding: finding('cpu-only-build', 'error', m('cpuTitleGeneric'), m('cpuJax'), evidence, ['pip install -U "jax[cuda12]"', 'python -c "import jax; print(jax.devices())"']) };
  }
  if (has(events, 'tf-cpu-device-only', 'tf-cannot-dlopen', 'tf-no-cuda-drivers') || primary(events, 'cpu-only-build')) {
    const win = tfWindowsExplained(ctx, events);
    if (win) return win;
  }
  if (has(events, 'dgl-cpu-build')) {
    const tag = ctx.torch?.tag ?? (ctx.torch?.cuda ? tagOf(ctx.torch.cuda) : 'cu121');
    return { fit: 1.8, finding: finding('cpu-only-build', 'error', m('cpuDglTitle'), m('cpuDglCause'), evidence, [
      'pip uninstall -y dgl', `pip install dgl -f https://data.dgl.ai/wheels/${tag}/repo.html   # the CUDA build (dgl+${tag}); it needs a torch release DGL supports for that CUDA`,
      'python -c "import dgl, torch; print(dgl.__version__, torch.__version__)"',
    ]) };
  }
  if (has(events, 'cumm-no-cuda')) {
    return { fit: 1.8, finding: finding('cpu-only-build', 'error', m('cpuCummTitle'), m('cpuCummCause'), evidence, [
      'pip list 2>/dev/null | grep -iE "^(cumm|spconv)"   # cumm / spconv without -cuXXX are the CPU builds',
      'pip uninstall -y cumm spconv', 'pip install spconv-cu120   # pulls cumm-cu120; pick the -cuXXX of your CUDA (cu118, cu120, …)',
    ]) };
  }
  // BLAS = 0 with the CUDA backend loaded is not a CPU build.
  if (has(events, 'llama-cpp-blas-0') && has(ctx.events, 'ggml-cuda-loaded')) return undefined;
  if (has(events, 'llama-cpp-blas-0')) {
    return { fit: 1.6, finding: finding('cpu-only-build', 'error', m('cpuLlamaCppTitle'), m('cpuLlamaCppCause'), evidence, [
      'CMAKE_ARGS="-DGGML_CUDA=on" pip install --force-reinstall --no-cache-dir llama-cpp-python   # releases before mid-2024: -DLLAMA_CUBLAS=on',
      'nvcc --version   # the build needs a CUDA toolkit (nvcc) on PATH',
      '# or a prebuilt CUDA wheel: pip install llama-cpp-python --extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cu124',
    ]) };
  }
  if (has(events, 'opencv-no-cuda')) {
    return { fit: 1.8, finding: finding('cpu-only-build', 'error', m('cpuOpencvTitle'), m('cpuOpencvCause'), evidence, [
      'python -c "import cv2; print(cv2.__version__, cv2.cuda.getCudaEnabledDeviceCount())"   # 0 = a build without CUDA',
      'pip uninstall -y opencv-python opencv-contrib-python opencv-python-headless',
      '# build OpenCV with CUDA: cmake -D WITH_CUDA=ON -D OPENCV_DNN_CUDA=ON -D CUDA_ARCH_BIN=<your cc> -D OPENCV_EXTRA_MODULES_PATH=<opencv_contrib>/modules …',
    ]) };
  }
  if (has(events, 'ort-no-cuda-provider')) {
    const ort = ctx.env?.packages.filter((p) => /^onnxruntime(-gpu)?$/.test(p.name)).map((p) => `${p.name} ${p.version}`) ?? [];
    if (ort.length) evidence.push({ fact: 'onnxruntime', value: ort.join(', '), source: 'pasted' });
    return { fit: 1.6, finding: finding('cpu-only-build', 'error', m('cpuOrtTitle'), m('cpuOrtCause'), evidence, [
      'pip list 2>/dev/null | grep -i onnxruntime   # onnxruntime (CPU) and onnxruntime-gpu must not both be installed',
      'pip uninstall -y onnxruntime onnxruntime-gpu', 'pip install onnxruntime-gpu   # the version for your CUDA: onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html',
      'python -c "import onnxruntime as ort; print(ort.__version__, ort.get_available_providers())"',
    ]) };
  }
  if (has(events, 'bnb-cpu-library')) {
    // bitsandbytes also says which CUDA library it could not find ("No libcudart.so found!"): that is the cause, this the effect.
    const missing = bnbMissesLibrary(ctx);
    return { fit: missing ? 0.7 : 1.8, finding: finding('cpu-only-build', 'error', m('cpuBnbTitle'), m('cpuBnbCause'), evidence, [
      'pip install -U "bitsandbytes>=0.43.0"   # the first release with official Windows CUDA wheels',
      'python -m bitsandbytes   # says which library it loaded and which CUDA it found',
      'python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())"   # a +cpu torch makes bitsandbytes fall back too',
    ]) };
  }
  if (has(events, 'paddle-cpu-version')) {
    return { fit: 2, finding: finding('cpu-only-build', 'error', m('cpuPaddleTitle'), m('cpuPaddleCause'), evidence, [
      'pip uninstall -y paddlepaddle', 'pip install paddlepaddle-gpu   # the build for your CUDA: see https://www.paddlepaddle.org.cn/install/quick (postXXX / -f index)',
      'python -c "import paddle; paddle.utils.run_check()"',
    ]) };
  }
  if (has(events, 'tf-cannot-dlopen', 'tf-no-cuda-drivers')) {
    return { fit: 0.8, finding: finding('cpu-only-build', 'warning', m('cpuTitleGeneric'), m('cpuTf'), evidence, ['pip install "tensorflow[and-cuda]"']) };
  }
  const condaCpu = first(ctx.events, 'conda-cpu-build');
  const condaBuild = ctx.events.filter((e) => e.signature === 'conda-cpu-build').map((e) => e.groups.build).find(Boolean);
  if (condaCpu) evidence.push({ fact: m('evCondaBuild'), value: condaBuild ?? condaCpu.text.slice(0, 120), source: 'pasted' });
  const saysCpu = has(ctx.events, 'cpu-version-prose');
  const cpu = t?.cpuOnly === true || !!condaCpu || saysCpu;
  const choice = torchChoice(ctx).choice;
  const fix = choice
    ? ['pip uninstall -y torch torchvision torchaudio', pip(`torch==${choice.release.version} --index-url ${choice.variant.indexUrl}`)]
    : ['pip uninstall -y torch torchvision torchaudio', pip(`torch --index-url https://download.pytorch.org/whl/${driverMaxCuda(ctx.driver) && compareVersions(driverMaxCuda(ctx.driver)!, '12.8') < 0 ? 'cu118' : 'cu128'}`)];
  const wants = first(ctx.events, 'xformers-built-for')?.groups.built;
  const wantsTag = wants ? /\+(cu\d+)$/.exec(wants)?.[1] : undefined;
  if (wants && wantsTag) fix.splice(1, 1, pip(`torch==${wants.split('+')[0]} --index-url https://download.pytorch.org/whl/${wantsTag}   # the build xFormers was made for`));
  // aarch64 (Grace, Jetson-class servers): the plain PyPI wheel is the CPU build; CUDA wheels come from PyTorch's index.
  if (ctx.snapshot.os.arch?.value === 'aarch64' && (saysCpu || t?.cpuOnly)) {
    fix.splice(1, 0, pip('torch --index-url https://download.pytorch.org/whl/cu128   # aarch64: CUDA builds live on the PyTorch index, PyPI has the CPU build'));
    evidence.push({ fact: m('evArch'), value: 'aarch64', source: ctx.snapshot.os.arch.source });
  }
  fix.push('python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())"');
  // A conda environment: the build string says which variant the solver chose, and from which channel.
  if (has(ctx.events, 'conda-env-mention') || ctx.env?.packages.some((p) => p.installer === 'conda')) {
    fix.push('conda list "^pytorch$"   # build string cpu_* / *_cpu = CPU build; the channel column says where it came from (conda-forge, pytorch)',
      'conda install -c conda-forge "pytorch=*=cuda*"   # conda-forge\'s CUDA build (pick the variant explicitly)');
  }
  if (cpu || has(events, 'torch-not-compiled-cuda') || (saysCpu && t?.cuda)) {
    // A requested build ("pytorch==1.9.0 … cudatoolkit=11.1") that came out as CPU: name the release, not the request.
    const vars = { pkg: 'torch', version: t && t.version !== '?' ? (saysCpu && t.cuda ? t.version : t.pkg.version) : '' };
    return { fit: cpu ? 2 : t?.cuda ? 0.4 : 1.2, finding: finding('cpu-only-build', 'error', t ? m('cpuTitle', vars) : m('cpuTitleGeneric'), m('cpuCause', vars), evidence, fix) };
  }
  if (t?.cuda || !primary(events, 'cpu-only-build')) return undefined;
  return { fit: 0.8, finding: finding('cpu-only-build', 'warning', m('cpuTitleGeneric'), m('cpuCauseGeneric'), evidence, fix) };
};

/** " 1.2.3" after a package name, or nothing when the version is unknown. */
const spaced = (v: string | undefined) => (v ? ` ${v}` : '');

/** bitsandbytes' CPU fallback with a CUDA library named missing: the missing library is the cause (libraries.ts). */
export function bnbMissesLibrary(ctx: ExplainContext): boolean {
  return ctx.facts.missingLibraries.length > 0 || ctx.events.some((e) => e.signature !== 'bnb-cpu-library' && signatureById(e.signature)?.causes[0]?.code === 'library-not-found');
}

/**
 * conda asked for a pytorch release with a cudatoolkit that release was never built for (pytorch=1.9.0
 * cudatoolkit=11.3): the solver falls back to the CPU build. The torch table knows each release's CUDA builds.
 */
export function condaNoSuchBuild(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  const t = ctx.torch;
  if (!t?.tag || t.version === '?' || !has(ctx.events, 'conda-env-mention')) return undefined;
  const rel = torchRelease(t.version);
  if (!rel || rel.cudaVariants.some((v) => v.tag === t.tag)) return undefined;
  const tags = rel.cudaVariants.map((v) => v.tag);
  const pick = [...rel.cudaVariants].sort((a, b) => compareVersions(b.cuda, a.cuda))[0];
  const vars = { version: rel.version, cuda: t.cuda ?? '?', builds: rel.cudaVariants.map((v) => `${v.tag} (CUDA ${v.cuda})`).join(', ') };
  return { fit: 1.8, finding: finding('cpu-only-build', 'error', m('cpuNoBuildTitle', vars), m('cpuNoBuildCause', vars), [...lineEvidence(events), { fact: m('evTorchBuilds'), value: tags.join(', '), source: rel.source }], [
    ...(pick ? [`conda install pytorch=${rel.version} cudatoolkit=${pick.cuda} -c pytorch -c conda-forge   # a CUDA this release was built for`, `# or pip: pip install torch==${rel.version}+${pick.tag} -f https://download.pytorch.org/whl/torch_stable.html`] : []),
    'conda list "^pytorch$"   # the build string must not say cpu',
  ]) };
}

/**
 * Before TF 2.1 `tensorflow` was the CPU build and `tensorflow-gpu` the GPU one; both installed (conda-forge's CPU
 * `tensorflow` next to defaults' `tensorflow-gpu`, or pip's next to conda's): `import tensorflow` may get the CPU one.
 */
export function tfCpuNextToGpu(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  const pkgs = ctx.env?.packages ?? [];
  const cpu = pkgs.find((p) => p.name === 'tensorflow');
  const gpu = pkgs.find((p) => p.name === 'tensorflow-gpu');
  if (!cpu || !gpu || compareVersions(cpu.version, '2.1') >= 0) return undefined;
  const vars = { cpu: cpu.version, gpu: gpu.version };
  return { fit: 2, finding: finding('cpu-only-build', 'error', m('cpuTfBothTitle', vars), m('cpuTfBothCause', vars), [...lineEvidence(events), { fact: 'tensorflow', value: cpu.version, source: cpu.location }, { fact: 'tensorflow-gpu', value: gpu.version, source: gpu.location }], [
    'conda list | grep -i tensorflow   # the channel column: conda-forge\'s tensorflow < 2.1 is CPU-only', `conda remove --force tensorflow   # keep tensorflow-gpu ${gpu.version}`,
    `conda install tensorflow-gpu=${gpu.version} -c defaults   # one channel for the whole stack (conda config --set channel_priority strict)`,
    'python -c "import tensorflow as tf; print(tf.test.is_gpu_available())"',
  ]) };
}

/**
 * TensorFlow newer than the last release with GPU support on native Windows, on native Windows: a CPU-only build
 * whatever the message. The facts alone establish it, so `explain` also calls this without any event.
 */
export function tfWindowsExplained(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  const tfPkg = ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu');
  const lastWin = tfPkg ? tfWindowsNoGpu(ctx, tfPkg.version) : undefined;
  if (!tfPkg || !lastWin) return undefined;
  const vars = { version: tfPkg.version, last: lastWin };
  return { fit: 2, finding: finding('cpu-only-build', 'error', m('cpuTfWinTitle', vars), m('cpuTfWinCause', vars), [...lineEvidence(events), { fact: 'tensorflow', value: tfPkg.version, source: tfPkg.location }, { fact: 'OS', value: 'Windows (native)', source: ctx.snapshot.os.id?.source ?? 'pasted' }], [
    '# WSL2 (recommended): wsl --install, then inside Ubuntu:', 'pip install "tensorflow[and-cuda]"',
    `# or stay on native Windows with the last GPU release: pip install "tensorflow<${bumpMinor(lastWin)}"   # ${lastWin}, with CUDA 11.2 and cuDNN 8.1`,
  ]) };
}

// ---- library-not-found / cudnn-mismatch / framework-cuda-mismatch --------------------------------------------

export const frameworkCudaMismatch: Explainer = (ctx, events) => {
  const ort = onnxruntimeExplained(ctx, events, 'framework-cuda-mismatch');
  if (ort) return ort;
  const evidence = [...lineEvidence(events)];
  const jax = first(events, 'jax-cuda-version');
  if (jax) {
    const vars = { built: cudaNumber(jax.groups.built ?? '0'), found: cudaNumber(jax.groups.found ?? '0') };
    return { fit: 2, finding: finding('framework-cuda-mismatch', 'error', m('fcmTitle', { pkg: 'jaxlib', version: spaced(ctx.env?.packages.find((p) => p.name === 'jaxlib')?.version), want: vars.built, have: vars.found }), m('fcmJax', vars), evidence, ['pip install -U "jax[cuda12]"', 'unset LD_LIBRARY_PATH']) };
  }
  const xf = first(events, 'xformers-built-for');
  if (xf?.groups.built && xf.groups.have) {
    const built = xf.groups.built, have = xf.groups.have;
    // xFormers prints CUDA as major*100+minor: 1201 = 12.1, 1108 = 11.8.
    const cuda = xf.groups.cuda ? `${Math.floor(Number(xf.groups.cuda) / 100)}.${Number(xf.groups.cuda) % 100}` : '?';
    const haveTag = /\+(cu\d+)$/.exec(have)?.[1];
    const builtTag = /\+(cu\d+)$/.exec(built)?.[1];
    const vars = { ext: 'xFormers', built, have, cuda };
    evidence.push({ fact: m('evTorch'), value: have, source: 'pasted:error message' });
    // The installed torch is a CPU build: that is the root cause, not xFormers (cpu-only-build says so).
    const cpu = /\+cpu$/.test(have);
    const torchFix = pip(`torch==${built.split('+')[0]} --index-url https://download.pytorch.org/whl/${builtTag ?? 'cu128'}`);
    const xfFix = pip(`-U xformers --index-url https://download.pytorch.org/whl/${haveTag ?? builtTag ?? 'cu128'}   # the xformers build for the installed torch ${have}`);
    return { fit: cpu ? 0.4 : 2, finding: finding('framework-cuda-mismatch', 'error', m('fcmExtTitle', vars), m('fcmExtCause', vars), evidence, [
      ...(cpu ? [torchFix] : [xfFix, `# or: ${torchFix}`]), 'python -m xformers.info',
    ]) };
  }
  const cupy = first(events, 'cupy-failed-to-load');
  if (cupy?.groups.cuda) {
    const want = Number(cupy.groups.cuda);
    const other = want >= 12 ? want - 1 : want + 1;
    const vars = { lib: cupy.groups.soname ?? '?', want: String(want), other: String(other) };
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmCupyTitle', vars), m('fcmCupyCause', vars), [...evidence, ...torchEvidence(ctx)], [
      'pip list 2>/dev/null | grep -i cupy   # cupy-cuda11x / cupy-cuda12x: the wheel names the CUDA major it loads',
      `pip uninstall -y cupy-cuda${want}x; pip install cupy-cuda${other}x   # when the CUDA here is ${other}.x`,
      `# or keep cupy-cuda${want}x and install the CUDA ${want} libraries: pip install "cupy-cuda${want}x[ctk]"`,
      'python -c "import cupy; cupy.show_config()"',
    ]) };
  }
  // mmcv-full installed from the index of another torch (…/mmcv/dist/cu101/torch1.6/index.html) than the one installed.
  const mmcv = first(ctx.events, 'mmcv-index');
  const torchNow = ctx.torch && ctx.torch.version !== '?' ? ctx.torch.version : undefined;
  if (mmcv?.groups.torch && torchNow && !torchNow.startsWith(`${mmcv.groups.torch}.`) && has(events, 'undefined-symbol-torch', 'mmcv-index')) {
    const vars = { built: mmcv.groups.torch, cuda: mmcv.groups.cuda ?? '?', have: torchNow, tag: ctx.torch?.tag ?? (ctx.torch?.cuda ? tagOf(ctx.torch.cuda) : 'cu118') };
    const [maj, min] = versionParts(torchNow);
    return { fit: 2, finding: finding('framework-cuda-mismatch', 'error', m('fcmMmcvTitle', vars), m('fcmMmcvCause', vars), [...evidence, ...lineEvidence([mmcv]), ...torchEvidence(ctx)], [
      'pip uninstall -y mmcv-full mmcv',
      pip(`mmcv-full -f https://download.openmmlab.com/mmcv/dist/${vars.tag}/torch${maj}.${min}/index.html   # the index of the installed torch ${torchNow}`),
      'python -c "import torch, mmcv; print(torch.__version__, mmcv.__version__)"',
    ]) };
  }
  const pyg = first(events, 'pyg-cuda-differs');
  if (pyg?.groups.torch && pyg.groups.vision) {
    const t = ctx.torch;
    const tag = tagOf(pyg.groups.torch);
    const torchV = t && t.version !== '?' ? t.version : undefined;
    const vars = { ext: pyg.groups.ext ?? 'torch_scatter', torch: pyg.groups.torch, ext_cuda: pyg.groups.vision, tag };
    return { fit: 2, finding: finding('framework-cuda-mismatch', 'error', m('fcmPygTitle', vars), m('fcmPygCause', vars), [...evidence, ...torchEvidence(ctx)], [
      `pip uninstall -y ${vars.ext.replace(/_/g, '-')}`,
      `pip install ${vars.ext.replace(/_/g, '-')} -f https://data.pyg.org/whl/torch-${torchV ?? '<torch version>'}+${tag}.html   # the wheels built for torch's CUDA ${vars.torch}`,
      'python -c "import torch; print(torch.__version__, torch.version.cuda)"',
    ]) };
  }
  const tv = first(events, 'torchvision-cuda-differs', 'torchvision-op-missing');
  if (tv) {
    const t = ctx.torch;
    const what = tv.groups.op ? `torchvision::${tv.groups.op}` : `torch CUDA ${tv.groups.torch ?? '?'} vs torchvision CUDA ${tv.groups.vision ?? '?'}`;
    const tag = tv.groups.torch ? tagOf(tv.groups.torch) : (t?.tag ?? 'cu128');
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmVisionTitle'), m('fcmVisionCause', { what }), [...evidence, ...torchEvidence(ctx)], [
      'pip list 2>/dev/null | grep -iE "^(torch|torchvision|torchaudio) "',
      pip(`--force-reinstall torch${t && t.version !== '?' ? `==${t.version}` : ''} torchvision torchaudio --index-url https://download.pytorch.org/whl/${tag}`),
    ]) };
  }
  // CUDA library packages of another major than the framework's build (conda's nvidia channel pulling libcusparse 12
  // under pytorch-cuda=11.7, pip nvidia-*-cu12 under a cu118 torch).
  const tcuda = ctx.torch?.cuda;
  const foreign = tcuda ? (ctx.env?.packages ?? []).filter((p) => foreignCudaLib(p.name, p.version, tcuda)) : [];
  if (foreign.length && tcuda && has(events, 'undefined-symbol-version', 'undefined-symbol-torch', 'lib-undefined-symbol-path', 'symbol-version-not-defined')) {
    const list = foreign.slice(0, 4).map((p) => `${p.name} ${p.version}`).join(', ');
    const vars = { list, cuda: tcuda, torch: torchLabel(ctx) ?? `torch (CUDA ${tcuda})` };
    return { fit: 2, finding: finding('framework-cuda-mismatch', 'error', m('fcmLibsTitle', vars), m('fcmLibsCause', vars), [...evidence, ...torchEvidence(ctx), { fact: m('evForeignLibs'), value: list, source: foreign[0]!.location }], [
      `conda install ${foreign.slice(0, 4).map((p) => `${p.name}=${versionParts(tcuda)[0]}`).join(' ')} -c nvidia   # the CUDA ${versionParts(tcuda)[0]} builds of these libraries`,
      `# or pin them through the CUDA version package: conda install "cuda-version=${tcuda}" -c nvidia`,
      'conda list | grep -iE "cublas|cusparse|cufft|curand|cusolver|nvjitlink"',
    ]) };
  }
  const cudf = first(events, 'cudf-mvc');
  if (cudf?.groups.tkMajor) {
    const vars = { tk: `${cudf.groups.tkMajor}.${cudf.groups.tkMinor}`, dr: `${cudf.groups.drMajor}.${cudf.groups.drMinor}` };
    const floor = floorsFor(vars.tk).full ?? '?';
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmCudfTitle', vars), m('fcmCudfCause', { ...vars, floor }), [...evidence, ...driverEvidence(ctx)], [
      `conda install -c rapidsai -c conda-forge -c nvidia "cuda-version=${vars.dr}"   # CUDA packages no newer than the driver's ${vars.dr}`,
      `# or upgrade the driver to >= ${floor} (CUDA ${vars.tk})`,
      'python -c "import cudf; print(cudf.__version__)"',
    ]) };
  }
  const bnb = first(events, 'bnb-no-binary');
  if (bnb?.groups.cuda) {
    const v = bnb.groups.cuda;
    const vars = { lib: bnb.groups.lib ?? `libbitsandbytes_cuda${v}.so`, cuda: `${v.slice(0, -1)}.${v.slice(-1)}`, code: v };
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmBnbTitle', vars), m('fcmBnbCause', vars), evidence, [
      'pip install -U bitsandbytes   # releases from 0.43 ship one multi-CUDA build', 'python -m bitsandbytes',
      `# or build this CUDA's binary: git clone https://github.com/bitsandbytes-foundation/bitsandbytes && cd bitsandbytes && CUDA_VERSION=${v} make cuda${v.slice(0, 2)}x && python setup.py install`,
      `# or point it at an installed CUDA it has a binary for: export BNB_CUDA_VERSION=<e.g. 121>`,
    ]) };
  }
  const sym = first(events, 'undefined-symbol-torch');
  if (sym) {
    const lib = sym.groups.lib ?? '?';
    return { fit: 1.2, finding: finding('framework-cuda-mismatch', 'error', m('fcmGeneric'), m('fcmSymbolCause', { lib, symbol: (sym.groups.symbol ?? '').slice(0, 60) }), evidence, [
      `pip install --force-reinstall --no-cache-dir ${/vision/.test(lib) ? 'torchvision' : '<extension>'}   # built for the installed torch${ctx.torch?.version ? ` ${ctx.torch.pkg.version}` : ''}`,
    ]) };
  }
  const lib = missingLibs(ctx).find((l) => l.kind === 'cuda' || l.kind === 'dll-cuda');
  // A CUDA runtime of another version than torch's: an extension built for another CUDA (mmcv-full for cu102 under torch+cu111).
  const tc = ctx.torch?.cuda;
  if (lib?.major && lib.kind === 'cuda' && tc && ctx.torch?.tag && cudaDiffers(lib.major, tc)) {
    const vars = { lib: lib.name, want: lib.major, torch: torchLabel(ctx) ?? `torch (CUDA ${tc})`, tag: ctx.torch.tag, cuda: tc };
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmExtLibTitle', vars), m('fcmExtLibCause', vars), [...evidence, ...torchEvidence(ctx)], [
      'python -c "import torch; print(torch.__version__, torch.version.cuda)"',
      `# reinstall the package that needs ${lib.name} as its build for ${vars.tag} (torch ${ctx.torch.version}), e.g. mmcv: pip install mmcv-full -f https://download.openmmlab.com/mmcv/dist/${vars.tag}/torch${versionParts(ctx.torch.version).slice(0, 2).join('.')}/index.html`,
      `pip install --force-reinstall --no-cache-dir --no-build-isolation <package>   # or build it from source against torch's CUDA ${tc}`,
    ]) };
  }
  const installed = ctx.snapshot.toolkits[0]?.version?.value ?? ctx.driver?.cuda ?? undefined;
  const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu');
  const tfRow = tf ? tensorflowRelease(tf.version) : undefined;
  const tfRel = tf ? tfPipRelease(tf.version) : undefined;
  const tfWant = tfRow?.cuda;
  if (lib?.major && installed && cudaDiffers(lib.major, installed)) {
    const pkg = tf ? 'tensorflow' : (ctx.torch ? 'torch' : 'the program');
    const version = tfRel?.version ?? tf?.version ?? ctx.torch?.pkg.version ?? '';
    const vars = { pkg, version: spaced(version), want: tfWant ?? lib.major, have: installed, lib: lib.name };
    return { fit: 1.6, finding: finding('framework-cuda-mismatch', 'error', m('fcmTitle', vars), m('fcmCause', vars), [...evidence, { fact: m('evNvcc'), value: installed, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' }], [
      tfRel ? pip(`"tensorflow[and-cuda]==${tfRel.version}"`) : `# install CUDA ${lib.major} (or a build of ${pkg} for CUDA ${installed})`,
    ]) };
  }
  // TensorFlow <= 2.13 loads the system CUDA: it sees only the CPU when the toolkit is not the one its build wants.
  if (tf && tfWant && installed && has(events, 'tf-cpu-device-only', 'tf-cannot-dlopen') && cudaDiffers(tfWant, installed) && !tfWindowsNoGpu(ctx, tf.version)) {
    const vars = { pkg: 'tensorflow', version: spaced(tf.version), want: tfWant, have: installed, lib: `libcudart.so.${tfWant}` };
    const cudnn = tfRow?.cudnn;
    return { fit: 1.7, finding: finding('framework-cuda-mismatch', 'error', m('fcmTitle', vars), m('fcmTfCause', { ...vars, cudnn: cudnn ?? '?' }), [...evidence, { fact: m('evNvcc'), value: installed, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' }, { fact: 'tensorflow', value: tf.version, source: tf.location }], [
      `# install CUDA ${tfWant}${cudnn ? ` and cuDNN ${cudnn}` : ''} (the build of tensorflow ${tf.version}) and put its bin/lib64 on PATH / LD_LIBRARY_PATH`,
      `# or a tensorflow release built for CUDA ${installed} (https://www.tensorflow.org/install/source#gpu)`,
      'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info()); print(tf.config.list_physical_devices())"',
    ]) };
  }
  if (has(events, 'undefined-symbol-nvjitlink')) {
    const t = ctx.torch;
    return { fit: 0.7, finding: finding('framework-cuda-mismatch', 'error', m('fcmGeneric'), m('fcmGeneric'), evidence, [
      `pip install --force-reinstall torch${t && t.version !== '?' ? `==${t.version}` : ''} --index-url https://download.pytorch.org/whl/${t?.tag ?? 'cu128'}`,
    ]) };
  }
  return undefined;
};

export const mixedManagers: Explainer = (ctx, events) => {
  const userSite = first(events, 'user-site-path');
  if (userSite?.groups.pkg && (has(ctx.events, 'conda-env-mention') || /conda|envs\//i.test(ctx.events.map((e) => e.text).join(' ')) || ctx.env?.packages.some((p) => p.installer === 'conda'))) {
    const vars = { pkg: userSite.groups.pkg };
    const libs = ctx.facts.missingLibraries.slice(0, 2).map((f) => ({ fact: m('evMissing'), value: f.value, source: f.source }));
    return { fit: 1.6, finding: finding('mixed-package-managers', 'error', m('mixUserTitle', vars), m('mixUserCause', vars), [...lineEvidence(events), ...libs], [
      'python -c "import site; print(site.ENABLE_USER_SITE, site.getusersitepackages())"',
      `pip uninstall ${vars.pkg}   # run outside the environment: removes the ~/.local copy (or: rm -rf ~/.local/lib/python3.*/site-packages/${vars.pkg}*)`,
      'export PYTHONNOUSERSITE=1   # or put it in the environment\'s activation script: conda env config vars set PYTHONNOUSERSITE=1',
    ]) };
  }
  const reps = events.filter((e) => e.signature === 'pip-replaces-framework');
  const conda = has(ctx.events, 'conda-env-mention') || ctx.env?.packages.some((p) => p.installer === 'conda') === true;
  // pip installed one torch and a conda package brought another: two torch versions named, both managers at work.
  const versions = ctx.facts.torchVersions.map((v) => v.value);
  if (!reps.length && conda && versions.length > 1 && has(ctx.events, 'pip-install-torch', 'pip-requirements')) {
    const vars = { versions: versions.join(', ') };
    return { fit: 1.5, finding: finding('mixed-package-managers', 'error', m('mixTwoTitle', vars), m('mixTwoCause', vars), [...lineEvidence(events), { fact: m('evTorchVersions'), value: vars.versions, source: 'pasted' }], [
      'conda list | grep -iE "^(pytorch|torch) "   # channel "pypi" = pip; anything else = conda', 'pip list 2>/dev/null | grep -iE "^torch "',
      'pip uninstall -y torch; conda remove --force pytorch   # then one manager only:',
      '# conda install <package> --no-deps (keep pip\'s torch), or install everything from one manager',
    ]) };
  }
  if (!reps.length || !conda) return undefined;
  const pkg = (reps.map((e) => e.groups.pkg ?? e.groups.pkg2).find(Boolean) ?? 'torch').toLowerCase().replace(/^pytorch$/, 'torch');
  const old = reps.map((e) => e.groups.version ?? e.groups.version2).find(Boolean);
  const now = pkg === 'torch' && ctx.torch && ctx.torch.version !== '?' ? ctx.torch.pkg.version : undefined;
  const vars = { pkg, old: old ?? '', now: now ?? '' };
  const evidence = [...lineEvidence(events)];
  if (now) evidence.push({ fact: m('evTorch'), value: now, source: ctx.torch!.pkg.location });
  const condaName = pkg === 'torch' ? 'pytorch' : pkg;
  return { fit: 2, finding: finding('mixed-package-managers', 'error', m(old ? 'mixPipTitle' : 'mixPipTitleNoVer', vars), m(now ? 'mixPipCauseNow' : 'mixPipCause', vars), evidence, [
    'conda list | grep -iE "torch|tensorflow|cuda|pypi"   # rows with channel "pypi" were installed by pip',
    `pip uninstall -y ${pkg}${pkg === 'torch' ? ' torchvision torchaudio' : ''}`,
    `conda install --force-reinstall ${condaName}${old ? `==${old}` : ''}   # back to the conda build (add the channels of your environment.yml)`,
    `# then install the rest without letting pip touch ${pkg}: remove it from requirements.txt, or pip install --no-deps -r requirements.txt`,
    'pip check',
  ]) };
};
