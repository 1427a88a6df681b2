// ecc-errors: uncorrectable ECC errors or row-remapping trouble (error), or many corrected errors (warning).
// nvidia-smi -r (GPU reset) applies a pending remap; a failed remap means RMA (NVIDIA "A100 GPU memory error
// management": row-remapping pending/failure flags, recovery action "reset the GPU using nvidia-smi -r").
// The counters are facts of a GPU (probed, or a pasted nvidia-smi -q); a text also names the fault by its message
// (CUDA's "uncorrectable ECC error encountered", an Xid 48/63/64/92/94/95 line).
import type { Gpu } from '../../snapshot/types.js';
import { SEVERITY_ORDER, type Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import { contextOf, type ExplainContext } from '../context.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { first, gpuEvidence, has, type Explained } from '../explain-helpers.js';
import { guessFinding } from '../guess.js';
import { quotedLines } from '../quoted-lines.js';
import { confirmedBy, fromCheck, namedByMessage } from '../from-text.js';
import { eventsFor } from '../rank.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';

/** Corrected errors worth a warning: a handful is normal on HBM over months; these counts are not. */
const MANY_VOLATILE = 100;
const MANY_AGGREGATE = 1000;

export const rule: Rule = {
  code: 'ecc-errors',
  scope: 'node',
  check(input) {
    const counters = input.snapshot.gpus.flatMap(check);
    if (input.origin === 'machine') return counters;
    return fromText(input, counters);
  },
};

/**
 * A text: the finding its message names, told with the counters of the GPU that shows the worst of them (one finding
 * for that GPU; the counters give at most one per GPU); other GPUs whose counters show trouble get their own.
 */
function fromText(input: RuleInput, counters: Finding[]): RuleFinding[] {
  const events = eventsFor(input, 'ecc-errors');
  const said = events.length ? fromMessage(contextOf(input), events) : undefined;
  const [worst, ...rest] = [...counters].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  if (!said) {
    const out = [worst, ...rest].filter((f): f is Finding => f !== undefined).map(fromCheck);
    if (out.length) return out;
    const g = guessFinding(input, 'ecc-errors');
    return g ? [g] : [];
  }
  if (!worst) return [namedByMessage(input, 'ecc-errors', events, said)];
  // The counters name the GPU and what it needs (reset, RMA); the message is what the program saw.
  const fix = worst.fix.some((l) => l.includes('nvidia-bug-report')) ? worst.fix : [...worst.fix, `# ${msg('runtime.eccFixService')}`];
  // Many corrected errors on the GPU, and a message about an uncorrectable one: the message's title, an error.
  const title = worst.severity === 'error' ? worst.title : said.finding.title;
  const one: Finding = {
    ...worst,
    severity: 'error',
    title,
    cause: `${said.finding.cause} ${worst.cause}`,
    evidence: [...quotedLines(events), ...worst.evidence],
    fix,
  };
  return [confirmedBy(namedByMessage(input, 'ecc-errors', events, { finding: one, fit: said.fit }), 1), ...rest.map(fromCheck)];
}

/** The message alone: CUDA stopped the program, or the driver logged an ECC Xid. */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  const e = first(events, 'xid-ecc');
  if (!e && has(events, 'cuda-ecc-uncorrectable')) {
    return {
      fit: 1.6,
      finding: {
        code: 'ecc-errors',
        severity: 'error',
        title: explainersMsg('hwEccRuntimeTitle'),
        cause: explainersMsg('hwEccRuntimeCause'),
        evidence: [...quotedLines(events), ...gpuEvidence(ctx)],
        fix: [
          `nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT   # ${msg('fixes.ecc.counts')}`,
          `sudo dmesg | grep -i xid   # ${msg('fixes.ecc.xid')}`,
          `sudo nvidia-smi -r -i <index>   # ${msg('fixes.ecc.resetRemap')}`,
          `# ${msg('runtime.eccFixService')}`,
        ],
      },
    };
  }
  if (!e) return undefined;
  const xid = e.groups.xid ?? '?';
  return {
    fit: 1.5,
    finding: {
      code: 'ecc-errors',
      severity: 'error',
      title: explainersMsg('hwEccTitle', { xid }),
      cause: explainersMsg('hwEccCause'),
      evidence: quotedLines(events),
      fix: ['nvidia-smi -q -d ECC,ROW_REMAPPER', `sudo nvidia-smi -r   # ${msg('fixes.ecc.reset')}`],
    },
  };
}

