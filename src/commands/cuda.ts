// `gpuenv cuda`: several CUDA toolkits side by side — list them, switch a shell or the whole machine
// (atomically, undoable), and show what a build would use now. The work is in src/cuda/.
import { EXIT, ExitError, UsageError } from '../errors.js';
import { makeStyle } from '../render/style.js';
import { outputWidth } from '../render/wrap.js';
import { hostPath } from '../system/paths.js';
import type { System } from '../system/types.js';
import { initScript } from '../cuda/init.js';
import { cudaList } from '../cuda/list.js';
import { msg } from './messages.js';
import { msg as cudaMsg } from '../cuda/messages.js';
import { renderList, renderWhich } from '../cuda/render.js';
import { EVAL_HINT, envFor, parseShell, quoteSh, renderEnv, shellFromEnv, type Shell } from '../cuda/shell.js';
import {
  applySwitch,
  applyUndo,
  findInterrupted,
  planSwitch,
  planUndo,
  repair,
  SwitchBlocked,
  tempFor,
  writableFor,
  type RepairResult,
  type SwitchOptions,
} from '../cuda/switch.js';
import { chooseToolkit, findToolkits, shortVersion } from '../cuda/toolkits.js';
import { findVersionFile } from '../cuda/version-file.js';
import { cudaWhich } from '../cuda/which.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'cuda list|use|undo|init|which [VERSION|PATH|SHELL] [--shell SHELL] [--global [--dry-run]] [--json]',
  help: () => [msg('cuda.help')],
  examples: [
    'gpuenv cuda list',
    'eval "$(gpuenv cuda use 12.4)"',
    'gpuenv cuda use 12.4 --shell fish | source',
    'sudo gpuenv cuda use 12.4 --global --dry-run',
    'sudo gpuenv cuda undo',
    'echo 12.4 > .cuda-version; eval "$(gpuenv cuda init bash)"',
    'gpuenv cuda which',
  ],
  options: {
    shell: { type: 'string' },
    global: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
  },
  allowPositionals: true,
};

/** Tests replace these: who is running (for the state file) and whether a folder may be written. */
export const switchDefaults: { uid: () => number | undefined; canWrite?: SwitchOptions['canWrite']; now?: () => Date } = {
  uid: () => process.getuid?.(),
};

export async function run(ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = ctx.positionals;
  if (!sub) throw new UsageError(cudaMsg('err.sub'), `gpuenv ${details.usage}`);
  const who: SwitchOptions = { uid: switchDefaults.uid(), env: ctx.io.env, canWrite: switchDefaults.canWrite, now: switchDefaults.now };
  const dryRun = ctx.values['dry-run'] === true;
  const global = ctx.values.global === true;
  if (sub !== 'use' && (global || ctx.values.shell !== undefined)) throw new UsageError(cudaMsg('err.extra', { arg: global ? '--global' : '--shell' }));
  if (dryRun && sub !== 'undo' && !(sub === 'use' && global)) throw new UsageError(cudaMsg('err.dryRunNeedsGlobal'));
  const noMore = (n: number) => {
    if (rest.length > n) throw new UsageError(cudaMsg('err.extra', { arg: rest[n]! }));
  };
  switch (sub) {
    case 'list': {
      noMore(0);
      const list = await cudaList(await ctx.system(), who);
      ctx.io.out(ctx.globals.json ? `${JSON.stringify(list, null, 2)}\n` : renderList(list, makeStyle(ctx.io.color)));
      return EXIT.ok;
    }
    case 'which': {
      noMore(0);
      const report = await cudaWhich(await ctx.system());
      ctx.io.out(
        ctx.globals.json ? `${JSON.stringify({ schemaVersion: 1, ...report }, null, 2)}\n` : renderWhich(report, makeStyle(ctx.io.color), outputWidth(ctx.io)),
      );
      return report.findings.some((f) => f.severity !== 'info') ? EXIT.problems : EXIT.ok;
    }
    case 'init': {
      noMore(1);
      const shell = parseShell(rest[0]);
      if (!shell) throw new UsageError(cudaMsg('err.badShell', { shell: rest[0] ?? '' }));
      ctx.io.out(initScript(shell));
      return EXIT.ok;
    }
    case 'use':
      noMore(1);
      return use(ctx, rest[0], global, dryRun, who);
    case 'undo':
      noMore(0);
      return undo(ctx, dryRun, who);
    default:
      throw new UsageError(cudaMsg('err.unknownSub', { sub }), cudaMsg('err.sub'));
  }
}

