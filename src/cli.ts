#!/usr/bin/env node
// The only file that touches process.argv, stdout and exit codes: argv → command → exit code.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { commands, findCommand, globalOptions } from './commands/registry.js';
import type { CommandContext, CommandDetails, CommandSpec, GlobalOptions, Io } from './commands/types.js';
import { msg } from './commands/messages.js';
import { EXIT, ExitError, UsageError } from './errors.js';
import { detectLang, parseLang, setLang } from './i18n/index.js';
import { terminalSafe } from './render/terminal.js';
import { displayWidth, padEndDisplay, truncateDisplay } from './render/width.js';
import { exitOnSignals } from './process/children.js';
import { VERSION } from './version.js';

export interface MainDeps {
  io: Io;
  /** Tests inject a fake machine here. */
  system?: CommandContext['system'];
}

export async function main(argv: string[], deps: MainDeps): Promise<number> {
  // Every line printed goes through terminalSafe: outside text never drives the terminal.
  const raw = deps.io;
  const io: Io = { ...raw, out: (t) => raw.out(terminalSafe(t, raw.color)), err: (t) => raw.err(terminalSafe(t, raw.color)) };
  if (raw.status) io.status = (t) => raw.status!(terminalSafe(t, false));
  deps = { ...deps, io };
  setLang(detectLang(io.env));
  // --lang applies to errors about the command line itself too, so it is read before anything is checked.
  const langAt = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const early = langAt < 0 ? undefined : parseLang(argv[langAt]!.startsWith('--lang=') ? argv[langAt]!.slice(7) : argv[langAt + 1]);
  if (early) setLang(early);
  try {
    return await dispatch(argv, deps);
  } catch (error) {
    return reportError(error, io);
  }
}

async function dispatch(argv: string[], deps: MainDeps): Promise<number> {
  const { io } = deps;
  const first = argv[0];
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    const target = first === 'help' && argv[1] ? findCommand(argv[1]) : undefined;
    io.out(target ? commandHelp(target, (await target.load()).details) : mainHelp());
    return EXIT.ok;
  }
  if (first === '--version' || first === '-V') {
    io.out(`${VERSION}\n`);
    return EXIT.ok;
  }
  if (first.startsWith('-')) {
    // Global flags before the command (`gpuenv --lang zh-CN doctor`): move them after it.
    const idx = argv.findIndex((a, i) => !a.startsWith('-') && !isValueOf(argv, i));
    if (idx > 0) return dispatch([argv[idx]!, ...argv.slice(0, idx), ...argv.slice(idx + 1)], deps);
    throw new UsageError(msg('cli.error.unknownCommand', { name: first }));
  }
  const spec = findCommand(first);
  if (!spec) {
    const near = closest(
      first,
      commands.map((c) => c.name),
    );
    throw new UsageError(msg('cli.error.unknownCommand', { name: first }), near ? msg('cli.error.didYouMean', { name: near }) : msg('cli.usage.more'));
  }
  // The command's module is needed to run it anyway; it also holds its options and help.
  const mod = await spec.load();
  const details = mod.details;
  if (!details.failureExit) return runCommand(spec, mod, argv, deps);
  // The command decides what its failures exit with (health --prolog fails open: a non-zero prolog drains).
  try {
    return await runCommand(spec, mod, argv, deps);
  } catch (error) {
    return details.failureExit(reportError(error, deps.io), argv.slice(1));
  }
}

async function runCommand(spec: CommandSpec, mod: Awaited<ReturnType<CommandSpec['load']>>, argv: string[], deps: MainDeps): Promise<number> {
  const { io } = deps;
  const details = mod.details;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.slice(1),
      options: { ...globalOptions, ...details.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw optionError(error as Error & { code?: string }, details.usage);
  }
  const { values, positionals } = parsed;
  if (values.lang !== undefined) {
    const lang = parseLang(String(values.lang));
    if (!lang) throw new UsageError(msg('cli.error.badLang', { lang: String(values.lang) }));
    setLang(lang);
  }
  if (values.help) {
    io.out(commandHelp(spec, details));
    return EXIT.ok;
  }
  if (values.version) {
    io.out(`${VERSION}\n`);
    return EXIT.ok;
  }
  if (!details.allowPositionals && positionals.length > 0) {
    throw new UsageError(msg('cli.error.unexpectedArgument', { arg: positionals[0]! }), `gpuenv ${details.usage}`);
  }
  const globals: GlobalOptions = {
    root: typeof values.root === 'string' ? values.root : undefined,
    json: values.json === true,
  };
  const ioForCommand: Io = values['no-color'] ? { ...io, color: false } : io;
  const ctx: CommandContext = {
    values,
    positionals,
    globals,
    io: ioForCommand,
    system:
      deps.system ??
      (async () => {
        const { createRealSystem } = await import('./system/real.js');
        return createRealSystem({ root: globals.root, env: io.env });
      }),
  };
  return mod.run(ctx);
}

