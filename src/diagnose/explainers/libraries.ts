// Shared libraries: not found, cuDNN of another version, and copies that shadow the right one.
import { bnbMissesLibrary } from './frameworks.js';
import { versionParts } from '../../knowledge/version.js';
import { wheelForSoname } from '../../knowledge/wheels.js';
import { cudnnNumber } from '../../parse/framework-logs.js';
import { em as m } from './messages.js';
import { onnxruntimeExplained } from './onnxruntime.js';
import { has, inWsl, first, lineEvidence, pip, finding, cudaDiffers, tfPipRelease, foreignCudaLib, missingLibs, cudnnPresent, type Explainer } from '../explain-helpers.js';

export const libraryNotFound: Explainer = (ctx, events) => {
  const libs = missingLibs(ctx);
  const lib = libs[0];
  const evidence = [...lineEvidence(events)];
  if (!lib) {
    if (has(events, 'tf-no-cuda-drivers', 'tf-cannot-dlopen')) {
      const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow');
      return { fit: 1.2, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'CUDA libraries' }), m('cpuTf'), evidence, [
        pip(`"tensorflow[and-cuda]${tf ? `==${tf.version}` : ''}"`), 'python -c "import tensorflow as tf; print(tf.config.list_physical_devices(\'GPU\'))"',
      ]) };
    }
    const sym = first(events, 'cudnn-cannot-load-symbol');
    if (sym) {
      return { fit: 1.2, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'cuDNN' }), m('libCudnnSymbol', { symbol: sym.groups.symbol ?? 'cudnn…' }), evidence, [
        'pip list 2>/dev/null | grep -i nvidia-cudnn   # the cuDNN wheel torch/onnxruntime/ctranslate2 uses; its libraries are in site-packages/nvidia/cudnn/lib',
        `export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__) + "/lib")'):$LD_LIBRARY_PATH`,
        'ldconfig -p | grep libcudnn',
      ]) };
    }
    if (has(events, 'bnb-cpu-library')) {
      // The CPU fallback alone (no CUDA library named missing) is more often a build without CUDA (frameworks.ts).
      return { fit: bnbMissesLibrary(ctx) ? 1 : 0.6, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'CUDA runtime (bitsandbytes)' }), m('libBnbCpu'), evidence, [
        'python -c "import torch; print(torch.cuda.is_available(), torch.version.cuda)"   # no GPU here? then bitsandbytes cannot use CUDA either',
        'pip install -U bitsandbytes', 'python -m bitsandbytes',
      ]) };
    }
    if (has(events, 'bnb-cuda-setup')) return { fit: 1, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'libcudart (bitsandbytes)' }), m('libWhyNotFound'), evidence, ['pip install -U bitsandbytes', 'python -m bitsandbytes']) };
    if (has(events, 'winerror-126')) return { fit: 1, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'DLL' }), m('libWhyNotFound'), evidence, ['# https://aka.ms/vs/17/release/vc_redist.x64.exe', pip('--force-reinstall torch --index-url https://download.pytorch.org/whl/cu128')]) };
    return undefined;
  }
  evidence.push(...libs.slice(0, 3).map((l) => ({ fact: m('evMissing'), value: l.name, source: ctx.facts.missingLibraries.find((f) => f.value === l.name)?.source ?? 'pasted' })));
  const have = cudnnPresent(ctx);
  const what = lib.kind === 'cudnn' || lib.kind === 'dll-cudnn' ? m('libWhatCudnn', { major: lib.major ?? '?' }) : lib.kind === 'driver' ? m('libWhatDriver') : lib.kind === 'other' ? m('libWhatOther') : m('libWhatCuda', { major: lib.major ?? '?', component: lib.component });
  const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu');
  const tfRel = tf ? tfPipRelease(tf.version) : undefined;
  let why = m('libWhyNotFound');
  if (tfRel && has(events, 'tf-could-not-load')) why = m('libWhyTf', { tf: tfRel.version, cuda: tfRel.cuda, cudnn: tfRel.cudnn }) + ' ' + why;
  if (lib.kind.startsWith('dll')) why = m('libWhyDll', { cuda: lib.major ?? '?' }) + ' ' + why;
  const fix: string[] = [];
  const cudaMajor = Number(String(lib.major ?? '12').split('.')[0]) || 12;
  if (lib.kind === 'cudnn') {
    const cuda = ctx.torch?.cuda ? versionParts(ctx.torch.cuda)[0] : lib.major === '8' ? 12 : cudaMajor;
    fix.push(`# ${m('libFixInstall')}`, pip(`"nvidia-cudnn-cu${cuda === 11 ? 11 : 12}==${lib.major === '8' ? '8.9.*' : `${lib.major}.*`}"`),
      `# ${m('libFixPath')} (pip's cuDNN lives in site-packages/nvidia/cudnn/lib, which the loader does not search)`, `export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__) + "/lib")'):$LD_LIBRARY_PATH`);
  } else if (lib.kind === 'cuda') {
    const wheel = wheelForSoname(lib.name, cudaMajor);
    if (tfRel) fix.push(pip(`"tensorflow[and-cuda]==${tfRel.version}"`));
    else if (wheel) fix.push(`# ${m('libFixInstall')}`, pip(wheel));
    fix.push(`# ${m('libFixPath')}`, 'ldconfig -p | grep ' + lib.name.split('.so')[0], `export LD_LIBRARY_PATH=/usr/local/cuda-${lib.major?.includes('.') ? lib.major : `${cudaMajor}`}/lib64:$LD_LIBRARY_PATH`);
  } else if (lib.kind === 'dll-cuda' || lib.kind === 'dll-cudnn') {
    fix.push(`# ${m('libFixInstall')}: CUDA ${lib.major ?? '?'} (developer.nvidia.com/cuda-toolkit-archive)${lib.kind === 'dll-cudnn' ? ` + cuDNN ${lib.major}` : ''}`, `set PATH=C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v${lib.major?.includes('.') ? lib.major : `${lib.major}.x`}\\bin;%PATH%`);
  } else if (lib.kind === 'other') {
    // Libraries pip wheels ship (TensorRT's libnvinfer, …) live in site-packages, which the loader does not search.
    fix.push(`find / -name '${lib.name.split('.so')[0]}.so*' 2>/dev/null   # a pip wheel puts it under site-packages/<package>/…`, `export LD_LIBRARY_PATH=<that folder>:$LD_LIBRARY_PATH`);
  } else if (lib.kind === 'driver' && has(events, 'ld-cannot-find')) {
    // Linking (-lcuda) needs the unversioned libcuda.so: the driver ships libcuda.so.1, the toolkit a stub.
    why = m('libWhyLink', { lib: lib.name });
    fix.push('ls -l /usr/lib/x86_64-linux-gnu/libcuda.so* /usr/lib64/libcuda.so* 2>/dev/null', 'sudo ln -s libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so   # the link name the linker looks for',
      'export LIBRARY_PATH=/usr/local/cuda/lib64/stubs:$LIBRARY_PATH   # or link against the toolkit\'s stub (build time only)');
  } else if (lib.kind === 'driver') {
    fix.push(ctx.snapshot.os.wsl?.value ? 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH' : 'nvidia-smi', '# docker: docker run --gpus all …');
  }
  const cudnnConflict = (lib.kind === 'cudnn' || lib.kind === 'dll-cudnn') && have && !have.startsWith(lib.major ?? '?');
  if (has(events, 'bnb-no-libcudart', 'bnb-cpu-library')) fix.push(`# ${m('libBnb')}`, 'python -c "import torch; print(torch.version.cuda)"', 'pip install -U bitsandbytes', 'python -m bitsandbytes');
  const loadedButBroken = has(events, 'lib-undefined-symbol-path');
  // A CUDA runtime of another version than torch's build: an extension for another CUDA (framework-cuda-mismatch), not a path problem.
  const toolkitCuda = ctx.snapshot.toolkits[0]?.version?.value;
  // CUDA 10 and older put major.minor in the soname (libcudart.so.10.0): a 10.1 toolkit does not provide it (cudaDiffers).
  const otherCuda = lib.kind === 'cuda' && lib.major && ((ctx.torch?.cuda && ctx.torch.tag && cudaDiffers(lib.major, ctx.torch.cuda)) || (toolkitCuda && cudaDiffers(lib.major, toolkitCuda)));
  const fit = loadedButBroken || otherCuda ? 0.4 : cudnnConflict ? 0.7 : lib.kind === 'driver' ? (has(events, 'ld-cannot-find') ? 1.3 : inWsl(ctx) ? 0.3 : 0.6) : 1.3;
  if (cudnnConflict) why = m('libWhyCudnn9', { have, major: lib.major ?? '?' }) + ' ' + why;
  return { fit, finding: finding('library-not-found', 'error', m('libTitle', { lib: lib.name }), m('libCause', { lib: lib.name, what, why }), evidence, fix) };
};

