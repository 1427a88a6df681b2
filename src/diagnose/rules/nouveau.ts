// nouveau: the open-source nouveau driver holds the GPU (error), or the NVIDIA driver is about to be installed and
// nothing blacklists nouveau (warning). The fix is the seed's 2.2 install path made explicit.
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { driverAnswers, ev, inContainer, isWsl, moduleLoaded, pciLabel } from '../system-facts.js';
import { initramfsLines, nouveauBlacklistLines } from '../../install/driver.js';

export const rule: SnapshotRule = {
  code: 'nouveau',
  scope: 'node',
  check(s) {
    if (isWsl(s) || inContainer(s)) return [];
    const loaded = s.os.nouveau.loaded?.value === true;
    const blacklisted = s.os.nouveau.blacklisted;
    const held = s.pciGpus.filter((p) => p.driver === 'nouveau');
    const nvidiaUp = moduleLoaded(s) || driverAnswers(s);
    const evidence = [
      ...ev(m('evNouveauLoaded'), s.os.nouveau.loaded, (v) => (v ? 'yes' : 'no')),
      ...ev(m('evNouveauBlacklisted'), blacklisted, (v) => (v ? 'yes' : 'no')),
      ...held.map((p) => ({ fact: m('evBoundDriver'), value: `${pciLabel(p)}: nouveau`, source: p.source })),
      ...ev(m('evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
    ];
    // Blacklist file and lines: NVIDIA CUDA Installation Guide for Linux, "Disabling Nouveau" (blacklist-nouveau.conf
    // with "blacklist nouveau" + "options nouveau modeset=0", then update-initramfs -u / dracut --force).
    const fixFile = nouveauBlacklistLines();
    const rebuild = initramfsLines(s);
    if (held.length > 0 || (loaded && !nvidiaUp && s.pciGpus.length > 0)) {
      const stale = blacklisted?.value === true ? m('nvCauseStale', { file: blacklisted.source.replace(/^file:/, '') }) : '';
      const bound = held.length ? m('nvCauseBound', { gpus: held.map(pciLabel).join(', ') }) : '';
      const f: Finding = {
        code: 'nouveau', severity: 'error', title: m('nvTitle'), cause: m('nvCause', { bound }) + stale, evidence,
        fix: [...(blacklisted?.value === true ? [] : fixFile), ...rebuild, m('nvFixReboot'), 'sudo reboot', m('nvFixBlack')],
      };
      return [f];
    }
    if (!loaded && !nvidiaUp && s.pciGpus.length > 0 && blacklisted?.value === false) {
      return [{
        code: 'nouveau', severity: 'warning', title: m('nvTitleWarn'), cause: m('nvCauseWarn'), evidence,
        fix: [...fixFile, ...rebuild],
      }];
    }
    return [];
  },
};
