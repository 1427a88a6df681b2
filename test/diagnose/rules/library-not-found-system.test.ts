import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/library-not-found-system.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('library-not-found', () => {
  it('fires on the stub-first machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('stub-first'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.title).toContain('/stubs/');
    expect(f.cause).toContain('/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.550.54.14');
    expect(f.fix).toContain('export LD_LIBRARY_PATH=/usr/local/cuda/lib64');
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'library-not-found' && f.severity !== 'info')).toEqual([]);
  });
});
