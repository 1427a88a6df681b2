// Turning what the user typed into a ModelSpec: a catalogue name, a parameter count, or a config.json.
import { MODELS } from './models.js';
import type { ModelSpec, TransformerShape } from './types.js';
import { msg } from './messages.js';

/** "7b", "350m", "1.5B", "70e9", "125000000" → parameters; undefined when it is not a count. */
export function parseParamCount(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmbt])?\s*$/i.exec(text) ?? /^\s*(\d+(?:\.\d+)?e\d+)\s*$/i.exec(text);
  if (!m?.[1]) return undefined;
  const unit = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 }[(m[2] ?? '').toLowerCase() as 'k'] ?? 1;
  const n = Math.round(Number(m[1]) * unit);
  return Number.isFinite(n) && n >= 1000 ? n : undefined;
}

/**
 * A decoder shape for a bare parameter count, so activations and KV cache can still be estimated.
 * Published dense decoders keep hidden ≈ 128·layers (GPT-3 Table 2.1, Llama 2 7B: 4096/32) and P ≈ 12·L·h².
 */
export function assumedShape(params: number): TransformerShape {
  const hidden = Math.max(256, Math.round(Math.cbrt((params * 128) / 12) / 128) * 128);
  const layers = Math.max(2, Math.round(params / (12 * hidden * hidden)));
  const heads = Math.max(1, hidden / 128);
  return {
    layers,
    hidden,
    heads,
    kvHeads: heads,
    headDim: 128,
    intermediate: 4 * hidden,
    vocab: 32000,
    maxPositions: 4096,
    gatedMlp: false,
    norm: 'rmsnorm',
    dropout: false,
    tiedEmbeddings: false,
  };
}

export function modelFromCount(params: number, text: string): ModelSpec {
  return {
    id: text.trim().toLowerCase(),
    name: msg('countName', { count: formatCount(params) }),
    aliases: [],
    kind: 'decoder',
    params,
    shape: assumedShape(params),
    defaultSeq: 2048,
    assumedShape: true,
    source: msg('countSource'),
    checked: new Date(0).toISOString().slice(0, 10),
    confirmed: false,
    note: msg('countNote'),
  };
}

export function formatCount(n: number): string {
  if (n >= 1e9) return `${+(n / 1e9).toFixed(n >= 1e10 ? 0 : 2)}B`;
  if (n >= 1e6) return `${+(n / 1e6).toFixed(n >= 1e8 ? 0 : 1)}M`;
  return `${+(n / 1e3).toFixed(0)}K`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const num = (o: Record<string, unknown>, ...keys: string[]): number | undefined => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v;
  }
  return undefined;
};

const LLAMA_TYPES = new Set([
  'llama',
  'mistral',
  'mixtral',
  'qwen2',
  'qwen2_moe',
  'qwen3',
  'qwen3_moe',
  'phi3',
  'gemma',
  'gemma2',
  'gemma3_text',
  'olmo',
  'olmo2',
  'granite',
  'internlm2',
  'yi',
  'deepseek',
  'starcoder2',
  'cohere',
  'stablelm',
]);
const BERT_TYPES = new Set([
  'bert',
  'roberta',
  'xlm-roberta',
  'distilbert',
  'electra',
  'deberta',
  'deberta-v2',
  'vit',
  'deit',
  'beit',
  'dinov2',
  'gpt2',
  'gpt_neox',
  'opt',
  'gptj',
  'falcon',
  'bloom',
  'phi',
]);

