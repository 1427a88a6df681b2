// Reads any input as a stream (a file, a pipe, a FIFO, process substitution, a /proc file whose size
// says 0) into the bytes explain parses, in bounded memory: the first and last HEAD/TAIL bytes whole,
// and from everything between them the lines that may name a cause (the signature hint test), with a
// few lines of context, up to a budget. A 60 MB log costs about 8 MB, and an error in its middle is seen.
import { hasHint } from '../knowledge/error-signatures.js';
import { MAX_BYTES, MAX_LINE } from './text.js';

export interface CollectLimits {
  head: number;
  tail: number;
  /** Bytes of middle lines kept at most. */
  middle: number;
}

// Together (plus two separators) within decodeInput's MAX_BYTES, which then cuts nothing more.
export const DEFAULT_LIMITS: CollectLimits = { head: 3 * 1024 * 1024, tail: 3 * 1024 * 1024, middle: MAX_BYTES - 6 * 1024 * 1024 - 16 };
const BEFORE = 3;
const AFTER = 8;

export interface Collected {
  bytes: Buffer;
  /** Every byte read. */
  totalBytes: number;
  /** Bytes of the input that `bytes` does not hold. */
  droppedBytes: number;
}

export async function collectBounded(source: AsyncIterable<Uint8Array | string>, limits: CollectLimits = DEFAULT_LIMITS): Promise<Collected> {
  const head: Buffer[] = [];
  let headLen = 0;
  const tail: Buffer[] = [];
  let tailLen = 0;
  let total = 0;
  const middle = new MiddleScanner(limits.middle);
  for await (const raw of source) {
    let chunk = typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    total += chunk.length;
    if (headLen < limits.head) {
      const take = Math.min(limits.head - headLen, chunk.length);
      head.push(Buffer.from(chunk.subarray(0, take)));
      headLen += take;
      chunk = chunk.subarray(take);
      if (chunk.length === 0) continue;
    }
    tail.push(Buffer.from(chunk));
    tailLen += chunk.length;
    while (tail.length > 1 && tailLen - tail[0]!.length >= limits.tail) {
      const old = tail.shift()!;
      tailLen -= old.length;
      middle.feed(old);
    }
  }
  let tailBuf = Buffer.concat(tail);
  if (tailBuf.length > limits.tail) {
    middle.feed(tailBuf.subarray(0, tailBuf.length - limits.tail));
    tailBuf = tailBuf.subarray(tailBuf.length - limits.tail);
  }
  const headBuf = Buffer.concat(head);
  if (middle.seen === 0) return { bytes: Buffer.concat([headBuf, tailBuf]), totalBytes: total, droppedBytes: 0 };
  const kept = middle.kept();
  const parts = [headBuf, Buffer.from('\n'), ...(kept.length ? [kept, Buffer.from('\n')] : []), tailBuf];
  const bytes = Buffer.concat(parts);
  return { bytes, totalBytes: total, droppedBytes: total - headBuf.length - tailBuf.length - kept.length };
}

function lastLines(text: string, n: number): string[] {
  const out: string[] = [];
  let end = text.length;
  while (out.length < n && end > 0) {
    const start = text.lastIndexOf('\n', end - 1);
    out.unshift(text.slice(start + 1, end).slice(0, MAX_LINE));
    if (start < 0) break;
    end = start;
  }
  return out;
}

/** Keeps hinted lines of the middle with BEFORE lines before and AFTER after, within a byte budget. */
class MiddleScanner {
  seen = 0;
  private carry = '';
  private readonly before: string[] = [];
  private after = 0;
  private readonly out: string[] = [];
  private size = 0;
  private readonly budget: number;
  constructor(budget: number) {
    this.budget = budget;
  }

  feed(buf: Buffer): void {
    this.seen += buf.length;
    // latin1 keeps every byte one character, so a multi-byte character split by a chunk cannot break
    // the line split; the hint words are ASCII.
    const text = this.carry + buf.toString('latin1');
    const end = text.lastIndexOf('\n');
    this.carry = text.slice(end + 1);
    if (this.carry.length > MAX_LINE) this.carry = this.carry.slice(0, MAX_LINE);
    if (end < 0 || this.size >= this.budget) return;
    const whole = text.slice(0, end);
    // One hint test over the whole chunk (half the cost of one per line on a 1 MB chunk); only a chunk
    // that holds a hint is looked at line by line.
    if (!hasHint(whole)) {
      let at = 0;
      while (this.after > 0 && at <= whole.length) {
        const nl = whole.indexOf('\n', at);
        this.line(whole.slice(at, nl < 0 ? undefined : nl));
        if (nl < 0) return;
        at = nl + 1;
      }
      this.before.splice(0, this.before.length, ...lastLines(whole, BEFORE));
      return;
    }
    for (const l of whole.split('\n')) this.line(l.length > MAX_LINE ? l.slice(0, MAX_LINE) : l);
  }

  private line(l: string): void {
    if (this.size >= this.budget) return;
    if (hasHint(l)) {
      for (const b of this.before.splice(0)) this.keep(b);
      this.keep(l);
      this.after = AFTER;
    } else if (this.after > 0) {
      this.keep(l);
      this.after--;
    } else {
      this.before.push(l);
      if (this.before.length > BEFORE) this.before.shift();
    }
  }

  private keep(l: string): void {
    if (this.size + l.length + 1 > this.budget) {
      this.size = this.budget;
      return;
    }
    this.out.push(l);
    this.size += l.length + 1;
  }

  kept(): Buffer {
    return Buffer.from(this.out.join('\n'), 'latin1');
  }
}
