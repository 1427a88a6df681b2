// Dockerfile on an nvidia/cuda base that exists, runs on the target driver and carries only what is needed:
// a venv owned by a non-root user, pinned installs from the right index, a build-time and a run-time check.
import type { ImageFlavor } from '../knowledge/containers.js';
import { headerLines, hashComment, type ExportMeta } from './header.js';
import { PUBLISHED_IMAGES, SUPPORT_POLICY } from '../knowledge/containers.js';
import { chooseBaseImage, type ImageChoice } from './images.js';
import { msg } from './messages.js';
import { pinSpec, PYPI, type ExportTarget, type Pin } from './target.js';

/** The python3 each Ubuntu release ships. */
const UBUNTU_PYTHON: Record<string, string> = { 'ubuntu20.04': '3.8', 'ubuntu22.04': '3.10', 'ubuntu24.04': '3.12' };

export interface DockerOptions {
  flavor?: ImageFlavor;
  os?: string;
}

/** The OS whose own python3 is the target's, else the newest Ubuntu of the release whose python3 is known. */
function osFor(target: ExportTarget, cuda: string | null, wanted?: string): string | undefined {
  if (wanted) return wanted;
  const row = PUBLISHED_IMAGES.filter((r) => !cuda || r.cuda.startsWith(`${cuda}.`)).at(-1);
  const oses = row?.oses ?? [];
  // Else the newest release whose python3 is known: the deadsnakes PPA builds for the LTS releases it has caught up
  // with, and a release newer than this table (ubuntu26.04 today) is not known to be one of them.
  return oses.find((o) => UBUNTU_PYTHON[o] === target.python) ?? oses.filter((o) => UBUNTU_PYTHON[o] !== undefined).at(-1);
}

export function imageFor(target: ExportTarget, options: DockerOptions = {}): ImageChoice {
  const base = {
    cuda: target.cuda,
    driver: target.driver,
    buildsExtensions: target.buildsExtensions,
    usesSystemCuda: target.usesSystemCuda,
    needsSystemCudnn: target.needsSystemCudnn,
    ...(options.flavor ? { flavor: options.flavor } : {}),
  };
  const first = chooseBaseImage(base);
  const os = osFor(target, first.row.cuda.split('.').slice(0, 2).join('.'), options.os);
  return os && os !== first.os ? chooseBaseImage({ ...base, os }) : first;
}

/** One line that fails when the framework is missing, or its build's CUDA is not the one pinned. */
export function buildCheck(target: ExportTarget): string | undefined {
  const names = target.pins.map((p) => p.name);
  if (names.includes('torch')) {
    const cuda = target.pins.find((p) => p.name === 'torch' && /\+cu\d+$/.test(p.version)) ? target.cuda : null;
    return cuda
      ? `import torch; assert torch.version.cuda == '${cuda}', torch.version.cuda; print('torch', torch.__version__, 'CUDA', torch.version.cuda)`
      : `import torch; print('torch', torch.__version__)`;
  }
  if (names.includes('tensorflow')) return `import tensorflow as tf; print('tensorflow', tf.__version__, tf.sysconfig.get_build_info().get('cuda_version'))`;
  if (names.includes('jax')) return `import jax; print('jax', jax.__version__)`;
  return undefined;
}

/** One line that exits 1 unless the framework sees a GPU (needs the GPU, so it runs in the container, not the build). */
export function gpuCheck(target: ExportTarget): string | undefined {
  const names = target.pins.map((p) => p.name);
  if (!target.cuda) return undefined;
  if (names.includes('torch')) return `import sys, torch; sys.exit(0 if torch.cuda.is_available() and torch.ones(1, device='cuda').item() == 1 else 1)`;
  if (names.includes('tensorflow')) return `import sys, tensorflow as tf; sys.exit(0 if tf.config.list_physical_devices('GPU') else 1)`;
  if (names.includes('jax')) return `import sys, jax; sys.exit(0 if jax.default_backend() == 'gpu' else 1)`;
  return undefined;
}

function pipRun(args: string[], pins: Pin[]): string {
  const lines = [`RUN pip install --no-cache-dir ${args.join(' ')}`.trimEnd(), ...pins.map((p) => `      ${pinSpec(p)}`)];
  return lines.join(' \\\n');
}

