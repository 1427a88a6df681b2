// no-gpu: no NVIDIA device at all (not even on the PCI bus). A device without a driver is driver-not-loaded,
// and WSL (no PCI device by design) is the wsl rule's.
import { PCI_SCAN } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { containerToolkitFix, driverAnswers, ev, inContainer, isWsl, moduleLoaded } from '../system-facts.js';

export const rule: SnapshotRule = {
  code: 'no-gpu',
  scope: 'node',
  check(s) {
    if (driverAnswers(s) || s.pciGpus.length > 0 || moduleLoaded(s) || isWsl(s)) return [];
    // An empty GPU list proves nothing unless the PCI bus was actually read (a pasted log never reads it).
    if (!s.probes.some((p) => p.name === PCI_SCAN && p.ok)) return [];
    const container = inContainer(s);
    const visible = s.env.NVIDIA_VISIBLE_DEVICES;
    const evidence = [
      { fact: m('evPciNone'), value: '0', source: 'sysfs:/sys/bus/pci/devices' },
      ...ev(m('evContainer'), s.os.container, (v) => v ?? 'none'),
      ...(visible !== undefined ? [{ fact: m('evVisibleDevices'), value: visible, source: 'env:NVIDIA_VISIBLE_DEVICES' }] : []),
    ];
    let cause: string;
    let fix: string[];
    if (container) {
      cause = m('noGpuCauseContainer', { container });
      if (visible !== undefined && /^(void|none|)$/i.test(visible.trim())) cause += ` ${m('noGpuCauseVisibleNone', { value: visible })}`;
      fix = [m('noGpuFixContainerHost'), 'nvidia-smi', ...containerToolkitFix()];
    } else {
      cause = m('noGpuCauseBare');
      fix = [m('noGpuFixBareCheck'), 'lspci -nn | grep -i nvidia', m('noGpuFixBareCloud')];
    }
    const f: Finding = { code: 'no-gpu', severity: 'error', title: m('noGpuTitle'), cause, evidence, fix };
    return [f];
  },
};
