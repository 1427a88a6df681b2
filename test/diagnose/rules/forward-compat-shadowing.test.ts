import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/forward-compat-shadowing.js';
import { explainText } from '../../../src/explain/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('forward-compat-shadowing', () => {
  it('fires on the compat-in-use-old machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('compat-in-use-old')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.title).toContain('570.124.06');
    expect(f.title).toContain('580.95.05');
    expect(f.fix).toContain('export LD_LIBRARY_PATH=/usr/local/cuda/lib64');
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'forward-compat-shadowing' && f.severity !== 'info')).toEqual([]);
  });

  it.each([
    {
      name: 'error 804 on a GeForce card',
      text: ['RuntimeError: CUDA error: forward compatibility was attempted on non supported HW', 'GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-0000)'],
      severity: 'error',
      cause: 'error 804',
    },
    {
      name: 'a compat library only listed, no error',
      text: ['$ ldconfig -p | grep libcuda', '\tlibcuda.so.1 (libc6,x86-64) => /usr/local/cuda-12.4/compat/libcuda.so.1'],
      severity: 'info',
      cause: 'harmless unless it is loaded',
    },
  ])('a paste: $name', async ({ text, severity, cause }) => {
    const r = await explainText(text.join('\n'));
    const f = r.findings.find((x) => x.code === 'forward-compat-shadowing');
    expect(f?.severity).toBe(severity);
    expect(f!.cause).toContain(cause);
    expect(new Set(f!.evidence.map((e) => `${e.fact} ${e.value}`)).size).toBe(f!.evidence.length);
  });
});
