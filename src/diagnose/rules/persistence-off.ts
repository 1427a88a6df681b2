// persistence-off: a data-centre GPU without persistence mode. Each job start re-initialises the GPU (seconds),
// and clock settings are lost between jobs; NVIDIA recommends nvidia-persistenced there. GeForce cards are left alone.
import type { Gpu } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { Snapshot } from '../../snapshot/types.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { m } from './messages-health.js';
import { specForGpu } from '../system-facts.js';

export const rule: Rule = {
  code: 'persistence-off',
  scope: 'node',
  check: (input) => factFindings(input, findingsOf(input.snapshot)),
};

function findingsOf(s: Snapshot): Finding[] {
  return s.gpus.filter((g) => g.persistenceMode === false && specForGpu(g)?.segment === 'datacenter').map(finding);
}

function finding(g: Gpu): Finding {
  return {
    code: 'persistence-off',
    severity: 'warning',
    title: m('pmTitle', { index: g.index, name: g.name }),
    cause: m('pmCause'),
    evidence: [{ fact: m('evPersistence'), value: 'off', source: g.source }],
    fix: [m('pmFix'), 'sudo systemctl enable --now nvidia-persistenced', m('pmFixLegacy'), `sudo nvidia-smi -i ${g.index} -pm 1`],
    subject: `gpu:${g.index}`,
  };
}
