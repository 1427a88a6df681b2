// fabric-manager: an NVSwitch system (HGX/DGX) whose NVIDIA Fabric Manager is not running, CUDA's "system not
// ready" (802), or a GPU that has not finished joining the NVLink fabric. CUDA cannot start on such a node.
import type { Snapshot } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { m } from './messages-health.js';

const NOT_READY = /SYSTEM_NOT_READY|\b802\b/;

export const rule: Rule = {
  code: 'fabric-manager',
  scope: 'node',
  check: (input) => factFindings(input, findingsOf(input.snapshot)),
};

function findingsOf(s: Snapshot): Finding[] {
  const switches = s.fabric?.nvswitches.length ?? 0;
  const running = s.fabric?.managerRunning ?? null;
  const cudaError = s.cudaDriverApi?.error ?? null;
  const evidence = baseEvidence(s);
  const fix = [m('fmFixStart'), 'sudo systemctl enable --now nvidia-fabricmanager', m('fmFixLog'), 'sudo journalctl -u nvidia-fabricmanager -n 50 --no-pager'];
  // Inside a container /proc shows the container's processes only: "not running" is not known there, and the
  // cuInit and fabric-state checks below still see a missing fabric manager.
  if (switches > 0 && running?.value === false && !s.os.container?.value) {
    return [{ code: 'fabric-manager', severity: 'error', title: m('fmTitle'), cause: m('fmCause', { n: switches }), evidence, fix }];
  }
  if (cudaError && NOT_READY.test(cudaError)) {
    return [
      {
        code: 'fabric-manager',
        severity: 'error',
        title: m('fmTitleCuda'),
        cause: m('fmCauseCuda', { error: cudaError, driver: s.driver.version?.value ?? '?' }),
        evidence,
        fix,
      },
    ];
  }
  if (switches === 0) return [];
  return s.gpus.flatMap((g): Finding[] => {
    const f = g.fabric;
    const failed = f?.state === 'completed' && f.status !== null && f.status !== 'NVML_SUCCESS' && !/^success$/i.test(f.status);
    if (!f || (f.state !== 'not-started' && f.state !== 'in-progress' && !failed)) return [];
    const state = failed ? `completed with ${f.status}` : f.state;
    return [
      {
        code: 'fabric-manager',
        severity: 'error',
        title: m('fmTitleState', { index: g.index, state }),
        cause: m('fmCauseState', { state: f.state, status: f.status ?? '?' }),
        evidence: [...evidence, { fact: m('evFabric', { index: g.index }), value: `${f.state} (${f.status ?? '?'})`, source: g.source }],
        fix,
        subject: `gpu:${g.index}`,
      },
    ];
  });
}

function baseEvidence(s: Snapshot): Evidence[] {
  const out: Evidence[] = [];
  if (s.fabric)
    out.push({
      fact: m('evNvswitch'),
      value: s.fabric.nvswitches.map((n) => `${n.address} (${n.deviceId})`).join(', ') || 'none',
      source: 'sysfs:/sys/bus/pci/devices',
    });
  if (s.fabric?.managerRunning) out.push({ fact: m('evFm'), value: String(s.fabric.managerRunning.value), source: s.fabric.managerRunning.source });
  if (s.cudaDriverApi?.error) out.push({ fact: m('evCudaInit'), value: s.cudaDriverApi.error, source: 'cuda-driver:cuInit' });
  return out;
}
