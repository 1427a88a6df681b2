// Exceptions are for usage errors and bugs only; a missing component is a Finding, not an exception.

export const EXIT = { ok: 0, problems: 1, usage: 2, internal: 3 } as const;

/** Bad flags, bad input files, unknown names: exit 2 with a clear message and no stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.hint = hint;
  }
}

/** An expected failure that ends the command with a given exit code and a message. */
export class ExitError extends Error {
  override name = 'ExitError';
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}
