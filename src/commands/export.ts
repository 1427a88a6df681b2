// `gpuenv export KIND`: files that rebuild an environment's GPU stack elsewhere (stdout, or -o FILE).
import { UsageError } from '../errors.js';
import { getLang } from '../i18n/index.js';
import { EXPORT_KINDS, isExportKind, renderExport } from '../export/index.js';
import { mergeFreeze } from '../export/merge.js';
import { selectEnv, targetFromSnapshot, targetFromSpec, type ExportTarget } from '../export/target.js';
import { headerDate } from '../export/write.js';
import { isStdout, writeOutput } from '../system/output-file.js';
import { isFlavor } from '../knowledge/containers.js';
import { readText } from '../lock/read.js';
import { snapshotWithEnv } from '../probe/with-env.js';
import { msg } from './messages.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: `export <${EXPORT_KINDS.join('|')}> [--env PATH|NAME] [--snapshot FILE] [-o FILE [--force]] [--framework N@V --cuda X.Y --python X.Y] [--driver V] [--flavor F] [--os OS] [--gpus N] [--merge FILE] [--gpu-only]`,
  help: () =>
    [
      'export.kinds',
      'export.env',
      'export.snapshot',
      'export.output',
      'export.force',
      'export.framework',
      'export.cuda',
      'export.python',
      'export.driver',
      'export.flavor',
      'export.os',
      'export.gpus',
      'export.merge',
      'export.gpuOnly',
    ].map((k) => msg(k as Parameters<typeof msg>[0])),
  examples: [
    'gpuenv export requirements -o requirements.txt',
    'gpuenv export dockerfile --snapshot h200.json -o Dockerfile',
    'gpuenv export dockerfile --framework torch@2.5.1 --cuda 12.4 --python 3.11',
    'gpuenv export dockerfile --framework jax@0.7.2',
    'gpuenv export compose -o compose.yaml',
    'gpuenv export devcontainer -o .devcontainer/devcontainer.json',
  ],
  options: {
    env: { type: 'string' },
    snapshot: { type: 'string' },
    output: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
    framework: { type: 'string', multiple: true },
    cuda: { type: 'string' },
    python: { type: 'string' },
    driver: { type: 'string' },
    flavor: { type: 'string' },
    os: { type: 'string' },
    gpus: { type: 'string' },
    merge: { type: 'string' },
    'gpu-only': { type: 'boolean' },
  },
  allowPositionals: true,
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function run(ctx: CommandContext): Promise<number> {
  const { values, io } = ctx;
  const [kind, ...extra] = ctx.positionals;
  if (!kind || !isExportKind(kind))
    throw new UsageError(msg('export.badKind', { kinds: EXPORT_KINDS.join(', '), not: kind ? msg('export.notKind', { kind }) : '' }));
  if (extra.length) throw new UsageError(msg('export.unexpected', { kind, extra: extra.join(' ') }));
  const frameworks = (Array.isArray(values.framework) ? values.framework : []).map(String);
  const flavor = str(values.flavor);
  if (flavor && !isFlavor(flavor)) throw new UsageError(msg('export.badFlavor', { flavor }));
  if (!frameworks.length && (values.cuda || values.python)) throw new UsageError(msg('export.cudaNeedsFramework'));
  if (frameworks.length && (values.snapshot || values.env)) throw new UsageError(msg('export.frameworkOrMachine'));

  let target: ExportTarget;
  if (frameworks.length) {
    const cuda = str(values.cuda);
    const python = str(values.python);
    const driver = str(values.driver);
    target = targetFromSpec({ frameworks, ...(cuda ? { cuda } : {}), ...(python ? { python } : {}), ...(driver ? { driver } : {}) });
  } else {
    const { snapshot, env } = await snapshotWithEnv(ctx.system, { snapshotFile: str(values.snapshot), env: str(values.env), cwd: io.cwd });
    target = targetFromSnapshot(snapshot, selectEnv(snapshot, env), { gpuOnly: values['gpu-only'] === true });
    const driver = str(values.driver);
    if (driver) target = { ...target, driver: { version: driver, cuda: null } };
  }
  const merge = str(values.merge);
  if (merge) target = mergeFreeze(target, await readText(merge, 'requirements'), merge);

  const args = ['gpuenv', 'export', kind, ...regenArgs(values)];
  const text = renderExport(
    kind,
    target,
    { now: headerDate(io.env), command: args.join(' ') },
    {
      ...(flavor && isFlavor(flavor) ? { flavor } : {}),
      ...(str(values.os) ? { os: str(values.os) } : {}),
      ...(str(values.gpus) ? { gpus: str(values.gpus) } : {}),
    },
  );
  const output = str(values.output);
  const toFile = output !== undefined && !isStdout(output);
  const path = toFile ? await writeOutput(io.cwd, output, text, values.force === true) : null;
  if (ctx.globals.json) {
    // {kind, path, content, reasons}: path is where it was written (null: not written), reasons what
    // gpuenv changed or dropped on the way and why (the notes also written into the file's header).
    io.out(`${JSON.stringify({ kind, path, content: text, reasons: target.notes }, null, 2)}\n`);
    return 0;
  }
  for (const note of target.notes) io.err(`${msg('export.note', { note })}\n`);
  // Chinese output names the mirror option; stderr, so that the file on stdout stays the file.
  if (getLang() === 'zh-CN' && target.pins.length) io.err(`${msg('export.mirrorHint')}\n`);
  if (toFile) io.err(`${msg('export.written', { file: output })}\n`);
  else io.out(text);
  return 0;
}

/** The options that shape the output, for the header's "regenerate" line (never -o/--force). */
function regenArgs(values: CommandContext['values']): string[] {
  const out: string[] = [];
  for (const k of ['env', 'snapshot', 'framework', 'cuda', 'python', 'driver', 'flavor', 'os', 'gpus', 'merge']) {
    const v = values[k];
    for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.push(`--${k}`, String(x));
  }
  if (values['gpu-only'] === true) out.push('--gpu-only');
  // The file's comments are in the language it was written in: regenerating gives the same file.
  if (getLang() !== 'en') out.push('--lang', getLang());
  return out;
}
