// driver-library-mismatch: the loaded kernel module and the user-space driver libraries (libnvidia-ml, libcuda)
// are of different versions: the classic "upgrade without reboot", or driver libraries baked into a container image.
import type { Evidence, Finding } from '../../findings.js';
import { versionParts } from '../../knowledge/version.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { Snapshot } from '../../snapshot/types.js';
import type { ExplainContext } from '../context.js';
import { has, lineEvidence } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { driverVersionFromPath, ev, inContainer, isWsl } from '../system-facts.js';
import { holdDriverLines, osTarget, ownerCommand } from '../../install/system.js';

const MISMATCH = /LIB_RM_VERSION_MISMATCH|SYSTEM_DRIVER_MISMATCH|Driver\/library version mismatch/i;

export const rule: Rule = {
  code: 'driver-library-mismatch',
  scope: 'node',
  check(input) {
    const found = check(input.snapshot);
    return input.origin === 'machine' ? found : oneFinding(input, 'driver-library-mismatch', found, fromMessage);
  },
};

/** The Snapshot's check: the module's version against the libraries that loaded, or a mismatch error a probe saw. */
function check(s: Snapshot): Finding[] {
  if (isWsl(s)) return [];
  const kernel = s.driver.kernelModule?.value ?? null;
  const nvmlPath = s.nativeLibraries.nvml?.loadedPath ?? null;
  const cudaPath = s.nativeLibraries.cuda?.loadedPath ?? null;
  // A cuda-compat libcuda differs from the module on purpose: that is forward-compat-shadowing's business.
  const cudaIsCompat = cudaPath !== null && (cudaPath.includes('/compat/') || s.cudaCompat.some((c) => c.path === cudaPath));
  const userCandidates: Array<{ version: string; evidence: Evidence; path: string }> = [];
  const nvmlV = driverVersionFromPath(nvmlPath);
  if (nvmlV && nvmlPath)
    userCandidates.push({
      version: nvmlV,
      path: nvmlPath,
      evidence: { fact: msg('system.evNvmlLoaded'), value: nvmlPath, source: 'native:libnvidia-ml.so.1' },
    });
  const cudaV = cudaIsCompat ? null : driverVersionFromPath(cudaPath);
  if (cudaV && cudaPath)
    userCandidates.push({ version: cudaV, path: cudaPath, evidence: { fact: msg('system.evCudaLoaded'), value: cudaPath, source: 'native:libcuda.so.1' } });
  if (s.driver.version && s.driver.version.source === 'nvml') {
    userCandidates.push({
      version: s.driver.version.value,
      path: nvmlPath ?? '',
      evidence: { fact: msg('system.evDriverVersion'), value: s.driver.version.value, source: s.driver.version.source },
    });
  }
  const differing = kernel ? userCandidates.find((u) => u.version !== kernel) : undefined;
  // Probe details join several errors with "; ". A compat libcuda's 803 is not this rule's.
  const errors = [
    ...new Set(
      [s.cudaDriverApi?.error ?? null, ...s.probes.map((p) => p.detail ?? null)]
        .flatMap((e) => (e ?? '').split(';').map((x) => x.trim()))
        .filter((e) => MISMATCH.test(e) && !(cudaIsCompat && /SYSTEM_DRIVER_MISMATCH/.test(e))),
    ),
  ];
  if (!differing && errors.length === 0) return [];
  const user = differing?.version ?? userCandidates[0]?.version ?? null;
  const errorText = errors.join('; ');
  const evidence: Evidence[] = [
    ...ev(msg('system.evKernelModule'), s.driver.kernelModule),
    ...userCandidates.filter((u) => u.version !== kernel).map((u) => u.evidence),
    ...(errorText
      ? [
          {
            fact: msg('system.evError'),
            value: errorText,
            source: s.cudaDriverApi?.error && MISMATCH.test(s.cudaDriverApi.error) ? 'cuda-driver:cuInit' : 'probe',
          },
        ]
      : []),
  ];
  const container = inContainer(s);
  const libPath = differing?.path || userCandidates[0]?.path || null;
  let cause: string;
  let fix: string[];
  if (container && kernel && user && user !== kernel) {
    cause = `${msg('system.dlmCause', { kernel, user })} ${msg('system.dlmCauseContainer', { container, kernel, user })}`;
    fix = [msg('system.dlmFixContainerFind', { kernel }), ...(libPath ? [ownerCommand(s, libPath)] : []), msg('system.dlmFixContainerRun')];
  } else {
    cause =
      kernel && user && user !== kernel
        ? msg('system.dlmCause', { kernel, user })
        : msg('system.dlmCauseUnknown', { kernel: kernel ? ` ${kernel}` : '', error: errorText });
    fix = [
      msg('system.dlmFixReboot', { user: user ?? '' }),
      'sudo reboot',
      msg('system.dlmFixReload'),
      'sudo systemctl stop nvidia-persistenced',
      'sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia',
      msg('system.dlmFixCheck', { user: user ?? '' }),
      'nvidia-smi',
    ];
  }
  const title = kernel && user && user !== kernel ? msg('system.dlmTitle', { kernel, user }) : msg('system.dlmTitleUnknown');
  const f: Finding = { code: 'driver-library-mismatch', severity: 'error', title, cause, evidence, fix };
  return [f];
}

