// gpu-throttled: clock event reasons that mean lost performance (power cap, thermal, hardware slowdown, power brake);
// gpu_idle, application/display clock settings and sync boost are normal.
import type { Gpu, Snapshot } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import { factFindings } from '../rank.js';
import type { Rule } from '../types.js';
import { msg } from './messages.js';
import { specForGpu } from '../system-facts.js';

const HARMFUL: Record<string, Parameters<typeof msg>[0]> = {
  sw_power_cap: 'system.thrReasonSwPower',
  hw_slowdown: 'system.thrReasonHwSlowdown',
  sw_thermal_slowdown: 'system.thrReasonSwThermal',
  hw_thermal_slowdown: 'system.thrReasonHwThermal',
  hw_power_brake_slowdown: 'system.thrReasonPowerBrake',
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
  const reasons = active.map((r) => `${r} (${msg(HARMFUL[r]!)})`).join(', ');
  const temp = g.temperatureC === null ? '?' : `${g.temperatureC} °C`;
  const limit = g.power.enforcedLimitW ?? g.power.limitW;
  const power = `${g.power.drawW === null ? '?' : `${g.power.drawW.toFixed(0)} W`} / ${limit === null ? '?' : `${limit.toFixed(0)} W`}`;
  const fix = [msg('system.thrFixInspect'), `nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i ${g.index}`];
  if (active.some((r) => /thermal|hw_slowdown/.test(r))) fix.push(msg('system.thrFixCooling'));
  if (active.some((r) => /hw_slowdown|power_brake/.test(r))) fix.push(msg('system.thrFixCables'));
  if (active.includes('sw_power_cap')) {
    // The board's rated power from the catalogue when the current limit sits below it.
    const tdp = specForGpu(g)?.tdpW ?? null;
    const target = tdp !== null && limit !== null && tdp > limit ? tdp : (limit ?? tdp);
    fix.push(
      msg('system.thrFixPowerLimit', { limit: limit === null ? '?' : limit.toFixed(0) }),
      `sudo nvidia-smi -i ${g.index} -pl ${target === null ? '<W>' : Math.round(target)}`,
    );
  }
  return [
    {
      code: 'gpu-throttled',
      severity: 'warning',
      title: msg('system.thrTitle', { index: g.index, name: g.name, reasons: active.join(', ') }),
      cause: msg('system.thrCause', { reasons, temp, power }),
      evidence: [
        { fact: msg('system.evClockReasons'), value: `${g.clockEventReasons?.active.join(', ')} (${g.clockEventReasons?.bitmask ?? '?'})`, source: g.source },
        { fact: msg('system.evTemperature'), value: temp, source: g.source },
        { fact: msg('system.evPower'), value: power, source: g.source },
      ],
      fix,
      subject: `gpu:${g.index}`,
    },
  ];
}
