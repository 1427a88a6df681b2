// environment.yml: conda provides Python and pip only; the whole CUDA stack comes from pip wheels with its
// index URL, so one installer owns it (PyTorch's own conda channel ended with 2.5, and conda CUDA packages
// under pip wheels are the mixed-install problem the doctor reports).
import { headerLines, hashComment, type ExportMeta } from './header.js';
import { indexLines } from './requirements.js';
import { pinSpec, type ExportTarget } from './target.js';
import { toYaml } from './yaml.js';

export function renderConda(target: ExportTarget, meta: ExportMeta): string {
  const fromConda = target.pins.filter((p) => p.from === 'conda').map((p) => p.name);
  const header = [
    ...headerLines('conda', target, meta),
    'Create: conda env create -f environment.yml   (mamba/micromamba work too)',
    'conda provides Python and pip; the GPU stack comes from pip wheels that bring their own CUDA libraries,',
    'so no conda package (cudatoolkit, pytorch-cuda, cudnn) competes with them.',
  ];
  if (fromConda.length) header.push(`Installed by conda in the source environment, exported as pip pins: ${fromConda.join(', ')}`);
  const doc = {
    name: target.condaName ?? target.name,
    channels: ['conda-forge', 'nodefaults'],
    dependencies: [`python=${target.python}`, 'pip', { pip: [...indexLines(target), ...target.pins.map(pinSpec)] }],
    variables: { PYTHONNOUSERSITE: '1' },
  };
  return `${hashComment(header)}\n${toYaml(doc, { comments: { variables: 'keep ~/.local packages out of this environment' } })}`;
}