function check(g: Gpu): Finding[] {
  const e = g.ecc;
  const vu = e.volatileUncorrected ?? 0;
  const au = e.aggregateUncorrected ?? 0;
  const vc = e.volatileCorrected ?? 0;
  const ac = e.aggregateCorrected ?? 0;
  // Before Ampere the driver retires pages instead of remapping rows; a pending retirement also waits for a reset.
  const pending = e.remappingPending === true || g.retiredPages?.pending === true;
  const failed = e.remappingFailed === true;
  const base = { index: g.index, name: g.name };
  const evidence = [
    {
      fact: msg('system.evEcc'),
      value: `corrected ${e.volatileCorrected ?? '?'} / ${e.aggregateCorrected ?? '?'}, uncorrectable ${e.volatileUncorrected ?? '?'} / ${e.aggregateUncorrected ?? '?'}`,
      source: g.source,
    },
    ...(g.retiredPages && (g.retiredPages.singleBit !== null || g.retiredPages.doubleBit !== null || g.retiredPages.pending !== null)
      ? [
          {
            fact: msg('system.evRetired'),
            value: `${g.retiredPages.singleBit ?? '?'} / ${g.retiredPages.doubleBit ?? '?'}, pending ${g.retiredPages.pending ?? '?'}`,
            source: g.source,
          },
        ]
      : []),
    {
      fact: msg('system.evRemap'),
      value: `pending ${e.remappingPending ?? '?'}, failed ${e.remappingFailed ?? '?'}, rows remapped (correctable/uncorrectable) ${e.remappedRowsCorrectable ?? '?'} / ${e.remappedRowsUncorrectable ?? '?'}`,
      source: g.source,
    },
  ];
  const retirePending = g.retiredPages?.pending === true;
  const inspect = [msg('system.eccFixInspect'), `nvidia-smi -q -d ${retirePending ? 'ECC,PAGE_RETIREMENT' : 'ECC,ROW_REMAPPER'} -i ${g.index}`];
  const subject = `gpu:${g.index}`;
  if (vu > 0 || au > 0 || pending || failed) {
    const parts = [
      ...(vu > 0 ? [msg('system.eccPartVolatileUnc', { n: vu })] : []),
      ...(au > 0 ? [msg('system.eccPartAggregateUnc', { n: au })] : []),
      ...(e.remappingPending === true ? [msg('system.eccPartPending')] : []),
      ...(retirePending ? [msg('system.eccPartRetirePending')] : []),
      ...(failed ? [msg('system.eccPartFailed')] : []),
    ];
    const fix = [...inspect];
    if (vu > 0) fix.push(msg('system.eccFixXid'), 'sudo dmesg | grep -i xid | tail -n 20');
    if (pending || vu > 0) fix.push(msg('system.eccFixReset', { index: g.index }), `sudo nvidia-smi -r -i ${g.index}`);
    if (failed) fix.push(msg('system.eccFixRma'), 'sudo nvidia-bug-report.sh');
    const title = failed
      ? msg('system.eccTitleRemapFailed', base)
      : vu > 0 || au > 0
        ? msg('system.eccTitle', base)
        : e.remappingPending === true
          ? msg('system.eccTitlePending', base)
          : msg('system.eccTitleRetirePending', base);
    return [{ code: 'ecc-errors', severity: 'error', title, cause: msg('system.eccCause', { parts: parts.join('; ') }), evidence, fix, subject }];
  }
  if (vc >= MANY_VOLATILE || ac >= MANY_AGGREGATE) {
    const n = vc >= MANY_VOLATILE ? vc : ac;
    return [
      {
        code: 'ecc-errors',
        severity: 'warning',
        title: msg('system.eccTitleCorrected', base),
        cause: `${msg('system.eccCause', { parts: msg('system.eccPartCorrected', { n }) })} ${msg('system.eccCauseCorrected')}`,
        evidence,
        fix: [...inspect, msg('system.eccFixWatch')],
        subject,
      },
    ];
  }
  return [];
}
