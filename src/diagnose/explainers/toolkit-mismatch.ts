// toolkit-mismatch: the nvcc / CUDA_HOME that builds an extension against the CUDA the framework was built with.
import { firstCudaForCc, smToCc } from '../../knowledge/cuda.js';
import { versionParts } from '../../knowledge/version.js';
import { tagOf } from '../context.js';
import { em as m } from './messages.js';
import { has, first, lineEvidence, gpuEvidence, torchEvidence, pip, finding, safeSupports, type Explainer } from '../explain-helpers.js';

export const toolkitMismatch: Explainer = (ctx, events) => {
  const evidence = [...lineEvidence(events)];
  const nvcc = ctx.snapshot.toolkits.map((t) => t.nvcc?.version?.value ?? t.version?.value).find(Boolean);
  const archEvent = first(events, 'nvcc-unsupported-arch');
  if (archEvent?.groups.arch) {
    const arch = archEvent.groups.arch.replace(/[af]$/, '');
    const cc = smToCc(arch.replace('compute_', 'sm_'));
    const min = firstCudaForCc(cc) ?? '?';
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
