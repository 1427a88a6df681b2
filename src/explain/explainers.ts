// One explainer per Finding code: from the error events that point at it and the pasted facts, a Finding
// that names the concrete versions, sm_XX, cuXXX and driver floors, and how well the facts fit (0 = refuted).
import { cudaForPtxIsa, cudaReleases, smToCc, toolkitSupportsCc } from '../knowledge/cuda.js';
import { tensorflowRelease, tensorflowReleases, type TensorflowRelease } from '../knowledge/tensorflow.js';
import { torchRelease, torchVariant, variantArchSet } from '../knowledge/torch.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import { driverSupport, platformOf, wheelForSoname } from '../diagnose/framework.js';
import type { Evidence, Finding, FindingCode } from '../diagnose/types.js';
import type { ErrorEvent } from '../parse/types.js';
import { cudaNumber, cudnnNumber, dllCuda } from '../parse/framework-logs.js';
import { signatureById } from '../knowledge/error-signatures.js';
import { nvencFloor } from '../knowledge/data/nvenc.js';
import { driverMaxCuda, firstWheel, floorsFor, tagOf, torchChoice, type ExplainContext } from './context.js';
import { em as m } from './messages.js';
import { multipleToolkits } from './toolkits.js';
import { onnxruntimeExplained } from './onnxruntime.js';

export interface Explained {
  finding: Finding;
  /** How well the pasted facts support this cause: 1 neutral, up to 2 confirmed, below 1 doubtful. */
  fit: number;
}

export type Explainer = (ctx: ExplainContext, events: ErrorEvent[]) => Explained | undefined;

const has = (events: ErrorEvent[], ...ids: string[]) => events.some((e) => ids.includes(e.signature));
/** Some event's message names this cause first: a finding may then stand on the message alone, without facts. */
const primary = (events: ErrorEvent[], code: FindingCode) => events.some((e) => signatureById(e.signature)?.causes[0]?.code === code);
/** The paste shows WSL: there is no nvidia kernel module, so bare-metal driver fixes do not apply. */
const inWsl = (ctx: ExplainContext) => ctx.snapshot.os.wsl?.value === true;
const first = (events: ErrorEvent[], ...ids: string[]) => events.find((e) => ids.includes(e.signature));

function lineEvidence(events: ErrorEvent[]): Evidence[] {
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const e of events) {
    if (seen.has(e.signature) || out.length >= 3) continue;
    seen.add(e.signature);
    out.push({ fact: m('evLine', { line: e.line }), value: e.text.slice(0, 300), source: `pasted (signature ${e.signature})` });
  }
  return out;
}

function gpuEvidence(ctx: ExplainContext): Evidence[] {
  return ctx.gpus.slice(0, 4).map((g) => ({ fact: m('evGpu'), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source }));
}

function driverEvidence(ctx: ExplainContext): Evidence[] {
  const d = ctx.driver;
  if (!d) return [];
  const out: Evidence[] = [];
  if (d.version) out.push({ fact: m('evDriver'), value: d.version, source: d.source });
  if (d.cuda) out.push({ fact: m('evDriverCuda'), value: d.cuda, source: ctx.snapshot.driver.cudaVersion?.source ?? d.source });
  return out;
}

function torchEvidence(ctx: ExplainContext): Evidence[] {
  const t = ctx.torch;
  if (!t || t.version === '?') return t?.cuda ? [{ fact: 'torch.version.cuda', value: t.cuda, source: t.pkg.location }] : [];
  return [{ fact: m('evTorch'), value: t.pkg.version + (t.cuda && !t.pkg.version.includes('+') ? ` (CUDA ${t.cuda})` : ''), source: t.pkg.location }];
}

function torchLabel(ctx: ExplainContext): string | undefined {
  const t = ctx.torch;
  if (!t) return undefined;
  if (t.version === '?') return t.cuda ? `torch (CUDA ${t.cuda})` : 'torch';
  return t.tag && !t.pkg.version.includes('+') ? `torch ${t.version}+${t.tag}` : `torch ${t.pkg.version}`;
}

const pip = (args: string) => `pip install ${args}`;

function finding(code: FindingCode, severity: Finding['severity'], title: string, cause: string, evidence: Evidence[], fix: string[]): Finding {
  return { code, severity, title, cause, evidence, fix };
}

// ---- arch-unsupported -----------------------------------------------------------------------------------

const archUnsupported: Explainer = (ctx, events) => {
  const g = ctx.gpus[0];
  const t = ctx.torch;
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx), ...torchEvidence(ctx)];
  if (!g) {
    return {
      fit: 1,
      finding: finding('arch-unsupported', 'error', m('archTitleNoGpu'), m('archCauseNoGpu'), evidence, [
        `# ${m('archCheck')}`,
        'nvidia-smi --query-gpu=name,compute_cap --format=csv',
        'python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_arch_list())"',
      ]),
    };
  }
  let archs = ctx.facts.torchArchList?.value;
  let ptx: readonly string[] = [];
  if (!archs && t?.tag && t.version !== '?') {
    const v = torchVariant(t.version, t.tag);
    if (v) {
      const set = variantArchSet(v, platformOf(ctx.snapshot));
      archs = [...set.archList];
      ptx = set.ptx;
    }
  }
  const covered = archs ? archs.includes(g.sm) || ptx.some((p) => Number(p.replace('compute_', '')) <= Number(g.sm.replace('sm_', ''))) : undefined;
  const choice = torchChoice(ctx, t?.tag ? [t.tag] : undefined);
  const c = choice.choice ?? choice.withNewerDriver;
  const firstCover = c ? firstWheel(ctx, t?.tag ? [t.tag] : undefined) : undefined;
  const firstText = firstCover && firstCover.variant.tag !== c?.variant.tag
    ? ' ' + m('archFirst', { tag: firstCover.variant.tag, version: firstCover.release.version, cuda: firstCover.variant.cuda, sm: g.sm, floor: firstCover.driverFloor ?? '?' })
    : '';
  const wheel = c
    ? (choice.choice
      ? m('archWheel', { tag: c.variant.tag, version: c.release.version, cuda: c.variant.cuda, sm: g.sm, floor: c.driverFloor ?? '?' })
      : m('archWheelDriver', { cuda: c.variant.cuda, tag: c.variant.tag, version: c.release.version, sm: g.sm, floor: c.driverFloor ?? '?' })) + firstText
    : m('archNone', { sm: g.sm, cc: g.cc });
  // Starts a sentence in the title and the cause; a package name ("torch 2.5.1+cu124") stays lower-case.
  const build = torchLabel(ctx) ?? m('archBuildUnknown');
  // The build's CUDA predates the GPU: no build of that CUDA can have its kernels (CUDA 10.2 and sm_80).
  const tooOld = t?.cuda && !safeSupports(t.cuda, g.cc) ? cudaReleases().find((r) => r.ga && safeSupports(r.minor, g.cc))?.minor : undefined;
  const cause = (tooOld && t?.cuda ? m('archCudaTooOld', { cuda: t.cuda, sm: g.sm, first: tooOld }) + ' ' : '') + m(archs?.length || oldTorchArchs(t) ? 'archCause' : 'archCauseNoList', {
    gpu: g.gpu.name, cc: g.cc, sm: g.sm, build,
    archs: archs?.length ? `${archs[0]} … ${archs[archs.length - 1]}` : oldTorchArchs(t) ?? m('unknown'),
    ptx: ptx.length ? ` (PTX ${ptx.join(' ')})` : '',
    wheel,
  });
  const fix: string[] = [];
  if (c) {
    if (!choice.choice && c.driverFloor) fix.push(`# ${m('drvUpgrade', { floor: c.driverFloor })}`);
    fix.push(pip(`--force-reinstall torch==${c.release.version} --index-url ${c.variant.indexUrl}`));
    if (firstCover && firstText) {
      fix.push(`# ${m('archFirstFix', { tag: firstCover.variant.tag, floor: firstCover.driverFloor ?? '?' })}`, pip(`--force-reinstall torch==${firstCover.release.version} --index-url ${firstCover.variant.indexUrl}`));
    }
  }
  fix.push(`# ${m('archExt', { cc: g.cc })}`);
  if (events.some((e) => e.signature.startsWith('nccl'))) {
    const sm = g.sm.replace('sm_', '');
    fix.push(`# ${m('archNccl', { sm: g.sm })}`, `make -j src.build NVCC_GENCODE="-gencode=arch=compute_${sm},code=sm_${sm}"   # NCCL from source, with this GPU's architecture`);
  }
  const suggested = first(ctx.events, 'torch-suggests-cuda')?.groups.cuda?.trim().replace(/\s+/g, ' ');
  if (suggested) {
    const tags = suggested.split(' ').filter((v) => /^\d{1,2}\.\d$/.test(v)).map(tagOf);
    evidence.push({ fact: m('evTorchSuggests'), value: `CUDA ${suggested}${tags.length ? ` (${tags.join(', ')})` : ''}`, source: 'pasted:error message' });
    if (tags[0]) fix.unshift(pip(`--force-reinstall torch --index-url https://download.pytorch.org/whl/${tags[0]}   # ${m('archTorchSays', { cuda: suggested })}`));
  }
  const minCc = first(ctx.events, 'torch-min-cc')?.groups.min;
  if (minCc) evidence.push({ fact: m('evMinCc'), value: minCc, source: 'pasted:error message' });
  const range = first(ctx.events, 'torch-cc-range')?.groups;
  if (range?.min && range.max) evidence.push({ fact: m('evCcRange'), value: `${range.min} – ${range.max}`, source: 'pasted:error message' });
  if (archs) evidence.push({ fact: m('evArchs'), value: archs.join(' ') + (ptx.length ? ` + ${ptx.join(' ')}` : ''), source: ctx.facts.torchArchList?.source ?? 'gpuenv torch table' });
  // Facts that refute: the build covers this GPU (then an extension is the culprit).
  const fit = covered === false ? 2 : covered === true ? 0.6 : 1.2;
  return { fit, finding: finding('arch-unsupported', 'error', m('archTitle', { build, gpu: g.gpu.name, sm: g.sm }), cause, evidence, fix) };
};

/** torch 1.3–1.12 binaries (older than the torch table) start at sm_37: https://github.com/pytorch/pytorch/issues/30532. */
function oldTorchArchs(t: ExplainContext['torch']): string | undefined {
  if (!t || t.version === '?') return undefined;
  const [major, minor] = versionParts(t.version);
  return major === 1 && minor !== undefined && minor >= 3 && minor <= 12 ? m('archOldFloor') : undefined;
}

// ---- driver-too-old -------------------------------------------------------------------------------------

