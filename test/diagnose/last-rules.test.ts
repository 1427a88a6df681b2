// Rules of last resort run after the others and see what they found; a plain rule never does.
import { describe, expect, it } from 'vitest';
import { judge, machineInput } from '../../src/diagnose/index.js';
import type { Rule, RuleInput } from '../../src/diagnose/types.js';
import { buildSnapshot } from '../helpers/snapshot-builder.js';

const finding = (code: 'no-gpu' | 'deep-check-failed') => ({ code, severity: 'error' as const, title: code, cause: '', evidence: [], fix: [] });

describe('judge: rules of last resort', () => {
  it('runs a last rule after the others, whatever the list order, with their findings', () => {
    const seen: (readonly unknown[] | undefined)[] = [];
    const last: Rule = {
      code: 'deep-check-failed',
      scope: 'environment',
      last: true,
      check: (input: RuleInput) => {
        seen.push(input.found);
        return input.found?.length ? [] : [finding('deep-check-failed')];
      },
    };
    const plain: Rule = {
      code: 'no-gpu',
      scope: 'node',
      check: (input) => {
        expect(input.found).toBeUndefined();
        return [finding('no-gpu')];
      },
    };
    const { findings } = judge(machineInput(buildSnapshot()), [last, plain]);
    expect(findings.map((f) => f.code)).toEqual(['no-gpu']);
    expect(seen[0]?.map((f) => (f as { code: string }).code)).toEqual(['no-gpu']);
    expect(judge(machineInput(buildSnapshot()), [last]).findings.map((f) => f.code)).toEqual(['deep-check-failed']);
  });
});
