// The driver side: too old for the program's CUDA, not loaded, of another release than its libraries, refused by
// Secure Boot, displaced by nouveau, or not passed into a container; forward-compat libraries in its place.
import { cudaForPtxIsa, cudaRelease } from '../../knowledge/cuda.js';
import { cudaNumber } from '../../parse/framework-logs.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { tensorflowRelease } from '../../knowledge/tensorflow.js';
import { driverSupport } from '../../knowledge/driver-support.js';
import { nvencFloor } from '../../knowledge/data/nvenc.js';
import { driverMaxCuda, floorsFor, tagOf, torchChoice, type ExplainContext } from '../context.js';
import { em as m } from './messages.js';
import type { ErrorEvent } from '../../parse/types.js';
import { has, primary, inWsl, first, lineEvidence, gpuEvidence, driverEvidence, torchEvidence, torchLabel, pip, finding, moduleEventOf, type Explained, type Explainer } from '../explain-helpers.js';

export const driverTooOld: Explainer = (ctx, events) => {
  const t = ctx.torch;
  const d = ctx.driver;
  const max = driverMaxCuda(d);
  const evidence = [...lineEvidence(events), ...torchEvidence(ctx), ...driverEvidence(ctx)];
  // The runtime's name for the error: what users search for.
  if (has(events, 'driver-insufficient')) evidence.push({ fact: m('evCudaError'), value: 'cudaErrorInsufficientDriver (35)', source: 'https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html' });
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
  // NGC containers name the driver release they need ("built for NVIDIA Driver Release 535.86 or later").
  const ngc = first(events, 'ngc-driver-release');
  if (ngc?.groups.floor) {
    const vars = { driver: ngc.groups.driver ?? d?.version ?? m('unknown'), floor: ngc.groups.floor };
    return { fit: 2, finding: finding('driver-too-old', 'error', m('drvTitleFloor', vars), m('drvCauseFloor', vars) + ' ' + m('drvNgc'), evidence, [
      `# ${m('drvUpgrade', { floor: vars.floor })}`, ...upgradeDriver(ctx, vars.floor),
      '# or an older NGC release of the image, built for the driver you have (NGC support matrix: docs.nvidia.com/deeplearning/frameworks/support-matrix/)',
    ]) };
  }
  const ptxasEvent = first(events, 'jax-ptxas-newer');
  // The CUDA the failing program needs, as the message or the facts say; PyPI's default build only as the last guess.
  const wanted = first(events, 'container-requirement-cuda', 'container-requirement-brand', 'cuda-not-supported-by-driver', 'nvidia-docker-unsupported-cuda', 'driver-old-or-missing', 'cudajl-driver-incompatible', 'driver-cuda-expected');
  // "expected at least 11040": CUDA's numeric form.
  if (wanted?.groups.need && !wanted.groups.cuda) wanted.groups.cuda = cudaNumber(wanted.groups.need);
  // A CUDA toolkit named in the paste ("Cuda 7.0", nvcc) is the runtime of a program built from source.
  const toolkit = !t?.cuda && !t?.pypiCuda ? ctx.snapshot.toolkits.map((k) => k.nvcc?.version?.value ?? k.version?.value).find(Boolean) : undefined;
  // Paddle's wheels name their CUDA in the version (1.5.1.post107 = CUDA 10.0): the program's CUDA when torch is absent.
  const paddle = !t ? paddleBuild(ctx) : undefined;
  const isa = first(events, 'ptx-isa-version');
  const isaCuda = isa?.groups.ptx ? cudaForPtxIsa(isa.groups.ptx) : undefined;
  // A CUDA base image named ("built from nvidia/cuda:10.2-devel"): the runtime the program carries.
  const imageCuda = ctx.facts.toolkitMentions.find((x) => x.source === 'pasted:image')?.value;
  // TensorFlow's pip wheels are built for one CUDA each (the TF table): TF 1.5 → CUDA 9.0.
  const tfPkg = !t ? ctx.env?.packages.find((p) => p.name === 'tensorflow' || p.name === 'tensorflow-gpu') : undefined;
  const tfCuda = tfPkg ? tensorflowRelease(tfPkg.version)?.cuda : undefined;
  // Last: a CUDA the paste names that is newer than the driver supports ("I have installed cuda 9.1", driver 384.98).
  const namedAbove = max ? ctx.facts.toolkitMentions.map((x) => x.value).filter((v) => compareVersions(v, max) > 0).sort(compareVersions).at(-1) : undefined;
  const buildCuda = t?.cuda ?? ptxasEvent?.groups.ptxas ?? wanted?.groups.cuda ?? isaCuda ?? paddle?.cuda ?? imageCuda ?? t?.pypiCuda ?? tfCuda ?? (toolkit ? versionParts(toolkit).slice(0, 2).join('.') : undefined) ?? namedAbove;
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
      : tfCuda && buildCuda === tfCuda && tfPkg
        ? `${tfPkg.name} ${tfPkg.version} (CUDA ${tfCuda})`
      : ptxasEvent?.groups.ptxas
        ? `ptxas ${buildCuda}`
        : wanted?.groups.cuda
          ? (wanted.signature === 'container-requirement-cuda' || wanted.signature === 'container-requirement-brand' || wanted.signature === 'nvidia-docker-unsupported-cuda' ? m('drvImage', { cuda: buildCuda }) : wanted.groups.dll ? `${wanted.groups.dll} (CUDA ${buildCuda})` : `CUDA ${buildCuda}`)
          : t?.pypiCuda
            ? m('drvPypi', { version: t?.version ?? '?', tag: tagOf(buildCuda) })
            : m('drvToolkitBuild', { cuda: buildCuda });
    const floor = floors.mvc ?? floors.full ?? '?';
    // Where sources disagree about this release's floor (CUDA 9.1: the table's 390.46, the runfile's 387.26), say so.
    const row = cudaRelease(buildCuda);
    if (row?.note) evidence.push({ fact: m('evCudaRowNote', { cuda: buildCuda }), value: row.note, source: row.source });
    const vars = { build, cuda: buildCuda, full: floors.full ?? '?', mvc: floor, driver: d?.version ?? (max ? `(CUDA ${max})` : m('unknown')), max: max ?? (d?.version ? m('drvBelowTable') : m('unknown')), floor: floors.full ?? floor };
    const fix = [`# ${m('drvUpgrade', { floor: floors.full ?? floor })}`, ...upgradeDriver(ctx, floors.full ?? floor)];
    if (wanted?.signature === 'container-requirement-cuda' || wanted?.signature === 'container-requirement-brand') fix.push(`# ${m('drvImageFix', { max: max ?? m('unknown') })}`, `docker run --gpus all -e NVIDIA_DISABLE_REQUIRE=1 …   # ${m('drvDisableRequire')}`);
    if (wanted?.signature === 'cuda-not-supported-by-driver') fix.push(`# ${m('drvOlderCuda', { max: max ?? m('unknown') })}`);
    if (!t?.cuda && t?.pypiCuda && !ptxasEvent && !wanted) evidence.push({ fact: m('evPypi'), value: `torch ${t.version} → ${tagOf(t.pypiCuda)} (CUDA ${t.pypiCuda})`, source: 'gpuenv torch table (pypiDefault)' });
    if (max && t) {
      const alt = torchChoice(ctx, t.tag ? [t.tag] : undefined).choice;
      if (alt) fix.push(`# ${m('drvOrWheel', { cuda: alt.variant.cuda, tag: alt.variant.tag })}`, pip(`--force-reinstall torch==${alt.release.version} --index-url ${alt.variant.indexUrl}`));
    }
    // The container banner says there is no driver at all: "insufficient" then means absent, not old.
    const fit = has(ctx.events, 'container-no-driver') && !d?.version ? 0.3 : support === 'no' ? 2 : support === 'full' ? 0.3 : support === 'mvc' ? 0.8 : 1.1;
    return { fit, finding: finding('driver-too-old', 'error', m(d?.version || max ? 'drvTitle' : 'drvTitleNoDriver', vars), m('drvCause', vars), evidence, fix) };
  }
  // Without the program's CUDA, a driver-too-old finding stands only on a message that says so itself.
  if (!primary(events, 'driver-too-old')) return undefined;
  if (max) {
    const vars = { driver: d?.version ?? `(CUDA ${max})`, max };
    const fix = [`# ${m('checkNvidiaSmi')}`, 'nvidia-smi', pip(`--force-reinstall torch --index-url https://download.pytorch.org/whl/${tagOf(max)}`)];
    return { fit: 1, finding: finding('driver-too-old', 'error', m('drvTitleUnknown'), m('drvCauseNoBuild', vars), evidence, fix) };
  }
  return { fit: has(ctx.events, 'container-no-driver') ? 0.3 : 0.9, finding: finding('driver-too-old', 'error', m('drvTitleUnknown'), m('drvCauseUnknown'), evidence, [`# ${m('checkNvidiaSmi')}`, 'nvidia-smi', 'python -c "import torch; print(torch.__version__, torch.version.cuda)"']) };
};

