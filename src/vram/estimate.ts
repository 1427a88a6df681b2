// The estimator: bytes per term for one GPU, from the model's shape and the run's settings. Formulas: docs/vram.md.
import { countParams } from './parse.js';
import type { Estimate, ModelSpec, Term, TermId, TransformerShape, VramOptions } from './types.js';
import { msg } from './messages.js';

const MiB = 1024 ** 2;
/** CUDA context plus cuBLAS/cuDNN handles and workspaces: outside torch's allocator (measured: docs/benchmarks.md). */
export const CUDA_CONTEXT_BYTES = 512 * MiB;
/** Caching-allocator slack: reserved ÷ allocated in PyTorch runs is typically 1.0–1.2; we keep 10%. */
export const FRAGMENTATION = 0.1;

/** Bytes per weight when stored at a precision; int8/int4 include per-group scales (group 128 / NF4 block 64 + double quantisation). */
export function weightBytes(p: VramOptions['precision']): number {
  return { fp32: 4, fp16: 2, bf16: 2, fp8: 1, int8: 1 + 2 / 128, int4: 0.5 + 2 / 128 }[p];
}
/** NF4 with double quantisation: 4 bits + 8-bit constants per 64 weights + fp32 constants per 256 blocks (QLoRA paper §3). */
export const NF4_BYTES = 0.5 + 1 / 64 + 4 / (64 * 256);

interface Parts {
  total: number;
  /** Parameters in the transformer blocks' linear layers: what int8/int4/NF4 quantise and LoRA adapts. */
  linear: number;
  /** Embeddings, norms, other: kept at 16 bit by bitsandbytes and GPTQ/AWQ loaders. */
  other: number;
  active: number;
  layers: number;
}

function parts(model: ModelSpec): Parts {
  if (model.shape) {
    const c = countParams(model.shape);
    // Trust the published total; split it in the proportions the dimensions give.
    const linearShare = (model.shape.layers * c.perLayerLinear) / c.total;
    const linear = Math.round(model.params * Math.min(1, linearShare));
    const active = model.activeParams ?? model.params;
    return { total: model.params, linear, other: model.params - linear, active, layers: model.shape.layers };
  }
  // CNNs and diffusion UNets: convolutions are quantisable like linear layers.
  return { total: model.params, linear: model.params, other: 0, active: model.params, layers: 1 };
}

function loraParams(model: ModelSpec, rank: number): number {
  const s = model.shape;
  if (!s) return Math.round(model.params * 0.01 * (rank / 16)); // no shape: ~1% at r=16 is what PEFT reports for UNets/CNNs
  const q = s.heads * s.headDim;
  const kv = s.kvHeads * s.headDim;
  const inter = s.experts?.intermediate ?? s.intermediate;
  const attn = (s.hidden + q) * 2 + (s.hidden + kv) * 2; // q, o, k, v: r·(in + out) each
  const mlp = (s.gatedMlp ? 3 : 2) * (s.hidden + inter) * (s.experts?.count ?? 1);
  return rank * s.layers * (attn + mlp);
}

function optimizerBytesPerParam(o: VramOptions['optimizer']): number {
  // adamw: fp32 m and v; sgd: fp32 momentum; adam8bit: two 8-bit states (+ block constants);
  // adafactor: factored second moment (rows + cols per matrix), taken as ~1% of the parameters.
  return { adamw: 8, sgd: 4, adam8bit: 2 + 8 / 2048, adafactor: 0.04 }[o];
}

/**
 * Bytes autograd keeps per MLP intermediate element, for the activation and the down projection's input (B = bytes of a
 * saved matmul input). A fused kernel (F.gelu, gelu_pytorch_tanh, silu, relu) keeps its input, the down projection the
 * output: 2·B. Hugging Face's Python formulas (transformers/activations.py) keep every intermediate a backward needs:
 * - gelu_new (NewGELUActivation, GPT-2's default): 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·pow(x, 3)))). pow keeps its
 *   input, tanh its output, the last mul both factors. torch.pow is on autocast's fp32 list, so under AMP x is cast to
 *   fp32 and the whole tanh chain is fp32: pow's input 4 + tanh 4 + (1 + tanh) 4 + 0.5·x B + the fp32 product, which the
 *   down projection keeps cast to B: 12 + 2·B (16 under AMP, 20 in fp32; fused: 4 and 8).
 * - gelu_fast (FastGELUActivation, no pow, stays 16-bit): x, 0.044715·x, 1 + 0.044715·x², 0.7978845608·x, tanh, 0.5·x,
 *   1 + tanh, output: 8·B.
 * - quick_gelu (QuickGELUActivation): x, sigmoid(1.702·x), output: 3·B.
 */
