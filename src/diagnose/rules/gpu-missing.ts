// gpu-missing: fewer GPUs than the node should have (--expect-gpus, Slurm's Gres), or GPUs bound to the nvidia
// driver on the PCI bus that NVML does not list (failed to initialise). Either way jobs asking for all GPUs fail.
import type { Snapshot } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';

export const rule: Rule = {
  code: 'gpu-missing',
  scope: 'node',
  check: (input) => factFindings(input, findingsOf(input.snapshot)),
};

function findingsOf(s: Snapshot): Finding[] {
  const seen = s.gpus.length;
  const fix = [
    msg('health.missFixList'),
    'nvidia-smi -L',
    'lspci -d 10de: -nn',
    msg('health.missFixLog'),
    "sudo dmesg -T | grep -iE 'NVRM|RmInitAdapter|fallen off'",
    msg('health.missFixReboot'),
  ];
  const expected = s.expectedGpus;
  if (expected && seen < expected.value) {
    return [
      {
        code: 'gpu-missing',
        severity: 'error',
        title: msg('health.missTitle', { seen, expected: expected.value }),
        cause: msg('health.missCause', { seen, expected: expected.value, source: expected.source }),
        evidence: [
          { fact: msg('health.evExpected'), value: String(expected.value), source: expected.source },
          { fact: msg('health.evSeen'), value: String(seen), source: s.gpus[0]?.source ?? 'nvml' },
        ],
        fix,
      },
    ];
  }
  const bound = boundOnBus(s);
  if (bound !== null && seen > 0 && bound > seen) {
    return [
      {
        code: 'gpu-missing',
        severity: 'error',
        title: msg('health.missTitleBus', { bound, seen }),
        cause: msg('health.missCauseBus'),
        evidence: [
          { fact: msg('health.evPciBound'), value: String(bound), source: 'sysfs:/sys/bus/pci/devices' },
          { fact: msg('health.evSeen'), value: String(seen), source: s.gpus[0]?.source ?? 'nvml' },
        ],
        fix,
      },
    ];
  }
  return [];
}

/**
 * GPUs on the bus bound to the nvidia driver, when that count means something: inside a container the bus shows
 * the host's GPUs but NVML only the container's, and without NVML (nvidia-smi fallback, nothing) no comparison holds.
 */
function boundOnBus(s: Snapshot): number | null {
  if (s.os.container?.value || s.gpus.some((g) => g.source !== 'nvml')) return null;
  return s.pciGpus.filter((p) => p.driver === 'nvidia').length;
}