/**
 * No message, but the paste names a conda cudatoolkit / pytorch-cuda or an image CUDA newer than the driver runs
 * (cudatoolkit=10.2 with a 418 driver, CUDA 10.1): the driver is too old for it, from the facts alone.
 */
export function driverBelowNamedCuda(ctx: ExplainContext, _events: ErrorEvent[]): Explained | undefined {
  const max = driverMaxCuda(ctx.driver);
  if (!max) return undefined;
  const above = (v: string | undefined) => !!v && compareVersions(v, max) > 0;
  const named = ctx.facts.toolkitMentions.some((t) => (t.source === 'pasted:conda' || t.source === 'pasted:image') && above(t.value));
  if (!named && !above(ctx.torch?.cuda)) return undefined;
  return driverTooOld(ctx, []);
}

/**
 * paddlepaddle-gpu "X.Y.Z.postNNN": the CUDA of the build. Paddle 1.x wrote post{CUDA major}{cuDNN major}
 * (post97 = CUDA 9.0 + cuDNN 7, post107 = CUDA 10.0); 2.x writes post{CUDA major}{minor} (post112 = CUDA 11.2).
 * The convention is read from Paddle's install pages as remembered, not re-checked: unconfirmed.
 */
export function paddleBuild(ctx: ExplainContext): { version: string; cuda: string } | undefined {
  const p = ctx.env?.packages.find((x) => /^paddlepaddle(-gpu)?$/.test(x.name));
  const r = p ? /^(\d+)\.\d+\.\d+(?:rc\d)?\.post(\d{1,2})(\d)$/.exec(p.version) : null;
  if (!p || !r) return undefined;
  return { version: p.version, cuda: Number(r[1]) >= 2 ? `${r[2]}.${r[3]}` : `${r[2]}.0` };
}

