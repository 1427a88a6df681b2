// ecc-errors: uncorrectable ECC errors or row-remapping trouble (error), or many corrected errors (warning).
// nvidia-smi -r (GPU reset) applies a pending remap; a failed remap means RMA (NVIDIA "A100 GPU memory error
// management": row-remapping pending/failure flags, recovery action "reset the GPU using nvidia-smi -r").
import type { Gpu } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';

/** Corrected errors worth a warning: a handful is normal on HBM over months; these counts are not. */
const MANY_VOLATILE = 100;
const MANY_AGGREGATE = 1000;

export const rule: SnapshotRule = {
  code: 'ecc-errors',
  scope: 'node',
  check(s) {
    return s.gpus.flatMap(check);
  },
};

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
    { fact: m('evEcc'), value: `corrected ${e.volatileCorrected ?? '?'} / ${e.aggregateCorrected ?? '?'}, uncorrectable ${e.volatileUncorrected ?? '?'} / ${e.aggregateUncorrected ?? '?'}`, source: g.source },
    ...(g.retiredPages && (g.retiredPages.singleBit !== null || g.retiredPages.doubleBit !== null || g.retiredPages.pending !== null)
      ? [{ fact: m('evRetired'), value: `${g.retiredPages.singleBit ?? '?'} / ${g.retiredPages.doubleBit ?? '?'}, pending ${g.retiredPages.pending ?? '?'}`, source: g.source }]
      : []),
    { fact: m('evRemap'), value: `pending ${e.remappingPending ?? '?'}, failed ${e.remappingFailed ?? '?'}, rows remapped (correctable/uncorrectable) ${e.remappedRowsCorrectable ?? '?'} / ${e.remappedRowsUncorrectable ?? '?'}`, source: g.source },
  ];
  const retirePending = g.retiredPages?.pending === true;
  const inspect = [m('eccFixInspect'), `nvidia-smi -q -d ${retirePending ? 'ECC,PAGE_RETIREMENT' : 'ECC,ROW_REMAPPER'} -i ${g.index}`];
  const subject = `gpu:${g.index}`;
  if (vu > 0 || au > 0 || pending || failed) {
    const parts = [
      ...(vu > 0 ? [m('eccPartVolatileUnc', { n: vu })] : []),
      ...(au > 0 ? [m('eccPartAggregateUnc', { n: au })] : []),
      ...(e.remappingPending === true ? [m('eccPartPending')] : []),
      ...(retirePending ? [m('eccPartRetirePending')] : []),
      ...(failed ? [m('eccPartFailed')] : []),
    ];
    const fix = [...inspect];
    if (vu > 0) fix.push(m('eccFixXid'), "sudo dmesg | grep -i xid | tail -n 20");
    if (pending || vu > 0) fix.push(m('eccFixReset', { index: g.index }), `sudo nvidia-smi -r -i ${g.index}`);
    if (failed) fix.push(m('eccFixRma'), 'sudo nvidia-bug-report.sh');
    const title = failed ? m('eccTitleRemapFailed', base) : vu > 0 || au > 0 ? m('eccTitle', base) : e.remappingPending === true ? m('eccTitlePending', base) : m('eccTitleRetirePending', base);
    return [{ code: 'ecc-errors', severity: 'error', title, cause: m('eccCause', { parts: parts.join('; ') }), evidence, fix, subject }];
  }
  if (vc >= MANY_VOLATILE || ac >= MANY_AGGREGATE) {
    const n = vc >= MANY_VOLATILE ? vc : ac;
    return [{
      code: 'ecc-errors', severity: 'warning', title: m('eccTitleCorrected', base),
      cause: `${m('eccCause', { parts: m('eccPartCorrected', { n }) })} ${m('eccCauseCorrected')}`, evidence,
      fix: [...inspect, m('eccFixWatch')], subject,
    }];
  }
  return [];
}
