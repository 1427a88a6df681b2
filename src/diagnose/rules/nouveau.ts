// nouveau: the open-source nouveau driver holds the GPU (error), or the NVIDIA driver is about to be installed and
// nothing blacklists nouveau (warning). The fix is the seed's 2.2 install path made explicit.
import type { Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { Snapshot } from '../../snapshot/types.js';
import type { ExplainContext } from '../context.js';
import { finding, first, has, inWsl, lineEvidence } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { driverAnswers, ev, inContainer, isWsl, moduleLoaded, pciLabel } from '../system-facts.js';
import { initramfsLines, nouveauBlacklistLines } from '../../install/driver.js';
import { osTarget } from '../../install/system.js';

export const rule: Rule = {
  code: 'nouveau',
  scope: 'node',
  check(input) {
    const found = check(input.snapshot, input.origin === 'paste');
    return input.origin === 'machine' ? found : oneFinding(input, 'nouveau', found, fromMessage);
  },
};

/** The Snapshot's check: nouveau bound to a GPU or loaded with no nvidia module (error), or not blacklisted before an install (warning). */
function check(s: Snapshot, pasted = false): Finding[] {
  if (isWsl(s) || inContainer(s) || osTarget(s).platform === 'windows') return [];
  const loaded = s.os.nouveau.loaded?.value === true;
  const blacklisted = s.os.nouveau.blacklisted;
  const held = s.pciGpus.filter((p) => p.driver === 'nouveau');
  // A GPU a paste names in prose ("my RTX 3060") is no answer from the driver.
  const answered = pasted ? s.driver.version !== null || s.gpus.some((g) => !/^pasted:(?:text|error message)$/.test(g.source)) : driverAnswers(s);
  const nvidiaUp = moduleLoaded(s) || answered;
  const evidence = [
    ...ev(msg('system.evNouveauLoaded'), s.os.nouveau.loaded, (v) => (v ? 'yes' : 'no')),
    ...ev(msg('system.evNouveauBlacklisted'), blacklisted, (v) => (v ? 'yes' : 'no')),
    ...held.map((p) => ({ fact: msg('system.evBoundDriver'), value: `${pciLabel(p)}: nouveau`, source: p.source })),
    ...ev(msg('system.evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
  ];
  // Blacklist file and lines: NVIDIA CUDA Installation Guide for Linux, "Disabling Nouveau" (blacklist-nouveau.conf
  // with "blacklist nouveau" + "options nouveau modeset=0", then update-initramfs -u / dracut --force).
  const fixFile = nouveauBlacklistLines(s);
  const rebuild = initramfsLines(s);
  // A paste reads no PCI bus: nouveau loaded (lsmod, dmesg) with no nvidia module and no driver answering is the GPU
  // taken by nouveau, as a machine whose bus shows the GPU.
  if (held.length > 0 || (loaded && !nvidiaUp && (s.pciGpus.length > 0 || pasted))) {
    const stale = blacklisted?.value === true ? msg('system.nvCauseStale', { file: blacklisted.source.replace(/^file:/, '') }) : '';
    const bound = held.length ? msg('system.nvCauseBound', { gpus: held.map(pciLabel).join(', ') }) : '';
    const f: Finding = {
      code: 'nouveau',
      severity: 'error',
      title: msg('system.nvTitle'),
      cause: msg('system.nvCause', { bound }) + stale,
      evidence,
      fix: [...(blacklisted?.value === true ? [] : fixFile), ...rebuild, msg('system.nvFixReboot'), 'sudo reboot', msg('system.nvFixBlack')],
    };
    return [f];
  }
  if (!loaded && !nvidiaUp && s.pciGpus.length > 0 && blacklisted?.value === false) {
    return [
      {
        code: 'nouveau',
        severity: 'warning',
        title: msg('system.nvTitleWarn'),
        cause: msg('system.nvCauseWarn'),
        evidence,
        fix: [...fixFile, ...rebuild],
      },
    ];
  }
  return [];
}

/** NVRM says another driver (nouveau, nova_core) holds the GPU; or nouveau is loaded, or an install's module load failed with nouveau in the way. */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  // "probe routine failed" after the open module refused a GPU without a GSP: not nouveau.
  if (inWsl(ctx) || has(ctx.events, 'nvrm-open-no-gsp')) return undefined;
  // nouveau is a Linux kernel driver: on native Windows or inside a container there is nothing of it to blacklist here.
  const platform = osTarget(ctx.snapshot).platform;
  if (platform === 'windows' || platform === 'container') return undefined;
  const bound = first(ctx.events, 'nvrm-already-bound')?.groups.owner;
  if (bound) {
    const nova = /nova/i.test(bound);
    return {
      specific: true,
      fit: 2,
      finding: finding(
        'nouveau',
        'error',
        explainersMsg('nvBoundTitle', { owner: bound }),
        explainersMsg(nova ? 'nvNovaCause' : 'nvCause', { owner: bound }),
        lineEvidence(ctx.events.filter((e) => e.signature === 'nvrm-already-bound')),
        [...nouveauBlacklistLines(ctx.snapshot, { nova }), ...initramfsLines(ctx.snapshot), 'sudo reboot', 'lsmod | grep -E "nouveau|nova|nvidia"'],
      ),
    };
  }
  const loaded = ctx.snapshot.os.nouveau?.loaded?.value === true || has(ctx.events, 'nouveau');
  const noDevice = /No such device/i.test(first(events, 'modprobe-not-permitted')?.groups.why ?? '');
  const suspect = has(events, 'installer-kmod-load-failed') || noDevice;
  if (!loaded && !suspect) return undefined;
  return {
    specific: false,
    fit: loaded || noDevice ? 1.6 : 0.9,
    finding: finding('nouveau', 'error', explainersMsg('nvTitle'), explainersMsg('nvCause'), lineEvidence(events), [
      ...nouveauBlacklistLines(ctx.snapshot),
      ...initramfsLines(ctx.snapshot),
      'sudo reboot',
    ]),
  };
}
