// compose.yaml: one service built from the exported Dockerfile, GPUs reserved the Compose-spec way,
// shared memory sized for data loaders and NCCL, caches on named volumes.
import { headerLines, hashComment, type ExportMeta } from './header.js';
import { gpuCheck } from './dockerfile.js';
import { msg } from './messages.js';
import type { ExportTarget } from './target.js';
import { toYaml, type YamlValue } from './yaml.js';

export interface ComposeOptions {
  /** GPUs to reserve: a count, "all", or device ids ("0,1" / GPU UUIDs). */
  gpus?: string;
}

/** Shared memory: PyTorch DataLoader workers pass batches through /dev/shm; Docker's default is 64 MB. */
export function shmSizeFor(gpuCount: number): string {
  return `${Math.max(8, 8 * gpuCount)}gb`;
}

export function gpuReservation(_target: ExportTarget, gpus?: string): { [key: string]: YamlValue } {
  const device: { [key: string]: YamlValue } = { driver: 'nvidia' };
  if (gpus && /^\d+$/.test(gpus)) device.count = Number(gpus);
  else if (gpus && gpus !== 'all')
    device.device_ids = gpus
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  else device.count = 'all';
  device.capabilities = ['gpu'];
  return device;
}

export function renderCompose(target: ExportTarget, meta: ExportMeta, options: ComposeOptions = {}): string {
  const multi = target.gpuCount > 1 || (options.gpus !== undefined && options.gpus !== '1');
  const check = gpuCheck(target);
  const service: { [key: string]: YamlValue | undefined } = {
    build: { context: '.', dockerfile: 'Dockerfile' },
    image: `${target.name}:gpuenv`,
    working_dir: '/workspace',
    volumes: ['./:/workspace', 'hf-cache:/home/app/.cache/huggingface', 'pip-cache:/home/app/.cache/pip'],
    environment: { HF_HOME: '/home/app/.cache/huggingface', PIP_CACHE_DIR: '/home/app/.cache/pip' },
    ...(multi ? { ipc: 'host' } : { shm_size: shmSizeFor(Math.max(1, target.gpuCount)) }),
    ulimits: { memlock: -1, stack: 67108864 },
    deploy: { resources: { reservations: { devices: [gpuReservation(target, options.gpus)] } } },
    ...(check ? { healthcheck: { test: ['CMD', 'python', '-c', check], interval: '5m', timeout: '60s', retries: 3, start_period: '30s' } } : {}),
    stdin_open: true,
    tty: true,
  };
  const doc = { name: target.name, services: { train: service }, volumes: { 'hf-cache': {}, 'pip-cache': {} } };
  const comments: Record<string, string> = {
    'services.train.image': msg('compose.image'),
    'services.train.ipc': msg('compose.ipc'),
    'services.train.shm_size': msg('compose.shm'),
    'services.train.ulimits': msg('compose.ulimits'),
    'services.train.deploy': msg('compose.deploy'),
  };
  const header = [...headerLines('compose', target, meta), msg('compose.start'), msg('compose.placement')];
  return `${hashComment(header)}\n${toYaml(doc, { comments })}`;
}
