// The model catalogue: published parameter counts and config.json dimensions, each row with its source.
import type { ModelSpec, TransformerShape } from './types.js';

const CHECKED = '2026-11-30';
const MEMORY_NOTE = 'dimensions as published in the config.json on the Hugging Face hub; not re-read in this session';
const MEMORY_NOTE_ZH = '结构尺寸取自 Hugging Face hub 上发布的 config.json；本次未重新核对';
const HF = (repo: string) => `https://huggingface.co/${repo}/blob/main/config.json`;

type ShapeIn = Omit<TransformerShape, 'headDim' | 'gatedMlp' | 'norm' | 'dropout' | 'tiedEmbeddings'> &
  Partial<Pick<TransformerShape, 'headDim' | 'gatedMlp' | 'norm' | 'dropout' | 'tiedEmbeddings' | 'activation' | 'fusedProjections'>>;

function llamaLike(s: ShapeIn): TransformerShape {
  return { gatedMlp: true, norm: 'rmsnorm', dropout: false, tiedEmbeddings: false, headDim: s.hidden / s.heads, ...s };
}
function bertLike(s: ShapeIn): TransformerShape {
  return { gatedMlp: false, norm: 'layernorm', dropout: true, tiedEmbeddings: true, headDim: s.hidden / s.heads, ...s };
}

interface Row {
  id: string;
  name: string;
  aliases?: string[];
  params: number;
  activeParams?: number;
  shape?: TransformerShape;
  kind?: ModelSpec['kind'];
  defaultSeq?: number;
  source: string;
  confirmed?: boolean;
  note?: string;
  /** The note in Simplified Chinese: shown with --lang zh-CN (the note is gpuenv's own words, not a quote). */
  noteZh?: string;
  components?: ModelSpec['components'];
  activationElementsPerSample?: number;
}

function row(r: Row): ModelSpec {
  const confirmed = r.confirmed ?? false;
  return {
    id: r.id,
    name: r.name,
    aliases: r.aliases ?? [],
    kind: r.kind ?? 'decoder',
    params: r.params,
    ...(r.activeParams ? { activeParams: r.activeParams } : {}),
    ...(r.shape ? { shape: r.shape } : {}),
    ...(r.components ? { components: r.components } : {}),
    ...(r.activationElementsPerSample ? { activationElementsPerSample: r.activationElementsPerSample } : {}),
    defaultSeq: r.defaultSeq ?? Math.min(r.shape?.maxPositions ?? 2048, 2048),
    source: r.source,
    checked: CHECKED,
    confirmed,
    ...((r.note ?? (!confirmed ? MEMORY_NOTE : undefined)) ? { note: r.note ?? MEMORY_NOTE, noteZh: r.note ? r.noteZh : MEMORY_NOTE_ZH } : {}),
  };
}

/**
 * Saved activation elements per 224² image in a torchvision ResNet-50 training step: each conv output is kept twice
 * (BatchNorm's input and the ReLU/next conv input), plus the stem and max-pool indices. Derived in resnetActivations().
 */
export function resnet50ActivationElements(): number {
  const stages: [blocks: number, mid: number, out: number, res: number][] = [
    [3, 64, 256, 56],
    [4, 128, 512, 28],
    [6, 256, 1024, 14],
    [3, 512, 2048, 7],
  ];
  let e = 3 * 224 * 224 + 2 * 64 * 112 * 112 + 64 * 56 * 56 * 3; // input, conv1 + relu, max-pool output and int64 indices (2 elements' worth)
  let inRes = 56;
  for (const [blocks, mid, out, res] of stages) {
    for (let b = 0; b < blocks; b++) {
      const r1 = b === 0 ? inRes : res; // torchvision v1.5 strides in the 3×3 conv, so conv1 runs at the input size
      e += 2 * mid * r1 * r1 + 2 * mid * res * res + 2 * out * res * res;
      if (b === 0) e += out * res * res; // downsample conv output (BatchNorm input)
    }
    inRes = res;
  }
  return e + 2048; // pooled features
}

