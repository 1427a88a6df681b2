// explain reads any readable input in bounded memory and still sees the middle of a large log.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { hasHint } from '../../src/knowledge/error-signatures.js';
import { collectBounded, DEFAULT_LIMITS } from '../../src/parse/collect.js';
import { MAX_BYTES } from '../../src/parse/text.js';
import { fakeIo } from '../helpers/io.js';

const work = mkdtempSync(join(tmpdir(), 'gpuenv-collect-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FILLER = 'epoch 3 step 1234 loss 0.4821 lr 0.000100 tokens/s 51234\n';
const ERROR = 'RuntimeError: CUDA error: no kernel image is available for execution on the device\n';

/** ~mb MB of training-log filler with `line` at the byte offset `at` (a fraction of the size). */
function log(mb: number, at: number, line: string): string {
  const n = Math.floor((mb * 1024 * 1024) / FILLER.length);
  const k = Math.floor(n * at);
  return FILLER.repeat(k) + line + FILLER.repeat(n - k);
}

async function* chunks(text: string, size = 64 * 1024): AsyncGenerator<Buffer> {
  const buf = Buffer.from(text);
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

describe('collectBounded', () => {
  it('keeps a small input whole', async () => {
    const r = await collectBounded(chunks('a\nb\n', 1));
    expect(r).toEqual({ bytes: Buffer.from('a\nb\n'), totalBytes: 4, droppedBytes: 0 });
  });

  it('the filler says nothing to the hint test (so what is kept from the middle is the error)', () => {
    expect(hasHint(FILLER)).toBe(false);
    expect(hasHint(ERROR)).toBe(true);
  });

  it('keeps head, tail and the hinted middle line of a 60 MB log within MAX_BYTES', async () => {
    const text = log(60, 0.5, ERROR);
    const r = await collectBounded(chunks(text));
    expect(r.totalBytes).toBe(Buffer.byteLength(text));
    expect(r.bytes.length).toBeLessThanOrEqual(MAX_BYTES);
    expect(r.bytes.toString()).toContain(ERROR.trim());
    expect(r.droppedBytes).toBe(r.totalBytes - (r.bytes.length - 2));
  });

  it('holds bounded memory for 200 MB streamed through it', async () => {
    async function* big(): AsyncGenerator<Buffer> {
      const block = Buffer.from(FILLER.repeat(Math.floor((1024 * 1024) / FILLER.length)));
      for (let i = 0; i < 200; i++) yield block;
    }
    const before = process.memoryUsage().rss;
    const r = await collectBounded(big());
    expect(r.bytes.length).toBeLessThanOrEqual(DEFAULT_LIMITS.head + DEFAULT_LIMITS.tail + 2);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });
});

describe('gpuenv explain on inputs that are not plain small files', () => {
  it('finds an error in the middle of a 60 MB file', async () => {
    const file = join(work, 'big.log');
    writeFileSync(file, log(60, 0.5, ERROR));
    const io = fakeIo();
    expect(await main(['explain', file, '--json'], { io })).toBe(1);
    const doc = JSON.parse(io.stdout());
    expect(doc.findings[0].code).toBe('arch-unsupported');
    expect(doc.input.droppedBytes).toBeGreaterThan(50 * 1024 * 1024);
  }, 30_000);

  it('reads a FIFO (stat size 0), as for `explain <(cmd)`', async () => {
    const fifo = join(work, 'pipe');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return;
    const writer = spawn('sh', ['-c', `printf '%s' "$0" > ${fifo}`, ERROR]);
    const io = fakeIo();
    expect(await main(['explain', fifo, '--json'], { io })).toBe(1);
    expect(JSON.parse(io.stdout()).findings[0].code).toBe('arch-unsupported');
    writer.kill();
  });

  it('reads piped standard input as a stream', async () => {
    const io = fakeIo({}, log(20, 0.5, ERROR));
    expect(await main(['explain', '-', '--json'], { io })).toBe(1);
    expect(JSON.parse(io.stdout()).findings[0].code).toBe('arch-unsupported');
  }, 30_000);

  it('a folder or a missing path is a usage error', async () => {
    for (const p of [work, join(work, 'nope.log')]) {
      const io = fakeIo();
      expect(await main(['explain', p], { io })).toBe(2);
      expect(io.stderr()).toMatch(/EISDIR|ENOENT/);
    }
  });
});
