// The protocol's two streams over the command's Io (only cli.ts touches the process's stdin and stdout).
import { Readable, Writable } from 'node:stream';
import type { Io } from '../commands/types.js';

/** Standard input as a stream of Buffers: the SDK's line reader concatenates Buffers. */
export function protocolInput(io: Io): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of io.stdin()) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    })(),
  );
}

/**
 * Standard output for JSON-RPC lines. A serialised message holds raw DEL and C1 characters only inside strings, where
 * \u escapes say the same: written that way, the terminal-safety filter of cli.ts has nothing to strip from a message.
 */
export function protocolOutput(io: Io): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      io.out(escapeControls(chunk.toString('utf8')));
      done();
    },
  });
}

export function escapeControls(line: string): string {
  return line.replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
