// Symptoms that need facts to explain: several causes print them; the facts in the paste tell which.
import { sig } from './types.js';

export const SYMPTOM_SIGNATURES = [
  sig(
    'cuda-not-available',
    ['is cuda available: false', 'is_available()', 'cuda unavailable'],
    /(Is CUDA available: False|torch\.cuda\.is_available\(\)[^\n]{0,20}?\bFalse\b|CUDA unavailable, invalid device)/i,
    [
      { code: 'cpu-only-build', when: 'torch is a +cpu build or CUDA used to build PyTorch is None' },
      { code: 'driver-too-old', when: "the driver's CUDA is below the wheel's (+cuXYZ)" },
      { code: 'driver-not-loaded', when: 'nvidia-smi fails' },
      { code: 'no-gpu', when: 'no GPU in the container or CUDA_VISIBLE_DEVICES hides it' },
    ],
    0.5,
    'https://github.com/pytorch/pytorch/issues/99138',
  ),
  sig(
    'tf-no-cuda-drivers',
    ['could not find cuda drivers on your machine'],
    /Could not find cuda drivers on your machine, GPU will not be used/i,
    [
      { code: 'library-not-found', when: 'TensorFlow >= 2.14 from plain `pip install tensorflow`: the CUDA libraries come only with tensorflow[and-cuda]' },
      { code: 'driver-not-loaded', when: 'libcuda.so.1 is really missing (no driver / container without the NVIDIA runtime)' },
    ],
    0.9,
    'https://github.com/tensorflow/tensorflow/issues/62328',
  ),
  sig(
    'jax-backend-failed',
    ['cuda backend failed to initialize', "unable to initialize backend 'cuda'"],
    /(CUDA backend failed to initialize|Unable to initialize backend 'cuda')/i,
    [
      { code: 'framework-cuda-mismatch', when: 'the CUDA libraries found do not match the jaxlib build' },
      { code: 'cudnn-mismatch', when: 'the message names cuDNN' },
      { code: 'driver-too-old', when: 'the driver is older than the CUDA of the jax plugin' },
      { code: 'cpu-only-build', when: 'jax falls back to the CPU' },
    ],
    0.6,
    'https://github.com/jax-ml/jax/issues/18032',
    { confirmed: false, note: 'representative' },
  ),
  sig(
    'cuda-required-not-available',
    ['cuda is required but not available'],
    /CUDA is required but not available(?: for (?<pkg>[\w-]{2,30}))?/i,
    [
      { code: 'no-gpu', when: 'the machine or container has no usable NVIDIA GPU (a CPU-only host or Space)' },
      { code: 'cpu-only-build', when: 'the package is a CPU build' },
    ],
    0.9,
    'https://huggingface.co/spaces/EpistemeAI/agent-llama-gradio',
    { confirmed: false, note: 'bitsandbytes wording' },
  ),
  sig(
    'paddle-no-gpu-runtime',
    ['no gpu found in runtime'],
    /Compiled with WITH_GPU, but no GPU found in runtime/i,
    [
      { code: 'driver-too-old', when: 'the driver is older than the CUDA the Paddle build needs (cudaGetDeviceCount fails)' },
      { code: 'driver-not-loaded', when: 'no driver is loaded' },
      { code: 'no-gpu', when: 'CUDA_VISIBLE_DEVICES hides the GPU or the container has none' },
    ],
    0.8,
    'https://github.com/PaddlePaddle/PaddleClas/issues/965',
    { confirmed: false, note: 'Paddle init.cc wording' },
  ),
  // Prose that says something GPU-related stopped working, with no message: no cause of its own, but a symptom that
  // lets facts (an LD_LIBRARY_PATH, a driver package row) be read as the cause.
  sig(
    'gpu-stopped-working',
    ['no longer', 'not longer', 'stopped', 'stops', "doesn't", 'does not', "won't", 'will not', 'cannot', "can't", 'fail to', 'fails to'],
    /\b(?:nvidia-smi|torch\.cuda\.is_available\(\)|CUDA|GPUs?|cuDNN)\b[^\n]{0,40}?\b(?:no longer|not longer|stopped|stops|doesn'?t|does not|won'?t|will not|cannot|can'?t|fails? to)\s(?:work(?:ing)?|detect|find|see|be found|recogni[sz]e)\b/i,
    [],
    0.2,
    'https://github.com/microsoft/WSL/issues/9099',
    { confirmed: false, note: 'a symptom in prose; it names no cause' },
  ),
  sig(
    'paddle-cuda-device-not-set',
    ['cuda device is not set properly'],
    /You are using GPU version Paddle(?: Fluid)?,? but your CUDA device is not set properly/i,
    [
      { code: 'no-gpu', when: 'Paddle sees no GPU: a container started without it (nvidia-docker / --gpus all), or no driver' },
      { code: 'driver-too-old', when: 'the message goes on with error 35: the driver is older than the CUDA of the Paddle build' },
    ],
    0.8,
    'https://github.com/PaddlePaddle/PaddleOCR/issues/4307',
    { confirmed: false, note: 'paddle/fluid/framework.py wording' },
  ),
  sig(
    'cuda-init-device-count',
    ['unexpected error from cudagetdevicecount'],
    /Unexpected error from cudaGetDeviceCount\(\)/i,
    [
      {
        code: 'wsl',
        when: 'in WSL: the GPU is reached through /usr/lib/wsl/lib (libcuda from the Windows driver); a Linux driver/libcuda installed inside WSL or replaced symlinks break it',
      },
      { code: 'driver-too-old', when: 'the message ends in Error 803/804: driver older than the CUDA runtime' },
      { code: 'driver-library-mismatch', when: 'the user-space driver and the kernel module differ (after an upgrade without reboot)' },
    ],
    0.8,
    'https://github.com/microsoft/WSL/issues/9092',
  ),
];
