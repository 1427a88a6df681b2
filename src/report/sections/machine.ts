// The machine: its GPUs, the driver, CUDA toolkits, libraries and cuda-compat copies, and each Python environment
// with its GPU frameworks and which copy of each CUDA library they load (snapshot/library-copies.ts, the one answer).
import { formatBytes } from '../../render/style.js';
import { installKindLabel, libraryOriginLabel, loadViaLabel } from '../../render/kind-labels.js';
import { osFacts } from '../../render/snapshot-text.js';
import { loadedLibrary, type LibraryName } from '../../snapshot/library-copies.js';
import type { Gpu, PythonEnv, Snapshot } from '../../snapshot/types.js';
import { type Html, html } from '../escape.js';
import { msg } from '../messages.js';

// The packages worth a row; the nvidia-* wheels show through the libraries they provide (render/python-text.ts alike).
const SHOWN =
  /^(torch|torchvision|torchaudio|tensorflow(-cpu|-gpu)?|tf-nightly|jax|jaxlib|jax-cuda\d+-(plugin|pjrt)|cupy.*|xformers|flash[-_]attn|bitsandbytes|vllm|triton|deepspeed|onnxruntime-gpu)$/;
const LIBS: { name: LibraryName; label: string }[] = [
  { name: 'cudnn', label: 'cuDNN' },
  { name: 'nccl', label: 'NCCL' },
  { name: 'cudart', label: 'cudart' },
  { name: 'cublas', label: 'cuBLAS' },
];

const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const yes = (b: boolean | null | undefined) => (b === null || b === undefined ? '—' : b ? msg('yes') : msg('no'));

export function machineSection(s: Snapshot): Html {
  const os = osFacts(s);
  return html`<section id="gpuenv-machine" class="machine"><h2>${msg('machine.title', { host: s.hostname ?? s.root })}</h2>
<p class="meta">${os.join(' · ')} · ${msg('machine.taken', { when: s.takenAt, version: s.tool.version })}</p>
${gpus(s)}${driver(s)}${toolkits(s)}${libraries(s)}${pythons(s)}</section>`;
}

function gpus(s: Snapshot): Html {
  if (s.gpus.length === 0) {
    const pci = s.pciGpus.map((p) => `${p.address} [10de:${p.deviceId.replace(/^0x/, '')}]${p.driver ? ` (${p.driver})` : ''}`).join(', ');
    return html`<h3>${msg('machine.gpus')}</h3><p>${msg('machine.noGpu')}${pci && html` ${msg('machine.pciOnly', { list: pci })}`}</p>`;
  }
  const row = (g: Gpu) =>
    html`<tr><td class="num">${g.index}</td><td>${g.name}</td><td>${dash(g.computeCapability)}</td><td>${dash(g.architecture)}</td><td class="num">${formatBytes(g.memory.totalBytes)}</td><td>${pcie(g)}</td><td class="num">${g.temperatureC === null ? '—' : `${g.temperatureC} °C`}</td><td class="num">${power(g)}</td><td>${yes(g.ecc.enabled)}</td><td class="mono">${g.source}</td></tr>`;
  return html`<h3>${msg('machine.gpus')}</h3><div class="scroll"><table class="gpus"><thead><tr><th>#</th><th>GPU</th><th>CC</th><th>${msg('machine.arch')}</th><th>${msg('machine.memory')}</th><th>PCIe</th><th>${msg('machine.temp')}</th><th>${msg('machine.power')}</th><th>ECC</th><th>${msg('source')}</th></tr></thead><tbody>${s.gpus.map(row)}</tbody></table></div>`;
}

function pcie(g: Gpu): string {
  const p = g.pcie;
  if (p.currentGen === null && p.currentWidth === null) return '—';
  const cur = `Gen${p.currentGen ?? '?'} x${p.currentWidth ?? '?'}`;
  return p.maxGen !== p.currentGen || p.maxWidth !== p.currentWidth ? `${cur} (max Gen${p.maxGen ?? '?'} x${p.maxWidth ?? '?'})` : cur;
}

function power(g: Gpu): string {
  if (g.power.drawW === null && g.power.limitW === null) return '—';
  return `${g.power.drawW === null ? '?' : Math.round(g.power.drawW)} W / ${g.power.limitW === null ? '?' : Math.round(g.power.limitW)} W`;
}

function driver(s: Snapshot): Html {
  const d = s.driver;
  const facts: [string, string, string | undefined][] = [];
  if (d.version) facts.push([msg('driver.user'), d.version.value, d.version.source]);
  if (d.kernelModule) facts.push([msg('driver.kernel'), `${d.kernelModule.value}${d.moduleFlavor ? ` (${d.moduleFlavor.value})` : ''}`, d.kernelModule.source]);
  if (d.cudaVersion) facts.push([msg('driver.cuda'), d.cudaVersion.value, d.cudaVersion.source]);
  if (s.nativeLibraries.nvml?.loadedPath) facts.push(['libnvidia-ml', s.nativeLibraries.nvml.loadedPath, msg('driver.loaded')]);
  if (s.nativeLibraries.cuda?.loadedPath) facts.push(['libcuda', s.nativeLibraries.cuda.loadedPath, msg('driver.loaded')]);
  const body =
    facts.length === 0
      ? html`<p>${d.moduleLoaded?.value === false ? msg('driver.notLoaded') : msg('driver.none')}</p>`
      : html`<dl class="facts">${facts.map(([k, v, src]) => html`<dt>${k}</dt><dd><span class="mono">${v}</span>${src && html` <span class="note">(${src})</span>`}</dd>`)}</dl>`;
  return html`<h3>${msg('machine.driver')}</h3>${body}`;
}

