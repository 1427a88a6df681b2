// multiple-toolkits through its one rule: whole machines, and pastes that name toolkits by place.
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/multiple-toolkits.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('multiple-toolkits: a machine', () => {
  it('fires on the two-toolkits machine with the fix for that machine', async () => {
    setLang('en');
    const findings = rule.check(machineInput(await snapshotOf('two-toolkits')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('warning');
    expect(f.cause).toContain('nvcc on PATH is 11.8');
    expect(f.cause).toContain('/usr/local/cuda points to 12.4');
    // agree on the symlinked 12.4; 11.8's folders leave PATH and LD_LIBRARY_PATH
    expect(f.fix).toEqual(
      expect.arrayContaining([
        'export CUDA_HOME=/usr/local/cuda',
        'export PATH=/usr/local/cuda/bin:/usr/bin:/bin',
        'export LD_LIBRARY_PATH=/usr/local/cuda/lib64',
      ]),
    );
    expect(f.fix.some((l) => l.includes('gpuenv cuda use 12.4'))).toBe(true);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });
});

describe('multiple-toolkits: a paste', () => {
  const cases: { name: string; lines: string[]; title: string | null }[] = [
    {
      name: 'an `ls` of two toolkits, the link on one and nvcc answering from the other',
      lines: [
        '$ ls -ld /usr/local/cuda*',
        'lrwxrwxrwx 1 root root 20 Jan 10 10:00 /usr/local/cuda -> /usr/local/cuda-12.1',
        'drwxr-xr-x 17 root root 4096 Jan 10 10:00 /usr/local/cuda-11.8',
        'drwxr-xr-x 17 root root 4096 Jan 10 10:00 /usr/local/cuda-12.1',
        '$ nvcc -V',
        'Cuda compilation tools, release 11.8, V11.8.89',
      ],
      title: 'Several CUDA toolkits in play: 11.8 vs 12.1',
    },
    {
      name: 'one toolkit named twice (release 12.6, V12.6.68) is one toolkit, not two',
      lines: [
        'I have CUDA 12.6 on this machine',
        'Cuda compilation tools, release 12.6, V12.6.68',
        'RuntimeError: The detected CUDA version (12.6) mismatches the version that was used to compile PyTorch (11.8). Please make sure to use the same CUDA versions.',
      ],
      title: null,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      setLang('en');
      const r = await explainText(c.lines.join('\n'));
      const f = r.findings.find((x) => x.code === 'multiple-toolkits');
      if (c.title === null) {
        expect(f).toBeUndefined();
        return;
      }
      expect(f?.title).toBe(c.title);
      // A paste shows versions, not folders: the fix names real paths only, one CUDA_HOME.
      expect(f?.fix.join('\n')).not.toContain('(pasted)');
      expect(f?.fix.filter((l) => l.startsWith('export CUDA_HOME='))).toHaveLength(1);
    });
  }
});