async function use(ctx: CommandContext, asked: string | undefined, global: boolean, dryRun: boolean, who: SwitchOptions): Promise<number> {
  const sys = await ctx.system();
  let spec = asked;
  let origin: string | undefined;
  if (spec === undefined) {
    const found = await findVersionFile(sys, ctx.io.cwd);
    if (!found) throw new UsageError(cudaMsg('err.noVersion'));
    if (!found.value) throw new UsageError(cudaMsg('err.emptyVersionFile', { file: found.file }));
    spec = found.value;
    origin = found.file;
  }
  const toolkits = await findToolkits(sys);
  const { toolkit } = await chooseToolkit(sys, toolkits, spec, origin);
  if (!global) {
    const shell = pickShell(ctx);
    // Under --root the tree has no environment of its own: the shell that evals the output is the caller's.
    const change = await envFor(sys, toolkits, toolkit, sys.isForeignRoot ? ctx.io.env : sys.env);
    ctx.io.out(
      ctx.globals.json
        ? `${JSON.stringify({ schemaVersion: 1, shell, ...change, toolkit: { path: toolkit.path, version: toolkit.version?.value ?? null } }, null, 2)}\n`
        : renderEnv(shell, change),
    );
    return EXIT.ok;
  }
  if (ctx.values.shell !== undefined) throw new UsageError(cudaMsg('err.shellWithGlobal'));
  const plan = await blocked(() => planSwitch(sys, toolkit));
  const current = plan.current ?? '-';
  const lines: string[] = [];
  if (plan.alternatives) lines.push(cudaMsg('g.alt', { link: '/usr/local/cuda', alt: plan.link }));
  const interrupted = await findInterrupted(sys, who);
  const needsRepair = interrupted.temps.length > 0 || interrupted.pending.length > 0;
  if (plan.noop && !needsRepair) {
    ctx.io.out(`${[...lines, cudaMsg('g.noop', { link: plan.link, target: plan.target })].join('\n')}\n`);
    return EXIT.ok;
  }
  const raw = rawCommands(sys, plan.link, plan.target);
  if (dryRun) {
    if (needsRepair)
      lines.push(cudaMsg('g.repaired', { what: [...interrupted.temps.map((t) => cudaMsg('g.removedTemp', { path: t.temp }))].join('; ') || 'pending record' }));
    lines.push(plan.noop ? cudaMsg('g.noop', { link: plan.link, target: plan.target }) : cudaMsg('g.plan', { link: plan.link, target: plan.target, current }));
    if (!plan.noop) lines.push(cudaMsg('g.steps'), ...raw.map((c) => `  ${c}`));
    if (plan.alternatives)
      lines.push(cudaMsg(plan.alternatives.registered ? 'g.altRegistered' : 'g.altUnregistered', { path: toolkit.path }), `  ${plan.alternatives.command}`);
    ctx.io.out(`${lines.join('\n')}\n`);
    return EXIT.ok;
  }
  if (!(await writableFor(sys, plan, who))) {
    const again = `sudo gpuenv cuda use ${quoteSh(spec)} --global${ctx.globals.root ? ` --root ${quoteSh(ctx.globals.root)}` : ''}`;
    throw new ExitError(
      EXIT.problems,
      [cudaMsg('err.noPermission', { link: plan.link }), `  ${again}`, cudaMsg('g.byHand'), ...raw.map((c) => `  sudo ${c.replace(' && ', ' && sudo ')}`)].join(
        '\n',
      ),
    );
  }
  const repaired = await repair(sys, who);
  reportRepair(ctx, repaired);
  if (!plan.noop) {
    try {
      await applySwitch(sys, plan, who);
    } catch (error) {
      throw new ExitError(
        EXIT.problems,
        cudaMsg('err.switchFailed', { link: plan.link, message: (error as NodeJS.ErrnoException).code ?? (error as Error).message }),
      );
    }
    lines.push(cudaMsg('g.done', { link: plan.link, target: plan.target, current }));
  } else lines.push(cudaMsg('g.noop', { link: plan.link, target: plan.target }));
  if (plan.alternatives)
    lines.push(cudaMsg(plan.alternatives.registered ? 'g.altRegistered' : 'g.altUnregistered', { path: toolkit.path }), `  ${plan.alternatives.command}`);
  ctx.io.out(`${lines.join('\n')}\n`);
  ctx.io.err(`${cudaMsg('g.shellNote', { hint: EVAL_HINT[shellFromEnv(ctx.io.env)](shortVersion(toolkit)) })}\n`);
  return EXIT.ok;
}