export function upgradeDriver(ctx: ExplainContext, floor: string): string[] {
  const branch = versionParts(floor)[0] ?? 0;
  if (ctx.snapshot.os.wsl?.value) return ['# Windows: install the NVIDIA Windows driver >= ' + floor + ' (WSL uses it)'];
  if (ctx.snapshot.os.id?.value === 'windows') return [`# https://www.nvidia.com/Download/index.aspx (>= ${floor})`];
  const id = ctx.snapshot.os.id?.value ?? 'ubuntu';
  if (['rhel', 'rocky', 'almalinux', 'centos', 'fedora'].includes(id)) return [`sudo dnf module install -y nvidia-driver:${branch}-dkms`, 'sudo reboot'];
  return ['sudo apt-get update', `sudo apt-get install -y nvidia-driver-${branch}`, 'sudo reboot'];
}

// ---- toolkit-mismatch -----------------------------------------------------------------------------------

export const forwardCompat: Explainer = (ctx, events) => {
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
  // Only a path in a listing (find, ls, ldconfig -p) and no failure: the library is there, not shown to be in use.
  const failing = is804 || has(events, 'system-driver-mismatch') || has(ctx.events, 'driver-insufficient', 'cuda-init-device-count', 'no-cuda-gpus', 'cuda-unknown-error');
  if (!failing) {
    return { fit: 0.5, finding: finding('forward-compat-shadowing', 'info', m('fcPresentTitle'), m('fcPresentCause'), evidence, [
      'ldconfig -p | grep libcuda.so.1   # the driver\'s own copy must be the one listed first', 'echo $LD_LIBRARY_PATH   # no */compat folder here on GeForce/RTX cards',
    ]) };
  }
  return { fit, finding: finding('forward-compat-shadowing', 'error', m('fcTitle'), m('fcCause', { why }), evidence, [
    'ldconfig -p | grep libcuda.so.1', 'echo $LD_LIBRARY_PATH', '# remove /usr/local/cuda/compat (and cuda-*/compat) from LD_LIBRARY_PATH / ld.so.conf.d, or: sudo apt-get remove cuda-compat-*',
    ...paths.map((p) => `rm ${p}*   # ${m('fcRemovePath')}`),
    ...(compatPkg ? [`dpkg -l | grep cuda-compat; sudo apt-get remove -y ${compatPkg}   # ${m('fcRemovePkg', { cuda: imageCuda ?? '' })}`] : []),
  ]) };
};

// ---- driver state ---------------------------------------------------------------------------------------

