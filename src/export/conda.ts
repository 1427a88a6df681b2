// environment.yml: conda provides Python and pip only; the whole CUDA stack comes from pip wheels with its
// index URL, so one installer owns it (PyTorch's own conda channel ended with 2.5, and conda CUDA packages
// under pip wheels are the mixed-install problem the doctor reports).
import { headerLines, hashComment, type ExportMeta } from './header.js';
import { indexLines } from './requirements.js';
import { msg } from './messages.js';
import { pinSpec, type ExportTarget } from './target.js';
import { toYaml } from './yaml.js';

export function renderConda(target: ExportTarget, meta: ExportMeta): string {
  const fromConda = target.pins.filter((p) => p.from === 'conda').map((p) => p.name);
  const header = [...headerLines('conda', target, meta), msg('conda.create'), msg('conda.why1'), msg('conda.why2')];
  if (fromConda.length) header.push(msg('conda.fromConda', { names: fromConda.join(', ') }));
  const doc = {
    name: target.condaName ?? target.name,
    channels: ['conda-forge', 'nodefaults'],
    dependencies: [`python=${target.python}`, 'pip', { pip: [...indexLines(target), ...target.pins.map(pinSpec)] }],
    variables: { PYTHONNOUSERSITE: '1' },
  };
  return `${hashComment(header)}\n${toYaml(doc, { comments: { variables: msg('conda.noUserSite') } })}`;
}
