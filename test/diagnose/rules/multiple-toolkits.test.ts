import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/multiple-toolkits.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('multiple-toolkits', () => {
  it('fires on the two-toolkits machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('two-toolkits'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('warning');
    expect(f.cause).toContain('nvcc on PATH is 11.8');
    expect(f.cause).toContain('/usr/local/cuda points to 12.4');
    // agree on the symlinked 12.4; 11.8's folders leave PATH and LD_LIBRARY_PATH
    expect(f.fix).toEqual(expect.arrayContaining([
      'export CUDA_HOME=/usr/local/cuda',
      'export PATH=/usr/local/cuda/bin:/usr/bin:/bin',
      'export LD_LIBRARY_PATH=/usr/local/cuda/lib64',
    ]));
    expect(f.fix.some((l) => l.includes('gpuenv cuda use 12.4'))).toBe(true);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'multiple-toolkits' && f.severity !== 'info')).toEqual([]);
  });
});
