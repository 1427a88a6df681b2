// compute-mode: a GPU in Prohibited compute mode (no CUDA context at all: error), in an exclusive mode (one process
// at a time: info, admins set it on purpose), or with a MIG mode change that waits for a reset (warning).
import type { Gpu } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { Snapshot } from '../../snapshot/types.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { m } from './messages-health.js';

export const rule: Rule = {
  code: 'compute-mode',
  scope: 'node',
  check: (input) => factFindings(input, findingsOf(input.snapshot)),
};

function findingsOf(s: Snapshot): Finding[] {
  return s.gpus.flatMap(check);
}

function check(g: Gpu): Finding[] {
  const out: Finding[] = [];
  const base = { index: g.index, name: g.name };
  const subject = `gpu:${g.index}`;
  const mode = g.computeMode ?? null;
  const evidence = [{ fact: m('evComputeMode'), value: mode ?? '?', source: g.source }];
  const toDefault = [m('cmFixDefault'), `sudo nvidia-smi -i ${g.index} -c DEFAULT`];
  if (mode === 'prohibited') {
    out.push({
      code: 'compute-mode',
      severity: 'error',
      title: m('cmTitleProhibited', base),
      cause: m('cmCauseProhibited'),
      evidence,
      fix: toDefault,
      subject,
    });
  } else if (mode === 'exclusive-process' || mode === 'exclusive-thread') {
    out.push({
      code: 'compute-mode',
      severity: 'info',
      title: m('cmTitleExclusive', { ...base, mode }),
      cause: m('cmCauseExclusive'),
      evidence,
      fix: toDefault,
      subject,
    });
  }
  const { current, pending } = g.migMode;
  if (current !== null && pending !== null && current !== pending) {
    const word = (on: boolean) => (on ? 'enabled' : 'disabled');
    out.push({
      code: 'compute-mode',
      severity: 'warning',
      title: m('migTitlePending', base),
      cause: m('migCausePending', { current: word(current), pending: word(pending) }),
      evidence: [{ fact: m('evMig'), value: `${word(current)} / ${word(pending)}`, source: g.source }],
      fix: [m('migFixReset', { index: g.index }), `sudo nvidia-smi -r -i ${g.index}`],
      subject,
    });
  }
  return out;
}
