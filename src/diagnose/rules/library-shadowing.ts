// library-shadowing: another copy of a library loads before the one a package ships (or the driver's). On a machine:
// LD_LIBRARY_PATH puts another copy of a CUDA library before the one a package ships with, or a preload list
// (LD_PRELOAD, /etc/ld.so.preload) forces one into every process. In a text: a stub libcuda that loaded, a symbol
// missing from a copy of another install, a library loaded from a system folder, an LD_PRELOAD naming a CUDA library,
// or an LD_LIBRARY_PATH set where GPU code fails.
import type { Finding } from '../../findings.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import type { ErrorEvent } from '../../parse/types.js';
import { canonicalName, dirOf, isBundledPath, isFramework, wheelVersionFor } from '../../snapshot/queries.js';
import type { LibraryResolution, PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import { contextOf, type ExplainContext } from '../context.js';
import { packageEvidence } from '../evidence.js';
import { first, foreignCudaLib, has } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { bundledCopy, cudnnProblem, ldLibraryPathWithout } from '../library-copies.js';
import { messageLines, unite, type Checked, type Told } from '../library-findings.js';
import { envSource } from '../env-evidence.js';
import { isCudaLibrary, isDriverLibrary, preloadFix, preloadLists, type Preloads } from '../preload.js';
import { driverVersionFromPath, inContainer } from '../system-facts.js';
import { eventsFor } from '../rank.js';
import type { Rule, RuleInput } from '../types.js';

export const rule: Rule = {
  code: 'library-shadowing',
  scope: 'environment',
  check(input) {
    const checks = [...machineChecks(input.snapshot), ...preloadChecks(input)];
    if (input.origin === 'machine') return unite(input, 'library-shadowing', undefined, checks);
    const ctx = contextOf(input);
    const events = eventsFor(input, 'library-shadowing');
    // No message names it: an LD_LIBRARY_PATH set where GPU code fails is the usual suspect, ranked as facts alone.
    const t = (events.length ? told(input, ctx, events) : undefined) ?? told(input, ctx, []);
    return unite(input, 'library-shadowing', t, checks);
  },
};

// ---- a machine -------------------------------------------------------------------------------------------------

interface Hit {
  lib: LibraryResolution;
  bundled: string;
}

function machineChecks(snapshot: Snapshot): Checked[] {
  // One finding per environment and shadowing folder: one LD_LIBRARY_PATH entry usually shadows several
  // libraries at once, and one fix removes them all.
  const groups = new Map<string, { env: PythonEnv; p: PythonPackage; hits: Hit[] }>();
  for (const env of snapshot.python ?? []) {
    for (const p of env.packages ?? []) {
      if (!isFramework(p) && !/^nvidia-/.test(canonicalName(p.name))) continue;
      for (const lib of p.cudaLibraries ?? []) {
        if (lib.via !== 'LD_LIBRARY_PATH' || !lib.resolvedPath || isBundledPath(env, lib.resolvedPath)) continue;
        const bundled = bundledCopy(env, lib);
        if (!bundled) continue;
        // A cuDNN of the wrong version is reported (with this same fix) by cudnn-mismatch.
        if (cudnnProblem(p, lib)) continue;
        const key = `${env.prefix}|${dirOf(lib.resolvedPath)}`;
        const group = groups.get(key) ?? { env, p, hits: [] };
        groups.set(key, group);
        if (!group.hits.some((h) => h.lib.soname === lib.soname)) group.hits.push({ lib, bundled });
      }
    }
  }
  return [...groups.values()].map((g) => ({ finding: finding(snapshot, g.env, g.p, g.hits), libs: g.hits.map((h) => h.lib.soname) }));
}

function finding(snapshot: Snapshot, env: PythonEnv, p: PythonPackage, hits: Hit[]): Finding {
  const described = hits.map(({ lib, bundled }) => {
    const wheel = wheelVersionFor(env, lib.soname);
    const have = lib.version;
    const older = !!(have && wheel && (versionParts(have)[0] !== versionParts(wheel.version)[0] || compareVersions(have, wheel.version) < 0));
    return { lib, bundled, wheel, have, older };
  });
  // The cause is told for the worst case (an older copy first); the evidence names every library.
  const worst = described.find((d) => d.older) ?? described[0]!;
  const path = worst.lib.resolvedPath ?? '';
  const dir = dirOf(path);
  const sonames = described.map((d) => d.lib.soname);
  const vars = {
    pkg: canonicalName(p.name),
    version: p.version,
    prefix: env.prefix,
    soname: sonames.length > 1 ? `${sonames.slice(0, -1).join(', ')} ${msg('framework.shAnd')} ${sonames.at(-1)}` : sonames[0]!,
    dir,
    path,
    bundled: worst.bundled,
    bundledVer: worst.wheel ? ` (${worst.wheel.name} ${worst.wheel.version})` : '',
    haveVer: worst.have ? ` (${worst.have})` : '',
  };
  return {
    code: 'library-shadowing',
    severity: worst.older ? 'error' : 'warning',
    title: msg('framework.shTitle', vars),
    cause: msg('framework.shCause', { ...vars, soname: worst.lib.soname, why: worst.older ? msg('framework.shWhyOlder') : msg('framework.shWhyOther') }),
    evidence: [
      packageEvidence(env, p),
      ...described.flatMap((d) => [
        { fact: msg('libraries.evResolves', { soname: d.lib.soname }), value: `${d.lib.resolvedPath ?? ''}${d.have ? ` (${d.have})` : ''}`, source: d.lib.via },
        ...(d.wheel ? [{ fact: d.wheel.name, value: d.wheel.version, source: d.bundled }] : []),
      ]),
      { fact: msg('framework.evLdPath'), value: snapshot.env?.LD_LIBRARY_PATH ?? '', source: 'env:LD_LIBRARY_PATH' },
    ],
    fix: [`# ${msg('framework.shFix', { dir })}`, ldLibraryPathWithout(snapshot, dir), `# ${msg('framework.shFixKeep', { dir })}`],
    subject: env.prefix,
  };
}

// ---- a preload list names a CUDA library ----------------------------------------------------------------------

/**
 * One finding per preload list that names a CUDA library. A cuda-compat libcuda is forward-compat-shadowing's (its fix
 * takes it out of the same list): one the probe found preloaded, or in a text whose message that rule reads.
 */
function preloadChecks(input: RuleInput): Checked[] {
  const s = input.snapshot;
  const out: Checked[] = [];
  const compatNamed = input.origin !== 'machine' && eventsFor(input, 'forward-compat-shadowing').length > 0;
  for (const p of preloadLists(s, envSource(input, 'LD_PRELOAD'))) {
    const compat = new Set(s.cudaCompat.filter((c) => c.inUse && c.via?.kind === p.list).map((c) => c.via!.entry));
    const isCompat = (e: string) => compat.has(e) || (compatNamed && /\/compat\/libcuda\.so/.test(e));
    const cuda = p.entries.filter((e) => isCudaLibrary(e) && !isCompat(e));
    if (cuda.length) out.push({ finding: preloadFinding(s, p, cuda), libs: cuda.map((e) => e.slice(e.lastIndexOf('/') + 1)) });
  }
  return out;
}

/** The driver version of a preloaded libcuda / libnvidia-ml: from its file name, else from the copy the probe loaded from that folder. */
function preloadedDriverVersion(s: Snapshot, entry: string): { version: string; source: string } | undefined {
  const named = driverVersionFromPath(entry);
  if (named) return { version: named, source: `file:${entry}` };
  const native = /libnvidia-ml/.test(entry) ? s.nativeLibraries.nvml : s.nativeLibraries.cuda;
  const loaded = native?.loadedPath;
  const v = loaded && dirOf(loaded) === dirOf(entry) ? driverVersionFromPath(loaded) : null;
  return v && native ? { version: v, source: `native:${native.soname}` } : undefined;
}

function preloadFinding(s: Snapshot, p: Preloads, cuda: string[]): Finding {
  const kernel = s.driver.kernelModule ?? s.driver.version;
  const versions = cuda
    .filter(isDriverLibrary)
    .map((entry) => ({ entry, v: preloadedDriverVersion(s, entry) }))
    .filter((x): x is { entry: string; v: { version: string; source: string } } => x.v !== undefined);
  const other = kernel ? versions.find((x) => x.v.version !== kernel.value) : undefined;
  const vars = {
    list: p.list,
    files: cuda.map((e) => e.slice(e.lastIndexOf('/') + 1)).join(', '),
    paths: cuda.join(', '),
    driver: cuda.some(isDriverLibrary) ? msg('libraries.plCauseDriver') : '',
  };
  const cause =
    (p.list === 'LD_PRELOAD' ? msg('libraries.plCauseEnv', vars) : msg('libraries.plCauseFile', vars)) +
    (other && kernel ? msg('libraries.plCauseVersion', { file: other.entry, have: other.v.version, kernel: kernel.value }) : '');
  return {
    code: 'library-shadowing',
    severity: other ? 'error' : 'warning',
    title:
      other && kernel
        ? msg('libraries.plTitleVersion', { list: p.list, file: other.entry, have: other.v.version, kernel: kernel.value })
        : msg('libraries.plTitle', vars),
    cause,
    evidence: [
      { fact: p.list, value: p.entries.join(p.list === 'LD_PRELOAD' ? ':' : ' '), source: p.source },
      ...versions.map((x) => ({ fact: msg('libraries.evPreloadVersion', { file: x.entry }), value: x.v.version, source: x.v.source })),
      ...(kernel && versions.length ? [{ fact: msg('system.evKernelModule'), value: kernel.value, source: kernel.source }] : []),
    ],
    fix: preloadFix(p, cuda, inContainer(s)),
    subject: p.list,
  };
}

// ---- a text ----------------------------------------------------------------------------------------------------

/** The place in the order of causes the facts alone establish (explain's former fact checks). */
const FACT_INDEX = 2;

function told(input: RuleInput, ctx: ExplainContext, events: ErrorEvent[]): Told | undefined {
  const ld = ctx.snapshot.env.LD_LIBRARY_PATH;
  const evidence = messageLines(events);
  if (ld) evidence.push({ fact: msg('framework.evLdPath'), value: ld, source: envSource(input, 'LD_LIBRARY_PATH') });
  const at = (fit: number, severity: Finding['severity'], title: string, cause: string, fix: string[], libs: string[] = []): Told => ({
    fit,
    events,
    libs,
    factIndex: FACT_INDEX,
    finding: { code: 'library-shadowing', severity, title, cause, evidence, fix },
  });
  const stubs = 'echo $LD_LIBRARY_PATH | tr : "\\n" | grep -n stubs';
  if (has(events, 'driver-entry-point') && !has(events, 'stub-library')) {
    return at(
      ld && /stubs/.test(ld) ? 2 : 1.2,
      'error',
      explainersMsg('shEntryTitle'),
      explainersMsg('shEntryCause'),
      [
        `${stubs}   # ${msg('libraries.shStubsUsual')}`,
        `ldconfig -p | grep libcuda.so   # ${msg('libraries.shDriverLibcuda')}`,
        `nvidia-smi   # ${msg('libraries.shDriverWorks')}`,
      ],
      ['libcuda.so.1'],
    );
  }
  if (has(events, 'stub-library')) {
    return at(
      ld && /stubs/.test(ld) ? 2 : 1.1,
      'error',
      explainersMsg('shStubTitle'),
      explainersMsg('shStubCause'),
      [stubs, `# ${msg('libraries.shDropStubs')}`, 'ldconfig -p | grep libcuda.so.1'],
      ['libcuda.so.1'],
    );
  }
  const twoCopies = first(events, 'symbol-version-not-defined', 'undefined-symbol-version');
  const foreignPkgs = ctx.torch?.cuda ? (ctx.env?.packages ?? []).some((p) => foreignCudaLib(p.name, p.version, ctx.torch!.cuda!)) : false;
  // A CUDA library package of another major explains it better (framework-cuda-mismatch).
  if (twoCopies?.groups.soname && foreignPkgs) return undefined;
  if (twoCopies?.groups.soname) {
    const vars = { symbol: twoCopies.groups.symbol ?? '?', lib: twoCopies.groups.soname, file: twoCopies.groups.file ?? twoCopies.groups.soname };
    return at(
      ld ? 2 : 1.6,
      'error',
      explainersMsg('shTwoTitle', vars),
      explainersMsg('shTwoCause', vars),
      [
        `python -c "import ctypes; ctypes.CDLL('${vars.lib}')"; grep ${vars.lib.split('.so')[0]} /proc/$(pgrep -n python)/maps   # ${msg('libraries.shWhichCopy')}`,
        `find / -name '${vars.lib}*' 2>/dev/null   # ${msg('libraries.shEveryCopy')}`,
        `echo $LD_LIBRARY_PATH   # ${msg('libraries.shDropOther')}`,
        `conda list | grep -iE "cudatoolkit|cublas|cudnn"; pip list 2>/dev/null | grep -i nvidia-   # ${msg('libraries.shOneSource')}`,
      ],
      [vars.lib],
    );
  }
  const fromPath = first(events, 'lib-undefined-symbol-path', 'ld-debug-loaded-from');
  if (fromPath?.groups.path) {
    const vars = { lib: fromPath.groups.soname ?? 'library', path: fromPath.groups.path };
    evidence.push({ fact: explainersMsg('evLoadedFrom'), value: `${vars.path}/${vars.lib}`, source: 'pasted:error message' });
    return at(
      2,
      'error',
      explainersMsg('shPathTitle', vars),
      explainersMsg('shPathCause', vars),
      [
        'echo $LD_LIBRARY_PATH',
        `unset LD_LIBRARY_PATH   # ${msg('libraries.shOrDrop', { dir: vars.path })}`,
        `grep -r "${vars.path}" /etc/ld.so.conf.d/ 2>/dev/null`,
        'python -c "import torch; print(torch.backends.cudnn.version())"',
      ],
      fromPath.groups.soname ? [fromPath.groups.soname] : [],
    );
  }
  const sym = first(events, 'undefined-symbol-nvjitlink');
  const cud = first(events, 'torch-cudnn-incompat', 'torch-cudnn-linked') ?? (ld ? first(events, 'tf-cudnn-loaded') : undefined);
  if (!sym && !cud) {
    // A pasted LD_PRELOAD that names a CUDA library is a cause the facts establish alone, stronger where something fails.
    const [pre] = preloadChecks(input);
    if (pre) {
      // A preloaded libcuda / libnvidia-ml of another driver than the kernel module: the facts name the failure themselves.
      const fit = pre.finding.severity === 'error' ? 2.5 : ctx.trouble || ctx.events.length ? 1.6 : 1.2;
      return { fit, events, libs: pre.libs, factIndex: FACT_INDEX, finding: { ...pre.finding, evidence: [...messageLines(events), ...pre.finding.evidence] } };
    }
    // No message that names a library, but LD_LIBRARY_PATH is set and something GPU-related fails: the usual suspect.
    // An LD_DEBUG trace alone (its search path read as LD_LIBRARY_PATH) shows no failure unless the paste says one.
    if (!ld || !(ctx.trouble || ctx.events.some((e) => e.signature !== 'ld-debug-search-path'))) return undefined;
    const dirs =
      ld
        .split(':')
        .filter((d) => d && !d.startsWith('$'))
        .slice(0, 4)
        .join(', ') || ld;
    return at(1, 'warning', explainersMsg('shLdTitle'), explainersMsg('shLdCause', { ld, dirs }), [
      `env -u LD_LIBRARY_PATH nvidia-smi   # ${msg('libraries.shWithout')}`,
      `for d in ${dirs.replace(/, /g, ' ')}; do ls $d/libcuda.so* $d/libnvidia-ml.so* $d/libcudnn*.so* 2>/dev/null; done`,
      `unset LD_LIBRARY_PATH   # ${msg('libraries.shUnsetForGood')}`,
    ]);
  }
  const symbol = sym?.groups.symbol ?? 'cudnn';
  return at(ld ? 1.8 : 1.3, 'error', explainersMsg('shTitle'), explainersMsg('shCause', { symbol, ld: ld ?? '/usr/local/cuda/lib64 …' }), [
    'echo $LD_LIBRARY_PATH',
    `unset LD_LIBRARY_PATH   # ${msg('libraries.shOrDropCuda')}`,
    'python -c "import torch; print(torch.cuda.is_available())"',
  ]);
}
