// Shapes of the VRAM estimator: what a model is, what the user asks, and what comes back.
import type { Sourced } from '../knowledge/types.js';

export type ModelKind = 'decoder' | 'encoder' | 'vit' | 'cnn' | 'diffusion';
export type NormKind = 'layernorm' | 'rmsnorm';

/** Transformer dimensions; enough for the activation and KV-cache formulas. */
export interface TransformerShape {
  layers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  intermediate: number;
  vocab: number;
  maxPositions: number;
  /** SwiGLU/GeGLU MLPs have three projections and save two more tensors per layer. */
  gatedMlp: boolean;
  norm: NormKind;
  /** Dropout layers active in training (GPT-2, BERT): one-byte masks are kept for backward. */
  dropout: boolean;
  tiedEmbeddings: boolean;
  /**
   * The MLP activation as the Hugging Face config names it (`activation_function` / `hidden_act`): `gelu_new`,
   * `gelu_fast` and `quick_gelu` are Python formulas whose intermediates autograd keeps; absent = one fused kernel.
   */
  activation?: string;
  /** One linear layer computes q, k and v (GPT-2's c_attn, Phi-3's qkv_proj), and gate and up (Phi-3's gate_up_proj). */
  fusedProjections?: boolean;
  /** Mixture of experts: every expert's weights are resident, only `active` run per token. */
  experts?: { count: number; active: number; intermediate: number };
}

export interface ModelSpec extends Sourced {
  id: string;
  name: string;
  aliases: readonly string[];
  kind: ModelKind;
  /** Total parameters as published (all experts of an MoE). */
  params: number;
  /** Parameters used per token (MoE); equals params for dense models. */
  activeParams?: number;
  shape?: TransformerShape;
  /** Sub-models resident together (Stable Diffusion: UNet + text encoders + VAE). */
  components?: readonly { name: string; params: number; trainable: boolean }[];
  /** Sequence length used when --seq is not given (image models: tokens per image). */
  defaultSeq: number;
  /** Saved activation elements per sample for non-transformer models (ResNet-50 at 224²), at defaultSeq. */
  activationElementsPerSample?: number;
  /** The shape was assumed from a parameter count, not read from a config. */
  assumedShape?: boolean;
  /** Sourced.note in Simplified Chinese. */
  noteZh?: string;
}

export type Mode = 'train' | 'infer';
export type Precision = 'fp32' | 'fp16' | 'bf16' | 'fp8' | 'int8' | 'int4';
export type Optimizer = 'adamw' | 'sgd' | 'adam8bit' | 'adafactor';
export type Strategy = 'ddp' | 'fsdp' | 'zero2' | 'zero3';

export interface VramOptions {
  mode: Mode;
  precision: Precision;
  optimizer: Optimizer;
  batch: number;
  seq: number;
  /** LoRA rank; undefined for full fine-tuning. */
  lora?: number;
  qlora: boolean;
  checkpointing: boolean;
  /** Fused attention (FlashAttention / PyTorch SDPA): no s² score matrices are kept. */
  flashAttention: boolean;
  gpus: number;
  strategy: Strategy;
}

export type TermId =
  | 'weights'
  | 'weightCopies'
  | 'masterWeights'
  | 'gradients'
  | 'optimizer'
  | 'optimizerScratch'
  | 'activations'
  | 'logits'
  | 'kvCache'
  | 'workspace'
  | 'cudaContext'
  | 'fragmentation';

export interface Term {
  id: TermId;
  bytes: number;
  /** The formula in words and numbers, for --json and docs. */
  formula: string;
}

export interface Estimate {
  model: { id: string; name: string; params: number; trainableParams: number; assumedShape: boolean };
  options: VramOptions;
  terms: Term[];
  /** Peak bytes PyTorch's allocator hands out (torch.cuda.max_memory_allocated), per GPU. */
  allocatedPeakBytes: number;
  /** What the GPU must have: the allocated peak plus CUDA context and fragmentation margin. */
  totalBytes: number;
}
