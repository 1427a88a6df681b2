// RAPIDS (cuDF, cuML, cuGraph): the oldest GPU architecture each release line supports.
import type { Sourced } from '../types.js';

export const RAPIDS_ARCH_FLOORS: Sourced & { old: string; lastOld: string; now: string; firstNow: string } = {
  /** Compute capability RAPIDS needed up to lastOld (Pascal). */
  old: '6.0',
  lastOld: '23.12',
  /** Compute capability needed from firstNow on (Volta). */
  now: '7.0',
  firstNow: '24.02',
  source:
    'https://docs.rapids.ai/notices/rsn0034/ (RSN 34: "Effective RAPIDS v24.02 release, RAPIDS will no longer support Pascal GPUs. GPUs with Compute Capability 7.0 or higher will be required. The last release with support for Pascal GPUs is RAPIDS v23.12")',
  checked: '2026-11-30',
  confirmed: true,
  note: 'RAPIDS platform support (docs.rapids.ai/platform-support) lists Turing (7.5) as the floor of the CUDA 13 builds of 26.02.',
  noteZh: 'RAPIDS 平台支持页面（docs.rapids.ai/platform-support）将 Turing（7.5）列为 26.02 的 CUDA 13 构建所支持的最低架构。',
};