export function mlpActivationBytes(activation: string | undefined, B: number): number {
  if (activation === 'gelu_new') return 12 + 2 * B;
  if (activation === 'gelu_fast') return 8 * B;
  if (activation === 'quick_gelu') return 3 * B;
  return 2 * B;
}

/**
 * Under AMP with an fp32 residual stream, the norm's output is fp32 and every nn.Linear that reads it casts it to 16 bit
 * itself: autocast caches casts of leaf weights only (aten/src/ATen/autocast_mode.cpp, cached_cast), so separate q, k, v
 * projections keep three 16-bit copies of their input and separate gate and up projections two.
 */
function inputCopies(s: TransformerShape, o: VramOptions): { attn: number; mlp: number } {
  const { B, residual } = activationBytes(s, o);
  const amp = B === 2 && residual === 4;
  if (!amp || s.fusedProjections) return { attn: 1, mlp: 1 };
  return { attn: 3, mlp: s.gatedMlp ? 2 : 1 };
}

/** Bytes of activations one transformer layer keeps for backward, per token (Korthikanti et al. 2022, generalised). */
export function layerActivationBytesPerToken(s: TransformerShape, seq: number, o: VramOptions): number {
  const { B, normB } = activationBytes(s, o);
  const q = s.heads * s.headDim;
  const kv = s.kvHeads * s.headDim;
  const drop = s.dropout && o.mode === 'train' ? 1 : 0;
  const act = s.experts?.active ?? 1;
  const inter = (s.experts?.intermediate ?? s.intermediate) * act;
  const copies = inputCopies(s, o);
  let attn = normB * s.hidden + copies.attn * B * s.hidden + B * (q + 2 * kv) + drop * s.hidden;
  // Fused attention keeps its output and log-sum-exp; the eager path keeps softmax (and dropout) scores: 5·a·s per token at 16 bit.
  attn += o.flashAttention ? 2 * B * q + 4 * s.heads : B * q + s.heads * seq * (B + drop * (1 + B));
  const mlpInner = s.gatedMlp ? 4 * B : mlpActivationBytes(s.activation, B);
  const mlp = normB * s.hidden + copies.mlp * B * s.hidden * act + mlpInner * inter + drop * s.hidden;
  return attn + mlp;
}

/**
 * Bytes per token and vocabulary entry alive at the loss's backward (Hugging Face ForCausalLMLoss: logits.float(), then
 * F.cross_entropy = log_softmax + nll_loss): the logits the model returned (held by the output object through backward:
 * 16-bit under AMP, else fp32), log_softmax's fp32 output (saved: _log_softmax_backward_data(grad, result, …)),
 * nll_loss's fp32 gradient and log_softmax's fp32 gradient. The fp32 upcast itself is freed after the forward (its
 * backward keeps nothing). Returns { held, peak }.
 */
export function lossBytesPerLogit(o: VramOptions): { held: number; peak: number } {
  const held = o.precision === 'fp32' ? 4 : 2;
  return { held, peak: held + 3 * 4 };
}

/** B: bytes of a saved matmul input; normB: bytes a norm keeps (fp32 residual stream under AMP; HF RMSNorm adds an fp32 copy). */
function activationBytes(s: TransformerShape | undefined, o: VramOptions): { B: number; residual: number; normB: number } {
  const B = o.precision === 'fp32' ? 4 : o.precision === 'fp8' && !o.lora && !o.qlora ? 1 : 2;
  const frozen = o.lora !== undefined || o.qlora;
  const residual = o.precision === 'fp32' ? 4 : frozen ? 2 : 4;
  const normB = s?.norm === 'rmsnorm' ? (frozen ? 4 : residual + 4) : residual;
  return { B, residual, normB };
}