export const cudnnMismatch: Explainer = (ctx, events) => {
  if (has(events, 'ort-provider-load', 'ort-create-provider-failed')) return onnxruntimeExplained(ctx, events, 'cudnn-mismatch');
  const evidence = [...lineEvidence(events)];
  const incompat = first(events, 'torch-cudnn-incompat', 'torch-cudnn-linked', 'tf-cudnn-loaded', 'jax-cudnn-version', 'cudnn-feature-min', 'cudnn-compiled-runtime', 'paddle-cudnn');
  if (incompat && (incompat.groups.found || incompat.groups.built || incompat.groups.min)) {
    // JAX's "Outdated cuDNN" block names the minimum it needs; that is the version to ask for.
    const built = (incompat.groups.min ?? incompat.groups.built ?? '').replace(/,\s*/g, '.');
    const found = ctx.facts.cudnnRuntime?.value ?? (incompat.groups.found ? (/^\d{4,5}$/.test(incompat.groups.found) ? cudnnNumber(incompat.groups.found) : incompat.groups.found.replace(/,\s*/g, '.')) : undefined) ?? m('unknownLoaded');
    const want = /^\d{4,5}$/.test(built) ? cudnnNumber(built).replace(/\.0$/, '') : built || m('unknownBuild');
    // Every pair the messages name, as printed (TF 1.x prints 5103 for 5.1.3): a rebuild can change one side.
    const pairs = [...new Set(events.filter((e) => e.groups.found || e.groups.built).map((e) => `${e.groups.found ?? '?'} vs ${e.groups.built ?? e.groups.min ?? '?'}`))];
    if (pairs.length) evidence.push({ fact: m('evCudnnPairs'), value: pairs.slice(0, 4).join('; '), source: 'pasted:error message' });
    return { fit: 2, finding: finding('cudnn-mismatch', 'error', m('cudnnTitle', { have: found, want }), m('cudnnCause', { have: found, want, why: m('cudnnWhyOlder') }), evidence, [
      'echo $LD_LIBRARY_PATH', '# remove folders with an older libcudnn from LD_LIBRARY_PATH, then:', 'unset LD_LIBRARY_PATH',
      'python -c "import torch; print(torch.backends.cudnn.version())"',
    ]) };
  }
  const lib = missingLibs(ctx).find((l) => l.kind === 'cudnn' || l.kind === 'dll-cudnn');
  const have = cudnnPresent(ctx);
  if (lib && have && !have.startsWith(lib.major ?? '?')) {
    evidence.push({ fact: m('evMissing'), value: lib.name, source: 'pasted' }, { fact: m('evCudnn'), value: have, source: ctx.snapshot.libraries.find((l) => l.name === 'cudnn')?.version?.source ?? 'pasted' });
    const vars = { have, want: lib.major ?? '?', why: lib.major === '8' ? m('cudnnWhy8vs9') : m('cudnnWhyOlder') };
    return { fit: 1.8, finding: finding('cudnn-mismatch', 'error', m('cudnnTitle', vars), m('cudnnCause', vars), evidence, [
      pip(`"nvidia-cudnn-cu12==${lib.major === '8' ? '8.9.7.29' : `${lib.major}.*`}"`),
      `export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__) + "/lib")'):$LD_LIBRARY_PATH`,
      '# or upgrade the program to a build for cuDNN ' + (have.split('.')[0] ?? have),
    ]) };
  }
  if (lib && lib.major === '8' && /ops_infer|cnn_infer|adv_infer/.test(lib.name)) {
    const vars = { have: '9?', want: '8', why: m('cudnnWhy8vs9') };
    return { fit: 0.9, finding: finding('cudnn-mismatch', 'error', m('cudnnTitle', vars), m('cudnnCause', vars), [...evidence, { fact: m('evMissing'), value: lib.name, source: 'pasted' }], [pip('"nvidia-cudnn-cu12==8.9.7.29"')]) };
  }
  if (has(events, 'dnn-library-not-found', 'cudnn-status-error', 'jax-backend-failed', 'jax-cudnn-version')) {
    const have = ctx.facts.cudnnRuntime?.value;
    return { fit: 0.8, finding: finding('cudnn-mismatch', 'error', have ? m('cudnnTitleHave', { have }) : m('cudnnTitleGeneric'), m('cudnnCauseGeneric', { have: have ? ` (${have} loads here)` : '' }), evidence, [
      'pip install -U "jax[cuda12]"  # or the framework\'s own CUDA extra', 'unset LD_LIBRARY_PATH',
    ]) };
  }
  return undefined;
};

