// clocks-capped: a power limit or application clocks set below the board's defaults. Unlike gpu-throttled (what
// slows the GPU right now) this is configuration: it caps every job until someone resets it.
import type { Gpu } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { Snapshot } from '../../snapshot/types.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';

/** Power limits within 5 % of the default are rounding and vendor tuning, not a cap worth a word. */
const POWER_TOLERANCE = 0.95;

export const rule: Rule = {
  code: 'clocks-capped',
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
  const limit = g.power.limitW;
  const def = g.power.defaultLimitW ?? null;
  if (limit !== null && def !== null && def > 0 && limit < def * POWER_TOLERANCE) {
    out.push({
      code: 'clocks-capped',
      severity: 'warning',
      title: msg('health.capTitlePower', { ...base, limit: Math.round(limit), default: Math.round(def) }),
      cause: msg('health.capCausePower'),
      evidence: [{ fact: msg('health.evPowerLimit'), value: `${Math.round(limit)} W / ${Math.round(def)} W`, source: g.source }],
      fix: [msg('health.capFixPower'), `sudo nvidia-smi -i ${g.index} -pl ${Math.round(def)}`],
      subject,
    });
  }
  const a = g.applicationsClocks;
  if (a && a.graphicsMHz !== null && a.defaultGraphicsMHz !== null && a.graphicsMHz < a.defaultGraphicsMHz) {
    out.push({
      code: 'clocks-capped',
      severity: 'warning',
      title: msg('health.capTitleClocks', { ...base, graphics: a.graphicsMHz, default: a.defaultGraphicsMHz }),
      cause: msg('health.capCauseClocks'),
      evidence: [
        {
          fact: msg('health.evAppClocks'),
          value: `${a.graphicsMHz}/${a.memoryMHz ?? '?'} MHz / ${a.defaultGraphicsMHz}/${a.defaultMemoryMHz ?? '?'} MHz`,
          source: g.source,
        },
      ],
      fix: [msg('health.capFixClocks'), `sudo nvidia-smi -i ${g.index} -rac`],
      subject,
    });
  }
  return out;
}
