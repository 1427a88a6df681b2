// parse, the bytes before any parser: encodings, colours, binary input, size bounds (src/parse/text.ts).
import { describe, expect, it } from 'vitest';
import { decodeInput, MAX_BYTES } from '../../src/parse/text.js';

describe('decodeInput', () => {
  it('keeps head and tail of a large input and says how much was dropped', () => {
    const big = Buffer.alloc(MAX_BYTES + 1000, 0x61);
    const d = decodeInput(big);
    expect(d.droppedBytes).toBe(1000);
    expect(d.totalBytes).toBe(MAX_BYTES + 1000);
  });

  it('reads UTF-16LE (PowerShell redirection) and strips ANSI colours and CRs', () => {
    const d = decodeInput(Buffer.from('\ufeffNVIDIA-SMI has failed\r\n', 'utf16le'));
    expect(d.encoding).toBe('utf-16le');
    expect(d.lines[0]).toBe('NVIDIA-SMI has failed');
    expect(decodeInput('\x1b[31mRuntimeError\x1b[0m: x').lines[0]).toBe('RuntimeError: x');
  });

  it('marks binary input and keeps its printable runs', () => {
    const bin = Buffer.concat([Buffer.alloc(500, 0), Buffer.from('Driver/library version mismatch'), Buffer.alloc(500, 1)]);
    const d = decodeInput(bin);
    expect(d.binary).toBe(true);
    expect(d.text).toContain('Driver/library version mismatch');
  });
});
