// wsl: WSL 2 reaches the GPU through the Windows driver, mapped into /usr/lib/wsl/lib. A Linux driver installed in
// the distribution shadows it; a loader path without /usr/lib/wsl/lib finds nothing.
// Sources: NVIDIA "CUDA on WSL User Guide" (install the Windows driver only; no Linux display driver in WSL; use the
// WSL-Ubuntu CUDA repository / cuda-toolkit-X-Y package); WSL writes /etc/ld.so.conf.d/ld.wsl.conf with
// /usr/lib/wsl/lib (wsl.conf [automount] ldconfig / WSL init "ConfigApplyWindowsLibPath").
// The facts (WSL, the libraries that load, a kernel module or DKMS, LD_LIBRARY_PATH, the WSL kernel, the GPUs) come
// from a probe or a paste; a text also names the symptom (nvidia-smi failing, libcuda not found, the container
// runtime finding no WSL libraries, WSL 1, error 500 with a 555+ Windows driver).
import type { Evidence, Finding } from '../../findings.js';
import { signatureById } from '../../knowledge/error-signatures.js';
import { WSL_DRIVER_555, wslKernelBelow } from '../../knowledge/wsl.js';
import { versionParts } from '../../knowledge/version.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { NativeLibrary, Snapshot } from '../../snapshot/types.js';
import { containerToolkitInstallCommand, osTarget, ownerCommand, removeLinuxDriverLines } from '../../install/system.js';
import { contextOf, type ExplainContext } from '../context.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { has, inWsl, type Explained } from '../explain-helpers.js';
import { guessFinding } from '../guess.js';
import { quotedLines } from '../quoted-lines.js';
import { envSource } from '../env-evidence.js';
import { confirmedBy, fromCheck, fromFactsAlone, namedByMessage } from '../from-text.js';
import { eventsFor } from '../rank.js';
import { driverAnswers, ev, isUnder, isWsl } from '../system-facts.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';

/** Distribution library folders: a Linux driver's libcuda/libnvidia-ml would live there. */
const DISTRO_LIB = /^\/(?:usr\/)?lib(?:64)?(?:\/(?:x86_64|aarch64)-linux-gnu)?\/?$/;

const WSL_LIB = '/usr/lib/wsl';

/** Data-centre boards (Tesla, A/H/L series): TCC by default on Windows, which WSL 2 cannot pass through. */
const DATA_CENTRE = /\bTesla\b|\b[AHL]\d{1,3}[A-Z]?\b(?!\s?(?:Laptop|Ti))/;

export const rule: Rule = {
  code: 'wsl',
  scope: 'node',
  check(input) {
    const state = setupOf(input);
    if (input.origin === 'machine') return state ? [state.finding] : [];
    const f = fromText(input, state);
    return f ? [f] : [];
  },
};

// ---- the set-up the facts show ------------------------------------------------------------------------------

/**
 * What the facts show about the WSL set-up: a Linux driver inside WSL, no WSL library loading, LD_LIBRARY_PATH
 * putting a distribution folder first, or (a text without a native-library probe) just WSL.
 */
interface Setup {
  kind: 'linux-driver' | 'no-library' | 'shadowed' | 'wsl';
  finding: Finding;
}