export const libraryShadowing: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events)];
  const ld = ctx.snapshot.env.LD_LIBRARY_PATH;
  if (ld) evidence.push({ fact: 'LD_LIBRARY_PATH', value: ld, source: 'pasted' });
  if (has(events, 'driver-entry-point') && !has(events, 'stub-library')) {
    return { fit: ld && /stubs/.test(ld) ? 2 : 1.2, finding: finding('library-shadowing', 'error', m('shEntryTitle'), m('shEntryCause'), evidence, [
      'echo $LD_LIBRARY_PATH | tr : "\\n" | grep -n stubs   # a …/lib64/stubs folder here is the usual cause',
      'ldconfig -p | grep libcuda.so   # the driver\'s libcuda.so.1, not …/stubs/libcuda.so',
      'nvidia-smi   # the driver itself works?',
    ]) };
  }
  if (has(events, 'stub-library')) {
    return { fit: ld && /stubs/.test(ld) ? 2 : 1.1, finding: finding('library-shadowing', 'error', m('shStubTitle'), m('shStubCause'), evidence, [
      'echo $LD_LIBRARY_PATH | tr : "\\n" | grep -n stubs', '# remove every */stubs folder from LD_LIBRARY_PATH', 'ldconfig -p | grep libcuda.so.1',
    ]) };
  }
  const twoCopies = first(events, 'symbol-version-not-defined', 'undefined-symbol-version');
  const foreignPkgs = ctx.torch?.cuda ? (ctx.env?.packages ?? []).some((p) => foreignCudaLib(p.name, p.version, ctx.torch!.cuda!)) : false;
  if (twoCopies?.groups.soname && foreignPkgs) return undefined;
  if (twoCopies?.groups.soname) {
    const vars = { symbol: twoCopies.groups.symbol ?? '?', lib: twoCopies.groups.soname, file: twoCopies.groups.file ?? twoCopies.groups.soname };
    return { fit: ld ? 2 : 1.6, finding: finding('library-shadowing', 'error', m('shTwoTitle', vars), m('shTwoCause', vars), evidence, [
      `python -c "import ctypes; ctypes.CDLL('${vars.lib}')"; grep ${vars.lib.split('.so')[0]} /proc/$(pgrep -n python)/maps   # which copy loads`,
      `find / -name '${vars.lib}*' 2>/dev/null   # every copy: pip (site-packages/nvidia/*/lib), conda (envs/*/lib, pkgs/cudatoolkit-*), /usr/local/cuda*/lib64`,
      'echo $LD_LIBRARY_PATH   # drop the folder of the other copy, or put site-packages/nvidia/<pkg>/lib first',
      'conda list | grep -iE "cudatoolkit|cublas|cudnn"; pip list 2>/dev/null | grep -i nvidia-   # one source for the CUDA libraries, not both',
    ]) };
  }
  const fromPath = first(events, 'lib-undefined-symbol-path', 'ld-debug-loaded-from');
  if (fromPath?.groups.path) {
    const vars = { lib: fromPath.groups.soname ?? 'library', path: fromPath.groups.path };
    evidence.push({ fact: m('evLoadedFrom'), value: `${vars.path}/${vars.lib}`, source: 'pasted:error message' });
    return { fit: 2, finding: finding('library-shadowing', 'error', m('shPathTitle', vars), m('shPathCause', vars), evidence, [
      'echo $LD_LIBRARY_PATH', `unset LD_LIBRARY_PATH   # or drop ${vars.path} from LD_LIBRARY_PATH`, `grep -r "${vars.path}" /etc/ld.so.conf.d/ 2>/dev/null`,
      'python -c "import torch; print(torch.backends.cudnn.version())"',
    ]) };
  }
  const sym = first(events, 'undefined-symbol-nvjitlink');
  const cud = first(events, 'torch-cudnn-incompat', 'torch-cudnn-linked') ?? (ld ? first(events, 'tf-cudnn-loaded') : undefined);
  if (!sym && !cud) {
    // No message that names a library, but LD_LIBRARY_PATH is set and something GPU-related fails: the usual suspect.
    // An LD_DEBUG trace alone (its search path read as LD_LIBRARY_PATH) shows no failure unless the paste says one.
    if (!ld || !(ctx.trouble || ctx.events.some((e) => e.signature !== 'ld-debug-search-path'))) return undefined;
    const dirs = ld.split(':').filter((d) => d && !d.startsWith('$')).slice(0, 4).join(', ') || ld;
    return { fit: 1, finding: finding('library-shadowing', 'warning', m('shLdTitle'), m('shLdCause', { ld, dirs }), evidence, [
      'env -u LD_LIBRARY_PATH nvidia-smi   # works without it? then LD_LIBRARY_PATH is the cause',
      `for d in ${dirs.replace(/, /g, ' ')}; do ls $d/libcuda.so* $d/libnvidia-ml.so* $d/libcudnn*.so* 2>/dev/null; done`,
      'unset LD_LIBRARY_PATH   # and remove the export from ~/.bashrc; link your program with -L/-rpath instead',
    ]) };
  }
  const symbol = sym?.groups.symbol ?? 'cudnn';
  return { fit: ld ? 1.8 : 1.3, finding: finding('library-shadowing', 'error', m('shTitle'), m('shCause', { symbol, ld: ld ?? '/usr/local/cuda/lib64 …' }), evidence, [
    'echo $LD_LIBRARY_PATH', 'unset LD_LIBRARY_PATH   # or drop /usr/local/cuda*/lib64 from it', 'python -c "import torch; print(torch.cuda.is_available())"',
  ]) };
};
