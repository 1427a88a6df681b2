// `gpuenv vram <model>`: will it fit, on which GPU, and what to change; the estimator lives in src/vram/.
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { UsageError, EXIT } from '../errors.js';
import { formatBytes, table } from '../render/style.js';
import { displayWidth, truncateDisplay } from '../render/width.js';
import type { CommandContext, CommandDetails } from './types.js';
import { msg } from './messages.js';
import type { Mode, ModelSpec, Optimizer, Precision, Strategy, VramOptions } from '../vram/types.js';
import { noteOf } from '../knowledge/localized.js';

export const details: CommandDetails = {
  usage:
    'vram <model|params|config.json> [--train|--infer] [--precision P] [--optimizer O] [--batch N] [--seq N] [--lora R|--qlora] [--checkpointing] [--gpus N --strategy S] [--gpu NAME] [--json]',
  help: () => [msg('vram.help')],
  examples: [
    'gpuenv vram llama-3-8b --infer --batch 4 --seq 4096',
    'gpuenv vram llama-2-7b --qlora --batch 4 --seq 1024 --checkpointing',
    'gpuenv vram bert-large --precision fp32 --batch 32 --seq 512 --gpu "RTX 3060"',
    'gpuenv vram 70b --train --gpus 8 --strategy zero3 --json',
  ],
  options: {
    train: { type: 'boolean' },
    infer: { type: 'boolean' },
    precision: { type: 'string' },
    optimizer: { type: 'string' },
    batch: { type: 'string' },
    seq: { type: 'string' },
    lora: { type: 'string' },
    qlora: { type: 'boolean' },
    checkpointing: { type: 'boolean' },
    'eager-attention': { type: 'boolean' },
    gpus: { type: 'string' },
    strategy: { type: 'string' },
    gpu: { type: 'string' },
  },
  allowPositionals: true,
};

const PRECISIONS = ['fp32', 'fp16', 'bf16', 'fp8', 'int8', 'int4'] as const;
const OPTIMIZERS = ['adamw', 'sgd', 'adam8bit', 'adafactor'] as const;
const STRATEGIES = ['ddp', 'fsdp', 'zero2', 'zero3'] as const;

function choice<T extends string>(v: unknown, flag: string, choices: readonly T[], dflt: T): T {
  if (v === undefined) return dflt;
  const s = String(v).toLowerCase();
  if (!(choices as readonly string[]).includes(s)) throw new UsageError(msg('vram.usage.badChoice', { flag, choices: choices.join('|'), value: String(v) }));
  return s as T;
}
function count(v: unknown, flag: string): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v).trim();
  if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > 1e7) throw new UsageError(msg('vram.usage.badNumber', { flag, value: String(v) }));
  return Number(s);
}

async function resolveModel(arg: string, cwd: string): Promise<ModelSpec> {
  const p = await import('../vram/parse.js');
  const known = p.findModel(arg);
  if (known) return known;
  const n = p.parseParamCount(arg);
  if (n !== undefined) return p.modelFromCount(n, arg);
  if (/\.json$/i.test(arg) || arg.includes('/')) {
    const file = isAbsolute(arg) ? arg : join(cwd, arg);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      throw new UsageError(msg('vram.usage.badConfig', { file: arg, reason: (e as Error).message }));
    }
    try {
      return p.modelFromHfConfig(json, arg);
    } catch (e) {
      throw new UsageError(msg('vram.usage.badConfig', { file: arg, reason: (e as Error).message }));
    }
  }
  throw new UsageError(msg('vram.usage.unknownModel', { name: arg }), msg('vram.usage.closest', { list: p.closestModels(arg).join(', ') }));
}

/** The GPU to size for: --gpu NAME from the catalogue, else this machine's first GPU (if any can be read). */
async function targetGpu(ctx: CommandContext): Promise<{ name: string; bytes: number } | null> {
  const name = ctx.values.gpu;
  if (typeof name === 'string') {
    const { matchGpu } = await import('../knowledge/gpus.js');
    const { match, candidates } = matchGpu(name);
    if (!match)
      throw new UsageError(
        msg('vram.usage.unknownGpu', { name }),
        candidates.length
          ? msg('vram.usage.closest', {
              list: candidates
                .slice(0, 5)
                .map((c) => c.name)
                .join(', '),
            })
          : undefined,
      );
    return { name: match.name, bytes: match.nvmlMemoryBytes ?? match.memoryGiB * 1024 ** 3 };
  }
  try {
    const { takeSnapshot } = await import('../probe/take.js');
    const snap = await takeSnapshot(await ctx.system(), { timeoutMs: 3_000 });
    const g = snap.gpus.find((x) => x.memory.totalBytes);
    return g?.memory.totalBytes ? { name: g.name ?? 'GPU 0', bytes: g.memory.totalBytes } : null;
  } catch {
    return null;
  }
}

