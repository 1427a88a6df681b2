// xid-errors from both sources: the live kernel log of a machine fixture, and Xid lines in a pasted log (the same
// facts, parsed by the same src/formats/xid-lines.ts), through the same rule.
import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/diagnose/rules/xid-errors.js';
import { machineInput } from '../../../src/diagnose/index.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('xid-errors', () => {
  it('a machine: the Xid of the kernel log it read', async () => {
    setLang('en');
    const found = rule.check(machineInput(await snapshotOf('xid-fell-off-bus')));
    expect(found.map((f) => f.severity).sort()).toEqual(['error', 'info']);
    expect(found.every((f) => f.rank === undefined)).toBe(true);
  });

  const cases: { name: string; lines: string[]; severity: 'error' | 'warning' | 'info'; title: string }[] = [
    {
      name: 'a node fault (Xid 79) in a pasted dmesg is an error naming the bus',
      lines: ["[ 1234.567890] NVRM: Xid (PCI:0000:41:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."],
      severity: 'error',
      title: 'Xid 79',
    },
    {
      name: "a program's own fault (Xid 13) in a pasted journal is one info line",
      lines: ['Dec 01 10:00:00 node7 kernel: NVRM: Xid (PCI:0000:07:00): 13, pid=4242, name=python, Graphics Exception: ESR 0x4041b0=0x3f20ffff'],
      severity: 'info',
      title: 'Xid 13',
    },
  ];
  for (const c of cases) {
    it(`a paste: ${c.name}`, async () => {
      setLang('en');
      const r = await explainText(c.lines.join('\n'));
      const f = r.findings.find((x) => x.code === 'xid-errors');
      expect(f?.severity).toBe(c.severity);
      expect(f?.title).toContain(c.title);
      expect(r.snapshot.kernelLog?.source).toBe('pasted:kernel log');
    });
  }

  it('a paste without Xid lines has no kernel log facts and no xid finding', async () => {
    const r = await explainText('RuntimeError: CUDA error: an illegal memory access was encountered');
    expect(r.snapshot.kernelLog).toBeUndefined();
    expect(r.findings.some((x) => x.code === 'xid-errors')).toBe(false);
  });
});
