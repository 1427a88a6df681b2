// secure-boot: UEFI Secure Boot refuses an NVIDIA module not signed by an enrolled key. Error when Secure Boot is
// on and the module is not loaded; warning when the state is unknown and the module is not loaded.
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { m as im } from '../../install/messages.js';
import { driverAnswers, ev, inContainer, isWsl, moduleLoaded, pciLabel } from '../system-facts.js';
import { mokEnrolLines } from '../../install/driver.js';

export { mokKey } from '../../install/driver.js';

export const rule: SnapshotRule = {
  code: 'secure-boot',
  scope: 'node',
  check(s) {
    if (isWsl(s) || inContainer(s) || moduleLoaded(s) || driverAnswers(s)) return [];
    const gpus = s.pciGpus;
    if (gpus.length === 0) return [];
    const state = s.os.secureBoot?.value ?? 'unknown';
    if (state === 'disabled') return [];
    const evidence = [
      ...ev(m('evSecureBoot'), s.os.secureBoot),
      ...ev(m('evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
      ...gpus.map((p) => ({ fact: m('evPciDevice'), value: pciLabel(p), source: p.source })),
      ...ev(m('evOs'), s.os.prettyName),
    ];
    if (state === 'unknown') {
      return [{
        code: 'secure-boot', severity: 'warning', title: m('sbTitleUnknown'), cause: m('sbCauseUnknown'), evidence,
        fix: [im('sbFixState'), 'mokutil --sb-state', m('sbFixLog'), "sudo dmesg | grep -i -E 'secure|key was rejected|required key|nvidia'"],
      }];
    }
    // mokutil --import / MOK Manager enrolment: the MOK procedure of shim (mokutil(1)); NVIDIA's installation guide
    // points to the same for signed modules.
    const fix = mokEnrolLines(s);
    const f: Finding = { code: 'secure-boot', severity: 'error', title: m('sbTitle'), cause: m('sbCause'), evidence, fix };
    return [f];
  },
};