export function estimate(model: ModelSpec, o: VramOptions): Estimate {
  const p = parts(model);
  const terms: Term[] = [];
  const add = (id: TermId, bytes: number, formula: string) => terms.push({ id, bytes: Math.max(0, Math.round(bytes)), formula });
  const N = Math.max(1, o.gpus);
  const sharded = N > 1 || o.strategy !== 'ddp' ? o.strategy : 'ddp';
  const T = o.batch * o.seq;
  const s = model.shape;
  const frozenBase = o.lora !== undefined || o.qlora;
  const train = o.mode === 'train';

  // ---- weights ----
  let W: number;
  let wFormula: string;
  if (o.qlora) {
    W = p.linear * NF4_BYTES + p.other * 2;
    wFormula = `${p.linear} linear params × ${NF4_BYTES.toFixed(4)} B (NF4 + double-quantised constants) + ${p.other} other × 2 B`;
  } else if (frozenBase || !train) {
    const wb = weightBytes(o.precision);
    const ob = o.precision === 'int8' || o.precision === 'int4' || o.precision === 'fp8' ? 2 : wb;
    W = p.linear * wb + p.other * ob;
    wFormula = `${p.linear} linear params × ${wb} B + ${p.other} other × ${ob} B`;
  } else if (sharded === 'zero2' || sharded === 'zero3' || sharded === 'fsdp') {
    const wb = o.precision === 'fp32' ? 4 : 2;
    const div = sharded === 'zero2' ? 1 : N;
    W = (p.total * wb) / div;
    wFormula = msg('wZero', {
      params: p.total,
      bytes: wb,
      div: div > 1 ? msg('divGpus', { n: div }) : '',
      dtype: o.precision === 'fp32' ? 'fp32' : msg('bits16'),
    });
  } else {
    W = p.total * 4;
    wFormula = msg(o.precision === 'fp32' ? 'wFp32' : 'wAmp', { params: p.total });
  }
  add('weights', W, wFormula);

  // ---- training state ----
  const trainable = !train
    ? 0
    : frozenBase
      ? loraParams(model, o.lora ?? 64)
      : model.components
        ? model.components.filter((c) => c.trainable).reduce((a, c) => a + c.params, 0)
        : p.total;
  const zero = sharded === 'zero2' || sharded === 'zero3' || sharded === 'fsdp';
  if (train) {
    const mixed = o.precision !== 'fp32';
    if (frozenBase) {
      // Adapters train in the compute dtype (QLoRA's recipe); optimizer states stay fp32.
      const ab = mixed ? 2 : 4;
      add('weights', trainable * ab, msg('loraWeights', { params: trainable, bytes: ab }));
      add('gradients', trainable * ab, msg('loraGrads', { params: trainable, bytes: ab }));
    } else if (zero) {
      const gb = mixed ? 2 : 4;
      add('gradients', (trainable * gb) / N, msg('zeroGrads', { params: trainable, bytes: gb, div: N > 1 ? msg('zeroGradsDiv', { n: N }) : '' }));
      if (mixed) add('masterWeights', (trainable * 4) / N, msg('masterCopy', { params: trainable, div: N > 1 ? ` ÷ ${N}` : '' }));
      if (sharded !== 'zero2') add('weightCopies', s ? 2 * (p.total / p.layers) * (mixed ? 2 : 4) : 0, msg('gathered'));
    } else {
      // PyTorch AMP: fp32 parameters and gradients; autocast keeps a 16-bit copy of every linear weight for backward.
      add('gradients', trainable * 4, msg('ampGrads', { params: trainable }));
      if (N > 1) add('gradients', trainable * 4, msg('ddpBuckets'));
      if (mixed)
        add('weightCopies', p.linear * (o.precision === 'fp8' ? 1 : 2), msg('autocastCasts', { params: p.linear, bytes: o.precision === 'fp8' ? 1 : 2 }));
      if (mixed && s && model.kind === 'decoder' && s.vocab > 0)
        add('weightCopies', s.vocab * s.hidden * 2, msg('lmHeadCast', { vocab: s.vocab, hidden: s.hidden }));
    }
    const k = optimizerBytesPerParam(o.optimizer);
    add(
      'optimizer',
      (trainable * k) / (zero ? N : 1),
      msg('optimizer', { params: trainable, bytes: k, optimizer: o.optimizer, div: zero && N > 1 ? msg('divGpus', { n: N }) : '' }),
    );
    // QLoRA's recipe uses bitsandbytes' paged AdamW, which updates in place; torch's default foreach AdamW allocates sqrt(v).
    if (o.optimizer === 'adamw' && !zero && !o.qlora) add('optimizerScratch', trainable * 4, msg('adamScratch', { params: trainable }));
  }

  // ---- activations and caches ----
  let activations = 0;
  let logits = 0;
  let logitsHeld = 0;
  let recomputed = 0;
  if (train) {
    if (s) {
      const per = layerActivationBytesPerToken(s, o.seq, o);
      const { B, residual, normB } = activationBytes(s, o);
      const extras = (normB + B) * s.hidden + (s.dropout ? s.hidden : 0) + residual * s.hidden;
      activations = o.checkpointing ? T * (s.layers * residual * s.hidden + per + extras) : T * (s.layers * per + extras);
      if (o.checkpointing) recomputed = T * per;
      add(
        'activations',
        activations,
        o.checkpointing
          ? msg('actCheckpointed', { layers: s.layers, residual, per: per.toFixed(0), tokens: T })
          : msg('actLayers', { layers: s.layers, per: per.toFixed(0), attention: msg(o.flashAttention ? 'attnFused' : 'attnEager'), tokens: T }),
      );
      if (model.kind === 'decoder' && s.vocab > 0) {
        const l = lossBytesPerLogit(o);
        logits = T * s.vocab * l.peak;
        logitsHeld = T * s.vocab * l.held;
        add('logits', logits, msg('logits', { tokens: T, vocab: s.vocab, held: l.held }));
      }
    } else if (model.activationElementsPerSample) {
      const { B } = activationBytes(undefined, o);
      const scale = (o.seq / model.defaultSeq) ** 2;
      const perSample = model.activationElementsPerSample * scale * B * (o.checkpointing ? 0.35 : 1);
      activations = o.batch * perSample;
      add(
        'activations',
        activations,
        msg('actSamples', {
          batch: o.batch,
          elements: Math.round(model.activationElementsPerSample * scale),
          bytes: B,
          checkpointed: o.checkpointing ? msg('actCheckpointedSegments') : '',
        }),
      );
    } else {
      add('activations', 0, msg('actNotModelled'));
    }
  } else {
    const kvB = o.precision === 'fp32' ? 4 : o.precision === 'fp8' ? 1 : 2;
    if (s && model.kind === 'decoder') {
      const kv = 2 * s.layers * s.kvHeads * s.headDim * T * kvB;
      add('kvCache', kv, msg('kvCache', { layers: s.layers, kvHeads: s.kvHeads, headDim: s.headDim, seq: o.seq, batch: o.batch, bytes: kvB }));
    }
    if (s) {
      const B = o.precision === 'fp32' ? 4 : 2;
      const inter = (s.experts?.intermediate ?? s.intermediate) * (s.experts?.active ?? 1);
      const scores = o.flashAttention ? 0 : 2 * s.heads * o.seq * T * B;
      const ws = T * B * (3 * s.hidden + 3 * inter) + scores + o.batch * s.vocab * 4;
      add('workspace', ws, msg('prefill', { tokens: T, bytes: B, scores: scores ? msg('prefillScores') : '' }));
    } else if (model.activationElementsPerSample) {
      const B = o.precision === 'fp32' ? 4 : 2;
      const scale = (o.seq / model.defaultSeq) ** 2;
      add('workspace', o.batch * 3 * 64 * 112 * 112 * scale * B, msg('featureMaps', { batch: o.batch, bytes: B }));
    }
  }

  // Gradients and activations never peak together: backward frees a layer's activations as it writes its gradients.
  const sum = (ids: TermId[]) => terms.filter((t) => ids.includes(t.id)).reduce((a, t) => a + t.bytes, 0);
  const resident = sum(['weights', 'weightCopies', 'masterWeights', 'optimizer', 'kvCache']);
  const grads = sum(['gradients']);
  // With checkpointing, a layer is recomputed only after the loss's backward has freed all but the held logits.
  const actPeak = sum(['activations', 'logits']) - Math.min(recomputed, logits - logitsHeld);
  const fwdBwd = resident + Math.max(actPeak, grads) + sum(['workspace']);
  const step = sum(['weights', 'masterWeights', 'optimizer', 'gradients', 'optimizerScratch', 'kvCache']);
  const allocatedPeakBytes = Math.max(fwdBwd, step);
  add('cudaContext', CUDA_CONTEXT_BYTES, msg('cudaContext'));
  add('fragmentation', allocatedPeakBytes * FRAGMENTATION, msg('fragmentation', { pct: FRAGMENTATION * 100 }));
  const merged = mergeTerms(terms);
  return {
    model: { id: model.id, name: model.name, params: model.params, trainableParams: trainable, assumedShape: model.assumedShape ?? false },
    options: o,
    terms: merged,
    allocatedPeakBytes,
    totalBytes: allocatedPeakBytes + CUDA_CONTEXT_BYTES + Math.round(allocatedPeakBytes * FRAGMENTATION),
  };
}

function mergeTerms(terms: Term[]): Term[] {
  const out: Term[] = [];
  for (const t of terms) {
    const prev = out.find((x) => x.id === t.id);
    if (prev) {
      prev.bytes += t.bytes;
      prev.formula += ` + ${t.formula}`;
    } else out.push({ ...t });
  }
  return out;
}
