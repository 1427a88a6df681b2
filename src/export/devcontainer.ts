// .devcontainer/devcontainer.json (JSON with comments, as the Dev Container spec allows): the exported
// Dockerfile with the GPUs passed through.
import { headerLines, type ExportMeta } from './header.js';
import { gpuCheck } from './dockerfile.js';
import { shmSizeFor } from './compose.js';
import { msg } from './messages.js';
import type { ExportTarget } from './target.js';

export function renderDevcontainer(target: ExportTarget, meta: ExportMeta): string {
  const multi = target.gpuCount > 1;
  const check = gpuCheck(target);
  const doc = {
    name: target.name,
    build: { dockerfile: '../Dockerfile', context: '..' },
    // --gpus works with every Dev Container tool; hostRequirements.gpu tells hosted ones a GPU is needed.
    runArgs: [
      '--gpus',
      'all',
      ...(multi ? ['--ipc=host'] : [`--shm-size=${shmSizeFor(Math.max(1, target.gpuCount))}`]),
      '--ulimit',
      'memlock=-1',
      '--ulimit',
      'stack=67108864',
    ],
    hostRequirements: { gpu: true },
    remoteUser: 'app',
    workspaceFolder: '/workspace',
    workspaceMount: 'source=${localWorkspaceFolder},target=/workspace,type=bind',
    mounts: ['source=hf-cache,target=/home/app/.cache/huggingface,type=volume', 'source=pip-cache,target=/home/app/.cache/pip,type=volume'],
    containerEnv: { HF_HOME: '/home/app/.cache/huggingface' },
    ...(check ? { postStartCommand: `python -c "${check}" || echo '${msg('devcontainer.noGpu')}'` } : {}),
    customizations: { vscode: { extensions: ['ms-python.python'], settings: { 'python.defaultInterpreterPath': '/opt/venv/bin/python' } } },
  };
  const header = [...headerLines('devcontainer', target, meta), msg('devcontainer.save')];
  return `${header.map((l) => `// ${l}`).join('\n')}\n${JSON.stringify(doc, null, 2)}\n`;
}
