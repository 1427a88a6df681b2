// driver-not-loaded: an NVIDIA device is on the PCI bus but no nvidia module is loaded (nothing installed, or
// installed and failed to load), or the module is loaded and the driver does not answer (hung NVML / nvidia-smi).
import type { Evidence, Finding } from '../../findings.js';
import { versionParts } from '../../knowledge/version.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { Snapshot } from '../../snapshot/types.js';
import type { ExplainContext } from '../context.js';
import { finding, gpuEvidence, has, first, inWsl, lineEvidence, moduleEventOf } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { driverAnswers, ev, isWsl, moduleLoaded, pciLabel, specForPci } from '../system-facts.js';
import { kernelHeadersCommand, moduleRebuildLines, osTarget } from '../../install/system.js';
import { driverBranchLines, driverInstallCommands, fabricManagerInstall, kernelParameterLines, proprietaryModuleLines } from '../../install/driver.js';

export const rule: Rule = {
  code: 'driver-not-loaded',
  scope: 'node',
  check(input) {
    const found = check(input.snapshot);
    return input.origin === 'machine' ? found : oneFinding(input, 'driver-not-loaded', found, fromMessage);
  },
};

/** The Snapshot's check: an NVIDIA device on the PCI bus without the nvidia module, or a loaded module that does not answer. */
function check(s: Snapshot): Finding[] {
  if (isWsl(s) || driverAnswers(s)) return [];
  if (moduleLoaded(s)) return hung(s);
  const gpus = s.pciGpus.filter((p) => p.driver !== 'nvidia');
  if (gpus.length === 0) return [];
  const bound = [...new Set(gpus.map((p) => p.driver).filter((d): d is string => d !== null))];
  const boundText = bound.length ? msg('system.dnlCauseBound', { driver: bound.join(', ') }) : '';
  const installed = installedDriver(s);
  const evidence: Evidence[] = [
    ...gpus.map((p) => ({ fact: msg('system.evPciDevice'), value: pciLabel(p), source: p.source })),
    ...gpus.filter((p) => p.driver).map((p) => ({ fact: msg('system.evBoundDriver'), value: `${p.address}: ${p.driver}`, source: p.source })),
    ...ev(msg('system.evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
    ...ev(msg('system.evDkms'), s.os.dkms, (v) => (v.length ? v.join(', ') : 'none')),
    ...ev(msg('system.evKernelHeaders'), s.os.kernelHeaders, (v) => (v ? 'installed' : 'missing')),
    ...ev(msg('system.evOs'), s.os.prettyName),
  ];
  const names = gpus.map(pciLabel).join(', ');
  const headers = s.os.kernelHeaders?.value === false ? kernelHeadersCommand(s) : null;
  let cause: string;
  const fix: string[] = [];
  if (installed) {
    cause = msg('system.dnlCauseInstalled', { gpus: names, installed, bound: boundText, kernel: s.os.kernel?.value ?? '?' });
    fix.push(msg('system.dnlFixWhy'), 'sudo modprobe nvidia', "sudo dmesg | grep -i -E 'nvidia|nvrm|nouveau|secure|key' | tail -n 30");
    // The module is rebuilt for the running kernel by the tool that built it: DKMS, or akmods on Fedora.
    const akmods = osTarget(s).distro === 'fedora';
    if (s.os.dkms?.value.length || akmods) {
      fix.push(msg('system.dnlFixRebuild'));
      const rebuild = moduleRebuildLines(s, { dkms: !!s.os.dkms?.value.length });
      fix.push(...(s.os.kernelHeaders?.value === false ? rebuild : rebuild.filter((l) => l !== kernelHeadersCommand(s))), 'sudo modprobe nvidia');
    }
    if (s.os.nouveau.loaded?.value) fix.push(msg('system.dnlFixNouveau'));
    if (s.os.secureBoot?.value === 'enabled') fix.push(msg('system.dnlFixSecureBoot'));
    fix.push('nvidia-smi');
  } else {
    cause = msg('system.dnlCauseNone', { gpus: names, bound: boundText });
    if (s.os.nouveau.loaded?.value) fix.push(msg('system.dnlFixNouveau'));
    if (headers) fix.push(headers);
    fix.push(...driverInstallCommands(s, gpus.map(specForPci)));
    if (s.os.secureBoot?.value === 'enabled') fix.push(msg('system.dnlFixSecureBoot'));
    fix.push(msg('system.dnlFixReboot'), 'sudo reboot');
  }
  // Native Windows reinstalls with NVIDIA's installer; in a container the module and its packages are the host's.
  const platform = osTarget(s).platform;
  const where =
    platform === 'windows'
      ? [`# ${msg('system.dnlFixWindows')}`, 'nvidia-smi']
      : platform === 'container'
        ? [
            `# ${msg('system.dnlFixOnHost')}`,
            ...driverInstallCommands(s, gpus.map(specForPci)).filter((l) => l.startsWith('# ')),
            msg('system.noGpuFixContainerRun'),
            'docker run --rm --gpus all <image> nvidia-smi',
          ]
        : fix;
  const f: Finding = { code: 'driver-not-loaded', severity: 'error', title: msg('system.dnlTitle'), cause, evidence, fix: where };
  return [f];
}

/** What shows an NVIDIA driver is installed although its module is not loaded. */
function installedDriver(s: Snapshot): string | null {
  const dkms = s.os.dkms?.value ?? [];
  if (dkms.length) return `DKMS ${dkms.join(', ')}`;
  const lib = s.nativeLibraries.nvml?.loadedPath ?? s.nativeLibraries.cuda?.loadedPath;
  return lib ?? null;
}

function hung(s: Snapshot): Finding[] {
  const timedOut = s.probes.filter((p) => p.timedOut || /timeout|did not return/i.test(p.detail ?? ''));
  if (timedOut.length === 0) return [];
  const what = timedOut.map((p) => `${p.name}: ${p.detail ?? 'timed out'}`).join('; ');
  const version = s.driver.kernelModule ? ` ${s.driver.kernelModule.value}` : '';
  const idx = s.pciGpus.find((p) => p.driver === 'nvidia')?.address;
  return [
    {
      code: 'driver-not-loaded',
      severity: 'error',
      title: msg('system.dnlTitleHung'),
      cause: msg('system.dnlCauseHung', { version, what }),
      evidence: [
        ...ev(msg('system.evKernelModule'), s.driver.kernelModule),
        ...timedOut.map((p) => ({ fact: msg('system.evProbe'), value: `${p.name}: ${p.detail ?? 'timed out'}`, source: 'probe' })),
        ...s.pciGpus.map((p) => ({ fact: msg('system.evPciDevice'), value: pciLabel(p), source: p.source })),
      ],
      fix: [
        msg('system.dnlFixHungLog'),
        "sudo dmesg | grep -i -E 'xid|fallen off the bus|nvrm' | tail -n 30",
        msg('system.dnlFixHungReset'),
        idx ? `sudo nvidia-smi -r -i ${idx}` : 'sudo nvidia-smi -r',
        'sudo reboot',
      ],
    },
  ];
}

/**
 * What a message says: the module switched off (prime-select), the open module on a GPU without a GSP, a compiler
 * mismatch, fabric manager, a BAR, a GPU the driver does not support, a broken nvidia_uvm, a module akmods did not
 * build; otherwise no module for this kernel, or not loaded at all (generic: a Snapshot check of this machine says it better).
 */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  if (inWsl(ctx)) return undefined;
  const os = osTarget(ctx.snapshot);
  // The machine's GPU is another vendor's: there is no NVIDIA driver to load (no-gpu says so). WSL 1 has no GPU at all
  // (the wsl finding says so; WSL 1 is not flagged as WSL in the facts because /usr/lib/wsl/lib does not exist there).
  if ((has(ctx.events, 'amd-gpu', 'vm-display-adapter') && !ctx.gpus.length) || has(ctx.events, 'wsl1')) return undefined;
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx)];
  if (has(events, 'modprobe-alias-off')) {
    return {
      specific: true,
      fit: 2,
      finding: finding('driver-not-loaded', 'error', explainersMsg('dnlPrimeTitle'), explainersMsg('dnlPrimeCause'), evidence, [
        'prime-select query',
        'grep -rn "alias nvidia off" /lib/modprobe.d/ /etc/modprobe.d/',
        `sudo prime-select on-demand   # ${msg('fixes.dnl.primeOr')}`,
        'sudo reboot',
      ]),
    };
  }
  if (has(events, 'nvrm-open-no-gsp')) {
    const v = ctx.driver?.version ?? ctx.snapshot.driver.kernelModule?.value;
    const branch = versionParts(v ?? '')[0];
    const g = ctx.gpus[0];
    return {
      specific: true,
      fit: 2,
      finding: finding(
        'driver-not-loaded',
        'error',
        explainersMsg('dnlGspTitle'),
        explainersMsg('dnlGspCause', { gpu: g ? ` (${g.gpu.name}, ${g.sm})` : '' }),
        evidence,
        [
          ...proprietaryModuleLines(ctx.snapshot, branch === undefined ? undefined : String(branch)),
          `# ${msg('fixes.dnl.runInstaller')} sh NVIDIA-Linux-x86_64-<version>.run --kernel-module-type=proprietary`,
          `modinfo nvidia | grep -i license   # ${msg('fixes.dnl.license')}`,
        ],
      ),
    };
  }
  const cc = first(events, 'dkms-cc-mismatch');
  if (cc) {
    const vars = { kernelCc: cc.groups.kernelCc ?? '?', cc: cc.groups.cc ?? '?', kernel: ctx.snapshot.os.kernel?.value ?? explainersMsg('unknown') };
    return {
      specific: true,
      fit: 2,
      finding: finding('driver-not-loaded', 'error', explainersMsg('dnlCcTitle', vars), explainersMsg('dnlCcCause', vars), evidence, [
        `cat /proc/version   # ${msg('fixes.dnl.procVersion')}`,
        'gcc --version',
        `# ${msg('fixes.dnl.installGcc', { cc: vars.kernelCc })}`,
        `# ${msg('fixes.dnl.ignoreCc', { cmd: 'IGNORE_CC_MISMATCH=1 sh NVIDIA-Linux-*.run' })}`,
      ]),
    };
  }
  if (has(events, 'system-not-initialized')) {
    const v = ctx.driver?.version;
    // 802 is the fabric manager's on an NVSwitch board (fabric-manager.ts reads it): here only the rest of its
    // readings, a driver that has not finished setting the system up.
    return {
      specific: true,
      fit: 0.5,
      finding: finding('driver-not-loaded', 'error', explainersMsg('dnlTitle'), explainersMsg('dnlFabric', { driver: v ? ` (${v})` : '' }), evidence, [
        'systemctl status nvidia-fabricmanager',
        fabricManagerInstall(ctx.snapshot, v ?? undefined),
        'sudo systemctl enable --now nvidia-fabricmanager',
      ]),
    };
  }
  if (has(events, 'nvrm-bar')) {
    return {
      specific: true,
      fit: 2,
      finding: finding('driver-not-loaded', 'error', explainersMsg('dnlBarTitle'), explainersMsg('dnlBarCause'), evidence, [
        `# ${msg('fixes.dnl.bios')}`,
        `# ${msg('system.dnlFixRealloc')}`,
        ...kernelParameterLines(ctx.snapshot, 'pci=realloc'),
        `sudo lspci -vv -s <bus:dev.fn> | grep -i region   # ${msg('fixes.dnl.bars')}`,
        'sudo reboot',
      ]),
    };
  }
  const unsupported = first(events, 'nvrm-gpu-unsupported');
  if (unsupported) {
    const drv = unsupported.groups.driver ?? ctx.driver?.version ?? '?';
    evidence.push({ fact: explainersMsg('evDriver'), value: drv, source: 'pasted:dmesg' });
    return {
      specific: true,
      fit: 2,
      finding: finding(
        'driver-not-loaded',
        'error',
        explainersMsg('dnlUnsupportedTitle', { driver: drv }),
        explainersMsg('dnlUnsupportedCause', { driver: drv }),
        evidence,
        [
          `lspci -nn | grep -i nvidia   # ${msg('fixes.dnl.pciId')}`,
          `# ${msg('fixes.dnl.readmeAppendix')}`,
          `# ${msg('system.dnlFixBranchPick')}`,
          ...driverBranchLines(ctx.snapshot),
          'sudo reboot',
        ],
      ),
    };
  }
  if (has(events, 'cuda-unknown-error')) {
    return {
      specific: true,
      fit: 1.2,
      finding: finding(
        'driver-not-loaded',
        'error',
        explainersMsg('dnlTitle'),
        explainersMsg('dnlUvm'),
        evidence,
        os.platform === 'windows' ? [`# ${msg('system.dnlFixWindows')}`, 'nvidia-smi'] : ['sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm', 'nvidia-smi'],
      ),
    };
  }
  const secure = ctx.snapshot.os.secureBoot?.value === 'enabled' || has(ctx.events, 'key-rejected', 'lockdown');
  const nouveau = ctx.snapshot.os.nouveau?.loaded?.value === true || has(ctx.events, 'nouveau');
  const direct = has(events, 'smi-failed', 'torch-no-driver', 'modprobe-no-nvidia', 'smi-not-found', 'nvidia-kmod-missing', 'akmods-failed');
  if (has(events, 'nvidia-kmod-missing', 'akmods-failed')) {
    return {
      specific: true,
      fit: secure || nouveau ? 0.7 : 1.3,
      finding: finding('driver-not-loaded', 'error', explainersMsg('dnlTitle'), explainersMsg('kmodMissingCause'), evidence, [
        'uname -r; rpm -q kernel-devel akmod-nvidia',
        'sudo dnf install -y kernel-devel-$(uname -r)',
        'sudo akmods --force && sudo dracut --force',
        'mokutil --sb-state',
        'sudo reboot',
        'modinfo -F version nvidia',
      ]),
    };
  }
  // The kernel the module is missing for (modprobe's /lib/modules/<release>, dkms, uname) and the driver named.
  const kernel = events.map((e) => e.groups.kernel).find(Boolean) ?? ctx.snapshot.os.kernel?.value ?? undefined;
  const drv = events.map((e) => e.groups.driver).find(Boolean) ?? ctx.driver?.version;
  if (kernel) evidence.push({ fact: explainersMsg('evKernel'), value: kernel, source: ctx.snapshot.os.kernel?.source ?? 'pasted' });
  if (drv) evidence.push({ fact: explainersMsg('evDriver'), value: drv, source: ctx.driver?.source ?? 'pasted' });
  const k = kernel ?? '$(uname -r)';
  // Inside a container nvidia-smi fails when the runtime did not pass the GPU in; no-gpu carries that fix.
  const inContainer = has(ctx.events, 'container-context') && !moduleEventOf(events);
  const moduleEvent = has(events, 'modprobe-no-nvidia', 'dkms-error', 'kernel-module-prose', 'version-magic');
  const cause = moduleEvent
    ? explainersMsg('dnlModuleCause', { kernel: kernel ?? explainersMsg('dnlRunningKernel'), driver: drv ? ` ${drv}` : '' })
    : explainersMsg('dnlCause');
  // The paste's own nvidia-smi header (its Driver Version and CUDA Version) shows the driver answering: not loaded is unlikely.
  const fit = smiAnswered(ctx.snapshot) ? 0.3 : inContainer ? 0.5 : secure || nouveau ? 0.7 : direct || moduleEvent ? 1.4 : 0.8;
  // Native Windows has no kernel module to build: the driver is reinstalled with NVIDIA's installer.
  if (os.platform === 'windows')
    return {
      specific: false,
      fit,
      finding: finding('driver-not-loaded', 'error', explainersMsg('dnlTitle'), explainersMsg('dnlCause'), evidence, [
        `# ${msg('system.dnlFixWindows')}`,
        'nvidia-smi',
      ]),
    };
  // In a container the module is the host's: the same checks, run on the host.
  const onHost = os.platform === 'container' || inContainer ? [`# ${msg('system.dnlFixOnHost')}`] : [];
  const hostOs = os.platform === 'container' ? { ...ctx.snapshot, os: { ...ctx.snapshot.os, container: null, id: null } } : ctx.snapshot;
  return {
    specific: false,
    fit,
    finding: finding('driver-not-loaded', 'error', explainersMsg('dnlTitle'), cause, evidence, [
      ...onHost,
      `# ${explainersMsg('dnlCheck')}`,
      'sudo dmesg | grep -iE "nvidia|nvrm|nouveau|secure|lockdown"',
      'dkms status',
      `ls /lib/modules/${k}/updates/dkms/ 2>/dev/null   # ${msg('fixes.dkmsBuiltForKernel')}`,
      ...moduleRebuildLines(hostOs, { kernel: kernel ?? undefined, driver: drv ?? undefined, dkms: true }),
      'sudo modprobe nvidia',
      'nvidia-smi',
    ]),
  };
}

/** The driver version and its CUDA come from pasted nvidia-smi output (the table's header, -q): the driver answered. "NVML library version" alone does not count. */
function smiAnswered(s: Snapshot): boolean {
  const smi = (src: string | undefined) => !!src && /^pasted:nvidia-smi\b/.test(src);
  return smi(s.driver.version?.source) && smi(s.driver.cudaVersion?.source);
}