/** A message says the module and the libraries differ ("Driver/library version mismatch", NVRM's API mismatch); the versions as the text gives them. */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading {
  const d = ctx.snapshot.driver;
  const client = d.version?.value;
  const kernel = d.kernelModule?.value;
  const evidence: Evidence[] = [...lineEvidence(events), ...ev(msg('system.evUserSpace'), d.version), ...ev(msg('system.evKernelModule'), d.kernelModule)];
  const both = client && kernel && client !== kernel;
  const direct = has(events, 'driver-library-mismatch', 'nvrm-api-mismatch', 'tf-kernel-dso-mismatch');
  const branch = versionParts(client ?? kernel ?? '')[0];
  return {
    fit: both ? 2 : direct ? 1.5 : 0.8,
    specific: false,
    finding: {
      code: 'driver-library-mismatch',
      severity: 'error',
      title: both ? msg('system.dlmTitle', { kernel: kernel!, user: client! }) : msg('system.dlmTitleUnknown'),
      cause: explainersMsg('dlmCause'),
      evidence,
      fix: mismatchFix(ctx.snapshot, branch === undefined ? undefined : String(branch)),
    },
  };
}

/**
 * What to do about a pasted mismatch, where it runs: Linux reloads the module (a reboot) and holds the packages;
 * WSL 2 restarts its VM after a Windows driver update (`wsl --shutdown`, Microsoft "Basic commands for WSL"); native
 * Windows restarts; a container's libraries come from the image or the runtime, not from its own packages.
 */
function mismatchFix(s: Snapshot, branch: string | undefined): string[] {
  const platform = osTarget(s).platform;
  if (platform === 'windows') return [`# ${msg('system.dlmFixWindows')}`, 'nvidia-smi'];
  if (platform === 'wsl') return [`# ${msg('system.dlmFixWsl')}`, 'wsl --shutdown', '/usr/lib/wsl/lib/nvidia-smi'];
  if (platform === 'container') return [`# ${msg('system.dlmFixContainerPaste')}`, msg('system.dlmFixContainerRun')];
  return [
    'cat /proc/driver/nvidia/version',
    `ls -l $(ldconfig -p | grep -o "/.*libnvidia-ml.so.1")   # ${msg('fixes.staleNvmlLink')}`,
    'sudo reboot',
    `# ${msg('fixes.orWhenIdle')} sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia`,
    `# ${explainersMsg('dlmHold')}`,
    ...holdDriverLines(s, branch),
  ];
}
