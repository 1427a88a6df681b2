// Which pip wheel ships a CUDA library (by soname), for the CUDA major it was built for.

/** The pip wheel that ships a CUDA library, by soname: libcudnn.so.9 → nvidia-cudnn-cu12 (for CUDA major 12). */
export function wheelForSoname(soname: string, cudaMajor: number): string | undefined {
  const table: [RegExp, string][] = [
    [/^libcudnn/, 'nvidia-cudnn'],
    [/^libcublas/, 'nvidia-cublas'],
    [/^libcudart/, 'nvidia-cuda-runtime'],
    [/^libnvJitLink/, 'nvidia-nvjitlink'],
    [/^libnvrtc/, 'nvidia-cuda-nvrtc'],
    [/^libcusparseLt/, 'nvidia-cusparselt'],
    [/^libcusparse/, 'nvidia-cusparse'],
    [/^libcufft/, 'nvidia-cufft'],
    [/^libcurand/, 'nvidia-curand'],
    [/^libcusolver/, 'nvidia-cusolver'],
    [/^libnccl/, 'nvidia-nccl'],
    [/^libcupti/, 'nvidia-cuda-cupti'],
    [/^libnvToolsExt/, 'nvidia-nvtx'],
    [/^libcufile/, 'nvidia-cufile'],
  ];
  const hit = table.find(([re]) => re.test(soname));
  if (!hit) return undefined;
  // From CUDA 13 the toolkit's own components are published without the -cuNN suffix (one wheel per component, its
  // version naming the CUDA), while libraries released apart from the toolkit keep it. Checked 2026-12-02 on a real
  // torch 2.11.0+cu130 install (the H200 capture, test/fixtures/machines/h200/…/site-packages): nvidia_cublas-13.1.0.3,
  // nvidia_cuda_runtime-13.0.96, nvidia_cuda_nvrtc, nvidia_cuda_cupti, nvidia_cufft, nvidia_curand, nvidia_cusolver,
  // nvidia_cusparse, nvidia_nvjitlink, nvidia_nvtx, nvidia_cufile — and nvidia_cudnn_cu13, nvidia_nccl_cu13,
  // nvidia_cusparselt_cu13, nvidia_nvshmem_cu13.
  if (cudaMajor >= 13 && !SUFFIXED_AFTER_13.has(hit[1])) return hit[1];
  return `${hit[1]}-cu${cudaMajor}`;
}

/** Wheels released apart from the CUDA toolkit: they keep the -cuNN suffix for CUDA 13 too. */
const SUFFIXED_AFTER_13 = new Set(['nvidia-cudnn', 'nvidia-nccl', 'nvidia-cusparselt', 'nvidia-nvshmem']);

/** Whether `nvidia-<lib>` keeps its -cuNN suffix for this CUDA major (every wheel before 13; only some from 13 on). */
export function keepsCudaSuffix(base: string, cudaMajor: number): boolean {
  return cudaMajor < 13 || SUFFIXED_AFTER_13.has(base);
}