const driverTooOld: Explainer = (ctx, events) => {
  const t = ctx.torch;
  const d = ctx.driver;
  const max = driverMaxCuda(d);
  const evidence = [...lineEvidence(events), ...torchEvidence(ctx), ...driverEvidence(ctx)];
  const nvenc = events.filter((e) => e.signature === 'nvenc-api');
  if (nvenc.length) {
    const api = nvenc.map((e) => e.groups.required).find(Boolean);
    const win = ctx.snapshot.os.id?.value === 'windows' || /\.exe|[A-Z]:\\/.test(nvenc.map((e) => e.text).join(' '));
    const row = api ? nvencFloor(api) : undefined;
    const floor = nvenc.map((e) => e.groups.floor).find(Boolean) ?? (row ? (win ? row.windows : `${row.linux} (Linux) / ${row.windows} (Windows)`) : undefined);
    const vars = { api: api ?? '?', found: nvenc.map((e) => e.groups.found).find(Boolean) ?? '?', floor: floor ?? '?', driver: ctx.driver?.version ?? m('unknown') };
    return { fit: 2, finding: finding('driver-too-old', 'error', m('drvNvencTitle', vars), m('drvNvencCause', vars), [...evidence, ...(row ? [{ fact: 'NVENC API ' + row.api, value: `Linux >= ${row.linux}, Windows >= ${row.windows}`, source: row.source }] : [])], [
      `# ${m('drvUpgrade', { floor: floor ?? '?' })}`, ...upgradeDriver(ctx, (floor ?? '').split(' ')[0] || '?'),
      '# or use an FFmpeg build made with older nv-codec-headers (an older release) that your driver supports',
      'ffmpeg -hide_banner -f lavfi -i nullsrc -frames:v 1 -c:v h264_nvenc -f null -   # re-test',
    ]) };
  }
  const ollama = first(events, 'ollama-driver-too-old');
  if (ollama?.groups.driver && ollama.groups.required) {
    const vars = { driver: ollama.groups.driver, floor: ollama.groups.required };
    return { fit: 2, finding: finding('driver-too-old', 'error', m('drvTitleFloor', vars), m('drvCauseFloor', vars), evidence, [`# ${m('drvUpgrade', { floor: vars.floor })}`, ...upgradeDriver(ctx, vars.floor)]) };
  }
  const ptxasEvent = first(events, 'jax-ptxas-newer');
  // The CUDA the failing program needs, as the message or the facts say; PyPI's default build only as the last guess.
  const wanted = first(events, 'container-requirement-cuda', 'cuda-not-supported-by-driver', 'nvidia-docker-unsupported-cuda', 'driver-old-or-missing', 'cudajl-driver-incompatible');
  // A CUDA toolkit named in the paste ("Cuda 7.0", nvcc) is the runtime of a program built from source.
  const toolkit = !t?.cuda && !t?.pypiCuda ? ctx.snapshot.toolkits.map((k) => k.nvcc?.version?.value ?? k.version?.value).find(Boolean) : undefined;
  // Paddle's wheels name their CUDA in the version (1.5.1.post107 = CUDA 10.0): the program's CUDA when torch is absent.
  const paddle = !t ? paddleBuild(ctx) : undefined;
  const isa = first(events, 'ptx-isa-version');
  const isaCuda = isa?.groups.ptx ? cudaForPtxIsa(isa.groups.ptx) : undefined;
  // A CUDA base image named ("built from nvidia/cuda:10.2-devel"): the runtime the program carries.
  const imageCuda = ctx.facts.toolkitMentions.find((x) => x.source === 'pasted:image')?.value;
  const buildCuda = t?.cuda ?? ptxasEvent?.groups.ptxas ?? wanted?.groups.cuda ?? isaCuda ?? paddle?.cuda ?? imageCuda ?? t?.pypiCuda ?? (toolkit ? versionParts(toolkit).slice(0, 2).join('.') : undefined);
  if (buildCuda) {
    // Native Windows drivers have their own numbering (CUDA 12.x: 527.41 vs 525.60.13 on Linux).
    const floors = floorsFor(buildCuda, ctx.snapshot.os.id?.value === 'windows' && !inWsl(ctx) ? 'windows' : 'linux');
    const support = d ? driverSupport(d, buildCuda) : 'unknown';
    const build = t?.cuda
      ? (torchLabel(ctx) ?? `CUDA ${buildCuda}`)
      : paddle && buildCuda === paddle.cuda
        ? `paddlepaddle-gpu ${paddle.version} (CUDA ${paddle.cuda})`
      : imageCuda && buildCuda === imageCuda && !wanted
        ? m('drvImage', { cuda: imageCuda })
      : isaCuda && buildCuda === isaCuda
        ? m('drvPtxIsa', { ptx: isa?.groups.ptx ?? '?', cuda: isaCuda, cur: isa?.groups.cur ?? '?' })
      : ptxasEvent?.groups.ptxas
        ? `ptxas ${buildCuda}`
        : wanted?.groups.cuda
          ? (wanted.signature === 'container-requirement-cuda' || wanted.signature === 'nvidia-docker-unsupported-cuda' ? m('drvImage', { cuda: buildCuda }) : wanted.groups.dll ? `${wanted.groups.dll} (CUDA ${buildCuda})` : `CUDA ${buildCuda}`)
          : t?.pypiCuda
            ? m('drvPypi', { version: t?.version ?? '?', tag: tagOf(buildCuda) })
            : m('drvToolkitBuild', { cuda: buildCuda });
    const floor = floors.mvc ?? floors.full ?? '?';
    const vars = { build, cuda: buildCuda, full: floors.full ?? '?', mvc: floor, driver: d?.version ?? (max ? `(CUDA ${max})` : m('unknown')), max: max ?? (d?.version ? m('drvBelowTable') : m('unknown')), floor: floors.full ?? floor };
    const fix = [`# ${m('drvUpgrade', { floor: floors.full ?? floor })}`, ...upgradeDriver(ctx, floors.full ?? floor)];
    if (wanted?.signature === 'container-requirement-cuda') fix.push(`# ${m('drvImageFix', { max: max ?? m('unknown') })}`, `docker run --gpus all -e NVIDIA_DISABLE_REQUIRE=1 …   # ${m('drvDisableRequire')}`);
    if (wanted?.signature === 'cuda-not-supported-by-driver') fix.push(`# ${m('drvOlderCuda', { max: max ?? m('unknown') })}`);
    if (!t?.cuda && t?.pypiCuda && !ptxasEvent && !wanted) evidence.push({ fact: m('evPypi'), value: `torch ${t.version} → ${tagOf(t.pypiCuda)} (CUDA ${t.pypiCuda})`, source: 'gpuenv torch table (pypiDefault)' });
    if (max && t) {
      const alt = torchChoice(ctx, t.tag ? [t.tag] : undefined).choice;
      if (alt) fix.push(`# ${m('drvOrWheel', { cuda: alt.variant.cuda, tag: alt.variant.tag })}`, pip(`--force-reinstall torch==${alt.release.version} --index-url ${alt.variant.indexUrl}`));
    }
    const fit = support === 'no' ? 2 : support === 'full' ? 0.3 : support === 'mvc' ? 0.8 : 1.1;
    return { fit, finding: finding('driver-too-old', 'error', m(d?.version || max ? 'drvTitle' : 'drvTitleNoDriver', vars), m('drvCause', vars), evidence, fix) };
  }
  // Without the program's CUDA, a driver-too-old finding stands only on a message that says so itself.
  if (!primary(events, 'driver-too-old')) return undefined;
  if (max) {
    const vars = { driver: d?.version ?? `(CUDA ${max})`, max };
    const fix = [`# ${m('checkNvidiaSmi')}`, 'nvidia-smi', pip(`--force-reinstall torch --index-url https://download.pytorch.org/whl/${tagOf(max)}`)];
    return { fit: 1, finding: finding('driver-too-old', 'error', m('drvTitleUnknown'), m('drvCauseNoBuild', vars), evidence, fix) };
  }
  return { fit: 0.9, finding: finding('driver-too-old', 'error', m('drvTitleUnknown'), m('drvCauseUnknown'), evidence, [`# ${m('checkNvidiaSmi')}`, 'nvidia-smi', 'python -c "import torch; print(torch.__version__, torch.version.cuda)"']) };
};

/**
 * paddlepaddle-gpu "X.Y.Z.postNNN": the CUDA of the build. Paddle 1.x wrote post{CUDA major}{cuDNN major}
 * (post97 = CUDA 9.0 + cuDNN 7, post107 = CUDA 10.0); 2.x writes post{CUDA major}{minor} (post112 = CUDA 11.2).
 * The convention is read from Paddle's install pages as remembered, not re-checked: unconfirmed.
 */
function paddleBuild(ctx: ExplainContext): { version: string; cuda: string } | undefined {
  const p = ctx.env?.packages.find((x) => /^paddlepaddle(-gpu)?$/.test(x.name));
  const r = p ? /^(\d+)\.\d+\.\d+\.post(\d{1,2})(\d)$/.exec(p.version) : null;
  if (!p || !r) return undefined;
  return { version: p.version, cuda: Number(r[1]) >= 2 ? `${r[2]}.${r[3]}` : `${r[2]}.0` };
}

function upgradeDriver(ctx: ExplainContext, floor: string): string[] {
  const branch = versionParts(floor)[0] ?? 0;
  if (ctx.snapshot.os.wsl?.value) return ['# Windows: install the NVIDIA Windows driver >= ' + floor + ' (WSL uses it)'];
  if (ctx.snapshot.os.id?.value === 'windows') return [`# https://www.nvidia.com/Download/index.aspx (>= ${floor})`];
  const id = ctx.snapshot.os.id?.value ?? 'ubuntu';
  if (['rhel', 'rocky', 'almalinux', 'centos', 'fedora'].includes(id)) return [`sudo dnf module install -y nvidia-driver:${branch}-dkms`, 'sudo reboot'];
  return ['sudo apt-get update', `sudo apt-get install -y nvidia-driver-${branch}`, 'sudo reboot'];
}

// ---- toolkit-mismatch -----------------------------------------------------------------------------------

