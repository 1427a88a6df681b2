// What each figure should be on this GPU and link: PCIe from NVML's generation × width, HBM/GDDR bandwidth and
// peak TFLOP/s from the catalogue, each times a practical factor measured on a healthy machine.
import { gpuByPciDeviceId, matchGpu, type GpuSpec } from '../knowledge/gpus.js';
import type { CopyKind, Dtype, GpuLink, GpuStatic } from './types.js';

/** Per-lane transfer rate (GT/s) and line-code efficiency by PCIe generation. */
const PCIE_LANE: Record<number, { gts: number; encoding: number }> = {
  1: { gts: 2.5, encoding: 8 / 10 },
  2: { gts: 5, encoding: 8 / 10 },
  3: { gts: 8, encoding: 128 / 130 },
  4: { gts: 16, encoding: 128 / 130 },
  5: { gts: 32, encoding: 128 / 130 },
  // PAM4 with FLIT mode: 242 payload bytes per 256-byte flit.
  6: { gts: 64, encoding: 242 / 256 },
};

/**
 * Share of the raw link rate a DMA copy reaches after TLP headers and flow control: 0.88 (55.4 of 63.0 GB/s
 * on the H200's Gen5 x16, pinned memory, 256 MiB; NVIDIA's bandwidthTest reaches the same).
 */
export const PCIE_PRACTICAL = 0.88;
/** Device-to-device copy (read + write) over datasheet memory bandwidth: 4157–4211 of 4800 GB/s on the H200. */
export const MEMORY_PRACTICAL = 0.87;
/** cuBLAS on large square GEMMs over the dense datasheet peak: 0.76–0.81 on the H200 (random data, 8192³). */
export const GEMM_PRACTICAL: Record<Dtype, number> = { fp32: 0.76, tf32: 0.78, fp16: 0.77, bf16: 0.8, fp8: 0.74 };

/** Raw PCIe bandwidth one way, GB/s (1e9): lanes × GT/s × encoding / 8. */
export function pcieRawGBs(gen: number, width: number): number | null {
  const lane = PCIE_LANE[gen];
  if (!lane || width <= 0) return null;
  return (lane.gts * lane.encoding * width) / 8;
}

export interface Expectation {
  /** What a healthy machine of this kind reaches. */
  expected: number;
  /** The theoretical ceiling it is derived from. */
  ceiling: number;
  basis: string;
}

export function specFor(gpu: Pick<GpuStatic, 'pciDeviceId' | 'name'>): GpuSpec | undefined {
  return (gpu.pciDeviceId ? gpuByPciDeviceId(gpu.pciDeviceId) : undefined) ?? (gpu.name ? matchGpu(gpu.name).match : undefined);
}

/** The link the GPU and slot can train to: max gen × max width (NVML's max already is min(GPU, slot)). */
export function copyExpectation(kind: CopyKind, gpu: GpuStatic, spec: GpuSpec | undefined): Expectation | null {
  if (kind === 'd2d') {
    const bw = spec?.memoryBandwidthGBs ?? null;
    return bw === null ? null : { expected: bw * MEMORY_PRACTICAL, ceiling: bw, basis: `${spec!.memoryType} ${bw} GB/s × ${MEMORY_PRACTICAL}` };
  }
  // Pageable copies depend on the host's memcpy and page locking, not just the link: no expectation.
  if (kind !== 'h2d-pinned' && kind !== 'd2h-pinned') return null;
  const gen = gpu.pcie.maxGen ?? spec?.pcie?.gen ?? null;
  const width = gpu.pcie.maxWidth ?? spec?.pcie?.width ?? null;
  if (gen === null || width === null) return null;
  const raw = pcieRawGBs(gen, width);
  return raw === null ? null : { expected: raw * PCIE_PRACTICAL, ceiling: raw, basis: `PCIe Gen${gen} x${width} ${raw.toFixed(1)} GB/s × ${PCIE_PRACTICAL}` };
}

export function gemmExpectation(dtype: Dtype, spec: GpuSpec | undefined): Expectation | null {
  const peak = spec?.peakTflops[dtype] ?? null;
  if (peak === null) return null;
  return { expected: peak * GEMM_PRACTICAL[dtype], ceiling: peak, basis: `${dtype} dense peak ${peak} TFLOP/s × ${GEMM_PRACTICAL[dtype]}` };
}

/**
 * NVLink rate per link and direction, GB/s, by chip: NVIDIA's NVLink page (nvidia.com/en-us/data-center/nvlink) gives
 * per GPU, both directions together, 160 GB/s over 4 links (NVLink 1, P100), 300 over 6 (2, V100), 600 over 12 (3, A100),
 * 900 over 18 (4, H100/H200) and 1800 over 18 (5, Blackwell): the total ÷ links ÷ 2. GA102 bridges (RTX 3090, A6000)
 * run their links at another rate and are left out: no expectation there.
 */
export const NVLINK_PER_LINK: Record<string, { generation: number; gbs: number }> = {
  GP100: { generation: 1, gbs: 20 },
  GV100: { generation: 2, gbs: 25 },
  GA100: { generation: 3, gbs: 25 },
  GH100: { generation: 4, gbs: 25 },
  GB100: { generation: 5, gbs: 50 },
  GB110: { generation: 5, gbs: 50 },
};
/** cuMemcpyPeerAsync over the raw NVLink rate: 393.3 of 450 GB/s each way on two H200 joined by NV18 (2026-11-30, 256 MiB). */
export const P2P_PRACTICAL = 0.87;

/** A peer copy over NVLink: active links × the per-link rate × the practical factor; PCIe paths have no measured one. */
export function p2pExpectation(link: Pick<GpuLink, 'kind' | 'nvlinks' | 'topo'>, a: GpuSpec | undefined, b: GpuSpec | undefined): Expectation | null {
  if (link.kind !== 'nvlink' || !link.nvlinks) return null;
  const rates = [a, b].map((s) => (s ? NVLINK_PER_LINK[s.chip] : undefined));
  if (rates.some((r) => r === undefined)) return null;
  const per = Math.min(...rates.map((r) => r!.gbs));
  const generation = Math.min(...rates.map((r) => r!.generation));
  const raw = link.nvlinks * per;
  return {
    expected: raw * P2P_PRACTICAL,
    ceiling: raw,
    basis: `${link.topo}: ${link.nvlinks} × NVLink ${generation} ${per} GB/s = ${raw} GB/s × ${P2P_PRACTICAL}`,
  };
}
