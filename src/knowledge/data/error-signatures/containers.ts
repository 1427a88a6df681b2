// Containers started without the GPU, and the context that tells container causes from host ones.
import { CHECKED_1202, sig } from './types.js';

export const CONTAINER_SIGNATURES = [
  sig(
    'singularity-no-nv',
    ['singularity', 'apptainer'],
    /\b(?:singularity|apptainer) (?:run|exec|shell)\b(?![^\n]{0,200}--nv)/i,
    [{ code: 'no-gpu', when: 'the container was started without --nv, so the host driver is not bound in' }],
    0.5,
    'https://github.com/apptainer/singularity/issues/5935',
    { confirmed: false, note: 'that thread: maintainer says run with --nv', noteZh: '该帖中维护者的说法：运行时加上 --nv' },
  ),
  // The prestart hook waits for the driver to initialise the GPUs; without persistence every container start does
  // that from scratch (seconds per GPU on large or virtualised nodes) and the hook gives up.
  sig(
    'container-cli-timeout',
    ['timed out'],
    /nvidia-container-cli:[^\n]{0,60}?(?:driver(?: rpc)? error|initialization error)[^\n]{0,40}?timed out/i,
    [
      {
        code: 'persistence-off',
        when: 'persistence mode is off (nvidia-persistenced not running): the driver initialises every GPU at container start and the hook times out',
      },
      { code: 'gpu-unresponsive', when: 'persistence is on and it still times out: a GPU does not answer the driver (dmesg shows Xid lines)' },
    ],
    1,
    'https://github.com/NVIDIA/nvidia-container-toolkit/issues/202 (elezar, NVIDIA: "it is recommended that nvidia-persistenced be running or persistence mode be enabled in the driver"); https://github.com/NVIDIA/nvidia-docker/issues/628 (flx42, NVIDIA: run nvidia-persistenced)',
    { checked: CHECKED_1202 },
  ),
  // Containers and pods: no cause of its own; it tells container causes (runtime, device plugin) from host ones.
  sig(
    'container-context',
    ['kubectl', 'kubernetes', 'k8s', 'device plugin', 'device-plugin', 'docker', 'container', 'podman'],
    /\b(?:kubectl|kubernetes|k8s|device[- ]plugin|docker (?:run|compose|version)|docker-compose|Docker version|nvidia-docker2?|podman|containerd|(?:inside|in) (?:the |a |my |two |separate |different |\d{1,2} )?(?:docker )?containers?|jupyter notebook in docker)\b/i,
    [],
    0.1,
    'https://github.com/NVIDIA/k8s-device-plugin/issues/23',
    { confirmed: false, note: 'context only', noteZh: '仅作上下文' },
  ),
  // Docker Desktop (Windows): its engine runs in a WSL 2 VM, so GPU containers there are WSL 2 ones. Context only.
  sig(
    'docker-desktop',
    ['docker desktop', 'docker-desktop', '-desktop.'],
    /\bDocker[ -]Desktop\b|\bv?\d+\.\d+\.\d+-desktop\.\d+\b/i,
    [],
    0.1,
    'https://docs.docker.com/desktop/features/gpu/ (Docker Desktop GPU support runs on the WSL 2 backend)',
    { confirmed: false, note: 'context only', noteZh: '仅作上下文' },
  ),
];