const toolkitMismatch: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events)];
  const nvcc = ctx.snapshot.toolkits.map((t) => t.nvcc?.version?.value ?? t.version?.value).find(Boolean);
  const archEvent = first(events, 'nvcc-unsupported-arch');
  if (archEvent?.groups.arch) {
    const arch = archEvent.groups.arch.replace(/[af]$/, '');
    const cc = smToCc(arch.replace('compute_', 'sm_'));
    const min = cudaReleases().find((r) => r.ga && safeSupports(r.minor, cc))?.minor ?? '?';
    const vars = { arch, cc, min, nvcc: nvcc ?? m('unknown') };
    if (nvcc) evidence.push({ fact: m('evNvcc'), value: nvcc, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' });
    // The CUDA named in the paste does support the architecture: the nvcc that ran is another, older one.
    if (nvcc && safeSupports(versionParts(nvcc).slice(0, 2).join('.'), cc)) {
      return { fit: 1.5, finding: finding('toolkit-mismatch', 'error', m('tkArchOtherTitle', vars), m('tkArchOtherCause', vars), evidence, [
        'which -a nvcc; nvcc --version; echo "CUDA_HOME=$CUDA_HOME"   # the nvcc that runs first on PATH',
        `export CUDA_HOME=/usr/local/cuda-${versionParts(nvcc).slice(0, 2).join('.')}`, 'export PATH=$CUDA_HOME/bin:$PATH', 'hash -r; nvcc --version',
      ]) };
    }
    return { fit: 1.5, finding: finding('toolkit-mismatch', 'error', m('tkArchTitle', vars), m('tkArchCause', vars), evidence, [
      `# CUDA >= ${min}`, `export CUDA_HOME=/usr/local/cuda-${min}`, 'export PATH=$CUDA_HOME/bin:$PATH', 'nvcc --version',
    ]) };
  }
  const gccEvent = first(events, 'nvcc-unsupported-gcc');
  if (gccEvent) {
    const gcc = gccEvent.groups.gcc ?? '?';
    if (nvcc) evidence.push({ fact: m('evNvcc'), value: nvcc, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' });
    return { fit: 1.6, finding: finding('toolkit-mismatch', 'error', m('tkGccTitle', { gcc }), m('tkGccCause', { gcc }), evidence, [
      `sudo apt-get install -y gcc-${gcc} g++-${gcc}`, `export NVCC_CCBIN=/usr/bin/g++-${gcc} CC=gcc-${gcc} CXX=g++-${gcc}`, 'nvcc --version; gcc --version',
      '# or a newer CUDA toolkit whose nvcc supports this gcc',
    ]) };
  }
  const torchCuda = ctx.torch?.cuda;
  const det = first(events, 'detected-cuda-mismatch', 'installed-cuda-not-torch', 'ext-cuda-mismatch-warning', 'ext-cuda-mismatch-cut');
  const nv = det?.groups.nvcc ?? nvcc;
  // The check cut before it names torch's CUDA: a plain pip torch is its release's default PyPI build (an inference).
  const tc = det?.groups.torch ?? torchCuda ?? (det ? ctx.torch?.pypiCuda : undefined);
  if (has(events, 'cuda-home-not-set')) {
    const want = tc ?? '12.x';
    evidence.push(...torchEvidence(ctx));
    return { fit: 1.3, finding: finding('toolkit-mismatch', 'error', m('tkHomeTitle'), m('tkHomeCause', { torch: want }), evidence, [
      `# CUDA ${want}: conda install -c nvidia cuda-nvcc=${want} / or the runfile from developer.nvidia.com`,
      `export CUDA_HOME=/usr/local/cuda-${want}`, 'export PATH=$CUDA_HOME/bin:$PATH', 'nvcc --version',
    ]) };
  }
  if (nv && tc) {
    const vars = { nvcc: nv, torch: tc };
    evidence.push({ fact: m('evNvcc'), value: nv, source: det ? 'pasted:error message' : (ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted') }, { fact: 'torch.version.cuda', value: tc, source: ctx.torch?.pkg.location ?? 'pasted:error message' });
    const majorsDiffer = versionParts(nv)[0] !== versionParts(tc)[0];
    return { fit: det ? 2 : majorsDiffer ? 1.3 : 0.5, finding: finding('toolkit-mismatch', 'error', m('tkTitle', vars), m('tkCause', vars), evidence, [
      `conda install -c nvidia cuda-nvcc=${tc} cuda-cudart-dev=${tc}   # or the CUDA ${tc} toolkit from developer.nvidia.com`,
      `export CUDA_HOME=/usr/local/cuda-${tc}`, 'export PATH=$CUDA_HOME/bin:$PATH',
      `# or: ${pip(`torch --index-url https://download.pytorch.org/whl/${tagOf(nv)}`)}`,
    ]) };
  }
  // The check names torch's CUDA but the nvcc version is cut off or not pasted: still the same cause.
  if (det && tc) {
    const vars = { torch: tc };
    evidence.push({ fact: 'torch.version.cuda', value: tc, source: ctx.torch?.pkg.location ?? 'pasted:error message' });
    return { fit: 1.5, finding: finding('toolkit-mismatch', 'error', m('tkTitleNoNvcc', vars), m('tkCauseNoNvcc', vars), evidence, [
      'nvcc --version; echo $CUDA_HOME   # the toolkit the build uses',
      `export CUDA_HOME=/usr/local/cuda-${tc}   # install the CUDA ${tc} toolkit first, or: conda install -c nvidia cuda-nvcc=${tc}`,
      'export PATH=$CUDA_HOME/bin:$PATH',
      `# or install a torch built for the nvcc you have: pip install torch --index-url https://download.pytorch.org/whl/cu<nvcc>`,
    ]) };
  }
  if (has(events, 'no-kernel-image')) {
    const g = ctx.gpus[0];
    return { fit: 0.7, finding: finding('toolkit-mismatch', 'warning', m('tkExtTitle'), m('archExt', { cc: g?.cc ?? '<cc>' }), [...evidence, ...gpuEvidence(ctx)], [
      `TORCH_CUDA_ARCH_LIST="${g?.cc ?? '<cc>'}" pip install --no-build-isolation --force-reinstall --no-cache-dir <extension>`,
    ]) };
  }
  return undefined;
};

function safeSupports(cuda: string, cc: string): boolean {
  try {
    return toolkitSupportsCc(cuda, cc);
  } catch {
    return false;
  }
}

// ---- cpu-only-build -------------------------------------------------------------------------------------

/** "2.10" → "2.11" */
function bumpMinor(v: string): string {
  const [a, b] = versionParts(v);
  return `${a}.${(b ?? 0) + 1}`;
}

const cpuOnly: Explainer = (ctx, events) => {
  const t = ctx.torch;
  const evidence = [...lineEvidence(events), ...torchEvidence(ctx)];
  if (has(events, 'jax-cpu-fallback')) {
    return { fit: 1.4, finding: finding('cpu-only-build', 'error', m('cpuTitleGeneric'), m('cpuJax'), evidence, ['pip install -U "jax[cuda12]"', 'python -c "import jax; print(jax.devices())"']) };
  }
  if (has(events, 'tf-cpu-device-only', 'tf-cannot-dlopen', 'tf-no-cuda-drivers') || primary(events, 'cpu-only-build')) {
    const win = tfWindowsExplained(ctx, events);
    if (win) return win;
  }
  if (has(events, 'paddle-cpu-version')) {
    return { fit: 2, finding: finding('cpu-only-build', 'error', m('cpuPaddleTitle'), m('cpuPaddleCause'), evidence, [
      'pip uninstall -y paddlepaddle', 'pip install paddlepaddle-gpu   # the build for your CUDA: see https://www.paddlepaddle.org.cn/install/quick (postXXX / -f index)',
      'python -c "import paddle; paddle.utils.run_check()"',
    ]) };
  }
  if (has(events, 'tf-cannot-dlopen', 'tf-no-cuda-drivers')) {
    return { fit: 0.8, finding: finding('cpu-only-build', 'warning', m('cpuTitleGeneric'), m('cpuTf'), evidence, ['pip install "tensorflow[and-cuda]"']) };
  }
  const condaCpu = first(ctx.events, 'conda-cpu-build');
  const condaBuild = ctx.events.filter((e) => e.signature === 'conda-cpu-build').map((e) => e.groups.build).find(Boolean);
  if (condaCpu) evidence.push({ fact: m('evCondaBuild'), value: condaBuild ?? condaCpu.text.slice(0, 120), source: 'pasted' });
  const saysCpu = has(ctx.events, 'cpu-version-prose');
  const cpu = t?.cpuOnly === true || !!condaCpu || saysCpu;
  const choice = torchChoice(ctx).choice;
  const fix = choice
    ? ['pip uninstall -y torch torchvision torchaudio', pip(`torch==${choice.release.version} --index-url ${choice.variant.indexUrl}`)]
    : ['pip uninstall -y torch torchvision torchaudio', pip(`torch --index-url https://download.pytorch.org/whl/${driverMaxCuda(ctx.driver) && compareVersions(driverMaxCuda(ctx.driver)!, '12.8') < 0 ? 'cu118' : 'cu128'}`)];
  const wants = first(ctx.events, 'xformers-built-for')?.groups.built;
  const wantsTag = wants ? /\+(cu\d+)$/.exec(wants)?.[1] : undefined;
  if (wants && wantsTag) fix.splice(1, 1, pip(`torch==${wants.split('+')[0]} --index-url https://download.pytorch.org/whl/${wantsTag}   # the build xFormers was made for`));
  // aarch64 (Grace, Jetson-class servers): the plain PyPI wheel is the CPU build; CUDA wheels come from PyTorch's index.
  if (ctx.snapshot.os.arch?.value === 'aarch64' && (saysCpu || t?.cpuOnly)) {
    fix.splice(1, 0, pip('torch --index-url https://download.pytorch.org/whl/cu128   # aarch64: CUDA builds live on the PyTorch index, PyPI has the CPU build'));
    evidence.push({ fact: m('evArch'), value: 'aarch64', source: ctx.snapshot.os.arch.source });
  }
  fix.push('python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())"');
  // A conda environment: the build string says which variant the solver chose, and from which channel.
  if (has(ctx.events, 'conda-env-mention') || ctx.env?.packages.some((p) => p.installer === 'conda')) {
    fix.push('conda list "^pytorch$"   # build string cpu_* / *_cpu = CPU build; the channel column says where it came from (conda-forge, pytorch)',
      'conda install -c conda-forge "pytorch=*=cuda*"   # conda-forge\'s CUDA build (pick the variant explicitly)');
  }
  if (cpu || has(events, 'torch-not-compiled-cuda') || (saysCpu && t?.cuda)) {
    // A requested build ("pytorch==1.9.0 … cudatoolkit=11.1") that came out as CPU: name the release, not the request.
    const vars = { pkg: 'torch', version: t && t.version !== '?' ? (saysCpu && t.cuda ? t.version : t.pkg.version) : '' };
    return { fit: cpu ? 2 : t?.cuda ? 0.4 : 1.2, finding: finding('cpu-only-build', 'error', t ? m('cpuTitle', vars) : m('cpuTitleGeneric'), m('cpuCause', vars), evidence, fix) };
  }
  if (t?.cuda || !primary(events, 'cpu-only-build')) return undefined;
  return { fit: 0.8, finding: finding('cpu-only-build', 'warning', m('cpuTitleGeneric'), m('cpuCauseGeneric'), evidence, fix) };
};

/**
 * conda asked for a pytorch release with a cudatoolkit that release was never built for (pytorch=1.9.0
 * cudatoolkit=11.3): the solver falls back to the CPU build. The torch table knows each release's CUDA builds.
 */
export function condaNoSuchBuild(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  const t = ctx.torch;
  if (!t?.tag || t.version === '?' || !has(ctx.events, 'conda-env-mention')) return undefined;
  const rel = torchRelease(t.version);
  if (!rel || rel.cudaVariants.some((v) => v.tag === t.tag)) return undefined;
  const tags = rel.cudaVariants.map((v) => v.tag);
  const pick = [...rel.cudaVariants].sort((a, b) => compareVersions(b.cuda, a.cuda))[0];
  const vars = { version: rel.version, cuda: t.cuda ?? '?', builds: rel.cudaVariants.map((v) => `${v.tag} (CUDA ${v.cuda})`).join(', ') };
  return { fit: 1.8, finding: finding('cpu-only-build', 'error', m('cpuNoBuildTitle', vars), m('cpuNoBuildCause', vars), [...lineEvidence(events), { fact: m('evTorchBuilds'), value: tags.join(', '), source: rel.source }], [
    ...(pick ? [`conda install pytorch=${rel.version} cudatoolkit=${pick.cuda} -c pytorch -c conda-forge   # a CUDA this release was built for`, `# or pip: pip install torch==${rel.version}+${pick.tag} -f https://download.pytorch.org/whl/torch_stable.html`] : []),
    'conda list "^pytorch$"   # the build string must not say cpu',
  ]) };
}

/** nvidia-smi shows most of a GPU's memory in use and the paste talks about memory: held by someone else. */
export function gpuMemoryHeld(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  if (!has(ctx.events, 'memory-prose', 'torch-oom', 'cuda-oom-generic')) return undefined;
  // nvidia-smi's process table: who holds the memory, by PID.
  const procs = [...ctx.facts.gpuProcesses].sort((a, b) => b.mib - a.mib).filter((p) => p.mib >= 1024).slice(0, 4);
  if (procs.length) {
    const list = procs.map((p) => `PID ${p.pid} (${p.name}) ${p.mib}MiB on GPU ${p.gpu}`).join(', ');
    return { fit: 1.5, finding: finding('out-of-memory', 'error', m('oomProcsTitle', { list: procs.map((p) => `PID ${p.pid}`).join(', ') }), m('oomProcsCause', { list }), [...lineEvidence(events), { fact: m('evGpuProcesses'), value: list, source: 'pasted:nvidia-smi' }], [
      `ps -o pid,stat,etime,cmd -p ${procs.map((p) => p.pid).join(',')}   # stat T = stopped (Ctrl+Z), Z = zombie: it still holds its GPU memory`,
      `kill ${procs.map((p) => p.pid).join(' ')}   # or kill -9; a stopped job: kill -CONT first or fg then Ctrl+C`,
      'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv',
    ]) };
  }
  const g = ctx.snapshot.gpus.find((x) => x.memory.totalBytes && x.memory.usedBytes && x.memory.usedBytes / x.memory.totalBytes >= 0.5);
  if (!g?.memory.totalBytes || !g.memory.usedBytes) return undefined;
  const mib = (b: number) => `${Math.round(b / 1048576)}MiB`;
  const vars = { used: mib(g.memory.usedBytes), total: mib(g.memory.totalBytes), gpu: `GPU ${g.index} (${g.name})`, procs: '' };
  return { fit: 1.4, finding: finding('out-of-memory', 'error', m('oomHeldTitle', vars), m('oomHeldCause', vars), [...lineEvidence(events), { fact: 'nvidia-smi', value: `${vars.used} / ${vars.total}`, source: g.source }], [
    'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv',
    'sudo fuser -v /dev/nvidia*   # every process holding the GPU, also those nvidia-smi cannot name (containers, zombies)',
    'sudo kill <pid>   # or stop the container; then nvidia-smi shows the memory free again',
    '# choose a free GPU: CUDA_VISIBLE_DEVICES=<index> <your command>',
  ]) };
}

/**
 * Before TF 2.1 `tensorflow` was the CPU build and `tensorflow-gpu` the GPU one; both installed (conda-forge's CPU
 * `tensorflow` next to defaults' `tensorflow-gpu`, or pip's next to conda's): `import tensorflow` may get the CPU one.
 */
export function tfCpuNextToGpu(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  const pkgs = ctx.env?.packages ?? [];
  const cpu = pkgs.find((p) => p.name === 'tensorflow');
  const gpu = pkgs.find((p) => p.name === 'tensorflow-gpu');
  if (!cpu || !gpu || compareVersions(cpu.version, '2.1') >= 0) return undefined;
  const vars = { cpu: cpu.version, gpu: gpu.version };
  return { fit: 2, finding: finding('cpu-only-build', 'error', m('cpuTfBothTitle', vars), m('cpuTfBothCause', vars), [...lineEvidence(events), { fact: 'tensorflow', value: cpu.version, source: cpu.location }, { fact: 'tensorflow-gpu', value: gpu.version, source: gpu.location }], [
    'conda list | grep -i tensorflow   # the channel column: conda-forge\'s tensorflow < 2.1 is CPU-only', `conda remove --force tensorflow   # keep tensorflow-gpu ${gpu.version}`,
    `conda install tensorflow-gpu=${gpu.version} -c defaults   # one channel for the whole stack (conda config --set channel_priority strict)`,
    'python -c "import tensorflow as tf; print(tf.test.is_gpu_available())"',
  ]) };
}

/**
 * TensorFlow newer than the last release with GPU support on native Windows, on native Windows: a CPU-only build
 * whatever the message. The facts alone establish it, so `explain` also calls this without any event.
 */
export function tfWindowsExplained(ctx: ExplainContext, events: ErrorEvent[]): Explained | undefined {
  const tfPkg = ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu');
  const lastWin = tfPkg ? tfWindowsNoGpu(ctx, tfPkg.version) : undefined;
  if (!tfPkg || !lastWin) return undefined;
  const vars = { version: tfPkg.version, last: lastWin };
  return { fit: 2, finding: finding('cpu-only-build', 'error', m('cpuTfWinTitle', vars), m('cpuTfWinCause', vars), [...lineEvidence(events), { fact: 'tensorflow', value: tfPkg.version, source: tfPkg.location }, { fact: 'OS', value: 'Windows (native)', source: ctx.snapshot.os.id?.source ?? 'pasted' }], [
    '# WSL2 (recommended): wsl --install, then inside Ubuntu:', 'pip install "tensorflow[and-cuda]"',
    `# or stay on native Windows with the last GPU release: pip install "tensorflow<${bumpMinor(lastWin)}"   # ${lastWin}, with CUDA 11.2 and cuDNN 8.1`,
  ]) };
}

// ---- library-not-found / cudnn-mismatch / framework-cuda-mismatch --------------------------------------------

interface MissingLib {
  name: string;
  kind: 'cudnn' | 'cuda' | 'driver' | 'dll-cuda' | 'dll-cudnn' | 'other';
  major: string | undefined;
  component: string;
}

function classify(lib: string): MissingLib {
  let r: RegExpExecArray | null;
  if ((r = /^libcudnn\w*\.so\.(\d+)/.exec(lib))) return { name: lib, kind: 'cudnn', major: r[1], component: 'cuDNN' };
  if ((r = /^cudnn\w*64_(\d+)\.dll$/i.exec(lib))) return { name: lib, kind: 'dll-cudnn', major: r[1], component: 'cuDNN' };
  if (/\.dll$/i.test(lib)) return { name: lib, kind: 'dll-cuda', major: dllCuda(lib), component: /^(\w+?)64/.exec(lib)?.[1] ?? 'CUDA' };
  if (/^lib(cuda|nvidia-ml)\.so/.test(lib)) return { name: lib, kind: 'driver', major: undefined, component: 'driver' };
  if ((r = /^lib(cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink|nvToolsExt|cupti|nccl)\.so\.(\d+)(?:\.(\d+))?/.exec(lib))) {
    return { name: lib, kind: 'cuda', major: r[3] !== undefined && r[1] === 'cudart' ? `${r[2]}.${r[3]}` : r[2], component: r[1]! };
  }
  return { name: lib, kind: 'other', major: undefined, component: 'library' };
}

function missingLibs(ctx: ExplainContext): MissingLib[] {
  return ctx.facts.missingLibraries.map((f) => classify(f.value)).filter((l) => l.kind !== 'other' || /cuda|cudnn|nccl|nv/i.test(l.name));
}

function cudnnPresent(ctx: ExplainContext): string | undefined {
  const lib = ctx.snapshot.libraries.find((l) => l.name === 'cudnn' && l.version);
  if (lib?.version) return lib.version.value;
  const p = ctx.env?.packages.find((x) => /^nvidia-cudnn-cu\d+$/.test(x.name) || x.name === 'cudnn');
  if (p) return p.version;
  if (ctx.torch && ctx.torch.version !== '?' && compareVersions(ctx.torch.version, '2.4.0') >= 0 && ctx.torch.cuda) return '9 (bundled with torch >= 2.4)';
  return undefined;
}

const libraryNotFound: Explainer = (ctx, events) => {
  const libs = missingLibs(ctx);
  const lib = libs[0];
  const evidence = [...lineEvidence(events)];
  if (!lib) {
    if (has(events, 'tf-no-cuda-drivers', 'tf-cannot-dlopen')) {
      const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow');
      return { fit: 1.2, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'CUDA libraries' }), m('cpuTf'), evidence, [
        pip(`"tensorflow[and-cuda]${tf ? `==${tf.version}` : ''}"`), 'python -c "import tensorflow as tf; print(tf.config.list_physical_devices(\'GPU\'))"',
      ]) };
    }
    const sym = first(events, 'cudnn-cannot-load-symbol');
    if (sym) {
      return { fit: 1.2, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'cuDNN' }), m('libCudnnSymbol', { symbol: sym.groups.symbol ?? 'cudnn…' }), evidence, [
        'pip list 2>/dev/null | grep -i nvidia-cudnn   # the cuDNN wheel torch/onnxruntime/ctranslate2 uses',
        `export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__) + "/lib")'):$LD_LIBRARY_PATH`,
        'ldconfig -p | grep libcudnn',
      ]) };
    }
    if (has(events, 'bnb-cpu-library')) {
      return { fit: 1, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'CUDA runtime (bitsandbytes)' }), m('libBnbCpu'), evidence, [
        'python -c "import torch; print(torch.cuda.is_available(), torch.version.cuda)"   # no GPU here? then bitsandbytes cannot use CUDA either',
        'pip install -U bitsandbytes', 'python -m bitsandbytes',
      ]) };
    }
    if (has(events, 'bnb-cuda-setup')) return { fit: 1, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'libcudart (bitsandbytes)' }), m('libWhyNotFound'), evidence, ['pip install -U bitsandbytes', 'python -m bitsandbytes']) };
    if (has(events, 'winerror-126')) return { fit: 1, finding: finding('library-not-found', 'error', m('libTitle', { lib: 'DLL' }), m('libWhyNotFound'), evidence, ['# https://aka.ms/vs/17/release/vc_redist.x64.exe', pip('--force-reinstall torch --index-url https://download.pytorch.org/whl/cu128')]) };
    return undefined;
  }
  evidence.push(...libs.slice(0, 3).map((l) => ({ fact: m('evMissing'), value: l.name, source: ctx.facts.missingLibraries.find((f) => f.value === l.name)?.source ?? 'pasted' })));
  const have = cudnnPresent(ctx);
  const what = lib.kind === 'cudnn' || lib.kind === 'dll-cudnn' ? m('libWhatCudnn', { major: lib.major ?? '?' }) : lib.kind === 'driver' ? m('libWhatDriver') : lib.kind === 'other' ? m('libWhatOther') : m('libWhatCuda', { major: lib.major ?? '?', component: lib.component });
  const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu');
  const tfRel = tf ? tfPipRelease(tf.version) : undefined;
  let why = m('libWhyNotFound');
  if (tfRel && has(events, 'tf-could-not-load')) why = m('libWhyTf', { tf: tfRel.version, cuda: tfRel.cuda, cudnn: tfRel.cudnn }) + ' ' + why;
  if (lib.kind.startsWith('dll')) why = m('libWhyDll', { cuda: lib.major ?? '?' }) + ' ' + why;
  const fix: string[] = [];
  const cudaMajor = Number(String(lib.major ?? '12').split('.')[0]) || 12;
  if (lib.kind === 'cudnn') {
    const cuda = ctx.torch?.cuda ? versionParts(ctx.torch.cuda)[0] : lib.major === '8' ? 12 : cudaMajor;
    fix.push(`# ${m('libFixInstall')}`, pip(`"nvidia-cudnn-cu${cuda === 11 ? 11 : 12}==${lib.major === '8' ? '8.9.*' : `${lib.major}.*`}"`),
      `# ${m('libFixPath')}`, `export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__) + "/lib")'):$LD_LIBRARY_PATH`);
  } else if (lib.kind === 'cuda') {
    const wheel = wheelForSoname(lib.name, cudaMajor);
    if (tfRel) fix.push(pip(`"tensorflow[and-cuda]==${tfRel.version}"`));
    else if (wheel) fix.push(`# ${m('libFixInstall')}`, pip(wheel));
    fix.push(`# ${m('libFixPath')}`, 'ldconfig -p | grep ' + lib.name.split('.so')[0], `export LD_LIBRARY_PATH=/usr/local/cuda-${lib.major?.includes('.') ? lib.major : `${cudaMajor}`}/lib64:$LD_LIBRARY_PATH`);
  } else if (lib.kind === 'dll-cuda' || lib.kind === 'dll-cudnn') {
    fix.push(`# ${m('libFixInstall')}: CUDA ${lib.major ?? '?'} (developer.nvidia.com/cuda-toolkit-archive)${lib.kind === 'dll-cudnn' ? ` + cuDNN ${lib.major}` : ''}`, `set PATH=C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v${lib.major?.includes('.') ? lib.major : `${lib.major}.x`}\\bin;%PATH%`);
  } else if (lib.kind === 'driver' && has(events, 'ld-cannot-find')) {
    // Linking (-lcuda) needs the unversioned libcuda.so: the driver ships libcuda.so.1, the toolkit a stub.
    why = m('libWhyLink', { lib: lib.name });
    fix.push('ls -l /usr/lib/x86_64-linux-gnu/libcuda.so* /usr/lib64/libcuda.so* 2>/dev/null', 'sudo ln -s libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so   # the link name the linker looks for',
      'export LIBRARY_PATH=/usr/local/cuda/lib64/stubs:$LIBRARY_PATH   # or link against the toolkit\'s stub (build time only)');
  } else if (lib.kind === 'driver') {
    fix.push(ctx.snapshot.os.wsl?.value ? 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH' : 'nvidia-smi', '# docker: docker run --gpus all …');
  }
  const cudnnConflict = (lib.kind === 'cudnn' || lib.kind === 'dll-cudnn') && have && !have.startsWith(lib.major ?? '?');
  if (has(events, 'bnb-no-libcudart', 'bnb-cpu-library')) fix.push(`# ${m('libBnb')}`, 'python -c "import torch; print(torch.version.cuda)"', 'pip install -U bitsandbytes', 'python -m bitsandbytes');
  const loadedButBroken = has(events, 'lib-undefined-symbol-path');
  // A CUDA runtime of another version than torch's build: an extension for another CUDA (framework-cuda-mismatch), not a path problem.
  const toolkitCuda = ctx.snapshot.toolkits[0]?.version?.value;
  const otherCuda = lib.kind === 'cuda' && lib.major && ((ctx.torch?.cuda && ctx.torch.tag && cudaDiffers(lib.major, ctx.torch.cuda)) || (toolkitCuda && versionParts(lib.major)[0] !== versionParts(toolkitCuda)[0]));
  const fit = loadedButBroken || otherCuda ? 0.4 : cudnnConflict ? 0.7 : lib.kind === 'driver' ? (has(events, 'ld-cannot-find') ? 1.3 : inWsl(ctx) ? 0.3 : 0.6) : 1.3;
  if (cudnnConflict) why = m('libWhyCudnn9', { have, major: lib.major ?? '?' }) + ' ' + why;
  return { fit, finding: finding('library-not-found', 'error', m('libTitle', { lib: lib.name }), m('libCause', { lib: lib.name, what, why }), evidence, fix) };
};