export function renderDockerfile(target: ExportTarget, meta: ExportMeta, options: DockerOptions = {}): string {
  const img = imageFor(target, options);
  const py = target.python;
  const osPython = UBUNTU_PYTHON[img.os];
  const pythonBin = `python${py}`;
  const out: string[] = [];
  out.push(
    '# syntax=docker/dockerfile:1',
    hashComment([...headerLines('dockerfile', target, meta), msg('docker.buildRun', { name: target.name })]),
    '#',
    hashComment([msg('docker.base', { image: img.image }), ...img.reasons.map((r) => `  - ${r}`), ...img.warnings.map((w) => `  ! ${w}`)]),
    `#   ${msg('docker.eolTags', { months: SUPPORT_POLICY.deleteAfterMonths })}`,
    `#   ${msg('docker.eolPin', { image: img.image })}`,
    `FROM ${img.image}`,
    '',
    'ENV DEBIAN_FRONTEND=noninteractive \\',
    '    PYTHONUNBUFFERED=1 \\',
    '    PIP_DISABLE_PIP_VERSION_CHECK=1',
    '',
  );
  if (osPython === py) {
    out.push(`# ${msg('docker.pythonOwn', { python: py, os: img.os })}`);
    out.push(
      `RUN apt-get update \\\n && apt-get install -y --no-install-recommends ${pythonBin} ${pythonBin}-venv ca-certificates \\\n && rm -rf /var/lib/apt/lists/*`,
    );
  } else {
    out.push(`# ${msg('docker.pythonPpa', { python: py, os: img.os, osPython: osPython ?? msg('unknown') })}`);
    out.push(
      `RUN apt-get update \\\n && apt-get install -y --no-install-recommends software-properties-common gpg-agent ca-certificates \\\n && add-apt-repository -y ppa:deadsnakes/ppa \\\n && apt-get update \\\n && apt-get install -y --no-install-recommends ${pythonBin} ${pythonBin}-venv \\\n && rm -rf /var/lib/apt/lists/*`,
    );
  }
  out.push(
    '',
    `# ${msg('docker.user')}`,
    'ARG USER_UID=1000',
    'RUN (userdel --remove ubuntu 2>/dev/null || true) \\',
    ' && useradd --create-home --uid ${USER_UID} --shell /bin/bash app \\',
    ` && ${pythonBin} -m venv /opt/venv \\`,
    ' && mkdir -p /home/app/.cache/huggingface /home/app/.cache/pip \\',
    ' && chown -R app:app /opt/venv /home/app/.cache',
    'ENV VIRTUAL_ENV=/opt/venv \\',
    '    PATH=/opt/venv/bin:$PATH \\',
    '    HF_HOME=/home/app/.cache/huggingface',
    'USER app',
    'WORKDIR /home/app',
    '',
  );
  const builders = new Set(target.buildsExtensions);
  const byIndex = new Map<string, Pin[]>();
  for (const p of target.pins) {
    if (builders.has(p.name)) continue;
    if (p.index === PYPI) continue;
    byIndex.set(p.index, [...(byIndex.get(p.index) ?? []), p]);
  }
  for (const [index, pins] of byIndex) {
    const tag = pins.map((p) => p.version.split('+')[1]).find(Boolean) ?? msg('docker.indexWord');
    out.push(`# ${msg('docker.ownIndex', { tag })}`);
    out.push(pipRun([`--index-url ${index}`], pins), '');
  }
  const rest = target.pins.filter((p) => p.index === PYPI && !builders.has(p.name));
  if (rest.length) out.push(`# ${msg('docker.pypiRest')}`, pipRun([], rest), '');
  const built = target.pins.filter((p) => builders.has(p.name));
  if (built.length) {
    const archs = target.ccs.length ? target.ccs.join(';') : undefined;
    out.push(`# ${msg('docker.compiled')}`);
    if (archs) out.push(`ENV TORCH_CUDA_ARCH_LIST="${archs}"`);
    out.push(pipRun(['--no-build-isolation'], built), '');
  }
  const check = buildCheck(target);
  if (check) out.push(`# ${msg('docker.buildCheck')}`, `RUN python -c "${check}"`, '');
  const gpu = gpuCheck(target);
  if (gpu) {
    out.push(`# ${msg('docker.health')}`, `HEALTHCHECK --interval=5m --timeout=60s --start-period=30s --retries=3 \\\n  CMD python -c "${gpu}" || exit 1`, '');
  }
  out.push('CMD ["bash"]');
  return `${out.join('\n')}\n`;
}
