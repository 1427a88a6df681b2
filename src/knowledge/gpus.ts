// Queries over the GPU catalogue: forgiving name matching, PCI id lookup, compute capability → architecture.
import { GPUS } from './data/gpus.js';
import type { GpuArchitecture, GpuSpec } from './data/gpus.js';

export type { GpuArchitecture, GpuField, GpuSegment, GpuSpec, PeakTflops } from './data/gpus.js';

export interface GpuMatch {
  /** The one GPU the query names, or undefined when unknown or ambiguous. */
  match: GpuSpec | undefined;
  /** Ambiguous: every GPU the query fits. Unknown: the closest few by similarity. Empty on a match. */
  candidates: GpuSpec[];
}

export function gpuCatalogue(): readonly GpuSpec[] {
  return GPUS;
}

// Words that carry no identity: vendor and brand prefixes that drivers add or drop over the years.
const NOISE = new Set(['nvidia', 'geforce', 'tesla', 'gpu', 'graphics', 'tensor', 'core', 'card']);
// Family words a user may leave out ("3060" for "RTX 3060").
const FAMILY = new Set(['rtx', 'gtx', 'gt', 'quadro', 'tesla', 'titan']);

/** Lower-case tokens; "Laptop GPU"/"Mobile" → "laptop", "80 GB" → "80gb", brand words dropped. */
export function gpuNameTokens(s: string): string[] {
  const raw = s
    .toLowerCase()
    .replace(/\(tm\)|\(r\)|™|®/g, ' ')
    .replace(/max-q/g, 'maxq')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i] as string;
    const next = raw[i + 1];
    if (/^\d+$/.test(t) && (next === 'gb' || next === 'g')) {
      out.push(`${t}gb`);
      i++;
      continue;
    }
    if (t === 'mobile') {
      if (!out.includes('laptop')) out.push('laptop');
      continue;
    }
    if (/^\d+g$/.test(t)) {
      out.push(`${t}b`);
      continue;
    }
    if (NOISE.has(t)) continue;
    out.push(t);
  }
  return out;
}

function key(s: string): string {
  return gpuNameTokens(s).join('');
}

interface Indexed {
  gpu: GpuSpec;
  /** Keys of the canonical name and aliases: unique to this row. */
  own: string[];
  /** Keys of deliberately shared short forms. */
  shared: string[];
  tokens: Set<string>;
}

let index: Indexed[] | undefined;

function indexed(): Indexed[] {
  if (index) return index;
  index = GPUS.map((gpu) => {
    const tokens = new Set<string>();
    const own: string[] = [];
    // Tokenised once per name: this index is built on every `compat gpu`, where start-up time counts.
    for (const n of [gpu.name, ...gpu.aliases]) {
      const nameTokens = gpuNameTokens(n);
      own.push(nameTokens.join(''));
      for (const t of nameTokens) {
        tokens.add(t);
        // "sxm4" also answers to "sxm"; "pcie" needs nothing.
        if (t.startsWith('sxm') || t.startsWith('hbm')) {
          const m = /^(sxm|hbm)\d/.exec(t);
          if (m?.[1]) tokens.add(m[1]);
        }
      }
    }
    return { gpu, own, shared: (gpu.shortForms ?? []).map(key), tokens };
  });
  return index;
}

function unique(list: GpuSpec[]): GpuSpec[] {
  return [...new Set(list)];
}

function result(list: GpuSpec[]): GpuMatch {
  const u = unique(list);
  return u.length === 1 ? { match: u[0], candidates: [] } : { match: undefined, candidates: u };
}

/** A key equal to the row's key once one leading family word ("rtx", "gtx", …) is taken off. */
function familyKeys(tokens: string[]): string[] {
  const first = tokens[0];
  if (tokens.length > 1 && first !== undefined && FAMILY.has(first)) return [tokens.slice(1).join('')];
  return [];
}

/**
 * Forgiving match: exact NVML name first, then normalized names and aliases ("rtx3060", "GeForce RTX 3060"),
 * then names without their family word ("3060"), then shared short forms ("A100": ambiguous, all listed),
 * then all query words contained in one row's words. Unknown names get the closest few by similarity.
 */
