// secure-boot: UEFI Secure Boot refuses an NVIDIA module not signed by an enrolled key. Error when Secure Boot is
// on and the module is not loaded; warning when the state is unknown and the module is not loaded.
import type { Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { Snapshot } from '../../snapshot/types.js';
import type { ExplainContext } from '../context.js';
import { finding, first, has, inWsl, lineEvidence } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { msg as installMsg } from '../../install/messages.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { driverAnswers, ev, inContainer, isWsl, moduleLoaded, pciLabel } from '../system-facts.js';
import { mokEnrolLines } from '../../install/driver.js';
import { osTarget } from '../../install/system.js';

export { mokKey } from '../../install/driver.js';

export const rule: Rule = {
  code: 'secure-boot',
  scope: 'node',
  check(input) {
    const found = check(input.snapshot);
    return input.origin === 'machine' ? found : oneFinding(input, 'secure-boot', found, fromMessage);
  },
};

/** The Snapshot's check: GPUs on the bus, no module loaded, and Secure Boot on (or its state unknown). */
function check(s: Snapshot): Finding[] {
  if (isWsl(s) || inContainer(s) || osTarget(s).platform === 'windows' || moduleLoaded(s) || driverAnswers(s)) return [];
  const gpus = s.pciGpus;
  if (gpus.length === 0) return [];
  const state = s.os.secureBoot?.value ?? 'unknown';
  if (state === 'disabled') return [];
  const evidence = [
    ...ev(msg('system.evSecureBoot'), s.os.secureBoot),
    ...ev(msg('system.evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
    ...gpus.map((p) => ({ fact: msg('system.evPciDevice'), value: pciLabel(p), source: p.source })),
    ...ev(msg('system.evOs'), s.os.prettyName),
  ];
  if (state === 'unknown') {
    return [
      {
        code: 'secure-boot',
        severity: 'warning',
        title: msg('system.sbTitleUnknown'),
        cause: msg('system.sbCauseUnknown'),
        evidence,
        fix: [
          installMsg('install.sbFixState'),
          'mokutil --sb-state',
          msg('system.sbFixLog'),
          "sudo dmesg | grep -i -E 'secure|key was rejected|required key|nvidia'",
        ],
      },
    ];
  }
  // mokutil --import / MOK Manager enrolment: the MOK procedure of shim (mokutil(1)); NVIDIA's installation guide
  // points to the same for signed modules.
  const fix = mokEnrolLines(s);
  const f: Finding = { code: 'secure-boot', severity: 'error', title: msg('system.sbTitle'), cause: msg('system.sbCause'), evidence, fix };
  return [f];
}

/** A module refused ("Key was rejected", lockdown) or missing right after an install: Secure Boot, certainly or likely. */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  // UEFI Secure Boot and MOK concern a Linux kernel this system boots: not WSL 2, native Windows or a container.
  const platform = osTarget(ctx.snapshot).platform;
  if (inWsl(ctx) || platform === 'windows' || platform === 'container') return undefined;
  const off = ctx.snapshot.os.secureBoot?.value === 'disabled';
  const refused = first(ctx.events, 'modprobe-not-permitted');
  const hard =
    has(ctx.events, 'key-rejected', 'lockdown', 'required-key') ||
    ctx.snapshot.os.secureBoot?.value === 'enabled' ||
    (!!refused && /not permitted|rejected/i.test(refused.groups.why ?? ''));
  // A module missing or refusing to load right after an install, with nothing else said: Secure Boot is the usual suspect.
  const likely = !off && has(events, 'nvidia-kmod-missing', 'installer-kmod-load-failed', 'akmods-failed', 'modprobe-not-permitted');
  if (!hard && !likely && !has(events, 'smi-failed', 'module-verification-failed')) return undefined;
  if (off) return undefined;
  const evidence = lineEvidence(events);
  const sb = ctx.snapshot.os.secureBoot;
  if (sb?.value) evidence.push({ fact: 'Secure Boot', value: sb.value, source: sb.source });
  return {
    specific: false,
    fit: hard ? 2 : likely ? 1.5 : 0.3,
    finding: finding(
      'secure-boot',
      hard || likely ? 'error' : 'info',
      explainersMsg('sbTitle'),
      hard ? explainersMsg('sbCause') : likely ? explainersMsg('sbCauseLikely') : explainersMsg('sbCause'),
      evidence,
      mokEnrolLines(ctx.snapshot, { short: true }),
    ),
  };
}
