// Which GPUs hold an estimate, the largest batch for one GPU, and what to change when it does not fit.
import { gpuCatalogue } from '../knowledge/gpus.js';
import { estimate } from './estimate.js';
import type { ModelSpec, VramOptions } from './types.js';

export interface FitRow {
  memoryGiB: number;
  fits: boolean;
  gpus: string[];
}

/** Usable bytes of a catalogue GPU: what NVML reported where we have it, else the marketed GiB. */
export function usableBytes(memoryGiB: number, nvmlBytes?: number): number {
  return nvmlBytes ?? memoryGiB * 1024 ** 3;
}

export function fitList(totalBytes: number): FitRow[] {
  const bySize = new Map<number, { bytes: number; names: string[] }>();
  for (const g of gpuCatalogue()) {
    const e = bySize.get(g.memoryGiB) ?? { bytes: usableBytes(g.memoryGiB, g.nvmlMemoryBytes), names: [] };
    e.bytes = Math.min(e.bytes, usableBytes(g.memoryGiB, g.nvmlMemoryBytes));
    e.names.push(g.name.replace(/^NVIDIA (GeForce )?/, ''));
    bySize.set(g.memoryGiB, e);
  }
  return [...bySize.entries()].sort((a, b) => a[0] - b[0]).map(([memoryGiB, e]) => ({ memoryGiB, fits: e.bytes >= totalBytes, gpus: e.names }));
}

/** Largest batch whose estimate fits in `bytes` (0 when batch 1 does not). */
export function maxBatch(model: ModelSpec, o: VramOptions, bytes: number): number {
  const fits = (b: number) => estimate(model, { ...o, batch: b }).totalBytes <= bytes;
  if (!fits(1)) return 0;
  let lo = 1;
  let hi = 2;
  while (hi <= 1 << 20 && fits(hi)) [lo, hi] = [hi, hi * 2];
  if (hi > 1 << 20) return lo;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export type SuggestionId = 'bf16' | 'int8' | 'int4' | 'checkpointing' | 'lora' | 'qlora' | 'adam8bit' | 'zero3' | 'moreGpus' | 'halfBatch' | 'halfSeq';

export interface Suggestion {
  id: SuggestionId;
  /** The flags that make the change. */
  flags: string;
  totalBytes: number;
  savingBytes: number;
  fits: boolean | null;
}

export function suggestions(model: ModelSpec, o: VramOptions, baseTotal: number, capacity: number | null): Suggestion[] {
  const alts: [SuggestionId, string, Partial<VramOptions>][] = [];
  const train = o.mode === 'train';
  const full = train && o.lora === undefined && !o.qlora;
  if (o.precision === 'fp32') alts.push(['bf16', '--precision bf16', { precision: 'bf16' }]);
  if (!train && ['fp32', 'fp16', 'bf16'].includes(o.precision)) {
    alts.push(['int8', '--precision int8', { precision: 'int8' }]);
    alts.push(['int4', '--precision int4', { precision: 'int4' }]);
  }
  if (train && !o.checkpointing) alts.push(['checkpointing', '--checkpointing', { checkpointing: true }]);
  if (full) alts.push(['lora', '--lora 16', { lora: 16, precision: o.precision === 'fp32' ? 'bf16' : o.precision }]);
  if (train && !o.qlora) alts.push(['qlora', '--qlora', { qlora: true, lora: undefined, precision: 'bf16' }]);
  if (full && o.optimizer === 'adamw') alts.push(['adam8bit', '--optimizer adam8bit', { optimizer: 'adam8bit' }]);
  if (full && o.strategy !== 'zero3' && o.strategy !== 'fsdp')
    alts.push(['zero3', `--gpus ${Math.max(2, o.gpus)} --strategy zero3`, { gpus: Math.max(2, o.gpus), strategy: 'zero3' }]);
  if (full && (o.strategy === 'zero3' || o.strategy === 'fsdp')) alts.push(['moreGpus', `--gpus ${o.gpus * 2} --strategy ${o.strategy}`, { gpus: o.gpus * 2 }]);
  if (o.batch > 1) alts.push(['halfBatch', `--batch ${Math.floor(o.batch / 2)}`, { batch: Math.floor(o.batch / 2) }]);
  if (!train && o.seq > 256) alts.push(['halfSeq', `--seq ${Math.floor(o.seq / 2)}`, { seq: Math.floor(o.seq / 2) }]);
  return alts
    .map(([id, flags, change]) => {
      const t = estimate(model, { ...o, ...change }).totalBytes;
      return { id, flags, totalBytes: t, savingBytes: baseTotal - t, fits: capacity === null ? null : t <= capacity };
    })
    .filter((s) => s.savingBytes > 0)
    .sort((a, b) => b.savingBytes - a.savingBytes);
}
