// compute-mode: a GPU in Prohibited compute mode (no CUDA context at all: error), in an exclusive mode (one process
// at a time: info, admins set it on purpose), or with a MIG mode change that waits for a reset (warning).
import type { Gpu } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { Snapshot } from '../../snapshot/types.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { ExplainContext } from '../context.js';
import { finding, has, lineEvidence } from '../explain-helpers.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';

export const rule: Rule = {
  code: 'compute-mode',
  scope: 'node',
  check(input) {
    const found = findingsOf(input.snapshot);
    return input.origin === 'machine' ? found : oneFinding(input, 'compute-mode', found, fromMessage);
  },
};

/**
 * CUDA's 216 (a context already bound elsewhere) in a text: the exclusive compute mode. The "busy or unavailable"
 * message (46) is gpu-busy's first: it is read here only when the paste shows a GPU in an exclusive or prohibited mode,
 * which the Snapshot check then says with the GPU's own index.
 */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  if (!has(events, 'cuda-device-in-use')) return undefined;
  const exclusive = ctx.snapshot.gpus.filter((g) => g.computeMode === 'exclusive-process' || g.computeMode === 'exclusive-thread');
  const index = exclusive[0]?.index ?? 0;
  return {
    specific: true,
    fit: 1.6,
    finding: finding('compute-mode', 'error', msg('readings.cmTextTitle'), msg('readings.cmTextCause'), lineEvidence(events), [
      msg('readings.cmTextFixShow'),
      'nvidia-smi --query-gpu=index,name,compute_mode --format=csv',
      'nvidia-smi --query-compute-apps=gpu_uuid,pid,process_name,used_memory --format=csv',
      msg('readings.cmTextFixDefault'),
      `sudo nvidia-smi -i ${index} -c DEFAULT`,
      msg('readings.cmTextFixShared'),
    ]),
  };
}

function findingsOf(s: Snapshot): Finding[] {
  return s.gpus.flatMap(check);
}

function check(g: Gpu): Finding[] {
  const out: Finding[] = [];
  const base = { index: g.index, name: g.name };
  const subject = `gpu:${g.index}`;
  const mode = g.computeMode ?? null;
  const evidence = [{ fact: msg('health.evComputeMode'), value: mode ?? '?', source: g.source }];
  const toDefault = [msg('health.cmFixDefault'), `sudo nvidia-smi -i ${g.index} -c DEFAULT`];
  if (mode === 'prohibited') {
    out.push({
      code: 'compute-mode',
      severity: 'error',
      title: msg('health.cmTitleProhibited', base),
      cause: msg('health.cmCauseProhibited'),
      evidence,
      fix: toDefault,
      subject,
    });
  } else if (mode === 'exclusive-process' || mode === 'exclusive-thread') {
    out.push({
      code: 'compute-mode',
      severity: 'info',
      title: msg('health.cmTitleExclusive', { ...base, mode }),
      cause: msg('health.cmCauseExclusive'),
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
      title: msg('health.migTitlePending', base),
      cause: msg('health.migCausePending', { current: word(current), pending: word(pending) }),
      evidence: [{ fact: msg('health.evMig'), value: `${word(current)} / ${word(pending)}`, source: g.source }],
      fix: [msg('health.migFixReset', { index: g.index }), `sudo nvidia-smi -r -i ${g.index}`],
      subject,
    });
  }
  return out;
}
