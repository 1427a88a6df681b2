// The doctor's report as Markdown, to paste into an issue: facts as tables, fixes as shell blocks.
import type { Diagnosis } from '../diagnose/index.js';
import type { Severity } from '../findings.js';
import type { Snapshot } from '../snapshot/types.js';
import { installKindLabel, libraryOriginLabel } from './kind-labels.js';
import { msg } from './messages.js';
import { sourceLabel } from './source-label.js';
import { formatBytes } from './style.js';

const ICON: Record<Severity, string> = { error: '❌', warning: '⚠️', info: 'ℹ️' };

/** Table cells must not break the table: pipes escaped, newlines flattened. */
const cell = (s: string | number | null | undefined) =>
  String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
const row = (cells: (string | number | null | undefined)[]) => `| ${cells.map(cell).join(' | ')} |`;

export function renderDoctorMarkdown(s: Snapshot, d: Diagnosis): string {
  const out: string[] = [];
  out.push(`## ${msg('doc.title', { host: s.hostname ?? s.root })}`, '');
  const osBits = [
    s.os.prettyName?.value,
    s.os.kernel ? msg('snap.kernel', { version: s.os.kernel.value }) : undefined,
    s.os.wsl?.value ? 'WSL' : undefined,
    s.os.container?.value ? msg('snap.container', { kind: s.os.container.value }) : undefined,
  ].filter(Boolean);
  out.push(`${osBits.join(' · ')} · gpuenv ${s.tool.version} · ${s.takenAt}`, '');

  out.push(`### ${msg('snap.gpus')}`, '');
  if (s.gpus.length) {
    out.push(row(['#', 'GPU', 'CC', msg('md.memory'), msg('md.pcie'), msg('md.source')]), row(['-', '-', '-', '-', '-', '-']));
    for (const g of s.gpus) {
      out.push(
        row([
          g.index,
          g.name,
          g.computeCapability,
          formatBytes(g.memory.totalBytes),
          `Gen${g.pcie.currentGen ?? '?'} x${g.pcie.currentWidth ?? '?'} / Gen${g.pcie.maxGen ?? '?'} x${g.pcie.maxWidth ?? '?'}`,
          g.source,
        ]),
      );
    }
  } else {
    out.push(
      `${msg('snap.noGpu')}${s.pciGpus.length ? `; ${msg('snap.pciOnly', { list: s.pciGpus.map((p) => `${p.address} [10de:${p.deviceId.replace(/^0x/, '')}] (${p.driver ?? msg('md.noDriver')})`).join(', ') })}` : ''}`,
    );
  }
  out.push('', `### ${msg('snap.driver')}`, '');
  const drv = [
    s.driver.version ? msg('md.driverUser', { version: s.driver.version.value, source: sourceLabel(s.driver.version.source) }) : undefined,
    s.driver.kernelModule
      ? msg('md.driverKernel', { version: s.driver.kernelModule.value, flavor: s.driver.moduleFlavor ? ` (${s.driver.moduleFlavor.value})` : '' })
      : undefined,
    s.driver.cudaVersion ? `CUDA ≤ **${s.driver.cudaVersion.value}**` : undefined,
  ].filter(Boolean);
  out.push(drv.length ? drv.join(' · ') : msg('snap.driverNone'));

  out.push('', `### ${msg('snap.toolkits')}`, '');
  if (s.toolkits.length) {
    out.push(
      row([msg('md.version'), msg('md.path'), msg('md.installedAs'), 'PATH', 'CUDA_HOME', '/usr/local/cuda', 'LD_LIBRARY_PATH']),
      row(['-', '-', '-', '-', '-', '-', '-']),
    );
    const yes = (b: boolean) => (b ? '✓' : '');
    for (const t of s.toolkits)
      out.push(
        row([
          t.version?.value ?? '?',
          t.path,
          installKindLabel(t.installKind),
          yes(t.active.path),
          yes(t.active.cudaHome),
          yes(t.active.symlink),
          yes(t.active.ldLibraryPath),
        ]),
      );
  } else out.push(msg('snap.toolkitNone'));

  out.push('', `### ${msg('snap.libraries')}`, '');
  if (s.libraries.length) {
    out.push(row([msg('md.library'), msg('md.version'), msg('md.folder'), msg('md.origin')]), row(['-', '-', '-', '-']));
    for (const l of s.libraries) out.push(row([l.name, l.version?.value ?? '?', l.dir, libraryOriginLabel(l.origin)]));
  } else out.push(msg('snap.librariesNone'));
  for (const c of s.cudaCompat) out.push('', `cuda-compat \`${c.path}\`: ${c.inUse ? msg('snap.inUse') : msg('snap.notInUse')} (${c.reason})`);

  out.push('', `### ${msg('doc.python')}`, '');
  if (s.python.length === 0) out.push(msg('doc.pythonNone'));
  for (const env of s.python) {
    out.push(
      `- \`${env.prefix}\` (${[msg(`doc.envKind.${env.kind}`), env.version ? `Python ${env.version.value}` : undefined, env.active ? msg('doc.active') : undefined].filter(Boolean).join(', ')})`,
    );
    for (const p of env.packages.filter((x) =>
      /^(torch|torchvision|torchaudio|tensorflow.*|jax|jaxlib|jax-cuda.*|cupy.*|xformers|flash.attn|bitsandbytes|vllm|triton|deepspeed|onnxruntime-gpu)$/.test(
        x.name,
      ),
    )) {
      const build = p.build?.cpuOnly ? msg('doc.cpuOnly') : p.build?.cuda ? msg('doc.builtFor', { cuda: p.build.cuda }) : '';
      const archs = p.archs?.sass.length ? `; ${p.archs.sass.join(' ')}` : '';
      out.push(`  - ${p.name} ${p.version} ${build} [${p.installer}]${archs}`);
    }
  }

  out.push('', `### ${msg('doc.findings')}`, '');
  if (d.findings.length === 0) out.push(msg('doc.noFindings'));
  for (const f of d.findings) {
    out.push(`#### ${ICON[f.severity]} ${f.title} (\`${f.code}\`)`, '', f.cause, '');
    if (f.unconfirmed) out.push(`_${msg('doc.unconfirmed', { what: f.unconfirmed })}_`, '');
    if (f.evidence.length) {
      out.push(`<details><summary>${msg('doc.evidence')}</summary>`, '');
      for (const e of f.evidence) out.push(`- ${e.fact}: \`${e.value}\` (${sourceLabel(e.source)})`);
      out.push('', '</details>', '');
    }
    if (f.fix.length) out.push('```sh', ...f.fix, '```', '');
  }
  for (const e of d.ruleErrors) out.push(`> ${msg('doc.ruleError', { code: e.code, message: e.message })}`);
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
