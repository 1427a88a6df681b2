// ecc-errors through its one rule: the counters of a machine's GPUs, a pasted message (CUDA's uncorrectable ECC
// error, an ECC Xid), and both together (`explain --here`): one finding for the GPU. Texts composed here for the tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/ecc-errors.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { snapshotOf } from '../../helpers/machines.js';

beforeAll(() => setLang('en'));

const CUDA_ECC = 'RuntimeError: CUDA error: uncorrectable ECC error encountered';

describe('ecc-errors: a machine', () => {
  it('fires on the ecc-uncorrectable machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('ecc-uncorrectable')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.cause).toContain('2 uncorrectable');
    expect(f.fix).toEqual(expect.arrayContaining(['nvidia-smi -q -d ECC,ROW_REMAPPER -i 0', 'sudo nvidia-smi -r -i 0']));
    expect(f.rank).toBeUndefined();
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'ecc-errors' && f.severity !== 'info')).toEqual([]);
  });
});

describe('ecc-errors: a paste', () => {
  const rows: { name: string; text: string; title: string; fix: string }[] = [
    {
      name: 'CUDA stopped the program',
      text: CUDA_ECC,
      title: 'Uncorrectable ECC error in GPU memory: a hardware fault',
      fix: '# it repeats, or the job runs fine on another GPU: the board needs service (RMA)',
    },
    {
      name: 'an ECC Xid: the code the driver logged, not a number of the timestamp',
      text: '[   64.950211] NVRM: Xid (PCI:0000:3b:00): 48, pid=2211, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.',
      title: 'Uncorrectable memory errors (Xid 48)',
      fix: 'nvidia-smi -q -d ECC,ROW_REMAPPER',
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      const f = (await explainText(row.text)).findings.find((x) => x.code === 'ecc-errors');
      expect(f?.title).toBe(row.title);
      expect(f?.severity).toBe('error');
      expect(f?.fix).toContain(row.fix);
    });
  }

  it('explain --here on the machine whose counters show it: one finding for GPU 0, the message and the counters', async () => {
    const r = await explainText(CUDA_ECC, { here: await snapshotOf('ecc-uncorrectable') });
    const ecc = r.findings.filter((x) => x.code === 'ecc-errors');
    expect(ecc).toHaveLength(1);
    const f = ecc[0]!;
    expect(f.title).toBe('GPU 0 (NVIDIA A100-SXM4-80GB) has uncorrectable memory errors');
    expect(f.cause).toContain('CUDA stopped the program');
    expect(f.cause).toContain('2 uncorrectable');
    expect(f.evidence[0]?.source).toBe('pasted (signature cuda-ecc-uncorrectable)');
    expect(f.evidence.some((e) => e.value.startsWith('corrected'))).toBe(true);
    // One reset command, for the GPU the counters name.
    expect(f.fix.filter((l) => l.includes('nvidia-smi -r'))).toEqual(['sudo nvidia-smi -r -i 0']);
  });
});
