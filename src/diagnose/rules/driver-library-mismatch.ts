// driver-library-mismatch: the loaded kernel module and the user-space driver libraries (libnvidia-ml, libcuda)
// are of different versions: the classic "upgrade without reboot", or driver libraries baked into a container image.
import type { Evidence, Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { driverVersionFromPath, ev, inContainer, isWsl } from '../system-facts.js';
import { ownerCommand } from '../../install/system.js';

const MISMATCH = /LIB_RM_VERSION_MISMATCH|SYSTEM_DRIVER_MISMATCH|Driver\/library version mismatch/i;

export const rule: SnapshotRule = {
  code: 'driver-library-mismatch',
  scope: 'node',
  check(s) {
    if (isWsl(s)) return [];
    const kernel = s.driver.kernelModule?.value ?? null;
    const nvmlPath = s.nativeLibraries.nvml?.loadedPath ?? null;
    const cudaPath = s.nativeLibraries.cuda?.loadedPath ?? null;
    // A cuda-compat libcuda differs from the module on purpose: that is forward-compat-shadowing's business.
    const cudaIsCompat = cudaPath !== null && (cudaPath.includes('/compat/') || s.cudaCompat.some((c) => c.path === cudaPath));
    const userCandidates: Array<{ version: string; evidence: Evidence; path: string }> = [];
    const nvmlV = driverVersionFromPath(nvmlPath);
    if (nvmlV && nvmlPath) userCandidates.push({ version: nvmlV, path: nvmlPath, evidence: { fact: m('evNvmlLoaded'), value: nvmlPath, source: 'native:libnvidia-ml.so.1' } });
    const cudaV = cudaIsCompat ? null : driverVersionFromPath(cudaPath);
    if (cudaV && cudaPath) userCandidates.push({ version: cudaV, path: cudaPath, evidence: { fact: m('evCudaLoaded'), value: cudaPath, source: 'native:libcuda.so.1' } });
    if (s.driver.version && s.driver.version.source === 'nvml') {
      userCandidates.push({ version: s.driver.version.value, path: nvmlPath ?? '', evidence: { fact: m('evDriverVersion'), value: s.driver.version.value, source: s.driver.version.source } });
    }
    const differing = kernel ? userCandidates.find((u) => u.version !== kernel) : undefined;
    // Probe details join several errors with "; ". A compat libcuda's 803 is not this rule's.
    const errors = [...new Set([s.cudaDriverApi?.error ?? null, ...s.probes.map((p) => p.detail ?? null)]
      .flatMap((e) => (e ?? '').split(';').map((x) => x.trim()))
      .filter((e) => MISMATCH.test(e) && !(cudaIsCompat && /SYSTEM_DRIVER_MISMATCH/.test(e))))];
    if (!differing && errors.length === 0) return [];
    const user = differing?.version ?? userCandidates[0]?.version ?? null;
    const errorText = errors.join('; ');
    const evidence: Evidence[] = [
      ...ev(m('evKernelModule'), s.driver.kernelModule),
      ...userCandidates.filter((u) => u.version !== kernel).map((u) => u.evidence),
      ...(errorText ? [{ fact: m('evError'), value: errorText, source: s.cudaDriverApi?.error && MISMATCH.test(s.cudaDriverApi.error) ? 'cuda-driver:cuInit' : 'probe' }] : []),
    ];
    const container = inContainer(s);
    const libPath = differing?.path || userCandidates[0]?.path || null;
    let cause: string;
    let fix: string[];
    if (container && kernel && user && user !== kernel) {
      cause = `${m('dlmCause', { kernel, user })} ${m('dlmCauseContainer', { container, kernel, user })}`;
      fix = [m('dlmFixContainerFind', { kernel }), ...(libPath ? [ownerCommand(s, libPath)] : []), m('dlmFixContainerRun')];
    } else {
      cause = kernel && user && user !== kernel ? m('dlmCause', { kernel, user }) : m('dlmCauseUnknown', { kernel: kernel ? ` ${kernel}` : '', error: errorText });
      fix = [
        m('dlmFixReboot', { user: user ?? '' }),
        'sudo reboot',
        m('dlmFixReload'),
        'sudo systemctl stop nvidia-persistenced',
        'sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia',
        m('dlmFixCheck', { user: user ?? '' }),
        'nvidia-smi',
      ];
    }
    const title = kernel && user && user !== kernel ? m('dlmTitle', { kernel, user }) : m('dlmTitleUnknown');
    const f: Finding = { code: 'driver-library-mismatch', severity: 'error', title, cause, evidence, fix };
    return [f];
  },
};
