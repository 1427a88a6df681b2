import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/wsl.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('wsl', () => {
  it('fires on the wsl-linux-driver machine with the fix for that machine', async () => {
    const findings = rule.check(await snapshotOf('wsl-linux-driver'));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.cause).toContain('/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.183.01');
    expect(f.fix).toEqual(expect.arrayContaining(['dpkg -S /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.183.01', 'sudo ldconfig']));
    expect(f.fix.some((l) => l.includes('wsl --shutdown'))).toBe(true);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'wsl' && f.severity !== 'info')).toEqual([]);
  });
});

describe('wsl on partial facts (a paste: no native-library probe)', () => {
  it('WSL shown in a paste gives a WSL finding; a distro folder first on LD_LIBRARY_PATH makes it an error', async () => {
    const { parsePaste } = await import('../../../src/parse/index.js');
    const { snapshotFromFacts } = await import('../../../src/parse/snapshot.js');
    const plain = rule.check(snapshotFromFacts(parsePaste('Linux pc 5.15.167.4-microsoft-standard-WSL2 #1 SMP Tue Nov 5 00:21:55 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux').facts));
    expect(plain).toHaveLength(1);
    expect(plain[0]!.severity).toBe('info');
    expect(plain[0]!.fix.join('\n')).toContain('/usr/lib/wsl/lib');
    const shadow = rule.check(snapshotFromFacts(parsePaste('on WSL2\nLD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/usr/lib/wsl/lib').facts));
    expect(shadow[0]!.severity).toBe('error');
    expect(shadow[0]!.title).toContain('/usr/lib/x86_64-linux-gnu');
    const after = rule.check(snapshotFromFacts(parsePaste('on WSL2\nLD_LIBRARY_PATH=/usr/lib/wsl/lib:/usr/lib/x86_64-linux-gnu').facts));
    expect(after[0]!.severity).toBe('info');
  });
});
