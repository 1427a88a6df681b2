// A fake Io for command tests: captures stdout and stderr, no colour, English unless env says otherwise.
import type { Io } from '../../src/commands/types.js';

export interface CapturedIo extends Io {
  stdout(): string;
  stderr(): string;
}

export function fakeIo(env: Record<string, string | undefined> = {}, stdin = ''): CapturedIo {
  let out = '';
  let err = '';
  return {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    color: false,
    stderrIsTTY: false,
    cwd: '/tmp',
    env: { GPUENV_LANG: 'en', ...env },
    stdin: async function* () {
      yield Buffer.from(stdin);
    },
    stdout: () => out,
    stderr: () => err,
  };
}
