// persistence-off: a data-centre GPU without persistence mode. Each job start re-initialises the GPU (seconds),
// and clock settings are lost between jobs; NVIDIA recommends nvidia-persistenced there. GeForce cards are left alone.
import type { Gpu } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { Snapshot } from '../../snapshot/types.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { ExplainContext } from '../context.js';
import { finding as explained, has, lineEvidence } from '../explain-helpers.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';
import { specForGpu } from '../system-facts.js';

export const rule: Rule = {
  code: 'persistence-off',
  scope: 'node',
  check(input) {
    const found = findingsOf(input.snapshot);
    return input.origin === 'machine' ? found : oneFinding(input, 'persistence-off', found, fromMessage);
  },
};

/**
 * The container hook timing out waiting for the driver: persistence off, NVIDIA's answer in those threads. A pasted
 * nvidia-smi showing persistence on for every GPU doubts it (then a GPU that does not answer, gpu-unresponsive).
 */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  if (!has(events, 'container-cli-timeout')) return undefined;
  const gpus = ctx.snapshot.gpus;
  const allOn = gpus.length > 0 && gpus.every((g) => g.persistenceMode === true);
  const off = gpus.filter((g) => g.persistenceMode === false);
  const evidence = [
    ...lineEvidence(events),
    ...off.slice(0, 2).map((g) => ({ fact: msg('health.evPersistence'), value: `GPU ${g.index}: off`, source: g.source })),
  ];
  return {
    specific: true,
    fit: allOn ? 0.3 : off.length ? 1.8 : 1.4,
    finding: explained('persistence-off', 'error', msg('readings.pmTextTitle'), msg('readings.pmTextCause'), evidence, [
      msg('readings.pmTextFixCheck'),
      'nvidia-smi --query-gpu=index,name,persistence_mode --format=csv',
      msg('health.pmFix'),
      'sudo systemctl enable --now nvidia-persistenced',
      msg('health.pmFixLegacy'),
      'sudo nvidia-smi -pm 1',
      msg('readings.pmTextFixAgain'),
      'docker run --rm --gpus all ubuntu nvidia-smi',
    ]),
  };
}

function findingsOf(s: Snapshot): Finding[] {
  return s.gpus.filter((g) => g.persistenceMode === false && specForGpu(g)?.segment === 'datacenter').map(finding);
}

function finding(g: Gpu): Finding {
  return {
    code: 'persistence-off',
    severity: 'warning',
    title: msg('health.pmTitle', { index: g.index, name: g.name }),
    cause: msg('health.pmCause'),
    evidence: [{ fact: msg('health.evPersistence'), value: 'off', source: g.source }],
    fix: [msg('health.pmFix'), 'sudo systemctl enable --now nvidia-persistenced', msg('health.pmFixLegacy'), `sudo nvidia-smi -i ${g.index} -pm 1`],
    subject: `gpu:${g.index}`,
  };
}