export function matchGpu(query: string): GpuMatch {
  const q = query.trim();
  if (q === '') return { match: undefined, candidates: [] };
  const rows = indexed();

  const exact = rows.filter((r) => r.gpu.name === q || r.gpu.aliases.includes(q));
  if (exact.length > 0) return result(exact.map((r) => r.gpu));

  const qTokens = gpuNameTokens(q);
  const qk = qTokens.join('');
  if (qk === '') return { match: undefined, candidates: [] };

  const byKey = rows.filter((r) => r.own.includes(qk));
  if (byKey.length > 0) return result(byKey.map((r) => r.gpu));

  const byShort = rows.filter((r) => r.shared.includes(qk));
  if (byShort.length > 0) return result(byShort.map((r) => r.gpu));

  const byFamily = rows.filter((r) => [r.gpu.name, ...r.gpu.aliases].some((n) => familyKeys(gpuNameTokens(n)).includes(qk)));
  if (byFamily.length > 0) return result(byFamily.map((r) => r.gpu));

  const contained = rows.filter((r) => qTokens.every((t) => r.tokens.has(t)));
  if (contained.length > 0) {
    // "RTX 4090" must not pull in "RTX 4090 Laptop GPU": prefer rows with the fewest extra words.
    const extra = (r: Indexed): number => Math.min(...[r.gpu.name, ...r.gpu.aliases].map((n) => gpuNameTokens(n).length));
    const best = Math.min(...contained.map(extra));
    const fewest = contained.filter((r) => extra(r) === best);
    if (fewest.length === 1) return result(fewest.map((r) => r.gpu));
    return { match: undefined, candidates: unique(contained.map((r) => r.gpu)) };
  }

  return { match: undefined, candidates: closestGpus(q, 5) };
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const b = s.slice(i, i + 2);
    m.set(b, (m.get(b) ?? 0) + 1);
  }
  return m;
}

/** Dice coefficient over character bigrams of the normalized keys (0…1). */
export function gpuNameSimilarity(a: string, b: string): number {
  const x = bigrams(key(a));
  const y = bigrams(key(b));
  let inter = 0;
  let total = 0;
  for (const [g, n] of x) {
    inter += Math.min(n, y.get(g) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return total === 0 ? 0 : (2 * inter) / total;
}

export function closestGpus(query: string, n = 5): GpuSpec[] {
  return indexed()
    .map((r) => ({
      gpu: r.gpu,
      score: Math.max(...[r.gpu.name, ...r.gpu.aliases].map((name) => gpuNameSimilarity(query, name))),
    }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, n)
    .map((s) => s.gpu);
}

/** "0x2335", "2335", "0x233510de" (NVML pciDeviceId), "10de:2335" → "0x2335"; undefined when not an id. */
export function normalizePciDeviceId(id: string): string | undefined {
  let s = id.trim().toLowerCase();
  const colon = /^10de:([0-9a-f]{4})$/.exec(s);
  if (colon?.[1]) return `0x${colon[1]}`;
  s = s.replace(/^0x/, '');
  if (/^[0-9a-f]{8}$/.test(s)) {
    if (!s.endsWith('10de')) return undefined;
    s = s.slice(0, 4);
  }
  if (!/^[0-9a-f]{1,4}$/.test(s)) return undefined;
  return `0x${s.padStart(4, '0')}`;
}

/** Every row that lists this PCI device id (a few ids are shared: A2/A16, Quadro RTX 6000/8000, M40 12/24 GB). */
export function gpusByPciDeviceId(id: string): GpuSpec[] {
  const n = normalizePciDeviceId(id);
  if (!n) return [];
  return GPUS.filter((g) => g.pciDeviceIds.includes(n));
}

/** The one GPU with this PCI device id; undefined when unknown or shared by several rows. */
export function gpuByPciDeviceId(id: string): GpuSpec | undefined {
  const all = gpusByPciDeviceId(id);
  return all.length === 1 ? all[0] : undefined;
}

/**
 * Architecture of a compute capability. Naming follows nvidia-smi's "Product Architecture" ("Ada Lovelace").
 * 8.7 is Orin (Ampere); 10.0 B200/GB200, 10.3 B300/GB300, 11.0 Thor (sm_101 before CUDA 13), 12.0 RTX 50 /
 * RTX PRO, 12.1 GB10: all Blackwell. 8.8 is in nvcc's CUDA 13 list with no product we can name: undefined.
 */
export function architectureForCapability(cc: string): GpuArchitecture | undefined {
  const m = /^\s*(?:sm_?)?(\d+)(?:\.(\d+))?\s*$/i.exec(cc);
  if (!m?.[1]) return undefined;
  let major = Number(m[1]);
  let minor = m[2] === undefined ? NaN : Number(m[2]);
  // "sm_86" / "86" spelling.
  if (m[2] === undefined) {
    if (major < 10) return undefined;
    minor = major % 10;
    major = Math.floor(major / 10);
  }
  switch (major) {
    case 3:
      return 'Kepler';
    case 5:
      return minor <= 3 ? 'Maxwell' : undefined;
    case 6:
      return minor <= 2 ? 'Pascal' : undefined;
    case 7:
      if (minor === 0 || minor === 2) return 'Volta';
      if (minor === 5) return 'Turing';
      return undefined;
    case 8:
      if (minor === 0 || minor === 6 || minor === 7) return 'Ampere';
      if (minor === 9) return 'Ada Lovelace';
      return undefined;
    case 9:
      return minor === 0 ? 'Hopper' : undefined;
    case 10:
      return minor === 0 || minor === 1 || minor === 3 ? 'Blackwell' : undefined;
    case 11:
      return minor === 0 ? 'Blackwell' : undefined;
    case 12:
      return minor === 0 || minor === 1 ? 'Blackwell' : undefined;
    default:
      return undefined;
  }
}
