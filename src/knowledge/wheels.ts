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
  return hit[1] === 'nvidia-cusparselt' ? `nvidia-cusparselt-cu${cudaMajor}` : `${hit[1]}-cu${cudaMajor}`;
}