function toolkits(s: Snapshot): Html {
  if (s.toolkits.length === 0) return html`<h3>${msg('machine.toolkits')}</h3><p>${msg('machine.toolkitNone')}</p>`;
  const names = { path: 'PATH', cudaHome: 'CUDA_HOME', symlink: '/usr/local/cuda', ldLibraryPath: 'LD_LIBRARY_PATH' } as const;
  const rows = s.toolkits.map((t) => {
    const active = (Object.keys(names) as (keyof typeof names)[]).filter((k) => t.active[k]).map((k) => names[k]);
    return html`<tr><td>${t.version?.value ?? '?'}</td><td class="path mono">${t.path}</td><td>${installKindLabel(t.installKind)}</td><td class="path mono">${t.aliases.join(', ') || '—'}</td><td>${active.join(', ') || '—'}</td><td class="path mono">${t.nvcc?.path ?? '—'}</td></tr>`;
  });
  return html`<h3>${msg('machine.toolkits')}</h3><div class="scroll"><table><thead><tr><th>${msg('version')}</th><th>${msg('path')}</th><th>${msg('toolkit.kind')}</th><th>${msg('toolkit.aliases')}</th><th>${msg('toolkit.active')}</th><th>nvcc</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function libraries(s: Snapshot): Html {
  const label = { cudnn: 'cuDNN', nccl: 'NCCL', cudart: 'cudart', cublas: 'cuBLAS' } as const;
  const libs =
    s.libraries.length === 0
      ? html`<p>${msg('machine.librariesNone')}</p>`
      : html`<div class="scroll"><table><thead><tr><th>${msg('library')}</th><th>${msg('version')}</th><th>${msg('lib.folder')}</th><th>${msg('lib.origin')}</th><th>ld.so.cache</th><th>LD_LIBRARY_PATH</th></tr></thead><tbody>${s.libraries.map(
          (l) =>
            html`<tr><td>${label[l.name] ?? l.name}</td><td>${l.version?.value ?? '?'}</td><td class="path mono">${l.dir}</td><td>${libraryOriginLabel(l.origin)}</td><td>${yes(l.inLdCache)}</td><td>${yes(l.onLdLibraryPath)}</td></tr>`,
        )}</tbody></table></div>`;
  const compat =
    s.cudaCompat.length > 0 &&
    html`<h4>cuda-compat</h4><ul>${s.cudaCompat.map((c) => html`<li><span class="mono">${c.path}</span>: ${c.inUse ? msg('compat.inUse') : msg('compat.notInUse')} <span class="note">(${c.reason})</span></li>`)}</ul>`;
  return html`<h3>${msg('machine.libraries')}</h3>${libs}${compat}`;
}

function pythons(s: Snapshot): Html {
  if (s.python.length === 0) return html`<h3>${msg('machine.python')}</h3><p>${msg('machine.pythonNone')}</p>`;
  return html`<h3>${msg('machine.python')}</h3>${s.python.map((env) => pythonEnv(s, env))}`;
}

function pythonEnv(s: Snapshot, env: PythonEnv): Html {
  const bits = [env.kind, env.version ? `Python ${env.version.value}` : undefined, env.active ? msg('py.active') : undefined].filter(Boolean);
  const pkgs = env.packages.filter((p) => SHOWN.test(p.name));
  const pkgTable =
    pkgs.length > 0 &&
    html`<div class="scroll"><table><thead><tr><th>${msg('py.package')}</th><th>${msg('version')}</th><th>${msg('py.build')}</th><th>${msg('py.installer')}</th><th>${msg('py.kernels')}</th></tr></thead><tbody>${pkgs.map(
      (p) =>
        html`<tr><td>${p.name}</td><td>${p.version}</td><td>${p.build?.cpuOnly ? msg('py.cpuOnly') : p.build?.cuda ? `CUDA ${p.build.cuda}` : '—'}</td><td>${p.installer}</td><td class="mono">${
          [p.archs?.sass.length ? p.archs.sass.join(' ') : '', p.archs?.ptx.length ? `PTX ${p.archs.ptx.join(' ')}` : ''].filter(Boolean).join('; ') || '—'
        }</td></tr>`,
    )}</tbody></table></div>`;
  const loads = LIBS.map((l) => ({ ...l, copy: loadedLibrary(s, env, l.name) })).filter((l) => l.copy);
  const loadTable =
    loads.length > 0 &&
    html`<div class="scroll"><table class="loads"><thead><tr><th>${msg('library')}</th><th>${msg('version')}</th><th>${msg('py.loads')}</th><th>${msg('py.via')}</th></tr></thead><tbody>${loads.map(
      (l) =>
        html`<tr><td>${l.label}</td><td>${l.copy!.version ?? '?'}</td><td class="path mono">${l.copy!.path ?? l.copy!.source}</td><td>${loadViaLabel(l.copy!.via)}</td></tr>`,
    )}</tbody></table></div>`;
  return html`<h4 class="mono">${env.prefix}</h4><p class="note">${bits.join(', ')}</p>${pkgTable}${loadTable}`;
}