const cudnnMismatch: Explainer = (ctx, events) => {
  if (has(events, 'ort-provider-load')) return onnxruntimeExplained(ctx, events, 'cudnn-mismatch');
  const evidence = [...lineEvidence(events)];
  const incompat = first(events, 'torch-cudnn-incompat', 'torch-cudnn-linked', 'tf-cudnn-loaded', 'jax-cudnn-version', 'cudnn-feature-min', 'cudnn-compiled-runtime', 'paddle-cudnn');
  if (incompat && (incompat.groups.found || incompat.groups.built || incompat.groups.min)) {
    // JAX's "Outdated cuDNN" block names the minimum it needs; that is the version to ask for.
    const built = (incompat.groups.min ?? incompat.groups.built ?? '').replace(/,\s*/g, '.');
    const found = ctx.facts.cudnnRuntime?.value ?? (incompat.groups.found ? (/^\d{4,5}$/.test(incompat.groups.found) ? cudnnNumber(incompat.groups.found) : incompat.groups.found.replace(/,\s*/g, '.')) : undefined) ?? m('unknownLoaded');
    const want = /^\d{4,5}$/.test(built) ? cudnnNumber(built).replace(/\.0$/, '') : built || m('unknownBuild');
    // Every pair the messages name, as printed (TF 1.x prints 5103 for 5.1.3): a rebuild can change one side.
    const pairs = [...new Set(events.filter((e) => e.groups.found || e.groups.built).map((e) => `${e.groups.found ?? '?'} vs ${e.groups.built ?? e.groups.min ?? '?'}`))];
    if (pairs.length) evidence.push({ fact: m('evCudnnPairs'), value: pairs.slice(0, 4).join('; '), source: 'pasted:error message' });
    return { fit: 2, finding: finding('cudnn-mismatch', 'error', m('cudnnTitle', { have: found, want }), m('cudnnCause', { have: found, want, why: m('cudnnWhyOlder') }), evidence, [
      'echo $LD_LIBRARY_PATH', '# remove folders with an older libcudnn from LD_LIBRARY_PATH, then:', 'unset LD_LIBRARY_PATH',
      'python -c "import torch; print(torch.backends.cudnn.version())"',
    ]) };
  }
  const lib = missingLibs(ctx).find((l) => l.kind === 'cudnn' || l.kind === 'dll-cudnn');
  const have = cudnnPresent(ctx);
  if (lib && have && !have.startsWith(lib.major ?? '?')) {
    evidence.push({ fact: m('evMissing'), value: lib.name, source: 'pasted' }, { fact: m('evCudnn'), value: have, source: ctx.snapshot.libraries.find((l) => l.name === 'cudnn')?.version?.source ?? 'pasted' });
    const vars = { have, want: lib.major ?? '?', why: lib.major === '8' ? m('cudnnWhy8vs9') : m('cudnnWhyOlder') };
    return { fit: 1.8, finding: finding('cudnn-mismatch', 'error', m('cudnnTitle', vars), m('cudnnCause', vars), evidence, [
      pip(`"nvidia-cudnn-cu12==${lib.major === '8' ? '8.9.7.29' : `${lib.major}.*`}"`),
      `export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__) + "/lib")'):$LD_LIBRARY_PATH`,
      '# or upgrade the program to a build for cuDNN ' + (have.split('.')[0] ?? have),
    ]) };
  }
  if (lib && lib.major === '8' && /ops_infer|cnn_infer|adv_infer/.test(lib.name)) {
    const vars = { have: '9?', want: '8', why: m('cudnnWhy8vs9') };
    return { fit: 0.9, finding: finding('cudnn-mismatch', 'error', m('cudnnTitle', vars), m('cudnnCause', vars), [...evidence, { fact: m('evMissing'), value: lib.name, source: 'pasted' }], [pip('"nvidia-cudnn-cu12==8.9.7.29"')]) };
  }
  if (has(events, 'dnn-library-not-found', 'cudnn-status-error', 'jax-backend-failed', 'jax-cudnn-version')) {
    const have = ctx.facts.cudnnRuntime?.value;
    return { fit: 0.8, finding: finding('cudnn-mismatch', 'error', have ? m('cudnnTitleHave', { have }) : m('cudnnTitleGeneric'), m('cudnnCauseGeneric', { have: have ? ` (${have} loads here)` : '' }), evidence, [
      'pip install -U "jax[cuda12]"  # or the framework\'s own CUDA extra', 'unset LD_LIBRARY_PATH',
    ]) };
  }
  return undefined;
};

