// What every command receives: parsed options, output channels and a way to reach the machine.
import type { ParseArgsConfig } from 'node:util';
import type { System } from '../system/types.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Colour is on only for a TTY without NO_COLOR. */
  color: boolean;
  stderrIsTTY: boolean;
  /** Present when stderr is a terminal: rewrites one status line in place (progress); status('') clears it. */
  status?(line: string): void;
  /** The terminal's columns when stdout is one (absent for a pipe or a file): outputWidth() reads it. */
  columns?: number;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Standard input as a stream (read in bounded memory by its consumer). */
  stdin(): AsyncIterable<Uint8Array | string>;
}

export interface GlobalOptions {
  root: string | undefined;
  json: boolean;
}

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CommandContext {
  values: OptionValues;
  positionals: string[];
  globals: GlobalOptions;
  io: Io;
  /** The machine to read: the live host, a --root tree, or a fake in tests. */
  system(): Promise<System>;
}

/** What a command module says about itself: read only when the command runs or its --help is asked. */
export interface CommandDetails {
  /** Usage line after `gpuenv `. */
  usage: string;
  /** Lines of option help, already translated. */
  help: () => string[];
  examples: string[];
  options: NonNullable<ParseArgsConfig['options']>;
  allowPositionals: boolean;
  /** Maps the exit code of a failure (usage 2, internal 3) given the command's arguments; absent: kept. */
  failureExit?: (code: number, args: string[]) => number;
}

export interface CommandModule {
  details: CommandDetails;
  run(ctx: CommandContext): Promise<number>;
}

/** A registry entry: just enough for the command list, so start-up loads no command code. */
export interface CommandSpec {
  name: string;
  /** One line for the command list. */
  summary: () => string;
  load(): Promise<CommandModule>;
}