/** Reads a Hugging Face config.json; throws ConfigError naming the model_type when it is not a transformer we know. */
export function modelFromHfConfig(json: unknown, file: string): ModelSpec {
  if (!json || typeof json !== 'object') throw new ConfigError(msg('configNotObject'));
  let o = json as Record<string, unknown>;
  if (o.text_config && typeof o.text_config === 'object') o = { ...(o.text_config as Record<string, unknown>), model_type: o.model_type };
  const type = String(o.model_type ?? '').toLowerCase();
  if (!LLAMA_TYPES.has(type) && !BERT_TYPES.has(type)) throw new ConfigError(msg('configUnknownType', { type: type || '(none)' }));
  const hidden = num(o, 'hidden_size', 'n_embd', 'd_model', 'dim');
  const layers = num(o, 'num_hidden_layers', 'n_layer', 'num_layers', 'n_layers');
  const heads = num(o, 'num_attention_heads', 'n_head', 'num_heads', 'n_heads');
  if (!hidden || !layers || !heads) throw new ConfigError(msg('configMissingDims'));
  const llama = LLAMA_TYPES.has(type);
  const kvHeads = num(o, 'num_key_value_heads', 'num_kv_heads', 'multi_query_group_num') ?? heads;
  const headDim = num(o, 'head_dim') ?? hidden / heads;
  const intermediate = num(o, 'intermediate_size', 'n_inner', 'ffn_dim') ?? 4 * hidden;
  const vocab = type === 'vit' || type === 'deit' || type === 'beit' || type === 'dinov2' ? 0 : (num(o, 'vocab_size') ?? 32000);
  const maxPositions = num(o, 'max_position_embeddings', 'n_positions', 'n_ctx', 'seq_length') ?? (type === 'vit' ? 197 : 2048);
  const expertCount = num(o, 'num_local_experts', 'num_experts', 'n_routed_experts');
  const expertActive = num(o, 'num_experts_per_tok', 'moe_topk');
  const expertInter = num(o, 'moe_intermediate_size') ?? intermediate;
  const tied = typeof o.tie_word_embeddings === 'boolean' ? o.tie_word_embeddings : !llama;
  const actName = [o.activation_function, o.hidden_act, o.hidden_activation].find((v) => typeof v === 'string') as string | undefined;
  // GPT2Config's default activation_function is "gelu_new"; a config.json saved without it still gets NewGELUActivation.
  const activation = actName ?? (type === 'gpt2' ? 'gelu_new' : undefined);
  const shape: TransformerShape = {
    layers,
    hidden,
    heads,
    kvHeads,
    headDim,
    intermediate: expertCount ? expertInter : intermediate,
    vocab,
    maxPositions,
    gatedMlp: llama,
    norm: llama ? 'rmsnorm' : 'layernorm',
    dropout: !llama && Number(o.hidden_dropout_prob ?? o.resid_pdrop ?? 0) > 0,
    tiedEmbeddings: tied,
    ...(activation ? { activation } : {}),
    ...(type === 'gpt2' || type === 'phi3' ? { fusedProjections: true } : {}),
    ...(expertCount && expertActive ? { experts: { count: expertCount, active: expertActive, intermediate: expertInter } } : {}),
  };
  const { total, active } = countParams(shape);
  const kind =
    type === 'vit' || type === 'deit' || type === 'beit' || type === 'dinov2'
      ? 'vit'
      : BERT_TYPES.has(type) && !['gpt2', 'gpt_neox', 'opt', 'gptj', 'falcon', 'bloom', 'phi'].includes(type)
        ? 'encoder'
        : 'decoder';
  return {
    id: file,
    name: `${file} (${type}, ${formatCount(total)})`,
    aliases: [],
    kind,
    params: total,
    ...(active !== total ? { activeParams: active } : {}),
    shape,
    defaultSeq: Math.min(maxPositions, 2048),
    source: file,
    checked: new Date(0).toISOString().slice(0, 10),
    confirmed: true,
    note: msg('configNote'),
  };
}

/** Parameters from the dimensions: embeddings, attention, MLP (all experts), norms; biases ignored. */
export function countParams(s: TransformerShape): { total: number; active: number; embedding: number; perLayerLinear: number } {
  const q = s.heads * s.headDim;
  const kv = s.kvHeads * s.headDim;
  const attn = s.hidden * q * 2 + s.hidden * kv * 2;
  const mlpOne = (s.gatedMlp ? 3 : 2) * s.hidden * (s.experts?.intermediate ?? s.intermediate);
  const mlpAll = s.experts ? mlpOne * s.experts.count + s.hidden * s.experts.count : mlpOne;
  const mlpActive = s.experts ? mlpOne * s.experts.active : mlpOne;
  const embedding = s.vocab * s.hidden * (s.tiedEmbeddings ? 1 : 2) + (s.gatedMlp ? 0 : s.maxPositions * s.hidden);
  const norms = s.layers * 2 * s.hidden + s.hidden;
  return {
    total: embedding + s.layers * (attn + mlpAll) + norms,
    active: embedding + s.layers * (attn + mlpActive) + norms,
    embedding,
    perLayerLinear: attn + mlpAll,
  };
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/^.*\//, '')
    .replace(/[\s_]+/g, '-')
    .replace(/-hf$/, '');

export function findModel(query: string): ModelSpec | undefined {
  const q = norm(query);
  const flat = (s: string) => norm(s).replace(/[^a-z0-9.]/g, '');
  return (
    MODELS.find((m) => [m.id, m.name, ...m.aliases].some((n) => norm(n) === q)) ??
    MODELS.find((m) => [m.id, m.name, ...m.aliases].some((n) => flat(n) === flat(q)))
  );
}

/** The catalogue names nearest to a query (edit distance on normalised names), for "did you mean". */
export function closestModels(query: string, n = 5): string[] {
  const q = norm(query).replace(/[^a-z0-9.]/g, '');
  const scored = MODELS.map((m) => ({ id: m.id, d: Math.min(...[m.id, ...m.aliases].map((a) => distance(q, norm(a).replace(/[^a-z0-9.]/g, '')))) }));
  return scored
    .sort((a, b) => a.d - b.d)
    .slice(0, n)
    .map((s) => s.id);
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j] as number;
      prev[j] = Math.min((prev[j] as number) + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length] as number;
}
