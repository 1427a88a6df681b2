// Messages wrapped over several lines (src/parse/errors.ts): an event found by joining lines sits on the line where
// the message starts, once, even when the three-line join that found it starts on the line before.
import { describe, expect, it } from 'vitest';
import { parseErrors } from '../../src/parse/errors.js';

describe('events of wrapped messages', () => {
  it('a message starting on the second line of a three-line join is one event on that line', () => {
    const lines = [
      '[2024-01-01 12:00:00] building extension flash_attn for the current env',
      'detected CUDA version (12.1) mismatches the version that was used to compile',
      'PyTorch (11.8). Please make sure to use the same CUDA versions.',
    ];
    const { events, facts } = parseErrors(lines);
    expect(events.map((e) => [e.signature, e.line, e.text])).toEqual([['detected-cuda-mismatch', 2, lines[1]]]);
    expect(events[0]!.groups).toEqual({ nvcc: '12.1', torch: '11.8' });
    // The facts of the message are taken once (one toolkit, not two).
    expect(facts.toolkits.map((t) => t.version?.value)).toEqual(['12.1']);
  });

  it('a message wrapped from its first line stays on that first line', () => {
    const lines = [
      'RuntimeError: The detected CUDA version (12.1) mismatches the version that was used to compile',
      'PyTorch (11.8). Please make sure to use the same CUDA versions.',
    ];
    const { events } = parseErrors(lines);
    expect(events.map((e) => [e.signature, e.line])).toEqual([['detected-cuda-mismatch', 1]]);
  });

  it('the same message twice, each wrapped, is two events on their own lines', () => {
    const wrapped = [
      'detected CUDA version (12.1) mismatches the version that was used to compile',
      'PyTorch (11.8). Please make sure to use the same CUDA versions.',
    ];
    const lines = [
      '[2024-01-01 12:00:00] building extension flash_attn for the current env',
      ...wrapped,
      'retrying the build of the extension once more now',
      ...wrapped,
    ];
    expect(parseErrors(lines).events.map((e) => e.line)).toEqual([2, 5]);
  });
});
