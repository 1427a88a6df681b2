// Turns any bytes into bounded, clean lines: size cap (head + tail), BOM/UTF-16, invalid UTF-8, binary, ANSI, CR.

/** Bytes kept from a large input: the first and the last half of this. */
export const MAX_BYTES = 8 * 1024 * 1024;
/** Longer lines are cut: error messages are short, and regexes then see bounded input. */
export const MAX_LINE = 4000;

export interface DecodedText {
  text: string;
  lines: string[];
  /** Bytes given and bytes dropped from the middle (0 when all was kept). */
  totalBytes: number;
  droppedBytes: number;
  /** Most of it is not text (NUL and control bytes): only the printable runs were kept. */
  binary: boolean;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
}

export function decodeInput(input: Uint8Array | string): DecodedText {
  if (typeof input === 'string') {
    const buf = Buffer.from(input, 'utf8');
    if (buf.length <= MAX_BYTES) return finish(input, buf.length, 0, false, 'utf-8');
    return decodeInput(buf);
  }
  const totalBytes = input.length;
  let bytes = input;
  let droppedBytes = 0;
  if (bytes.length > MAX_BYTES) {
    const half = MAX_BYTES / 2;
    const head = bytes.subarray(0, half);
    const tail = bytes.subarray(bytes.length - half);
    droppedBytes = bytes.length - MAX_BYTES;
    bytes = Buffer.concat([head, Buffer.from('\n'), tail]);
  }
  let encoding: DecodedText['encoding'] = 'utf-8';
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  } else if (looksUtf16le(bytes)) {
    encoding = 'utf-16le';
    text = new TextDecoder('utf-16le').decode(bytes);
  } else {
    text = new TextDecoder('utf-8').decode(bytes);
  }
  const binary = isBinary(text);
  if (binary) text = printableRuns(text);
  return finish(text, totalBytes, droppedBytes, binary, encoding);
}

function finish(text: string, totalBytes: number, droppedBytes: number, binary: boolean, encoding: DecodedText['encoding']): DecodedText {
  // ANSI colour codes (pytest, vllm, TF logs) and carriage returns (Windows, progress bars).
  // eslint-disable-next-line no-control-regex
  const clean = text
    .replace(/\x1b\[[0-9;?]{0,20}[A-Za-z]/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(/^\uFEFF/, '');
  const lines = clean.split('\n').map((l) => (l.length > MAX_LINE ? l.slice(0, MAX_LINE) : l));
  return { text: clean, lines, totalBytes, droppedBytes, binary, encoding };
}

/** PowerShell's `>` writes UTF-16LE: ASCII text with a NUL after every byte. */
function looksUtf16le(b: Uint8Array): boolean {
  const n = Math.min(b.length, 512) & ~1;
  if (n < 8) return false;
  let zeros = 0;
  for (let i = 1; i < n; i += 2) if (b[i] === 0 && b[i - 1] !== 0) zeros++;
  return zeros > (n / 2) * 0.9;
}

function isBinary(text: string): boolean {
  const sample = text.length > 65536 ? text.slice(0, 32768) + text.slice(-32768) : text;
  if (sample.length === 0) return false;
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 27) || c === 0xfffd) bad++;
  }
  return bad / sample.length > 0.1;
}

/** Like strings(1): runs of 6+ printable characters, one per line. */
function printableRuns(text: string): string {
  // eslint-disable-next-line no-control-regex
  return (text.match(/[^\x00-\x08\x0b-\x1f\x7f\ufffd]{6,}/g) ?? []).join('\n');
}
