// multiple-toolkits from a paste: the toolkits it names by place (/usr/local/cuda-X.Y, an `ls` row, the
// /usr/local/cuda link, conda's cudatoolkit, the HPC SDK's cuda/X.Y) and the nvcc that answers. Two or more
// different ones, with nvcc or the link pointing at one of them, is the "wrong nvcc / wrong CUDA_HOME" pattern.
import type { Evidence, Finding } from '../../findings.js';
import { compareVersions } from '../../knowledge/version.js';
import type { ErrorEvent, ToolkitMention } from '../../parse/types.js';
import type { ExplainContext } from '../context.js';
import type { Explained } from '../explain-helpers.js';
import { em as m } from './messages.js';

const WHERE: Record<string, string> = {
  'pasted:path': '/usr/local/cuda-{v}',
  'pasted:listing': '/usr/local/cuda-{v}',
  'pasted:link': '/usr/local/cuda → cuda-{v}',
  'pasted:conda': 'conda cudatoolkit {v}',
  'pasted:hpc-sdk': 'HPC SDK cuda/{v}',
  'pasted:windows-path': 'CUDA\\v{v}',
  'pasted:nvcc': 'nvcc {v}',
  'pasted:image': 'image nvidia/cuda:{v}',
};

/** Where a named toolkit lives: its nvcc path when the paste shows it, else the kind of mention. */
const place = (n: ToolkitMention) => (n.path ? `${n.path} → ${n.value}` : (WHERE[n.source] ?? '{v}').replace('{v}', n.value));
/** Mentions that say a toolkit is installed somewhere (not an alternative someone tried with conda, not an image). */
const INSTALLED = new Set(['pasted:path', 'pasted:listing', 'pasted:link', 'pasted:hpc-sdk', 'pasted:windows-path', 'pasted:nvcc']);

const short = (v: string) => v.split('.').slice(0, 2).join('.');

export function multipleToolkits(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  const hpc = events.find((e) => e.signature === 'hpc-sdk-cuda-missing');
  const named: ToolkitMention[] = ctx.facts.toolkitMentions.filter((n) => n.source !== 'pasted:image' && n.source !== 'pasted:prose');
  for (const t of ctx.snapshot.toolkits) {
    const v = t.nvcc?.version?.value ?? t.version?.value;
    if (v && (t.nvcc?.version || /nvcc/.test(t.version?.source ?? '')) && !named.some((n) => n.source === 'pasted:nvcc' && n.value === short(v))) named.push({ value: short(v), source: 'pasted:nvcc' });
  }
  const versions = [...new Set(named.map((n) => short(n.value)))].sort(compareVersions);
  // Two versions, at least one of them installed somewhere (conda alternatives alone are a question, not a setup).
  if (!hpc && (versions.length < 2 || !named.some((n) => INSTALLED.has(n.source)))) return undefined;
  const nvcc = named.find((n) => n.source === 'pasted:nvcc')?.value;
  const link = named.find((n) => n.source === 'pasted:link')?.value;
  const conda = named.find((n) => n.source === 'pasted:conda')?.value;
  const places = versions.map((v) => {
    const where = [...new Set(named.filter((n) => short(n.value) === v).map(place))];
    return `${v} (${where.join(', ')})`;
  });
  const active = nvcc ?? link;
  const other = versions.find((v) => v !== active) ?? versions[0] ?? '<version>';
  const parts = [m('mtpCause', { list: places.join('; '), active: active ? m('mtpActive', { v: active }) : '' })];
  if (conda && nvcc && conda !== nvcc) parts.push(m('mtpConda', { conda, nvcc }));
  if (hpc) parts.push(m('mtpHpc', { cuda: hpc.groups.cuda ?? '?' }));
  const evidence: Evidence[] = [
    ...events.slice(0, 2).map((e) => ({ fact: m('evLine', { line: e.line }), value: e.text.slice(0, 300), source: `pasted (signature ${e.signature})` })),
    ...named.slice(0, 6).map((n) => ({ fact: m('evToolkitNamed'), value: place(n), source: n.source })),
  ];
  // nvcc shown at two paths: put the other one's bin folder first on PATH.
  const paths = named.filter((n) => n.path);
  const firstPath = paths[0];
  const alt = paths.find((n) => n.path !== firstPath?.path && n.value !== firstPath?.value);
  const fix = [
    ...(alt?.path ? [`export PATH=${alt.path.replace(/\/nvcc$/, '')}:$PATH   # CUDA ${alt.value} first (now ${firstPath?.path} answers, CUDA ${firstPath?.value})`] : []),
    'which -a nvcc; ls -ld /usr/local/cuda*; echo "CUDA_HOME=$CUDA_HOME"',
    `export CUDA_HOME=/usr/local/cuda-${other}   # ${m('mtpPick', { list: versions.join(', ') })}`,
    'export PATH=$CUDA_HOME/bin:$PATH LD_LIBRARY_PATH=$CUDA_HOME/lib64:$LD_LIBRARY_PATH',
    'nvcc --version',
    `# ${m('mtpPersist', { v: other })}`,
  ];
  if (conda) fix.push(`conda install -c nvidia cuda-nvcc=${conda}   # ${m('mtpCondaFix')}`);
  if (hpc) fix.push(`# HPC SDK: nvc++ -gpu=cuda${versions.find((v) => v !== hpc.groups.cuda) ?? 'X.Y'} …  or  export NVHPC_CUDA_HOME=/usr/local/cuda-<installed>`);
  const finding: Finding = {
    code: 'multiple-toolkits',
    severity: 'warning',
    title: m('mtpTitle', { list: versions.join(' vs ') || (hpc?.groups.cuda ?? '') }),
    cause: parts.join(' '),
    evidence,
    fix,
  };
  return { fit: hpc ? 1.8 : active ? 1.4 : 1, finding };
}
