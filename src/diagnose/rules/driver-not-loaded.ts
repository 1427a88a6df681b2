// driver-not-loaded: an NVIDIA device is on the PCI bus but no nvidia module is loaded (nothing installed, or
// installed and failed to load), or the module is loaded and the driver does not answer (hung NVML / nvidia-smi).
import type { Evidence, Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { Snapshot } from '../../snapshot/types.js';
import { m } from './messages-system.js';
import { driverAnswers, ev, isWsl, moduleLoaded, pciLabel, specForPci } from '../system-facts.js';
import { kernelHeadersCommand } from '../../install/system.js';
import { driverInstallCommands } from '../../install/driver.js';

export const rule: SnapshotRule = {
  code: 'driver-not-loaded',
  scope: 'node',
  check(s) {
    if (isWsl(s) || driverAnswers(s)) return [];
    if (moduleLoaded(s)) return hung(s);
    const gpus = s.pciGpus.filter((p) => p.driver !== 'nvidia');
    if (gpus.length === 0) return [];
    const bound = [...new Set(gpus.map((p) => p.driver).filter((d): d is string => d !== null))];
    const boundText = bound.length ? m('dnlCauseBound', { driver: bound.join(', ') }) : '';
    const installed = installedDriver(s);
    const evidence: Evidence[] = [
      ...gpus.map((p) => ({ fact: m('evPciDevice'), value: pciLabel(p), source: p.source })),
      ...gpus.filter((p) => p.driver).map((p) => ({ fact: m('evBoundDriver'), value: `${p.address}: ${p.driver}`, source: p.source })),
      ...ev(m('evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
      ...ev(m('evDkms'), s.os.dkms, (v) => (v.length ? v.join(', ') : 'none')),
      ...ev(m('evKernelHeaders'), s.os.kernelHeaders, (v) => (v ? 'installed' : 'missing')),
      ...ev(m('evOs'), s.os.prettyName),
    ];
    const names = gpus.map(pciLabel).join(', ');
    const headers = s.os.kernelHeaders?.value === false ? kernelHeadersCommand(s) : null;
    let cause: string;
    const fix: string[] = [];
    if (installed) {
      cause = m('dnlCauseInstalled', { gpus: names, installed, bound: boundText, kernel: s.os.kernel?.value ?? '?' });
      fix.push(m('dnlFixWhy'), 'sudo modprobe nvidia', "sudo dmesg | grep -i -E 'nvidia|nvrm|nouveau|secure|key' | tail -n 30");
      if (s.os.dkms?.value.length) {
        fix.push(m('dnlFixRebuild'));
        if (headers) fix.push(headers);
        fix.push('sudo dkms autoinstall', 'sudo modprobe nvidia');
      }
      if (s.os.nouveau.loaded?.value) fix.push(m('dnlFixNouveau'));
      if (s.os.secureBoot?.value === 'enabled') fix.push(m('dnlFixSecureBoot'));
      fix.push('nvidia-smi');
    } else {
      cause = m('dnlCauseNone', { gpus: names, bound: boundText });
      if (s.os.nouveau.loaded?.value) fix.push(m('dnlFixNouveau'));
      if (headers) fix.push(headers);
      fix.push(...driverInstallCommands(s, gpus.map(specForPci)));
      if (s.os.secureBoot?.value === 'enabled') fix.push(m('dnlFixSecureBoot'));
      fix.push(m('dnlFixReboot'), 'sudo reboot');
    }
    const f: Finding = { code: 'driver-not-loaded', severity: 'error', title: m('dnlTitle'), cause, evidence, fix };
    return [f];
  },
};

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
  return [{
    code: 'driver-not-loaded',
    severity: 'error',
    title: m('dnlTitleHung'),
    cause: m('dnlCauseHung', { version, what }),
    evidence: [
      ...ev(m('evKernelModule'), s.driver.kernelModule),
      ...timedOut.map((p) => ({ fact: m('evProbe'), value: `${p.name}: ${p.detail ?? 'timed out'}`, source: 'probe' })),
      ...s.pciGpus.map((p) => ({ fact: m('evPciDevice'), value: pciLabel(p), source: p.source })),
    ],
    fix: [
      m('dnlFixHungLog'),
      "sudo dmesg | grep -i -E 'xid|fallen off the bus|nvrm' | tail -n 30",
      m('dnlFixHungReset'),
      idx ? `sudo nvidia-smi -r -i ${idx}` : 'sudo nvidia-smi -r',
      'sudo reboot',
    ],
  }];
}
