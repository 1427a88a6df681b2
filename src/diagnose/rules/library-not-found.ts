// library-not-found: a shared library cannot be found by the loader. On a machine: a CUDA library a framework package
// needs resolves nowhere; the loader's first choice for libcuda / libnvidia-ml is a toolkit stub; or the driver's
// libraries are missing while the nvidia module is loaded (a container without the NVIDIA runtime). In a text: a
// loader, linker or framework message naming the library, told by what the library is (cuDNN, CUDA, driver, DLL).
import type { Finding } from '../../findings.js';
import { condaEnvArg, pipInstall } from '../../install/python.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { torchVariant } from '../../knowledge/torch.js';
import { versionParts } from '../../knowledge/version.js';
import { cudnnWheelRequirement, nvidiaWheelFor } from '../../install/wheels.js';
import { torchPipLine } from '../../install/torch.js';
import type { ErrorEvent } from '../../parse/types.js';
import { buildCudaOf, canonicalName, cudaTagOf, isFramework, isTensorflow, managerOf, platformOf, publicVersion, pythonOf } from '../../snapshot/queries.js';
import type { LibraryResolution, NativeLibrary, PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { contextOf, driverMaxCuda, type ExplainContext } from '../context.js';
import { packageEvidence } from '../evidence.js';
import { cudaDiffers, first, has, inWsl, pip, tfPipRelease } from '../explain-helpers.js';
import { bnbMissesLibrary } from '../bitsandbytes.js';
import { CUDNN_WHEEL_ON_PATH, cudnnPresent, cudnnWheelSpec, tfWithCuda } from '../library-copies.js';
import { missingEvidence, messageLines, unite, type Checked, type Told } from '../library-findings.js';
import { missingLibs } from '../missing-libs.js';
import { eventsFor } from '../rank.js';
import { dirname, ev, inContainer, isWsl, moduleLoaded, withoutEntries } from '../system-facts.js';
import { containerToolkitHostLines, systemLibDir, windowsPathLines } from '../../install/system.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { noteOf } from '../../knowledge/localized.js';

export const rule: Rule = {
  code: 'library-not-found',
  scope: 'environment',
  check(input) {
    const s = input.snapshot;
    const checks = [...frameworkChecks(s), ...systemChecks(s)];
    const events = input.origin === 'machine' ? [] : eventsFor(input, 'library-not-found');
    return unite(input, 'library-not-found', events.length ? told(contextOf(input), events) : undefined, checks);
  },
};

// ---- a machine: framework packages ----------------------------------------------------------------------------

// The driver's own libraries are the system checks' business (below, and driver-not-loaded).
const DRIVER_LIBS = /^lib(cuda|nvidia-ml|nvidia-ptxjitcompiler|nvcuvid|nvidia-encode)\.so/;
const LOADER_SEARCH = 'loader search (RPATH, LD_LIBRARY_PATH, ld.so.cache, default folders)';

function frameworkChecks(snapshot: Snapshot): Checked[] {
  const out: Checked[] = [];
  for (const env of snapshot.python ?? []) {
    for (const p of env.packages ?? []) {
      if (!isFramework(p)) continue;
      const missing = (p.cudaLibraries ?? []).filter((l) => (l.via === 'not-found' || !l.resolvedPath) && !DRIVER_LIBS.test(l.soname));
      if (missing.length > 0) out.push({ finding: frameworkFinding(env, p, missing), libs: missing.map((l) => l.soname) });
    }
  }
  return out;
}

function frameworkFinding(env: PythonEnv, p: PythonPackage, missing: LibraryResolution[]): Finding {
  const name = canonicalName(p.name);
  const sonames = missing.map((l) => l.soname);
  const vars = { pkg: name, version: p.version, prefix: env.prefix, sonames: sonames.join(', '), first: sonames[0] ?? '' };
  const mgr = managerOf(p) === 'uv' ? 'uv' : 'pip';
  const fix: string[] = [];
  let unconfirmed: string | undefined;
  if (isTensorflow(p)) {
    const r = tensorflowRelease(p.version);
    const minor = publicVersion(p.version).split('.').slice(0, 2).join('.');
    if (!r || r.andCudaExtra) {
      fix.push(`# ${msg('framework.lnfTfAndCuda', { version: minor })}`, pipInstall(env, mgr, [tfWithCuda(p.version)]));
    } else if (env.kind === 'conda') {
      fix.push(
        `# ${msg('framework.lnfTfOld', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`,
        `conda install ${condaEnvArg(env)} -c conda-forge cudatoolkit=${r.cuda} cudnn=${r.cudnn}`,
      );
    } else {
      fix.push(`# ${msg('framework.lnfTfOldSystem', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`);
    }
    if (r && !r.confirmed) unconfirmed = `TensorFlow ${r.version}: ${noteOf(r) ?? msg('libraries.unconfirmed')}`;
    fix.push(`${pythonOf(env)} -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"`);
  } else {
    const cuda = buildCudaOf(p);
    const major = versionParts(cuda ?? '12')[0] ?? 12;
    const variant =
      name === 'torch'
        ? (() => {
            const t = cudaTagOf(p);
            return t ? torchVariant(p.version, t) : undefined;
          })()
        : undefined;
    const specs: string[] = [];
    const unknown: string[] = [];
    for (const s of sonames) {
      // No pip wheel for a CUDA major NVIDIA never published as wheels (CUDA 10): reinstall the package instead.
      const wheel = nvidiaWheelFor(s, sonameCudaMajor(s) ?? major);
      if (!wheel) unknown.push(s);
      else if (/^nvidia-cudnn/.test(wheel)) specs.push(cudnnWheelSpec(p, wheel));
      else if (/^nvidia-nccl/.test(wheel) && variant?.nccl) specs.push(`${wheel}==${variant.nccl}`);
      else specs.push(wheel);
    }
    const uniq = [...new Set(specs)];
    if (uniq.length) fix.push(`# ${msg('framework.lnfWheels')}`, pipInstall(env, mgr, uniq));
    for (const s of unknown)
      fix.push(
        `# ${msg('framework.lnfUnknown', { soname: s, cuda: cuda ?? '?', pkg: name })}`,
        pipInstall(env, mgr, ['--force-reinstall', `${name}==${publicVersion(p.version)}`]),
      );
  }
  return {
    code: 'library-not-found',
    severity: 'error',
    title: msg('framework.lnfTitle', vars),
    cause: msg('framework.lnfCause', vars),
    evidence: [packageEvidence(env, p), ...missing.map((l) => missingEvidence(l.soname, LOADER_SEARCH))],
    fix,
    subject: env.prefix,
    ...(unconfirmed ? { unconfirmed } : {}),
  };
}

/** libcudart.so.12 → 12; libcudnn.so.9 is a cuDNN major, not a CUDA one. */
function sonameCudaMajor(soname: string): number | undefined {
  if (!/^lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink|cupti)\.so\.\d+/.test(soname)) return undefined;
  const v = /\.so\.(\d+)/.exec(soname)?.[1];
  if (!v) return undefined;
  const n = Number(v);
  // cuFFT/cuSOLVER/cuSPARSE/cuRAND carry their own majors (libcufft.so.11 in CUDA 12): trust only cudart/cublas/nvrtc/nvJitLink.
  return /^lib(cudart|cublas|cublasLt|nvrtc|nvJitLink)\.so/.test(soname) && n >= 10 ? n : undefined;
}

