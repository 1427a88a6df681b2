// The toolkit torch.utils.cpp_extension would compile with (CUDA_HOME, else nvcc on PATH, else /usr/local/cuda)
// differs from torch's build CUDA: flash-attn, xformers, apex and DeepSpeed ops builds fail or mismatch.
import { cudaRelease } from '../../knowledge/cuda.js';
import { versionParts } from '../../knowledge/version.js';
import { buildCudaOf, findPackage, isCpuBuild } from '../../snapshot/queries.js';
import { packageEvidence } from '../evidence.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import type { Snapshot, Toolkit } from '../../snapshot/types.js';
import { m } from './messages-framework.js';

function toolkitVersion(t: Toolkit): string | undefined {
  return t.nvcc?.version?.value ?? t.version?.value ?? undefined;
}

/** The toolkit an extension build would use, and how it is found. */
function buildToolkit(snapshot: Snapshot): { t: Toolkit; how: string; source: string } | undefined {
  const ts = snapshot.toolkits ?? [];
  const home = ts.find((t) => t.active?.cudaHome);
  if (home) return { t: home, how: m('tkHowCudaHome'), source: 'env:CUDA_HOME' };
  const path = ts.find((t) => t.active?.path);
  if (path) return { t: path, how: m('tkHowPath'), source: 'env:PATH' };
  const link = ts.find((t) => t.active?.symlink);
  if (link) return { t: link, how: m('tkHowSymlink'), source: 'file:/usr/local/cuda' };
  return undefined;
}

const mm = (v: string) => versionParts(v).slice(0, 2).join('.');

export const rule: SnapshotRule = {
  code: 'toolkit-mismatch',
  scope: 'environment',
  check(snapshot) {
    const found = buildToolkit(snapshot);
    if (!found) return [];
    const tk = toolkitVersion(found.t);
    if (!tk) return [];
    const out: Finding[] = [];
    for (const env of snapshot.python ?? []) {
      const torch = findPackage(env, 'torch');
      if (!torch || isCpuBuild(torch)) continue;
      const cuda = buildCudaOf(torch);
      if (!cuda || mm(cuda) === mm(tk)) continue;
      const major = versionParts(cuda)[0] !== versionParts(tk)[0];
      const vars = { tk: mm(tk), tversion: torch.version, cuda: mm(cuda), how: found.how, path: found.t.path, prefix: env.prefix };
      const match = (snapshot.toolkits ?? []).find((t) => { const v = toolkitVersion(t); return v && mm(v) === mm(cuda); });
      const fix: string[] = [];
      if (match) {
        fix.push(`# ${m('tkFixSwitch', vars)}`, `export CUDA_HOME=${match.path}`, 'export PATH=$CUDA_HOME/bin:$PATH');
      } else {
        const dash = mm(cuda).replace('.', '-');
        const id = (snapshot.os?.id?.value ?? '').toLowerCase();
        fix.push(`# ${m('tkFixInstall', vars)}`);
        if (['ubuntu', 'debian'].includes(id)) fix.push(`sudo apt-get install -y cuda-toolkit-${dash}`);
        else if (['rhel', 'rocky', 'almalinux', 'centos', 'fedora', 'ol', 'amzn'].includes(id)) fix.push(`sudo dnf install -y cuda-toolkit-${dash}`);
        else fix.push(`# https://developer.nvidia.com/cuda-${dash.replace('-', '-')}-0-download-archive`);
        fix.push(`export CUDA_HOME=/usr/local/cuda-${mm(cuda)}`, 'export PATH=$CUDA_HOME/bin:$PATH');
        if (env.kind === 'conda') {
          const full = cudaRelease(mm(cuda))?.minor ?? mm(cuda);
          fix.push(`# ${m('tkFixConda')}`, `conda install -p ${env.prefix} -c nvidia cuda-toolkit=${full}`, `export CUDA_HOME=${env.prefix}`);
        }
      }
      fix.push('nvcc --version');
      out.push({
        code: 'toolkit-mismatch',
        severity: 'warning',
        title: m('tkTitle', vars),
        cause: major ? m('tkCauseMajor', vars) : m('tkCauseMinor', vars),
        evidence: [
          packageEvidence(env, torch),
          { fact: m('evToolkit'), value: `${found.t.path} (${tk})`, source: found.t.nvcc?.version?.source ?? found.t.version?.source ?? found.source },
        ],
        fix,
        subject: env.prefix,
      });
    }
    return out;
  },
};
