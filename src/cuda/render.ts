// Text for `gpuenv cuda list` and `gpuenv cuda which` (JSON is the data itself).
import { findingsSection } from '../render/findings-text.js';
import { installKindLabel } from '../render/kind-labels.js';
import { formatBytes, table, type Style } from '../render/style.js';
import { padEndDisplay } from '../render/width.js';
import type { CudaList } from './list.js';
import { msg } from './messages.js';
import type { WhichReport } from './which.js';

export function renderList(l: CudaList, st: Style): string {
  const out: string[] = [];
  if (l.toolkits.length === 0) out.push(msg('l.none'));
  else {
    out.push(st.bold(msg('l.head')));
    for (const t of l.toolkits) {
      const used = [
        t.active.path ? 'PATH' : null,
        t.active.cudaHome ? 'CUDA_HOME' : null,
        t.active.ldLibraryPath ? 'LD_LIBRARY_PATH' : null,
        t.active.symlink ? '/usr/local/cuda' : null,
      ].filter((x): x is string => x !== null);
      const mark = used.length ? st.green('*') : ' ';
      out.push(`${mark} ${st.bold(padEndDisplay(t.version ?? '?', 9))} ${t.path}`);
      const size = t.sizeBytes === null ? null : `${t.sizeComplete ? '' : '≥ '}${formatBytes(t.sizeBytes)}`;
      out.push(`    ${[msg('l.kind', { kind: installKindLabel(t.installKind) }), size ? msg('l.size', { size }) : null].filter(Boolean).join(', ')}`);
      out.push(`    ${used.length ? msg('l.usedBy', { list: used.join(', ') }) : st.dim(msg('l.unused'))}`);
      if (t.aliases.length) out.push(`    ${st.dim(msg('l.aliases', { list: t.aliases.join(', ') }))}`);
    }
  }
  const s = l.symlink;
  const state =
    s.managedBy === 'absent'
      ? msg('l.linkAbsent')
      : s.managedBy === 'not-a-link'
        ? msg('l.linkDir')
        : s.managedBy === 'update-alternatives'
          ? msg('l.linkAlt', { target: s.target ?? '?' })
          : `→ ${s.target ?? '?'}`;
  out.push('', msg('l.link', { state }));
  if (l.frameworks.length) {
    out.push('', st.bold(msg('l.fwHead')));
    out.push(
      ...table(
        l.frameworks.map((f) => [
          f.prefix,
          `${f.name} ${f.version}`,
          `CUDA ${f.cuda}`,
          f.toolkit ? msg('l.fwMatch', { path: f.toolkit }) : st.yellow(msg('l.fwNone', { cuda: f.cuda })),
        ]),
      ),
    );
  }
  const what = [...l.interrupted.temps.map((t) => t.temp), ...l.interrupted.pending.map((p) => `${p.link} → ${p.target} (pending)`)];
  if (what.length) out.push('', st.yellow(msg('l.interrupted', { what: what.join(', ') })));
  if (l.lastSwitch)
    out.push('', st.dim(msg('l.last', { link: l.lastSwitch.link, previous: l.lastSwitch.previous ?? '-', target: l.lastSwitch.target, at: l.lastSwitch.at })));
  return `${out.join('\n')}\n`;
}

export function renderWhich(w: WhichReport, st: Style, width: number): string {
  const tk = (t: { path: string; version: string | null } | null) => (t ? `CUDA ${t.version ?? '?'} (${t.path})` : st.yellow(msg('w.notToolkit')));
  const rows: string[][] = [];
  rows.push(['nvcc', w.nvcc ? `${w.nvcc.onPath}${w.nvcc.real !== w.nvcc.onPath ? ` → ${w.nvcc.real}` : ''}` : msg('w.none'), w.nvcc ? tk(w.nvcc.toolkit) : '']);
  const via = w.cudaHome
    ? w.cudaHome.via === 'nvcc'
      ? msg('w.viaNvcc')
      : w.cudaHome.via === 'symlink'
        ? msg('w.viaLink')
        : msg('w.via', { via: `$${w.cudaHome.via}` })
    : '';
  rows.push(['CUDA_HOME', w.cudaHome ? `${w.cudaHome.path}  ${st.dim(via)}` : msg('w.none'), w.cudaHome ? tk(w.cudaHome.toolkit) : '']);
  if (w.runtime)
    rows.push([
      w.runtime.soname,
      w.runtime.path ? `${w.runtime.path}  ${st.dim(`(${w.runtime.via})`)}` : msg('w.none'),
      w.runtime.path ? tk(w.runtime.toolkit) : '',
    ]);
  rows.push(['/usr/local/cuda', w.symlink.target ?? msg('w.none'), w.symlink.target ? tk(w.symlink.toolkit) : '']);
  const out = [st.bold(msg('w.head')), ...table(rows)];
  if (w.frameworks.length) {
    out.push('', st.bold(msg('w.fwHead')));
    const tkv = w.cudaHome?.toolkit?.version ?? '?';
    out.push(
      ...table(
        w.frameworks.map((f) => [
          f.prefix,
          `${f.name} ${f.version}`,
          f.matches === null
            ? msg('w.fwUnknown', { cuda: f.cuda })
            : f.matches
              ? st.green(msg('w.fwOk', { cuda: f.cuda }))
              : st.yellow(msg('w.fwBad', { cuda: f.cuda, tk: tkv })),
        ]),
      ),
    );
  }
  out.push('', ...findingsSection(w.findings, st, width));
  return `${out.join('\n')}\n`;
}