/** node:util parseArgs speaks English only: its errors are told apart by code and said again from the catalogue. */
function optionError(error: Error & { code?: string }, usage: string): UsageError {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1];
  const arg = /'([^']*)'/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return new UsageError(msg('cli.error.unknownOption', { option }), `gpuenv ${usage}`);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option)
    return new UsageError(
      msg(/argument missing/.test(error.message) ? 'cli.error.optionNeedsValue' : 'cli.error.optionTakesNoValue', { option }),
      `gpuenv ${usage}`,
    );
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && arg !== undefined)
    return new UsageError(msg('cli.error.unexpectedArgument', { arg }), `gpuenv ${usage}`);
  return new UsageError(msg('cli.error.badOption', { message: error.message }), `gpuenv ${usage}`);
}

function isValueOf(argv: string[], i: number): boolean {
  const prev = argv[i - 1];
  return prev === '--root' || prev === '--lang';
}

function reportError(error: unknown, io: Io): number {
  if (error instanceof UsageError) {
    io.err(`gpuenv: ${msg('cli.error.usage', { message: error.message })}\n`);
    if (error.hint) io.err(`${error.hint}\n`);
    return EXIT.usage;
  }
  if (error instanceof ExitError) {
    if (error.message) io.err(`gpuenv: ${error.message}\n`);
    return error.code;
  }
  const e = error as Error;
  io.err(`gpuenv: ${msg('cli.error.internal', { message: e?.message ?? String(error) })}\n`);
  io.err(`${msg('cli.error.report', { version: VERSION })}\n`);
  if (io.env.GPUENV_DEBUG && e?.stack) io.err(`${e.stack}\n`);
  return EXIT.internal;
}

export function mainHelp(): string {
  const width = Math.max(...commands.map((c) => displayWidth(c.name))) + 2;
  const lines = [
    `gpuenv ${VERSION}`,
    msg('cli.usage.title'),
    '',
    msg('cli.usage.commands'),
    ...commands.map((c) => `  ${padEndDisplay(c.name, width)}${c.summary()}`),
    '',
    msg('cli.usage.global'),
    msg('cli.global.root'),
    msg('cli.global.json'),
    msg('cli.global.lang'),
    msg('cli.global.nocolor'),
    msg('cli.global.help'),
    msg('cli.global.version'),
    '',
    msg('cli.usage.more'),
  ];
  return `${lines.join('\n')}\n`;
}

export function commandHelp(spec: CommandSpec, details: CommandDetails): string {
  const lines = [
    `gpuenv ${details.usage}`,
    '',
    spec.summary(),
    '',
    ...details.help(),
    '',
    msg('cli.usage.global'),
    msg('cli.global.lang'),
    msg('cli.global.nocolor'),
    msg('cli.global.help'),
  ];
  if (details.examples.length) lines.push('', msg('cli.usage.examples'), ...details.examples.map((e) => `  ${e}`));
  return `${lines.join('\n')}\n`;
}

/** The nearest command name by edit distance, for "did you mean". */
function closest(word: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestDist = 3;
  for (const name of names) {
    const d = editDistance(word, name);
    if (d < bestDist) [best, bestDist] = [name, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

function nodeIo(): Io {
  const env = process.env;
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    color: Boolean(process.stdout.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb',
    stderrIsTTY: Boolean(process.stderr.isTTY),
    // The one cursor control gpuenv writes itself: back to the line's start, clear it, write the status.
    ...(process.stderr.isTTY
      ? { status: (t: string) => void process.stderr.write(`\r\x1b[2K${truncateDisplay(t, Math.max(20, (process.stderr.columns || 80) - 1))}`) }
      : {}),
    ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
    cwd: process.cwd(),
    env,
    stdin: () => process.stdin,
  };
}

// Run only as the entry point (also through npm's bin symlink), so tests can import main().
function isEntry(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

/** The process's own run: from this file under Node, from src/standalone/main.ts in the executable. */
export function runProcess(argv: string[]): void {
  exitOnSignals();
  // `gpuenv … | head` closes stdout early: that is not an error worth a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
  });
  void main(argv, { io: nodeIo() }).then((code) => {
    process.exitCode = code;
  });
}

if (isEntry()) runProcess(process.argv.slice(2));
