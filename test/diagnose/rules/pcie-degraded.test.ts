// pcie-degraded through its one rule: the link of a machine's GPUs, a GPU that fell off the bus in a pasted log, and
// both together (`explain --here`): one finding per GPU. Texts composed here for the tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/pcie-degraded.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { snapshotOf } from '../../helpers/machines.js';

beforeAll(() => setLang('en'));

const FELL_OFF = '[ 8812.104233] NVRM: Xid (PCI:0000:01:00): 79, pid=0, name=swapper/0, GPU has fallen off the bus.';

describe('pcie-degraded: a machine', () => {
  it('fires on the pcie-x8-throttled machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('pcie-x8-throttled')));
    expect(findings.map((f) => f.severity)).toEqual(['warning', 'warning']);
    expect(findings[0]!.title).toContain('x8 of x16');
    expect(findings[1]!.title).toContain('Gen3');
    expect(findings[0]!.fix).toContain("sudo lspci -vv -s 01:00.0 | grep -E 'LnkCap|LnkSta'");
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'pcie-degraded' && f.severity !== 'info')).toEqual([]);
  });
});

describe('pcie-degraded: a text', () => {
  it('a GPU that fell off the bus (Xid 79)', async () => {
    const f = (await explainText(FELL_OFF)).findings.find((x) => x.code === 'pcie-degraded');
    expect(f?.title).toBe('The GPU fell off the bus (Xid 79)');
    expect(f?.severity).toBe('error');
    expect(f?.fix).toContain('nvidia-smi -q -d PCIE,TEMPERATURE,POWER');
  });

  it('explain --here on a machine whose link is low: one finding for GPU 0, one generation for the BIOS', async () => {
    const r = await explainText(FELL_OFF, { here: await snapshotOf('pcie-x8-throttled') });
    const pcie = r.findings.filter((x) => x.code === 'pcie-degraded');
    expect(pcie).toHaveLength(1);
    const f = pcie[0]!;
    expect(f.subject).toBe('gpu:0');
    expect(f.cause).toContain('stopped answering on PCIe');
    expect(f.cause).toContain('trained at x8');
    expect(f.cause).toContain('only Gen3');
    expect(f.evidence.map((e) => e.fact)).toEqual([
      'error message (line 1)',
      'PCIe link width (current / max)',
      'PCIe link generation (current / max / GPU max)',
      'active clock event reasons',
    ]);
    expect(f.fix.filter((l) => l.includes('BIOS/UEFI'))).toEqual([
      "# in the BIOS/UEFI setup set the slot's PCIe link speed to Auto or Gen4 (not a fixed lower value)",
    ]);
  });
});