const frameworkCudaMismatch: Explainer = (ctx, events) => {
  const ort = onnxruntimeExplained(ctx, events, 'framework-cuda-mismatch');
  if (ort) return ort;
  const evidence = [...lineEvidence(events)];
  const jax = first(events, 'jax-cuda-version');
  if (jax) {
    const vars = { built: cudaNumber(jax.groups.built ?? '0'), found: cudaNumber(jax.groups.found ?? '0') };
    return { fit: 2, finding: finding('framework-cuda-mismatch', 'error', m('fcmTitle', { pkg: 'jaxlib', version: ctx.env?.packages.find((p) => p.name === 'jaxlib')?.version ?? '', want: vars.built, have: vars.found }), m('fcmJax', vars), evidence, ['pip install -U "jax[cuda12]"', 'unset LD_LIBRARY_PATH']) };
  }
  const xf = first(events, 'xformers-built-for');
  if (xf?.groups.built && xf.groups.have) {
    const built = xf.groups.built, have = xf.groups.have;
    // xFormers prints CUDA as major*100+minor: 1201 = 12.1, 1108 = 11.8.
    const cuda = xf.groups.cuda ? `${Math.floor(Number(xf.groups.cuda) / 100)}.${Number(xf.groups.cuda) % 100}` : '?';
    const haveTag = /\+(cu\d+)$/.exec(have)?.[1];
    const builtTag = /\+(cu\d+)$/.exec(built)?.[1];
    const vars = { ext: 'xFormers', built, have, cuda };
    evidence.push({ fact: m('evTorch'), value: have, source: 'pasted:error message' });
    // The installed torch is a CPU build: that is the root cause, not xFormers (cpu-only-build says so).
    const cpu = /\+cpu$/.test(have);
    const torchFix = pip(`torch==${built.split('+')[0]} --index-url https://download.pytorch.org/whl/${builtTag ?? 'cu128'}`);
    const xfFix = pip(`-U xformers --index-url https://download.pytorch.org/whl/${haveTag ?? builtTag ?? 'cu128'}   # the xformers build for the installed torch ${have}`);
    return { fit: cpu ? 0.4 : 2, finding: finding('framework-cuda-mismatch', 'error', m('fcmExtTitle', vars), m('fcmExtCause', vars), evidence, [
      ...(cpu ? [torchFix] : [xfFix, `# or: ${torchFix}`]), 'python -m xformers.info',
    ]) };
  }
  const tv = first(events, 'torchvision-cuda-differs', 'torchvision-op-missing');
  if (tv) {
    const t = ctx.torch;
    const what = tv.groups.op ? `torchvision::${tv.groups.op}` : `torch CUDA ${tv.groups.torch ?? '?'} vs torchvision CUDA ${tv.groups.vision ?? '?'}`;
    const tag = tv.groups.torch ? tagOf(tv.groups.torch) : (t?.tag ?? 'cu128');
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmVisionTitle'), m('fcmVisionCause', { what }), [...evidence, ...torchEvidence(ctx)], [
      'pip list 2>/dev/null | grep -iE "^(torch|torchvision|torchaudio) "',
      pip(`--force-reinstall torch${t && t.version !== '?' ? `==${t.version}` : ''} torchvision torchaudio --index-url https://download.pytorch.org/whl/${tag}`),
    ]) };
  }
  // CUDA library packages of another major than the framework's build (conda's nvidia channel pulling libcusparse 12
  // under pytorch-cuda=11.7, pip nvidia-*-cu12 under a cu118 torch).
  const tcuda = ctx.torch?.cuda;
  const foreign = tcuda ? (ctx.env?.packages ?? []).filter((p) => foreignCudaLib(p.name, p.version, tcuda)) : [];
  if (foreign.length && tcuda && has(events, 'undefined-symbol-version', 'undefined-symbol-torch', 'lib-undefined-symbol-path', 'symbol-version-not-defined')) {
    const list = foreign.slice(0, 4).map((p) => `${p.name} ${p.version}`).join(', ');
    const vars = { list, cuda: tcuda, torch: torchLabel(ctx) ?? `torch (CUDA ${tcuda})` };
    return { fit: 2, finding: finding('framework-cuda-mismatch', 'error', m('fcmLibsTitle', vars), m('fcmLibsCause', vars), [...evidence, ...torchEvidence(ctx), { fact: m('evForeignLibs'), value: list, source: foreign[0]!.location }], [
      `conda install ${foreign.slice(0, 4).map((p) => `${p.name}=${versionParts(tcuda)[0]}`).join(' ')} -c nvidia   # the CUDA ${versionParts(tcuda)[0]} builds of these libraries`,
      `# or pin them through the CUDA version package: conda install "cuda-version=${tcuda}" -c nvidia`,
      'conda list | grep -iE "cublas|cusparse|cufft|curand|cusolver|nvjitlink"',
    ]) };
  }
  const cudf = first(events, 'cudf-mvc');
  if (cudf?.groups.tkMajor) {
    const vars = { tk: `${cudf.groups.tkMajor}.${cudf.groups.tkMinor}`, dr: `${cudf.groups.drMajor}.${cudf.groups.drMinor}` };
    const floor = floorsFor(vars.tk).full ?? '?';
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmCudfTitle', vars), m('fcmCudfCause', { ...vars, floor }), [...evidence, ...driverEvidence(ctx)], [
      `conda install -c rapidsai -c conda-forge -c nvidia "cuda-version=${vars.dr}"   # CUDA packages no newer than the driver's ${vars.dr}`,
      `# or upgrade the driver to >= ${floor} (CUDA ${vars.tk})`,
      'python -c "import cudf; print(cudf.__version__)"',
    ]) };
  }
  const bnb = first(events, 'bnb-no-binary');
  if (bnb?.groups.cuda) {
    const v = bnb.groups.cuda;
    const vars = { lib: bnb.groups.lib ?? `libbitsandbytes_cuda${v}.so`, cuda: `${v.slice(0, -1)}.${v.slice(-1)}`, code: v };
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmBnbTitle', vars), m('fcmBnbCause', vars), evidence, [
      'pip install -U bitsandbytes   # releases from 0.43 ship one multi-CUDA build', 'python -m bitsandbytes',
      `# or build this CUDA's binary: git clone https://github.com/bitsandbytes-foundation/bitsandbytes && cd bitsandbytes && CUDA_VERSION=${v} make cuda${v.slice(0, 2)}x && python setup.py install`,
      `# or point it at an installed CUDA it has a binary for: export BNB_CUDA_VERSION=<e.g. 121>`,
    ]) };
  }
  const sym = first(events, 'undefined-symbol-torch');
  if (sym) {
    const lib = sym.groups.lib ?? '?';
    return { fit: 1.2, finding: finding('framework-cuda-mismatch', 'error', m('fcmGeneric'), m('fcmSymbolCause', { lib, symbol: (sym.groups.symbol ?? '').slice(0, 60) }), evidence, [
      `pip install --force-reinstall --no-cache-dir ${/vision/.test(lib) ? 'torchvision' : '<extension>'}   # built for the installed torch${ctx.torch?.version ? ` ${ctx.torch.pkg.version}` : ''}`,
    ]) };
  }
  const lib = missingLibs(ctx).find((l) => l.kind === 'cuda' || l.kind === 'dll-cuda');
  // A CUDA runtime of another version than torch's: an extension built for another CUDA (mmcv-full for cu102 under torch+cu111).
  const tc = ctx.torch?.cuda;
  if (lib?.major && lib.kind === 'cuda' && tc && ctx.torch?.tag && cudaDiffers(lib.major, tc)) {
    const vars = { lib: lib.name, want: lib.major, torch: torchLabel(ctx) ?? `torch (CUDA ${tc})`, tag: ctx.torch.tag, cuda: tc };
    return { fit: 1.8, finding: finding('framework-cuda-mismatch', 'error', m('fcmExtLibTitle', vars), m('fcmExtLibCause', vars), [...evidence, ...torchEvidence(ctx)], [
      'python -c "import torch; print(torch.__version__, torch.version.cuda)"',
      `# reinstall the package that needs ${lib.name} as its build for ${vars.tag} (torch ${ctx.torch.version}), e.g. mmcv: pip install mmcv-full -f https://download.openmmlab.com/mmcv/dist/${vars.tag}/torch${versionParts(ctx.torch.version).slice(0, 2).join('.')}/index.html`,
      `pip install --force-reinstall --no-cache-dir --no-build-isolation <package>   # or build it from source against torch's CUDA ${tc}`,
    ]) };
  }
  const installed = ctx.snapshot.toolkits[0]?.version?.value ?? ctx.driver?.cuda ?? undefined;
  const tf = ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu');
  const tfRow = tf ? tensorflowRelease(tf.version) : undefined;
  const tfRel = tf ? tfPipRelease(tf.version) : undefined;
  const tfWant = tfRow?.cuda;
  if (lib?.major && installed && cudaDiffers(lib.major, installed)) {
    const pkg = tf ? 'tensorflow' : (ctx.torch ? 'torch' : 'the program');
    const version = tfRel?.version ?? tf?.version ?? ctx.torch?.pkg.version ?? '';
    const vars = { pkg, version, want: tfWant ?? lib.major, have: installed, lib: lib.name };
    return { fit: 1.6, finding: finding('framework-cuda-mismatch', 'error', m('fcmTitle', vars), m('fcmCause', vars), [...evidence, { fact: m('evNvcc'), value: installed, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' }], [
      tfRel ? pip(`"tensorflow[and-cuda]==${tfRel.version}"`) : `# install CUDA ${lib.major} (or a build of ${pkg} for CUDA ${installed})`,
    ]) };
  }
  // TensorFlow <= 2.13 loads the system CUDA: it sees only the CPU when the toolkit is not the one its build wants.
  if (tf && tfWant && installed && has(events, 'tf-cpu-device-only', 'tf-cannot-dlopen') && cudaDiffers(tfWant, installed) && !tfWindowsNoGpu(ctx, tf.version)) {
    const vars = { pkg: 'tensorflow', version: tf.version, want: tfWant, have: installed, lib: `libcudart.so.${tfWant}` };
    const cudnn = tfRow?.cudnn;
    return { fit: 1.7, finding: finding('framework-cuda-mismatch', 'error', m('fcmTitle', vars), m('fcmTfCause', { ...vars, cudnn: cudnn ?? '?' }), [...evidence, { fact: m('evNvcc'), value: installed, source: ctx.snapshot.toolkits[0]?.version?.source ?? 'pasted' }, { fact: 'tensorflow', value: tf.version, source: tf.location }], [
      `# install CUDA ${tfWant}${cudnn ? ` and cuDNN ${cudnn}` : ''} (the build of tensorflow ${tf.version}) and put its bin/lib64 on PATH / LD_LIBRARY_PATH`,
      `# or a tensorflow release built for CUDA ${installed} (https://www.tensorflow.org/install/source#gpu)`,
      'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info()); print(tf.config.list_physical_devices())"',
    ]) };
  }
  if (has(events, 'undefined-symbol-nvjitlink')) {
    const t = ctx.torch;
    return { fit: 0.7, finding: finding('framework-cuda-mismatch', 'error', m('fcmGeneric'), m('fcmGeneric'), evidence, [
      `pip install --force-reinstall torch${t && t.version !== '?' ? `==${t.version}` : ''} --index-url https://download.pytorch.org/whl/${t?.tag ?? 'cu128'}`,
    ]) };
  }
  return undefined;
};

/**
 * The TensorFlow row whose fixes are pip installs (`tensorflow[and-cuda]==…`): builds for CUDA 11 and later (TF 2.4 on).
 * Older releases load a system CUDA 9/10 (sonames with major.minor, no nvidia-* wheels): their row gives only the CUDA
 * and cuDNN to install.
 */
function tfPipRelease(version: string): TensorflowRelease | undefined {
  const r = tensorflowRelease(version);
  return r && compareVersions(r.cuda, '11') >= 0 ? r : undefined;
}

/** A CUDA library package (conda "libcusparse 12.0.0.76", pip "nvidia-cusparse-cu12") of another CUDA major than `cuda`. */
function foreignCudaLib(name: string, version: string, cuda: string): boolean {
  const major = versionParts(cuda)[0];
  const pip = /^nvidia-(?:cublas|cusparse|cufft|curand|cusolver|cuda-runtime|cuda-nvrtc|nvjitlink)-cu(\d{2})$/.exec(name);
  if (pip) return Number(pip[1]) !== major;
  // conda's nvidia channel versions these libraries by their own numbering (libcusparse 11.7.x for CUDA 11.7, 12.x for 12.0):
  // the first number follows the CUDA major for cublas/cusparse/cusolver/nvjitlink.
  if (/^lib(?:cublas|cusparse|cusolver|nvjitlink)(?:-dev)?$/.test(name)) return versionParts(version)[0] !== major;
  return false;
}

/** Before CUDA 11 the sonames carry major.minor (libcudart.so.10.1): a different minor is another library. From 11 on, the major. */
function cudaDiffers(want: string, have: string): boolean {
  const [wa, wb] = versionParts(want);
  const [ha, hb] = versionParts(have);
  if (wa !== ha) return true;
  return (wa ?? 0) < 11 && wb !== undefined && hb !== undefined && wb !== hb;
}

/** TensorFlow newer than the last release with GPU support on native Windows, on native Windows (not WSL). */
function tfWindowsNoGpu(ctx: ExplainContext, version: string): string | undefined {
  if (ctx.snapshot.os.id?.value !== 'windows' || ctx.snapshot.os.wsl?.value === true) return undefined;
  const last = [...tensorflowReleases()].filter((r) => r.windowsNativeGpu).at(-1);
  if (!last || compareVersions(version, last.version) <= 0) return undefined;
  return last.version.split('.').slice(0, 2).join('.');
}

// ---- shadowing ------------------------------------------------------------------------------------------

