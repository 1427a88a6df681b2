// fabric-manager: an NVSwitch system (HGX/DGX) whose NVIDIA Fabric Manager is not running, CUDA's "system not
// ready" (802), or a GPU that has not finished joining the NVLink fabric. CUDA cannot start on such a node.
import type { Gpu, Snapshot } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import { fabricManagerInstall } from '../../install/driver.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { ExplainContext } from '../context.js';
import { finding, lineEvidence } from '../explain-helpers.js';
import { oneFinding, type Reading } from '../from-text.js';
import { specForGpu } from '../system-facts.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';

const NOT_READY = /SYSTEM_NOT_READY|\b802\b/;

export const rule: Rule = {
  code: 'fabric-manager',
  scope: 'node',
  check(input) {
    const found = findingsOf(input.snapshot);
    return input.origin === 'machine' ? found : oneFinding(input, 'fabric-manager', found, fromMessage);
  },
};

/**
 * SXM modules from the A100 on sit on HGX/DGX boards whose NVLink runs through NVSwitch chips (V100 SXM2 boards had
 * them on DGX-2 / HGX-2 only): the GPUs where 802 means the fabric manager. PCIe cards and Grace superchips do not.
 */
function onNvswitchBoard(g: Gpu): boolean {
  const spec = specForGpu(g);
  if (spec?.interconnect) return /^SXM\d? module/.test(spec.interconnect) && spec.architecture !== 'Pascal';
  return /\bSXM\d?\b|\bHGX\b|\bDGX\b/i.test(g.name);
}

/**
 * CUDA's 802 in a text: the fabric manager of an NVSwitch system. A GPU of such a board in the paste, or the text
 * naming NVSwitch / the fabric manager / HGX, confirms it; only PCIe cards in the paste doubt it (802 is then the
 * driver not having finished, driver-not-loaded's second reading).
 */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  const gpus = ctx.snapshot.gpus;
  const board = gpus.filter(onNvswitchBoard);
  const said = ctx.events.some((e) => /nvswitch|fabric ?manager|\bHGX\b|\bDGX\b/i.test(e.text));
  const pcie = gpus.length > 0 && board.length === 0 && gpus.every((g) => specForGpu(g)?.pcie);
  const driver = ctx.driver?.version;
  const names = board.length ? `: ${[...new Set(board.map((g) => g.name))].join(', ')}` : '';
  const evidence: Evidence[] = [
    ...lineEvidence(events),
    ...board.slice(0, 2).map((g) => ({ fact: msg('readings.evNvswitchGpu'), value: g.name, source: 'pasted + GPU catalogue (interconnect)' })),
  ];
  return {
    specific: true,
    fit: board.length || said ? 1.6 : pcie ? 0.2 : 1,
    finding: finding(
      'fabric-manager',
      'error',
      msg('readings.fmTextTitle'),
      msg('readings.fmTextCause', { gpus: names, driver: driver ? ` (${driver})` : '' }),
      evidence,
      [
        msg('readings.fmTextFixStatus'),
        'systemctl status nvidia-fabricmanager --no-pager',
        'sudo journalctl -u nvidia-fabricmanager -n 50 --no-pager',
        msg('readings.fmTextFixVersion'),
        'cat /proc/driver/nvidia/version',
        fabricManagerInstall(ctx.snapshot, driver ?? undefined),
        msg('health.fmFixStart'),
        'sudo systemctl enable --now nvidia-fabricmanager',
      ],
    ),
  };
}

function findingsOf(s: Snapshot): Finding[] {
  const switches = s.fabric?.nvswitches.length ?? 0;
  const running = s.fabric?.managerRunning ?? null;
  const cudaError = s.cudaDriverApi?.error ?? null;
  const evidence = baseEvidence(s);
  const fix = [
    msg('health.fmFixStart'),
    'sudo systemctl enable --now nvidia-fabricmanager',
    msg('health.fmFixLog'),
    'sudo journalctl -u nvidia-fabricmanager -n 50 --no-pager',
  ];
  // Inside a container /proc shows the container's processes only: "not running" is not known there, and the
  // cuInit and fabric-state checks below still see a missing fabric manager.
  if (switches > 0 && running?.value === false && !s.os.container?.value) {
    return [{ code: 'fabric-manager', severity: 'error', title: msg('health.fmTitle'), cause: msg('health.fmCause', { n: switches }), evidence, fix }];
  }
  if (cudaError && NOT_READY.test(cudaError)) {
    return [
      {
        code: 'fabric-manager',
        severity: 'error',
        title: msg('health.fmTitleCuda'),
        cause: msg('health.fmCauseCuda', { error: cudaError, driver: s.driver.version?.value ?? '?' }),
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
        title: msg('health.fmTitleState', { index: g.index, state }),
        cause: msg('health.fmCauseState', { state: f.state, status: f.status ?? '?' }),
        evidence: [...evidence, { fact: msg('health.evFabric', { index: g.index }), value: `${f.state} (${f.status ?? '?'})`, source: g.source }],
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
      fact: msg('health.evNvswitch'),
      value: s.fabric.nvswitches.map((n) => `${n.address} (${n.deviceId})`).join(', ') || 'none',
      source: 'sysfs:/sys/bus/pci/devices',
    });
  if (s.fabric?.managerRunning) out.push({ fact: msg('health.evFm'), value: String(s.fabric.managerRunning.value), source: s.fabric.managerRunning.source });
  if (s.cudaDriverApi?.error) out.push({ fact: msg('health.evCudaInit'), value: s.cudaDriverApi.error, source: 'cuda-driver:cuInit' });
  return out;
}