export async function run(ctx: CommandContext): Promise<number> {
  const [arg, extra] = ctx.positionals;
  if (!arg || extra !== undefined) throw new UsageError(msg('vram.usage.model'));
  const v = ctx.values;
  if (v.train && v.infer) throw new UsageError(msg('vram.usage.trainInfer'));
  const mode: Mode = v.infer ? 'infer' : 'train';
  const lora = count(v.lora, 'lora');
  if (lora !== undefined && v.qlora) throw new UsageError(msg('vram.usage.loraQlora'));
  if (mode === 'infer' && (lora !== undefined || v.qlora || v.optimizer !== undefined || v.checkpointing)) throw new UsageError(msg('vram.usage.loraInfer'));
  const precision = choice<Precision>(v.precision, 'precision', PRECISIONS, 'bf16');
  if (mode === 'train' && lora === undefined && !v.qlora && (precision === 'int8' || precision === 'int4'))
    throw new UsageError(msg('vram.usage.quantTrain', { precision }));
  const model = await resolveModel(arg, ctx.io.cwd);
  const o: VramOptions = {
    mode,
    precision,
    optimizer: choice<Optimizer>(v.optimizer, 'optimizer', OPTIMIZERS, 'adamw'),
    batch: count(v.batch, 'batch') ?? 1,
    seq: count(v.seq, 'seq') ?? model.defaultSeq,
    ...(lora !== undefined ? { lora } : {}),
    qlora: Boolean(v.qlora),
    checkpointing: Boolean(v.checkpointing),
    flashAttention: !v['eager-attention'],
    gpus: count(v.gpus, 'gpus') ?? 1,
    strategy: choice<Strategy>(v.strategy, 'strategy', STRATEGIES, 'ddp'),
  };
  const { estimate } = await import('../vram/estimate.js');
  const { fitList, maxBatch, suggestions } = await import('../vram/fit.js');
  const e = estimate(model, o);
  const target = await targetGpu(ctx);
  const fits = fitList(e.totalBytes);
  const best = target ? maxBatch(model, o, target.bytes) : null;
  const sugg = suggestions(model, o, e.totalBytes, target?.bytes ?? null);
  if (ctx.globals.json) {
    const json = {
      model: {
        ...e.model,
        source: model.source,
        confirmed: model.confirmed,
        ...(model.note ? { note: model.note } : {}),
        ...(model.shape ? { shape: model.shape } : {}),
      },
      options: o,
      terms: e.terms,
      allocatedPeakBytes: e.allocatedPeakBytes,
      totalBytes: e.totalBytes,
      fits,
      target: target ? { name: target.name, bytes: target.bytes, fits: e.totalBytes <= target.bytes, maxBatch: best } : null,
      suggestions: sugg,
    };
    ctx.io.out(`${JSON.stringify(json, null, 2)}\n`);
    return EXIT.ok;
  }
  const lines: string[] = [];
  const extraBits = [
    o.lora !== undefined ? ` · LoRA r=${o.lora}` : '',
    o.qlora ? ' · QLoRA' : '',
    o.checkpointing ? ' · checkpointing' : '',
    mode === 'train' ? ` · ${o.optimizer}` : '',
  ].join('');
  lines.push(
    msg('vram.title', {
      model: model.name,
      mode: msg(`vram.mode.${mode}`),
      precision: o.precision,
      extra: extraBits,
      batch: o.batch,
      seq: o.seq,
      gpus: o.gpus > 1 || o.strategy !== 'ddp' ? ` · ${o.gpus} × ${o.strategy}` : '',
    }),
    '',
  );
  const rows = [[msg('vram.col.term'), msg('vram.col.size'), msg('vram.col.how')]];
  for (const t of e.terms)
    rows.push([msg(`vram.term.${t.id}`), formatBytes(t.bytes), displayWidth(t.formula) > 110 ? truncateDisplay(t.formula, 108) : t.formula]);
  rows.push([msg('vram.peak'), formatBytes(e.allocatedPeakBytes), ''], [msg('vram.total'), formatBytes(e.totalBytes), '']);
  lines.push(...table(rows), '', `  ${msg('vram.peakNote')}`);
  const note = noteOf(model);
  if (!model.confirmed || note) lines.push(`  ${msg('vram.unconfirmed', { note: note ?? '' })}`);
  lines.push('', msg('vram.fits.title'));
  lines.push(
    ...table(
      fits.map((f) => [
        `${f.memoryGiB} GB`,
        f.fits ? msg('vram.fits.yes') : msg('vram.fits.no'),
        f.gpus.slice(0, 4).join(', ') + (f.gpus.length > 4 ? ', …' : ''),
      ]),
    ),
  );
  lines.push('');
  if (target)
    lines.push(
      msg('vram.target', {
        gpu: target.name,
        size: formatBytes(target.bytes),
        verdict: e.totalBytes <= target.bytes ? msg('vram.target.fits') : msg('vram.target.noFit'),
        batch: best ?? 0,
      }),
    );
  else lines.push(msg('vram.target.none'));
  if (sugg.length) {
    lines.push('', msg('vram.suggest.title'));
    // A table, so the savings and totals start at one column whatever the flags' widths.
    lines.push(
      ...table(
        sugg.map((s) => [
          s.flags,
          `−${formatBytes(s.savingBytes)}`,
          msg('vram.suggest.total', {
            total: formatBytes(s.totalBytes),
            fits: s.fits === null ? '' : s.fits ? msg('vram.suggest.fits') : msg('vram.suggest.noFit'),
          }),
        ]),
      ),
    );
  }
  ctx.io.out(`${lines.join('\n')}\n`);
  return EXIT.ok;
}