function setupOf(input: RuleInput): Setup | undefined {
  const s = input.snapshot;
  if (!isWsl(s)) return undefined;
  const libs = [s.nativeLibraries.nvml, s.nativeLibraries.cuda].filter((l): l is NativeLibrary => l !== null);
  const linuxCopies = libs
    .flatMap((l) => [l.loadedPath, l.loaderFirstChoice])
    .filter((p): p is string => p !== null && !isUnder(p, WSL_LIB) && !/\/stubs\//.test(p));
  const uniq = [...new Set(linuxCopies)];
  const dkms = s.os.dkms?.value ?? [];
  const moduleSigns = s.driver.kernelModule !== null || s.driver.moduleLoaded?.value === true || dkms.length > 0;
  const wslEvidence = wslFact(s);
  if (uniq.length > 0 || moduleSigns) {
    const what = [...uniq, ...(s.driver.kernelModule ? [`kernel module ${s.driver.kernelModule.value}`] : []), ...dkms.map((d) => `DKMS ${d}`)].join(', ');
    const fix = [
      msg('system.wslFixOwner'),
      ...uniq.map((p) => ownerCommand(s, p)),
      msg('system.wslFixPurge'),
      ...removeLinuxDriverLines(s),
      'sudo ldconfig',
      msg('system.wslFixToolkit'),
      msg('system.wslFixWindows'),
      msg('system.wslFixCheck'),
    ];
    const evidence = [
      ...wslEvidence,
      ...uniq.map((p) => ({ fact: p.includes('libcuda') ? msg('system.evCudaLoaded') : msg('system.evNvmlLoaded'), value: p, source: 'native' })),
      ...ev(msg('system.evKernelModule'), s.driver.kernelModule),
      ...ev(msg('system.evDkms'), s.os.dkms, (v) => v.join(', ') || 'none'),
    ];
    return {
      kind: 'linux-driver',
      finding: { code: 'wsl', severity: 'error', title: msg('system.wslTitleLinuxDriver'), cause: msg('system.wslCauseLinuxDriver', { what }), evidence, fix },
    };
  }
  // Partial facts (a paste): no native-library probe ran, so only the pasted OS facts and LD_LIBRARY_PATH speak.
  if (s.nativeLibraries.nvml === null && s.nativeLibraries.cuda === null && s.os.wsl?.source.startsWith('pasted')) return pastedSetup(input, wslEvidence);
  const missing = libs.filter((l) => l.loadedPath === null);
  if (!driverAnswers(s) && missing.length > 0) {
    const finding: Finding = {
      code: 'wsl',
      severity: 'error',
      title: msg('system.wslTitleNoLib'),
      cause: msg('system.wslCauseNoLib', { sonames: missing.map((l) => l.soname).join(', '), detail: missing.map((l) => l.error ?? 'not loaded').join('; ') }),
      evidence: [
        ...wslEvidence,
        ...missing.map((l) => ({ fact: l.soname, value: l.error ?? 'not loaded', source: `native:${l.soname}` })),
        ...ldEvidence(input),
      ],
      fix: [
        'ls -l /usr/lib/wsl/lib',
        msg('system.wslFixLoader'),
        'echo /usr/lib/wsl/lib | sudo tee /etc/ld.so.conf.d/ld.wsl.conf',
        'sudo ldconfig',
        msg('system.wslFixWindows'),
        msg('system.wslFixCheck'),
      ],
    };
    return { kind: 'no-library', finding };
  }
  return undefined;
}

const wslFact = (s: Snapshot): Evidence[] => ev(msg('system.evWsl'), s.os.wsl, (v) => (v ? 'yes' : 'no'));

function ldEvidence(input: RuleInput): Evidence[] {
  const ld = input.snapshot.env.LD_LIBRARY_PATH;
  return ld ? [{ fact: msg('system.evLdLibraryPath'), value: ld, source: envSource(input, 'LD_LIBRARY_PATH') }] : [];
}

/** Distribution folders LD_LIBRARY_PATH searches before /usr/lib/wsl/lib. */
function shadowingDirs(s: Snapshot): string[] {
  const dirs = s.env.LD_LIBRARY_PATH?.split(':').filter(Boolean) ?? [];
  const wslAt = dirs.findIndex((d) => d.replace(/\/+$/, '') === `${WSL_LIB}/lib`);
  return dirs.filter((d, i) => DISTRO_LIB.test(d) && (wslAt < 0 || i < wslAt));
}

const LOADER_CHECKS = ['ls -la /usr/lib/wsl/lib/', 'ldconfig -p | grep -E "libcuda|libnvidia-ml"', 'cat /etc/ld.so.conf.d/ld.wsl.conf'];

function pastedSetup(input: RuleInput, wslEvidence: Evidence[]): Setup {
  const before = shadowingDirs(input.snapshot);
  const evidence = [...wslEvidence, ...ldEvidence(input)];
  if (before.length) {
    const vars = { dirs: before.join(', '), ld: input.snapshot.env.LD_LIBRARY_PATH ?? '' };
    const fix = [`# ${msg('runtime.wslFixShadow')}`, 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH', ...LOADER_CHECKS, msg('system.wslFixWindows')];
    return {
      kind: 'shadowed',
      finding: { code: 'wsl', severity: 'error', title: msg('runtime.wslTitleShadow', vars), cause: msg('runtime.wslCauseShadow', vars), evidence, fix },
    };
  }
  const fix = [...LOADER_CHECKS, 'sudo ldconfig', `# ${msg('runtime.wslFixLink')}`, msg('system.wslFixWindows'), msg('system.wslFixCheck')];
  return { kind: 'wsl', finding: { code: 'wsl', severity: 'info', title: msg('runtime.wslTitlePaste'), cause: msg('runtime.wslCausePaste'), evidence, fix } };
}

// ---- a text ---------------------------------------------------------------------------------------------------

/**
 * A message names the WSL symptom, or the facts alone show a cause (an old WSL kernel, a TCC board): one finding that
 * tells the symptom with what the set-up shows; else the set-up alone, else a guess from the words.
 */
function fromText(input: RuleInput, setup: Setup | undefined): RuleFinding | undefined {
  const ctx = contextOf(input);
  const events = eventsFor(input, 'wsl');
  const said = events.length ? symptom(ctx, input, events, setup) : undefined;
  if (said) return confirmedBy(namedByMessage(input, 'wsl', events, said), setup ? 1 : 0);
  // Facts alone, tie order 6 among such causes; the messages that show the GPU missing are the symptom they explain.
  if (oldKernel(ctx) || (inWsl(ctx) && tccBoard(ctx))) {
    const symptoms = ctx.events.filter((e) =>
      signatureById(e.signature)?.causes.some((c) => c.code === 'no-gpu' || c.code === 'driver-not-loaded' || c.code === 'wsl'),
    );
    const r = symptom(ctx, input, symptoms, setup);
    if (r) return confirmedBy(fromFactsAlone(r, 6), setup ? 1 : 0);
  }
  if (setup) return fromCheck(setup.finding);
  return guessFinding(input, 'wsl');
}

/** Windows is the host: the paste names Windows as the OS, or Docker Desktop (whose WSL 2 backend runs the containers). */
function windowsHost(ctx: ExplainContext): boolean {
  return ctx.snapshot.os.id?.value === 'windows' || has(ctx.events, 'docker-desktop');
}

/** A data-centre board (TCC by default on Windows; WSL 2 only sees WDDM GPUs). */
function tccBoard(ctx: ExplainContext): boolean {
  return ctx.gpus.some((g) => DATA_CENTRE.test(g.gpu.name) && !/RTX|GeForce|Quadro/i.test(g.gpu.name));
}

/** A WSL 2 kernel ("5.10.16.3-microsoft-standard-WSL2") older than what CUDA on WSL needs, with the floors it is below. */
function oldKernel(ctx: ExplainContext): { kernel: string; below: ReturnType<typeof wslKernelBelow> } | undefined {
  const kernel = ctx.snapshot.os.kernel?.value;
  const below = kernel && /microsoft/i.test(kernel) ? wslKernelBelow(kernel) : [];
  return kernel && below.length ? { kernel, below } : undefined;
}

/** Adds the set-up's facts the finding does not state yet (each fact once). */
function withFacts(evidence: Evidence[], setup: Setup | undefined): Evidence[] {
  const out = [...evidence];
  for (const e of setup?.finding.evidence ?? []) if (!out.some((x) => x.fact === e.fact && x.value === e.value)) out.push(e);
  return out;
}

/** The cause of the symptom the events show, in WSL (undefined when nothing says this is WSL). */
function symptom(ctx: ExplainContext, input: RuleInput, events: ErrorEvent[], setup: Setup | undefined): Explained | undefined {
  const notFound = has(events, 'cuda-not-found-500');
  const isWslText =
    inWsl(ctx) ||
    has(events, 'wsl-libcuda-symlink', 'wsl-dxg', 'wsl-container-mount', 'wsl-dxcore', 'wsl-no-adapters', 'wsl1') ||
    (notFound && windowsHost(ctx));
  if (!isWslText) return undefined;
  // A cause the message names outright: the set-up adds its facts, and its commands when it is wrong too.
  const outright = (fit: number, title: string, cause: string, evidence: Evidence[], fix: string[]): Explained => {
    const more = setup && setup.kind !== 'wsl' ? setup.finding.fix.filter((l) => !fix.includes(l)) : [];
    return { fit, finding: { code: 'wsl', severity: 'error', title, cause, evidence: withFacts(evidence, setup), fix: [...fix, ...more] } };
  };
  if (has(events, 'nvml-blocked-by-os')) {
    return outright(2, explainersMsg('wslCgroupTitle'), explainersMsg('wslCgroupCause'), quotedLines(events), [
      'grep -n no-cgroups /etc/nvidia-container-runtime/config.toml',
      "sudo sed -i 's/^no-cgroups = true/no-cgroups = false/' /etc/nvidia-container-runtime/config.toml && sudo systemctl restart docker",
      `docker run --rm --gpus all ubuntu nvidia-smi   # ${msg('fixes.wsl.retest')}`,
      `/usr/lib/wsl/lib/nvidia-smi   # ${msg('fixes.wsl.outside')}`,
    ]);
  }
  const driver = ctx.snapshot.driver.version;
  if (notFound && (!driver || Number(versionParts(driver.value)[0]) >= WSL_DRIVER_555.fromBranch)) {
    const vars = {
      driver: driver?.value ?? `${WSL_DRIVER_555.fromBranch}.xx`,
      lib: WSL_DRIVER_555.library,
      toolkit: WSL_DRIVER_555.toolkitFixed,
      desktop: WSL_DRIVER_555.dockerDesktopFixed,
    };
    const evidence = [
      ...quotedLines(events),
      ...(driver ? [{ fact: explainersMsg('evDriver'), value: driver.value, source: driver.source }] : []),
      { fact: explainersMsg('evKnownIssue'), value: WSL_DRIVER_555.source, source: 'gpuenv WSL table' },
    ];
    return outright(2, explainersMsg('wsl555Title', vars), explainersMsg('wsl555Cause', vars), evidence, [
      `# ${msg('runtime.wslFixDesktop', vars)}`,
      `${dockerEngineToolkit(ctx.snapshot)}   # ${msg(osTarget(ctx.snapshot).tool ? 'fixes.wsl.engineToolkit' : 'fixes.wsl.engineToolkitUbuntu', { toolkit: vars.toolkit })}`,
      'nvidia-ctk --version',
      `ls -la /usr/lib/wsl/lib/${vars.lib}   # ${msg('fixes.wsl.libPresent')}`,
      `# ${msg('runtime.wslFixDowngrade')}`,
    ]);
  }
  if (has(ctx.events, 'wsl1')) {
    const shown = ctx.events.filter(
      (e) => e.signature === 'wsl1' || signatureById(e.signature)?.causes.some((c) => c.code === 'no-gpu' || c.code === 'driver-not-loaded'),
    );
    return outright(2, explainersMsg('wslOneTitle'), explainersMsg('wslOneCause'), quotedLines(shown), [
      `wsl -l -v   # ${msg('fixes.wsl.versionColumn')}`,
      'wsl --set-version <distro> 2',
      'wsl --update',
      `/usr/lib/wsl/lib/nvidia-smi   # ${msg('fixes.wsl.afterConversion')}`,
    ]);
  }
  return setupProblem(ctx, input, events, setup);
}

/**
 * The WSL set-up breaks the GPU: the symptom the messages show (the driver not reached, the runtime finding no WSL
 * libraries, libcuda not found), told with what the facts show about the set-up (an old WSL kernel, a TCC board, a
 * Linux driver inside WSL, LD_LIBRARY_PATH first with a distribution folder).
 */
function setupProblem(ctx: ExplainContext, input: RuleInput, events: ErrorEvent[], setup: Setup | undefined): Explained {
  const evidence = [...quotedLines(events), ...wslFact(ctx.snapshot).filter((e) => e.value === 'yes'), ...ldEvidence(input)];
  // What broke: the driver cannot be reached (nvidia-smi / NVML), the container runtime finds no WSL libraries, or a harmless ldconfig warning.
  const driverSymptom = has(
    events,
    'smi-device-handle-unknown',
    'smi-failed',
    'nvml-not-loadable',
    'libnvidia-ml-missing',
    'smi-not-found',
    'driver-insufficient',
    'driver-library-mismatch',
    'cuda-init-device-count',
  );
  const direct = has(events, 'wsl-dxg', 'wsl-container-mount', 'wsl-dxcore', 'wsl-no-adapters');
  const loader = has(events, 'libcuda-dlopen') || ctx.facts.missingLibraries.some((f) => /^lib(cuda|nvidia-ml)\.so/.test(f.value));
  const tcc = has(events, 'smi-device-handle-unknown') || tccBoard(ctx);
  const old = oldKernel(ctx);
  const floor = old?.below[0];
  const kernelSays =
    old && floor
      ? `${explainersMsg('wslKernelOld', { kernel: old.kernel, floor: floor.kernel, by: floor.by, note: floor.confirmed ? '' : ` (${explainersMsg('unconfirmedShort')})` })} `
      : '';
  if (old) evidence.push({ fact: explainersMsg('evKernel'), value: old.kernel, source: ctx.snapshot.os.kernel!.source });
  const tccSays = tcc ? `${explainersMsg('wslTcc')} ` : '';
  const fit = (direct ? 1.8 : driverSymptom || loader ? 2 : has(events, 'wsl-libcuda-symlink') ? 1.2 : 0.8) + (kernelSays ? 0.6 : 0);
  const first = [
    ...(kernelSays ? [`# ${msg('runtime.wslFixUpdateKernel')}`] : []),
    ...(tcc
      ? [`nvidia-smi -q | findstr /i "Driver Model"   # ${msg('fixes.wsl.driverModel')}`, `nvidia-smi -i <index> -dm 0   # ${msg('fixes.wsl.toWddm')}`]
      : []),
  ];
  const title = (setupTitle: string) => (kernelSays ? explainersMsg('wslKernelTitle', { kernel: old!.kernel }) : setupTitle);
  // The facts show what is wrong with the set-up: that is the cause of the symptom, with its own commands.
  if (setup && setup.kind !== 'wsl') {
    // A distribution folder first on LD_LIBRARY_PATH: a Linux driver's libraries may be what it finds there.
    const loaderFix =
      setup.kind === 'shadowed'
        ? [...setup.finding.fix, `# ${explainersMsg('wslFixNoLinuxDriver')}`, ...removeLinuxDriverLines(ctx.snapshot), msg('system.wslFixCheck')]
        : setup.finding.fix;
    return {
      fit,
      finding: {
        code: 'wsl',
        severity: 'error',
        title: title(setup.finding.title),
        cause: kernelSays + tccSays + setup.finding.cause,
        evidence: withFacts(evidence, setup),
        fix: [...first, ...loaderFix],
      },
    };
  }
  const cause =
    kernelSays +
    tccSays +
    (direct
      ? explainersMsg('wslCauseRuntime')
      : driverSymptom
        ? explainersMsg('wslCauseDriver')
        : loader
          ? explainersMsg('wslCauseLoader')
          : explainersMsg('wslCause'));
  const linking = events.some((e) => /-lcuda\b/.test(e.text));
  return {
    fit,
    finding: {
      code: 'wsl',
      severity: driverSymptom || direct || kernelSays ? 'error' : 'warning',
      title: title(driverSymptom ? explainersMsg('wslTitleDriver') : explainersMsg('wslTitle')),
      cause,
      evidence: withFacts(evidence, setup),
      fix: [
        ...first,
        `# ${explainersMsg('wslFixWindows')}`,
        `ls -la /usr/lib/wsl/lib/   # ${msg('fixes.wsl.fromWindows')}`,
        `# ${explainersMsg('wslFixNoLinuxDriver')}`,
        ...removeLinuxDriverLines(ctx.snapshot),
        `# ${explainersMsg('wslFixLoader')}`,
        `cat /etc/ld.so.conf.d/ld.wsl.conf   # ${msg('fixes.wsl.ldConf')}`,
        'sudo ldconfig',
        'ldconfig -p | grep -E "libcuda|libnvidia-ml"',
        ...(linking ? [`# ${msg('runtime.wslFixLink')}`] : []),
        'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH',
        // An old kernel's fix already says to update WSL.
        ...(kernelSays ? [] : [`# ${msg('runtime.wslFixUpdate')}`]),
        '/usr/lib/wsl/lib/nvidia-smi',
      ],
    },
  };
}

/** The NVIDIA Container Toolkit of the WSL distribution (Ubuntu, WSL's default, when the text does not name one). */
function dockerEngineToolkit(s: Snapshot): string {
  const cmd = containerToolkitInstallCommand(s);
  if (!cmd.startsWith('#')) return osTarget(s).tool === 'apt' ? `sudo apt-get update && ${cmd}` : cmd;
  return 'sudo apt-get update && sudo apt-get install -y nvidia-container-toolkit';
}