const libraryShadowing: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events)];
  const ld = ctx.snapshot.env.LD_LIBRARY_PATH;
  if (ld) evidence.push({ fact: 'LD_LIBRARY_PATH', value: ld, source: 'pasted' });
  if (has(events, 'stub-library')) {
    return { fit: ld && /stubs/.test(ld) ? 2 : 1.1, finding: finding('library-shadowing', 'error', m('shStubTitle'), m('shStubCause'), evidence, [
      'echo $LD_LIBRARY_PATH | tr : "\\n" | grep -n stubs', '# remove every */stubs folder from LD_LIBRARY_PATH', 'ldconfig -p | grep libcuda.so.1',
    ]) };
  }
  const twoCopies = first(events, 'symbol-version-not-defined', 'undefined-symbol-version');
  const foreignPkgs = ctx.torch?.cuda ? (ctx.env?.packages ?? []).some((p) => foreignCudaLib(p.name, p.version, ctx.torch!.cuda!)) : false;
  if (twoCopies?.groups.soname && foreignPkgs) return undefined;
  if (twoCopies?.groups.soname) {
    const vars = { symbol: twoCopies.groups.symbol ?? '?', lib: twoCopies.groups.soname, file: twoCopies.groups.file ?? twoCopies.groups.soname };
    return { fit: ld ? 2 : 1.6, finding: finding('library-shadowing', 'error', m('shTwoTitle', vars), m('shTwoCause', vars), evidence, [
      `python -c "import ctypes; ctypes.CDLL('${vars.lib}')"; grep ${vars.lib.split('.so')[0]} /proc/$(pgrep -n python)/maps   # which copy loads`,
      `find / -name '${vars.lib}*' 2>/dev/null   # every copy: pip (site-packages/nvidia/*/lib), conda (envs/*/lib, pkgs/cudatoolkit-*), /usr/local/cuda*/lib64`,
      'echo $LD_LIBRARY_PATH   # drop the folder of the other copy, or put site-packages/nvidia/<pkg>/lib first',
      'conda list | grep -iE "cudatoolkit|cublas|cudnn"; pip list 2>/dev/null | grep -i nvidia-   # one source for the CUDA libraries, not both',
    ]) };
  }
  const fromPath = first(events, 'lib-undefined-symbol-path', 'ld-debug-loaded-from');
  if (fromPath?.groups.path) {
    const vars = { lib: fromPath.groups.soname ?? 'library', path: fromPath.groups.path };
    evidence.push({ fact: m('evLoadedFrom'), value: `${vars.path}/${vars.lib}`, source: 'pasted:error message' });
    return { fit: 2, finding: finding('library-shadowing', 'error', m('shPathTitle', vars), m('shPathCause', vars), evidence, [
      'echo $LD_LIBRARY_PATH', `unset LD_LIBRARY_PATH   # or drop ${vars.path} from LD_LIBRARY_PATH`, `grep -r "${vars.path}" /etc/ld.so.conf.d/ 2>/dev/null`,
      'python -c "import torch; print(torch.backends.cudnn.version())"',
    ]) };
  }
  const sym = first(events, 'undefined-symbol-nvjitlink');
  const cud = first(events, 'torch-cudnn-incompat', 'torch-cudnn-linked') ?? (ld ? first(events, 'tf-cudnn-loaded') : undefined);
  if (!sym && !cud) {
    // No message that names a library, but LD_LIBRARY_PATH is set and something GPU-related fails: the usual suspect.
    if (!ld || ctx.events.length === 0) return undefined;
    const dirs = ld.split(':').filter((d) => d && !d.startsWith('$')).slice(0, 4).join(', ') || ld;
    return { fit: 1, finding: finding('library-shadowing', 'warning', m('shLdTitle'), m('shLdCause', { ld, dirs }), evidence, [
      'env -u LD_LIBRARY_PATH nvidia-smi   # works without it? then LD_LIBRARY_PATH is the cause',
      `for d in ${dirs.replace(/, /g, ' ')}; do ls $d/libcuda.so* $d/libnvidia-ml.so* $d/libcudnn*.so* 2>/dev/null; done`,
      'unset LD_LIBRARY_PATH   # and remove the export from ~/.bashrc; link your program with -L/-rpath instead',
    ]) };
  }
  const symbol = sym?.groups.symbol ?? 'cudnn';
  return { fit: ld ? 1.8 : 1.3, finding: finding('library-shadowing', 'error', m('shTitle'), m('shCause', { symbol, ld: ld ?? '/usr/local/cuda/lib64 …' }), evidence, [
    'echo $LD_LIBRARY_PATH', 'unset LD_LIBRARY_PATH   # or drop /usr/local/cuda*/lib64 from it', 'python -c "import torch; print(torch.cuda.is_available())"',
  ]) };
};

const forwardCompat: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx), ...driverEvidence(ctx)];
  const g = ctx.gpus[0];
  const is804 = has(events, 'compat-not-supported', 'cuda-error-804-prose');
  // The image's / toolkit's CUDA names the cuda-compat package: nvidia/cuda:11.3.1 → cuda-compat-11-3.
  const imageCuda = ctx.facts.toolkitMentions.find((t) => t.source === 'pasted:image')?.value ?? ctx.snapshot.toolkits[0]?.version?.value;
  const compatPkg = imageCuda ? `cuda-compat-${versionParts(imageCuda).slice(0, 2).join('-')}` : undefined;
  // Driver-shaped versions in the lines (host libcuda 570.133.20 vs compat 570.124.06) and the parsed driver.
  const versions = [...new Set([...(ctx.driver?.version ? [ctx.driver.version] : []), ...events.flatMap((e) => e.text.match(/\b\d{3}\.\d{2,3}\.\d{2,3}\b/g) ?? [])])].slice(0, 4);
  const paths = [...new Set(events.map((e) => e.groups.path).filter((p): p is string => !!p))].slice(0, 3);
  const driverText = versions.length ? versions.join(' / ') : m('unknown');
  const why = is804 ? m('fcWhy804', { gpu: g ? ` — ${g.gpu.name} is not one of them` : '' }) : m('fcWhy803', { driver: driverText });
  for (const p of paths) evidence.push({ fact: m('evCompat'), value: p, source: 'pasted' });
  if (versions.length > (ctx.driver?.version ? 1 : 0)) evidence.push({ fact: m('evVersionsNamed'), value: versions.join(', '), source: 'pasted' });
  const fit = is804 ? 2 : has(events, 'system-driver-mismatch') ? (paths.length ? 1.8 : 1) : 0.6;
  return { fit, finding: finding('forward-compat-shadowing', 'error', m('fcTitle'), m('fcCause', { why }), evidence, [
    'ldconfig -p | grep libcuda.so.1', 'echo $LD_LIBRARY_PATH', '# remove /usr/local/cuda/compat (and cuda-*/compat) from LD_LIBRARY_PATH / ld.so.conf.d, or: sudo apt-get remove cuda-compat-*',
    ...paths.map((p) => `rm ${p}*   # ${m('fcRemovePath')}`),
    ...(compatPkg ? [`dpkg -l | grep cuda-compat; sudo apt-get remove -y ${compatPkg}   # ${m('fcRemovePkg', { cuda: imageCuda ?? '' })}`] : []),
  ]) };
};

// ---- driver state ---------------------------------------------------------------------------------------

const driverLibraryMismatch: Explainer = (ctx, events) => {
  const d = ctx.snapshot.driver;
  const client = d.version?.value;
  const kernel = d.kernelModule?.value;
  const evidence = [...lineEvidence(events)];
  if (client) evidence.push({ fact: 'user-space driver', value: client, source: d.version!.source });
  if (kernel) evidence.push({ fact: 'kernel module', value: kernel, source: d.kernelModule!.source });
  const both = client && kernel && client !== kernel;
  const direct = has(events, 'driver-library-mismatch', 'nvrm-api-mismatch', 'tf-kernel-dso-mismatch');
  const branch = versionParts(client ?? kernel ?? '')[0];
  return { fit: both ? 2 : direct ? 1.5 : 0.8, finding: finding('driver-library-mismatch', 'error', both ? m('dlmTitle', { kernel: kernel!, client: client! }) : m('dlmTitleGeneric'), m('dlmCause'), evidence, [
    'cat /proc/driver/nvidia/version', 'ls -l $(ldconfig -p | grep -o "/.*libnvidia-ml.so.1")   # the libnvidia-ml.so.1 that loads: a stale link to the old driver\'s library also gives this error',
    'sudo reboot', '# or, with no process on the GPU: sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia',
    `# ${m('dlmHold')}`, `sudo apt-mark hold ${branch ? `nvidia-driver-${branch}` : 'nvidia-driver-<branch>'} 'libnvidia-*'`,
  ]) };
};

const driverNotLoaded: Explainer = (ctx, events) => {
  if (inWsl(ctx)) return undefined;
  // The machine's GPU is another vendor's: there is no NVIDIA driver to load (no-gpu says so). WSL 1 has no GPU at all
  // (the wsl finding says so; WSL 1 is not flagged as WSL in the facts because /usr/lib/wsl/lib does not exist there).
  if ((has(ctx.events, 'amd-gpu') && !ctx.gpus.length) || has(ctx.events, 'wsl1')) return undefined;
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx)];
  if (has(events, 'system-not-initialized')) {
    const v = ctx.driver?.version;
    return { fit: 1.8, finding: finding('driver-not-loaded', 'error', m('dnlTitle'), m('dnlFabric', { driver: v ? ` (${v})` : '' }), evidence, [
      'systemctl status nvidia-fabricmanager', `sudo apt-get install -y nvidia-fabricmanager-${versionParts(v ?? '')[0] ?? '<branch>'}${v ? `=${v}-*` : ''}`, 'sudo systemctl enable --now nvidia-fabricmanager',
    ]) };
  }
  if (has(events, 'nvrm-bar')) {
    return { fit: 2, finding: finding('driver-not-loaded', 'error', m('dnlBarTitle'), m('dnlBarCause'), evidence, [
      '# BIOS: enable "Above 4G Decoding" (and Resizable BAR if offered), disable CSM',
      '# or let Linux reassign the bridge windows: add pci=realloc to the kernel command line (GRUB_CMDLINE_LINUX_DEFAULT), then sudo update-grub',
      'sudo lspci -vv -s <bus:dev.fn> | grep -i region   # the GPU\'s BARs after the change', 'sudo reboot',
    ]) };
  }
  const unsupported = first(events, 'nvrm-gpu-unsupported');
  if (unsupported) {
    const drv = unsupported.groups.driver ?? ctx.driver?.version ?? '?';
    evidence.push({ fact: m('evDriver'), value: drv, source: 'pasted:dmesg' });
    return { fit: 2, finding: finding('driver-not-loaded', 'error', m('dnlUnsupportedTitle', { driver: drv }), m('dnlUnsupportedCause', { driver: drv }), evidence, [
      'lspci -nn | grep -i nvidia   # the PCI ID (10de:xxxx) of the GPU', '# look the PCI ID up in the README appendix A of the driver you install (https://www.nvidia.com/Download/index.aspx)',
      '# a GPU newer than the driver: install a newer branch (ubuntu-drivers devices lists the right one); an old GPU: its legacy branch (e.g. 470, 390, 340)',
      'sudo ubuntu-drivers devices', 'sudo apt-get install -y nvidia-driver-<branch>', 'sudo reboot',
    ]) };
  }
  if (has(events, 'cuda-unknown-error')) {
    return { fit: 1.2, finding: finding('driver-not-loaded', 'error', m('dnlTitle'), m('dnlUvm'), evidence, ['sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm', 'nvidia-smi']) };
  }
  const secure = ctx.snapshot.os.secureBoot?.value === 'enabled' || has(ctx.events, 'key-rejected', 'lockdown');
  const nouveau = ctx.snapshot.os.nouveau?.loaded?.value === true || has(ctx.events, 'nouveau');
  const direct = has(events, 'smi-failed', 'torch-no-driver', 'modprobe-no-nvidia', 'smi-not-found', 'nvidia-kmod-missing', 'akmods-failed');
  if (has(events, 'nvidia-kmod-missing', 'akmods-failed')) {
    return { fit: secure || nouveau ? 0.7 : 1.3, finding: finding('driver-not-loaded', 'error', m('dnlTitle'), m('kmodMissingCause'), evidence, [
      'uname -r; rpm -q kernel-devel akmod-nvidia', 'sudo dnf install -y kernel-devel-$(uname -r)', 'sudo akmods --force && sudo dracut --force', 'mokutil --sb-state', 'sudo reboot', 'modinfo -F version nvidia',
    ]) };
  }
  // The kernel the module is missing for (modprobe's /lib/modules/<release>, dkms, uname) and the driver named.
  const kernel = events.map((e) => e.groups.kernel).find(Boolean) ?? ctx.snapshot.os.kernel?.value ?? undefined;
  const drv = events.map((e) => e.groups.driver).find(Boolean) ?? ctx.driver?.version;
  if (kernel) evidence.push({ fact: m('evKernel'), value: kernel, source: ctx.snapshot.os.kernel?.source ?? 'pasted' });
  if (drv) evidence.push({ fact: m('evDriver'), value: drv, source: ctx.driver?.source ?? 'pasted' });
  const k = kernel ?? '$(uname -r)';
  // Inside a container nvidia-smi fails when the runtime did not pass the GPU in; no-gpu carries that fix.
  const inContainer = has(ctx.events, 'container-context') && !moduleEventOf(events);
  const moduleEvent = has(events, 'modprobe-no-nvidia', 'dkms-error', 'kernel-module-prose', 'version-magic');
  const cause = moduleEvent ? m('dnlModuleCause', { kernel: kernel ?? m('dnlRunningKernel'), driver: drv ? ` ${drv}` : '' }) : m('dnlCause');
  return { fit: inContainer ? 0.5 : secure || nouveau ? 0.7 : direct || moduleEvent ? 1.4 : 0.8, finding: finding('driver-not-loaded', 'error', m('dnlTitle'), cause, evidence, [
    `# ${m('dnlCheck')}`, 'sudo dmesg | grep -iE "nvidia|nvrm|nouveau|secure|lockdown"', 'dkms status', `ls /lib/modules/${k}/updates/dkms/ 2>/dev/null   # nvidia.ko* built for this kernel?`,
    `sudo apt-get install -y linux-headers-${k}   # Fedora: kernel-devel-${k}; Arch: linux-headers + nvidia-dkms for a custom kernel`,
    drv && /^\d{3}\.\d/.test(drv) ? `sudo dkms install nvidia/${drv} -k ${k}` : 'sudo dkms autoinstall', 'sudo modprobe nvidia', 'nvidia-smi',
  ]) };
};

function moduleEventOf(events: ErrorEvent[]): boolean {
  return has(events, 'modprobe-no-nvidia', 'dkms-error', 'kernel-module-prose', 'version-magic', 'nvrm-gpu-unsupported', 'nvrm-bar');
}

const secureBoot: Explainer = (ctx, events) => {
  if (inWsl(ctx)) return undefined;
  const off = ctx.snapshot.os.secureBoot?.value === 'disabled';
  const refused = first(ctx.events, 'modprobe-not-permitted');
  const hard = has(ctx.events, 'key-rejected', 'lockdown', 'required-key') || ctx.snapshot.os.secureBoot?.value === 'enabled' || (!!refused && /not permitted|rejected/i.test(refused.groups.why ?? ''));
  // A module missing or refusing to load right after an install, with nothing else said: Secure Boot is the usual suspect.
  const likely = !off && has(events, 'nvidia-kmod-missing', 'installer-kmod-load-failed', 'akmods-failed', 'modprobe-not-permitted');
  if (!hard && !likely && !has(events, 'smi-failed', 'module-verification-failed')) return undefined;
  if (off) return undefined;
  const evidence = lineEvidence(events);
  const sb = ctx.snapshot.os.secureBoot;
  if (sb?.value) evidence.push({ fact: 'Secure Boot', value: sb.value, source: sb.source });
  return { fit: hard ? 2 : likely ? 1.5 : 0.3, finding: finding('secure-boot', hard || likely ? 'error' : 'info', m('sbTitle'), hard ? m('sbCause') : likely ? m('sbCauseLikely') : m('sbCause'), evidence, [
    'mokutil --sb-state', `# ${m('sbEnroll')}`, 'sudo mokutil --import /var/lib/shim-signed/mok/MOK.der', 'sudo reboot',
  ]) };
};

