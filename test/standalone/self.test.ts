import { describe, expect, it } from 'vitest';
import { CHILD_FLAG, childMode } from '../../src/process/self.js';

describe('childMode', () => {
  it('is a child mode only with the flag, a known mode and an IPC channel', () => {
    expect(childMode([CHILD_FLAG, 'native-probe'], true)).toBe('native-probe');
    expect(childMode([CHILD_FLAG, 'bench'], true)).toBe('bench');
    // Typed by a person (no IPC): the CLI answers it as an unknown option.
    expect(childMode([CHILD_FLAG, 'bench'], false)).toBeUndefined();
    expect(childMode([CHILD_FLAG, 'shell'], true)).toBeUndefined();
    expect(childMode(['doctor'], true)).toBeUndefined();
  });
});
