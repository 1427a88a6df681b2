// pcie-degraded: a GPU's PCIe link below what it and its slot support. Width never drops for power saving; the
// generation does, so a lower generation on an idle GPU is only an info asking for a measurement under load.
import type { Gpu } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { lspciAddress } from '../system-facts.js';

export const rule: SnapshotRule = {
  code: 'pcie-degraded',
  scope: 'node',
  check(s) {
    return s.gpus.flatMap(check);
  },
};

function check(g: Gpu): Finding[] {
  const { currentGen: cg, maxGen: mg, gpuMaxGen: gg, currentWidth: cw, maxWidth: mw } = g.pcie;
  const base = { index: g.index, name: g.name };
  const evidence: Evidence[] = [
    { fact: m('evLinkWidth'), value: `x${cw ?? '?'} / x${mw ?? '?'}`, source: g.source },
    { fact: m('evLinkGen'), value: `${cg ?? '?'} / ${mg ?? '?'} / ${gg ?? '?'}`, source: g.source },
    ...(g.clockEventReasons ? [{ fact: m('evClockReasons'), value: g.clockEventReasons.active.join(', ') || 'none', source: g.source }] : []),
  ];
  const inspect = [
    m('pcieFixCheck'),
    `nvidia-smi --query-gpu=index,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max --format=csv -i ${g.index}`,
    ...(g.pciBusId ? [`sudo lspci -vv -s ${lspciAddress(g.pciBusId)} | grep -E 'LnkCap|LnkSta'`] : []),
  ];
  const hw = (gen: number | null) => [m('pcieFixHw'), m('pcieFixBios', { gen: gen ?? 'max' })];
  const out: Finding[] = [];
  const subject = `gpu:${g.index}`;
  if (cw !== null && mw !== null && cw < mw) {
    out.push({
      code: 'pcie-degraded', severity: 'warning', title: m('pcieTitleWidth', { ...base, cur: cw, max: mw }),
      cause: m('pcieCauseWidth', { cur: cw, max: mw, pct: Math.round((100 * cw) / mw) }), evidence, fix: [...inspect, ...hw(mg)], subject,
    });
  }
  if (mg !== null && gg !== null && mg < gg) {
    out.push({
      code: 'pcie-degraded', severity: 'warning', title: m('pcieTitleSlot', { ...base, max: mg, gpuMax: gg }),
      cause: m('pcieCauseSlot', { max: mg, gpuMax: gg }), evidence, fix: [...inspect, ...hw(gg)], subject,
    });
  }
  if (cg !== null && mg !== null && cg < mg) {
    const idle = g.clockEventReasons?.active.includes('gpu_idle') ?? false;
    out.push(idle
      ? { code: 'pcie-degraded', severity: 'info', title: m('pcieTitleIdle', { ...base, cur: cg, max: mg }), cause: m('pcieCauseIdle', { max: mg }), evidence, fix: [m('pcieFixBench'), 'gpuenv bench'], subject }
      : { code: 'pcie-degraded', severity: 'warning', title: m('pcieTitleGen', { ...base, cur: cg, max: mg }), cause: m('pcieCauseGen', { cur: cg, max: mg }), evidence, fix: [...inspect, ...hw(mg)], subject });
  }
  return out;
}
