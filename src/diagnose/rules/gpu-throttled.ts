// gpu-throttled: clock event reasons that mean lost performance (power cap, thermal, hardware slowdown, power brake);
// gpu_idle, application/display clock settings and sync boost are normal.
import type { Gpu, Snapshot } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { m } from './messages-system.js';
import { specForGpu } from '../system-facts.js';

const HARMFUL: Record<string, Parameters<typeof m>[0]> = {
  sw_power_cap: 'thrReasonSwPower',
  hw_slowdown: 'thrReasonHwSlowdown',
  sw_thermal_slowdown: 'thrReasonSwThermal',
  hw_thermal_slowdown: 'thrReasonHwThermal',
  hw_power_brake_slowdown: 'thrReasonPowerBrake',
};

export const rule: Rule = {
  code: 'gpu-throttled',
  scope: 'node',
  check: (input) => factFindings(input, findingsOf(input.snapshot)),
};

function findingsOf(s: Snapshot): Finding[] {
  return s.gpus.flatMap(check);
}

function check(g: Gpu): Finding[] {
  const active = (g.clockEventReasons?.active ?? []).filter((r) => r in HARMFUL);
  if (active.length === 0) return [];
  const reasons = active.map((r) => `${r} (${m(HARMFUL[r]!)})`).join(', ');
  const temp = g.temperatureC === null ? '?' : `${g.temperatureC} °C`;
  const limit = g.power.enforcedLimitW ?? g.power.limitW;
  const power = `${g.power.drawW === null ? '?' : `${g.power.drawW.toFixed(0)} W`} / ${limit === null ? '?' : `${limit.toFixed(0)} W`}`;
  const fix = [m('thrFixInspect'), `nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i ${g.index}`];
  if (active.some((r) => /thermal|hw_slowdown/.test(r))) fix.push(m('thrFixCooling'));
  if (active.some((r) => /hw_slowdown|power_brake/.test(r))) fix.push(m('thrFixCables'));
  if (active.includes('sw_power_cap')) {
    // The board's rated power from the catalogue when the current limit sits below it.
    const tdp = specForGpu(g)?.tdpW ?? null;
    const target = tdp !== null && limit !== null && tdp > limit ? tdp : (limit ?? tdp);
    fix.push(
      m('thrFixPowerLimit', { limit: limit === null ? '?' : limit.toFixed(0) }),
      `sudo nvidia-smi -i ${g.index} -pl ${target === null ? '<W>' : Math.round(target)}`,
    );
  }
  return [
    {
      code: 'gpu-throttled',
      severity: 'warning',
      title: m('thrTitle', { index: g.index, name: g.name, reasons: active.join(', ') }),
      cause: m('thrCause', { reasons, temp, power }),
      evidence: [
        { fact: m('evClockReasons'), value: `${g.clockEventReasons?.active.join(', ')} (${g.clockEventReasons?.bitmask ?? '?'})`, source: g.source },
        { fact: m('evTemperature'), value: temp, source: g.source },
        { fact: m('evPower'), value: power, source: g.source },
      ],
      fix,
      subject: `gpu:${g.index}`,
    },
  ];
}
