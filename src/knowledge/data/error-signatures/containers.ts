// Containers started without the GPU, and the context that tells container causes from host ones.
import { sig, type ErrorSignature } from './types.js';

export const CONTAINER_SIGNATURES: readonly ErrorSignature[] = [
  sig('singularity-no-nv', ['singularity', 'apptainer'], /\b(?:singularity|apptainer) (?:run|exec|shell)\b(?![^\n]{0,200}--nv)/i, [
    { code: 'no-gpu', when: 'the container was started without --nv, so the host driver is not bound in' },
  ], 0.5, 'https://github.com/apptainer/singularity/issues/5935', { confirmed: false, note: 'that thread: maintainer says run with --nv' }),
  // Containers and pods: no cause of its own; it tells container causes (runtime, device plugin) from host ones.
  sig('container-context', ['kubectl', 'kubernetes', 'k8s', 'device plugin', 'device-plugin', 'docker', 'container', 'podman'],
    /\b(?:kubectl|kubernetes|k8s|device[- ]plugin|docker (?:run|compose|version)|docker-compose|Docker version|nvidia-docker2?|podman|containerd|inside (?:the |a )?container|in (?:the |a |my )?(?:docker )?container|jupyter notebook in docker)\b/i, [], 0.1,
    'https://github.com/NVIDIA/k8s-device-plugin/issues/23', { confirmed: false, note: 'context only' }),
];