const nouveau: Explainer = (ctx, events) => {
  if (inWsl(ctx)) return undefined;
  const bound = first(ctx.events, 'nvrm-already-bound')?.groups.owner;
  if (bound) {
    const nova = /nova/i.test(bound);
    const mods = nova ? ['nova_core', 'nova_drm'] : ['nouveau'];
    return { fit: 2, finding: finding('nouveau', 'error', m('nvBoundTitle', { owner: bound }), m(nova ? 'nvNovaCause' : 'nvCause', { owner: bound }), lineEvidence(ctx.events.filter((e) => e.signature === 'nvrm-already-bound')), [
      `printf '${mods.map((x) => `blacklist ${x}\\n`).join('')}options nouveau modeset=0\\n' | sudo tee /etc/modprobe.d/blacklist-${nova ? 'nova' : 'nouveau'}.conf`,
      'sudo update-initramfs -u   # Fedora: sudo dracut --force', 'sudo reboot', 'lsmod | grep -E "nouveau|nova|nvidia"',
    ]) };
  }
  const loaded = ctx.snapshot.os.nouveau?.loaded?.value === true || has(ctx.events, 'nouveau');
  const noDevice = /No such device/i.test(first(events, 'modprobe-not-permitted')?.groups.why ?? '');
  const suspect = has(events, 'installer-kmod-load-failed') || noDevice;
  if (!loaded && !suspect) return undefined;
  return { fit: loaded || noDevice ? 1.6 : 0.9, finding: finding('nouveau', 'error', m('nvTitle'), m('nvCause'), lineEvidence(events), [
    'echo -e "blacklist nouveau\\noptions nouveau modeset=0" | sudo tee /etc/modprobe.d/blacklist-nouveau.conf', 'sudo update-initramfs -u', 'sudo reboot',
  ]) };
};

const noGpu: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events)];
  const cvd = ctx.snapshot.env.CUDA_VISIBLE_DEVICES;
  const cvdText = cvd !== undefined ? ` (=${cvd || '""'})` : '';
  if (cvd !== undefined) evidence.push({ fact: 'CUDA_VISIBLE_DEVICES', value: cvd, source: 'pasted' });
  // WSL 1 has no GPU at all: the WSL finding carries the fix.
  if (has(ctx.events, 'wsl1')) return undefined;
  if (has(ctx.events, 'amd-gpu')) {
    const amd = first(ctx.events, 'amd-gpu')?.groups.gpu ?? 'AMD';
    return { fit: 2, finding: finding('no-gpu', 'error', m('ngAmdTitle', { gpu: amd }), m('ngAmdCause', { gpu: amd }), evidence, [
      'lspci | grep -iE "vga|3d"   # which GPU the machine has',
      'pip install torch --index-url https://download.pytorch.org/whl/rocm6.2   # AMD: the ROCm build of torch (Linux, supported Radeon/Instinct GPUs)',
      '# CUDA-only code (CUDA kernels, bitsandbytes, GPTQ/AWQ kernels) needs an NVIDIA GPU: run it on one, or on the CPU',
    ]) };
  }
  if (has(ctx.events, 'singularity-no-nv')) {
    return { fit: 1.8, finding: finding('no-gpu', 'error', m('ngSingularityTitle'), m('ngSingularityCause'), evidence, [
      'singularity exec --nv image.sif nvidia-smi   # apptainer: same --nv flag; it binds the host driver libraries and /dev/nvidia*',
      'singularity exec --nv image.sif ls -l /.singularity.d/libs/   # libcuda.so.1 from the host must be listed',
    ]) };
  }
  if (has(events, 'invalid-device-ordinal')) {
    const n = ctx.gpus.length || ctx.snapshot.gpus.length;
    return { fit: 1.6, finding: finding('no-gpu', 'error', m('ngOrdinalTitle'), m('ngOrdinalCause', { count: n ? ` (${n})` : '', cvd: cvdText }), evidence, [
      'nvidia-smi -L', 'echo $CUDA_VISIBLE_DEVICES', 'python -c "import torch; print(torch.cuda.device_count())"', '# use cuda:0 … cuda:N-1; with torchrun, one process per visible GPU (--nproc_per_node = device_count)',
    ]) };
  }
  if (has(events, 'docker-no-gpu-driver')) {
    return { fit: 2, finding: finding('no-gpu', 'error', m('ngDockerTitle'), m('ngDockerCause'), evidence, [
      'sudo apt-get install -y nvidia-container-toolkit', 'sudo nvidia-ctk runtime configure --runtime=docker', 'sudo systemctl restart docker', 'docker run --rm --gpus all ubuntu nvidia-smi',
    ]) };
  }
  if (has(ctx.events, 'smi-not-found', 'cuda-not-available', 'torch-no-driver', 'smi-failed') && has(ctx.events, 'container-context') && !has(ctx.events, 'nvml-not-loadable', 'libnvidia-ml-missing')) {
    return { fit: 1.8, finding: finding('no-gpu', 'error', m('ngContainerTitle'), m('ngContainerCause', { driver: ctx.driver?.version ? ` (${ctx.driver.version})` : '' }), evidence, [
      'docker run --gpus all …   # or in compose: deploy.resources.reservations.devices: [{driver: nvidia, count: all, capabilities: [gpu]}]',
      '# Docker before 19.03: nvidia-docker run … (nvidia-docker2) or docker run --runtime=nvidia …',
      'sudo apt-get install -y nvidia-container-toolkit && sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker',
      'docker run --rm --gpus all ubuntu nvidia-smi   # must list the GPU',
    ]) };
  }
  if (has(events, 'nvml-not-loadable', 'libnvidia-ml-missing') && has(ctx.events, 'container-context')) {
    return { fit: 2, finding: finding('no-gpu', 'error', m('ngRuntimeTitle'), m('ngRuntimeCause'), evidence, [
      'sudo nvidia-ctk runtime configure --runtime=docker --set-as-default   # writes "default-runtime": "nvidia" to /etc/docker/daemon.json',
      'sudo systemctl restart docker', 'docker run --rm --gpus all ubuntu nvidia-smi',
      '# Kubernetes with containerd: sudo nvidia-ctk runtime configure --runtime=containerd --set-as-default && sudo systemctl restart containerd',
    ]) };
  }
  if (has(events, 'nvml-unknown-error')) {
    return { fit: 1.2, finding: finding('no-gpu', 'error', m('ngTitle'), m('ngNvmlCause'), evidence, [
      'docker restart <container>', '# lasting fix: sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml and run with --device nvidia.com/gpu=all, or set no-cgroups / use cgroupfs',
    ]) };
  }
  return { fit: cvd !== undefined ? 1.5 : 1, finding: finding('no-gpu', 'error', m('ngTitle'), m('ngCause', { cvd: cvdText }), evidence, [
    'nvidia-smi -L', 'echo $CUDA_VISIBLE_DEVICES', '# docker: docker run --gpus all …  (needs the NVIDIA Container Toolkit)',
  ]) };
};

// ---- memory, NCCL, WSL, hardware --------------------------------------------------------------------------

const GIB: Record<string, number> = { KiB: 1 / 1024 / 1024, MiB: 1 / 1024, GiB: 1, TiB: 1024 };
function gib(s: string | undefined): number | undefined {
  const r = s ? /^(\d+(?:\.\d+)?) ([KMGT]iB)$/.exec(s) : null;
  return r ? Number(r[1]) * (GIB[r[2]!] ?? 1) : undefined;
}
const fmt = (g: number) => (g >= 1 ? `${g.toFixed(2)} GiB` : `${(g * 1024).toFixed(0)} MiB`);

const outOfMemory: Explainer = (ctx, events) => {
  const e = first(events, 'torch-oom');
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx)];
  if (!e && has(events, 'dataloader-shm')) {
    return { fit: 1.8, finding: finding('out-of-memory', 'error', m('oomShmTitle'), m('oomShmCause'), evidence, [
      'df -h /dev/shm', 'docker run --shm-size=16g …   # or --ipc=host', '# Kubernetes: hostIPC: true, or an emptyDir with medium: Memory mounted at /dev/shm',
      '# or fewer DataLoader workers: DataLoader(..., num_workers=0)',
    ]) };
  }
  if (!e) {
    // nvidia-smi / gpustat show the memory already taken by others: that is the answer.
    const held = gpuMemoryHeld(ctx, events);
    if (held) return held;
    const cudnn = has(events, 'cudnn-status-error', 'dnn-library-not-found') && !has(events, 'cuda-oom-generic');
    return { fit: cudnn ? 0.9 : 1.2, finding: finding('out-of-memory', 'error', m('oomTitle', { where: '' }), cudnn ? m('oomCudnn') + ' ' + m('oomGeneric') : m('oomGeneric'), evidence, [
      'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv', 'export XLA_PYTHON_CLIENT_PREALLOCATE=false   # JAX', 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
    ]) };
  }
  const g = e.groups;
  // Several OOM lines (a retry, a second attempt): every size asked for, largest first.
  const sizes = [...new Set(events.filter((x) => x.signature === 'torch-oom').map((x) => x.groups.tried).filter((x): x is string => !!x))].sort((a, b) => (gib(b) ?? 0) - (gib(a) ?? 0));
  if (sizes.length > 1) evidence.push({ fact: m('evOomSizes'), value: sizes.join(', '), source: 'pasted:error message' });
  const tried = gib(g.tried), total = gib(g.total), alloc = gib(g.allocated), reserved = gib(g.reserved), free = gib(g.free), unalloc = gib(g.unallocated);
  const res = reserved ?? (alloc !== undefined && unalloc !== undefined ? alloc + unalloc : undefined);
  const numbers = m('oomNumbers', { tried: g.tried ?? '?', total: g.total ?? '?', allocated: g.allocated ?? '?', reserved: res !== undefined ? fmt(res) : '?', free: g.free ?? '?' });
  const verdicts: string[] = [];
  const fix: string[] = [];
  const others = total !== undefined && res !== undefined && free !== undefined ? total - res - free : undefined;
  if (others !== undefined && total !== undefined && others > Math.max(0.15 * total, 1)) {
    verdicts.push(m('oomOthers', { others: fmt(others), procs: g.processes ? `: ${g.processes.replace(/,/g, ', ')}` : '' }));
    fix.push('nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv', '# stop the other process, or choose a free GPU with CUDA_VISIBLE_DEVICES');
  }
  const slack = res !== undefined && alloc !== undefined ? res - alloc : undefined;
  if (slack !== undefined && res !== undefined && tried !== undefined && slack > Math.max(0.1 * res, tried)) {
    verdicts.push(m('oomFrag', { slack: fmt(slack) }));
    fix.push('export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
  }
  if (!verdicts.length && alloc !== undefined && total !== undefined) {
    verdicts.push(m('oomModel', { allocated: fmt(alloc), total: fmt(total) }));
    fix.push('# batch size ↓, torch.autocast("cuda", dtype=torch.bfloat16), torch.utils.checkpoint', 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
  }
  if (!verdicts.length) {
    verdicts.push(m('oomGeneric'));
    fix.push('nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv');
  }
  return { fit: 1.8, finding: finding('out-of-memory', 'error', m('oomTitle', { where: g.gpu ? ` (GPU ${g.gpu})` : '' }), m('oomCause', { numbers, verdict: verdicts.join(' ') }), evidence, fix) };
};

const ncclFailure: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events)];
  const nccl = ctx.snapshot.libraries.find((l) => l.name === 'nccl')?.version?.value ?? ctx.env?.packages.find((p) => /^nvidia-nccl/.test(p.name))?.version;
  const text = events.map((e) => e.text).join('\n');
  let what: string;
  let fix: string[];
  let fit = 1.3;
  // A bare "SHM" (e.g. "NCCL_SHM_DISABLE", "don't disable SHM") is not /dev/shm running out.
  if (has(events, 'nccl-shm', 'dataloader-shm', 'bus-error') || /\/dev\/shm|shm[-_ ]?size|shared memory[^\n]{0,40}(?:too small|full|No space|insufficient)|No space left on device|共享内存/i.test(text)) {
    what = m('ncShm');
    fix = ['df -h /dev/shm', 'docker run --shm-size=16g …   # or --ipc=host', '# Kubernetes: mount an emptyDir with medium: Memory at /dev/shm'];
    fit = 1.8;
  } else if (has(events, 'gpudirect-rdma')) {
    what = m('ncGdr');
    fix = [
      'sudo lspci -vvv | grep -i acsctl   # "SrcValid+" on a PCIe switch port = ACS on: GPUDirect RDMA traffic is sent to the root complex',
      'sudo setpci -s <bridge bus:dev.fn> ECAP_ACS+0x6.w=0000   # disable ACS on each PCIe switch port (until reboot), or in the BIOS',
      'NCCL_NET_GDR_LEVEL=LOC <your command>   # to confirm: no GPUDirect RDMA (slower)',
      'lsmod | grep -E "nv_peer_mem|nvidia_peermem"',
    ];
    fit = 1.6;
  } else if (p2pHang(events, text)) {
    // P2P over PCIe (a P2P/IPC transport, GPUs behind a switch, or NCCL_P2P_DISABLE=1 as the workaround) and a hang or timeout.
    what = m('ncAcs');
    evidence.push({ fact: 'PCIe', value: 'P2P over a PCIe switch (PIX/PXB) + hang', source: 'pasted' });
    fix = [
      'nvidia-smi topo -m   # PIX/PXB = through a PCIe switch',
      'sudo lspci -vvv | grep -i acsctl   # "SrcValid+" on a bridge = ACS is on',
      'sudo setpci -s <bridge bus:dev.fn> ECAP_ACS+0x6.w=0000   # disable ACS on each PCIe switch port (until reboot), or turn ACS / IOMMU off in the BIOS',
      '# IOMMU (VT-d / AMD-Vi) on forces P2P through the root complex too: boot with intel_iommu=off or amd_iommu=off (or iommu=pt), or turn off VT-d/IOMMU in the BIOS',
      'NCCL_P2P_DISABLE=1 <your command>   # workaround: works, but slower (no P2P)',
      '# then re-test: all_reduce_perf -b 8 -e 256M -f 2 -g <ngpus>   (nccl-tests)',
    ];
    fit = 1.7;
  } else if (has(events, 'nccl-p2p', 'nccl-cuda-error')) {
    what = m('ncP2p');
    fix = ['nvidia-smi topo -m', 'NCCL_P2P_DISABLE=1 <your command>   # to confirm', 'sudo lspci -vvv | grep -i acsctl   # ACS on bridges blocks P2P: disable ACS or IOMMU (iommu=pt)'];
  } else if (has(events, 'nccl-socket')) {
    what = m('ncSocket');
    fix = ['ip -br addr', 'export NCCL_SOCKET_IFNAME=eth0   # the interface the ranks share', 'export NCCL_DEBUG=INFO'];
  } else if (has(events, 'nccl-net-error') || /NET\/IB|ibv_|socket_ifname|connection (?:refused|reset|timed out)/i.test(text)) {
    what = m('ncNet');
    fix = ['ip -br addr   # the interface each node reaches the others on (not lo, not docker0)', 'export NCCL_SOCKET_IFNAME=eth0   # or a list: eno1,eth0 — a prefix with ^ excludes: ^lo,docker0', 'export NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET'];
    if (/NET\/IB|ibv_|infiniband|mlx5/i.test(text)) fix.push('export NCCL_IB_DISABLE=1   # no working InfiniBand/RoCE: use sockets');
    fix.push('# firewall: the ranks connect to each other on random ports — allow them between the nodes');
    fit = 1.6;
  } else if (has(events, 'nccl-system-error')) {
    what = m('ncSystem');
    fix = ['export NCCL_DEBUG=INFO   # rerun: the WARN line names the failing call', 'df -h /dev/shm   # docker: --shm-size=16g or --ipc=host', 'ip -br addr', 'export NCCL_SOCKET_IFNAME=eth0   # multi-node: the interface the nodes share (not lo)'];
  } else if (has(events, 'nccl-timeout')) {
    what = m('ncTimeout');
    fix = ['export NCCL_DEBUG=INFO', 'nvidia-smi topo -m', 'NCCL_P2P_DISABLE=1 <your command>   # to test'];
    fit = 1;
  } else {
    what = m('ncGeneric');
    fix = ['export NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,ENV   # rerun: the WARN line names the failing call', 'df -h /dev/shm   # docker: --shm-size=16g or --ipc=host'];
  }
  return { fit, finding: finding('nccl-failure', 'error', m('ncTitle', { what: what.replace(/\.$/, '') }), m('ncCause', { version: nccl ?? '', what }), evidence, fix) };
};

