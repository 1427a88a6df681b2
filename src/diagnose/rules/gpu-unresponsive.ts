// gpu-unresponsive: the NVML / CUDA driver probe timed out (a hung driver hangs jobs too), or NVML says a GPU is
// lost. `gpuenv health` retries a timed-out probe once before this counts, so one slow answer never drains a node.
import { NATIVE_PROBE } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { Snapshot } from '../../snapshot/types.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';

const LOST = 'NVML_ERROR_GPU_IS_LOST';

export const rule: Rule = {
  code: 'gpu-unresponsive',
  scope: 'node',
  check: (input) => factFindings(input, findingsOf(input.snapshot)),
};

function findingsOf(s: Snapshot): Finding[] {
  const fix = [msg('health.hungFixSmi'), 'timeout 20 nvidia-smi', msg('health.hungFixReboot'), "sudo dmesg -T | grep -iE 'NVRM|Xid' | tail -n 50"];
  const probe = s.probes.find((p) => p.name === NATIVE_PROBE);
  const out: Finding[] = [];
  if (probe?.timedOut) {
    out.push({
      code: 'gpu-unresponsive',
      severity: 'error',
      title: msg('health.hungTitle'),
      cause: msg('health.hungCause', { detail: probe.detail ?? `${probe.durationMs} ms` }),
      evidence: [{ fact: msg('health.evProbe'), value: `${probe.name}: ${probe.detail ?? 'timed out'}`, source: 'gpuenv' }],
      fix,
    });
  }
  for (const g of s.gpus) {
    const lost = Object.entries(g.unavailable).find(([, why]) => why === LOST);
    if (!lost) continue;
    out.push({
      code: 'gpu-unresponsive',
      severity: 'error',
      title: msg('health.hungTitleLost', { index: g.index }),
      cause: msg('health.hungCauseLost', { index: g.index, error: LOST }),
      evidence: [{ fact: lost[0], value: LOST, source: g.source }],
      fix,
      subject: `gpu:${g.index}`,
    });
  }
  return out;
}