// ---- a machine: the driver's libraries ------------------------------------------------------------------------

const isStub = (p: string): boolean => /\/stubs\//.test(p);

function systemChecks(s: Snapshot): Checked[] {
  const libs = [s.nativeLibraries.nvml, s.nativeLibraries.cuda].filter((l): l is NativeLibrary => l !== null);
  const out: Checked[] = [];
  for (const lib of libs) {
    if (lib.loaderFirstChoice && isStub(lib.loaderFirstChoice)) out.push({ finding: stubFirst(s, lib, lib.loaderFirstChoice), libs: [lib.soname] });
  }
  if (!isWsl(s) && moduleLoaded(s)) {
    const missing = libs.filter((l) => l.loadedPath === null && /not found/i.test(l.error ?? ''));
    if (missing.length) out.push({ finding: driverLibsMissing(s, missing), libs: missing.map((l) => l.soname) });
  }
  return out;
}

function stubFirst(s: Snapshot, lib: NativeLibrary, stub: string): Finding {
  const stubDir = dirname(stub);
  const ld = s.env.LD_LIBRARY_PATH ?? '';
  const ldDirs = ld.split(':').filter(Boolean);
  // The stub folder may be spelled through /usr/local/cuda or its real path; match on the ".../stubs" tail too.
  const onLd = ldDirs.some((d) => d.replace(/\/$/, '') === stubDir || /\/stubs\/?$/.test(d));
  const real = lib.loadedPath ?? lib.refused.find((r) => !isStub(r)) ?? '?';
  const fix: string[] = [];
  if (onLd) {
    fix.push(msg('system.lnfStubFixLd'), `export LD_LIBRARY_PATH=${withoutEntries(ld, (d) => /\/stubs\/?$/.test(d))}`, msg('system.lnfStubFixProfile'));
  } else {
    fix.push(msg('system.lnfStubFixCache'), 'grep -rl stubs /etc/ld.so.conf /etc/ld.so.conf.d/', msg('system.fcFixCacheDelete'), 'sudo ldconfig');
  }
  fix.push(`ldconfig -p | grep ${lib.soname}`);
  return {
    code: 'library-not-found',
    severity: 'error',
    title: msg('system.lnfStubTitle', { file: stub }),
    cause: msg('system.lnfStubCause', { stub, soname: lib.soname, via: onLd ? msg('system.lnfViaLd') : msg('system.lnfViaCache'), real }),
    evidence: [
      { fact: msg('system.evLoaderFirst', { soname: lib.soname }), value: stub, source: `native:${lib.soname}` },
      ...(lib.loadedPath
        ? [
            {
              fact: lib.soname.startsWith('libcuda') ? msg('system.evCudaLoaded') : msg('system.evNvmlLoaded'),
              value: lib.loadedPath,
              source: `native:${lib.soname}`,
            },
          ]
        : []),
      ...(ld ? [{ fact: msg('system.evLdLibraryPath'), value: ld, source: 'env:LD_LIBRARY_PATH' }] : []),
    ],
    fix,
    subject: lib.soname,
  };
}

