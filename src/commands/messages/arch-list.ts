// Messages of `gpuenv compat` and `gpuenv arch-list`.
import { section } from '../../i18n/index.js';

export const archList = section({
  en: {
    noGpu: 'no NVIDIA GPU found on this machine; name one with --gpu NAME (e.g. --gpu "RTX 4090" or --gpu 8.6)',
    unknownGpu: 'no GPU in the catalogue matches "{name}"',
    ambiguousGpu: '"{name}" matches several GPUs',
    noCc: 'the compute capability of {name} is not known',
    closest: 'closest: {list}',
    catalogueMissing: 'the GPU catalogue is not part of this build yet; pass a compute capability instead (--gpu 8.6)',
    gpus: 'GPUs',
    toolkit: 'active toolkit',
    noToolkit: 'none found (not checked)',
    cannotBuild: 'CUDA {cuda} cannot build SASS for {sm} ({gpu}): {why}',
    'why.tooNew': 'first supported by CUDA {since}',
    'why.removed': 'removed in CUDA {removed}; use CUDA {last} or older',
    'why.unknown': 'not a target this toolkit knows',
    unconfirmedArch: '{sm}: support range unconfirmed ({note})',
  },
  'zh-CN': {
    noGpu: '本机未发现 NVIDIA GPU；请用 --gpu 名称 指定（如 --gpu "RTX 4090" 或 --gpu 8.6）',
    unknownGpu: '目录中没有与 "{name}" 匹配的 GPU',
    ambiguousGpu: '"{name}" 匹配到多个 GPU',
    noCc: '{name} 的计算能力未知',
    closest: '最接近的：{list}',
    catalogueMissing: '此版本尚未包含 GPU 目录；请直接给出计算能力（--gpu 8.6）',
    gpus: 'GPU',
    toolkit: '当前工具包',
    noToolkit: '未找到（未检查）',
    cannotBuild: 'CUDA {cuda} 无法为 {sm}（{gpu}）生成 SASS：{why}',
    'why.tooNew': '从 CUDA {since} 起才支持',
    'why.removed': '已在 CUDA {removed} 中移除；请使用 CUDA {last} 或更早版本',
    'why.unknown': '此工具包不认识该目标',
    unconfirmedArch: '{sm}：支持范围未确认（{note}）',
  },
});
