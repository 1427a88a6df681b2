// secure-boot: UEFI Secure Boot refuses an NVIDIA module not signed by an enrolled key. Error when Secure Boot is
// on and the module is not loaded; warning when the state is unknown and the module is not loaded.
import type { Finding, Rule } from '../types.js';
import type { Snapshot } from '../../snapshot/types.js';
import { m } from './messages-system.js';
import { driverAnswers, ev, inContainer, isWsl, moduleLoaded, osFamily, pciLabel } from './system-helpers.js';

/**
 * Where DKMS keeps the key it signs modules with.
 * Debian/Ubuntu (shim-signed + dkms framework.conf mok_certificate): /var/lib/shim-signed/mok/MOK.der (Debian
 * Secure Boot guides, e.g. github.com/stezzbruh/Debian-Secure-Boot; Ubuntu's update-secureboot-policy uses the same).
 * DKMS 3 elsewhere generates /var/lib/dkms/mok.key + mok.pub ("Public certificate (MOK): /var/lib/dkms/mok.pub" in
 * its build log).
 */
export function mokKey(s: Snapshot): string {
  return osFamily(s) === 'debian' ? '/var/lib/shim-signed/mok/MOK.der' : '/var/lib/dkms/mok.pub';
}

export const rule: Rule = {
  code: 'secure-boot',
  check(s) {
    if (isWsl(s) || inContainer(s) || moduleLoaded(s) || driverAnswers(s)) return [];
    const gpus = s.pciGpus;
    if (gpus.length === 0) return [];
    const state = s.os.secureBoot?.value ?? 'unknown';
    if (state === 'disabled') return [];
    const key = mokKey(s);
    const evidence = [
      ...ev(m('evSecureBoot'), s.os.secureBoot),
      ...ev(m('evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
      ...gpus.map((p) => ({ fact: m('evPciDevice'), value: pciLabel(p), source: p.source })),
      ...ev(m('evOs'), s.os.prettyName),
    ];
    if (state === 'unknown') {
      return [{
        code: 'secure-boot', severity: 'warning', title: m('sbTitleUnknown'), cause: m('sbCauseUnknown'), evidence,
        fix: [m('sbFixState'), 'mokutil --sb-state', m('sbFixLog'), "sudo dmesg | grep -i -E 'secure|key was rejected|required key|nvidia'"],
      }];
    }
    // mokutil --import / MOK Manager enrolment: the MOK procedure of shim (mokutil(1)); NVIDIA's installation guide
    // points to the same for signed modules.
    const fix = [
      m('sbFixState'),
      'mokutil --sb-state',
      m('sbFixKey', { key }),
      `sudo mokutil --import ${key}`,
      m('sbFixPassword'),
      'sudo reboot',
      m('sbFixVerify'),
      `mokutil --test-key ${key}`,
      'lsmod | grep nvidia',
      m('sbFixDisable'),
    ];
    const f: Finding = { code: 'secure-boot', severity: 'error', title: m('sbTitle'), cause: m('sbCause'), evidence, fix };
    return [f];
  },
};