function driverLibsMissing(s: Snapshot, missing: NativeLibrary[]): Finding {
  const container = inContainer(s);
  const sonames = missing.map((l) => l.soname).join(', ');
  const version = s.driver.kernelModule?.value;
  const cause =
    msg('system.lnfMissingCause', { version: version ? ` ${version}` : '', sonames, detail: missing.map((l) => l.error).join('; ') }) +
    (container ? msg('system.lnfMissingCauseContainer', { container }) : msg('system.lnfMissingCauseHost'));
  const fix = container
    ? containerToolkitHostLines()
    : [
        msg('system.lnfMissingFixCache'),
        'sudo ldconfig',
        "ldconfig -p | grep -E 'libcuda.so.1|libnvidia-ml.so.1'",
        version ? msg('system.lnfMissingFixReinstall', { version }) : msg('system.lnfMissingFixReinstallUnknown'),
      ];
  return {
    code: 'library-not-found',
    severity: 'error',
    title: msg('system.lnfMissingTitle', { soname: sonames }),
    cause,
    evidence: [
      ...ev(msg('system.evKernelModule'), s.driver.kernelModule),
      ...ev(msg('system.evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
      ...missing.map((l) => missingEvidence(l.soname, `native:${l.soname}`, l.error)),
      ...ev(msg('system.evContainer'), s.os.container, (v) => v ?? 'none'),
    ],
    fix,
  };
}

// ---- a text ----------------------------------------------------------------------------------------------------

/** TensorFlow's own CUDA libraries, as the machine's check gives them: the [and-cuda] extra from 2.14, else what to install. */
function tfLibraries(version: string): string[] {
  const r = tensorflowRelease(version);
  if (!r || r.andCudaExtra) return [pip(tfWithCuda(version))];
  return [`# ${msg('framework.lnfTfOldSystem', { version: r.version, cuda: r.cuda, cudnn: r.cudnn })}`];
}

/** What the messages and the pasted facts say: the library named missing, what it is, and how well the facts fit. */
function told(ctx: ExplainContext, events: ErrorEvent[]): Told | undefined {
  const libs = missingLibs(ctx);
  const lib = libs[0];
  const evidence = messageLines(events);
  const at = (fit: number, title: string, cause: string, fix: string[]): Told => ({
    fit,
    events,
    libs: [],
    finding: { code: 'library-not-found', severity: 'error', title, cause, evidence, fix },
  });
  if (!lib) {
    if (has(events, 'tf-no-cuda-drivers', 'tf-cannot-dlopen')) {
      const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow');
      return at(1.2, explainersMsg('libTitle', { lib: msg('libraries.libCudaLibraries') }), explainersMsg('cpuTf'), [
        ...(tf ? tfLibraries(tf.version) : [pip('"tensorflow[and-cuda]"')]),
        'python -c "import tensorflow as tf; print(tf.config.list_physical_devices(\'GPU\'))"',
      ]);
    }
    const sym = first(events, 'cudnn-cannot-load-symbol');
    if (sym) {
      return at(1.2, explainersMsg('libTitle', { lib: 'cuDNN' }), explainersMsg('libCudnnSymbol', { symbol: sym.groups.symbol ?? 'cudnn…' }), [
        `pip list 2>/dev/null | grep -i nvidia-cudnn   # ${msg('libraries.libCudnnWheelNote')}`,
        CUDNN_WHEEL_ON_PATH,
        'ldconfig -p | grep libcudnn',
      ]);
    }
    if (has(events, 'bnb-cpu-library')) {
      // The CPU fallback alone (no CUDA library named missing) is more often a build without CUDA (cpu-only-build).
      return at(bnbMissesLibrary(ctx) ? 1 : 0.6, explainersMsg('libTitle', { lib: msg('libraries.libBnbRuntime') }), explainersMsg('libBnbCpu'), [
        `python -c "import torch; print(torch.cuda.is_available(), torch.version.cuda)"   # ${msg('libraries.libBnbNoGpu')}`,
        'pip install -U bitsandbytes',
        'python -m bitsandbytes',
      ]);
    }
    if (has(events, 'bnb-cuda-setup'))
      return at(1, explainersMsg('libTitle', { lib: 'libcudart (bitsandbytes)' }), explainersMsg('libWhyNotFound'), [
        'pip install -U bitsandbytes',
        'python -m bitsandbytes',
      ]);
    if (has(events, 'winerror-126'))
      return at(1, explainersMsg('libTitle', { lib: 'DLL' }), explainersMsg('libWhyNotFound'), [
        '# https://aka.ms/vs/17/release/vc_redist.x64.exe',
        ...[
          torchPipLine(
            { python: ctx.env?.version?.value ?? null, platform: platformOf(ctx.snapshot), ...(maxCudaOf(ctx) ? { maxCuda: maxCudaOf(ctx)! } : {}) },
            { force: true },
          ),
        ].filter((l): l is string => !!l),
      ]);
    return undefined;
  }
  evidence.push(...libs.slice(0, 3).map((l) => missingEvidence(l.name, ctx.facts.missingLibraries.find((f) => f.value === l.name)?.source ?? 'pasted')));
  const present = cudnnPresent(ctx);
  const have = present ? (present.withTorch ? msg('libraries.cudnnWithTorch', { version: present.version }) : present.version) : undefined;
  const what =
    lib.kind === 'cudnn' || lib.kind === 'dll-cudnn'
      ? explainersMsg('libWhatCudnn', { major: lib.major ?? '?' })
      : lib.kind === 'driver'
        ? explainersMsg('libWhatDriver')
        : lib.kind === 'other'
          ? explainersMsg('libWhatOther')
          : explainersMsg('libWhatCuda', { major: lib.major ?? '?', component: lib.component });
  const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu');
  const tfRel = tf ? tfPipRelease(tf.version) : undefined;
  let why = explainersMsg('libWhyNotFound');
  if (tfRel && has(events, 'tf-could-not-load')) why = `${explainersMsg('libWhyTf', { tf: tfRel.version, cuda: tfRel.cuda, cudnn: tfRel.cudnn })} ${why}`;
  if (lib.kind.startsWith('dll')) why = `${explainersMsg('libWhyDll', { cuda: lib.major ?? '?' })} ${why}`;
  const fix: string[] = [];
  const cudaMajor = Number(String(lib.major ?? '12').split('.')[0]) || 12;
  if (lib.kind === 'cudnn') {
    const cuda = ctx.torch?.cuda ? versionParts(ctx.torch.cuda)[0] : lib.major === '8' ? 12 : cudaMajor;
    const wheel = `nvidia-cudnn-cu${cuda === 11 ? 11 : 12}`;
    // The cuDNN of the named torch build, as the machine's check pins it, when it is of the major the message names.
    const spec = ctx.torch && ctx.torch.version !== '?' ? cudnnWheelSpec(ctx.torch.pkg, wheel) : wheel;
    const pinned = spec.startsWith(`${wheel}==${lib.major}.`) ? spec : undefined;
    // The wheel of the cuDNN major the message names, from the tables (cuDNN 7 has none: nvidia-cudnn starts at 8).
    const req = pinned ?? cudnnWheelRequirement(Number(lib.major), cuda === 11 ? 11 : 12) ?? cudnnWheelRequirement(Number(lib.major));
    if (req)
      fix.push(
        `# ${explainersMsg('libFixInstall')}`,
        pip(pinned ?? `"${req}"`),
        `# ${explainersMsg('libFixPath')} ${msg('libraries.libCudnnWheelPath')}`,
        CUDNN_WHEEL_ON_PATH,
      );
    else fix.push(`# ${msg('libraries.cudnnNoWheel', { major: lib.major ?? '?' })}`);
  } else if (lib.kind === 'cuda') {
    const wheel = nvidiaWheelFor(lib.name, cudaMajor);
    if (tf && tfRel) fix.push(...tfLibraries(tf.version));
    else if (wheel) fix.push(`# ${explainersMsg('libFixInstall')}`, pip(wheel));
    // The toolkit folder of the CUDA the TensorFlow release was built with, else the one the soname names.
    const folder = tf && tfRel ? tfRel.cuda : lib.major?.includes('.') ? lib.major : `${cudaMajor}`;
    fix.push(
      `# ${explainersMsg('libFixPath')}`,
      `ldconfig -p | grep ${lib.name.split('.so')[0]}`,
      `export LD_LIBRARY_PATH=/usr/local/cuda-${folder}/lib64:$LD_LIBRARY_PATH`,
    );
  } else if (lib.kind === 'dll-cuda' || lib.kind === 'dll-cudnn') {
    // The toolkit installer's folder; cuDNN 8's zip is copied into it (NVIDIA cuDNN install guide for Windows).
    const bin = `C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v${lib.major?.includes('.') ? lib.major : `${lib.major}.x`}\\bin`;
    fix.push(
      `# ${explainersMsg('libFixInstall')}: CUDA ${lib.major ?? '?'} (developer.nvidia.com/cuda-toolkit-archive)${lib.kind === 'dll-cudnn' ? ` + cuDNN ${lib.major}` : ''}`,
      ...windowsPathLines(bin, lib.name),
    );
  } else if (lib.kind === 'other') {
    // Libraries pip wheels ship (TensorRT's libnvinfer, …) live in site-packages, which the loader does not search.
    fix.push(
      `find / -name '${lib.name.split('.so')[0]}.so*' 2>/dev/null   # ${msg('libraries.libOtherWhere')}`,
      `export LD_LIBRARY_PATH=${msg('libraries.libThatFolder')}:$LD_LIBRARY_PATH`,
    );
  } else if (lib.kind === 'driver' && has(events, 'ld-cannot-find')) {
    // Linking (-lcuda) needs the unversioned libcuda.so: the driver ships libcuda.so.1, the toolkit a stub.
    why = explainersMsg('libWhyLink', { lib: lib.name });
    // The driver's folder of this distribution (Debian/Ubuntu multiarch, /usr/lib64, Arch /usr/lib); WSL's is a
    // read-only mount that already has libcuda.so, so the linker only needs to search it.
    const dir = systemLibDir(ctx.snapshot);
    if (inWsl(ctx)) fix.push('ls -l /usr/lib/wsl/lib/libcuda.so*', 'export LIBRARY_PATH=/usr/lib/wsl/lib:$LIBRARY_PATH');
    else if (dir) fix.push(`ls -l ${dir}/libcuda.so*`, `sudo ln -s libcuda.so.1 ${dir}/libcuda.so   # ${msg('libraries.libLinkName')}`);
    else
      fix.push(
        'ls -l /usr/lib/x86_64-linux-gnu/libcuda.so* /usr/lib64/libcuda.so* /usr/lib/libcuda.so* 2>/dev/null',
        `sudo ln -s libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so   # ${msg('libraries.libLinkName')}; ${msg('system.lnfLinkDirs')}`,
      );
    if (!inWsl(ctx)) fix.push(`export LIBRARY_PATH=/usr/local/cuda/lib64/stubs:$LIBRARY_PATH   # ${msg('libraries.libLinkStub')}`);
  } else if (lib.kind === 'driver') {
    fix.push(
      ctx.snapshot.os.wsl?.value ? 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH' : 'nvidia-smi',
      `# ${msg('fixes.inDocker')}docker run --gpus all …`,
    );
  }
  const cudnnConflict = (lib.kind === 'cudnn' || lib.kind === 'dll-cudnn') && present && !present.version.startsWith(lib.major ?? '?');
  if (has(events, 'bnb-no-libcudart', 'bnb-cpu-library'))
    fix.push(`# ${msg('libraries.libBnb')}`, 'python -c "import torch; print(torch.version.cuda)"', 'pip install -U bitsandbytes', 'python -m bitsandbytes');
  const loadedButBroken = has(events, 'lib-undefined-symbol-path');
  // A CUDA runtime of another version than torch's build: an extension for another CUDA (framework-cuda-mismatch), not a path problem.
  const toolkitCuda = ctx.snapshot.toolkits[0]?.version?.value;
  // CUDA 10 and older put major.minor in the soname (libcudart.so.10.0): a 10.1 toolkit does not provide it (cudaDiffers).
  const otherCuda =
    lib.kind === 'cuda' &&
    lib.major &&
    ((ctx.torch?.cuda && ctx.torch.tag && cudaDiffers(lib.major, ctx.torch.cuda)) || (toolkitCuda && cudaDiffers(lib.major, toolkitCuda)));
  const fit =
    loadedButBroken || otherCuda ? 0.4 : cudnnConflict ? 0.7 : lib.kind === 'driver' ? (has(events, 'ld-cannot-find') ? 1.3 : inWsl(ctx) ? 0.3 : 0.6) : 1.3;
  if (cudnnConflict) why = `${explainersMsg('libWhyCudnn9', { have: have ?? '?', major: lib.major ?? '?' })} ${why}`;
  return {
    fit,
    events,
    libs: libs.map((l) => l.name),
    finding: {
      code: 'library-not-found',
      severity: 'error',
      title: explainersMsg('libTitle', { lib: lib.name }),
      cause: explainersMsg('libCause', { lib: lib.name, what, why }),
      evidence,
      fix,
    },
  };
}

/** The newest CUDA the text's driver runs, when it shows one. */
function maxCudaOf(ctx: ExplainContext): string | undefined {
  return driverMaxCuda(ctx.driver) ?? undefined;
}
