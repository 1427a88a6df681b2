// Text for `gpuenv cuda list` and `gpuenv cuda which` (JSON is the data itself).
import { findingsSection } from '../render/findings-text.js';
import { formatBytes, table, type Style } from '../render/style.js';
import { padEndDisplay } from '../render/width.js';
import type { CudaList } from './list.js';
import { m } from './messages.js';
import type { WhichReport } from './which.js';

export function renderList(l: CudaList, st: Style): string {
  const out: string[] = [];
  if (l.toolkits.length === 0) out.push(m('l.none'));
  else {
    out.push(st.bold(m('l.head')));
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
      out.push(`    ${[m('l.kind', { kind: t.installKind }), size ? m('l.size', { size }) : null].filter(Boolean).join(', ')}`);
      out.push(`    ${used.length ? m('l.usedBy', { list: used.join(', ') }) : st.dim(m('l.unused'))}`);
      if (t.aliases.length) out.push(`    ${st.dim(m('l.aliases', { list: t.aliases.join(', ') }))}`);
    }
  }
  const s = l.symlink;
  const state =
    s.managedBy === 'absent'
      ? m('l.linkAbsent')
      : s.managedBy === 'not-a-link'
        ? m('l.linkDir')
        : s.managedBy === 'update-alternatives'
          ? m('l.linkAlt', { target: s.target ?? '?' })
          : `→ ${s.target ?? '?'}`;
  out.push('', m('l.link', { state }));
  if (l.frameworks.length) {
    out.push('', st.bold(m('l.fwHead')));
    out.push(
      ...table(
        l.frameworks.map((f) => [
          f.prefix,
          `${f.name} ${f.version}`,
          `CUDA ${f.cuda}`,
          f.toolkit ? m('l.fwMatch', { path: f.toolkit }) : st.yellow(m('l.fwNone', { cuda: f.cuda })),
        ]),
      ),
    );
  }
  const what = [...l.interrupted.temps.map((t) => t.temp), ...l.interrupted.pending.map((p) => `${p.link} → ${p.target} (pending)`)];
  if (what.length) out.push('', st.yellow(m('l.interrupted', { what: what.join(', ') })));
  if (l.lastSwitch)
    out.push('', st.dim(m('l.last', { link: l.lastSwitch.link, previous: l.lastSwitch.previous ?? '-', target: l.lastSwitch.target, at: l.lastSwitch.at })));
  return `${out.join('\n')}\n`;
}

export function renderWhich(w: WhichReport, st: Style, width: number): string {
  const tk = (t: { path: string; version: string | null } | null) => (t ? `CUDA ${t.version ?? '?'} (${t.path})` : st.yellow(m('w.notToolkit')));
  const rows: string[][] = [];
  rows.push(['nvcc', w.nvcc ? `${w.nvcc.onPath}${w.nvcc.real !== w.nvcc.onPath ? ` → ${w.nvcc.real}` : ''}` : m('w.none'), w.nvcc ? tk(w.nvcc.toolkit) : '']);
  const via = w.cudaHome
    ? w.cudaHome.via === 'nvcc'
      ? m('w.viaNvcc')
      : w.cudaHome.via === 'symlink'
        ? m('w.viaLink')
        : m('w.via', { via: `$${w.cudaHome.via}` })
    : '';
  rows.push(['CUDA_HOME', w.cudaHome ? `${w.cudaHome.path}  ${st.dim(via)}` : m('w.none'), w.cudaHome ? tk(w.cudaHome.toolkit) : '']);
  if (w.runtime)
    rows.push([
      w.runtime.soname,
      w.runtime.path ? `${w.runtime.path}  ${st.dim(`(${w.runtime.via})`)}` : m('w.none'),
      w.runtime.path ? tk(w.runtime.toolkit) : '',
    ]);
  rows.push(['/usr/local/cuda', w.symlink.target ?? m('w.none'), w.symlink.target ? tk(w.symlink.toolkit) : '']);
  const out = [st.bold(m('w.head')), ...table(rows)];
  if (w.frameworks.length) {
    out.push('', st.bold(m('w.fwHead')));
    const tkv = w.cudaHome?.toolkit?.version ?? '?';
    out.push(
      ...table(
        w.frameworks.map((f) => [
          f.prefix,
          `${f.name} ${f.version}`,
          f.matches === null
            ? m('w.fwUnknown', { cuda: f.cuda })
            : f.matches
              ? st.green(m('w.fwOk', { cuda: f.cuda }))
              : st.yellow(m('w.fwBad', { cuda: f.cuda, tk: tkv })),
        ]),
      ),
    );
  }
  out.push('', ...findingsSection(w.findings, st, width));
  return `${out.join('\n')}\n`;
}
