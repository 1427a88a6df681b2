// A health check must never fail a healthy node: hundreds of runs on a healthy fixture give no error, and a driver
// probe that times out once (a slow NVML answer under load) is asked again instead of draining the node.
import { describe, expect, it } from 'vitest';
import { checkHealth } from '../../src/health/check.js';
import type { NativeProbeResult, System } from '../../src/system/types.js';
import { machine } from '../helpers/machines.js';

/** The machine, with its driver probe timing out on the calls listed (1-based). */
function flaky(sys: System, timeoutOn: number[]): System {
  let calls = 0;
  return new Proxy(sys, {
    get(target, prop, receiver) {
      if (prop === 'probeNative') {
        return async (o: Parameters<System['probeNative']>[0]): Promise<NativeProbeResult> => {
          calls++;
          if (timeoutOn.includes(calls)) return { ok: false, reason: 'timeout', detail: `no answer within ${o.timeoutMs} ms; killed`, durationMs: o.timeoutMs };
          return target.probeNative(o);
        };
      }
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

const opts = { timeoutMs: 300, nativeTimeoutMs: 300 };

describe('health soak', () => {
  it('200 runs on the healthy h200 fixture: never an error', async () => {
    const sys = await machine('h200');
    const statuses = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const r = await checkHealth(sys, opts);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ ok: 200 });
  }, 120_000);

  it('a driver probe that times out once is retried and the node stays healthy', async () => {
    const r = await checkHealth(flaky(await machine('h200'), [1]), opts);
    expect(r.retried).toEqual(['native (NVML, CUDA driver API)']);
    expect(r.status).toBe('ok');
  });

  it('one that times out twice is gpu-unresponsive', async () => {
    const r = await checkHealth(flaky(await machine('h200'), [1, 2]), opts);
    expect(r.drain).toContain('gpu-unresponsive');
  });
});
