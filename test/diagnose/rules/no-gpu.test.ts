import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/no-gpu.js';
import { explainText } from '../../../src/explain/index.js';
import { snapshotOf } from '../../helpers/machines.js';

describe('no-gpu', () => {
  it('fires on the cpu-only-toolkit machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('cpu-only-toolkit')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.cause).toContain('docker container');
    expect(f.fix).toContain('docker run --rm --gpus all <image> nvidia-smi');
    expect(f.fix).toContain('sudo nvidia-ctk runtime configure --runtime=docker');
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'no-gpu' && f.severity !== 'info')).toEqual([]);
  });

  it.each([
    { name: 'a GPU index past the last one', text: ['RuntimeError: CUDA error: invalid device ordinal', 'CUDA_VISIBLE_DEVICES=1'], title: 'GPU index' },
    {
      name: 'Docker without the toolkit',
      text: ['docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].'],
      title: 'Docker',
    },
  ])('a paste: $name', async ({ text, title }) => {
    const r = await explainText(text.join('\n'));
    expect(r.findings[0]?.code).toBe('no-gpu');
    expect(r.findings[0]!.title).toContain(title);
  });
});