// ---- mixed-package-managers --------------------------------------------------------------------------------

const mixedManagers: Explainer = (ctx, events) => {
  const userSite = first(events, 'user-site-path');
  if (userSite?.groups.pkg && (has(ctx.events, 'conda-env-mention') || /conda|envs\//i.test(ctx.events.map((e) => e.text).join(' ')) || ctx.env?.packages.some((p) => p.installer === 'conda'))) {
    const vars = { pkg: userSite.groups.pkg };
    const libs = ctx.facts.missingLibraries.slice(0, 2).map((f) => ({ fact: m('evMissing'), value: f.value, source: f.source }));
    return { fit: 1.6, finding: finding('mixed-package-managers', 'error', m('mixUserTitle', vars), m('mixUserCause', vars), [...lineEvidence(events), ...libs], [
      'python -c "import site; print(site.ENABLE_USER_SITE, site.getusersitepackages())"',
      `pip uninstall ${vars.pkg}   # run outside the environment: removes the ~/.local copy (or: rm -rf ~/.local/lib/python3.*/site-packages/${vars.pkg}*)`,
      'export PYTHONNOUSERSITE=1   # or put it in the environment\'s activation script: conda env config vars set PYTHONNOUSERSITE=1',
    ]) };
  }
  const reps = events.filter((e) => e.signature === 'pip-replaces-framework');
  const conda = has(ctx.events, 'conda-env-mention') || ctx.env?.packages.some((p) => p.installer === 'conda') === true;
  // pip installed one torch and a conda package brought another: two torch versions named, both managers at work.
  const versions = ctx.facts.torchVersions.map((v) => v.value);
  if (!reps.length && conda && versions.length > 1 && has(ctx.events, 'pip-install-torch', 'pip-requirements')) {
    const vars = { versions: versions.join(', ') };
    return { fit: 1.5, finding: finding('mixed-package-managers', 'error', m('mixTwoTitle', vars), m('mixTwoCause', vars), [...lineEvidence(events), { fact: m('evTorchVersions'), value: vars.versions, source: 'pasted' }], [
      'conda list | grep -iE "^(pytorch|torch) "   # channel "pypi" = pip; anything else = conda', 'pip list 2>/dev/null | grep -iE "^torch "',
      'pip uninstall -y torch; conda remove --force pytorch   # then one manager only:',
      '# conda install <package> --no-deps (keep pip\'s torch), or install everything from one manager',
    ]) };
  }
  if (!reps.length || !conda) return undefined;
  const pkg = (reps.map((e) => e.groups.pkg ?? e.groups.pkg2).find(Boolean) ?? 'torch').toLowerCase().replace(/^pytorch$/, 'torch');
  const old = reps.map((e) => e.groups.version ?? e.groups.version2).find(Boolean);
  const now = pkg === 'torch' && ctx.torch && ctx.torch.version !== '?' ? ctx.torch.pkg.version : undefined;
  const vars = { pkg, old: old ?? '', now: now ?? '' };
  const evidence = [...lineEvidence(events)];
  if (now) evidence.push({ fact: m('evTorch'), value: now, source: ctx.torch!.pkg.location });
  const condaName = pkg === 'torch' ? 'pytorch' : pkg;
  return { fit: 2, finding: finding('mixed-package-managers', 'error', m(old ? 'mixPipTitle' : 'mixPipTitleNoVer', vars), m(now ? 'mixPipCauseNow' : 'mixPipCause', vars), evidence, [
    'conda list | grep -iE "torch|tensorflow|cuda|pypi"   # rows with channel "pypi" were installed by pip',
    `pip uninstall -y ${pkg}${pkg === 'torch' ? ' torchvision torchaudio' : ''}`,
    `conda install --force-reinstall ${condaName}${old ? `==${old}` : ''}   # back to the conda build (add the channels of your environment.yml)`,
    `# then install the rest without letting pip touch ${pkg}: remove it from requirements.txt, or pip install --no-deps -r requirements.txt`,
    'pip check',
  ]) };
};

/** A P2P path over PCIe and a hang/timeout (or P2P off as the workaround): the ACS pattern (NCCL troubleshooting, "PCI Access Control Services"). */
function p2pHang(events: ErrorEvent[], text: string): boolean {
  const p2p = has(events, 'nccl-p2p-transport', 'gpu-topo-pcie-switch', 'p2p-cannot-access') || /P2P\/(?:IPC|CUMEM)|NCCL_P2P_DISABLE|CANNOT Access Peer|\bPHB\b|\bPIX\b|\bPXB\b/i.test(text);
  const hang = has(events, 'multi-gpu-hang', 'nccl-timeout') || /NCCL_P2P_DISABLE\s{0,2}=\s{0,2}1/i.test(text);
  return p2p && hang && !has(events, 'nccl-shm', 'nccl-net-error', 'nccl-socket');
}

const wsl: Explainer = (ctx, events) => {
  const isWsl = inWsl(ctx) || has(events, 'wsl-libcuda-symlink', 'wsl-dxg', 'wsl-container-mount', 'wsl-dxcore', 'wsl-no-adapters', 'wsl1');
  if (!isWsl) return undefined;
  if (has(ctx.events, 'wsl1')) {
    return { fit: 2, finding: finding('wsl', 'error', m('wslOneTitle'), m('wslOneCause'), lineEvidence(ctx.events.filter((e) => e.signature === 'wsl1' || signatureById(e.signature)?.causes.some((c) => c.code === 'no-gpu' || c.code === 'driver-not-loaded'))), [
      'wsl -l -v   # PowerShell: the VERSION column must say 2', 'wsl --set-version <distro> 2', 'wsl --update', '/usr/lib/wsl/lib/nvidia-smi   # inside WSL 2, after the conversion',
    ]) };
  }
  const evidence = [...lineEvidence(events)];
  const os = ctx.snapshot.os.wsl;
  if (os?.value) evidence.push({ fact: m('evWsl'), value: 'yes', source: os.source });
  const ld = ctx.snapshot.env.LD_LIBRARY_PATH;
  if (ld) evidence.push({ fact: 'LD_LIBRARY_PATH', value: ld, source: 'pasted' });
  // What broke: the driver cannot be reached (nvidia-smi / NVML), the container runtime finds no WSL libraries, or a harmless ldconfig warning.
  const driverSymptom = has(events, 'smi-device-handle-unknown', 'smi-failed', 'nvml-not-loadable', 'libnvidia-ml-missing', 'smi-not-found', 'driver-insufficient', 'driver-library-mismatch', 'cuda-init-device-count');
  const direct = has(events, 'wsl-dxg', 'wsl-container-mount', 'wsl-dxcore', 'wsl-no-adapters');
  const loader = has(events, 'libcuda-dlopen') || ctx.facts.missingLibraries.some((f) => /^lib(cuda|nvidia-ml)\.so/.test(f.value));
  const tcc = has(events, 'smi-device-handle-unknown');
  const cause = (tcc ? m('wslTcc') + ' ' : '') + (direct ? m('wslCauseRuntime') : driverSymptom ? m('wslCauseDriver') : loader ? m('wslCauseLoader') : m('wslCause'));
  const fit = direct ? 1.8 : driverSymptom || loader ? 2 : has(events, 'wsl-libcuda-symlink') ? 1.2 : 0.8;
  return { fit, finding: finding('wsl', driverSymptom || direct ? 'error' : 'warning', driverSymptom ? m('wslTitleDriver') : m('wslTitle'), cause, evidence, [
    ...(tcc ? ['nvidia-smi -q | findstr /i "Driver Model"   # Windows, admin: TCC or WDDM per GPU', 'nvidia-smi -i <index> -dm 0   # Windows, admin: switch that GPU to WDDM (0 = WDDM, 1 = TCC), then reboot'] : []),
    `# ${m('wslFixWindows')}`,
    'ls -la /usr/lib/wsl/lib/   # libcuda.so*, libnvidia-ml.so.1 and nvidia-smi come from the Windows driver',
    `# ${m('wslFixNoLinuxDriver')}`,
    'dpkg -l | grep -iE "nvidia-(driver|utils|compute)|libnvidia" ; sudo apt-get remove --purge "nvidia-driver-*" "nvidia-utils-*" "libnvidia-compute-*"',
    `# ${m('wslFixLoader')}`,
    'cat /etc/ld.so.conf.d/ld.wsl.conf   # should list /usr/lib/wsl/lib', 'sudo ldconfig', 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH',
    '# PowerShell: wsl --update; wsl --shutdown', '/usr/lib/wsl/lib/nvidia-smi',
  ]) };
};

const pcieDegraded: Explainer = (_ctx, events) => {
  if (!has(events, 'xid-fallen-off-bus')) return undefined;
  return { fit: 1.5, finding: finding('pcie-degraded', 'error', m('hwBusTitle'), m('hwBusCause'), lineEvidence(events), ['nvidia-smi -q -d PCIE,TEMPERATURE,POWER', 'sudo dmesg | grep -i xid']) };
};

const eccErrors: Explainer = (_ctx, events) => {
  const e = first(events, 'xid-ecc');
  if (!e) return undefined;
  const xid = /\b(48|63|64|92|94|95)\b/.exec(e.text)?.[1] ?? '?';
  return { fit: 1.5, finding: finding('ecc-errors', 'error', m('hwEccTitle', { xid }), m('hwEccCause'), lineEvidence(events), ['nvidia-smi -q -d ECC,ROW_REMAPPER', 'sudo nvidia-smi -r   # reset, with no process on the GPU']) };
};

export const EXPLAINERS: Partial<Record<FindingCode, Explainer>> = {
  'arch-unsupported': archUnsupported,
  'driver-too-old': driverTooOld,
  'toolkit-mismatch': toolkitMismatch,
  'cpu-only-build': cpuOnly,
  'library-not-found': libraryNotFound,
  'cudnn-mismatch': cudnnMismatch,
  'framework-cuda-mismatch': frameworkCudaMismatch,
  'library-shadowing': libraryShadowing,
  'forward-compat-shadowing': forwardCompat,
  'driver-library-mismatch': driverLibraryMismatch,
  'driver-not-loaded': driverNotLoaded,
  'secure-boot': secureBoot,
  nouveau,
  'no-gpu': noGpu,
  'out-of-memory': outOfMemory,
  'nccl-failure': ncclFailure,
  wsl,
  'mixed-package-managers': mixedManagers,
  'multiple-toolkits': multipleToolkits,
  'pcie-degraded': pcieDegraded,
  'ecc-errors': eccErrors,
};
