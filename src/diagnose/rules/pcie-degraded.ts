// pcie-degraded: a GPU's PCIe link below what it and its slot support. Width never drops for power saving; the
// generation does, so a lower generation on an idle GPU is only an info asking for a measurement under load.
// The link is a fact of a GPU (probed, or a pasted nvidia-smi -q); a text also names a GPU that fell off the bus (Xid 79).
import type { Gpu } from '../../snapshot/types.js';
import { SEVERITY_ORDER, type Evidence, type Finding } from '../../findings.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { has } from '../explain-helpers.js';
import { guessFinding } from '../guess.js';
import { quotedLines } from '../quoted-lines.js';
import { confirmedBy, fromCheck, namedByMessage } from '../from-text.js';
import { eventsFor } from '../rank.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';
import { lspciAddress } from '../system-facts.js';

export const rule: Rule = {
  code: 'pcie-degraded',
  scope: 'node',
  check(input) {
    // The doctor lists each thing wrong with a link on its own (lanes, slot generation, trained generation).
    if (input.origin === 'machine') return input.snapshot.gpus.flatMap((g) => check(g));
    return fromText(input);
  },
};

/**
 * A text: one finding per GPU whose link is low (its issues told together), and the message of a GPU that fell off
 * the bus told with the link of the GPU that looks worst.
 */
function fromText(input: RuleInput): RuleFinding[] {
  const links = input.snapshot.gpus.map((g) => togetherFor(check(g, true))).filter((f): f is Finding => f !== undefined);
  const [worst, ...rest] = links.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  const events = eventsFor(input, 'pcie-degraded');
  if (!has(events, 'xid-fallen-off-bus')) {
    if (links.length) return links.map(fromCheck);
    const g = guessFinding(input, 'pcie-degraded');
    return g ? [g] : [];
  }
  const fell: Finding = {
    code: 'pcie-degraded',
    severity: 'error',
    title: explainersMsg('hwBusTitle'),
    cause: explainersMsg('hwBusCause'),
    evidence: quotedLines(events),
    fix: ['nvidia-smi -q -d PCIE,TEMPERATURE,POWER', 'sudo dmesg | grep -i xid'],
  };
  if (!worst) return [namedByMessage(input, 'pcie-degraded', events, { finding: fell, fit: 1.5 })];
  const one: Finding = {
    ...fell,
    cause: `${fell.cause} ${worst.cause}`,
    evidence: [...fell.evidence, ...worst.evidence],
    fix: [...fell.fix, ...worst.fix],
    ...(worst.subject ? { subject: worst.subject } : {}),
  };
  return [confirmedBy(namedByMessage(input, 'pcie-degraded', events, { finding: one, fit: 1.5 }), 1), ...rest.map(fromCheck)];
}

/** The findings of one GPU's link as one: the most severe first, every cause, one list of commands. */
function togetherFor(fs: Finding[]): Finding | undefined {
  const [head, ...more] = [...fs].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  if (!head) return undefined;
  const fix = [...head.fix];
  for (const f of more) for (const l of f.fix) if (!fix.includes(l)) fix.push(l);
  return { ...head, cause: [head, ...more].map((f) => f.cause).join(' '), fix };
}

/** `together`: the findings will be told as one, so they name one generation for the BIOS (the GPU's when the slot caps it). */
function check(g: Gpu, together = false): Finding[] {
  const { currentGen: cg, maxGen: mg, gpuMaxGen: gg, currentWidth: cw, maxWidth: mw } = g.pcie;
  const base = { index: g.index, name: g.name };
  const evidence: Evidence[] = [
    { fact: msg('system.evLinkWidth'), value: `x${cw ?? '?'} / x${mw ?? '?'}`, source: g.source },
    { fact: msg('system.evLinkGen'), value: `${cg ?? '?'} / ${mg ?? '?'} / ${gg ?? '?'}`, source: g.source },
    ...(g.clockEventReasons ? [{ fact: msg('system.evClockReasons'), value: g.clockEventReasons.active.join(', ') || 'none', source: g.source }] : []),
  ];
  const inspect = [
    msg('system.pcieFixCheck'),
    `nvidia-smi --query-gpu=index,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max --format=csv -i ${g.index}`,
    ...(g.pciBusId ? [`sudo lspci -vv -s ${lspciAddress(g.pciBusId)} | grep -E 'LnkCap|LnkSta'`] : []),
  ];
  const target = mg !== null && gg !== null && mg < gg ? gg : mg;
  const hw = (gen: number | null) => [msg('system.pcieFixHw'), msg('system.pcieFixBios', { gen: (together ? target : gen) ?? 'max' })];
  const out: Finding[] = [];
  const subject = `gpu:${g.index}`;
  if (cw !== null && mw !== null && cw < mw) {
    out.push({
      code: 'pcie-degraded',
      severity: 'warning',
      title: msg('system.pcieTitleWidth', { ...base, cur: cw, max: mw }),
      cause: msg('system.pcieCauseWidth', { cur: cw, max: mw, pct: Math.round((100 * cw) / mw) }),
      evidence,
      fix: [...inspect, ...hw(mg)],
      subject,
    });
  }
  if (mg !== null && gg !== null && mg < gg) {
    out.push({
      code: 'pcie-degraded',
      severity: 'warning',
      title: msg('system.pcieTitleSlot', { ...base, max: mg, gpuMax: gg }),
      cause: msg('system.pcieCauseSlot', { max: mg, gpuMax: gg }),
      evidence,
      fix: [...inspect, ...hw(gg)],
      subject,
    });
  }
  if (cg !== null && mg !== null && cg < mg) {
    const idle = g.clockEventReasons?.active.includes('gpu_idle') ?? false;
    out.push(
      idle
        ? {
            code: 'pcie-degraded',
            severity: 'info',
            title: msg('system.pcieTitleIdle', { ...base, cur: cg, max: mg }),
            cause: msg('system.pcieCauseIdle', { max: mg }),
            evidence,
            fix: [msg('system.pcieFixBench'), 'gpuenv bench'],
            subject,
          }
        : {
            code: 'pcie-degraded',
            severity: 'warning',
            title: msg('system.pcieTitleGen', { ...base, cur: cg, max: mg }),
            cause: msg('system.pcieCauseGen', { cur: cg, max: mg }),
            evidence,
            fix: [...inspect, ...hw(mg)],
            subject,
          },
    );
  }
  return out;
}