async function undo(ctx: CommandContext, dryRun: boolean, who: SwitchOptions): Promise<number> {
  const sys = await ctx.system();
  const interrupted = await findInterrupted(sys, who);
  if (!dryRun && (interrupted.temps.length > 0 || interrupted.pending.length > 0)) {
    if (await writableFor(sys, { link: interrupted.temps[0]?.link ?? interrupted.pending[0]?.link ?? '/usr/local/cuda' }, who))
      reportRepair(ctx, await repair(sys, who));
  }
  const plan = await blocked(() => planUndo(sys, who));
  const { record } = plan;
  const current = plan.current ?? '-';
  const raw = record.previous === null ? [`rm -f ${quoteSh(hostPath(sys.root, record.link))}`] : rawCommands(sys, record.link, record.previous);
  if (dryRun) {
    const lines = [
      record.previous === null
        ? cudaMsg('u.planRemove', { link: record.link, current })
        : cudaMsg('u.plan', { link: record.link, previous: record.previous, current }),
      cudaMsg('g.steps'),
      ...raw.map((c) => `  ${c}`),
    ];
    ctx.io.out(`${lines.join('\n')}\n`);
    return EXIT.ok;
  }
  if (!(await writableFor(sys, record, who))) {
    const again = `sudo gpuenv cuda undo${ctx.globals.root ? ` --root ${quoteSh(ctx.globals.root)}` : ''}`;
    throw new ExitError(
      EXIT.problems,
      [
        cudaMsg('err.noPermission', { link: record.link }),
        `  ${again}`,
        cudaMsg('g.byHand'),
        ...raw.map((c) => `  sudo ${c.replace(' && ', ' && sudo ')}`),
      ].join('\n'),
    );
  }
  try {
    await applyUndo(sys, plan);
  } catch (error) {
    throw new ExitError(
      EXIT.problems,
      cudaMsg('err.switchFailed', { link: record.link, message: (error as NodeJS.ErrnoException).code ?? (error as Error).message }),
    );
  }
  ctx.io.out(
    `${record.previous === null ? cudaMsg('u.removed', { link: record.link }) : cudaMsg('u.done', { link: record.link, previous: record.previous })}\n`,
  );
  return EXIT.ok;
}

function pickShell(ctx: CommandContext): Shell {
  const given = ctx.values.shell;
  if (given === undefined) return shellFromEnv(ctx.io.env);
  const shell = parseShell(String(given));
  if (!shell) throw new UsageError(cudaMsg('err.badShell', { shell: String(given) }));
  return shell;
}

/** The same switch by hand: a new link under the temporary name, then an atomic rename over the old one. */
function rawCommands(sys: System, link: string, target: string): string[] {
  const hostLink = hostPath(sys.root, link);
  const hostTemp = hostPath(sys.root, tempFor(link));
  return [`ln -sfn ${quoteSh(target)} ${quoteSh(hostTemp)} && mv -T ${quoteSh(hostTemp)} ${quoteSh(hostLink)}`];
}

async function blocked<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (error) {
    if (!(error instanceof SwitchBlocked)) throw error;
    const d = error.detail;
    if (error.reason === 'not-a-link') throw new ExitError(EXIT.problems, cudaMsg('err.notALink', { path: d.path ?? '' }));
    if (error.reason === 'changed-since')
      throw new ExitError(EXIT.problems, cudaMsg('err.changedSince', { link: d.link ?? '', now: d.now ?? '', set: d.set ?? '', previous: d.previous ?? '' }));
    throw new ExitError(EXIT.problems, cudaMsg('err.nothingToUndo'));
  }
}

function reportRepair(ctx: CommandContext, r: RepairResult): void {
  const what = [
    ...r.removedTemps.map((p) => cudaMsg('g.removedTemp', { path: p })),
    ...r.completed.map((x) => cudaMsg('g.completed', { link: x.link, target: x.target })),
    ...r.dropped.map((x) => cudaMsg('g.dropped', { link: x.link, target: x.target })),
  ];
  if (what.length) ctx.io.err(`${cudaMsg('g.repaired', { what: what.join('; ') })}\n`);
}
