// wsl: WSL 2 reaches the GPU through the Windows driver, mapped into /usr/lib/wsl/lib. A Linux driver installed in
// the distribution shadows it; a loader path without /usr/lib/wsl/lib finds nothing.
// Sources: NVIDIA "CUDA on WSL User Guide" (install the Windows driver only; no Linux display driver in WSL; use the
// WSL-Ubuntu CUDA repository / cuda-toolkit-X-Y package); WSL writes /etc/ld.so.conf.d/ld.wsl.conf with
// /usr/lib/wsl/lib (wsl.conf [automount] ldconfig / WSL init "ConfigApplyWindowsLibPath").
import type { NativeLibrary, Snapshot } from '../../snapshot/types.js';
import type { Evidence, Finding, Rule } from '../types.js';
import { m } from './messages-system.js';
import { driverAnswers, ev, isUnder, isWsl, ownerCommand } from './system-helpers.js';

const WSL_LIB = '/usr/lib/wsl';

export const rule: Rule = {
  code: 'wsl',
  check(s) {
    if (!isWsl(s)) return [];
    const libs = [s.nativeLibraries.nvml, s.nativeLibraries.cuda].filter((l): l is NativeLibrary => l !== null);
    const linuxCopies = [
      ...libs.flatMap((l) => [l.loadedPath, l.loaderFirstChoice]).filter((p): p is string => p !== null && !isUnder(p, WSL_LIB) && !/\/stubs\//.test(p)),
    ];
    const uniq = [...new Set(linuxCopies)];
    const dkms = s.os.dkms?.value ?? [];
    const moduleSigns = s.driver.kernelModule !== null || s.driver.moduleLoaded?.value === true || dkms.length > 0;
    const wslEvidence: Evidence[] = ev(m('evWsl'), s.os.wsl, (v) => (v ? 'yes' : 'no'));
    if (uniq.length > 0 || moduleSigns) {
      const what = [...uniq, ...(s.driver.kernelModule ? [`kernel module ${s.driver.kernelModule.value}`] : []), ...dkms.map((d) => `DKMS ${d}`)].join(', ');
      const fix = [
        m('wslFixOwner'),
        ...uniq.map((p) => ownerCommand(s, p)),
        m('wslFixPurge'),
        'sudo ldconfig',
        m('wslFixToolkit'),
        m('wslFixWindows'),
        m('wslFixCheck'),
      ];
      return [{
        code: 'wsl', severity: 'error', title: m('wslTitleLinuxDriver'), cause: m('wslCauseLinuxDriver', { what }),
        evidence: [
          ...wslEvidence,
          ...uniq.map((p) => ({ fact: p.includes('libcuda') ? m('evCudaLoaded') : m('evNvmlLoaded'), value: p, source: 'native' })),
          ...ev(m('evKernelModule'), s.driver.kernelModule),
          ...ev(m('evDkms'), s.os.dkms, (v) => v.join(', ') || 'none'),
        ],
        fix,
      } satisfies Finding];
    }
    const missing = libs.filter((l) => l.loadedPath === null);
    if (!driverAnswers(s) && missing.length > 0) {
      return [{
        code: 'wsl', severity: 'error', title: m('wslTitleNoLib'),
        cause: m('wslCauseNoLib', { sonames: missing.map((l) => l.soname).join(', '), detail: missing.map((l) => l.error ?? 'not loaded').join('; ') }),
        evidence: [...wslEvidence, ...missing.map((l) => ({ fact: l.soname, value: l.error ?? 'not loaded', source: `native:${l.soname}` })), ...ldEvidence(s)],
        fix: [
          'ls -l /usr/lib/wsl/lib',
          m('wslFixLoader'),
          "echo /usr/lib/wsl/lib | sudo tee /etc/ld.so.conf.d/ld.wsl.conf",
          'sudo ldconfig',
          m('wslFixWindows'),
          m('wslFixCheck'),
        ],
      } satisfies Finding];
    }
    return [];
  },
};

function ldEvidence(s: Snapshot): Evidence[] {
  return s.env.LD_LIBRARY_PATH ? [{ fact: m('evLdLibraryPath'), value: s.env.LD_LIBRARY_PATH, source: 'env:LD_LIBRARY_PATH' }] : [];
}