export const MODELS: readonly ModelSpec[] = [
  row({
    id: 'resnet-50',
    name: 'ResNet-50',
    aliases: ['resnet50'],
    kind: 'cnn',
    params: 25_557_032,
    defaultSeq: 224,
    activationElementsPerSample: resnet50ActivationElements(),
    source: 'He et al. 2016, Deep Residual Learning (arXiv:1512.03385) Table 1; torchvision resnet50 parameter count',
    confirmed: true,
    note: 'seq stands for the image side (224 default); activations scale with its square',
    noteZh: 'seq 表示图像边长（默认 224）；激活随其平方增长',
  }),
  row({
    id: 'bert-base',
    name: 'BERT-base',
    aliases: ['bert-base-uncased', 'bert-base-cased'],
    kind: 'encoder',
    params: 110_000_000,
    shape: bertLike({ layers: 12, hidden: 768, heads: 12, kvHeads: 12, intermediate: 3072, vocab: 30522, maxPositions: 512 }),
    defaultSeq: 512,
    source: `Devlin et al. 2018, BERT (arXiv:1810.04805) §3; ${HF('google-bert/bert-base-uncased')}`,
    confirmed: true,
  }),
  row({
    id: 'bert-large',
    name: 'BERT-large',
    aliases: ['bert-large-uncased', 'bert-large-cased'],
    kind: 'encoder',
    params: 340_000_000,
    shape: bertLike({ layers: 24, hidden: 1024, heads: 16, kvHeads: 16, intermediate: 4096, vocab: 30522, maxPositions: 512 }),
    defaultSeq: 512,
    source: `Devlin et al. 2018, BERT (arXiv:1810.04805) §3; ${HF('google-bert/bert-large-uncased')}`,
    confirmed: true,
  }),
  row({
    id: 'vit-b-16',
    name: 'ViT-B/16',
    aliases: ['vit-base-patch16-224', 'vit-b16', 'vit-base'],
    kind: 'vit',
    params: 86_000_000,
    shape: bertLike({ layers: 12, hidden: 768, heads: 12, kvHeads: 12, intermediate: 3072, vocab: 0, maxPositions: 197, dropout: false }),
    defaultSeq: 197,
    source: 'Dosovitskiy et al. 2020, An Image is Worth 16x16 Words (arXiv:2010.11929) Table 1',
    confirmed: true,
    note: 'seq = 197 tokens for a 224² image (196 patches + [CLS])',
    noteZh: 'seq = 197 个 token，对应 224² 图像（196 个 patch + [CLS]）',
  }),
  row({
    id: 'vit-l-16',
    name: 'ViT-L/16',
    aliases: ['vit-large-patch16-224', 'vit-l16', 'vit-large'],
    kind: 'vit',
    params: 307_000_000,
    shape: bertLike({ layers: 24, hidden: 1024, heads: 16, kvHeads: 16, intermediate: 4096, vocab: 0, maxPositions: 197, dropout: false }),
    defaultSeq: 197,
    source: 'Dosovitskiy et al. 2020, An Image is Worth 16x16 Words (arXiv:2010.11929) Table 1',
    confirmed: true,
  }),
  row({
    id: 'gpt2',
    name: 'GPT-2 (124M)',
    aliases: ['gpt-2', 'gpt2-small'],
    params: 124_439_808,
    shape: bertLike({
      layers: 12,
      hidden: 768,
      heads: 12,
      kvHeads: 12,
      intermediate: 3072,
      vocab: 50257,
      maxPositions: 1024,
      activation: 'gelu_new',
      fusedProjections: true,
    }),
    defaultSeq: 1024,
    source: `Radford et al. 2019, Language Models are Unsupervised Multitask Learners, Table 2; ${HF('openai-community/gpt2')}`,
    confirmed: true,
  }),
  row({
    id: 'gpt2-medium',
    name: 'GPT-2 medium (355M)',
    params: 354_823_168,
    shape: bertLike({
      layers: 24,
      hidden: 1024,
      heads: 16,
      kvHeads: 16,
      intermediate: 4096,
      vocab: 50257,
      maxPositions: 1024,
      activation: 'gelu_new',
      fusedProjections: true,
    }),
    defaultSeq: 1024,
    source: HF('openai-community/gpt2-medium'),
  }),
  row({
    id: 'gpt2-large',
    name: 'GPT-2 large (774M)',
    params: 774_030_080,
    shape: bertLike({
      layers: 36,
      hidden: 1280,
      heads: 20,
      kvHeads: 20,
      intermediate: 5120,
      vocab: 50257,
      maxPositions: 1024,
      activation: 'gelu_new',
      fusedProjections: true,
    }),
    defaultSeq: 1024,
    source: HF('openai-community/gpt2-large'),
  }),
  row({
    id: 'gpt2-xl',
    name: 'GPT-2 XL (1.5B)',
    params: 1_557_611_200,
    shape: bertLike({
      layers: 48,
      hidden: 1600,
      heads: 25,
      kvHeads: 25,
      intermediate: 6400,
      vocab: 50257,
      maxPositions: 1024,
      activation: 'gelu_new',
      fusedProjections: true,
    }),
    defaultSeq: 1024,
    source: HF('openai-community/gpt2-xl'),
  }),
  row({
    id: 'sd-1.5',
    name: 'Stable Diffusion 1.5',
    aliases: ['stable-diffusion-1.5', 'sd15', 'stable-diffusion-v1-5'],
    kind: 'diffusion',
    params: 1_066_000_000,
    defaultSeq: 512,
    components: [
      { name: 'UNet', params: 860_000_000, trainable: true },
      { name: 'CLIP ViT-L/14 text encoder', params: 123_000_000, trainable: false },
      { name: 'VAE', params: 83_700_000, trainable: false },
    ],
    source: 'Rombach et al. 2022 (arXiv:2112.10752); model card runwayml/stable-diffusion-v1-5 (860M UNet, 123M text encoder)',
    confirmed: true,
    note: 'activations of the UNet are not modelled: the estimate covers weights, optimizer and overhead; training the UNet at batch ≥ 1 needs several GiB more',
    noteZh: '未建模 UNet 的激活：估算只含权重、优化器和固定开销；以 batch ≥ 1 训练 UNet 还要再多几 GiB',
  }),
  row({
    id: 'sdxl',
    name: 'Stable Diffusion XL 1.0',
    aliases: ['sdxl-base', 'stable-diffusion-xl'],
    kind: 'diffusion',
    params: 3_468_000_000,
    defaultSeq: 1024,
    components: [
      { name: 'UNet', params: 2_567_000_000, trainable: true },
      { name: 'text encoders (CLIP ViT-L + OpenCLIP ViT-bigG)', params: 817_000_000, trainable: false },
      { name: 'VAE', params: 83_700_000, trainable: false },
    ],
    source: 'Podell et al. 2023, SDXL (arXiv:2307.01952) Table 1 (2.6B UNet, 817M text encoders)',
    confirmed: true,
    note: 'activations of the UNet are not modelled: the estimate covers weights, optimizer and overhead',
    noteZh: '未建模 UNet 的激活：估算只含权重、优化器和固定开销',
  }),
  row({
    id: 'llama-2-7b',
    name: 'Llama 2 7B',
    aliases: ['llama2-7b', 'llama-2-7b-hf', 'llama-2-7b-chat'],
    params: 6_738_415_616,
    shape: llamaLike({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, intermediate: 11008, vocab: 32000, maxPositions: 4096 }),
    source: `${HF('meta-llama/Llama-2-7b-hf')} (read through copies of that file, e.g. TheBloke/Llama-2-7B-fp16)`,
    confirmed: true,
  }),
  row({
    id: 'llama-2-13b',
    name: 'Llama 2 13B',
    aliases: ['llama2-13b'],
    params: 13_015_864_320,
    shape: llamaLike({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, intermediate: 13824, vocab: 32000, maxPositions: 4096 }),
    source: HF('meta-llama/Llama-2-13b-hf'),
  }),
  row({
    id: 'llama-2-70b',
    name: 'Llama 2 70B',
    aliases: ['llama2-70b'],
    params: 68_976_648_192,
    shape: llamaLike({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, intermediate: 28672, vocab: 32000, maxPositions: 4096 }),
    source: HF('meta-llama/Llama-2-70b-hf'),
  }),
  row({
    id: 'llama-65b',
    name: 'LLaMA 65B',
    aliases: ['llama-1-65b'],
    params: 65_285_660_672,
    shape: llamaLike({ layers: 80, hidden: 8192, heads: 64, kvHeads: 64, intermediate: 22016, vocab: 32000, maxPositions: 2048 }),
    source: 'Touvron et al. 2023, LLaMA (arXiv:2302.13971) Table 2',
  }),
  row({
    id: 'llama-3-8b',
    name: 'Llama 3 8B',
    aliases: ['llama3-8b', 'meta-llama-3-8b'],
    params: 8_030_261_248,
    shape: llamaLike({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, intermediate: 14336, vocab: 128256, maxPositions: 8192 }),
    source: HF('meta-llama/Meta-Llama-3-8B'),
  }),
  row({
    id: 'llama-3-70b',
    name: 'Llama 3 70B',
    aliases: ['llama3-70b', 'meta-llama-3-70b'],
    params: 70_553_706_496,
    shape: llamaLike({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, intermediate: 28672, vocab: 128256, maxPositions: 8192 }),
    source: HF('meta-llama/Meta-Llama-3-70B'),
  }),
  row({
    id: 'llama-3.1-8b',
    name: 'Llama 3.1 8B',
    aliases: ['llama3.1-8b', 'meta-llama-3.1-8b'],
    params: 8_030_261_248,
    shape: llamaLike({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, intermediate: 14336, vocab: 128256, maxPositions: 131072 }),
    defaultSeq: 2048,
    source: HF('meta-llama/Llama-3.1-8B'),
  }),
  row({
    id: 'llama-3.1-70b',
    name: 'Llama 3.1 70B',
    aliases: ['llama3.1-70b'],
    params: 70_553_706_496,
    shape: llamaLike({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, intermediate: 28672, vocab: 128256, maxPositions: 131072 }),
    source: HF('meta-llama/Llama-3.1-70B'),
  }),
  row({
    id: 'llama-3.1-405b',
    name: 'Llama 3.1 405B',
    aliases: ['llama3.1-405b'],
    params: 405_853_388_800,
    shape: llamaLike({ layers: 126, hidden: 16384, heads: 128, kvHeads: 8, intermediate: 53248, vocab: 128256, maxPositions: 131072 }),
    source: `${HF('meta-llama/Llama-3.1-405B')}; Llama 3 Herd of Models (arXiv:2407.21783) Table 3`,
  }),
  row({
    id: 'llama-3.2-1b',
    name: 'Llama 3.2 1B',
    aliases: ['llama3.2-1b'],
    params: 1_235_814_400,
    shape: llamaLike({ layers: 16, hidden: 2048, heads: 32, kvHeads: 8, intermediate: 8192, vocab: 128256, maxPositions: 131072, tiedEmbeddings: true }),
    source: HF('meta-llama/Llama-3.2-1B'),
  }),
  row({
    id: 'llama-3.2-3b',
    name: 'Llama 3.2 3B',
    aliases: ['llama3.2-3b'],
    params: 3_212_749_824,
    shape: llamaLike({ layers: 28, hidden: 3072, heads: 24, kvHeads: 8, intermediate: 8192, vocab: 128256, maxPositions: 131072, tiedEmbeddings: true }),
    source: HF('meta-llama/Llama-3.2-3B'),
  }),
  row({
    id: 'qwen2.5-0.5b',
    name: 'Qwen2.5 0.5B',
    aliases: ['qwen2.5-0.5b-instruct'],
    params: 494_032_768,
    shape: llamaLike({ layers: 24, hidden: 896, heads: 14, kvHeads: 2, intermediate: 4864, vocab: 151936, maxPositions: 32768, tiedEmbeddings: true }),
    source: HF('Qwen/Qwen2.5-0.5B'),
  }),
  row({
    id: 'qwen2.5-1.5b',
    name: 'Qwen2.5 1.5B',
    aliases: ['qwen2.5-1.5b-instruct'],
    params: 1_543_714_304,
    shape: llamaLike({ layers: 28, hidden: 1536, heads: 12, kvHeads: 2, intermediate: 8960, vocab: 151936, maxPositions: 32768, tiedEmbeddings: true }),
    source: HF('Qwen/Qwen2.5-1.5B'),
  }),
  row({
    id: 'qwen2.5-3b',
    name: 'Qwen2.5 3B',
    aliases: ['qwen2.5-3b-instruct'],
    params: 3_085_938_688,
    shape: llamaLike({ layers: 36, hidden: 2048, heads: 16, kvHeads: 2, intermediate: 11008, vocab: 151936, maxPositions: 32768, tiedEmbeddings: true }),
    source: HF('Qwen/Qwen2.5-3B'),
  }),
  row({
    id: 'qwen2.5-7b',
    name: 'Qwen2.5 7B',
    aliases: ['qwen2.5-7b-instruct'],
    params: 7_615_616_512,
    shape: llamaLike({ layers: 28, hidden: 3584, heads: 28, kvHeads: 4, intermediate: 18944, vocab: 152064, maxPositions: 32768 }),
    source: HF('Qwen/Qwen2.5-7B'),
  }),
  row({
    id: 'qwen2.5-14b',
    name: 'Qwen2.5 14B',
    aliases: ['qwen2.5-14b-instruct'],
    params: 14_770_033_664,
    shape: llamaLike({ layers: 48, hidden: 5120, heads: 40, kvHeads: 8, intermediate: 13824, vocab: 152064, maxPositions: 32768 }),
    source: HF('Qwen/Qwen2.5-14B'),
  }),
  row({
    id: 'qwen2.5-32b',
    name: 'Qwen2.5 32B',
    aliases: ['qwen2.5-32b-instruct'],
    params: 32_763_876_352,
    shape: llamaLike({ layers: 64, hidden: 5120, heads: 40, kvHeads: 8, intermediate: 27648, vocab: 152064, maxPositions: 32768 }),
    source: HF('Qwen/Qwen2.5-32B'),
  }),
  row({
    id: 'qwen2.5-72b',
    name: 'Qwen2.5 72B',
    aliases: ['qwen2.5-72b-instruct'],
    params: 72_706_203_648,
    shape: llamaLike({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, intermediate: 29568, vocab: 152064, maxPositions: 32768 }),
    source: HF('Qwen/Qwen2.5-72B'),
  }),
  row({
    id: 'qwen3-0.6b',
    name: 'Qwen3 0.6B',
    params: 596_049_920,
    shape: llamaLike({
      layers: 28,
      hidden: 1024,
      heads: 16,
      kvHeads: 8,
      headDim: 128,
      intermediate: 3072,
      vocab: 151936,
      maxPositions: 40960,
      tiedEmbeddings: true,
    }),
    source: HF('Qwen/Qwen3-0.6B'),
  }),
  row({
    id: 'qwen3-1.7b',
    name: 'Qwen3 1.7B',
    params: 1_720_000_000,
    shape: llamaLike({
      layers: 28,
      hidden: 2048,
      heads: 16,
      kvHeads: 8,
      headDim: 128,
      intermediate: 6144,
      vocab: 151936,
      maxPositions: 40960,
      tiedEmbeddings: true,
    }),
    source: HF('Qwen/Qwen3-1.7B'),
    note: 'total rounded to the dimensions (1.72B with tied embeddings); the model card says 1.7B',
    noteZh: '总数按结构尺寸计算（共享嵌入时为 1.72B）；模型卡写的是 1.7B',
  }),
  row({
    id: 'qwen3-4b',
    name: 'Qwen3 4B',
    params: 4_022_468_096,
    shape: llamaLike({
      layers: 36,
      hidden: 2560,
      heads: 32,
      kvHeads: 8,
      headDim: 128,
      intermediate: 9728,
      vocab: 151936,
      maxPositions: 40960,
      tiedEmbeddings: true,
    }),
    source: HF('Qwen/Qwen3-4B'),
  }),
  row({
    id: 'qwen3-8b',
    name: 'Qwen3 8B',
    params: 8_190_735_360,
    shape: llamaLike({ layers: 36, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, intermediate: 12288, vocab: 151936, maxPositions: 40960 }),
    source: HF('Qwen/Qwen3-8B'),
  }),
  row({
    id: 'qwen3-14b',
    name: 'Qwen3 14B',
    params: 14_768_307_200,
    shape: llamaLike({ layers: 40, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128, intermediate: 17408, vocab: 151936, maxPositions: 40960 }),
    source: HF('Qwen/Qwen3-14B'),
  }),
  row({
    id: 'qwen3-32b',
    name: 'Qwen3 32B',
    params: 32_762_123_264,
    shape: llamaLike({ layers: 64, hidden: 5120, heads: 64, kvHeads: 8, headDim: 128, intermediate: 25600, vocab: 151936, maxPositions: 40960 }),
    source: HF('Qwen/Qwen3-32B'),
  }),
  row({
    id: 'qwen3-30b-a3b',
    name: 'Qwen3 30B-A3B (MoE)',
    params: 30_532_122_624,
    activeParams: 3_300_000_000,
    shape: llamaLike({
      layers: 48,
      hidden: 2048,
      heads: 32,
      kvHeads: 4,
      headDim: 128,
      intermediate: 768,
      vocab: 151936,
      maxPositions: 40960,
      experts: { count: 128, active: 8, intermediate: 768 },
    }),
    source: HF('Qwen/Qwen3-30B-A3B'),
  }),
  row({
    id: 'mistral-7b',
    name: 'Mistral 7B',
    aliases: ['mistral-7b-v0.1', 'mistral-7b-instruct'],
    params: 7_241_732_096,
    shape: llamaLike({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, intermediate: 14336, vocab: 32000, maxPositions: 32768 }),
    defaultSeq: 2048,
    source: `${HF('mistralai/Mistral-7B-v0.1')}; Jiang et al. 2023 (arXiv:2310.06825) Table 1`,
  }),
  row({
    id: 'mixtral-8x7b',
    name: 'Mixtral 8x7B (MoE)',
    aliases: ['mixtral', 'mixtral-8x7b-v0.1'],
    params: 46_702_792_704,
    activeParams: 12_879_925_248,
    shape: llamaLike({
      layers: 32,
      hidden: 4096,
      heads: 32,
      kvHeads: 8,
      intermediate: 14336,
      vocab: 32000,
      maxPositions: 32768,
      experts: { count: 8, active: 2, intermediate: 14336 },
    }),
    defaultSeq: 2048,
    source: `Jiang et al. 2024, Mixtral of Experts (arXiv:2401.04088) §2 (47B total, 13B active); ${HF('mistralai/Mixtral-8x7B-v0.1')}`,
  }),
  row({
    id: 'phi-3-mini',
    name: 'Phi-3 mini (3.8B)',
    aliases: ['phi-3-mini-4k-instruct', 'phi3-mini'],
    params: 3_821_079_552,
    shape: llamaLike({ layers: 32, hidden: 3072, heads: 32, kvHeads: 32, intermediate: 8192, vocab: 32064, maxPositions: 4096, fusedProjections: true }),
    source: `${HF('microsoft/Phi-3-mini-4k-instruct')}; Abdin et al. 2024 (arXiv:2404.14219) §2`,
  }),
  row({
    id: 'gemma-2-2b',
    name: 'Gemma 2 2B',
    aliases: ['gemma2-2b'],
    params: 2_614_341_888,
    shape: llamaLike({
      layers: 26,
      hidden: 2304,
      heads: 8,
      kvHeads: 4,
      headDim: 256,
      intermediate: 9216,
      vocab: 256000,
      maxPositions: 8192,
      tiedEmbeddings: true,
    }),
    source: `${HF('google/gemma-2-2b')}; Gemma 2 report (arXiv:2408.00118) Table 1`,
  }),
  row({
    id: 'gemma-2-9b',
    name: 'Gemma 2 9B',
    aliases: ['gemma2-9b'],
    params: 9_241_705_984,
    shape: llamaLike({
      layers: 42,
      hidden: 3584,
      heads: 16,
      kvHeads: 8,
      headDim: 256,
      intermediate: 14336,
      vocab: 256000,
      maxPositions: 8192,
      tiedEmbeddings: true,
    }),
    source: `${HF('google/gemma-2-9b')}; Gemma 2 report (arXiv:2408.00118) Table 1`,
  }),
  row({
    id: 'gemma-2-27b',
    name: 'Gemma 2 27B',
    aliases: ['gemma2-27b'],
    params: 27_227_128_320,
    shape: llamaLike({
      layers: 46,
      hidden: 4608,
      heads: 32,
      kvHeads: 16,
      headDim: 128,
      intermediate: 36864,
      vocab: 256000,
      maxPositions: 8192,
      tiedEmbeddings: true,
    }),
    source: `${HF('google/gemma-2-27b')}; Gemma 2 report (arXiv:2408.00118) Table 1`,
  }),
];