export const driverLibraryMismatch: Explainer = (ctx, events) => {
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

export const driverNotLoaded: Explainer = (ctx, events) => {
  if (inWsl(ctx)) return undefined;
  // The machine's GPU is another vendor's: there is no NVIDIA driver to load (no-gpu says so). WSL 1 has no GPU at all
  // (the wsl finding says so; WSL 1 is not flagged as WSL in the facts because /usr/lib/wsl/lib does not exist there).
  if ((has(ctx.events, 'amd-gpu', 'vm-display-adapter') && !ctx.gpus.length) || has(ctx.events, 'wsl1')) return undefined;
  const evidence = [...lineEvidence(events), ...gpuEvidence(ctx)];
  if (has(events, 'modprobe-alias-off')) {
    return { fit: 2, finding: finding('driver-not-loaded', 'error', m('dnlPrimeTitle'), m('dnlPrimeCause'), evidence, [
      'prime-select query', 'grep -rn "alias nvidia off" /lib/modprobe.d/ /etc/modprobe.d/',
      'sudo prime-select on-demand   # or: sudo prime-select nvidia; then reboot', 'sudo reboot',
    ]) };
  }
  if (has(events, 'nvrm-open-no-gsp')) {
    const v = ctx.driver?.version ?? ctx.snapshot.driver.kernelModule?.value;
    const branch = versionParts(v ?? '')[0];
    const g = ctx.gpus[0];
    return { fit: 2, finding: finding('driver-not-loaded', 'error', m('dnlGspTitle'), m('dnlGspCause', { gpu: g ? ` (${g.gpu.name}, ${g.sm})` : '' }), evidence, [
      `sudo apt-get install -y nvidia-driver-${branch ?? '<branch>'}   # Ubuntu: the proprietary module, not nvidia-driver-${branch ?? '<branch>'}-open`,
      '# Fedora/RPM Fusion (akmods): echo "%_with_kmod_nvidia_open 0" | sudo tee /etc/rpm/macros.nvidia-kmod; sudo akmods --rebuild --force',
      '# .run installer: sh NVIDIA-Linux-x86_64-<version>.run --kernel-module-type=proprietary',
      'modinfo nvidia | grep -i license   # "NVIDIA" = proprietary, "Dual MIT/GPL" = open',
    ]) };
  }
  const cc = first(events, 'dkms-cc-mismatch');
  if (cc) {
    const vars = { kernelCc: cc.groups.kernelCc ?? '?', cc: cc.groups.cc ?? '?', kernel: ctx.snapshot.os.kernel?.value ?? m('unknown') };
    return { fit: 2, finding: finding('driver-not-loaded', 'error', m('dnlCcTitle', vars), m('dnlCcCause', vars), evidence, [
      'cat /proc/version   # "gcc version …" = the compiler the kernel was built with', 'gcc --version',
      `# install gcc ${vars.kernelCc} (the kernel's) and rebuild: sudo dkms autoinstall; or update the kernel and gcc together (a full system upgrade), then reboot`,
      '# the .run installer: IGNORE_CC_MISMATCH=1 sh NVIDIA-Linux-*.run   (at your own risk: the module is built with another compiler)',
    ]) };
  }
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

export const secureBoot: Explainer = (ctx, events) => {
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

export const nouveau: Explainer = (ctx, events) => {
  // "probe routine failed" after the open module refused a GPU without a GSP: not nouveau.
  if (inWsl(ctx) || has(ctx.events, 'nvrm-open-no-gsp')) return undefined;
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

export const noGpu: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events)];
  const cvd = ctx.snapshot.env.CUDA_VISIBLE_DEVICES;
  const cvdText = cvd !== undefined ? ` (=${cvd || '""'})` : '';
  if (cvd !== undefined) evidence.push({ fact: 'CUDA_VISIBLE_DEVICES', value: cvd, source: 'pasted' });
  // The driver's own libraries missing (libcuda.so.1, libnvidia-ml.so.1): what a container without the GPU shows.
  for (const f of ctx.facts.missingLibraries.filter((x) => /^lib(?:cuda|nvidia-ml)\.so/.test(x.value)).slice(0, 2)) evidence.push({ fact: m('evMissing'), value: f.value, source: f.source });
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
  const vm = first(ctx.events, 'vm-display-adapter');
  if (vm && !ctx.gpus.length) {
    const adapter = /VMware SVGA(?: II)?|VirtualBox|Hyper-V|QXL|Virtio|Basic Render|Bochs/i.exec(vm.text)?.[0] ?? 'virtual';
    return { fit: 2, finding: finding('no-gpu', 'error', m('ngVmTitle', { adapter }), m('ngVmCause', { adapter }), [...evidence, ...lineEvidence([vm])], [
      'lspci -nn | grep -iE "vga|3d|nvidia"   # an NVIDIA device [10de:…] must be listed inside the VM',
      '# VMware / VirtualBox desktop VMs give the guest an emulated adapter only: run on the host, or use WSL 2 on Windows',
      '# servers: PCI passthrough (vfio-pci, ESXi DirectPath I/O) or NVIDIA vGPU, then the NVIDIA driver inside the guest',
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
    'nvidia-smi -L', 'echo $CUDA_VISIBLE_DEVICES', '# docker: docker run --gpus all …  (needs the NVIDIA Container Toolkit; nvidia-docker run … on old nvidia-docker setups)',
  ]) };
};

// ---- memory, NCCL, WSL, hardware --------------------------------------------------------------------------
