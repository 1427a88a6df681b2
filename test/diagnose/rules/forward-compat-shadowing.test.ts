import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/forward-compat-shadowing.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('forward-compat-shadowing', () => {
  it('fires on the compat-in-use-old machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('compat-in-use-old'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.title).toContain('570.124.06');
    expect(f.title).toContain('580.95.05');
    expect(f.fix).toContain('export LD_LIBRARY_PATH=/usr/local/cuda/lib64');
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'forward-compat-shadowing' && f.severity !== 'info')).toEqual([]);
  });
});
