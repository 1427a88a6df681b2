// The environment variables that decide which GPU, toolkit and libraries a program gets; secrets redacted.

const RELEVANT = [
  /^CUDA_/,
  /^NVIDIA_/,
  /^NV_/,
  /^NCCL_/,
  /^TORCH_/,
  /^PYTORCH_/,
  /^TF_/,
  /^XLA_/,
  /^JAX_/,
  /^CUDNN_/,
  /^CUPY_/,
  /^LD_LIBRARY_PATH$/,
  /^LD_PRELOAD$/,
  /^LIBRARY_PATH$/,
  /^PATH$/,
  /^CONDA_/,
  /^VIRTUAL_ENV$/,
  /^PYTHONPATH$/,
  /^PYTHONHOME$/,
  /^HF_/,
  /^TRANSFORMERS_/,
  /^WSL_DISTRO_NAME$/,
  /^WSL_INTEROP$/,
  /^container$/,
  /^PIP_INDEX_URL$/,
  /^PIP_EXTRA_INDEX_URL$/,
  /^UV_/,
  /^CC$/,
  /^CXX$/,
  /^CUDAHOSTCXX$/,
  /^MAX_JOBS$/,
  /^OMP_NUM_THREADS$/,
  // The GPUs Slurm's gres/gpu plugin gave the job (GPU_DEVICE_ORDINAL is its ROCm twin): gpus-hidden shows them beside CUDA_VISIBLE_DEVICES.
  /^SLURM_STEP_GPUS$/,
  /^SLURM_JOB_GPUS$/,
  /^GPU_DEVICE_ORDINAL$/,
  // CMake's architecture list for CUDA builds: CUDAARCHS is the variable CMake reads, CMAKE_CUDA_ARCHITECTURES what build scripts forward.
  /^CUDAARCHS$/,
  /^CMAKE_CUDA_ARCHITECTURES$/,
];

// Names that look like credentials: their values never reach a snapshot or a report.
const SECRET = /(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL|AUTH)/i;

export const REDACTED = '<redacted>';

export function relevantEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(env).sort()) {
    const value = env[key];
    if (value === undefined || !RELEVANT.some((re) => re.test(key))) continue;
    out[key] = SECRET.test(key) ? REDACTED : redactUrlCredentials(value);
  }
  return out;
}

/** https://user:pass@host/ in index URLs carries credentials too. */
export function redactUrlCredentials(value: string): string {
  return value.replace(/(\w+:\/\/)[^/\s:@]+:[^/\s@]+@/g, `$1${REDACTED}@`);
}

export function isSecretName(name: string): boolean {
  return SECRET.test(name);
}
