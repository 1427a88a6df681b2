// The human inventory printed by `gpuenv snapshot`: short, one line per thing, sources in brackets.
import type { Snapshot } from '../snapshot/types.js';
import { installKindLabel, libraryOriginLabel, probeLabel } from './kind-labels.js';
import { msg } from './messages.js';
import { type Style, formatBytes, table } from './style.js';

export function renderSnapshotText(s: Snapshot, st: Style): string {
  const out = [
    ...headerSection(s, st),
    ...gpuSection(s, st),
    '',
    ...driverSection(s, st),
    '',
    ...toolkitSection(s, st),
    '',
    ...librarySection(s, st),
    ...probeSection(s, st),
  ];
  return `${out.join('\n')}\n`;
}

export function headerSection(s: Snapshot, st: Style, title = msg('snap.title', { host: s.hostname ?? s.root })): string[] {
  const out: string[] = [];
  out.push(st.bold(title));
  const sb = s.os.secureBoot?.value;
  const secureBoot = sb === 'enabled' ? [msg('snap.secureBootOn')] : sb === 'disabled' ? [msg('snap.secureBootOff')] : [];
  out.push(`  ${msg('snap.os')}: ${[...osFacts(s), ...secureBoot].join(' · ')}`, '');
  return out;
}

/** The one-line OS summary's parts (distribution, kernel, CPU architecture, WSL, container), shared with the report. */
export function osFacts(s: Snapshot): string[] {
  return [
    s.os.prettyName?.value,
    s.os.kernel ? msg('snap.kernel', { version: s.os.kernel.value }) : undefined,
    s.os.arch?.value !== 'unknown' ? s.os.arch?.value : undefined,
    s.os.wsl?.value ? 'WSL' : undefined,
    s.os.container?.value ? msg('snap.container', { kind: s.os.container.value }) : undefined,
  ].filter((v): v is string => Boolean(v));
}

export function gpuSection(s: Snapshot, st: Style): string[] {
  const out: string[] = [];
  out.push(st.bold(msg('snap.gpus')));
  if (s.gpus.length === 0) {
    out.push(`  ${msg('snap.noGpu')}`);
    if (s.pciGpus.length)
      out.push(
        `  ${msg('snap.pciOnly', { list: s.pciGpus.map((p) => `${p.address} [10de:${p.deviceId.replace(/^0x/, '')}]${p.driver ? ` (${p.driver})` : ''}`).join(', ') })}`,
      );
    else out.push(`  ${msg('snap.noPci')}`);
  } else {
    out.push(
      ...table(
        s.gpus.map((g) => [
          String(g.index),
          g.name,
          g.computeCapability ? `CC ${g.computeCapability}` : 'CC ?',
          g.architecture ?? '',
          formatBytes(g.memory.totalBytes),
          pcie(g.pcie),
          g.temperatureC !== null ? `${g.temperatureC} °C` : '',
          g.power.drawW !== null ? `${Math.round(g.power.drawW)} W / ${g.power.limitW !== null ? Math.round(g.power.limitW) : '?'} W` : '',
          st.dim(`[${g.source}]`),
        ]),
      ),
    );
  }
  return out;
}

export function driverSection(s: Snapshot, st: Style): string[] {
  const out: string[] = [];
  out.push(st.bold(msg('snap.driver')));
  const d = s.driver;
  const parts: string[] = [];
  if (d.version) parts.push(msg('snap.driverUser', { version: d.version.value, source: d.version.source }));
  if (d.kernelModule) parts.push(msg('snap.driverKernel', { version: d.kernelModule.value, flavor: d.moduleFlavor ? ` (${d.moduleFlavor.value})` : '' }));
  if (d.cudaVersion) parts.push(msg('snap.driverCuda', { version: d.cudaVersion.value }));
  if (parts.length === 0) parts.push(d.moduleLoaded?.value === false ? msg('snap.notLoaded') : msg('snap.driverNone'));
  out.push(`  ${parts.join(' · ')}`);
  const lib = s.nativeLibraries.nvml;
  if (lib?.loadedPath) out.push(st.dim(`  libnvidia-ml: ${lib.loadedPath}`));
  if (s.nativeLibraries.cuda?.loadedPath) out.push(st.dim(`  libcuda: ${s.nativeLibraries.cuda.loadedPath}`));
  return out;
}

export function toolkitSection(s: Snapshot, st: Style): string[] {
  const out: string[] = [];
  out.push(st.bold(msg('snap.toolkits')));
  if (s.toolkits.length === 0) out.push(`  ${msg('snap.toolkitNone')}`);
  out.push(
    ...table(
      s.toolkits.map((t) => {
        const act = Object.entries(t.active)
          .filter(([, v]) => v)
          .map(([k]) => ({ path: 'PATH', cudaHome: 'CUDA_HOME', symlink: '/usr/local/cuda', ldLibraryPath: 'LD_LIBRARY_PATH' })[k]!);
        return [
          t.version?.value ?? msg('snap.unknownVersion'),
          t.path,
          `(${installKindLabel(t.installKind)})`,
          t.aliases.length ? `← ${t.aliases.join(', ')}` : '',
          act.length ? st.green(msg('snap.activeFor', { what: act.join(', ') })) : '',
        ];
      }),
    ),
  );
  return out;
}

export function librarySection(s: Snapshot, st: Style): string[] {
  const out: string[] = [];
  out.push(st.bold(msg('snap.libraries')));
  if (s.libraries.length === 0) out.push(`  ${msg('snap.librariesNone')}`);
  const label = { cudnn: 'cuDNN', nccl: 'NCCL', cudart: 'cudart', cublas: 'cuBLAS' } as const;
  out.push(...table(s.libraries.map((l) => [label[l.name], l.version?.value ?? '?', l.dir, `(${libraryOriginLabel(l.origin)})`])));
  if (s.cudaCompat.length) {
    out.push('', st.bold(msg('snap.compat')));
    out.push(...table(s.cudaCompat.map((c) => [c.path, c.inUse ? st.yellow(msg('snap.inUse')) : msg('snap.notInUse'), st.dim(c.reason)])));
  }
  return out;
}

export function probeSection(s: Snapshot, st: Style): string[] {
  const out: string[] = [];
  const failed = s.probes.filter((p) => !p.ok && p.detail !== 'not found');
  if (failed.length) {
    out.push('', st.bold(msg('snap.problems')));
    out.push(...table(failed.map((p) => [probeLabel(p.name), p.timedOut ? st.yellow(msg('snap.timedOut')) : (p.detail ?? ''), `${p.durationMs} ms`])));
  }
  return out;
}

function pcie(p: Snapshot['gpus'][number]['pcie']): string {
  if (p.currentGen === null && p.currentWidth === null) return '';
  const cur = `PCIe Gen${p.currentGen ?? '?'} x${p.currentWidth ?? '?'}`;
  return p.maxGen !== p.currentGen || p.maxWidth !== p.currentWidth ? `${cur} (max Gen${p.maxGen ?? '?'} x${p.maxWidth ?? '?'})` : cur;
}
