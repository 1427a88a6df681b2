// wsl: WSL 2 reaches the GPU through the Windows driver, mapped into /usr/lib/wsl/lib. A Linux driver installed in
// the distribution shadows it; a loader path without /usr/lib/wsl/lib finds nothing.
// Sources: NVIDIA "CUDA on WSL User Guide" (install the Windows driver only; no Linux display driver in WSL; use the
// WSL-Ubuntu CUDA repository / cuda-toolkit-X-Y package); WSL writes /etc/ld.so.conf.d/ld.wsl.conf with
// /usr/lib/wsl/lib (wsl.conf [automount] ldconfig / WSL init "ConfigApplyWindowsLibPath").
import type { NativeLibrary, Snapshot } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { driverAnswers, ev, isUnder, isWsl } from '../system-facts.js';
import { ownerCommand } from '../../install/system.js';
import { defineMessages } from '../../i18n/index.js';

// Sentences of the partial-facts branch (a pasted text, `gpuenv explain`), kept here with the rule.
const pm = defineMessages({
  en: {
    titlePaste: 'WSL 2: the GPU libraries come from the Windows driver in /usr/lib/wsl/lib',
    causePaste: 'The paste shows WSL 2. There the NVIDIA driver is the Windows one: libcuda.so, libcuda.so.1, libnvidia-ml.so.1 and nvidia-smi are files in /usr/lib/wsl/lib (listed in /etc/ld.so.conf.d/ld.wsl.conf), and there is no nvidia kernel module. Link and load from that folder; do not install a Linux NVIDIA driver inside WSL.',
    titleShadow: 'WSL 2: LD_LIBRARY_PATH puts {dirs} before /usr/lib/wsl/lib',
    causeShadow: 'LD_LIBRARY_PATH ({ld}) is searched before the ld.so.conf folders, so a libcuda or libnvidia-ml in {dirs} (from a Linux driver or nvidia-utils package) loads instead of the Windows driver\'s copy in /usr/lib/wsl/lib; nvidia-smi and CUDA then fail.',
    fixLink: 'to link against the driver API (-lcuda), use the WSL copy: -L/usr/lib/wsl/lib',
    fixShadow: 'drop the distribution folder from LD_LIBRARY_PATH, or put /usr/lib/wsl/lib first',
  },
  'zh-CN': {
    titlePaste: 'WSL 2：GPU 库来自 /usr/lib/wsl/lib 中的 Windows 驱动',
    causePaste: '粘贴内容显示这是 WSL 2。其中 NVIDIA 驱动是 Windows 的：libcuda.so、libcuda.so.1、libnvidia-ml.so.1 和 nvidia-smi 位于 /usr/lib/wsl/lib（由 /etc/ld.so.conf.d/ld.wsl.conf 列出），没有 nvidia 内核模块。请从该目录链接和加载；不要在 WSL 内安装 Linux NVIDIA 驱动。',
    titleShadow: 'WSL 2：LD_LIBRARY_PATH 把 {dirs} 放在 /usr/lib/wsl/lib 之前',
    causeShadow: 'LD_LIBRARY_PATH（{ld}）先于 ld.so.conf 中的目录被搜索，所以 {dirs} 中的 libcuda 或 libnvidia-ml（来自 Linux 驱动或 nvidia-utils 包）会代替 /usr/lib/wsl/lib 中 Windows 驱动的副本被加载；nvidia-smi 和 CUDA 随之失败。',
    fixLink: '链接驱动 API（-lcuda）时使用 WSL 的副本：-L/usr/lib/wsl/lib',
    fixShadow: '从 LD_LIBRARY_PATH 去掉发行版的库目录，或把 /usr/lib/wsl/lib 放在最前',
  },
});

/** Distribution library folders: a Linux driver's libcuda/libnvidia-ml would live there. */
const DISTRO_LIB = /^\/(?:usr\/)?lib(?:64)?(?:\/(?:x86_64|aarch64)-linux-gnu)?\/?$/;

const WSL_LIB = '/usr/lib/wsl';

export const rule: SnapshotRule = {
  code: 'wsl',
  scope: 'node',
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
    // Partial facts (a paste): no native-library probe ran, so only the pasted OS facts and LD_LIBRARY_PATH speak.
    if (s.nativeLibraries.nvml === null && s.nativeLibraries.cuda === null && s.os.wsl?.source.startsWith('pasted')) return pastedWsl(s, wslEvidence);
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

function pastedWsl(s: Snapshot, wslEvidence: Evidence[]): Finding[] {
  const ld = s.env.LD_LIBRARY_PATH;
  const dirs = ld ? ld.split(':').filter(Boolean) : [];
  const wslAt = dirs.findIndex((d) => d.replace(/\/+$/, '') === `${WSL_LIB}/lib`);
  const before = dirs.filter((d, i) => DISTRO_LIB.test(d) && (wslAt < 0 || i < wslAt));
  const check = ['ls -la /usr/lib/wsl/lib/', 'ldconfig -p | grep -E "libcuda|libnvidia-ml"', 'cat /etc/ld.so.conf.d/ld.wsl.conf'];
  if (before.length) {
    const vars = { dirs: before.join(', '), ld: ld ?? '' };
    return [{
      code: 'wsl', severity: 'error', title: pm('titleShadow', vars), cause: pm('causeShadow', vars),
      evidence: [...wslEvidence, ...ldEvidence(s)],
      fix: [`# ${pm('fixShadow')}`, 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH', ...check, m('wslFixWindows')],
    }];
  }
  return [{
    code: 'wsl', severity: 'info', title: pm('titlePaste'), cause: pm('causePaste'),
    evidence: [...wslEvidence, ...ldEvidence(s)],
    fix: [...check, 'sudo ldconfig', `# ${pm('fixLink')}`, m('wslFixWindows'), m('wslFixCheck')],
  }];
}
